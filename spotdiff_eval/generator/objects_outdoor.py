"""Outdoor things in the sky and on the horizon: sun, clouds, kites, houses, trees...

Each drawing works in its object's :class:`Frame` (fractions of its box) and
stays inside it, outlines included; members of a group (apples, windows,
birds) are drawn by their own function into their slot.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import dome, heart, rays
from .palette import rgb
from .scene import Group, ObjectKind, SceneObject, Slot

BRIGHT = ("red", "orange", "yellow", "green", "blue", "purple", "pink")
BROWN = (125, 78, 38)
LEAF = (40, 150, 60)
DARK_LEAF = (25, 110, 45)
GLASS = (185, 225, 250)
BLACK = (30, 30, 30)
WHITE = (250, 250, 250)
GRAY = (150, 150, 150)


def sun(c: Canvas, f: Frame, o: SceneObject) -> None:
    for segment in rays(f, 8, 0.34, 0.48):
        c.line(segment, rgb(o.colour), width=3)
    c.ellipse(f.box(0.2, 0.2, 0.8, 0.8), rgb(o.colour), width=f.line)


def cloud(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for box in ((0.0, 0.4, 0.45, 1.0), (0.22, 0.0, 0.72, 0.85), (0.52, 0.3, 1.0, 1.0)):
        c.ellipse(f.box(*box), fill, width=0)


def kite(c: Canvas, f: Frame, o: SceneObject) -> None:
    if o.shape == "triangular":
        outline = f.pts((0.5, 0.0), (1.0, 0.66), (0.0, 0.66))
    else:
        outline = f.pts((0.5, 0.0), (1.0, 0.28), (0.5, 0.66), (0.0, 0.28))
    c.polygon(outline, rgb(o.colour), pattern=o.pattern, width=f.line)
    c.line(f.pts((0.5, 0.02), (0.5, 0.64)), width=1)
    if o.shape != "triangular":
        c.line(f.pts((0.04, 0.28), (0.96, 0.28)), width=1)
    c.line(f.pts((0.5, 0.66), (0.38, 0.78), (0.62, 0.88), (0.5, 0.98)), width=1)
    for v in (0.78, 0.88):
        c.polygon(
            f.pts((0.42, v - 0.04), (0.58, v + 0.04), (0.58, v - 0.04), (0.42, v + 0.04)),
            rgb("red"),
            width=0,
        )


def balloon(c: Canvas, f: Frame, o: SceneObject) -> None:
    if o.shape == "heart":
        c.polygon(heart(f, 0.02, 0.0, 0.98, 0.64), rgb(o.colour), width=f.line)
    else:
        c.ellipse(f.box(0.06, 0.0, 0.94, 0.64), rgb(o.colour), width=f.line)
    c.line(f.pts((0.5, 0.64), (0.4, 0.8), (0.56, 0.9), (0.5, 0.99)), width=1)


def airplane(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.04, 0.5), (0.0, 0.02), (0.16, 0.02), (0.3, 0.42)), fill, width=f.line)
    c.ellipse(f.box(0.02, 0.36, 1.0, 0.74), fill, width=f.line)
    c.polygon(f.pts((0.38, 0.58), (0.62, 0.58), (0.44, 0.98), (0.34, 0.98)), fill, width=f.line)
    for i in range(4):
        u = 0.55 + 0.09 * i
        c.ellipse(f.box(u, 0.46, u + 0.05, 0.58), GLASS, width=1)


def hot_air_balloon(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.22, 0.6), (0.38, 0.84)), width=1)
    c.line(f.pts((0.78, 0.6), (0.62, 0.84)), width=1)
    c.ellipse(f.box(0.04, 0.0, 0.96, 0.7), rgb(o.colour), pattern=o.pattern, width=f.line)
    c.rect(f.box(0.36, 0.82, 0.64, 0.99), BROWN, width=f.line)


def bird(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    f = host.sub(*slot)
    c.line(f.pts((0.0, 0.55), (0.25, 0.05), (0.5, 0.6), (0.75, 0.05), (1.0, 0.55)), BLACK, 4)


def nothing(c: Canvas, f: Frame, o: SceneObject) -> None:
    """A flock is only its birds."""


def house(c: Canvas, f: Frame, o: SceneObject) -> None:
    roof = rgb("brown") if o.colour in ("red", "orange", "pink") else rgb("red")
    c.rect(f.box(0.1, 0.4, 0.9, 0.99), rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.0, 0.43), (0.5, 0.0), (1.0, 0.43)), roof, width=f.line)
    c.rect(f.box(0.42, 0.7, 0.58, 0.99), BROWN, width=f.line)


def house_window(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    f = host.sub(*slot)
    c.rect(f.box(0, 0, 1, 1), GLASS, width=2)
    c.line(f.pts((0.5, 0.0), (0.5, 1.0)), width=1)
    c.line(f.pts((0.0, 0.5), (1.0, 0.5)), width=1)


def apple_tree(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.42, 0.6, 0.58, 0.99), BROWN, width=f.line)
    c.ellipse(f.box(0.0, 0.0, 1.0, 0.7), LEAF, width=f.line)


def apple(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    f = host.sub(*slot)
    c.ellipse(f.box(0.0, 0.1, 1.0, 1.0), rgb("red"), width=1)
    c.line(f.pts((0.5, 0.15), (0.6, -0.1)), BROWN, width=2)


def pine_tree(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.42, 0.84, 0.58, 0.99), BROWN, width=f.line)
    for top, bottom, half in ((0.0, 0.4, 0.3), (0.2, 0.64, 0.4), (0.42, 0.86, 0.5)):
        c.polygon(
            f.pts((0.5, top), (0.5 + half, bottom), (0.5 - half, bottom)), DARK_LEAF, width=f.line
        )


def barn(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.05, 0.36, 0.95, 0.99), rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.0, 0.4), (0.2, 0.06), (0.8, 0.06), (1.0, 0.4)), (90, 90, 95), width=f.line)
    c.rect(f.box(0.34, 0.56, 0.66, 0.99), WHITE, width=f.line)
    c.line(f.pts((0.35, 0.57), (0.65, 0.98)), width=2)
    c.line(f.pts((0.65, 0.57), (0.35, 0.98)), width=2)
    c.rect(f.box(0.42, 0.16, 0.58, 0.32), WHITE, width=f.line)


def tent(c: Canvas, f: Frame, o: SceneObject) -> None:
    if o.shape == "round":
        outline = dome(f, 0.0, 0.0, 1.0, 0.99, 16)
    else:
        outline = f.pts((0.0, 0.99), (0.5, 0.0), (1.0, 0.99))
    c.polygon(outline, rgb(o.colour), pattern=o.pattern, width=f.line)
    c.polygon(f.pts((0.36, 0.99), (0.5, 0.45), (0.64, 0.99)), BLACK, width=0)


def lighthouse(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.18, 0.99), (0.3, 0.2), (0.7, 0.2), (0.82, 0.99)), WHITE, width=f.line)
    for top, bottom in ((0.36, 0.5), (0.64, 0.78)):
        lt, lb = 0.3 - 0.12 * (top - 0.2) / 0.8, 0.3 - 0.12 * (bottom - 0.2) / 0.8
        c.polygon(f.pts((lt, top), (1 - lt, top), (1 - lb, bottom), (lb, bottom)), fill, width=0)
    c.rect(f.box(0.3, 0.09, 0.7, 0.2), rgb("yellow"), width=f.line)
    c.polygon(f.pts((0.22, 0.1), (0.5, 0.0), (0.78, 0.1)), fill, width=f.line)


TREE_APPLES = Group(
    subject="tree_apple",
    member="apple",
    plural="apples",
    aliases=("apple", "apples_on_tree"),
    where="on the tree",
    low=2,
    high=6,
    slots=(
        (0.18, 0.14, 0.34, 0.27),
        (0.6, 0.1, 0.76, 0.23),
        (0.4, 0.32, 0.56, 0.45),
        (0.12, 0.42, 0.28, 0.55),
        (0.72, 0.38, 0.88, 0.51),
        (0.42, 0.04, 0.56, 0.16),
    ),
    draw=apple,
)

HOUSE_WINDOWS = Group(
    subject="house_window",
    member="window",
    plural="windows",
    aliases=("window",),
    where="on the house",
    low=1,
    high=4,
    slots=(
        (0.17, 0.48, 0.35, 0.64),
        (0.65, 0.48, 0.83, 0.64),
        (0.17, 0.72, 0.35, 0.88),
        (0.65, 0.72, 0.83, 0.88),
    ),
    draw=house_window,
)

FLOCK = Group(
    subject="bird",
    member="bird",
    plural="birds",
    aliases=("flying_bird", "birds_in_sky", "seagull"),
    where="in the sky",
    low=2,
    high=5,
    slots=(
        (0.0, 0.3, 0.18, 0.56),
        (0.21, 0.0, 0.39, 0.26),
        (0.42, 0.5, 0.6, 0.76),
        (0.63, 0.08, 0.81, 0.34),
        (0.82, 0.66, 1.0, 0.92),
    ),
    draw=bird,
)

SKY_KINDS = (
    ObjectKind("sun", "sun", (), "sky", (56, 56), ("yellow", "orange"), sun, alone=True),
    ObjectKind("cloud", "cloud", (), "sky", (84, 40), ("white",), cloud, most=2, scenery=True),
    ObjectKind(
        "kite",
        "kite",
        (),
        "sky",
        (40, 62),
        BRIGHT,
        kite,
        shapes=("diamond", "triangular"),
        patterns=("striped", "spotted", "checked"),
        most=2,
    ),
    ObjectKind(
        "balloon",
        "balloon",
        ("toy_balloon",),
        "sky",
        (28, 52),
        BRIGHT,
        balloon,
        shapes=("round", "heart"),
        most=2,
    ),
    ObjectKind(
        "airplane",
        "airplane",
        ("plane", "aeroplane", "jet"),
        "sky",
        (84, 32),
        ("white", "red", "yellow", "orange"),
        airplane,
    ),
    ObjectKind(
        "hot_air_balloon",
        "hot air balloon",
        ("montgolfier",),
        "sky",
        (52, 74),
        ("red", "yellow", "orange", "green", "purple"),
        hot_air_balloon,
        patterns=("striped", "spotted"),
    ),
    ObjectKind(
        "flock",
        "flock of birds",
        ("birds",),
        "sky",
        (150, 50),
        ("black",),
        nothing,
        resizable=False,
        group=FLOCK,
        collective=True,
    ),
)

FAR_KINDS = (
    ObjectKind(
        "house",
        "house",
        ("home", "cottage"),
        "far",
        (104, 96),
        ("yellow", "white", "pink", "orange", "blue"),
        house,
        group=HOUSE_WINDOWS,
    ),
    ObjectKind(
        "apple_tree",
        "tree",
        ("apple_tree", "fruit_tree"),
        "far",
        (92, 120),
        ("green",),
        apple_tree,
        group=TREE_APPLES,
    ),
    ObjectKind(
        "pine_tree",
        "pine tree",
        ("fir_tree", "evergreen"),
        "far",
        (54, 104),
        ("green",),
        pine_tree,
        most=3,
        scenery=True,
    ),
    ObjectKind(
        "barn",
        "barn",
        ("farm_building", "shed"),
        "far",
        (116, 92),
        ("red", "blue", "yellow"),
        barn,
    ),
    ObjectKind(
        "tent",
        "tent",
        (),
        "far",
        (92, 62),
        ("orange", "blue", "red", "yellow", "purple"),
        tent,
        shapes=("triangular", "round"),
        patterns=("striped", "checked"),
    ),
    ObjectKind(
        "lighthouse",
        "lighthouse",
        ("beacon",),
        "far",
        (42, 132),
        ("red", "blue", "green", "black"),
        lighthouse,
    ),
)
