"""Matching decisions from red team round 18, each as a careful judge decides it.

Round 18 looked for honest answers the matcher refuses and wrong objects it
accepts, measured on the bundled set, fresh generated sets and the
hand-written battery. Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import added, assert_judged, removed
from conftest import attribute_change as _attr
from conftest import one_gold_case as _case

from spotdiff_eval.matching._values import exchanged

_BANANA = added("banana_in_fruit_bowl", description="A banana has been added to the fruit bowl.")
_PEAR = removed("pear", description="A pear is gone from the fruit bowl.")
_APPLE = added("apple", description="An apple is added to the fruit bowl.")


def _bowl(before: str, after: str, subject: str = "fruit_bowl") -> dict:
    return _attr(subject, "contents", before, after)


CASES_LISTS = [
    # _values._one_item_apart: a list of contents that gains or loses one
    # item, the rest kept, brings or takes that item. Read by first phrases
    # both sides were about the apples, and the honest fruit bowl was refused.
    _case(
        "L1 a bowl's list gaining a banana finds the banana added",
        _BANANA,
        _bowl("apples and pears", "apples, pears and a banana"),
        "d01",
        details=False,
    ),
    _case(
        "L1 a bowl's list losing a pear finds the pear removed",
        _PEAR,
        _bowl("apples and pears", "apples"),
        "d01",
        details=False,
    ),
    _case(
        "L1 the same list with counts finds the banana too",
        _BANANA,
        _bowl("2 apples and a pear", "2 apples, a pear and a banana", subject="bowl"),
        "d01",
    ),
    _case(
        "L1 a list losing the banana is no banana added",
        _BANANA,
        _bowl("apples, pears and a banana", "apples and pears"),
        None,
    ),
    _case(
        "L1 a list gaining a pear is no banana added",
        _BANANA,
        _bowl("apples", "apples and pears"),
        None,
    ),
    _case(
        "L1 a list gaining a pear is no pear removed",
        _PEAR,
        _bowl("apples", "apples and pears"),
        None,
    ),
    _case(
        "L1 the apples kept in a list are no apple added",
        _APPLE,
        _bowl("apples and pears", "apples, pears and a banana"),
        None,
    ),
    # Two items or more gained or lost name none, and the kept ones neither.
    _case(
        "L1 a list gaining two items is no banana added",
        _BANANA,
        _bowl("apples", "apples, pears and a banana"),
        None,
    ),
    _case(
        "L1 a list gaining two items is no apple added either",
        _APPLE,
        _bowl("apples", "apples, pears and a banana"),
        None,
    ),
    _case(
        "L1 a list trading items keeps its apples",
        _APPLE,
        _bowl("apples and pears and plums", "apples, plums and a banana"),
        None,
    ),
]


@pytest.mark.parametrize("case", CASES_LISTS, ids=[c["name"] for c in CASES_LISTS])
def test_lists(case: dict) -> None:
    assert_judged(case)


@pytest.mark.parametrize(
    ("before", "after", "taken", "brought"),
    [
        ("apples and pears", "apples, pears and a banana", set(), {"banana"}),
        ("apples and pears", "apples", {"pear"}, set()),
        ("apples", "apples, pears and a banana", set(), set()),
        # The same items: a count or a look of them, read as before.
        ("2 apples and a pear", "5 apples and a pear", {"apple"}, {"apple"}),
        ("green apples and pears", "red apples and pears", {"apple"}, {"apple"}),
        # Nothing kept: one object a side (G1).
        ("apples and pears", "plums and a banana", {"apple"}, {"plum"}),
    ],
)
def test_what_a_list_takes_and_brings(before: str, after: str, taken: set, brought: set) -> None:
    assert exchanged(before, after) == (frozenset(taken), frozenset(brought))


_KITE = removed(
    "kite", description="The purple kite flying in the sky is missing from the second panel."
)
_DOG = removed("dog", description="The brown dog on the grass is missing from the second panel.")


def _vague_removed(description: str) -> dict:
    return removed("object", description=description)


CASES_ASIDE = [
    # _lead._sets_aside: an opening clause that compares with or sets aside
    # something else is not what a description is about, like an opening
    # clause of place ("In the bottom image, ...").
    *(
        _case(f"S1 '{text}' is no kite", _KITE, _vague_removed(text), None)
        for text in [
            "Unlike the kite, the dog is gone.",
            "Instead of the kite, the dog is gone.",
            "Rather than the kite, the dog is gone.",
            "Other than the kite, the dog is gone.",
            "Like the kite, the dog is gone.",
            "Not the kite, the dog is gone.",
        ]
    ),
    *(
        _case(f"S1 '{text}' is the dog", _DOG, _vague_removed(text), "d01")
        for text in [
            "Unlike the kite, the dog is gone.",
            "Compared to the first panel, the dog is gone.",
            "Unlike the left image, the dog is gone.",
            "Apart from the kite, the dog is gone.",
            "Except for the kite, the dog is gone.",
            "Instead of the kite, the dog is gone.",
        ]
    ),
    _case(
        "S1 a description about the kite is still the kite",
        _KITE,
        _vague_removed("Like before, the kite is gone."),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_ASIDE, ids=[c["name"] for c in CASES_ASIDE])
def test_aside(case: dict) -> None:
    assert_judged(case)


_MOP = {
    **_attr("mop", "color", "white", "blue"),
    "aliases": ["white_mop"],
    "description": "The mop on the floor on the right changes from white to blue.",
}
_STOVE = {**_attr("stove", "color", "white", "black"), "description": "The stove is now black."}

CASES_LANDMARKS = [
    # _relation route 3 with Name.landmarks: a gold the prediction's subject
    # only places its object by is no part of it, whatever the change. The
    # same change found the mop through "cake_near_mop", and a subject of
    # three guesses chained by "near" had three chances at a guessed change.
    *(
        _case(
            f"M1 {subject} turning blue is not the mop",
            _MOP,
            _attr(subject, "color", "white", "blue"),
            None,
        )
        for subject in [
            "cake_near_mop",
            "cake_on_mop",
            "vase_near_mop_near_cake",
            "cake_beside_mop",
        ]
    ),
    _case(
        "M1 the kettle on the stove turning black is not the stove",
        _STOVE,
        _attr("kettle_on_stove", "color", "white", "black"),
        None,
    ),
    # The object itself placed by another, and parts, are still found.
    *(
        _case(
            f"M1 {subject} turning blue is the mop",
            _MOP,
            _attr(subject, "color", "white", "blue"),
            "d01",
        )
        for subject in ["mop_near_cake", "mop_on_floor", "handle_of_mop", "mop_handle"]
    ),
]


@pytest.mark.parametrize("case", CASES_LANDMARKS, ids=[c["name"] for c in CASES_LANDMARKS])
def test_landmarks(case: dict) -> None:
    assert_judged(case)


CASES_KINDS = [
    # _lexicon.NOT_A_KIND_OF: two-word names that are no kind of their head,
    # against heads of the generator's catalogue.
    *(
        _case(f"K2 {subject} is no {gold}", removed(gold), removed(subject), None)
        for subject, gold in [
            ("oil_drum", "drum"),
            ("flower_bed", "bed"),
            ("piano_key", "key"),
            ("meat_ball", "ball"),
            ("prairie_dog", "dog"),
            ("lady_bird", "bird"),
            ("sun_glasses", "glass"),
            ("water_table", "table"),
        ]
    ),
    *(
        _case(f"K2 {subject} is a {gold}", removed(gold), removed(subject), "d01")
        for subject, gold in [
            ("snare_drum", "drum"),
            ("bunk_bed", "bed"),
            ("beach_ball", "ball"),
            ("coffee_table", "table"),
        ]
    ),
    _case(
        "K2 lady_bird is still the ladybug called ladybird",
        {**removed("ladybug"), "aliases": ["ladybird", "red_ladybug"]},
        removed("lady_bird"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_KINDS, ids=[c["name"] for c in CASES_KINDS])
def test_kinds(case: dict) -> None:
    assert_judged(case)


_FLOOR_LAMP = {
    **_attr("floor_lamp", "size", "small", "large"),
    "aliases": ["standing_lamp", "red_floor_lamp"],
    "description": "The red floor lamp on the floor on the left becomes larger.",
}
_WALL_CLOCK = {
    **_attr("wall_clock", "time", "3:00", "5:00"),
    "description": "The clock on the wall now shows five o'clock instead of three.",
}

CASES_PLACES = [
    # _relation route 2 with _counted.places_in: a word of the gold's name that
    # its description puts the object at is a place, not a whole the object
    # belongs to, so the same change through it is no evidence.
    _case(
        "P3 the floor growing is not the floor lamp on the floor",
        _FLOOR_LAMP,
        _attr("floor", "size", "small", "large"),
        None,
    ),
    _case(
        "P3 the wall showing five is not the clock on the wall",
        _WALL_CLOCK,
        _attr("wall", "time", "3:00", "5:00"),
        None,
    ),
    _case(
        "P3 the lamp growing is the floor lamp",
        _FLOOR_LAMP,
        _attr("lamp", "size", "small", "large"),
        "d01",
    ),
    _case(
        "P3 the clock showing five is the wall clock",
        _WALL_CLOCK,
        _attr("clock", "time", "3:00", "5:00"),
        "d01",
    ),
    _case(
        "P3 a floor told to be the floor lamp is the floor lamp",
        _FLOOR_LAMP,
        {**_attr("floor", "size", "small", "large"), "description": "The floor lamp grew."},
        "d01",
    ),
    _case(
        "P3 a lamp the shade is not placed on still finds its shade",
        {
            **_attr("lamp_shade", "color", "red", "blue"),
            "description": "The lamp shade turns blue.",
        },
        _attr("lamp", "color", "red", "blue"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_PLACES, ids=[c["name"] for c in CASES_PLACES])
def test_places(case: dict) -> None:
    assert_judged(case)
