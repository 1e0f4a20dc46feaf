"""Matching decisions beyond the shared worked cases, one per rule in relation.py.

Each case is written as a judge would decide it; the comment says which rule
it pins down. Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import assert_judged
from conftest import attribute_change as _attr

from spotdiff_eval.datasets._records import difference_from_json, gold_difference_from_json
from spotdiff_eval.matching._match import match_item

CASES = [
    {
        "name": "compound name, same specific change",  # route part_of_name, corroborated
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "lamp_shade",
                "attribute": "color",
                "from": "red",
                "to": "blue",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "lamp",
                "attribute": "colour",
                "from": "red",
                "to": "blue",
            }
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "compound name, nothing corroborates",  # part_of_name needs more evidence
        "gold": [{"id": "d01", "kind": "object_removed", "subject": "boat_flag"}],
        "predictions": [{"kind": "object_removed", "subject": "boat"}],
        "expected": [None],
    },
    {
        "name": "compound name, object named in the description",
        "gold": [{"id": "d01", "kind": "object_removed", "subject": "boat_flag"}],
        "predictions": [
            {
                "kind": "object_removed",
                "subject": "boat",
                "description": "The small flag on the boat is gone.",
            }
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "a location reference is not the object",  # container route needs a change kind
        "gold": [
            {
                "id": "d01",
                "kind": "object_removed",
                "subject": "dog",
                "description": "The dog next to the tree is missing.",
            }
        ],
        "predictions": [
            {
                "kind": "object_removed",
                "subject": "tree",
                "description": "The tree next to the dog is gone.",
            }
        ],
        "expected": [None],
    },
    {
        "name": "same object, other sort of change",  # change_conflicts veto
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "kite",
                "attribute": "color",
                "from": "yellow",
                "to": "orange",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "kite",
                "attribute": "size",
                "from": "small",
                "to": "large",
            }
        ],
        "expected": [None],
    },
    {
        "name": "attribute named only by its values",
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "car",
                "attribute": "color",
                "from": "red",
                "to": "green",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "automobile",
                "attribute": "appearance",
                "from": "red",
                "to": "green",
            }
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "count change in number words",
        "gold": [
            {
                "id": "d01",
                "kind": "count_change",
                "subject": "tree_apple",
                "attribute": "apples",
                "from": "3",
                "to": "5",
            }
        ],
        "predictions": [
            {"kind": "count_change", "subject": "apples", "from": "three", "to": "five"}
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "a count change to the wrong number",
        "gold": [
            {"id": "d01", "kind": "count_change", "subject": "tree_apple", "from": "3", "to": "5"}
        ],
        "predictions": [{"kind": "count_change", "subject": "apples", "from": 3, "to": 4}],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "three balloons, two golds",  # cardinality first, then closest names
        "gold": [
            {"id": "d01", "kind": "object_added", "subject": "red_balloon"},
            {"id": "d02", "kind": "object_removed", "subject": "blue_balloon"},
        ],
        "predictions": [
            {"kind": "object_removed", "subject": "blue_balloon"},
            {"kind": "object_added", "subject": "green_balloon"},
            {"kind": "object_added", "subject": "red_balloon"},
        ],
        "expected": ["d02", None, "d01"],
        "details_correct": [True, None, True],
    },
    {
        "name": "a part of the gold object with the same specific change",  # route 3, corroborated
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "wall_clock",
                "attribute": "shape",
                "from": "round",
                "to": "square",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "clock_face",
                "attribute": "shape",
                "from": "circular",
                "to": "square",
            }
        ],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "a part of the gold object with another change",
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "wall_clock",
                "attribute": "shape",
                "from": "round",
                "to": "square",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "clock_hand",
                "attribute": "color",
                "from": "black",
                "to": "red",
            }
        ],
        "expected": [None],
    },
    {
        "name": "vague subject, vague description",
        "gold": [{"id": "d01", "kind": "object_removed", "subject": "yellow_kite"}],
        "predictions": [
            {
                "kind": "object_removed",
                "subject": "object_1",
                "description": "Something in the sky is different.",
            }
        ],
        "expected": [None],
    },
    {
        "name": "a removed group with the wrong count",
        "gold": [{"id": "d01", "kind": "object_removed", "subject": "bird", "count": 3}],
        "predictions": [{"kind": "object_removed", "subject": "birds", "count": 2}],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "camelCase and a position word that does not exist in the gold",
        "gold": [{"id": "d01", "kind": "object_added", "subject": "street_lamp"}],
        "predictions": [{"kind": "object_added", "subject": "leftStreetLamps"}],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "unrelated objects with the same change",
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "door",
                "attribute": "color",
                "from": "red",
                "to": "blue",
            }
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "roof",
                "attribute": "color",
                "from": "red",
                "to": "blue",
            }
        ],
        "expected": [None],
    },
]


def _gone(subject: str, **extra: object) -> dict:
    return {"kind": "object_removed", "subject": subject, **extra}


_CAT = {"id": "d01", **_gone("gray_cat"), "aliases": ["cat"]}
_FLOOR_CAT = {
    "id": "d01",
    "kind": "object_added",
    "subject": "cat",
    "description": "A cat appears on the floor in the second panel.",
}


_BLACK_TO_WHITE_CAT = {
    "id": "d01",
    "kind": "attribute_change",
    "subject": "cat",
    "attribute": "color",
    "from": "black",
    "to": "white",
}

_FRAMES = {
    "id": "d01",
    "kind": "count_change",
    "subject": "picture_frames_on_wall",
    "from": "3",
    "to": "2",
    "description": "There are three framed pictures on the wall, and two in the second panel.",
}

#: Names the teddy bear itself, and values that take a calculator away.
_BEAR_COUNTS_CALCULATOR = {
    "kind": "count_change",
    "subject": "teddy_bear_on_floor",
    "from": "calculator",
    "to": "kite",
}


_PETS = ("cat", "dog", "bird", "fish")
_LAMP_HIDDEN = _attr("lamp", "visibility", "visible", "hidden", id="d01")
_TV_PICTURE = _attr("tv", "screen", "picture", "no picture", id="d02")


def _contents(before: str, after: str) -> dict:
    """The floor's contents changed: an addition or removal told by its container."""
    return {
        "kind": "attribute_change",
        "subject": "floor",
        "attribute": "contents",
        "from": before,
        "to": after,
    }


