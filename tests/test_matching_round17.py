"""Matching decisions from red team round 17, each as a careful judge decides it.

Round 17 looked for predictions that name another object than the gold and
are still accepted. Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import assert_judged, removed
from conftest import one_gold_case as _case


def _removed(subject: str, description: str = "") -> dict:
    return removed(subject, description=description)


#: The generator's ice cream, as it writes it.
_ICE_CREAM = {
    "kind": "object_removed",
    "subject": "ice_cream",
    "aliases": ["gelato", "ice_creams", "pink_ice_cream"],
    "description": "The pink ice cream on the counter is missing from the second panel.",
}

CASES = [
    # _normalize.head_of: "cream" is a colour, so "ice_cream" was read as a
    # kind of ice, and plain ice found it.
    *(
        _case(f"C1 {subject} is no ice cream", _ICE_CREAM, _removed(subject), None)
        for subject in ["ice", "crushed_ice", "ice_on_counter"]
    ),
    _case(
        "C1 ice a description is about is no ice cream either",
        _ICE_CREAM,
        _removed("object", "The ice on the counter is gone."),
        None,
    ),
    *(
        _case(f"C1 {subject} is the ice cream", _ICE_CREAM, _removed(subject), "d01")
        for subject in ["ice_cream", "IceCream", "vanilla_ice_cream", "ice_creams", "pink_gelato"]
    ),
    _case(
        "C1 an ice cream a description is about is the ice cream",
        _ICE_CREAM,
        _removed("object", "The ice cream on the counter is gone."),
        "d01",
    ),
    _case(
        "C1 a counter whose ice cream went finds it",
        _ICE_CREAM,
        {
            "kind": "attribute_change",
            "subject": "counter",
            "attribute": "contents",
            "from": "an ice cream",
            "to": "bare",
        },
        "d01",
    ),
    _case(
        "C1 a counter whose ice went does not",
        _ICE_CREAM,
        {
            "kind": "attribute_change",
            "subject": "counter",
            "attribute": "contents",
            "from": "ice",
            "to": "bare",
        },
        None,
    ),
    _case(
        "C1 a colour after a thing is still its colour",
        _removed("balloon", "The balloon on the left is gone."),
        _removed("balloon_cream"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_rule(case: dict) -> None:
    assert_judged(case)


_DOG = _removed("dog", "The brown dog on the left is missing from the second panel.")

CASES_NEGATED = [
    # _lexicon.NAME_NEGATIONS: a name names nothing it denies, however the
    # denial is worded; the rest of the name still names its thing.
    *(
        _case(f"N1 {subject} is not the dog", _DOG, _removed(subject), None)
        for subject in [
            "neither_cat_nor_dog",
            "cat_nor_dog",
            "everything_except_dog",
            "cat_minus_dog",
            "cat_rather_than_dog",
            "cat_unlike_dog",
            "cat_excluding_dog",
        ]
    ),
    *(
        _case(f"N1 {subject} is the dog", _DOG, _removed(subject), "d01")
        for subject in [
            "dog_unlike_cat",
            "dog_except_collar",
            "dog_rather_than_cat",
            "rather_large_dog",  # "rather" alone denies nothing
            "dog_larger_than_cat",
        ]
    ),
    # "than" after a quantity is no denial: the apples and birds are counted.
    _case(
        "N1 more_than_three_apples are the apples",
        {"kind": "count_change", "subject": "apples", "from": "3", "to": "5"},
        {"kind": "count_change", "subject": "more_than_three_apples", "from": "3", "to": "5"},
        "d01",
    ),
    _case(
        "N1 fewer_than_five_birds are the birds",
        {"kind": "count_change", "subject": "birds", "from": "5", "to": "3"},
        {"kind": "count_change", "subject": "fewer_than_five_birds", "from": "5", "to": "3"},
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_NEGATED, ids=[c["name"] for c in CASES_NEGATED])
def test_negated(case: dict) -> None:
    assert_judged(case)


CASES_KINDS = [
    # _lexicon.NOT_A_KIND_OF: two-word names that are no kind of their head,
    # against the generator's own bare subjects.
    *(
        _case(f"K1 {subject} is no {gold}", _removed(gold), _removed(subject), None)
        for subject, gold in [
            ("car_boot", "boot"),
            ("spelling_bee", "bee"),
            ("ice_shelf", "shelf"),
            ("magnifying_glass", "glass"),
            ("eye_glass", "glass"),
        ]
    ),
    *(
        _case(f"K1 {subject} is a {gold}", _removed(gold), _removed(subject), "d01")
        for subject, gold in [
            ("rain_boot", "boot"),
            ("bumble_bee", "bee"),
            ("wall_shelf", "shelf"),
            ("wine_glass", "glass"),
        ]
    ),
]


@pytest.mark.parametrize("case", CASES_KINDS, ids=[c["name"] for c in CASES_KINDS])
def test_kinds(case: dict) -> None:
    assert_judged(case)
