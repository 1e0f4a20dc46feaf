"""Beach and garden things: balls, umbrellas, sandcastles, crabs, palm trees, mushrooms.

Same conventions as ``objects_outdoor``.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import dome, star
from .objects_outdoor import BLACK, BRIGHT, BROWN, GRAY, LEAF
from .palette import rgb
from .scene import Group, ObjectKind, SceneObject, Slot

SAND = (214, 178, 110)


def ball(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.0, 1.0, 1.0), rgb(o.colour), pattern=o.pattern, width=f.line)


def beach_umbrella(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.4), (0.5, 0.99)), GRAY, width=3)
    c.polygon(dome(f, 0.0, 0.0, 1.0, 0.46), rgb(o.colour), pattern=o.pattern, width=f.line)


def sandcastle(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.08, 0.5, 0.92, 0.99), SAND, width=f.line)
    c.polygon(dome(f, 0.4, 0.68, 0.6, 0.8, 8) + f.pts((0.6, 0.99), (0.4, 0.99)), BROWN, width=0)


def castle_tower(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    f = host.sub(*slot)
    c.rect(f.box(0.1, 0.2, 0.9, 1.0), SAND, width=2)
    for u in (0.1, 0.42, 0.74):
        c.rect(f.box(u, 0.0, u + 0.16, 0.2), SAND, width=1)


def bucket(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.arc(f.box(0.14, 0.0, 0.86, 0.6), 180, 360, width=2)
    c.polygon(
        f.pts((0.0, 0.28), (1.0, 0.28), (0.84, 0.99), (0.16, 0.99)), rgb(o.colour), width=f.line
    )


def crab(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.2, 0.35, 0.65, 0.8):
        c.line(f.pts((u, 0.6), (u + (0.1 if u > 0.5 else -0.1), 0.99)), fill, width=3)
    c.ellipse(f.box(0.0, 0.0, 0.26, 0.36), fill, width=1)
    c.ellipse(f.box(0.74, 0.0, 1.0, 0.36), fill, width=1)
    c.ellipse(f.box(0.14, 0.3, 0.86, 0.86), fill, width=f.line)
    c.ellipse(f.box(0.38, 0.4, 0.46, 0.52), BLACK, width=0)
    c.ellipse(f.box(0.54, 0.4, 0.62, 0.52), BLACK, width=0)


def starfish(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(star(f, 0.0, 0.0, 1.0, 1.0), rgb(o.colour), width=f.line)


def palm_tree(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.44, 0.3), (0.56, 0.3), (0.6, 0.99), (0.46, 0.99)), BROWN, width=f.line)
    for tip in ((0.0, 0.34), (0.12, 0.06), (0.5, 0.0), (0.88, 0.06), (1.0, 0.34)):
        mid = ((tip[0] + 0.5) / 2, (tip[1] + 0.28) / 2 - 0.06)
        c.polygon(f.pts((0.5, 0.28), mid, tip, (mid[0], mid[1] + 0.08)), LEAF, width=1)


def coconut(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    c.ellipse(host.box(*slot), (110, 70, 30), width=1)


def mushroom(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.34, 0.44, 0.66, 0.99), (240, 230, 205), width=f.line)
    c.polygon(dome(f, 0.0, 0.0, 1.0, 0.5), rgb(o.colour), pattern=o.pattern, width=f.line)


CASTLE_TOWERS = Group(
    "sandcastle_tower",
    "tower",
    "towers",
    ("tower", "castle_tower", "turret"),
    "on the sandcastle",
    1,
    4,
    (
        (0.0, 0.14, 0.22, 0.52),
        (0.26, 0.0, 0.48, 0.52),
        (0.52, 0.0, 0.74, 0.52),
        (0.78, 0.14, 1.0, 0.52),
    ),
    castle_tower,
)


COCONUTS = Group(
    "palm_coconut",
    "coconut",
    "coconuts",
    ("coconut", "nut"),
    "on the palm tree",
    1,
    4,
    (
        (0.36, 0.3, 0.46, 0.38),
        (0.54, 0.3, 0.64, 0.38),
        (0.44, 0.36, 0.54, 0.44),
        (0.28, 0.36, 0.38, 0.44),
    ),
    coconut,
)


BEACH_KINDS = (
    ObjectKind(
        "ball",
        "ball",
        ("beach_ball", "toy_ball"),
        "near",
        (28, 28),
        BRIGHT,
        ball,
        patterns=("striped", "spotted"),
    ),
    ObjectKind(
        "beach_umbrella",
        "beach umbrella",
        ("umbrella", "parasol"),
        "sand",
        (84, 92),
        ("red", "blue", "yellow", "green", "orange"),
        beach_umbrella,
        patterns=("striped", "spotted"),
    ),
    ObjectKind(
        "sandcastle",
        "sandcastle",
        ("sand_fort",),
        "sand",
        (72, 60),
        ("brown",),
        sandcastle,
        resizable=False,
        group=CASTLE_TOWERS,
    ),
    ObjectKind("bucket", "bucket", ("pail", "sand_bucket"), "near", (30, 32), BRIGHT, bucket),
    ObjectKind("crab", "crab", (), "sand", (42, 28), ("red", "orange"), crab),
    ObjectKind(
        "starfish",
        "starfish",
        ("sea_star",),
        "sand",
        (32, 32),
        ("orange", "pink", "red", "purple"),
        starfish,
    ),
    ObjectKind(
        "palm_tree",
        "palm tree",
        ("palm",),
        "sand",
        (84, 126),
        ("green",),
        palm_tree,
        resizable=False,
        group=COCONUTS,
    ),
    ObjectKind(
        "mushroom",
        "mushroom",
        ("toadstool",),
        "near",
        (32, 34),
        ("red", "brown", "orange", "purple"),
        mushroom,
        patterns=("spotted",),
        most=2,
        outdoor=True,
    ),
)
