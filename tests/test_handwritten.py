"""The scorer on golds written by hand, as a person annotating a public set writes them.

``tests/data/handwritten-battery.json`` holds 45 golden differences with
free-form subjects ("man_in_red_shirt", "picture_frames_on_wall"), one-sentence
descriptions and no aliases, each with answers a careful judge refuses and
answers that state the change the wrong way round, all written before the
scorer was run on them. Generated data has aliases and
regular names; these do not, and they found rules that refused a gold's own
copy ("three framed pictures" read as counting "framed"). How many honest
paraphrases are accepted is measured, not pinned: ``benchmarks/handwritten.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spotdiff_eval.datasets import difference_from_json, gold_difference_from_json
from spotdiff_eval.matching import match_item

BATTERY = json.loads(
    (Path(__file__).parent / "data" / "handwritten-battery.json").read_text(encoding="utf-8")
)
ITEMS = {item["item_id"]: item["golds"] for item in BATTERY["items"]}


def _golds(item_id: str) -> list:
    return [gold_difference_from_json(entry["gold"]) for entry in ITEMS[item_id]]


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_the_golds_copied_find_themselves(item_id: str) -> None:
    golds = _golds(item_id)
    copies = [
        difference_from_json({k: v for k, v in entry["gold"].items() if k != "id"})
        for entry in ITEMS[item_id]
    ]
    result = match_item(golds, copies)
    assert [(m.prediction_index, m.gold_id) for m in result.matches] == [
        (i, g.id) for i, g in enumerate(golds)
    ]
    assert all(m.details.fully_correct for m in result.matches)


def _answers(sort: str) -> list[tuple[str, str, str, dict]]:
    """(item, gold id, tag, prediction) of every answer of one sort."""
    return [
        (item_id, entry["gold"]["id"], answer["tag"], answer["prediction"])
        for item_id, entries in sorted(ITEMS.items())
        for entry in entries
        for answer in entry[sort]
    ]


def _each(answers: list[tuple[str, str, str, dict]]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(
        ("item_id", "gold_id", "tag", "prediction"),
        answers,
        ids=[f"{item}-{gold}-{tag}" for item, gold, tag, _ in answers],
    )


WRONG, SWAPPED = _answers("wrong"), _answers("swapped")


@_each(WRONG)
def test_a_wrong_answer_never_finds_its_gold(
    item_id: str, gold_id: str, tag: str, prediction: dict
) -> None:
    result = match_item(_golds(item_id), [difference_from_json(prediction)])
    assert gold_id not in [m.gold_id for m in result.matches], tag


@_each(SWAPPED)
def test_a_change_told_the_wrong_way_round_is_found_with_wrong_details(
    item_id: str, gold_id: str, tag: str, prediction: dict
) -> None:
    """Shared cases "added and removed confused", "wrong direction still finds the change"."""
    result = match_item(_golds(item_id), [difference_from_json(prediction)])
    [match] = result.matches
    assert match.gold_id == gold_id, tag
    assert not match.details.fully_correct


def test_the_battery_is_the_size_it_says() -> None:
    assert sum(len(golds) for golds in ITEMS.values()) == 45
    assert len(WRONG) >= 75 and len(SWAPPED) >= 25
