"""More indoor things: furniture and appliances on the floor, and things hung on the wall.

Indoor only (``outdoor=False``); both indoor themes share them. Same
conventions as ``objects_outdoor``.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import heart
from .objects_outdoor import BLACK, BRIGHT, BROWN, GLASS, GRAY, LEAF, WHITE
from .palette import rgb
from .scene import ObjectKind, SceneObject

WATER = (120, 190, 235)


def table(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.0, 0.0, 1.0, 0.16), fill, pattern=o.pattern, width=f.line)
    for u in (0.06, 0.84):
        c.rect(f.box(u, 0.16, u + 0.1, 0.99), fill, width=f.line)


def bed(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 0.1, 0.99), BROWN, width=f.line)
    c.rect(f.box(0.9, 0.3, 1.0, 0.99), BROWN, width=f.line)
    c.rect(f.box(0.1, 0.46, 0.9, 0.8), rgb(o.colour), pattern=o.pattern, width=f.line)
    c.ellipse(f.box(0.12, 0.3, 0.34, 0.5), WHITE, width=1)


def wardrobe(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.95), rgb(o.colour), width=f.line)
    c.line(f.pts((0.5, 0.02), (0.5, 0.93)), BLACK, width=2)
    for u in (0.42, 0.54):
        c.rect(f.box(u, 0.44, u + 0.04, 0.54), GRAY, width=0)
    for u in (0.06, 0.84):
        c.rect(f.box(u, 0.95, u + 0.1, 0.99), BLACK, width=0)


def piano(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.0, 0.0, 1.0, 0.56), fill, width=f.line)
    c.rect(f.box(0.0, 0.5, 1.0, 0.66), WHITE, width=1)
    for i in range(1, 10):
        c.line(f.pts((0.1 * i, 0.5), (0.1 * i, 0.66)), BLACK, width=1)
    for u in (0.04, 0.88):
        c.rect(f.box(u, 0.66, u + 0.08, 0.99), fill, width=1)


def fireplace(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.14), BROWN, width=f.line)
    c.rect(f.box(0.06, 0.14, 0.94, 0.99), rgb(o.colour), pattern="checked", width=f.line)
    c.rect(f.box(0.24, 0.4, 0.76, 0.99), BLACK, width=0)
    c.polygon(f.pts((0.5, 0.5), (0.66, 0.96), (0.34, 0.96)), rgb("orange"), width=0)


def rug(c: Canvas, f: Frame, o: SceneObject) -> None:
    draw = c.rect if o.shape == "rectangular" else c.ellipse
    draw(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), pattern=o.pattern, width=f.line)


def bookcase(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    for v in (0.06, 0.38, 0.7):
        c.rect(f.box(0.08, v, 0.92, v + 0.26), (240, 225, 190), width=1)
        for i, name in enumerate(("red", "blue", "green", "yellow")):
            u = 0.12 + 0.19 * i
            c.rect(f.box(u, v + 0.04, u + 0.12, v + 0.26), rgb(name), width=0)


def aquarium(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.8), WATER, width=f.line)
    c.polygon(f.pts((0.5, 0.4), (0.56, 0.3), (0.56, 0.5)), rgb("orange"), width=0)
    c.ellipse(f.box(0.18, 0.3, 0.52, 0.5), rgb("orange"), width=1)
    c.line(f.pts((0.8, 0.78), (0.8, 0.4)), LEAF, width=3)
    c.rect(f.box(0.1, 0.8, 0.9, 0.99), rgb(o.colour), width=f.line)


def houseplant(c: Canvas, f: Frame, o: SceneObject) -> None:
    for tip in ((0.0, 0.2), (0.3, 0.0), (0.7, 0.0), (1.0, 0.2)):
        c.polygon(f.pts((0.5, 0.66), tip, (tip[0] * 0.6 + 0.2, tip[1] + 0.24)), LEAF, width=1)
    pot = f.box(0.24, 0.62, 0.76, 0.99)
    if o.shape == "round":
        c.ellipse(pot, rgb(o.colour), pattern=o.pattern, width=f.line)
    else:
        c.rect(pot, rgb(o.colour), pattern=o.pattern, width=f.line)


def fridge(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.line(f.pts((0.0, 0.36), (1.0, 0.36)), BLACK, width=2)
    for v0, v1 in ((0.1, 0.28), (0.46, 0.7)):
        c.rect(f.box(0.8, v0, 0.88, v1), GRAY, width=0)


def stove(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.12, 0.3, 0.88, 0.86), BLACK, width=1)
    c.rect(f.box(0.2, 0.38, 0.8, 0.6), GLASS, width=0)
    for u in (0.16, 0.4, 0.64):
        c.ellipse(f.box(u, 0.06, u + 0.16, 0.2), BLACK, width=0)


def mirror(c: Canvas, f: Frame, o: SceneObject) -> None:
    draw = c.rect if o.shape == "rectangular" else c.ellipse
    draw(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    draw(f.box(0.12, 0.1, 0.88, 0.89), (215, 235, 245), width=1)
    c.line(f.pts((0.3, 0.3), (0.46, 0.18)), WHITE, width=3)


def calendar(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), WHITE, width=f.line)
    c.rect(f.box(0.0, 0.0, 1.0, 0.26), rgb(o.colour), width=f.line)
    for row in range(3):
        for col in range(4):
            u, v = 0.08 + 0.22 * col, 0.36 + 0.2 * row
            c.rect(f.box(u, v, u + 0.14, v + 0.12), GRAY, width=0)


def dartboard(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.0, 1.0, 1.0), BLACK, width=f.line)
    c.ellipse(f.box(0.14, 0.14, 0.86, 0.86), rgb(o.colour), width=1)
    c.ellipse(f.box(0.3, 0.3, 0.7, 0.7), WHITE, width=1)
    c.ellipse(f.box(0.42, 0.42, 0.58, 0.58), rgb(o.colour), width=1)


def wreath(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.0, 1.0, 1.0), (30, 120, 50), width=f.line)
    c.ellipse(f.box(0.26, 0.26, 0.74, 0.74), None, width=2)
    c.polygon(f.pts((0.5, 0.78), (0.3, 0.98), (0.7, 0.98)), rgb(o.colour), width=1)
    for u, v in ((0.14, 0.3), (0.76, 0.3), (0.44, 0.04)):
        c.ellipse(f.box(u, v, u + 0.12, v + 0.12), rgb(o.colour), width=0)


def heart_sign(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.2, 0.2), (0.5, 0.0), (0.8, 0.2)), BLACK, width=1)
    c.polygon(heart(f, 0.0, 0.16, 1.0, 0.99), rgb(o.colour), pattern=o.pattern, width=f.line)


def fan(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.5, 0.5), (0.5, 0.94)), GRAY, width=3)
    c.ellipse(f.box(0.2, 0.9, 0.8, 0.99), GRAY, width=0)
    c.ellipse(f.box(0.0, 0.0, 1.0, 0.62), WHITE, width=f.line)
    for box in ((0.36, 0.04, 0.64, 0.3), (0.1, 0.3, 0.46, 0.52), (0.54, 0.3, 0.9, 0.52)):
        c.ellipse(f.box(*box), fill, width=1)


HOME_KINDS = (
    ObjectKind(
        "table",
        "table",
        ("coffee_table",),
        "near",
        (76, 44),
        ("brown", "white", "red"),
        table,
        outdoor=False,
        patterns=("checked",),
    ),
    ObjectKind(
        "bed",
        "bed",
        (),
        "near",
        (100, 52),
        ("blue", "pink", "green", "yellow"),
        bed,
        outdoor=False,
        patterns=("striped", "checked", "spotted"),
        resizable=False,
    ),
    ObjectKind(
        "wardrobe",
        "wardrobe",
        ("cupboard", "closet"),
        "near",
        (56, 96),
        ("brown", "white", "blue"),
        wardrobe,
        outdoor=False,
        resizable=False,
    ),
    ObjectKind(
        "piano",
        "piano",
        (),
        "near",
        (84, 64),
        ("black", "brown", "white"),
        piano,
        outdoor=False,
        resizable=False,
    ),
    ObjectKind(
        "fireplace",
        "fireplace",
        ("hearth",),
        "near",
        (80, 72),
        ("red", "gray", "brown"),
        fireplace,
        outdoor=False,
        resizable=False,
    ),
    ObjectKind(
        "rug",
        "rug",
        ("carpet", "mat"),
        "near",
        (84, 20),
        BRIGHT,
        rug,
        outdoor=False,
        shapes=("oval", "rectangular"),
        patterns=("striped", "spotted", "checked"),
    ),
    ObjectKind(
        "bookcase",
        "bookcase",
        ("bookshelves",),
        "near",
        (54, 88),
        ("brown", "white"),
        bookcase,
        outdoor=False,
        resizable=False,
    ),
    ObjectKind(
        "aquarium",
        "aquarium",
        ("fish_tank",),
        "near",
        (58, 48),
        ("black", "brown", "white"),
        aquarium,
        outdoor=False,
    ),
    ObjectKind(
        "houseplant",
        "houseplant",
        ("potted_plant", "plant"),
        "near",
        (38, 56),
        ("white", "red", "blue", "orange"),
        houseplant,
        outdoor=False,
        patterns=("striped", "spotted"),
        shapes=("square", "round"),
    ),
    ObjectKind(
        "fridge",
        "fridge",
        ("refrigerator",),
        "near",
        (52, 104),
        ("white", "gray", "red"),
        fridge,
        outdoor=False,
        resizable=False,
    ),
    ObjectKind(
        "stove",
        "stove",
        ("oven", "cooker"),
        "near",
        (60, 60),
        ("white", "black", "gray"),
        stove,
        outdoor=False,
        resizable=False,
    ),
    ObjectKind(
        "fan",
        "fan",
        ("electric_fan",),
        "near",
        (40, 64),
        ("blue", "green", "red"),
        fan,
        outdoor=False,
    ),
    ObjectKind(
        "mirror",
        "mirror",
        (),
        "wall",
        (50, 60),
        ("brown", "yellow", "black", "red"),
        mirror,
        outdoor=False,
        shapes=("oval", "rectangular"),
    ),
    ObjectKind(
        "calendar",
        "calendar",
        (),
        "wall",
        (46, 56),
        ("red", "blue", "green"),
        calendar,
        outdoor=False,
    ),
    ObjectKind(
        "dartboard",
        "dartboard",
        ("target",),
        "wall",
        (50, 50),
        ("red", "green"),
        dartboard,
        outdoor=False,
    ),
    ObjectKind(
        "wreath", "wreath", (), "wall", (50, 50), ("red", "yellow", "blue"), wreath, outdoor=False
    ),
    ObjectKind(
        "heart_sign",
        "heart",
        ("heart_decoration",),
        "wall",
        (40, 42),
        ("red", "pink", "purple"),
        heart_sign,
        outdoor=False,
        patterns=("spotted",),
    ),
)
