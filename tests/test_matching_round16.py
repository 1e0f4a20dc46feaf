"""Matching decisions from red team round 16, each as a careful judge decides it.

Round 16 wrote answers without looking at any image: each named the floor,
wall or counter every generated description mentions, with two likely
objects attached to it and a third in its description, and found just over
10% of the differences. These cases pin down the narrowed rules, with the
honest answers of the same shape kept. Format as in
shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import assert_judged, removed
from conftest import attribute_change as _attr
from conftest import one_gold_case as _case


def _removed(subject: str, description: str) -> dict:
    return removed(subject, description=description)


_TAMBOURINE = _removed("tambourine", "A red tambourine lying on the floor is gone.")
_GUESS = {
    "kind": "attribute_change",
    "subject": "tambourine_floor_of_cat",
    "attribute": "number",
    "description": "The duck on the floor",
}

CASES = [
    # Route 3 (names_gold_in_subject): the place a golden description puts
    # its object in is no part of it; the prediction must name the object
    # itself outside its subject too.
    _case("R3 a guess attached to the floor is no find", _TAMBOURINE, _GUESS, None),
    _case(
        "R3 a guess after 'of' the floor is no find either",
        _removed("cat", "The sleeping cat on the floor has disappeared."),
        _GUESS,
        None,
    ),
    _case(
        "R3 the sofa under the cat turning black is not the cat doing so",
        {
            **_attr("cat", "color", "orange", "black"),
            "description": "The cat sleeping on the sofa changes from orange to black.",
        },
        {
            **_attr("sofa_under_cat", "color", "gray", "black"),
            "description": "The sofa under the cat is now black.",
        },
        None,
    ),
    _case(
        "R3 the floor whose look brings the tambourine back finds it",
        _TAMBOURINE,
        _attr("tambourine_floor", "pattern", "with a tambourine", "bare"),
        "d01",
    ),
    _case(
        "R3 a part the golden description is about is still found",
        {**_attr("car", "color", "red", "green"), "description": "The car's door turns green."},
        _attr("car_door", "color", "red", "green"),
        "d01",
    ),
    # _normalize._token_words: accents are no letters of their own.
    _case(
        "A1 an accent is the plain letter",
        _removed("cafe_sign", "The cafe sign above the door is gone."),
        _removed("Café_Sign", "The café sign has disappeared."),
        "d01",
    ),
    _case(
        "A1 a tilde is the plain letter too",
        {"kind": "object_added", "subject": "piñata"},
        {"kind": "object_added", "subject": "pinata"},
        "d01",
    ),
    _case(
        "A1 an accented word is still another word",
        _removed("cafe_sign", "The cafe sign above the door is gone."),
        _removed("Caféteria_Tray", "The caféteria tray has disappeared."),
        None,
    ),
    # _lexicon: plurals and spellings an honest answer writes.
    *(
        _case(f"P1 {plural} are {singular}", _removed(singular, ""), _removed(plural, ""), "d01")
        for plural, singular in [
            ("elves", "elf"),
            ("hooves", "hoof"),
            ("dominoes", "domino"),
            ("mosquitoes", "mosquito"),
            ("walruses", "walrus"),
            ("octopuses", "octopus"),
            ("canvases", "canvas"),
            ("axes", "axe"),
            ("walkie_talkies", "walkie_talkie"),
            ("beanies", "beanie"),
            ("plough", "plow"),
            ("ax", "axe"),
        ]
    ),
    _case(
        "P1 a canvas is still no canvas bag's bag",
        _removed("canvas", ""),
        _removed("canvas_bag", ""),
        None,
    ),
    {
        "name": "P2 chequered is checked, and smaller to larger is small to large",
        "gold": [
            {"id": "d01", **_attr("basket", "pattern", "plain", "checked")},
            {"id": "d02", **_attr("microphone", "size", "small", "large")},
        ],
        "predictions": [
            _attr("basket", "pattern", "plain", "chequered"),
            _attr("microphone", "size", "smaller", "larger"),
        ],
        "expected": ["d01", "d02"],
        "details_correct": [True, True],
    },
    {
        "name": "P2 a comparison the other way is still the wrong size",
        "gold": [{"id": "d01", **_attr("microphone", "size", "small", "large")}],
        "predictions": [_attr("microphone", "size", "larger", "smaller")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    # _panels.without_panel_positions: a note of which picture is no
    # part of the name.
    *(
        _case(
            f"N1 '{subject}' is the mug",
            _removed("coffee_mug", "The coffee mug on the left is missing."),
            _removed(subject, ""),
            "d01",
        )
        for subject in ["mug (right image)", "mug (second image)", "mug, right photo"]
    ),
    *(
        _case(
            f"N1 '{subject}' places the mug in no scene",
            _removed("left_mug", "The mug on the left is missing."),
            _removed(subject, ""),
            "d01",
        )
        for subject in ["mug_in_right_hand_image", "mug_in_the_image_on_the_right"]
    ),
    _case(
        "N1 a picture on the right is still no picture on the left",
        _removed("picture_on_left", "The picture on the left wall is gone."),
        _removed("wall_picture_on_the_right", ""),
        None,
    ),
    # _lexicon.NOT_A_KIND_OF and route 2: what makes a head another thing.
    _case(
        "K1 a dog growing is no dog house growing",
        {**_attr("dog_house", "size", "small", "large"), "description": "The dog house grows."},
        {**_attr("dog", "size", "small", "large"), "description": "The dog is bigger."},
        None,
    ),
    _case(
        "K1 a lamp growing is still its shade growing",
        _attr("lamp_shade", "size", "small", "large"),
        _attr("lamp", "size", "small", "large"),
        "d01",
    ),
    *(
        _case(f"K2 a {subject} is no house", _removed("house", ""), _removed(subject, ""), None)
        for subject in ["doll_house", "tree_house"]
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_rule(case: dict) -> None:
    assert_judged(case)
