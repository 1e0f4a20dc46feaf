"""Indoor things on the wall and on the floor: clocks, windows, shelves, sofas, lamps, toys.

Same conventions as ``objects_outdoor``: every drawing stays in its frame and
paints its main part in the object's colour and pattern.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .objects_outdoor import BLACK, BRIGHT, BROWN, GLASS, GRAY, LEAF, WHITE
from .palette import rgb
from .scene import Group, ObjectKind, SceneObject, Slot

MEMBER_COLOURS = ("red", "blue", "yellow", "green", "purple", "orange")


def clock(c: Canvas, f: Frame, o: SceneObject) -> None:
    draw = c.rect if o.shape == "square" else c.ellipse
    draw(f.box(0.0, 0.0, 1.0, 1.0), rgb(o.colour), width=f.line)
    draw(f.box(0.14, 0.14, 0.86, 0.86), WHITE, width=1)
    c.line(f.pts((0.5, 0.5), (0.5, 0.24)), BLACK, width=2)
    c.line(f.pts((0.5, 0.5), (0.7, 0.56)), BLACK, width=2)


def painting(c: Canvas, f: Frame, o: SceneObject) -> None:
    if o.shape == "oval":
        c.ellipse(f.box(0.0, 0.0, 1.0, 1.0), rgb(o.colour), width=f.line)
        c.ellipse(f.box(0.12, 0.14, 0.88, 0.86), (170, 215, 245), width=1)
        hill = ((0.2, 0.72), (0.4, 0.42), (0.6, 0.66), (0.72, 0.54), (0.82, 0.72))
    else:
        c.rect(f.box(0.0, 0.0, 1.0, 1.0), rgb(o.colour), width=f.line)
        c.rect(f.box(0.12, 0.14, 0.88, 0.86), (170, 215, 245), width=1)
        hill = ((0.12, 0.86), (0.4, 0.4), (0.62, 0.7), (0.74, 0.55), (0.88, 0.86))
    c.polygon(f.pts(*hill), LEAF, width=0)
    c.ellipse(f.box(0.6, 0.22, 0.72, 0.38), rgb("yellow"), width=0)


def window(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.1, 0.0, 0.9, 0.94), WHITE, width=f.line)
    c.rect(f.box(0.16, 0.06, 0.84, 0.88), GLASS, width=1)
    c.line(f.pts((0.5, 0.06), (0.5, 0.88)), WHITE, width=3)
    fill = rgb(o.colour)
    c.polygon(
        f.pts((0.0, 0.0), (0.3, 0.0), (0.22, 0.99), (0.0, 0.99)),
        fill,
        pattern=o.pattern,
        width=f.line,
    )
    c.polygon(
        f.pts((0.7, 0.0), (1.0, 0.0), (1.0, 0.99), (0.78, 0.99)),
        fill,
        pattern=o.pattern,
        width=f.line,
    )


def shelf(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.86, 1.0, 0.99), rgb(o.colour), width=f.line)


def book(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    c.rect(host.box(*slot), rgb(MEMBER_COLOURS[index % len(MEMBER_COLOURS)]), width=1)


def floor_lamp(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.3), (0.5, 0.95)), BLACK, width=3)
    c.ellipse(f.box(0.2, 0.92, 0.8, 0.99), BLACK, width=0)
    shade = f.box(0.0, 0.0, 1.0, 0.32)
    if o.shape == "square":
        c.rect(shade, rgb(o.colour), width=f.line)
    else:
        c.ellipse(shade, rgb(o.colour), width=f.line)


def seat(c: Canvas, f: Frame, o: SceneObject) -> None:
    """A sofa or an armchair: the frame's proportions make the difference."""
    fill = rgb(o.colour)
    for u in (0.06, 0.88):
        c.rect(f.box(u, 0.86, u + 0.06, 0.99), BROWN, width=0)
    c.rect(f.box(0.06, 0.0, 0.94, 0.56), fill, pattern=o.pattern, width=f.line)
    c.rect(f.box(0.06, 0.5, 0.94, 0.88), fill, pattern=o.pattern, width=f.line)
    c.rect(f.box(0.0, 0.3, 0.14, 0.88), fill, width=f.line)
    c.rect(f.box(0.86, 0.3, 1.0, 0.88), fill, width=f.line)


def television(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.3, 0.78, 0.7, 0.99), GRAY, width=1)
    c.rect(f.box(0.0, 0.0, 1.0, 0.8), rgb(o.colour), width=f.line)
    c.rect(f.box(0.08, 0.08, 0.92, 0.72), (60, 130, 200), width=1)
    c.ellipse(f.box(0.6, 0.16, 0.76, 0.36), rgb("yellow"), width=0)


