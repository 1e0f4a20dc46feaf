"""Matching decisions from red team round 21, each as a careful judge decides it.

Round 21 attacked the matcher of evaluator 2.7.0 for wrong objects it
accepts (what a living thing owns, imitations of a living thing, parts of a
whole counted many to it) and for answers that earn points without looking.
Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import assert_judged
from conftest import attribute_change as _attr
from conftest import one_gold_case as _case


def _blue(subject: str, **extra: object) -> dict:
    return _attr(subject, "color", "red", "blue", **extra)


def _count(subject: str, before: str, after: str) -> dict:
    return {"kind": "count_change", "subject": subject, "from": before, "to": after}


_GIRL_BLUE = _blue("girl", description="The girl's dress changes from red to blue.")

CASES_BELONGINGS = [
    # _parts.WORN_OR_BODY: round 20 made the girl's cat no girl, but what
    # she holds or owns, told with the same change, still found her (route
    # names_gold_in_subject): her kite, balloon or umbrella turning from red
    # to blue was the girl whose dress did. A judge sees another object in
    # the girl's hand, not the girl; a blind answer could turn every
    # "<person>_<thing>" blue and land on the person.
    *(
        _case(f"B1 {subject} is no girl", _GIRL_BLUE, _blue(subject), None)
        for subject in [
            "girl_kite",
            "girl's balloon",
            "girl_umbrella",
            "kite_of_the_girl",
            "girl_bike",
            "girl_ball",
        ]
    ),
    # What she wears, and her body, are the girl: her dress, hat or hair
    # turning blue is how a judge reads "the girl turns blue".
    *(
        _case(f"B1 {subject} is the girl", _GIRL_BLUE, _blue(subject), "d01")
        for subject in ["girl's dress", "girl_hat", "girl_hair", "girl_coat"]
    ),
    # A gold that itself says the kite is found by it, as every mention is.
    _case(
        "B1 girl_kite is the girl whose kite the gold names",
        _blue("girl", description="The girl's kite changes from red to blue."),
        _blue("girl_kite"),
        "d01",
    ),
    _case("B1 dog_collar is the dog", _blue("dog"), _blue("dog_collar"), "d01"),
]


@pytest.mark.parametrize("case", CASES_BELONGINGS, ids=[c["name"] for c in CASES_BELONGINGS])
def test_belongings(case: dict) -> None:
    assert_judged(case)


_APPLES = _count("apple", "3", "5")

CASES_COUNTED_APART = [
    # _parts.COUNTED_APART and _wholes.LIVING: a part counts the wholes
    # only where each whole has one (round 20: apple stems). Seeds, slices
    # and leaves come many to an apple, a core is what is left of an eaten
    # one, and a worm in an apple is a creature of its own: from 3 to 5,
    # each found the apples from 3 to 5 by the numbers alone. A judge
    # counts seeds, cores or worms there.
    *(
        _case(f"N1 {subject} 3->5 is no apples", _APPLES, _count(subject, "3", "5"), None)
        for subject in ["apple_core", "apple_seed", "apple_slice", "apple_leaf", "apple_worm"]
    ),
    _case("N1 apple_stem 3->5 is the apples", _APPLES, _count("apple_stem", "3", "5"), "d01"),
    _case("N1 apples 3->5 are the apples", _APPLES, _count("apples", "3", "5"), "d01"),
]


@pytest.mark.parametrize("case", CASES_COUNTED_APART, ids=[c["name"] for c in CASES_COUNTED_APART])
def test_counted_apart(case: dict) -> None:
    assert_judged(case)
