"""Matching decisions from red team round 23, each as a careful judge decides it.

Round 23 attacked the matcher of evaluator 2.9.0 for wrong objects it
accepts (eyeglasses read as a drinking glass, words spelled out letter by
letter, look-alike letters outside the table, pairs named as one, pieces
counted as wholes) and for details it credits that the answer never
committed to. Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import added, assert_judged, removed
from conftest import attribute_change as _attr
from conftest import count_change as _count
from conftest import one_gold_case as _case

CASES_GLASSES = [
    # _word_runs / _lexicon.EYEGLASSES: "glasses" was read as the plural of
    # "glass", so eyeglasses removed found the drinking glass removed, and
    # the other way round. A judge reads "glasses" as a subject as
    # eyeglasses; counted or named by a drink they are drinking glasses.
    _case("G1 glasses are no drinking glass", removed("glass"), removed("glasses"), None),
    _case("G1 a glass is no pair of glasses", removed("glasses"), removed("glass"), None),
    _case("G1 glasses are no wine glass", removed("wine_glass"), removed("glasses"), None),
    _case(
        "G1 'The glasses are gone.' are no drinking glass",
        removed("glass"),
        removed("object", description="The glasses on the table are gone."),
        None,
    ),
    _case(
        "G1 pair_of_glasses is the glasses", removed("glasses"), removed("pair_of_glasses"), "d01"
    ),
    _case("G1 eyeglasses are the glasses", removed("glasses"), removed("eyeglasses"), "d01"),
    _case("G1 spectacles are the glasses", removed("glasses"), removed("spectacles"), "d01"),
    _case(
        "G1 reading_glasses are the glasses", removed("glasses"), removed("reading_glasses"), "d01"
    ),
    # Counted or named by a drink, they are drinking glasses still.
    _case(
        "G1 wine_glasses are the wine glass", removed("wine_glass"), removed("wine_glasses"), "d01"
    ),
    _case(
        "G1 3 glasses count the glasses",
        _count("glass", "2", "3"),
        _count("3_glasses", "2", "3"),
        "d01",
    ),
    # A count of glasses counts drinking glasses: nobody counts spectacles.
    _case(
        "G1 glasses from 2 to 3 count the glass",
        _count("glass", "2", "3"),
        _count("glasses", "2", "3"),
        "d01",
    ),
    _case(
        "G1 glass from 2 to 3 counts the glasses",
        _count("glasses", "2", "3"),
        _count("glass", "2", "3"),
        "d01",
    ),
    _case(
        "G1 glasses_of_water are drinking glasses",
        removed("glass"),
        removed("glasses_of_water"),
        "d01",
    ),
    _case(
        "G1 'The wine glasses are gone.' is the wine glass",
        removed("wine_glass"),
        removed("object", description="The wine glasses are gone."),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_GLASSES, ids=[c["name"] for c in CASES_GLASSES])
def test_glasses(case: dict) -> None:
    assert_judged(case)


CASES_SPELLED = [
    # _word_runs: "t_o_y_car" read "t", "o", "y", "car", a car; a judge reads
    # the letters as the word they spell, a toy car, which is no car.
    _case("S1 t_o_y_car is no car", removed("car"), removed("t_o_y_car"), None),
    _case("S1 T-O-Y-car is no car", removed("car"), removed("T-O-Y-car"), None),
    _case(
        "S1 'The t o y car is gone.' is no car",
        removed("car"),
        removed("object", description="The t o y car is gone."),
        None,
    ),
    _case("S1 t_o_y_car is the toy car", removed("toy_car"), removed("t_o_y_car"), "d01"),
    _case("S1 c_a_t is the cat", removed("cat"), removed("c_a_t"), "d01"),
    # An article before a spelled word that decides is an article.
    _case("S1 a_t_o_y_car is no car", removed("car"), removed("a_t_o_y_car"), None),
    _case(
        "S1 'A t o y car is gone.' is no car",
        removed("car"),
        removed("object", description="A t o y car is gone."),
        None,
    ),
    # One letter stays a letter, and an article before one letter an article.
    _case("S1 t_shirt is the t-shirt", removed("t_shirt"), removed("t_shirt"), "d01"),
    _case("S1 a_t_shirt is the t-shirt", removed("t_shirt"), removed("a_t_shirt"), "d01"),
]


@pytest.mark.parametrize("case", CASES_SPELLED, ids=[c["name"] for c in CASES_SPELLED])
def test_spelled_out_letters(case: dict) -> None:
    assert_judged(case)


#: Letters outside the round 22 table that draw a Latin one: U+0585 the
#: Armenian "o", U+057D the Armenian "u", U+0581 the Armenian "g", U+1D0F a
#: Latin small capital O, U+0131 a dotless i; and U+05E1, the Hebrew samekh,
#: which no table reads as "o".
_ARMENIAN_O, _ARMENIAN_G, _SMALL_CAPITAL_O, _DOTLESS_I = "\u0585", "\u0581", "\u1d0f", "\u0131"
_SAMEKH = "\u05e1"

CASES_MORE_LETTERS = [
    # _letters: "tօy_car" with an Armenian "o" read "t", "y", "car" and found
    # the real car; a judge reads what the screen shows, a toy car.
    *(
        _case(f"L1 {subject!r} is no car", removed("car"), removed(subject), None)
        for subject in [
            f"t{_ARMENIAN_O}y_car",
            f"t{_SMALL_CAPITAL_O}y_car",
            "TOY_car".replace("O", "\u0555"),  # the Armenian capital O
            # a letter no table knows, guessed among the words that decide
            f"t{_SAMEKH}y_car",
            f"f{_SAMEKH}ke_car",
        ]
    ),
    _case(
        "L1 robot_cat with a samekh is no cat", removed("cat"), removed(f"r{_SAMEKH}bot_cat"), None
    ),
    _case(
        "L1 not_a_cat with a samekh is no cat", removed("cat"), removed(f"n{_SAMEKH}t_a_cat"), None
    ),
    _case(
        "L1 an Armenian toy car in the description is no car",
        removed("car"),
        removed("object", description=f"The t{_ARMENIAN_O}y car is gone."),
        None,
    ),
    # The same reading finds an honest name written with such a letter.
    _case(
        "L1 an Armenian g in glass is the glass",
        removed("glass"),
        removed(f"{_ARMENIAN_G}lass"),
        "d01",
    ),
    _case(
        "L1 a dotless i in kite is the kite", removed("kite"), removed(f"k{_DOTLESS_I}te"), "d01"
    ),
]


@pytest.mark.parametrize("case", CASES_MORE_LETTERS, ids=[c["name"] for c in CASES_MORE_LETTERS])
def test_more_look_alike_letters(case: dict) -> None:
    assert_judged(case)


_TEACUP_GONE = removed("teacup", aliases=["cup_and_saucer", "green_teacup"])

CASES_PAIRS = [
    # _normalize._names_two: "and" was a filler, so "cat_and_dog" was a dog
    # and "cup_and_saucer" a saucer, and each found the dog or the saucer
    # alone. A judge reads a pair, as "The cat and the dog are gone" names
    # no single object: neither the last thing nor the first.
    _case("P1 cat_and_dog is not the dog alone", removed("dog"), removed("cat_and_dog"), None),
    _case("P1 cat_and_dog is not the cat alone", removed("cat"), removed("cat_and_dog"), None),
    _case(
        "P1 cup_and_saucer is not the saucer", removed("saucer"), removed("cup_and_saucer"), None
    ),
    _case("P1 the dog is not the pair cat_and_dog", removed("cat_and_dog"), removed("dog"), None),
    _case(
        "P1 cat_and_dog turning blue is not the dog",
        _attr("dog", "color", "red", "blue"),
        _attr("cat_and_dog", "color", "red", "blue"),
        None,
    ),
    _case(
        "P1 cat_and_dog on the sofa is not the sofa",
        removed("sofa"),
        removed("cat_and_dog_on_sofa"),
        None,
    ),
    # The same pair is found, as is a gold known by it (the bundled teacup).
    _case(
        "P1 cat_and_dog is the cat_and_dog", removed("cat_and_dog"), removed("cat_and_dog"), "d01"
    ),
    _case("P1 cup_and_saucer is the teacup", _TEACUP_GONE, removed("cup_and_saucer"), "d01"),
    # An "and" between looks, or before a compound, joins no two things.
    _case(
        "P1 black_and_white_cat is the cat", removed("cat"), removed("black_and_white_cat"), "d01"
    ),
    _case(
        "P1 salt_and_pepper_shaker is the shaker",
        removed("shaker"),
        removed("salt_and_pepper_shaker"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_PAIRS, ids=[c["name"] for c in CASES_PAIRS])
def test_pairs_named_as_one(case: dict) -> None:
    assert_judged(case)


CASES_STILL_THERE = [
    # _presence._kept_there: a removal whose description says the lamp is
    # still there found the lamp that went; its own words say the lamp
    # stayed, and a judge reads no removal of it (nor an addition).
    *(
        _case(f"T1 {subject!r} removed, {text!r}, is no removal", removed("lamp"), prediction, None)
        for text in [
            "The lamp is still there but now red.",
            "The lamp still stands, but red.",
            "The lamp remains but turns red.",
        ]
        for subject in ["lamp", "object"]
        for prediction in [removed(subject, description=text)]
    ),
    _case(
        "T1 'cat' added, 'The cat remains on the sofa', is no addition",
        added("cat"),
        added("cat", description="The cat remains on the sofa."),
        None,
    ),
    # "Still" with a word of going tells how long it is gone; the rest of a
    # description is about other things.
    *(
        _case(f"T1 'lamp' removed, {text!r}, is the removal", removed("lamp"), prediction, "d01")
        for text in [
            "The lamp is still missing.",
            "The lamp is gone, but the table is still there.",
            "The lamp, still lit, is gone.",
        ]
        for prediction in [removed("lamp", description=text)]
    ),
    # Before the noun, "still" is a look: a still life is no object staying.
    _case(
        "T1 'A still life painting appears' is the painting added",
        added("painting"),
        added("painting", description="A still life painting appears on the wall."),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_STILL_THERE, ids=[c["name"] for c in CASES_STILL_THERE])
def test_still_there(case: dict) -> None:
    assert_judged(case)


_RED = _attr("car", "color", "white", "red")

CASES_HEDGED_ATTRIBUTE = [
    # _details._hedged: an attribute that hedges earned the attribute's
    # credit ("colour maybe red or blue" read as "colour"). A judge credits
    # the property an answer commits to, not one it offers among others.
    *(
        _case(f"H1 attribute {attribute!r} earns no credit", _RED, prediction, "d01", False)
        for attribute in [
            "colour maybe red or blue",
            "red or blue",
            "colour or size",
            "size/colour",
            "colour, maybe",
        ]
        for prediction in [_attr("car", attribute, "white", "red")]
    ),
    # Names of one property offered together still name it.
    *(
        _case(f"H1 attribute {attribute!r} is the colour", _RED, prediction, "d01", True)
        for attribute in ["colour", "colour or hue", "color/colour"]
        for prediction in [_attr("car", attribute, "white", "red")]
    ),
]


@pytest.mark.parametrize(
    "case", CASES_HEDGED_ATTRIBUTE, ids=[c["name"] for c in CASES_HEDGED_ATTRIBUTE]
)
def test_hedged_attribute(case: dict) -> None:
    assert_judged(case)


_APPLES_3_TO_5 = _count("apples", "3", "5")

CASES_PIECES = [
    # _normalize._PIECE: "piece" was never a head, so "apple_pieces" from 3
    # to 5 were apples from 3 to 5. A judge counts pieces, as the slices of
    # round 21 were counted apart from the apples they were cut from.
    *(
        _case(f"C1 {subject} from 3 to 5 counts no apples", _APPLES_3_TO_5, prediction, None)
        for subject in ["apple_pieces", "pieces_of_apple", "apple_piece"]
        for prediction in [_count(subject, "3", "5")]
    ),
    _case(
        "C1 'five apple pieces' counts no apples",
        _APPLES_3_TO_5,
        _count("apple", "3", "5", description="There are five apple pieces instead of three."),
        None,
    ),
    _case(
        "C1 apples from 3 to 5 are the apples", _APPLES_3_TO_5, _count("apples", "3", "5"), "d01"
    ),
    # A piece told with the same change of look is still the whole's part,
    # and a piece alone, or after a look, names nothing.
    _case(
        "C1 apple_piece turning brown is the apple turning brown",
        _attr("apple", "color", "red", "brown"),
        _attr("apple_piece", "color", "red", "brown"),
        "d01",
    ),
    _case(
        "C1 puzzle_piece is the puzzle_piece",
        removed("puzzle_piece"),
        removed("puzzle_piece"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_PIECES, ids=[c["name"] for c in CASES_PIECES])
def test_pieces_are_counted_apart(case: dict) -> None:
    assert_judged(case)


CASES_DIGITS_FOR_LETTERS = [
    # _letters.digits_as_letters: "t0y_car" read "t 0 y car", a car, and
    # found the real car; a reader sees "toy", "robot", "not".
    *(
        _case(f"D1 {subject} is no {gold}", removed(gold), removed(subject), None)
        for gold, subject in [
            ("car", "t0y_car"),
            ("car", "T0Y_CAR"),
            ("car", "t0yCar"),
            ("car", "f4ke_car"),
            ("cat", "r0b0t_cat"),
            ("cat", "n0t_a_cat"),
            ("house", "d0g_house"),
        ]
    ),
    # A number after a name, or a code of letters and digits, stays one.
    _case("D1 car2 is the car", removed("car"), removed("car2"), "d01"),
    _case("D1 b52_bomber is the bomber", removed("bomber"), removed("b52_bomber"), "d01"),
]


@pytest.mark.parametrize(
    "case", CASES_DIGITS_FOR_LETTERS, ids=[c["name"] for c in CASES_DIGITS_FOR_LETTERS]
)
def test_digits_for_letters(case: dict) -> None:
    assert_judged(case)


CASES_SHOWN_IN = [
    # _normalize.SHOWN_IN: a cat named by the picture or the mirror it is
    # shown in was the cat, where "painting_cat" and "cat_reflection" were
    # refused. A judge reads a painted cat or a reflection: no cat removed.
    *(
        _case(f"V1 {subject} is no cat", removed("cat"), removed(subject), None)
        for subject in [
            "cat_in_painting",
            "cat_in_the_painting",
            "cat_on_poster",
            "cat_in_mural",
            "cat_in_mirror",
            "reflected_cat",
        ]
    ),
    # A panel word after a preposition is the panel, and a place is a place.
    _case("V1 cat_in_the_picture is the cat", removed("cat"), removed("cat_in_the_picture"), "d01"),
    _case("V1 cat_on_sofa is the cat", removed("cat"), removed("cat_on_sofa"), "d01"),
    _case(
        "V1 painting_on_wall is the painting",
        removed("painting"),
        removed("painting_on_wall"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_SHOWN_IN, ids=[c["name"] for c in CASES_SHOWN_IN])
def test_shown_in_a_picture(case: dict) -> None:
    assert_judged(case)


CASES_DRAWN_AS_NOTHING = [
    # _letters: marks of combining class 0 (the combining grapheme joiner,
    # a variation selector) and the default-ignorable Hangul fillers split
    # "toy" in two ("t oy car", a car). On screen each reads "toy_car".
    *(
        _case(f"I1 {subject!r} is no car", removed("car"), removed(subject), None)
        for subject in ["t\u034foy_car", "t\ufe0foy_car", "to\u115fy_car", "t\u3164oy_car"]
    ),
    _case(
        "I1 a cat with a variation selector is the cat", removed("cat"), removed("ca\ufe0ft"), "d01"
    ),
]


@pytest.mark.parametrize(
    "case", CASES_DRAWN_AS_NOTHING, ids=[c["name"] for c in CASES_DRAWN_AS_NOTHING]
)
def test_characters_drawn_as_nothing(case: dict) -> None:
    assert_judged(case)


CASES_PAIRS_OTHERWISE = [
    # _normalize._LISTED, _reading._JOINING: round 23 paired "cat_and_dog",
    # but a pair joined otherwise was still its last thing, the dog.
    *(
        _case(f"P2 {subject!r} is not the dog alone", removed("dog"), removed(subject), None)
        for subject in [
            "cat_&_dog",
            "cat&dog",
            "cat+dog",
            "cat,dog",
            "cat_plus_dog",
            "cat_as_well_as_dog",
            "cat_vs_dog",
        ]
    ),
    *(
        _case(f"P2 {text!r} is not the dog alone", removed("dog"), prediction, None)
        for text in ["The cat & the dog are gone.", "The cat + dog are gone.", "Cat & dog: gone"]
        for prediction in [removed("object", description=text)]
    ),
    # A comma before a look or a panel joins no second thing.
    _case("P2 'cat, black' is the cat", removed("cat"), removed("cat,_black"), "d01"),
    _case("P2 'mug, right photo' is the mug", removed("mug"), removed("mug, right photo"), "d01"),
    _case(
        "P2 salt_&_pepper_shaker is the shaker",
        removed("shaker"),
        removed("salt_&_pepper_shaker"),
        "d01",
    ),
]


@pytest.mark.parametrize(
    "case", CASES_PAIRS_OTHERWISE, ids=[c["name"] for c in CASES_PAIRS_OTHERWISE]
)
def test_pairs_joined_otherwise(case: dict) -> None:
    assert_judged(case)


def _red_to_blue(subject: str) -> dict:
    return _attr(subject, "color", "red", "blue")


CASES_NO_PARTS = [
    # _wholes.LIVING, _parts.HOLDERS, _lexicon.ACCESSORIES: a thing named
    # after another with the same change was read as its part, so an insect
    # or a bird named after where it sits, a boat after the river and a key
    # after the car it opens turning from red to blue found the bed, the
    # bench, the river or the car turning from red to blue.
    *(
        _case(
            f"W1 {subject} is no part of the {gold}",
            _red_to_blue(gold),
            _red_to_blue(subject),
            None,
        )
        for gold, subject in [
            ("bed", "bed_bug"),
            ("house", "house_fly"),
            ("bench", "park_bench_pigeon"),
            ("river", "river_boat"),
            ("sea", "sea_ship"),
            ("car", "car_key"),
            ("door", "door_key"),
        ]
    ),
    # A part still is: the same change said of it is the whole's.
    *(
        _case(
            f"W1 {subject} is a part of the {gold}",
            _red_to_blue(gold),
            _red_to_blue(subject),
            "d01",
        )
        for gold, subject in [("car", "car_seat"), ("kite", "kite_tail"), ("lamp", "lamp_bulb")]
    ),
]


@pytest.mark.parametrize("case", CASES_NO_PARTS, ids=[c["name"] for c in CASES_NO_PARTS])
def test_things_that_are_no_parts(case: dict) -> None:
    assert_judged(case)


CASES_TOYS = [
    # _imitations.NAMED_AFTER, _lexicon.MADE_LIKE_THE_LIVING: toy cars named
    # by their make or kind, and a balloon twisted into a dog, found the
    # real car or dog removed. One way, as for the paper plane: a gold toy
    # car may be called a car.
    *(
        _case(f"Y1 {subject} is no {gold}", removed(gold), removed(subject), None)
        for gold, subject in [
            ("car", "die-cast_car"),
            ("car", "diecast_car"),
            ("car", "matchbox_car"),
            ("car", "rc_car"),
            ("car", "remote_control_car"),
            ("car", "slot_car"),
            ("dog", "balloon_dog"),
        ]
    ),
    _case("Y1 car is the matchbox_car", removed("matchbox_car"), removed("car"), "d01"),
    _case("Y1 race_car is the car", removed("car"), removed("race_car"), "d01"),
]


@pytest.mark.parametrize("case", CASES_TOYS, ids=[c["name"] for c in CASES_TOYS])
def test_toys_named_by_kind(case: dict) -> None:
    assert_judged(case)


_CAT_TURNS_BLACK = _attr(
    "cat",
    "color",
    "orange",
    "black",
    aliases=["kitten", "orange_cat"],
    description="The cat in the middle changes from orange to black.",
)

CASES_APOSTROPHES = [
    # _letters.APOSTROPHES: a mark that draws an apostrophe (the modifier
    # letter apostrophe, a prime, an acute accent alone) was no possessive,
    # so its "s" stood between the owner and the head, as in round 19.
    *(
        _case(
            f"A1 'cat{mark}s_fur' turning black finds the cat",
            _CAT_TURNS_BLACK,
            _attr(f"cat{mark}s_fur", "color", "orange", "black"),
            "d01",
        )
        for mark in ["\u02bc", "\u2032", "\u00b4", "\u055a"]
    ),
]


@pytest.mark.parametrize("case", CASES_APOSTROPHES, ids=[c["name"] for c in CASES_APOSTROPHES])
def test_apostrophes_drawn_otherwise(case: dict) -> None:
    assert_judged(case)


CASES_SHOWN_IN_DESCRIPTIONS = [
    # _evidence._shown_in: a vague answer's description that shows its
    # object in a painting or on a poster named the real dog, as the same
    # words in a subject no longer do.
    *(
        _case(f"V2 {text!r} is no dog", removed("dog"), prediction, None)
        for text in [
            "The dog in the painting is gone.",
            "The dog in the big painting is gone.",
            "The dog on the poster vanished.",
        ]
        for prediction in [removed("object", description=text)]
    ),
    _case(
        "V2 'The dog near the painting is gone' is the dog",
        removed("dog"),
        removed("object", description="The dog near the painting is gone."),
        "d01",
    ),
]


@pytest.mark.parametrize(
    "case", CASES_SHOWN_IN_DESCRIPTIONS, ids=[c["name"] for c in CASES_SHOWN_IN_DESCRIPTIONS]
)
def test_shown_in_a_picture_described(case: dict) -> None:
    assert_judged(case)
