"""Contradiction vetoes and description reading, beyond the shared worked cases.

Each case is decided as a careful judge would; the comment names the veto or
reading it pins down (``spotdiff_eval/vetoes.py``, ``lead.lead_words``).
"""

from __future__ import annotations

import pytest
from conftest import assert_judged

from spotdiff_eval.lead import lead_words
from spotdiff_eval.matching import match_item
from spotdiff_eval.normalize import values_match
from spotdiff_eval.records import difference_from_json, gold_difference_from_json


def _removed(subject: str, **extra: object) -> dict:
    return {"kind": "object_removed", "subject": subject, **extra}


CASES = [
    {
        "name": "a hot dog is no dog",  # another_kind: a word that makes it no such thing
        "gold": [{"id": "d01", **_removed("dog")}],
        "predictions": [_removed("hot_dog")],
        "expected": [None],
    },
    {
        "name": "a toy car is no car, unless the gold says toy",
        "gold": [{"id": "d01", **_removed("car")}, {"id": "d02", **_removed("toy_truck")}],
        "predictions": [_removed("toy_car"), _removed("toy_truck")],
        "expected": [None, "d02"],
    },
    {
        "name": "an alias with a kind word does not narrow the gold",  # bare subject
        "gold": [{"id": "d01", **_removed("ball"), "aliases": ["toy_ball", "beach_ball"]}],
        "predictions": [_removed("ball")],
        "expected": ["d01"],
    },
    {
        "name": "a kind word the gold lacks is no contradiction",  # pine_tree for tree
        "gold": [{"id": "d01", **_removed("tree")}],
        "predictions": [_removed("pine_tree")],
        "expected": ["d01"],
    },
    {
        "name": "left is not right for a removal",  # place_differs, nothing corroborates
        "gold": [{"id": "d01", **_removed("left_tree")}],
        "predictions": [_removed("right_tree")],
        "expected": [None],
    },
    {
        "name": "a size in the name contradicts the other size",  # looks_differ, size
        "gold": [{"id": "d01", **_removed("small_dog")}],
        "predictions": [_removed("big_dog"), _removed("dog")],
        "expected": [None, "d01"],
    },
    {
        "name": "a size change explains both sizes",
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "small_cloud",
                "attribute": "size",
                "from": "small",
                "to": "large",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "big_cloud",
                "attribute": "size",
                "from": "small",
                "to": "big",
            }
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "the description's colour counts when it is about the object",
        "gold": [{"id": "d01", **_removed("cat"), "description": "The gray cat is gone."}],
        "predictions": [_removed("cat", description="A black cat near the gray sofa is gone.")],
        "expected": [None],
    },
    {
        "name": "a colour of a neighbour in the description is no contradiction",
        "gold": [{"id": "d01", **_removed("cat"), "description": "The cat is gone."}],
        "predictions": [_removed("cat", description="The cat on the blue rug is gone.")],
        "expected": ["d01"],
    },
    {
        "name": "a lead phrase after an opening about panels",  # lead_words skips it
        "gold": [{"id": "d01", **_removed("yellow_kite")}],
        "predictions": [_removed("object_1", description="In the second panel, the kite is gone.")],
        "expected": ["d01"],
    },
    {
        "name": "a count against a change of unknown sort",  # different_change
        "gold": [
            {
                "id": "d01",
                "kind": "count_change",
                "subject": "window",
                "from": "4",
                "to": "2",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "window",
                "attribute": "glass",
                "from": "clear",
                "to": "frosted",
            }
        ],
        "expected": [None],
    },
    {
        "name": "a vague gold and another change",  # same_change needs every value
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "small_item",
                "attribute": "color",
                "from": "red",
                "to": "yellow",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "cup",
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


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("no stripes", "striped", False),
        ("without handle", "handle", False),
        ("no stripes", "not striped", True),
        ("striped", "stripes", True),
        ("dark blue", "blue", True),
    ],
    ids=["negated", "without", "both negated", "plural", "contained"],
)
def test_negation_in_values(a: str, b: str, same: bool) -> None:
    assert values_match(a, b) is same
    assert values_match(b, a) is same


@pytest.mark.parametrize(
    ("description", "about"),
    [
        ("The yellow kite flying in the sky is gone.", {"kite", "yellow"}),
        ("Several things differ: the kite, the boat and the dog.", set()),
        ("Something near the kite changed.", set()),
        ("In the second panel, the boat is missing.", {"boat"}),
        ("The kite, the boat, the dog.", {"kite"}),
    ],
    ids=["subject", "list after a vague clause", "vague subject", "panel opening", "bare list"],
)
def test_lead_words(description: str, about: set[str]) -> None:
    words = lead_words(description)
    assert about <= words
    assert not ({"kite", "boat", "dog"} - about) & words


def test_every_extra_says_why() -> None:
    gold = [
        gold_difference_from_json({"id": "d01", **_removed("gray_cat")}),
        gold_difference_from_json({"id": "d02", "kind": "object_added", "subject": "kite"}),
    ]
    predicted = [
        difference_from_json(_removed("black_cat")),
        difference_from_json({"kind": "object_added", "subject": "kite"}),
        difference_from_json({"kind": "object_added", "subject": "kite_in_sky"}),
        difference_from_json(_removed("submarine")),
    ]
    result = match_item(gold, predicted)
    reasons = dict(zip(result.extra, result.extra_reasons, strict=True))
    assert set(reasons) == {0, 2, 3}
    assert (reasons[0].rule, reasons[0].gold_id) == ("looks_differ", "d01")
    assert "black" in reasons[0].detail and "gray" in reasons[0].detail
    assert (reasons[2].rule, reasons[2].gold_id) == ("closer_match_taken", "d02")
    assert (reasons[3].rule, reasons[3].gold_id) == ("no_candidate", None)