_BOOKS = {
    "id": "d02",
    "kind": "count_change",
    "subject": "shelf_book",
    "aliases": ["book"],
    "from": "5",
    "to": "2",
}
_TREE = {
    "id": "d03",
    "kind": "attribute_change",
    "subject": "tree",
    "attribute": "size",
    "from": "large",
    "to": "small",
}
_RUN_ON = "The cat dog bird tree book kite boat lamp changed."

#: The red team's blind exploits of scoring 2.0 (issue 9) and the honest
#: phrasings it found refused; each was decided the other way before.
RED_TEAM_CASES = [
    {
        "name": "F1 a run-on noun list names its last noun at most",  # lead_head
        "gold": [_CAT, _BOOKS, _TREE],
        "predictions": [{"kind": "object_added", "subject": "object", "description": _RUN_ON}] * 3,
        "expected": [None, None, None],
    },
    {
        "name": "F1 a list joined by hyphens or by 'of' is no name either",
        "gold": [_CAT, {"id": "d02", **_gone("dog"), "aliases": ["puppy"]}],
        "predictions": [
            _gone("object", description="cat - dog - bird - tree - kite"),
            _gone("thing", description="a picture of a dog of a cat of a bird"),
        ],
        "expected": [None, None],
    },
    {
        "name": "F1 fitting objects with different heads singles none out",  # names_several
        "gold": [
            {"id": "d01", "kind": "object_added", "subject": "cake_candle"},
            {"id": "d02", "kind": "object_removed", "subject": "cake_cherry"},
        ],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "cake",
                "attribute": "decoration",
                "from": "cherry",
                "to": "candles",
            }
        ],
        "expected": [None],
    },
    {
        "name": "F2 nouns in the attribute field name nothing",  # value_heads only
        "gold": [_CAT],
        "predictions": [
            {
                "kind": "object_added",
                "subject": "object",
                "attribute": "cat dog bird tree book kite boat lamp",
            }
        ],
        "expected": [None],
    },
    {
        "name": "F2 a value names an object through its own head",
        "gold": [{"id": "d01", "kind": "object_added", "subject": "cake_candle"}],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "cake",
                "attribute": "decoration",
                "from": "plain icing",
                "to": "icing with candles",
            }
        ],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "F2 values of a vague subject name nothing",  # described reads the lead only
        "gold": [_CAT, {"id": "d02", **_gone("dog")}],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "object",
                "attribute": "contents",
                "from": "cat with bird",
                "to": "tree with lamp",
            }
        ],
        "expected": [None],
    },
    {
        "name": "F2 a listed subject is no container",  # container: head or attached noun
        "gold": [{"id": "d01", "kind": "object_added", "subject": "cake_candle"}],
        "predictions": [
            {
                "kind": "attribute_change",
                "subject": "cake_dog_bird_tree_sky",
                "attribute": "decoration",
                "from": "plain icing",
                "to": "icing with candles",
            }
        ],
        "expected": [None],
    },
    {
        "name": "F3 a listed subject and one shared number",  # attached, both numbers
        "gold": [_BOOKS],
        "predictions": [
            {
                "kind": "count_change",
                "subject": "cat_dog_bird_book_tree_kite_floor",
                "from": "2",
                "to": "4",
            }
        ],
        "expected": [None],
    },
    {
        "name": "F3 a part with both numbers of the count still finds it",
        "gold": [_BOOKS],
        "predictions": [{"kind": "count_change", "subject": "book_spine", "from": "5", "to": "2"}],
        "expected": ["d02"],
        "details_correct": [True],
    },
    {
        "name": "F10 an opening prepositional clause sets the scene",  # lead_phrase
        "gold": [
            {"id": "d01", "kind": "object_added", "subject": "boat", "aliases": ["sailboat"]},
            {"id": "d02", **_gone("cat"), "aliases": ["black_cat"]},
        ],
        "predictions": [
            {
                "kind": "object_added",
                "subject": "object",
                "description": "In the bottom image, a small red sailboat is now on the water.",
            },
            _gone(
                "object_1",
                description="On the right side of the street, the black cat that was "
                "sitting there is gone.",
            ),
        ],
        "expected": ["d01", "d02"],
        "details_correct": [True, True],
    },
    {
        "name": "F11 a vague name before a preposition is not the place after it",
        "gold": [{"id": "d01", **_gone("toaster"), "aliases": ["blue_toaster"]}],
        "predictions": [
            _gone("item_on_counter", description="The blue toaster on the counter is missing."),
            _gone("new_object", description="The toaster is gone."),
        ],
        "expected": ["d01", None],
    },
    {
        "name": "F11 change words and verbs are no heads",  # red_balloon_missing, wearing
        "gold": [
            {"id": "d01", **_gone("balloon")},
            {"id": "d02", "kind": "object_added", "subject": "girl", "aliases": ["child"]},
            {"id": "d03", **_gone("bird"), "count": 5},
        ],
        "predictions": [
            _gone("red_balloon_missing_in_top_panel"),
            {"kind": "object_added", "subject": "girl_wearing_yellow_dress"},
            _gone("flock_of_birds", count=5),
        ],
        "expected": ["d01", "d02", "d03"],
        "details_correct": [True, True, True],
    },
    {
        "name": "F12 a count of other things than the gold's",  # counts_another
        "gold": [
            {
                "id": "d01",
                "kind": "count_change",
                "subject": "house_window",
                "aliases": ["window"],
                "from": "2",
                "to": "4",
            },
            _BOOKS,
        ],
        "predictions": [
            {
                "kind": "count_change",
                "subject": "house",
                "from": "2",
                "to": "4",
                "description": "The house has four chimneys instead of two.",
            },
            {
                "kind": "count_change",
                "subject": "shelf",
                "from": "5",
                "to": "2",
                "description": "The shelf holds two vases instead of five.",
            },
        ],
        "expected": [None, None],
    },
    {
        "name": "F12 a count of the gold's own things",
        "gold": [_BOOKS],
        "predictions": [
            {
                "kind": "count_change",
                "subject": "shelf",
                "from": "5",
                "to": "2",
                "description": "The shelf holds two books instead of five.",
            }
        ],
        "expected": ["d02"],
        "details_correct": [True],
    },
    {
        "name": "F14 closed compounds are the open ones",  # compounds.py
        "gold": [
            {"id": "d01", **_gone("street_lamp"), "aliases": ["lamp_post", "lamp"]},
            _BOOKS,
            {
                "id": "d03",
                **_TREE,
                "subject": "trash_can",
                "attribute": "color",
                "from": "black",
                "to": "blue",
            },
        ],
        "predictions": [
            _gone("lamppost"),
            {
                "kind": "count_change",
                "subject": "bookshelf",
                "from": "5",
                "to": "2",
                "description": "The bookshelf holds two books instead of five.",
            },
            {
                "kind": "attribute_change",
                "subject": "trashcan",
                "attribute": "color",
                "from": "black",
                "to": "blue",
            },
        ],
        "expected": ["d01", "d02", "d03"],
        "details_correct": [True, True, True],
    },
    {
        "name": "F14 an open name is the closed one",
        "gold": [{"id": "d01", **_gone("lamppost")}],
        "predictions": [_gone("lamp_post")],
        "expected": ["d01"],
        "details_correct": [True],
    },
    # Second red team (the G findings): blind answers and wrong objects.
    {
        "name": "G1 a value chaining guessed nouns names none of them",  # exchanged
        "gold": [_FLOOR_CAT],
        "predictions": [_contents("cat on dog on bear on lamp", "boat on fox on sofa")],
        "expected": [None],
    },
    {
        "name": "G1 a value names what it is about: a cat on a rug is a cat",  # value_object
        "gold": [_FLOOR_CAT],
        "predictions": [_contents("bare boards", "cat on rug"), _contents("bare", "rug on cat")],
        "expected": ["d01", None],
        "details_correct": [False, None],
    },
    {
        "name": "G1 a value with only the new contents names them",  # red team round 2, R3
        "gold": [_FLOOR_CAT],
        "predictions": [{**_contents("", "floor with a cat"), "from": None}],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "G1 what the holder now has is what it brings",  # round 3
        "gold": [_FLOOR_CAT],
        "predictions": [_contents("bare floor", "floor now has a cat")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "G1 a cat with a collar is a cat",  # round 3
        "gold": [_FLOOR_CAT],
        "predictions": [{**_contents("", "a cat with a red collar"), "from": None}],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "G1 the added object and a second one from the same list",
        "gold": [_FLOOR_CAT, {**_FLOOR_CAT, "id": "d02", "subject": "dog"}],
        "predictions": [_contents("empty", "cat on dog"), _contents("empty", "dog on cat")],
        "expected": ["d01", "d02"],
        "details_correct": [False, False],
    },
    {
        "name": "G1 the container's new contents name the added object",
        "gold": [_FLOOR_CAT],
        "predictions": [_contents("bare boards", "a sleeping cat")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "G1 contents that lose the object are no addition",
        "gold": [_FLOOR_CAT],
        "predictions": [_contents("a sleeping cat", "bare boards")],
        "expected": [None],
    },
    {
        "name": "G1 one object taken and another brought name both",  # flag -> knob
        "gold": [{**_FLOOR_CAT, "kind": "object_removed"}],
        "predictions": [_contents("a sleeping cat", "a red ball")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "G2 an alias with another head leaves the kind words standing",  # by head
        "gold": [{"id": "d01", **_gone("apple_tree"), "aliases": ["fruit"]}],
        "predictions": [_gone("pine_tree")],
        "expected": [None],
    },
    {
        "name": "G2 a bare alias of the same head accepts any kind of it",
        "gold": [{"id": "d01", **_gone("palm_tree"), "aliases": ["palm", "tree"]}],
        "predictions": [_gone("pine_tree")],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "G2 a generated alias list does not open the compound veto",
        "gold": [{"id": "d01", **_gone("aquarium"), "aliases": ["fish_tank", "black_aquarium"]}],
        "predictions": [_gone("water_tank")],
        "expected": [None],
    },
    {
        "name": "G3 a prediction naming one gold itself is about that one only",  # names_several
        "gold": [
            {**_FLOOR_CAT, "subject": "teddy_bear", "aliases": ["teddy", "bear"]},
            {
                "id": "d02",
                **_gone("calculator"),
                "description": "The calculator on the floor is gone.",
            },
        ],
        "predictions": [_BEAR_COUNTS_CALCULATOR, _BEAR_COUNTS_CALCULATOR],
        "expected": ["d01", None],
        "details_correct": [False, None],
    },
    {
        "name": "G3 the same change without naming the bear still finds the calculator",
        "gold": [
            {**_FLOOR_CAT, "subject": "teddy_bear", "aliases": ["teddy", "bear"]},
            {
                "id": "d02",
                **_gone("calculator"),
                "description": "The calculator on the floor is gone.",
            },
        ],
        "predictions": [{**_BEAR_COUNTS_CALCULATOR, "subject": "floor"}],
        "expected": ["d02"],
        "details_correct": [False],
    },
    {
        "name": "G4 an open compound that is no kind of its head",  # NOT_A_KIND_OF
        "gold": [{"id": "d01", **_gone("house")}],
        "predictions": [_gone("dog_house"), _gone("light_house")],
        "expected": [None, None],
    },
    {
        "name": "G4 a replica said by one name only is no veto: the other names stand",
        "gold": [
            {"id": "d01", **_gone("teddy_bear"), "aliases": ["bear"]},
            {"id": "d02", **_gone("car_house"), "aliases": ["dog_house"]},
        ],
        "predictions": [_gone("bear"), _gone("car_house")],
        "expected": ["d01", "d02"],
    },
    {
        "name": "G4 a replica every name says still refuses the plain head",
        "gold": [{"id": "d01", **_gone("teddy_bear"), "aliases": ["teddy"]}],
        "predictions": [_gone("bear")],
        "expected": [None],
    },
    {
        "name": "G4 the compound itself is found, and a coloured house is a house",
        "gold": [{"id": "d01", **_gone("light_house")}, {"id": "d02", **_gone("house")}],
        "predictions": [_gone("lighthouse"), _gone("green_house")],
        "expected": ["d01", "d02"],
        "details_correct": [True, True],
    },
    {
        "name": "G5 a picture of the object is a picture",  # PICTURE_WORDS
        "gold": [_CAT],
        "predictions": [_gone("cat_picture"), _gone("picture_of_a_cat"), _gone("image_of_cat")],
        "expected": [None, None, None],
    },
    {
        "name": "G5 the object in the picture is the object",
        "gold": [_CAT],
        "predictions": [_gone("cat_in_the_right_image")],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "G5 a picture word before another head names that head's kind",  # round 2, R7
        "gold": [
            {"id": "d01", **_gone("painting"), "aliases": ["picture_frame", "wall_picture"]},
            {"id": "d02", **_gone("picture_frame")},
        ],
        "predictions": [_gone("framed_picture"), _gone("frame")],
        "expected": ["d01", "d02"],
        "details_correct": [True, True],
    },
    {
        "name": "G5 a picture frame is no window frame, a model book no book",  # round 3
        "gold": [
            {"id": "d01", **_gone("painting"), "aliases": ["picture_frame", "wall_picture"]},
            {"id": "d02", **_gone("book")},
            {"id": "d03", **_gone("fire_truck")},
        ],
        "predictions": [_gone("window_frame"), _gone("model_book"), _gone("flatbed_truck")],
        "expected": [None, None, None],
    },
    {
        "name": "G5 a photo frame is a frame",  # PICTURE_HOLDERS
        "gold": [{"id": "d01", **_gone("frame")}],
        "predictions": [_gone("photo_frame")],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "G6 a name names nothing it denies or hedges between",  # NAME_NEGATIONS, "or"
        "gold": [_CAT],
        "predictions": [_gone("not_a_cat"), _gone("dog_or_cat"), _gone("rug_without_cat")],
        "expected": [None, None, None],
    },
    {
        "name": "G9 an object said to go is not the one that changes colour",  # presence.py
        "gold": [_BLACK_TO_WHITE_CAT],
        "predictions": [_gone("cat"), {"kind": "object_added", "subject": "cat"}],
        "expected": [None, None],
    },
    {
        "name": "G9 the cat turning white is not the cat that went",  # _stays_and_goes
        "gold": [{"id": "d01", **_gone("cat"), "description": "The black cat is missing."}],
        "predictions": [
            _attr("cat", "color", "black", "white"),
            {"kind": "attribute_change", "subject": "cat"},
        ],
        "expected": [None, None],
    },
    {
        "name": "G9 stripes that appear on a shirt are its new pattern",
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "shirt",
                "attribute": "pattern",
                "from": "plain",
                "to": "striped",
            }
        ],
        "predictions": [{"kind": "object_added", "subject": "shirt_stripes"}],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "G9 a colour change told as the old one going and the new one coming",
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "balloon",
                "attribute": "color",
                "from": "red",
                "to": "blue",
            }
        ],
        "predictions": [_gone("red_balloon"), _gone("green_balloon")],
        "expected": ["d01", None],
        "details_correct": [False, None],
    },
    {
        "name": "G9 a part changing its look shows its whole in both panels",
        "gold": [
            {
                "id": "d01",
                **_gone("window"),
                "description": "The window with the pink curtain is missing.",
            }
        ],
        "predictions": [_attr("window_curtain", "pattern", "spotted", "checked")],
        "expected": [None],
    },
    {
        "name": "G9 a vague removal naming the object in its description",  # round 3
        "gold": [_BLACK_TO_WHITE_CAT],
        "predictions": [
            {
                "kind": "object_removed",
                "subject": "missing_object",
                "description": "The cat is gone.",
            }
        ],
        "expected": [None],
    },
    {
        "name": "G9 the look the name tells must be the one that went or came",  # round 3
        "gold": [_BLACK_TO_WHITE_CAT],
        "predictions": [
            _gone("white_cat"),
            {"kind": "object_added", "subject": "black_cat"},
            {
                "kind": "object_removed",
                "subject": "big_cat",
                "description": "The small black cat is gone.",
            },
        ],
        "expected": [None, None, None],
    },
    {
        "name": "G9 an attribute change stating no value still shows the object",  # round 3
        "gold": [{"id": "d01", **_gone("sun")}],
        "predictions": [{"kind": "attribute_change", "subject": "sun", "attribute": "state"}],
        "expected": [None],
    },
    {
        "name": "G9 a container's look may bring what it holds",  # round 3
        "gold": [
            {
                "id": "d01",
                "kind": "object_added",
                "subject": "apple",
                "description": "Red apples appear on the tree.",
            }
        ],
        "predictions": [_attr("apple_tree", "pattern", "plain green", "dotted with red apples")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "H1 a place after a preposition narrows no kind",  # Name.leading, round 4
        "gold": [
            {"id": "d01", **_gone("kettle_on_stove")},
            {"id": "d02", **_gone("man_in_red_shirt")},
            {"id": "d03", **_gone("kite_in_sky")},
        ],
        "predictions": [_gone("tea_kettle"), _gone("old_man"), _gone("paper_kite")],
        "expected": ["d01", "d02", "d03"],
        "details_correct": [True, True, True],
    },
    {
        "name": "H1 a kind before the head still narrows it",
        "gold": [{"id": "d01", **_gone("apple_tree_in_garden")}],
        "predictions": [_gone("pine_tree")],
        "expected": [None],
    },
    {
        "name": "H2 a lamp switched off is not the lamp that went",  # PRESENCE_WORDS
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "street_lamp",
                "attribute": "state",
                "from": "on",
                "to": "off",
            },
            {"id": "d02", **_gone("car")},
        ],
        "predictions": [
            _gone("street_lamp"),
            _attr("car", "position", "left", "right"),
        ],
        "expected": [None, None],
    },
    {
        "name": "H2 a removal told as visibility is a removal",
        "gold": [{"id": "d01", **_gone("street_lamp")}],
        "predictions": [_attr("street_lamp", "visibility", "visible", "hidden")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "H3 a gold counting framed pictures finds itself",  # counted picture words
        "gold": [_FRAMES],
        "predictions": [{k: v for k, v in _FRAMES.items() if k != "id"}],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "H4 a list in a value names its first item",  # _LISTING
        "gold": [{"id": "d01", **_gone("globe_on_teacher_desk")}],
        "predictions": [_attr("desk", "contents", "a globe and books", "books")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "H1 contents after of or with narrow the kind",  # _OF_KIND, round 5
        "gold": [{"id": "d01", **_gone("plate_of_cookies")}],
        "predictions": [_gone("license_plate")],
        "expected": [None],
    },
    {
        "name": "H1 other contents are another kind",
        "gold": [{"id": "d01", **_gone("plate_of_cookies")}],
        "predictions": [_gone("plate_of_fruit")],
        "expected": [None],
    },
    {
        "name": "H1 the same contents in front are the same kind",  # and cookies -> cookie
        "gold": [{"id": "d01", **_gone("plate_of_cookies")}],
        "predictions": [_gone("cookie_plate")],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "H2 a model may tell a removal as an attribute change",  # rounds 5, 7
        "gold": [{"id": f"d0{i}", **_gone(name)} for i, name in enumerate(_PETS, 1)],
        "predictions": [
            _attr("cat", "status", "appears", "disappears"),
            _attr("dog", "location", "on the sofa", "gone"),
            _attr("bird", "status", "in the picture", "not in the picture"),
            _attr("fish", "in_scene", "yes", "no"),
        ],
        "expected": ["d01", "d02", "d03", "d04"],
        "details_correct": [False, False, False, False],
    },
    {
        "name": "H2 a negation is no removal, and 'not here' no wildcard",  # round 6
        "gold": [
            {"id": "d01", **_gone("street_lamp")},
            {**_BLACK_TO_WHITE_CAT, "id": "d02"},
        ],
        "predictions": [
            _attr("street_lamp", "state", "on", "not on"),
            _attr("cat", "state", "here", "not here"),
        ],
        "expected": [None, None],
    },
    {
        "name": "H2 visibility true to false is a removal",  # round 6
        "gold": [{"id": "d01", **_gone("cat")}],
        "predictions": [_attr("cat", "visibility", "true", "false")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "H1 what a thing bears is no kind of it",  # _OF_KIND without "with", round 6
        "gold": [{"id": "d01", **_gone("man_with_beard")}],
        "predictions": [_gone("old_man")],
        "expected": ["d01"],
        "details_correct": [True],
    },
    {
        "name": "H2 a presence word that only describes leaves a change of state",  # round 7
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "cup",
                "attribute": "state",
                "from": "handle intact",
                "to": "handle missing",
            },
            {
                "id": "d02",
                "kind": "attribute_change",
                "subject": "car",
                "attribute": "color",
                "from": "blue",
                "to": "red",
            },
        ],
        "predictions": [
            _attr("cup", "state", "handle intact", "handle missing"),
            _attr("car", "color", "blue", "red (now visible)"),
        ],
        "expected": ["d01", "d02"],
        "details_correct": [True, None],
    },
    {
        "name": "H2 a claim of being there may say where",  # _BESIDES, round 8
        "gold": [{"id": "d01", **_gone("cat")}, {"id": "d02", **_gone("dog")}],
        "predictions": [
            _attr("cat", "presence", "present (left)", "absent (right)"),
            _attr("dog", "status", "on the table", "removed from the table"),
        ],
        "expected": ["d01", "d02"],
        "details_correct": [False, False],
    },
    {
        "name": "H2 golds about being seen, or a screen's picture, find their copies",  # round 8
        "gold": [_LAMP_HIDDEN, _TV_PICTURE],
        "predictions": [
            {k: v for k, v in _LAMP_HIDDEN.items() if k != "id"},
            {k: v for k, v in _TV_PICTURE.items() if k != "id"},
        ],
        "expected": ["d01", "d02"],
        "details_correct": [True, True],
    },
    {
        "name": "H2 a place in the picture is a place, being hidden there too",  # round 9
        "gold": [
            _attr("cat", "position", "left", "right", id="d01"),
            _attr("dog", "position", "on the bed", "under the bed", id="d02"),
            {"id": "d03", **_gone("bird")},
        ],
        "predictions": [
            _attr("cat", "position", "left side of the picture", "right side of the picture"),
            _attr("dog", "position", "on the bed", "hidden under the bed"),
            _attr("bird", "position", "left side of the picture", "right side of the picture"),
        ],
        "expected": ["d01", "d02", None],
        "details_correct": [None, None, None],
    },
    {
        "name": "H2 a place no longer seen is a removal",  # round 10
        "gold": [{"id": "d01", **_gone("cat")}],
        "predictions": [_attr("cat", "position", "on the sofa", "no longer visible")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "H2 a place named in the picture is still a place",  # round 10
        "gold": [_attr("cat", "position", "left", "right", id="d01")],
        "predictions": [
            _attr("cat", "position", "in the left of the picture", "in the right of the picture")
        ],
        "expected": ["d01"],
        "details_correct": [None],
    },
    {
        "name": "H2 a gold's state is no removal, whatever its values mention",  # round 5
        "gold": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "cup",
                "attribute": "state",
                "from": "whole",
                "to": "handle missing",
            },
            {
                "id": "d02",
                "kind": "attribute_change",
                "subject": "clock",
                "attribute": "time shown",
                "from": "3:00",
                "to": "5:00",
            },
        ],
        "predictions": [_gone("cup"), _gone("clock")],
        "expected": [None, None],
    },
    {
        "name": "a count is no change of another sort, stated or not",  # _different_change
        "gold": [
            {"id": "d01", "kind": "attribute_change", "subject": "fence", "attribute": "material"}
        ],
        "predictions": [{"kind": "count_change", "subject": "fence", "from": "5", "to": "4"}],
        "expected": [None],
    },
    {
        "name": "G9 a count is still an addition or removal of some",
        "gold": [{**_BOOKS, "id": "d01"}],
        "predictions": [_gone("books")],
        "expected": ["d01"],
        "details_correct": [False],
    },
    {
        "name": "G6 a sign saying no is a sign",
        "gold": [{"id": "d01", **_gone("no_parking_sign"), "aliases": ["sign"]}],
        "predictions": [_gone("parking_sign")],
        "expected": ["d01"],
        "details_correct": [True],
    },
]

