"""Findings: what validation reports, one line each, collected rather than raised.

Unlike the loaders, which stop at the first error, validation collects every
finding it can so a contributor fixes them in one pass. Each finding is one
line ``<file>: <where>: <what>``; an empty list means valid.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..datasets import Dataset, Predictions, WrongKind, read_json, schema_errors, without_nulls
from ..errors import SpotDiffError

#: How many item ids a finding lists before summarising.
MAX_LISTED = 5


class Findings(list[str]):
    """Problems in the order found, each already a one-line message.

    ``warnings`` are worth telling but not wrong: predictions that leave items
    unanswered are valid (those items score as missed) yet rarely intended.
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        self.warnings: list[str] = []

    def add(self, file: object, where: str, what: str) -> None:
        self.append(SpotDiffError(file, where, what).one_line())

    def warn(self, file: object, where: str, what: str) -> None:
        self.warnings.append(SpotDiffError(file, where, what).one_line())

    def sort_naturally(self, first: object = None) -> None:
        """Order problems and warnings by file (``first``, the manifest, leading),
        then place (``/items/2`` before ``/items/10``), then text: the same
        dataset always gives the same listing, whatever order its manifest
        lists the items in."""
        lead = f"{first}: "

        def key(line: str) -> tuple[bool, list[tuple[int, int | str]]]:
            return (not line.startswith(lead), natural_key(line))

        self.sort(key=key)
        self.warnings.sort(key=key)


def natural_key(line: str) -> list[tuple[int, int | str]]:
    """Digits compare as numbers; (0, n) and (1, text) never compare int with str."""
    return [(0, int(part)) if part.isdigit() else (1, part) for part in _DIGITS.split(line)]


_DIGITS = re.compile(r"(\d+)")


def schema_findings(error: SpotDiffError, schema_name: str) -> list[str]:
    """Every schema error of the file ``error`` (the loader's first one) is about.

    Loaders stop at the first error; validation re-reads the file and lists
    them all (bounded, see ``schema_errors``). Errors that are not about the
    schema (JSON syntax, duplicate ids, paths) are returned as they are.
    """
    if not error.where.startswith("/") or isinstance(error, WrongKind):
        return [error.one_line()]
    try:
        data = read_json(Path(error.file))
    except SpotDiffError:
        return [error.one_line()]
    if isinstance(data, dict):  # optional nulls are read as absent: warned of, never errors
        found = schema_errors(without_nulls(data, schema_name), schema_name, error.file)
    else:
        found = None
    return (found.lines(error.file) if found else None) or [error.one_line()]


def listing(ids: list[str]) -> str:
    """The first few ids, then how many more."""
    shown = ", ".join(ids[:MAX_LISTED])
    return shown + (f" and {len(ids) - MAX_LISTED} more" if len(ids) > MAX_LISTED else "")


def unanswered_items(predictions: Predictions, dataset: Dataset) -> list[str]:
    """Dataset item ids, in manifest order, that the predictions do not answer."""
    answered = {p.item_id for p in predictions.items}
    return [item.item_id for item in dataset.items if item.item_id not in answered]


def unanswered_summary(missing: list[str], dataset: Dataset) -> str:
    return f"{len(missing)} of {len(dataset.items)} dataset items not answered"


def review_status_findings(findings: Findings, source: object, status: str | None) -> None:
    if status is not None and status != "approved":
        findings.add(source, "/review_status", f'review status is "{status}", not "approved"')


def unknown_item_findings(predictions: Predictions, dataset: Dataset) -> list[str]:
    """A finding per predicted item the dataset lacks (the first few, then a count)."""
    known = {item.item_id for item in dataset.items}
    unknown = [(i, p.item_id) for i, p in enumerate(predictions.items) if p.item_id not in known]
    findings = Findings()
    for index, item_id in unknown[:MAX_LISTED]:
        findings.add(
            predictions.path,
            f"/items/{index}/item_id",
            f'item "{item_id}" is not in dataset {dataset.name} {dataset.version}',
        )
    if len(unknown) > MAX_LISTED:
        findings.add(predictions.path, "/items", f"{len(unknown) - MAX_LISTED} more unknown items")
    return findings
