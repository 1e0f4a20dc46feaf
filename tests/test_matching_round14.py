"""Matching decisions from red team round 14, each as a careful judge decides it.

Wrong objects a realistic answer gave, and the honest answers their fixes
must keep. Format as in shared/scoring-cases.json; the comment says which
rule each case pins down.
"""

from __future__ import annotations

import pytest
from conftest import added as _added
from conftest import assert_judged
from conftest import attribute_change as _attr
from conftest import one_gold_case as _case
from conftest import removed as _removed
from conftest import told as _told

CASES = [
    # N1 (a place phrase is not attached) was taken back before landing: red team
    # round 15 found it refused 19 honest answers ("leaves_on_tree", "paint_on_wall")
    # for each wrong one it caught. "stove_under_kettle" stays a known limit.
    # N2. _presence._told_as_staying: a change of look shows the object its
    # values both name, or its description is about, in both panels.
    _case(
        "N2 a flag recoloured is no flag removed",
        _removed("tower_flag"),
        _attr("tower", "color", "red flag", "blue flag"),
        None,
    ),
    _case(
        "N2 apples recoloured are no apples added",
        _added("tree_apples"),
        _attr("tree", "color", "green apples", "red apples"),
        None,
    ),
    _case(
        "N2 a description about the vase turning blue is no vase added",
        _added("vase", description="A vase now stands on the bookshelf."),
        _told(
            _attr("bookshelf", "color", "white", "blue"),
            "The vase on the bookshelf changes from white to blue.",
        ),
        None,
    ),
    _case(  # the container route still takes what the values bring
        "N2 a tree dotted with new apples is the apples added",
        _added("apples_in_tree"),
        _attr("tree", "pattern", "plain green", "dotted with red apples"),
        "d01",
    ),
    # N3. normalize.name_head: "light" ends a name as a noun.
    _case(
        "N3 a traffic cone is no traffic light",
        _attr("traffic_light", "color", "red", "green"),
        _attr("traffic_cone", "color", "red", "green"),
        None,
    ),
    _case(
        "N3 a wall is not the light that turned yellow",
        _attr("light", "color", "white", "yellow"),
        _attr("wall", "color", "white", "yellow"),
        None,
    ),
    _case(
        "N3 the light is the street light",
        _attr("street_light", "state", "on", "off"),
        _attr("light", "state", "on", "off"),
        "d01",
        True,
    ),
    _case(  # still a modifier before another word
        "N3 a light blue car is a car",
        _attr("car", "color", "red", "blue"),
        _attr("light_blue_car", "color", "red", "blue"),
        "d01",
        True,
    ),
    # N4. relation route 2: a colour in the gold's name narrows nothing.
    _case(
        "N4 an orange is not the orange balloon",
        _attr("orange_balloon", "size", "small", "large"),
        _attr("orange", "size", "small", "large"),
        None,
    ),
    # N5. lead.head_of_phrase and SCENE_VERBS: what a vague answer's description is about.
    _case(
        "N5 the boy who kicks a ball is no ball",
        _added("ball"),
        _told(_added("object_1"), "A boy kicks a ball on the grass."),
        None,
    ),
    _case(
        "N5 the colour of the car is the car",
        _attr("car", "color", "red", "blue"),
        _told(
            {"kind": "attribute_change", "subject": "object_1", "attribute": "color"},
            "The colour of the car changes from red to blue.",
        ),
        "d01",
    ),
    _case(
        "N5 the kite that vanishes is the kite",
        _removed("kite"),
        _told(_removed("object_2"), "The kite vanishes from the sky."),
        "d01",
    ),
    _case(  # VAGUE_NOUNS: "difference_1" names no object
        "N5 a difference numbered is a vague subject",
        _removed("kite"),
        _told(_removed("difference_1"), "The red kite is gone from the sky."),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_rule(case: dict) -> None:
    assert_judged(case)