_COUNT_DUCKS = {
    "id": "d01",
    "kind": "count_change",
    "subject": "ducks_on_pond",
    "from": "2",
    "to": "3",
    "description": "A third duck has joined the two on the pond.",
}
_CAGED_BIRD = {
    "id": "d01",
    "kind": "object_added",
    "subject": "bird",
    "description": "A small bird appears in the cage.",
}


def _case(
    name: str,
    gold: list[dict],
    predictions: list[dict],
    expected: list[str | None],
    details: list[bool] | None = None,
) -> dict:
    """One judged case in the shape of ``shared/scoring-cases.json``."""
    case = {"name": name, "gold": gold, "predictions": predictions, "expected": expected}
    return case if details is None else {**case, "details_correct": details}


_LAMP_SHADE = _attr("lamp_shade", "color", "red", "blue", id="d01")
_HAT = _attr("hat_of_man_on_bench", "color", "black", "green", id="d01")
_HORSE = _attr("horse", "color", "brown", "white", id="d01")

#: Round 11: one shared value, a place in the gold's name, a depiction or a
#: replica let wrong objects in; and their honest counterparts.
ROUND_11_CASES = [
    _case(  # _vetoes._same_values
        "J1 one shared value is no same change",
        [_attr("sofa_cushion", "color", "gray", "navy", id="d01")],
        [_attr("sofa", "color", "gray", "brown")],
        [None],
    ),
    _case(  # found by the shade; the detail wants the colour
        "J1 every value alike, a shade for its colour, is the same change",
        [_LAMP_SHADE],
        [_attr("lamp", "color", "dark red", "navy")],
        ["d01"],
        [False],
    ),
    _case(
        "J1 swapped values are still the same change",
        [_LAMP_SHADE],
        [_attr("lamp", "color", "blue", "red")],
        ["d01"],
        [False],
    ),
    _case(  # place_differs
        "J1 a place differs unless the whole change agrees",
        [_attr("left_car", "color", "blue", "red", id="d01")],
        [_attr("right_car", "color", "blue", "green")],
        [None],
    ),
    _case(  # route 2, Name.leading
        "J2 a place in the gold's name is not the object",
        [_HAT],
        [_attr("bench", "color", "black", "green")],
        [None],
    ),
    _case(
        "J2 the object the gold's name narrows by is",
        [_HAT],
        [_attr("man", "color", "black", "green")],
        ["d01"],
        [True],
    ),
    _case(  # _counted_by_attribute
        "J2 a count's attribute says what it counts",
        [_COUNT_DUCKS],
        [_attr("pond", "number of ducks", "2", "3")],
        ["d01"],
        [False],
    ),
    _case(
        "J2 a place with the gold's numbers only is not the object",
        [_COUNT_DUCKS],
        [{"kind": "count_change", "subject": "ponds", "from": "2", "to": "3"}],
        [None],
    ),
    _case(  # route 3, DEPICTIONS
        "J3 a depiction of the object is no part of it",
        [_HORSE],
        [
            _attr("horse statue", "color", "brown", "white"),
            _attr("shadow of the horse", "color", "brown", "white"),
            _attr("picture of a horse", "color", "brown", "white"),
        ],
        [None, None, None],
    ),
    _case(
        "J3 what the gold only mentions did not come or go with it",
        [_CAGED_BIRD],
        [{"kind": "object_added", "subject": "bird cage"}],
        [None],
    ),
    _case(  # case "same object, different change"
        "J3 a part the gold mentions is still found",
        [
            {
                **_attr("red_car", "color", "red", "green", id="d01"),
                "description": "The car's door turns green.",
            }
        ],
        [_attr("car_door", "color", "red", "green")],
        ["d01"],
        [True],
    ),
    _case(  # _modifiers._replica_of, round 12 took round 11's rule back
        "J4 toy or fake further from the head is part of a modifier",
        [{"id": "d01", **_gone("storage_box")}, _attr("coat", "color", "white", "black", id="d02")],
        [_gone("toy storage box"), _attr("fake fur coat", "color", "white", "black")],
        ["d01", "d02"],
        [True, True],
    ),
    _case(
        "J4 a hot air balloon is a balloon",
        [{"id": "d01", **_gone("balloon")}],
        [_gone("hot air balloon")],
        ["d01"],
        [True],
    ),
]

