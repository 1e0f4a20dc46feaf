"""Answers written without looking at any image: the floor every score must clear.

A benchmark's number is worth what it takes to earn it. Each strategy here
builds an answer for every item from public information only (the other
items' annotations, the item id, common English nouns) and never from the
item's own golden differences or image. ``benchmarks/blind.py`` scores them
all; the leaderboard shows one of them as the floor, the way vision
benchmarks show a text-only baseline.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from .domain import KINDS, Annotation
from .normalize import parse_name

Answer = dict[str, list[dict[str, str]]]

#: Everyday nouns a guesser might list, in no particular order, from no dataset.
EVERYDAY_NOUNS = """
    cat dog bird car tree house window door chair table lamp book cup mug ball flower
    boat kite sun cloud bench bicycle bus hat bag clock plate bottle fish cake apple
    banana horse cow sheep pig duck chicken fence sign flag person boy girl man woman
    child shirt shoe umbrella tent rock mountain star moon road truck train airplane
    balloon toy bear rabbit sofa picture shelf vase plant pot television phone key
    glasses bowl spoon
""".split()

_THEME = re.compile(r"^[a-z]+_\d+_(?P<theme>[a-z_]+)$")


def theme_of(item_id: str) -> str:
    """What an item id says of its scene ("scene_0003_street" -> "street"), else ""."""
    found = _THEME.match(item_id)
    return found.group("theme") if found else ""


def _subjects(annotations: Sequence[Annotation]) -> list[str]:
    return sorted({d.subject for a in annotations for d in a.differences})


def _heads(annotations: Sequence[Annotation]) -> list[str]:
    heads = {parse_name(d.subject).head for a in annotations for d in a.differences}
    return sorted(h for h in heads if h)


def _each_kind(subjects: Sequence[str]) -> list[dict[str, str]]:
    return [{"kind": kind, "subject": subject} for subject in subjects for kind in KINDS]


def every_subject(annotations: Sequence[Annotation]) -> Answer:
    """Every subject of every item, as each kind of change, for every item."""
    guesses = _each_kind(_subjects(annotations))
    return {a.item_id: guesses for a in annotations}


def every_head_noun(annotations: Sequence[Annotation]) -> Answer:
    """Every head noun of the public annotations, as each kind of change."""
    guesses = _each_kind(_heads(annotations))
    return {a.item_id: guesses for a in annotations}


def top_k_of_theme(annotations: Sequence[Annotation], k: int) -> Answer:
    """The ``k`` most common (kind, subject) pairs of the other items of the same theme.

    Leave-one-out: an item's own differences never inform its guesses. Where
    ids do not name a theme, all other items count.
    """
    answer: Answer = {}
    for item in annotations:
        theme = theme_of(item.item_id)
        pairs = Counter(
            (d.kind, d.subject)
            for other in annotations
            if other.item_id != item.item_id and theme_of(other.item_id) == theme
            for d in other.differences
        )
        ranked = sorted(pairs.items(), key=lambda entry: (-entry[1], entry[0]))[:k]
        answer[item.item_id] = [{"kind": kind, "subject": subject} for (kind, subject), _ in ranked]
    return answer


def vague_noun_lists(annotations: Sequence[Annotation], objects: int = 6) -> Answer:
    """``objects`` vague subjects whose descriptions list everyday nouns.

    Each description starts with a different noun, the strongest form of the
    attack against a rule that reads only what a description is about.
    """
    nouns = EVERYDAY_NOUNS
    guesses = []
    for i in range(objects):
        start = i * len(nouns) // objects
        listed = nouns[start:] + nouns[:start]
        guesses.append(
            {
                "kind": KINDS[i % len(KINDS)],
                "subject": f"object_{i}",
                "description": "The " + ", the ".join(listed) + " changed.",
            }
        )
    return {a.item_id: guesses for a in annotations}


def one_fixed_answer(annotations: Sequence[Annotation]) -> Answer:
    """The single most common (kind, subject) pair of the dataset, for every item."""
    pairs = Counter((d.kind, d.subject) for a in annotations for d in a.differences)
    if not pairs:
        return {a.item_id: [] for a in annotations}
    (kind, subject), _ = min(pairs.items(), key=lambda entry: (-entry[1], entry[0]))
    return {a.item_id: [{"kind": kind, "subject": subject}] for a in annotations}


#: Every strategy, by the name reports and tables use.
STRATEGIES: dict[str, Callable[[Sequence[Annotation]], Answer]] = {
    "every subject x kinds": every_subject,
    "every head noun x kinds": every_head_noun,
    "theme top-6": lambda a: top_k_of_theme(a, 6),
    "theme top-10": lambda a: top_k_of_theme(a, 10),
    "theme top-15": lambda a: top_k_of_theme(a, 15),
    "vague subjects with noun lists": vague_noun_lists,
    "one fixed answer": one_fixed_answer,
}

#: The strategy the leaderboard shows as its floor: the strongest honest-sized guess.
FLOOR_STRATEGY = "theme top-15"


def predictions_document(answer: Answer, model: str) -> dict:
    """A predictions file (``schemas/prediction.schema.json``) for ``answer``."""
    return {
        "schema_version": "1.0",
        "model": model,
        "items": [
            {"item_id": item_id, "differences": answer[item_id]} for item_id in sorted(answer)
        ],
    }
