"""Matching decisions from red team round 15, each as a careful judge decides it.

Round 15 checked the round-14 rules (N2 to N5) against honest answers and
found each refused some: an addition told as its container's new look, the
light a thing gives, a fruit named like a colour, a noun that is also a
verb. These cases pin the narrowed rules down, with the wrong answers the
round-14 rules were made for kept refused. Format as in
shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import added as _added
from conftest import assert_judged
from conftest import attribute_change as _attr
from conftest import one_gold_case as _case
from conftest import removed as _removed
from conftest import told as _told


def _vague(kind: str, description: str, **extra: object) -> dict:
    return {"kind": kind, "subject": "object_1", "description": description, **extra}


_VASE = _added("vase", description="A vase now stands on the bookshelf.")
_BOOKSHELF_BLUE = _attr("bookshelf", "color", "white", "blue")

CASES = [
    # N2. _presence._told_as_staying: only a look the lead's own clause tells
    # keeps the object there.
    _case(
        "N2 snow that covers the roof is the snow added",
        _added("snow_on_roof"),
        _told(
            _attr("roof", "color", "red", "white"), "Snow now covers the roof, turning it white."
        ),
        "d01",
    ),
    _case(
        "N2 ivy that grows over the fence is the ivy added",
        _added("ivy_on_fence"),
        _told(_attr("fence", "color", "white", "green"), "Ivy now grows over the fence."),
        "d01",
    ),
    _case(
        "N2 a dent fixed is the dent removed",
        _removed("dent_in_car"),
        _told(_attr("car_door", "shape", "dented", "smooth"), "The dent in the car door is fixed."),
        "d01",
    ),
    _case(
        "N2 stars that no longer dot the sky are the stars removed",
        _removed("stars", description="The stars have vanished from the sky."),
        _told(_attr("sky", "pattern", "starry", "plain"), "Stars no longer dot the night sky."),
        "d01",
    ),
    _case(
        "N2 a vase still there is no vase added",
        _VASE,
        _told(_BOOKSHELF_BLUE, "The vase on the bookshelf is still there but now blue."),
        None,
    ),
    _case(
        "N2 a vase with a new colour is no vase added",
        _VASE,
        _told(_BOOKSHELF_BLUE, "The vase on the bookshelf has a new blue colour."),
        None,
    ),
    _case(
        "N2 what a later clause says is not the vase's",
        _VASE,
        _told(_BOOKSHELF_BLUE, "The vase on the bookshelf is now blue; nothing appeared."),
        None,
    ),
    # N3. normalize.name_head: "light" after a noun that is no kind of light
    # is the light that thing gives; in a value it is a look.
    _case(
        "N3 the candle's light is the candle",
        _attr("candle", "state", "lit", "unlit"),
        _attr("candle_light", "state", "on", "off"),
        "d01",
    ),
    _case(
        "N3 the lamp's light is the lamp",
        _attr("lamp", "state", "on", "off"),
        _attr("lamp_light", "state", "on", "off"),
        "d01",
    ),
    _case(
        "N3 a wall turning light is no wall light added",
        _added("wall_light"),
        _attr("wall", "color", "dark", "light"),
        None,
    ),
    _case(
        "N3 a street turning dark is no street light removed",
        _removed("street_light"),
        _attr("street", "color", "light", "dark"),
        None,
    ),
    # N4. relation._narrows_as_noun: a fruit named like a colour.
    _case(
        "N4 oranges are the bowl of oranges",
        {"kind": "count_change", "subject": "bowl_of_oranges", "from": "3", "to": "5"},
        {"kind": "count_change", "subject": "oranges", "from": "3", "to": "5"},
        "d01",
    ),
    _case(
        "N4 a lime is the lime wedge",
        _attr("lime_wedge", "color", "green", "yellow"),
        _attr("lime", "color", "green", "yellow"),
        "d01",
    ),
    _case(
        "N4 an orange is the orange slice",
        _attr("orange_slice", "size", "small", "large"),
        _attr("orange", "size", "small", "large"),
        "d01",
    ),
    # N5. lead._noun_here and _NOT_HEADS_BEFORE_OF: nouns that are verbs too,
    # and a picture of a thing.
    _case(
        "N5 bird feed is feed",
        _removed("bird_feed", description="The bird feed in the tray is gone."),
        _vague("object_removed", "The bird feed in the tray is gone."),
        "d01",
    ),
    _case(
        "N5 a flip phone is a phone",
        _removed("phone", description="The man's phone is gone."),
        _vague("object_removed", "The man's flip phone is missing."),
        "d01",
    ),
    _case(
        "N5 a gear shift is a shift",
        _attr("gear_shift", "position", "up", "down"),
        _vague(
            "attribute_change",
            "The car's gear shift is moved down.",
            attribute="position",
            **{"from": "up", "to": "down"},
        ),
        "d01",
    ),
    _case(
        "N5 the height of a tree that increases is the tree",
        _attr("tree", "size", "small", "large"),
        _vague(
            "attribute_change",
            "The height of the tree increases.",
            attribute="size",
            **{"from": "small", "to": "large"},
        ),
        "d01",
    ),
    _case(
        "N5 a print of a cat is no cat",
        _added("cat", description="A cat appears on the sofa."),
        _vague("object_added", "A print of a cat now hangs on the wall."),
        None,
    ),
    _case(
        "N5 a print of a cat is the cat print",
        _added("cat_print", description="A framed cat print hangs on the wall."),
        _vague("object_added", "A print of a cat now hangs on the wall."),
        "d01",
    ),
    _case(
        "N5 the silhouette of a bird is no bird",
        _added("bird"),
        _vague("object_added", "The silhouette of a bird appears on the curtain."),
        None,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_rule(case: dict) -> None:
    assert_judged(case)
