"""Matching decisions from red team round 21, each as a careful judge decides it.

Round 21 attacked the matcher of evaluator 2.7.0 for wrong objects it
accepts (what a living thing owns, imitations of a living thing, parts of a
whole counted many to it) and for answers that earn points without looking.
Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import added, assert_judged, removed
from conftest import attribute_change as _attr
from conftest import count_change as _count
from conftest import one_gold_case as _case


def _blue(subject: str, **extra: object) -> dict:
    return _attr(subject, "color", "red", "blue", **extra)


_GIRL_BLUE = _blue("girl", description="The girl's dress changes from red to blue.")
_HELD_OR_OWNED = ("girl_kite", "girl's balloon", "girl_umbrella", "kite_of_the_girl", "girl_bike")

CASES_BELONGINGS = [
    # _parts.WORN_OR_BODY: round 20 made the girl's cat no girl, but what
    # she holds or owns, told with the same change, still found her (route
    # names_gold_in_subject): her kite, balloon or umbrella turning from red
    # to blue was the girl whose dress did. A judge sees another object in
    # the girl's hand, not the girl; a blind answer could turn every
    # "<person>_<thing>" blue and land on the person.
    *(
        _case(f"B1 {subject} is no girl", _GIRL_BLUE, _blue(subject), None)
        for subject in _HELD_OR_OWNED
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
    # _relation._narrows_as_noun with _parts.belongs_apart: the other way
    # round, the girl turning blue found the girl's kite turning blue (route
    # part_of_name). A judge sees the girl, not her kite; but the girl is
    # her hat, and the dog its collar.
    _case("B1 girl is no girl_kite", _blue("girl_kite"), _blue("girl"), None),
    # The catalogue's other animals are living too (_wholes.LIVING): a
    # penguin's ball is no penguin, its wing and a crab's claw are.
    _case("B1 penguin_ball is no penguin", _blue("penguin"), _blue("penguin_ball"), None),
    *(
        _case(f"B1 {pred} is the {gold}", _blue(gold), _blue(pred), "d01")
        for gold, pred in [
            ("girl_hat", "girl"),
            ("dog_collar", "dog"),
            ("girl_kite", "kite"),
            ("penguin", "penguin_wing"),
            ("crab", "crab_claw"),
        ]
    ),
]


@pytest.mark.parametrize("case", CASES_BELONGINGS, ids=[c["name"] for c in CASES_BELONGINGS])
def test_belongings(case: dict) -> None:
    assert_judged(case)


_APPLES = _count("apple", "3", "5")

CASES_COUNTED_APART = [
    # _parts.COUNTED_APART and _wholes.LIVING: a part seen on each whole
    # counts the wholes (round 19: car wheels, flower petals; round 20: apple
    # stems). Seeds are hidden inside an apple, slices cut from it, a core
    # is what is left of an eaten one, leaves grow beside it, and a worm in
    # it is a creature of its own: from 3 to 5, each found the apples from 3
    # to 5 by the numbers alone. A judge counts seeds, cores or worms there.
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


_CAT_GONE = removed("cat", description="The black cat on the sofa is missing.")
_TOY_BALLOON_GONE = removed("balloon", aliases=["toy_balloon"])


def _stripes_go(subject: str) -> dict:
    return _attr(subject, "pattern", "striped", "plain")


CASES_IMITATIONS = [
    # _imitations.MADE_LIKE_THE_LIVING: a robot, plush, stuffed or wooden
    # cat removed found the real cat removed (same_object: only "toy" and
    # the like made a name no cat). A judge reads a made thing, another
    # object than the black cat on the sofa, in the subject or in the
    # description's lead phrase alike.
    *(
        _case(f"I1 {subject} is no cat", _CAT_GONE, removed(subject), None)
        for subject in [
            "robot_cat",
            "plush_cat",
            "stuffed_cat",
            "mechanical_cat",
            # not right before the head, as "toy" must be: a robot still
            "robot_black_cat",
        ]
    ),
    *(
        _case(f"I1 '{text}' is no cat", _CAT_GONE, removed("object", description=text), None)
        for text in ["The robot cat is gone.", "A plush cat is missing."]
    ),
    # One way only: a plush cat in the picture may well be called a cat,
    # and a teddy bear also known as "bear" a stuffed bear.
    _case("I1 cat is the plush_cat", removed("plush_cat"), removed("cat"), "d01"),
    _case("I1 black_cat is the cat", _CAT_GONE, removed("black_cat"), "d01"),
    # A material may be how the cat looks: "wooden" for a stiff or dull cat
    # (the noisy honest answers of benchmarks/scoring.py say so of a faded
    # one). A judge gives it the benefit of the doubt.
    _case(
        "I1 'the wooden cat on the sofa' is the cat",
        _CAT_GONE,
        removed("cat", description="The wooden cat on the sofa is gone."),
        "d01",
    ),
    _case(
        "I1 stuffed_bear is the teddy_bear known as bear",
        removed("teddy_bear", aliases=["bear"]),
        removed("stuffed_bear"),
        "d01",
    ),
    # _imitations.OTHER_KINDS: a hot air balloon is no toy balloon; the
    # generator's balloon is also "toy_balloon", and the two never meet in a
    # scene, so "hot_air_balloon" removed was a blind guess landing on it.
    # "balloon" still finds the hot air balloon (people call it so), and a
    # gold named only "balloon" may be either (test_matching_rules J4).
    _case(
        "I2 hot_air_balloon is no toy balloon", _TOY_BALLOON_GONE, removed("hot_air_balloon"), None
    ),
    _case(
        "I2 'The hot air balloon is gone.' is no toy balloon",
        _TOY_BALLOON_GONE,
        removed("object", description="The hot air balloon is gone."),
        None,
    ),
    _case("I2 red_balloon is the toy balloon", _TOY_BALLOON_GONE, removed("red_balloon"), "d01"),
    _case(
        "I2 balloon is the hot_air_balloon",
        removed("hot_air_balloon", aliases=["montgolfier"]),
        removed("balloon"),
        "d01",
    ),
    # _imitations.PATTERN_ENDS, SHAPE_ENDS: "pattern" and "shape" are looks,
    # never heads, so "cat_pattern" or "cat_shape" added was the cat added.
    # A judge reads something patterned with cats or shaped like one.
    *(
        _case(f"I3 {subject} added is no cat", added("cat"), added(subject), None)
        for subject in ["cat_pattern", "cat_shape", "cat_patterned"]
    ),
    _case("I3 cat_pattern removed is no cat", _CAT_GONE, removed("cat_pattern"), None),
    # Changed, it is the cat's own pattern; and a star shape is a star.
    *(
        _case(f"I3 {pred['subject']} is the {gold['subject']}", gold, pred, "d01")
        for gold, pred in [
            (_stripes_go("cat"), _stripes_go("cat_pattern")),
            (added("star"), added("star_shape")),
        ]
    ),
]


@pytest.mark.parametrize("case", CASES_IMITATIONS, ids=[c["name"] for c in CASES_IMITATIONS])
def test_imitations(case: dict) -> None:
    assert_judged(case)


CASES_CATALOGUE_COMPOUNDS = [
    # _lexicon.NOT_A_KIND_OF and _parts.no_part_of: the generator's
    # catalogue has a horseshoe beside its horse and a sandcastle beside its
    # castle. "sand_castle" removed found the castle removed (same_object),
    # and "horse_shoe" turning blue the horse (a shoe is worn, so a part).
    # A judge reads the sandcastle and the horseshoe.
    _case("K1 sand_castle is no castle", removed("castle"), removed("sand_castle"), None),
    _case("K1 horse_shoe is no horse", _blue("horse"), _blue("horse_shoe"), None),
    _case("K1 piggy_bank is no bank", removed("bank"), removed("piggy_bank"), None),
    # Each still finds itself, however it is spelt, and a horse's tail is
    # the horse.
    *(
        _case(f"K1 {pred['subject']} is the {gold['subject']}", gold, pred, "d01")
        for gold, pred in [
            (removed("sandcastle"), removed("sand_castle")),
            (_blue("horseshoe"), _blue("horse_shoe")),
            (_blue("horse"), _blue("horse_tail")),
        ]
    ),
]


@pytest.mark.parametrize(
    "case", CASES_CATALOGUE_COMPOUNDS, ids=[c["name"] for c in CASES_CATALOGUE_COMPOUNDS]
)
def test_catalogue_compounds(case: dict) -> None:
    assert_judged(case)