_CLOCK = _attr("wall_clock", "time", "3:00", "5:00", id="d01")

#: Round 11's honest answers that were refused: clock times, states, "-ish"
#: colours, British spellings, full-width letters.
ROUND_11_HONEST = [
    _case(  # clock_time
        f"K1 a clock's time however it is written ({before} -> {after})",
        [_CLOCK],
        [_attr("clock", "time shown", before, after)],
        ["d01"],
        [True],
    )
    for before, after in (
        ("3 o'clock", "5 o'clock"),
        ("15:00", "17:00"),
        ("03:00", "05:00"),
        ("three o'clock", "five o'clock"),
        ("3 pm", "5 pm"),
    )
] + [
    _case(
        "K1 another time is another change",
        [_CLOCK],
        [_attr("clock", "time", "3:00", "9:00")],
        ["d01"],
        [False],
    ),
    _case(
        "K1 a count written with a noun is still a count",
        [
            {
                "id": "d01",
                "kind": "count_change",
                "subject": "candles_on_cake",
                "from": "1",
                "to": "5",
            }
        ],
        [_attr("cake", "decoration", "one candle", "five candles")],
        ["d01"],
        [False],
    ),
    _case(  # VALUE_SYNONYMS
        "K2 lit and unlit are on and off",
        [_attr("floor_lamp", "state", "on", "off", id="d01")],
        [_attr("standing lamp", "state", "lit", "unlit")],
        ["d01"],
        [True],
    ),
    _case(
        "K2 bluish is blue",
        [_attr("kite", "color", "blue", "red", id="d01")],
        [_attr("kite", "color", "bluish", "reddish")],
        ["d01"],
        [True],
    ),
    _case(  # SYNONYMS, NFKC
        "K3 British spellings and full-width letters",
        [{"id": "d01", **_gone("bicycle_tire")}, {"id": "d02", **_gone("cat_on_sofa")}],
        [_gone("bicycle tyre"), _gone("ｃａｔ")],
        ["d01", "d02"],
        [True, True],
    ),
]

