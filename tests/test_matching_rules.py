"""Matching decisions beyond the shared worked cases, one per rule in relation.py.

Each case is written as a judge would decide it; the comment says which rule
it pins down. Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import assert_judged

from spotdiff_eval.matching import match_item
from spotdiff_eval.records import difference_from_json, gold_difference_from_json

CASES = [
    {
        "name": "compound name, same specific change",  # route part_of_name, corroborated
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "lamp_shade",
                "attribute": "color",
                "from": "red",
                "to": "blue",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "lamp",
                "attribute": "colour",
                "from": "red",
                "to": "blue",
            }
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "compound name, nothing corroborates",  # part_of_name needs more evidence
        "gold": [{"id": "d01", "kind": "object_removed", "subject": "boat_flag"}],
        "predictions": [{"kind": "object_removed", "subject": "boat"}],
        "expected": [None],
    },
    {
        "name": "compound name, object named in the description",
        "gold": [{"id": "d01", "kind": "object_removed", "subject": "boat_flag"}],
        "predictions": [
            {
                "kind": "object_removed",
                "subject": "boat",
                "description": "The small flag on the boat is gone.",
            }
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "a location reference is not the object",  # container route needs a change kind
        "gold": [
            {
                "id": "d01",
                "kind": "object_removed",
                "subject": "dog",
                "description": "The dog next to the tree is missing.",
            }
        ],
        "predictions": [
            {
                "kind": "object_removed",
                "subject": "tree",
                "description": "The tree next to the dog is gone.",
            }
        ],
        "expected": [None],
    },
    {
        "name": "same object, other sort of change",  # change_conflicts veto
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "kite",
                "attribute": "color",
                "from": "yellow",
                "to": "orange",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "kite",
                "attribute": "size",
                "from": "small",
                "to": "large",
            }
        ],
        "expected": [None],
    },
    {
        "name": "attribute named only by its values",
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "car",
                "attribute": "color",
                "from": "red",
                "to": "green",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "automobile",
                "attribute": "appearance",
                "from": "red",
                "to": "green",
            }
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "count change in number words",
        "gold": [
            {
                "id": "d01",
                "kind": "count_change",
                "subject": "tree_apple",
                "attribute": "apples",
                "from": "3",
                "to": "5",
            }
        ],
        "predictions": [
            {"kind": "count_change", "subject": "apples", "from": "three", "to": "five"}
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "a count change to the wrong number",
        "gold": [
            {"id": "d01", "kind": "count_change", "subject": "tree_apple", "from": "3", "to": "5"}
        ],
        "predictions": [{"kind": "count_change", "subject": "apples", "from": 3, "to": 4}],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "three balloons, two golds",  # cardinality first, then closest names
        "gold": [
            {"id": "d01", "kind": "object_added", "subject": "red_balloon"},
            {"id": "d02", "kind": "object_removed", "subject": "blue_balloon"},
        ],
        "predictions": [
            {"kind": "object_removed", "subject": "blue_balloon"},
            {"kind": "object_added", "subject": "green_balloon"},
            {"kind": "object_added", "subject": "red_balloon"},
        ],
        "expected": ["d02", None, "d01"],
        "details_correct": [True, None, True],
    },
    {
        "name": "a part of the gold object with the same specific change",  # route 3, corroborated
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "wall_clock",
                "attribute": "shape",
                "from": "round",
                "to": "square",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "clock_face",
                "attribute": "shape",
                "from": "circular",
                "to": "square",
            }
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "a part of the gold object with another change",
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "wall_clock",
                "attribute": "shape",
                "from": "round",
                "to": "square",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "clock_hand",
                "attribute": "color",
                "from": "black",
                "to": "red",
            }
        ],
        "expected": [None],
    },
    {
        "name": "vague subject, vague description",
        "gold": [{"id": "d01", "kind": "object_removed", "subject": "yellow_kite"}],
        "predictions": [
            {
                "kind": "object_removed",
                "subject": "object_1",
                "description": "Something in the sky is different.",
            }
        ],
        "expected": [None],
    },
    {
        "name": "a removed group with the wrong count",
        "gold": [{"id": "d01", "kind": "object_removed", "subject": "bird", "count": 3}],
        "predictions": [{"kind": "object_removed", "subject": "birds", "count": 2}],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "camelCase and a position word that does not exist in the gold",
        "gold": [{"id": "d01", "kind": "object_added", "subject": "street_lamp"}],
        "predictions": [{"kind": "object_added", "subject": "leftStreetLamps"}],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "unrelated objects with the same change",
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "door",
                "attribute": "color",
                "from": "red",
                "to": "blue",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "roof",
                "attribute": "color",
                "from": "red",
                "to": "blue",
            }
        ],
        "expected": [None],
    },
]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_rule(case: dict) -> None:
    assert_judged(case)


def test_empty_prediction_list_misses_everything() -> None:
    gold = [gold_difference_from_json({"id": "d01", "kind": "object_added", "subject": "cat"})]
    result = match_item(gold, [])
    assert result.matches == () and result.missed == ("d01",) and result.extra == ()


def test_identical_duplicates_report_the_first_as_matched() -> None:
    gold = [gold_difference_from_json({"id": "d01", "kind": "object_added", "subject": "cat"})]
    same = difference_from_json({"kind": "object_added", "subject": "cat"})
    result = match_item(gold, [same, same, same])
    assert [m.prediction_index for m in result.matches] == [0]
    assert result.extra == (1, 2)
