"""Matching decisions from red team round 22, each as a careful judge decides it.

Round 22 attacked the matcher of evaluator 2.8.0 for wrong objects it
accepts (names hidden by invisible or look-alike letters, made things that
copy an animal, what is laid over a thing) and for answers that earn points
without looking. Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import added, assert_judged, removed
from conftest import attribute_change as _attr
from conftest import one_gold_case as _case


def _blue(subject: str, **extra: object) -> dict:
    return _attr(subject, "color", "red", "blue", **extra)


#: Letters of other scripts that look like Latin ones, and characters that
#: show nothing: U+043E is the Cyrillic "o", U+0430 the Cyrillic "a", U+03BF
#: the Greek omicron; U+200B a zero-width space, U+00AD a soft hyphen.
_CYRILLIC_O, _CYRILLIC_A, _GREEK_O = "\u043e", "\u0430", "\u03bf"
_ZERO_WIDTH, _SOFT_HYPHEN, _JOINER = "\u200b", "\u00ad", "\u2060"

CASES_HIDDEN = [
    # _normalize._token_words: a letter of another script, or a character
    # that shows nothing, split a word in two at the split on non-letters,
    # so "toy_car" spelt with a Cyrillic "o" read "t", "y", "car" and found
    # the real car removed (the "toy" that makes it no car was gone), as did
    # a zero-width space or a soft hyphen inside "toy". On screen each reads
    # "toy_car"; a judge reads a toy car, as the scorer does for plain text.
    *(
        _case(f"U1 {subject!r} is no car", removed("car"), removed(subject), None)
        for subject in [
            f"t{_CYRILLIC_O}y_car",
            f"t{_GREEK_O}y_car",
            f"t{_ZERO_WIDTH}oy_car",
            f"to{_SOFT_HYPHEN}y_car",
            f"t{_JOINER}oy_car",
        ]
    ),
    _case(
        "U1 dog_house with a Cyrillic o is no house",
        removed("house"),
        removed(f"d{_CYRILLIC_O}g_house"),
        None,
    ),
    _case(
        "U1 robot_cat with a Cyrillic o is no cat",
        removed("cat"),
        removed(f"r{_CYRILLIC_O}bot_cat"),
        None,
    ),
    # The same reading finds an honest name written with a stray look-alike
    # or an invisible character: "cat" with a Cyrillic "a" is the cat.
    _case(
        "U1 cat with a Cyrillic a is the cat", removed("cat"), removed(f"c{_CYRILLIC_A}t"), "d01"
    ),
    _case(
        "U1 cat with a zero-width space is the cat",
        removed("cat"),
        removed(f"c{_ZERO_WIDTH}at"),
        "d01",
    ),
    _case(
        "U1 a Cyrillic toy car in the description is no car",
        removed("car"),
        removed("object", description=f"The t{_CYRILLIC_O}y car is gone."),
        None,
    ),
]


@pytest.mark.parametrize("case", CASES_HIDDEN, ids=[c["name"] for c in CASES_HIDDEN])
def test_hidden_letters(case: dict) -> None:
    assert_judged(case)


_CAT_GONE = removed("cat", description="The black cat on the sofa is missing.")
_DUCK_GONE = removed("duck", description="The duck on the pond is missing.")

CASES_MADE_ANIMALS = [
    # _imitations.MADE_LIKE_THE_LIVING: round 21 made a robot, plush or
    # stuffed animal no animal, but left materials out ("wooden" may be how
    # a dull cat looks), so a rubber duck, a porcelain cat or a gingerbread
    # man removed found the real one removed (same_object). Nothing living
    # is rubber, porcelain or wax: a judge reads a toy, an ornament or a
    # biscuit, another object than the duck on the pond.
    *(
        _case(f"M1 {subject} is no {gold['subject']}", gold, removed(subject), None)
        for gold, subject in [
            (_DUCK_GONE, "rubber_duck"),
            (_DUCK_GONE, "plastic_duck"),
            (_DUCK_GONE, "decoy_duck"),
            (removed("cat"), "porcelain_cat"),
            (removed("cat"), "ceramic_cat"),
            (removed("dog"), "clay_dog"),
            (removed("bird"), "paper_bird"),
            (removed("horse"), "carousel_horse"),
            (removed("horse"), "cardboard_horse"),
            (removed("man"), "gingerbread_man"),
            (removed("man"), "lego_man"),
            (removed("person"), "wax_person"),
        ]
    ),
    _case(
        "M1 'The rubber duck is gone.' is no duck",
        _DUCK_GONE,
        removed("object", description="The rubber duck is gone."),
        None,
    ),
    # One way, as for the plush cat: a rubber duck may be called a duck.
    _case("M1 duck is the rubber_duck", removed("rubber_duck"), removed("duck"), "d01"),
    # Before a thing that never lived a material is only a look.
    _case("M1 plastic_bottle is the bottle", removed("bottle"), removed("plastic_bottle"), "d01"),
]


@pytest.mark.parametrize("case", CASES_MADE_ANIMALS, ids=[c["name"] for c in CASES_MADE_ANIMALS])
def test_made_animals(case: dict) -> None:
    assert_judged(case)


CASES_OTHER_THINGS = [
    # _lexicon.NOT_A_KIND_OF_HEAD: "fake" made a plant no plant, but its
    # everyday synonyms did not, so an "artificial_plant" or a "faux_flower"
    # removed found the real plant or flower removed. A judge reads the
    # same imitation in each word.
    *(
        _case(f"K1 {subject} is no {gold}", removed(gold), removed(subject), None)
        for gold, subject in [
            ("plant", "artificial_plant"),
            ("flower", "artificial_flower"),
            ("tree", "artificial_tree"),
            ("flower", "faux_flower"),
            ("plant", "imitation_plant"),
        ]
    ),
    _case("K1 fake_plant stays no plant", removed("plant"), removed("fake_plant"), None),
    _case("K1 potted_plant is the plant", removed("plant"), removed("potted_plant"), "d01"),
    # _lexicon.NOT_A_KIND_OF: a paper plane and a paper boat are folded
    # toys, a cable car a cabin on a rope, a bumper car a fairground ride;
    # each removed found the aeroplane, the boat or the car removed; so did
    # a motor bike or a dirt bike the bicycle, and a space ship the ship. A
    # paper kite is still a kite (a material), a mountain bike a bicycle.
    *(
        _case(f"K2 {subject} is no {gold}", removed(gold), removed(subject), None)
        for gold, subject in [
            ("airplane", "paper_plane"),
            ("airplane", "paper_airplane"),
            ("boat", "paper_boat"),
            ("car", "cable_car"),
            ("car", "bumper_car"),
            ("bicycle", "motor_bike"),
            ("bicycle", "dirt_bike"),
            ("ship", "space_ship"),
        ]
    ),
    _case("K2 paper_kite is the kite", removed("kite"), removed("paper_kite"), "d01"),
    _case("K2 sports_car is the car", removed("car"), removed("sports_car"), "d01"),
    _case("K2 mountain_bike is the bicycle", removed("bicycle"), removed("mountain_bike"), "d01"),
]


@pytest.mark.parametrize("case", CASES_OTHER_THINGS, ids=[c["name"] for c in CASES_OTHER_THINGS])
def test_other_things(case: dict) -> None:
    assert_judged(case)


def test_a_paper_airplane_is_found_by_airplane() -> None:
    """One way: the hand-written set's paper airplane, added, is an airplane
    added to a judge (benchmarks/handwritten.py counts it honest)."""
    assert_judged(
        _case(
            "K2 airplane is the paper_airplane", added("paper_airplane"), added("airplane"), "d01"
        )
    )


CASES_LAID_OVER = [
    # _wholes.LAID_OVER: a part told with the same change is the whole's
    # (a car's door turning blue is the car), but a cloth, a blanket or a
    # pillow only lies on a thing: "table_cloth" turning from red to blue
    # found the table turning from red to blue, "bed_pillow" the bed and
    # "couch_blanket" the couch (route names_gold_in_subject, by the same
    # change alone). A judge sees another object laid over the furniture.
    *(
        _case(f"L1 {subject} is no {gold}", _blue(gold), _blue(subject), None)
        for gold, subject in [
            ("table", "table_cloth"),
            ("table", "table_mat"),
            ("bed", "bed_pillow"),
            ("bed", "bed_blanket"),
            ("couch", "couch_blanket"),
            ("couch", "couch_throw"),
        ]
    ),
    # Either way round: the table is no table cloth.
    _case("L1 table is no table_cloth", _blue("table_cloth"), _blue("table"), None),
    # A part is still the whole, and a gold that itself says the cloth is
    # found by it.
    _case("L1 table_leg is the table", _blue("table"), _blue("table_leg"), "d01"),
    # A sheet is also what paper comes in: sheets of paper are the paper.
    _case(
        "L1 paper_sheet 3->5 is the paper",
        {"kind": "count_change", "subject": "paper", "from": "3", "to": "5"},
        {"kind": "count_change", "subject": "paper_sheet", "from": "3", "to": "5"},
        "d01",
    ),
    _case("L1 couch_cushion is the couch", _blue("couch"), _blue("couch_cushion"), "d01"),
    _case(
        "L1 table_cloth is the table whose cloth the gold names",
        _blue("table", description="The cloth on the table turns from red to blue."),
        _blue("table_cloth"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_LAID_OVER, ids=[c["name"] for c in CASES_LAID_OVER])
def test_laid_over(case: dict) -> None:
    assert_judged(case)


def _vague_gone(text: str) -> dict:
    return removed("object", description=text)


CASES_DENIALS = [
    # _denials.denies_change: a description that says its object did not
    # change named it all the same, so a vague answer "Nothing about the cat
    # changed." found the cat removed (route described). A blind answer of
    # such denials for a theme's likeliest objects scored nearly what naming
    # them did. A judge reads no claim about the cat at all.
    *(
        _case(f"D1 {text!r} names no cat", _CAT_GONE, _vague_gone(text), None)
        for text in [
            "Nothing about the cat changed.",
            "The cat is not gone.",
            "The cat isn't missing.",
            "The cat has not been removed.",
            "The cat is unchanged.",
            "The cat is identical in both panels.",
            "No change to the cat.",
            "Not the cat.",
        ]
    ),
    # Absence told with a negation is a removal, and a denial followed by
    # what did change is about that change.
    *(
        _case(f"D1 {text!r} is the cat", _CAT_GONE, _vague_gone(text), "d01")
        for text in [
            "The cat is gone.",
            "The cat is not there anymore.",
            "The cat is no longer visible.",
            "No cat in the second panel.",
            "The cat does not appear in the second panel.",
        ]
    ),
    _case(
        "D1 unchanged except its colour is the cat",
        _blue("cat"),
        _attr(
            "object",
            "color",
            "red",
            "blue",
            description="The cat is unchanged except that its colour turned from red to blue.",
        ),
        "d01",
    ),
    _case(
        "D1 a denial of moving, then the colour, is the cat",
        _blue("cat"),
        _attr(
            "object",
            "color",
            "red",
            "blue",
            description="The cat did not move, but it changed from red to blue.",
        ),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_DENIALS, ids=[c["name"] for c in CASES_DENIALS])
def test_denials(case: dict) -> None:
    assert_judged(case)


def test_does_is_no_doe() -> None:
    """_lexicon.NEGATABLE: "does" was made singular, "doe", and read as the head
    of "The cat does not appear ...": a vague answer about a cat found the
    doe (a deer) removed. A judge reads a cat."""
    assert_judged(
        _case(
            "D2 'The cat does not appear' is no doe",
            removed("doe", aliases=["deer"]),
            _vague_gone("The cat does not appear in the second panel."),
            None,
        )
    )


def _count(subject: str, before: str = "3", after: str = "5") -> dict:
    return {"kind": "count_change", "subject": subject, "from": before, "to": after}


CASES_HELD = [
    # _parts.HOLDERS: what stands on a table or a shelf, hangs on a wall or
    # is kept in a cup or a bowl was read as a part of it, so "table_lamp",
    # "wall_clock", "cup_coffee" or "bowl_fruit" turning from red to blue
    # found the table, the wall, the cup or the bowl turning from red to
    # blue, and the shelf's books from 3 to 5 the shelves from 3 to 5 (route
    # names_gold_in_subject, by the same change alone). A judge sees another
    # object on or in the furniture or the vessel.
    *(
        _case(f"H1 {subject} is no {gold}", _blue(gold), _blue(subject), None)
        for gold, subject in [
            ("table", "table_lamp"),
            ("desk", "desk_computer"),
            ("wall", "wall_clock"),
            ("floor", "floor_rug"),
            ("cup", "cup_coffee"),
            ("bowl", "bowl_fruit"),
            ("vase", "vase_flowers"),
            ("shelf", "shelf_vase"),
        ]
    ),
    _case("H1 shelf_books 3->5 is no shelf", _count("shelf"), _count("shelf_books"), None),
    _case("H1 jar_cookies 3->5 is no jar", _count("jar"), _count("jar_cookies"), None),
    # One way: "shelf" from 5 to 2 may count the books on it (rule F12), so
    # the holder's name still finds what it holds by the same change.
    _case("H1 shelf 3->5 is the shelf_books", _count("shelf_books"), _count("shelf"), "d01"),
    # Its own parts are still the holder, and what it holds is found by
    # its own name.
    *(
        _case(f"H1 {subject} is the {gold}", _blue(gold), _blue(subject), "d01")
        for gold, subject in [
            ("table", "table_leg"),
            ("table", "table_top"),
            ("desk", "desk_drawer"),
            ("cup", "cup_handle"),
            ("jar", "jar_lid"),
            ("vase", "vase_neck"),
            ("wall", "wall_tile"),
            ("jar", "jar_label"),
            ("cabinet", "cabinet_mirror"),
        ]
    ),
    _case("H1 shelf_books 3->5 are the books", _count("book"), _count("shelf_books"), "d01"),
    _case("H1 lamp is the table_lamp", _blue("table_lamp"), _blue("lamp"), "d01"),
    # A gold that itself says the lamp is found by it.
    _case(
        "H1 table_lamp is the table whose lamp the gold names",
        _blue("table", description="The lamp on the table turns from red to blue."),
        _blue("table_lamp"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_HELD, ids=[c["name"] for c in CASES_HELD])
def test_held(case: dict) -> None:
    assert_judged(case)


CASES_COUNTED_ON = [
    # _parts.COUNTED_APART: round 21 made seeds, slices and leaves counted
    # apart from their whole, but a book's pages, a cake's candles and a
    # tree's fruit or flowers were still read as a part seen once on each
    # whole: "book_pages" from 3 to 5 found the books from 3 to 5, and
    # "tree_apples" the trees. Each whole holds many of them; a judge
    # counts pages, candles or apples there.
    *(
        _case(f"C1 {subject} 3->5 is no {gold}", _count(gold), _count(subject), None)
        for gold, subject in [
            ("book", "book_pages"),
            ("cake", "cake_candles"),
            ("tree", "tree_apples"),
            ("tree", "tree_fruit"),
            ("bush", "bush_berries"),
            ("tree", "tree_blossoms"),
        ]
    ),
    # A part seen on each whole still counts the wholes (rounds 19, 20).
    _case("C1 fence_post 3->5 is the fences", _count("fence"), _count("fence_post"), "d01"),
    _case("C1 apple_stem 3->5 is the apples", _count("apple"), _count("apple_stem"), "d01"),
    # The fruit counted is found by its own name.
    _case("C1 tree_apples 3->5 are the apples", _count("apple"), _count("tree_apples"), "d01"),
]


@pytest.mark.parametrize("case", CASES_COUNTED_ON, ids=[c["name"] for c in CASES_COUNTED_ON])
def test_counted_on(case: dict) -> None:
    assert_judged(case)
