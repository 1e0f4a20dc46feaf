"""Example predictions: what a decent but imperfect vision model answers.

Builds ``predictions/example.json`` from a dataset's annotations, making
the mistakes the matcher has to judge (``tests/data/scoring-cases.json``):
misses, renamed subjects and aliases, wrong kind labels (an addition called
a count change from 0, a removal called an addition, a count change called
an attribute change of the "number of" things), swapped from/to values, a
wrong colour, a vague subject with a clear description, duplicates,
hallucinated extras, and one item left unanswered. Deterministic: each
item's choices come from a ``random.Random`` seeded with its id.

Usage::

    python -m spotdiff_eval.generator.example_answers \\
        --manifest data/manifest.json --output predictions/example.json
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from ..datasets import Annotation, GoldDifference, load_dataset, write_json_atomic
from ..matching import parse_name
from .palette import COLOURS

MODEL = "example-model"
#: The item (0-based, manifest order) the example leaves unanswered.
UNANSWERED_INDEX = 4

#: How a decent model treats a golden difference, with the odds of each.
BEHAVIOURS = (
    ("miss", 42),
    ("exact", 18),
    ("renamed", 12),
    ("wrong_kind", 10),
    ("swapped", 6),
    ("wrong_value", 8),
    ("vague", 3),
    ("duplicate", 3),
)

#: Things models claim to see that no generated scene changes.
HALLUCINATIONS = (
    {"kind": "object_added", "subject": "butterfly", "description": "A small butterfly appears."},
    {
        "kind": "attribute_change",
        "subject": "shadow",
        "attribute": "size",
        "from": "short",
        "to": "long",
    },
    {"kind": "object_removed", "subject": "fence_post"},
    {
        "kind": "attribute_change",
        "subject": "door",
        "attribute": "color",
        "from": "brown",
        "to": "red",
        "description": "The door is painted red.",
    },
    {"kind": "object_added", "subject": "small_stone"},
    {"kind": "count_change", "subject": "leaves", "from": "5", "to": "6"},
    {
        "kind": "attribute_change",
        "subject": "grass",
        "attribute": "color",
        "from": "green",
        "to": "yellow",
    },
)


def restated(gold: GoldDifference) -> dict:
    """The golden difference as a perfect answer states it."""
    answer: dict = {"kind": gold.kind, "subject": gold.subject}
    if gold.attribute:
        answer["attribute"] = gold.attribute
    if gold.from_value is not None:
        answer["from"], answer["to"] = gold.from_value, gold.to_value
    if gold.count is not None:
        answer["count"] = gold.count
    return answer


def camel(subject: str) -> str:
    first, *rest = subject.split("_")
    return first + "".join(word.capitalize() for word in rest)


def renamed(gold: GoldDifference, rng: random.Random) -> dict:
    """Same answer, the model's own name: an alias, camelCase, or kebab-case."""
    answer = restated(gold)
    choices = [camel(gold.subject), gold.subject.replace("_", "-").upper()]
    choices += [a for a in gold.aliases if parse_name(a).head == parse_name(gold.subject).head]
    answer["subject"] = rng.choice(choices)
    if answer.get("attribute") == "color":
        answer["attribute"] = "colour"
    return answer


def wrong_kind(gold: GoldDifference, rng: random.Random) -> dict | None:
    """The change found but labelled as another kind, as models often do."""
    if gold.kind == "object_added":
        n = str(gold.count or 1)
        return {
            "kind": "count_change",
            "subject": gold.subject,
            "from": "0",
            "to": n,
            "description": gold.description,
        }
    if gold.kind == "object_removed":
        return {"kind": "object_added", "subject": gold.subject}
    if gold.kind == "count_change":
        head = parse_name(gold.subject).head or gold.subject
        return {
            "kind": "attribute_change",
            "subject": gold.subject,
            "attribute": f"number_of_{head}s",
            "from": gold.from_value,
            "to": gold.to_value,
        }
    return None


def wrong_value(gold: GoldDifference, rng: random.Random) -> dict | None:
    """The right object and change, a wrong detail: another colour, another number."""
    answer = restated(gold)
    if gold.attribute == "color":
        others = [c for c in COLOURS if c not in (gold.from_value, gold.to_value)]
        answer["to"] = rng.choice(others)
    elif gold.kind == "count_change":
        answer["to"] = str(int(gold.to_value) + rng.choice((-1, 1)) or 2)
    elif gold.kind == "object_added":
        answer["count"] = (gold.count or 1) + 1
    else:
        return None
    return answer


def swapped(gold: GoldDifference, rng: random.Random) -> dict | None:
    if gold.from_value is None:
        return None
    answer = restated(gold)
    answer["from"], answer["to"] = gold.to_value, gold.from_value
    return answer


def vague(gold: GoldDifference, rng: random.Random) -> dict:
    """A placeholder subject, saved by a description that names the thing."""
    answer = restated(gold)
    answer["subject"] = f"object_{rng.randint(1, 9)}"
    answer["description"] = gold.description
    return answer


def answer_item(annotation: Annotation) -> list[dict]:
    rng = random.Random(f"example-answers/{annotation.item_id}")
    names, weights = zip(*BEHAVIOURS, strict=True)
    answers: list[dict] = []
    for gold in sorted(annotation.differences, key=lambda g: g.id):
        behaviour = rng.choices(names, weights)[0]
        if behaviour == "miss":
            continue
        if behaviour == "duplicate":
            answers += [restated(gold), renamed(gold, rng)]
            continue
        make = {
            "exact": lambda g, _: restated(g),
            "renamed": renamed,
            "wrong_kind": wrong_kind,
            "swapped": swapped,
            "wrong_value": wrong_value,
            "vague": vague,
        }[behaviour]
        answers.append(make(gold, rng) or restated(gold))
    for odds in (0.8, 0.3):
        if rng.random() < odds:
            extra = hallucination(annotation, rng, answers)
            if extra is not None:
                answers.append(dict(extra))
    rng.shuffle(answers)
    return answers


def hallucination(annotation: Annotation, rng: random.Random, answers: list[dict]) -> dict | None:
    """An invented change about something no golden difference of the item mentions."""
    mentioned = set()
    for gold in annotation.differences:
        for name in (gold.subject, *gold.aliases):
            mentioned |= parse_name(name).core
    pool = [
        h
        for h in HALLUCINATIONS
        if not parse_name(h["subject"]).core & mentioned and h not in answers
    ]
    return rng.choice(pool) if pool else None


def example_predictions(manifest: Path | str) -> dict:
    dataset = load_dataset(manifest)
    items = [
        {"item_id": annotation.item_id, "differences": answer_item(annotation)}
        for index, annotation in enumerate(dataset.annotations)
        if index != UNANSWERED_INDEX
    ]
    return {"schema_version": "1.0", "model": MODEL, "items": items}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--manifest", type=Path, default=Path("data/manifest.json"))
    parser.add_argument("--output", type=Path, default=Path("predictions/example.json"))
    args = parser.parse_args(argv)
    write_json_atomic(args.output, example_predictions(args.manifest))
    print(f"Example predictions written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