_SHIRT = {
    **_attr("man_in_red_shirt", "color", "red", "blue", id="d01"),
    "description": "The man's shirt changes from red to blue.",
}
_WINDOWS = {
    "id": "d01",
    "kind": "count_change",
    "subject": "house_window",
    "aliases": ["window"],
    "from": "3",
    "to": "1",
}

#: Round 12: what round 11's rules refused or let in that they should not.
ROUND_12_CASES = [
    _case(  # route 2, _bears_the_change
        "L1 the noun a gold's name gives the changing value is what changes",
        [{**_SHIRT, "description": None}],
        [_attr("shirt", "color", "red", "blue")],
        ["d01"],
        [True],
    ),
    _case(  # route 2, g.lead_head
        "L1 what the gold's description is about is what changes",
        [_SHIRT],
        [_attr("shirt", "color", "red", "blue")],
        ["d01"],
        [True],
    ),
    _case(  # route 3, DEPICTIONS checked after "mentioned"
        "L2 a print is part of the shirt, not a depiction of it",
        [_attr("t_shirt", "pattern", "stripes", "dots", id="d01")],
        [_attr("shirt print", "pattern", "stripes", "dots")],
        ["d01"],
        [True],
    ),
    _case(  # ISH_COLOURS only alone
        "L3 reddish brown is a brown",
        [_attr("horse", "color", "white", "brown", id="d01")],
        [_attr("horse", "color", "white", "reddish brown")],
        ["d01"],
        [True],
    ),
    _case(  # clock_time, same_time: a digital clock tells am from pm
        "L4 7 pm is not 7:00 am",
        [_attr("digital_clock", "time", "7:00 am", "8:00 am", id="d01")],
        [_attr("clock", "time", "7 pm", "8 pm")],
        [None],
    ),
    _case(
        "L4 a value listing several times reads none",
        [_attr("clock", "time", "9:00", "3:00", id="d01")],
        [_attr("clock", "time", "9:00, 3:00, 4:00, 5:00", "3:00, 4:00, 5:00, 6:00")],
        [None],
    ),
    _case(
        "L4 a time without am or pm is any of the two",
        [_attr("clock", "time", "7:00", "8:00", id="d01")],
        [_attr("clock", "time", "19:00", "8 pm")],
        ["d01"],
        [True],
    ),
    _case(  # attribute_counts, counts_another
        "L5 a count's attribute counting other things is another count",
        [_WINDOWS],
        [{**_attr("house", "number of bicycles", "3", "1"), "kind": "count_change"}],
        [None],
    ),
]