def teddy_bear(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.14, 0.66):
        c.ellipse(f.box(u, 0.0, u + 0.2, 0.18), fill, width=1)
        c.ellipse(f.box(u - 0.1, 0.8, u + 0.3, 0.99), fill, width=1)
    c.ellipse(f.box(0.14, 0.4, 0.86, 0.94), fill, width=f.line)
    c.ellipse(f.box(0.2, 0.04, 0.8, 0.5), fill, width=f.line)
    c.ellipse(f.box(0.38, 0.26, 0.62, 0.44), (240, 220, 190), width=1)
    c.ellipse(f.box(0.46, 0.28, 0.54, 0.34), BLACK, width=0)


def nothing(c: Canvas, f: Frame, o: SceneObject) -> None:
    """A stack of blocks is only its blocks."""


def toy_block(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    f = host.sub(*slot)
    c.rect(f.box(0, 0, 1, 1), rgb(MEMBER_COLOURS[index % len(MEMBER_COLOURS)]), width=2)
    c.ellipse(f.box(0.3, 0.25, 0.7, 0.75), WHITE, width=1)


def chair(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.1, 0.0, 0.26, 0.99), fill, width=f.line)
    c.rect(f.box(0.74, 0.5, 0.9, 0.99), fill, width=f.line)
    c.rect(f.box(0.1, 0.0, 0.9, 0.2), fill, width=f.line)
    c.rect(f.box(0.06, 0.46, 0.94, 0.58), fill, width=f.line)


SHELF_BOOKS = Group(
    "shelf_book",
    "book",
    "books",
    ("book", "books_on_shelf"),
    "on the shelf",
    2,
    6,
    tuple((0.03 + 0.16 * i, 0.12 + 0.08 * (i % 3), 0.15 + 0.16 * i, 0.86) for i in range(6)),
    book,
)
BLOCKS = Group(
    "toy_block",
    "block",
    "blocks",
    ("block", "building_block", "blocks"),
    "in the tower of blocks",
    2,
    5,
    tuple((0.1, 1.0 - 0.2 * (i + 1), 0.9, 1.0 - 0.2 * i) for i in range(5)),
    toy_block,
)

WALL_KINDS = (
    ObjectKind(
        "clock",
        "clock",
        ("wall_clock",),
        "wall",
        (46, 46),
        ("red", "blue", "green", "black", "orange"),
        clock,
        shapes=("round", "square"),
    ),
    ObjectKind(
        "painting",
        "painting",
        ("picture_frame", "wall_picture", "frame"),
        "wall",
        (72, 54),
        ("brown", "yellow", "black", "red", "blue"),
        painting,
        shapes=("rectangular", "oval"),
    ),
    ObjectKind(
        "window",
        "window",
        (),
        "wall",
        (92, 84),
        BRIGHT,
        window,
        part="curtain",
        patterns=("striped", "spotted", "checked"),
    ),
    ObjectKind(
        "shelf",
        "shelf",
        ("bookshelf", "wall_shelf"),
        "wall",
        (104, 56),
        ("brown", "white", "black"),
        shelf,
        resizable=False,
        group=SHELF_BOOKS,
    ),
)


FLOOR_KINDS = (
    ObjectKind(
        "sofa",
        "sofa",
        ("couch", "settee"),
        "near",
        (136, 70),
        (*BRIGHT, "gray"),
        seat,
        patterns=("striped", "spotted", "checked"),
        resizable=False,
        outdoor=False,
    ),
    ObjectKind(
        "armchair",
        "armchair",
        ("recliner",),
        "near",
        (66, 64),
        BRIGHT,
        seat,
        patterns=("striped", "checked"),
        outdoor=False,
    ),
    ObjectKind(
        "floor_lamp",
        "floor lamp",
        ("standing_lamp",),
        "near",
        (44, 116),
        ("red", "yellow", "green", "white", "blue"),
        floor_lamp,
        shapes=("round", "square"),
        outdoor=False,
    ),
    ObjectKind(
        "television",
        "television",
        ("tv",),
        "near",
        (84, 74),
        ("black", "gray", "white", "red"),
        television,
        outdoor=False,
    ),
    ObjectKind(
        "teddy_bear",
        "teddy bear",
        ("teddy", "bear", "toy_bear"),
        "near",
        (42, 50),
        ("brown", "pink", "yellow", "white"),
        teddy_bear,
    ),
    ObjectKind(
        "block_tower",
        "tower of blocks",
        ("toy_blocks",),
        "near",
        (34, 90),
        ("red",),
        nothing,
        resizable=False,
        group=BLOCKS,
        collective=True,
    ),
    ObjectKind(
        "chair",
        "chair",
        ("kitchen_chair", "stool"),
        "near",
        (46, 74),
        ("red", "blue", "green", "yellow", "brown"),
        chair,
    ),
)
