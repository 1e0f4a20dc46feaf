"""Matching decisions from red team round 20, each as a careful judge decides it.

Round 20 looked again for answers that earn points without looking and
wrong objects the matcher accepts, on the bundled set, fresh generated sets
and the hand-written battery. Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import assert_judged, removed
from conftest import attribute_change as _attr
from conftest import count_change as _count
from conftest import one_gold_case as _case

_CAT_GONE = removed("cat", description="The black cat on the sofa is missing.")


def _vague(description: str) -> dict:
    return removed("object", description=description)


CASES_LISTS = [
    # _lead._lists: a vague subject whose description lists objects, by
    # commas, "and" or question marks, named the first of them (route
    # described), so a blind answer of six vague subjects, each listing the
    # everyday nouns from another start, found 9.9% of the bundled set. A
    # judge reads "The cat, the dog or the bird is gone" as a guess at three
    # objects: it singles none out, so it finds none (DESIGN §4).
    *(
        _case(f"L1 '{text}' is no cat", _CAT_GONE, _vague(text), None)
        for text in [
            "The cat, dog, bird, lamp, tree.",
            "The cat, the dog or the bird is gone.",
            "The cat, the dog, the bird changed.",
            "The cat and the dog are gone.",
            "Cat? Dog? Bird?",
            "One of the cat, the dog is gone.",
            "In the second panel, the cat, the lamp and the vase changed.",
        ]
    ),
    # What follows the lead phrase in a clause of its own still says more
    # of the same object: a place, looks, a relative clause, a hedge
    # between changes. A judge reads each as the cat.
    *(
        _case(f"L1 '{text}' is the cat", _CAT_GONE, _vague(text), "d01")
        for text in [
            "The cat, on the sofa, is gone.",
            "The cat, black and white, is gone.",
            "The cat, which sat on the sofa, is gone.",
            "The cat is gone, and the sofa is empty.",
            "The black cat is missing from the sofa.",
        ]
    ),
]


@pytest.mark.parametrize("case", CASES_LISTS, ids=[c["name"] for c in CASES_LISTS])
def test_lists(case: dict) -> None:
    assert_judged(case)


CASES_HEDGES_ACROSS_CLAUSES = [
    # _lead._offers_another: "or" after the lead's own clause, before
    # another object, hedges between objects as "The cat or the dog is
    # gone" does (round 19). Read by its first clause, "Either the cat is
    # gone, or the lamp" named the cat: a guess at two objects in one answer.
    *(
        _case(f"H2 '{text}' is no cat", _CAT_GONE, _vague(text), None)
        for text in [
            "Either the cat is gone, or the lamp.",
            "The cat is gone, or maybe the dog.",
            "The cat is gone, or the dog is.",
            "The cat is gone; or the dog.",
            "The cat is gone. Or the dog.",
        ]
    ),
    # An "or" before a change, or a pronoun for the same object, offers no
    # other object: the cat was seen, its fate is what is doubted.
    *(
        _case(f"H2 '{text}' is the cat", _CAT_GONE, _vague(text), "d01")
        for text in [
            "The cat is gone, or hidden behind the sofa.",
            "The cat is gone, or it moved behind the lamp.",
            "The cat is missing or moved.",
        ]
    ),
]


@pytest.mark.parametrize(
    "case", CASES_HEDGES_ACROSS_CLAUSES, ids=[c["name"] for c in CASES_HEDGES_ACROSS_CLAUSES]
)
def test_hedges_across_clauses(case: dict) -> None:
    assert_judged(case)


CASES_LIKENESS = [
    # _normalize._compares, _lead._about and the verbs of resembling: what
    # a thing is compared with, resembles or is dressed as is not what it
    # is. Each of these was accepted as the removed cat (same_object or
    # described), though a judge reads a dog, or, for "something like a
    # cat", a thing the answer does not name.
    *(
        _case(f"C1 {subject} is no cat", _CAT_GONE, removed(subject), None)
        for subject in [
            "dog_like_a_cat",
            "dog_resembling_cat",
            "dog_dressed_as_cat",
            "dog_disguised_as_a_cat",
            "something_like_a_cat",
        ]
    ),
    *(
        _case(f"C1 '{text}' is no cat", _CAT_GONE, _vague(text), None)
        for text in [
            "A dog like a cat is gone.",
            "A dog resembling a cat is gone.",
            "A dog dressed as a cat is gone.",
            "Something like a cat is gone.",
        ]
    ),
    # A comparison after the cat's own clause, a comparison that opens the
    # description, and a "like" with no article (a suffix, "cat-like") say
    # nothing against the cat.
    *(
        _case(f"C1 '{text}' is the cat", _CAT_GONE, _vague(text), "d01")
        for text in [
            "The cat is gone, like the lamp.",
            "Like the lamp, the cat is gone.",
            "A cat dressed in a red sweater is gone.",
        ]
    ),
    _case("C1 cat_like_a_statue is the cat", _CAT_GONE, removed("cat_like_a_statue"), "d01"),
]


@pytest.mark.parametrize("case", CASES_LIKENESS, ids=[c["name"] for c in CASES_LIKENESS])
def test_likeness(case: dict) -> None:
    assert_judged(case)


def _blue(subject: str) -> dict:
    return _attr(subject, "color", "red", "blue")


_CAR_BLUE = _attr(
    "car", "color", "red", "blue", description="The car on the street changes from red to blue."
)

CASES_USED_AT_OR_BY = [
    # _relation (names_gold_in_subject, part_of_name) and USED_AT_OR_BY:
    # where a thing is kept or served and who uses it are no part of it.
    # The same change said of them found the car (the car's door would:
    # painting the car paints its door), and the car found them. A judge
    # reads a car park, a car wash or a driver turning blue as another
    # object than the car turning blue.
    *(
        _case(f"U1 {subject} is no car", _CAR_BLUE, _blue(subject), None)
        for subject in ["car_park", "car_wash", "car_driver", "driver_of_car", "car_garage"]
    ),
    *(
        _case(f"U1 {gold['subject']} is no {pred['subject']}", gold, pred, None)
        for gold, pred in [
            (_blue("car_park"), _blue("car")),
            (_blue("bus_stop"), _blue("bus")),
            (_count("horse_rider", "2", "3"), _count("horse", "2", "3")),
            (_blue("dog_walker"), _blue("dog")),
        ]
    ),
    # A part of the car, told with the same change, is still the car.
    *(
        _case(f"U1 {subject} is the car", _CAR_BLUE, _blue(subject), "d01")
        for subject in ["car_door", "car_body", "car_roof"]
    ),
]


@pytest.mark.parametrize("case", CASES_USED_AT_OR_BY, ids=[c["name"] for c in CASES_USED_AT_OR_BY])
def test_used_at_or_by(case: dict) -> None:
    assert_judged(case)


_APPLES = _count("apple", "3", "5")

CASES_GROWN_ON_OR_MADE_FROM = [
    # NOT_ITS_PART: what grows a thing, is made from it or carries it in
    # bulk counts other things. Apple trees, pies, juice or crates from 3 to
    # 5 found the apples from 3 to 5 by the same numbers (route
    # names_gold_in_subject); a judge counts trees, pies and crates there.
    *(
        _case(f"G1 {subject} 3->5 is no apples", _APPLES, _count(subject, "3", "5"), None)
        for subject in ["apple_tree", "apple_pie", "apple_juice", "apple_crate", "apple_cart"]
    ),
    _case("G1 apples 3->5 are no apple_tree", _count("apple_tree", "3", "5"), _APPLES, None),
    # A part of each apple counted with both numbers still counts the
    # apples (as book spines count books, ``test_matching_rules`` F3).
    _case("G1 apple_stem 3->5 is the apples", _APPLES, _count("apple_stem", "3", "5"), "d01"),
]


@pytest.mark.parametrize(
    "case", CASES_GROWN_ON_OR_MADE_FROM, ids=[c["name"] for c in CASES_GROWN_ON_OR_MADE_FROM]
)
def test_grown_on_or_made_from(case: dict) -> None:
    assert_judged(case)


_GIRL_BLUE = _attr(
    "girl", "color", "red", "blue", description="The girl's dress changes from red to blue."
)

CASES_LIVING = [
    # _wholes.LIVING: a person or an animal is a whole of its own, never a
    # part of the thing named before it. The girl's cat, dog or friend
    # turning from red to blue found the girl whose dress did, by the same
    # change alone (route names_gold_in_subject); a judge sees another
    # object. What she wears still is the girl (her dress is the change).
    *(
        _case(f"P1 {subject} is no girl", _GIRL_BLUE, _blue(subject), None)
        for subject in ["girl's cat", "girl_dog", "cat_of_the_girl", "girl_friend", "girl_mother"]
    ),
    _case("P1 tree_bird is no tree", _blue("tree"), _blue("tree_bird"), None),
    # And the other way round, what is named before a living thing is not
    # it: a "cat-kitchen" (a kitchen, by its last word) turning blue found
    # the kitchen cat turning blue by the same change (route part_of_name),
    # as the house is no house cat. "cat" and "cats_in_kitchen" still are.
    _case("P1 house is no house_cat", _blue("house_cat"), _blue("house"), None),
    _case("P1 cat-kitchen is no kitchen_cat", _blue("kitchen_cat"), _blue("cat-kitchen"), None),
    _case("P1 cat is the kitchen_cat", _blue("kitchen_cat"), _blue("cat"), "d01"),
    _case(
        "P1 cats_in_kitchen is the kitchen_cat",
        _blue("kitchen_cat"),
        _blue("cats_in_kitchen"),
        "d01",
    ),
    *(
        _case(f"P1 {subject} is the girl", _GIRL_BLUE, _blue(subject), "d01")
        for subject in ["girl's dress", "girl_dress", "girl"]
    ),
]


@pytest.mark.parametrize("case", CASES_LIVING, ids=[c["name"] for c in CASES_LIVING])
def test_living(case: dict) -> None:
    assert_judged(case)