_APPLES = {
    "id": "d01",
    "kind": "count_change",
    "subject": "apples_in_bowl",
    "from": "3",
    "to": "5",
    "description": "The bowl on the counter holds five apples instead of three.",
}

#: Round 13: places that bore a changing value, containers counted for their
#: contents, colours that are things, and times and shades told in words.
ROUND_13_CASES = [
    _case(  # _bears_the_change: not after a place, not against the description
        "M1 a place the gold's name colours is still a place",
        [
            {
                **_attr("vase_on_red_shelf", "color", "red", "blue", id="d01"),
                "description": "The vase on the red shelf turns blue.",
            }
        ],
        [_attr("shelf", "color", "red", "blue")],
        [None],
    ),
    _case(
        "M1 nor without a description",
        [_attr("cup_on_left_table", "position", "left", "right", id="d01")],
        [_attr("table", "position", "left", "right")],
        [None],
    ),
    _case(  # _counts_veto: a place in the gold's name is not what it counts
        "M2 counting the container is no count of its contents",
        [_APPLES],
        [
            {**_attr("bowl", "number of bowls", "3", "5"), "kind": "count_change"},
            {"kind": "count_change", "subject": "bowl", "from": "3 bowls", "to": "5 bowls"},
        ],
        [None, None],
    ),
    _case(
        "M2 the container with the contents' numbers still finds them",
        [_APPLES],
        [{"kind": "count_change", "subject": "bowl", "from": "3", "to": "5"}],
        ["d01"],
        [True],
    ),
    _case(  # attribute_counts decides alone
        "M2 a description counting the subject does not undo the attribute's count",
        [{"id": "d01", "kind": "count_change", "subject": "house", "from": "1", "to": "2"}],
        [
            {
                **_attr("house", "number of windows", "1", "2"),
                "kind": "count_change",
                "description": "One house: its windows went from 1 to 2.",
            }
        ],
        [None],
    ),
    _case(  # THING_COLOURS
        "M3 an orange is a thing",
        [{**_gone("orange"), "id": "d01", "description": "An orange is gone from the bowl."}],
        [{**_attr("fruit_bowl", "number of oranges", "1", "0"), "kind": "count_change"}],
        ["d01"],
        [False],
    ),
    _case(
        "M3 counting oranges is no count of apples",
        [_APPLES],
        [{**_attr("bowl", "number of oranges", "3", "5"), "kind": "count_change"}],
        [None],
    ),
    _case(  # _SAID_TIMES
        "M4 times told in words",
        [_attr("wall_clock", "time", "2:30", "3:45", id="d01")],
        [_attr("clock", "time", "half past two", "quarter to four")],
        ["d01"],
        [True],
    ),
    _case(  # ISH_COLOURS with colour modifiers
        "M5 light bluish is a blue",
        [_attr("car", "color", "blue", "green", id="d01")],
        [_attr("car", "colour", "light bluish", "dark greenish")],
        ["d01"],
        [True],
    ),
]

CASES += RED_TEAM_CASES + ROUND_11_CASES + ROUND_11_HONEST + ROUND_12_CASES + ROUND_13_CASES


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_rule(case: dict) -> None:
    assert_judged(case)


def test_empty_prediction_list_misses_everything() -> None:
    gold = [gold_difference_from_json({"id": "d01", "kind": "object_added", "subject": "cat"})]
    result = match_item(gold, [])
    assert result.matches == () and result.missed == ("d01",) and result.extra == ()


def test_identical_duplicates_report_the_first_as_matched() -> None:
    gold = [gold_difference_from_json({"id": "d01", "kind": "object_added", "subject": "cat"})]
    same = difference_from_json({"kind": "object_added", "subject": "cat"})
    result = match_item(gold, [same, same, same])
    assert [m.prediction_index for m in result.matches] == [0]
    assert result.extra == (1, 2)
