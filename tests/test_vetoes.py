"""Contradiction vetoes and description reading, beyond the shared worked cases.

Each case is decided as a careful judge would; the comment names the veto or
reading it pins down (``spotdiff_eval/matching/_vetoes.py``, ``lead.lead_words``).
"""

from __future__ import annotations

import pytest
from conftest import assert_judged
from conftest import attribute_change as _changed
from conftest import removed as _removed

from spotdiff_eval.datasets._records import difference_from_json, gold_difference_from_json
from spotdiff_eval.matching._explain import explain_item
from spotdiff_eval.matching._lead import lead_head, lead_words
from spotdiff_eval.matching._match import match_item
from spotdiff_eval.matching._values import values_match

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


_EVERY_COLOR = "red orange yellow green blue purple pink black white gray brown"

#: The red team's cases against scoring 2.0 (issue 9): blind values that
#: agreed with anything, and honest answers a veto refused.
RED_TEAM_CASES = [
    {
        "name": "F4 a value listing every colour agrees with none",  # route and details
        "gold": [
            {"id": "d01", **_changed("small_item", "color", "red", "yellow")},
            {"id": "d02", **_changed("house", "color", "blue", "pink")},
        ],
        "predictions": [
            _changed("object", "color", _EVERY_COLOR, _EVERY_COLOR),
            _changed("house", "color", _EVERY_COLOR, _EVERY_COLOR),
        ],
        "expected": [None, "d02"],
        "details_correct": [None, False],
    },
    {
        "name": "F5 a size on another scale, or a comparative, is the same change",
        "gold": [
            {"id": "d01", **_changed("tree", "size", "large", "small")},
            {"id": "d02", **_changed("white_dog", "size", "large", "small")},
            {"id": "d03", **_changed("sun", "size", "large", "small")},
        ],
        "predictions": [
            _changed("tree", "height", "tall", "short"),
            _changed("white_dog", "size", "normal size", "smaller"),
            _changed("sun", "size", "full size", "reduced"),
        ],
        "expected": ["d01", "d02", "d03"],
        "details_correct": [False, False, False],
    },
    {
        "name": "F6 a colour shade is its basic colour",  # looks_differ with families
        "gold": [
            {"id": "d01", **_removed("lighthouse"), "aliases": ["red_lighthouse"]},
            {"id": "d02", **_removed("gray_cat")},
            {"id": "d03", **_removed("green_mug")},
            {"id": "d04", **_removed("blue_tractor")},
        ],
        "predictions": [
            _removed("maroon_lighthouse"),
            _removed("silver_cat"),
            _removed("teal_mug"),
            _removed("object", description="The navy tractor is gone."),
        ],
        "expected": ["d01", "d02", "d03", "d04"],
        "details_correct": [True, True, True, True],
    },
    {
        "name": "F6 a shade still contradicts another family",
        "gold": [{"id": "d01", **_removed("green_mug")}],
        "predictions": [_removed("crimson_mug")],
        "expected": [None],
    },
    {
        "name": "F6 shades in both values",  # values_disagree with families
        "gold": [
            {"id": "d01", **_changed("fire_hydrant", "color", "red", "yellow")},
            {"id": "d02", **_changed("house", "colour", "blue", "pink")},
        ],
        "predictions": [
            _changed("fire_hydrant", "color", "crimson", "gold"),
            _changed("house", "color", "navy", "magenta"),
        ],
        "expected": ["d01", "d02"],
        "details_correct": [False, False],
    },
    {
        "name": "F7 values differing only in a number make a count",
        "gold": [
            {
                "id": "d01",
                "kind": "count_change",
                "subject": "house_window",
                "from": "2",
                "to": "4",
            },
            {"id": "d02", "kind": "count_change", "subject": "cake_candle", "from": "1", "to": "5"},
        ],
        "predictions": [
            _changed("house", "windows", "2 windows", "4 windows"),
            _changed("cake", "decoration", "one candle", "five candles"),
        ],
        "expected": ["d01", "d02"],
        "details_correct": [False, False],
    },
    {
        "name": "F8 a colour attribute whose value adds a pattern",  # different_change
        "gold": [
            {
                "id": "d01",
                **_changed("cow", "pattern", "plain", "spotted"),
                "aliases": ["white_cow"],
            }
        ],
        "predictions": [_changed("cow", "color", "white", "white with black spots")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "F8 two sorts with no value in common still differ",
        "gold": [{"id": "d01", **_changed("cow", "pattern", "plain", "spotted")}],
        "predictions": [_changed("cow", "color", "white", "brown")],
        "expected": [None],
    },
    {
        "name": "F9 materials and habitats describe; only replicas are another kind",
        "gold": [
            {"id": "d01", "kind": "object_added", "subject": "teddy_bear", "aliases": ["bear"]},
            {"id": "d02", "kind": "object_added", "subject": "kite"},
            {"id": "d03", "kind": "count_change", "subject": "bird", "from": "4", "to": "2"},
            {"id": "d04", "kind": "object_added", "subject": "balloon"},
            {"id": "d05", **_removed("horse")},
        ],
        "predictions": [
            {"kind": "object_added", "subject": "stuffed_bear"},
            {"kind": "object_added", "subject": "paper_kite"},
            {"kind": "count_change", "subject": "sea_birds", "from": "4", "to": "2"},
            {"kind": "object_added", "subject": "hot_air_balloon"},
            _removed("toy_horse"),
        ],
        "expected": ["d01", "d02", "d03", "d04", None],
        "details_correct": [True, True, True, True, None],
    },
    {
        "name": "F15 a position of the panel is no place in the scene",  # place_differs
        "gold": [
            {"id": "d01", **_removed("top_left_balloon"), "aliases": ["balloon"]},
            {"id": "d02", "kind": "object_added", "subject": "left_cat", "aliases": ["cat"]},
        ],
        "predictions": [
            _removed("red_balloon_in_bottom_panel"),
            {"kind": "object_added", "subject": "cat_in_right_image"},
        ],
        "expected": ["d01", "d02"],
        "details_correct": [True, True],
    },
]

CASES += RED_TEAM_CASES


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
        # a list singles none out, not even its first (red team round 20)
        ("The kite, the boat, the dog.", set()),
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


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (_EVERY_COLOR, "red", False),
        (_EVERY_COLOR, _EVERY_COLOR, False),
        ("red and white stripes", "striped", True),
        ("navy blue", "blue", True),
        ("red stripes", "red", False),
        ("red apples", "red", True),
    ],
    ids=[
        "every colour",
        "every colour twice",
        "two colours, one pattern",
        "one family",
        "adds a look",
        "adds a noun",
    ],
)
def test_values_that_list_looks(a: str, b: str, same: bool) -> None:
    assert values_match(a, b) is same
    assert values_match(b, a) is same


