"""Annotations that are schema-valid JSON but say nothing a model could find.

The schema checks each field alone; these checks read a difference as a
whole, with the words the scorer reads (``matching.words``: case, snake or
camel case, punctuation and number words normalised), so that what the
checks call equal is what the scorer would call equal. Added in red team
round 19: a count change from 3 to 3, a colour change from "Red" to "red ",
a difference listed twice, a subject of punctuation only, and ids that
differ only in case all passed ``validate``; each is a question with no
right answer, or one whose answer scores twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..datasets import Annotation, GoldDifference, id_clashes
from ..matching import words
from ._findings import Findings


def annotation_findings(findings: Findings, source: Path, annotation: Annotation) -> None:
    """Add a finding for every difference no answer could be right about."""
    seen: dict[tuple[Any, ...], int] = {}
    for index, diff in enumerate(annotation.differences):
        where = f"/differences/{index}"
        problem = _difference_problem(diff)
        if problem:
            findings.add(source, where + problem[0], problem[1])
        uncounted = _uncounted(diff)
        if uncounted:
            findings.warn(
                source,
                f"{where}/{uncounted[0]}",
                f'count_change {uncounted[0]} "{uncounted[1]}" states no number; answers\' '
                "counts cannot be checked against it",
            )
        same = _identity(diff)
        if same in seen:
            findings.warn(
                source,
                where,
                f"difference {diff.id} repeats difference "
                f"{annotation.differences[seen[same]].id} (/differences/{seen[same]}): "
                "one change listed twice can be found only once",
            )
        else:
            seen[same] = index
    case_clashes(findings, source, [d.id for d in annotation.differences], "/differences", "id")


def _difference_problem(diff: GoldDifference) -> tuple[str, str] | None:
    """(place under the difference, what is wrong), or None."""
    if not any(words(name) for name in (diff.subject, *diff.aliases)):
        return "/subject", (
            f'subject "{diff.subject}" is empty once normalised (no letters or digits); '
            "no answer can match it by name"
        )
    if diff.kind in ("attribute_change", "count_change") and _same_value(diff):
        change = "count" if diff.kind == "count_change" else "value"
        return "", (
            f'{diff.kind} from "{diff.from_value}" to "{diff.to_value}" does not change: '
            f"the {change} is the same in both panels"
        )
    return None


def _same_value(diff: GoldDifference) -> bool:
    """Both values given and equal as the scorer reads them ("3", 3.0 and "three" alike)."""
    if diff.from_value is None or diff.to_value is None:
        return False
    return words(diff.from_value) == words(diff.to_value)


def _uncounted(diff: GoldDifference) -> tuple[str, str] | None:
    """(field, value) of a count change's value with no number in it ("many")."""
    if diff.kind != "count_change":
        return None
    for field, value in (("from", diff.from_value), ("to", diff.to_value)):
        if value is not None and not any(w.isdigit() for w in words(value)):
            return field, value
    return None


def _identity(diff: GoldDifference) -> tuple[Any, ...]:
    """What makes two differences the same question, read as the scorer reads it.

    The description and box count: without boxes (as published), two birds
    added in two places differ only by what their descriptions say. A
    repeat is a warning: the item still scores, its recall capped by one.
    """

    def read(text: str | None) -> tuple[str, ...] | None:
        return words(text) if text is not None else None

    return (
        diff.kind,
        words(diff.subject),
        read(diff.attribute),
        read(diff.from_value),
        read(diff.to_value),
        diff.count,
        diff.bbox,
        read(diff.description),
    )


def case_clashes(
    findings: Findings, source: object, ids: Sequence[str], pointer: str, key: str
) -> None:
    """Every id that differs from an earlier one only in case or Unicode normalization
    (``datasets.id_clashes``, the rule the scorer's loader applies too)."""
    for where, what in id_clashes(ids, pointer, key):
        findings.add(source, where, what)
