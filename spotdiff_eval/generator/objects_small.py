"""Small everyday things anywhere: stationery, clothes, tools, sweets and gadgets.

Small kinds fit every scene and make good crowds (four keys, three socks),
and each adds a head noun to every theme's pool. Same conventions as
``objects_outdoor``.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .objects_outdoor import BLACK, BRIGHT, GRAY, WHITE
from .palette import rgb
from .scene import ObjectKind, SceneObject

GOLD = (235, 185, 40)
STEEL = (190, 190, 200)


def pillow(c: Canvas, f: Frame, o: SceneObject) -> None:
    if o.shape == "round":
        c.ellipse(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), pattern=o.pattern, width=2)
        c.ellipse(f.box(0.44, 0.4, 0.56, 0.58), BLACK, width=0)
        return
    outline = ((0.0, 0.0), (0.5, 0.12), (1.0, 0.0), (0.9, 0.5), (1.0, 0.99), (0.5, 0.88))
    c.polygon(f.pts(*outline, (0.0, 0.99), (0.1, 0.5)), rgb(o.colour), pattern=o.pattern, width=2)


def pencil(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.1), (240, 150, 170), width=1)
    c.rect(f.box(0.0, 0.1, 1.0, 0.76), rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.0, 0.76), (1.0, 0.76), (0.5, 0.99)), (235, 200, 150), width=1)
    c.polygon(f.pts((0.36, 0.92), (0.64, 0.92), (0.5, 0.99)), BLACK, width=0)


def scissors(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.3, 0.6), (0.8, 0.0)), STEEL, width=4)
    c.line(f.pts((0.7, 0.6), (0.2, 0.0)), STEEL, width=4)
    for u in (0.0, 0.56):
        c.ellipse(f.box(u, 0.56, u + 0.44, 0.99), None, width=4)
    c.ellipse(f.box(0.06, 0.62, 0.38, 0.93), rgb(o.colour), width=2)
    c.ellipse(f.box(0.62, 0.62, 0.94, 0.93), rgb(o.colour), width=2)


def key(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.ellipse(f.box(0.0, 0.1, 0.44, 0.9), fill, width=f.line)
    c.ellipse(f.box(0.14, 0.38, 0.3, 0.62), WHITE, width=1)
    c.rect(f.box(0.4, 0.4, 1.0, 0.6), fill, width=1)
    for u in (0.7, 0.86):
        c.rect(f.box(u, 0.58, u + 0.1, 0.86), fill, width=1)


def magnet(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.arc(f.box(0.0, 0.0, 1.0, 1.0), 180, 360, rgb(o.colour), width=8)
    c.rect(f.box(0.0, 0.5, 0.26, 0.8), rgb(o.colour), width=0)
    c.rect(f.box(0.74, 0.5, 1.0, 0.8), rgb(o.colour), width=0)
    c.rect(f.box(0.0, 0.8, 0.26, 0.99), STEEL, width=1)
    c.rect(f.box(0.74, 0.8, 1.0, 0.99), STEEL, width=1)


def dice(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    dot = WHITE if o.colour in ("red", "black", "blue", "green", "purple") else BLACK
    for u, v in ((0.2, 0.2), (0.42, 0.42), (0.64, 0.64), (0.64, 0.2), (0.2, 0.64)):
        c.ellipse(f.box(u, v, u + 0.16, v + 0.16), dot, width=0)


def toothbrush(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.36, 0.3, 0.64, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.3, 0.0, 0.7, 0.3), WHITE, width=1)
    for u in (0.38, 0.5, 0.62):
        c.line(f.pts((u, 0.04), (u, 0.26)), (120, 190, 240), width=1)


def sock(c: Canvas, f: Frame, o: SceneObject) -> None:
    outline = ((0.1, 0.0), (0.6, 0.0), (0.6, 0.54), (1.0, 0.7), (0.96, 0.99), (0.3, 0.99))
    c.polygon(f.pts(*outline, (0.1, 0.7)), rgb(o.colour), pattern=o.pattern, width=f.line)
    c.rect(f.box(0.1, 0.0, 0.6, 0.14), WHITE, width=1)


def mitten(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.ellipse(f.box(0.0, 0.26, 0.4, 0.6), fill, width=f.line)
    c.ellipse(f.box(0.16, 0.0, 1.0, 0.84), fill, pattern=o.pattern, width=f.line)
    c.rect(f.box(0.2, 0.76, 0.96, 0.99), WHITE, width=1)


def crown(c: Canvas, f: Frame, o: SceneObject) -> None:
    teeth = ((0.0, 0.0), (0.25, 0.5), (0.5, 0.0), (0.75, 0.5), (1.0, 0.0), (1.0, 0.99))
    c.polygon(f.pts(*teeth, (0.0, 0.99)), rgb(o.colour), width=f.line)
    for u in (0.2, 0.44, 0.68):
        c.ellipse(f.box(u, 0.64, u + 0.12, 0.84), (200, 30, 60), width=0)


def yarn(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.8, 0.8), (1.0, 0.99)), rgb(o.colour), width=2)
    c.ellipse(f.box(0.0, 0.0, 0.9, 0.9), rgb(o.colour), width=f.line)
    for a, b in (
        ((0.2, 0.2), (0.7, 0.7)),
        ((0.1, 0.45), (0.45, 0.82)),
        ((0.45, 0.08), (0.82, 0.45)),
    ):
        c.line(f.pts(a, b), BLACK, width=1)


def candy(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.0, 0.1), (0.3, 0.5), (0.0, 0.9)), fill, width=1)
    c.polygon(f.pts((1.0, 0.1), (0.7, 0.5), (1.0, 0.9)), fill, width=1)
    c.ellipse(f.box(0.2, 0.16, 0.8, 0.84), fill, pattern=o.pattern, width=f.line)


def calculator(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.12, 0.08, 0.88, 0.3), (190, 220, 190), width=1)
    for row in range(3):
        for col in range(3):
            u, v = 0.14 + 0.26 * col, 0.4 + 0.19 * row
            c.rect(f.box(u, v, u + 0.18, v + 0.12), WHITE, width=0)


def headphones(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.arc(f.box(0.08, 0.0, 0.92, 0.9), 180, 360, BLACK, width=4)
    for u in (0.0, 0.7):
        c.rect(f.box(u, 0.46, u + 0.3, 0.99), rgb(o.colour), width=f.line)


def envelope(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.line(f.pts((0.02, 0.02), (0.5, 0.56), (0.98, 0.02)), BLACK, width=2)
    c.rect(f.box(0.74, 0.64, 0.9, 0.88), (200, 40, 40), width=0)


def padlock(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.arc(f.box(0.16, 0.0, 0.84, 0.8), 180, 360, STEEL, width=5)
    c.line(f.pts((0.19, 0.4), (0.19, 0.5)), STEEL, width=5)
    c.line(f.pts((0.81, 0.4), (0.81, 0.5)), STEEL, width=5)
    c.rect(f.box(0.0, 0.44, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.42, 0.6, 0.58, 0.76), BLACK, width=0)


def hammer(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.4, 0.2, 0.6, 0.99), rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.0, 0.0), (0.8, 0.0), (1.0, 0.1), (0.8, 0.26), (0.0, 0.26)), GRAY, width=2)


SMALL_KINDS = (
    ObjectKind(
        "pillow",
        "pillow",
        ("cushion",),
        "near",
        (44, 32),
        BRIGHT,
        pillow,
        outdoor=False,
        patterns=("striped", "spotted", "checked"),
        shapes=("square", "round"),
    ),
    ObjectKind(
        "pencil",
        "pencil",
        ("crayon",),
        "near",
        (14, 56),
        ("yellow", "red", "blue", "green"),
        pencil,
        resizable=False,
    ),
    ObjectKind(
        "scissors",
        "scissors",
        ("shears",),
        "counter",
        (30, 40),
        ("red", "blue", "black"),
        scissors,
        also=("near",),
        plural="scissors",
    ),
    ObjectKind("key", "key", (), "counter", (44, 22), ("yellow", "gray"), key, also=("near",)),
    ObjectKind(
        "magnet", "magnet", (), "counter", (32, 34), ("red", "blue"), magnet, also=("near",)
    ),
    ObjectKind(
        "dice",
        "dice",
        ("die",),
        "counter",
        (26, 26),
        ("red", "white", "green", "blue"),
        dice,
        also=("near",),
        plural="dice",
    ),
    ObjectKind(
        "toothbrush",
        "toothbrush",
        (),
        "counter",
        (14, 46),
        ("blue", "green", "pink"),
        toothbrush,
        also=("near",),
        resizable=False,
        plural="toothbrushes",
    ),
    ObjectKind(
        "sock",
        "sock",
        (),
        "near",
        (32, 40),
        BRIGHT,
        sock,
        patterns=("striped", "spotted", "checked"),
    ),
    ObjectKind(
        "mitten",
        "mitten",
        ("glove",),
        "near",
        (32, 40),
        BRIGHT,
        mitten,
        patterns=("striped", "spotted"),
    ),
    ObjectKind("crown", "crown", ("tiara",), "near", (40, 30), ("yellow", "gray"), crown),
    ObjectKind(
        "yarn",
        "yarn",
        ("wool",),
        "near",
        (34, 34),
        ("red", "blue", "green", "purple", "pink"),
        yarn,
        plural="yarns",
    ),
    ObjectKind(
        "candy",
        "candy",
        ("sweet", "bonbon"),
        "counter",
        (36, 20),
        BRIGHT,
        candy,
        also=("near",),
        patterns=("striped", "spotted"),
        plural="candies",
    ),
    ObjectKind(
        "calculator",
        "calculator",
        (),
        "counter",
        (30, 40),
        ("black", "gray", "blue"),
        calculator,
        also=("near",),
    ),
    ObjectKind(
        "headphones",
        "headphones",
        ("headset",),
        "counter",
        (40, 36),
        ("red", "blue", "black", "white"),
        headphones,
        also=("near",),
        plural="headphones",
    ),
    ObjectKind(
        "envelope",
        "envelope",
        ("letter",),
        "counter",
        (44, 28),
        ("white", "yellow", "blue", "pink"),
        envelope,
        also=("near",),
    ),
    ObjectKind(
        "padlock",
        "padlock",
        ("lock",),
        "counter",
        (28, 36),
        ("yellow", "red", "blue"),
        padlock,
        also=("near",),
    ),
    ObjectKind(
        "hammer", "hammer", ("mallet",), "near", (34, 50), ("brown", "red", "black"), hammer
    ),
)