@pytest.mark.parametrize(
    ("description", "head"),
    [
        ("The cat dog bird tree book kite boat lamp changed.", "lamp"),
        ("A picture of a dog of a cat of a bird", "picture"),
        ("The number of birds changed.", "bird"),
        ("In the bottom image, a small red sailboat is now on the water.", "sailboat"),
        ("The shelf holds two vases instead of five.", "shelf"),
        ("Several things differ: the kite, the boat and the dog.", None),
        ("Something near the kite changed.", None),
    ],
    ids=["run-on", "depiction", "number of", "opening clause", "verb", "vague list", "vague"],
)
def test_lead_head(description: str, head: str | None) -> None:
    assert lead_head(description) == head


def test_names_several_is_the_reason_reported() -> None:
    gold = [
        gold_difference_from_json({"id": "d01", "kind": "object_added", "subject": "cake_candle"}),
        gold_difference_from_json(
            {"id": "d02", "kind": "object_removed", "subject": "cake_cherry"}
        ),
    ]
    # Takes the cherry away and brings the candles: it fits both golds.
    both = _changed("cake", "decoration", "cherry", "candles")
    predicted = [difference_from_json(both)]
    result = match_item(gold, predicted)
    assert result.matches == ()
    [reason] = result.extra_reasons
    assert (reason.rule, reason.gold_id) == ("names_several", "d01")
    assert "d01" in reason.detail and "d02" in reason.detail
    [explained] = explain_item(gold, predicted)
    assert [(c.gold_id, c.veto) for c in explained.considered] == [
        ("d01", "names_several"),
        ("d02", "names_several"),
    ]
    # Either gold alone is found: the rule is about the set, not the pair.
    assert match_item(gold[:1], predicted).matches[0].gold_id == "d01"
    assert match_item(gold[1:], predicted).matches[0].gold_id == "d02"
