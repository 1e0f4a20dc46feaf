"""Matching decisions from red team round 19, each as a careful judge decides it.

Round 19 looked for answers that earn points without looking, wrong objects
the matcher accepts and honest answers it refuses, measured on the bundled
set, fresh generated sets and the hand-written battery. Format as in
shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import added, assert_judged, removed
from conftest import attribute_change as _attr
from conftest import one_gold_case as _case


def _count(subject: str, before: str, after: str, **extra: object) -> dict:
    return {"kind": "count_change", "subject": subject, "from": before, "to": after, **extra}


# Golds as the bundled set writes them (scene_0019, 0022, 0016, 0023, 0005,
# 0017): an alias whose head is not the subject's is a looser name of it.
_BROOM = removed(
    "broom",
    aliases=["brush", "red_broom"],
    description="The red broom in the middle is missing from the second panel.",
)
_PAINTING = added(
    "painting",
    aliases=["picture_frame", "wall_picture", "frame", "blue_painting"],
    description="A blue painting appears on the wall in the middle in the second panel.",
)
_BENCH = removed(
    "bench",
    aliases=["park_bench", "seat", "blue_bench"],
    description="The blue bench on the left is missing from the second panel.",
)
_TRUMPET = added(
    "trumpet",
    aliases=["horn", "yellow_trumpet"],
    description="A yellow trumpet appears in the middle in the second panel.",
)
_PADLOCK = _attr(
    "padlock",
    "color",
    "red",
    "blue",
    aliases=["lock", "red_padlock"],
    description="The padlock on the left changes from red to blue.",
)
_TRASH_CANS = _count(
    "trash_can",
    "4",
    "2",
    aliases=["bin", "rubbish_bin", "garbage_can", "trash_cans"],
    description="The second panel shows two trash cans on the right instead of four.",
)
_LIGHT_BULB = removed(
    "light_bulb",
    aliases=["bulb", "lightbulb", "yellow_light_bulb"],
    description="The yellow light bulb on the right is missing from the second panel.",
)

CASES_ALIAS_KINDS = [
    # _vetoes._only_an_alias: the gold's head is "any kind of it" only when
    # it is the subject's head. An alias with another head is a name of the
    # gold's object, so a kind word the gold never says makes it another
    # thing: each of these was accepted as the gold, route same_object.
    *(
        _case(f"A1 {subject} is no {name}", gold, diff(subject), None)
        for subject, gold, name, diff in [
            ("tooth_brush", _BROOM, "broom", removed),
            ("hair_brush", _BROOM, "broom", removed),
            ("window_frame", _PAINTING, "painting", added),
            ("door_frame", _PAINTING, "painting", added),
            ("car_seat", _BENCH, "bench", removed),
            ("toilet_seat", _BENCH, "bench", removed),
            ("car_horn", _TRUMPET, "trumpet", added),
            ("deer_horn", _TRUMPET, "trumpet", added),
        ]
    ),
    _case(
        "A1 a door lock turning blue is no padlock",
        _PADLOCK,
        _attr("door_lock", "color", "red", "blue"),
        None,
    ),
    _case(
        "A1 recycling bins are no trash cans the gold never calls so",
        _TRASH_CANS,
        _count("recycling_bin", "4", "2"),
        None,
    ),
    # The alias alone, with a look, or with a kind word the gold says, is
    # still the gold; so is the subject's head written closed.
    *(
        _case(f"A1 {subject} is the {name}", gold, diff(subject), "d01")
        for subject, gold, name, diff in [
            ("brush", _BROOM, "broom", removed),
            ("red_brush", _BROOM, "broom", removed),
            ("frame", _PAINTING, "painting", added),
            ("photo_frame", _PAINTING, "painting", added),
            ("seat", _BENCH, "bench", removed),
            ("park_seat", _BENCH, "bench", removed),
            ("horn", _TRUMPET, "trumpet", added),
            ("glass_lightbulb", _LIGHT_BULB, "light bulb", removed),
        ]
    ),
    _case(
        "A1 rubbish bins are the trash cans called so",
        _TRASH_CANS,
        _count("rubbish_bin", "4", "2"),
        "d01",
    ),
    _case(
        "A1 trash bins are the trash cans",
        _TRASH_CANS,
        _count("trash_bin", "4", "2"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_ALIAS_KINDS, ids=[c["name"] for c in CASES_ALIAS_KINDS])
def test_alias_kinds(case: dict) -> None:
    assert_judged(case)
