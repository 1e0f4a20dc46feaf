"""The catalogue: every object kind, and the themes (backdrop, zones, kinds) scenes use.

Backdrops are fixed drawings without randomness: what varies between items
is which objects stand where, so a backdrop never hides or fakes a change.
A theme's kinds are every kind that may stand in its zones (most kinds are
shared by all themes), never a hand-picked short list: the backdrop is
visible to anyone, so a short list per theme is a prior a blind guesser
exploits.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from ..matching import parse_name
from .canvas import Canvas
from .crowds import crowds
from .objects_animals import ANIMAL_KINDS
from .objects_beach import BEACH_KINDS
from .objects_food import FOOD_KINDS
from .objects_gadgets import GADGET_KINDS
from .objects_garden import GARDEN_KINDS
from .objects_home import HOME_KINDS
from .objects_household import HOUSEHOLD_KINDS
from .objects_indoor import FLOOR_KINDS, WALL_KINDS
from .objects_kitchen import COUNTER_KINDS
from .objects_outdoor import FAR_KINDS, SKY_KINDS
from .objects_skyline import SKYLINE_KINDS
from .objects_small import SMALL_KINDS
from .objects_street import STREET_KINDS
from .objects_things import THING_KINDS
from .objects_wildlife import WILD_KINDS
from .scene import PANEL_HEIGHT, PANEL_WIDTH, ObjectKind, Theme, Zone

#: The kinds that stand alone, as drawn.
SINGLE_KINDS: tuple[ObjectKind, ...] = tuple(
    kind
    for group in (
        SKY_KINDS,
        SKYLINE_KINDS,
        FAR_KINDS,
        STREET_KINDS,
        GARDEN_KINDS,
        ANIMAL_KINDS,
        WILD_KINDS,
        BEACH_KINDS,
        THING_KINDS,
        GADGET_KINDS,
        FOOD_KINDS,
        WALL_KINDS,
        COUNTER_KINDS,
        FLOOR_KINDS,
        HOME_KINDS,
        HOUSEHOLD_KINDS,
        SMALL_KINDS,
    )
    for kind in group
)
#: Every kind: the single ones and their crowds.
OBJECT_KINDS: dict[str, ObjectKind] = {k.key: k for k in (*SINGLE_KINDS, *crowds(SINGLE_KINDS))}

HORIZON = 150
SKY = (150, 205, 245)
GRASS = (110, 185, 85)
DARK_GRASS = (85, 160, 70)
PAVEMENT = (200, 200, 200)
ROAD = (95, 95, 100)
SEA = (60, 140, 205)
SAND = (238, 214, 160)
KITCHEN_WALL = (245, 236, 205)
LIVING_WALL = (205, 230, 200)
WOOD_FLOOR = (190, 140, 90)
W, H = PANEL_WIDTH, PANEL_HEIGHT


def _sky(c: Canvas, ground: tuple[int, int, int]) -> None:
    c.rect((0, 0, W, HORIZON), SKY, width=0)
    c.rect((0, HORIZON, W, H), ground, width=0)


def park(c: Canvas) -> None:
    _sky(c, GRASS)
    c.ellipse((-60, HORIZON - 40, 200, HORIZON + 40), DARK_GRASS, width=0)
    c.ellipse((260, HORIZON - 30, 560, HORIZON + 30), DARK_GRASS, width=0)
    c.rect((0, HORIZON, W, H), GRASS, width=0)
    c.polygon(
        [(200, H), (240, HORIZON + 20), (260, HORIZON + 20), (320, H)], (215, 195, 150), width=0
    )


def street(c: Canvas) -> None:
    _sky(c, PAVEMENT)
    c.rect((0, 262, W, 322), ROAD, width=0)
    for x in range(10, W, 60):
        c.rect((x, 290, x + 30, 294), (245, 245, 245), width=0)


def farm(c: Canvas) -> None:
    _sky(c, GRASS)
    for x in range(0, W, 24):
        c.rect((x, HORIZON - 14, x + 4, HORIZON + 4), (180, 140, 90), width=0)
    c.rect((0, HORIZON - 10, W, HORIZON - 7), (180, 140, 90), width=0)


def beach(c: Canvas) -> None:
    _sky(c, SAND)
    c.rect((0, HORIZON, W, 205), SEA, width=0)
    c.line([(0, 206), (W, 206)], (250, 250, 250), width=3)


def camping(c: Canvas) -> None:
    _sky(c, DARK_GRASS)
    c.polygon([(-40, HORIZON), (90, 60), (220, HORIZON)], (150, 150, 165), width=0)
    c.polygon([(180, HORIZON), (330, 40), (520, HORIZON)], (130, 130, 150), width=0)
    c.polygon([(300, 72), (330, 40), (360, 72)], (250, 250, 250), width=0)


def kitchen(c: Canvas) -> None:
    c.rect((0, 0, W, 300), KITCHEN_WALL, width=0)
    c.rect((0, 222, W, 232), (120, 120, 125), width=0)
    c.rect((0, 232, W, 300), (180, 130, 80), width=0)
    for x in range(0, W, 80):
        c.rect((x + 4, 238, x + 76, 294), (195, 145, 95), width=1)
    for row, y in enumerate(range(300, H, 20)):
        for col, x in enumerate(range(0, W, 20)):
            shade = (235, 235, 235) if (row + col) % 2 else (200, 200, 210)
            c.rect((x, y, x + 20, y + 20), shade, width=0)


def living_room(c: Canvas) -> None:
    c.rect((0, 0, W, 240), LIVING_WALL, width=0)
    c.rect((0, 240, W, H), WOOD_FLOOR, width=0)
    c.rect((0, 236, W, 244), (245, 245, 245), width=0)
    for y in range(270, H, 30):
        c.line([(0, y), (W, y)], (165, 120, 75), width=1)


def _outdoor(ground: tuple[int, int, int], near_top: int = HORIZON + 56) -> tuple[Zone, ...]:
    return (
        Zone("sky", (44, HORIZON - 12), "in the sky", SKY),
        Zone("far", (HORIZON + 4, HORIZON + 22), "", ground),
        Zone("near", (near_top, H - 6), "", ground, depth=True),
    )


BEACH_ZONES = (
    Zone("sky", (44, HORIZON - 12), "in the sky", SKY),
    Zone("water", (178, 204), "on the sea", SEA),
    Zone("far", (214, 226), "", SAND),
    Zone("near", (232, H - 6), "", SAND, depth=True),
    # The same strip again, for what only a beach has (sandcastles, crabs).
    Zone("sand", (232, H - 6), "", SAND, depth=True),
)
KITCHEN_ZONES = (
    Zone("wall", (70, 206), "on the wall", KITCHEN_WALL),
    Zone("counter", (223, 224), "on the counter", KITCHEN_WALL),
    Zone("near", (318, H - 4), "on the floor", (220, 220, 225), depth=True),
)
LIVING_ZONES = (
    Zone("wall", (70, 222), "on the wall", LIVING_WALL),
    Zone("near", (262, H - 4), "on the floor", WOOD_FLOOR, depth=True),
)


def _theme(name: str, background, zones: tuple[Zone, ...], indoor: bool = False) -> Theme:
    """A theme holding every single kind that may stand in its zones."""
    theme = Theme(name, background, zones, indoor)
    return replace(theme, kinds=tuple(k.key for k in SINGLE_KINDS if theme.hosts(k)))


THEMES: tuple[Theme, ...] = (
    _theme("park", park, _outdoor(GRASS)),
    _theme("street", street, _outdoor(PAVEMENT)),
    _theme("farm", farm, _outdoor(GRASS)),
    _theme("beach", beach, BEACH_ZONES),
    _theme("camping", camping, _outdoor(DARK_GRASS)),
    _theme("kitchen", kitchen, KITCHEN_ZONES, indoor=True),
    _theme("living_room", living_room, LIVING_ZONES, indoor=True),
)

#: Drawing order of zones: what is further away first.
ZONE_ORDER = ("sky", "wall", "far", "water", "counter", "near", "sand")


@cache
def heads(key: str) -> tuple[str, ...]:
    """The head nouns a person may use for a kind: its own and its group's.

    Two kinds sharing one (a tree and a pine tree, a balloon and a hot air
    balloon) never meet in a scene, so "the tree got bigger" names one thing.
    """
    kind = OBJECT_KINDS[key]
    names = [kind.subject]
    names += [kind.group.subject] if kind.group else []
    names += [f"{kind.subject}_{kind.part}"] if kind.part else []
    return tuple(sorted({h for n in names if (h := parse_name(n).head) is not None}))
