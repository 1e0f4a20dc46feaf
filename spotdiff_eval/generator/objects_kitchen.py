"""Things on the kitchen counter: mugs, a teapot, a cake with candles, bowls and jars.

Same conventions as ``objects_outdoor``; candles and plums are group
members, drawn into their slots.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import bowl
from .objects_indoor import MEMBER_COLOURS
from .objects_outdoor import BLACK, BRIGHT, BROWN, WHITE
from .palette import rgb
from .scene import Group, ObjectKind, SceneObject, Slot

SPONGE = (222, 180, 120)


def mug(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.arc(f.box(0.56, 0.3, 1.0, 0.76), *f.angles(270, 90), BLACK, width=3)
    c.rect(f.box(0.0, 0.1, 0.76, 0.99), rgb(o.colour), pattern=o.pattern, width=f.line)


def teapot(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.72, 0.6), (1.0, 0.2), (0.94, 0.16), (0.7, 0.44)), fill, width=1)
    c.arc(f.box(0.0, 0.3, 0.3, 0.8), *f.angles(90, 270), BLACK, width=3)
    c.ellipse(f.box(0.12, 0.24, 0.86, 0.99), fill, pattern=o.pattern, width=f.line)
    c.ellipse(f.box(0.3, 0.14, 0.68, 0.32), fill, width=1)
    c.ellipse(f.box(0.44, 0.0, 0.54, 0.16), fill, width=1)


def cake(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.94, 1.0, 0.99), WHITE, width=1)
    c.rect(f.box(0.06, 0.5, 0.94, 0.94), SPONGE, width=f.line)
    c.rect(f.box(0.06, 0.44, 0.94, 0.62), rgb(o.colour), width=f.line)


def candle(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    f = host.sub(*slot)
    c.rect(f.box(0.2, 0.4, 0.8, 1.0), rgb(MEMBER_COLOURS[index % len(MEMBER_COLOURS)]), width=1)
    c.ellipse(f.box(0.15, 0.0, 0.85, 0.36), rgb("orange"), width=1)


def fruit_bowl(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(bowl(f, 0.0, 0.5, 1.0, 0.99), rgb(o.colour), width=f.line)


def bowl_plum(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    """Plums, not apples: apples already grow on the trees of outdoor scenes."""
    f = host.sub(*slot)
    c.ellipse(f.box(0.0, 0.1, 1.0, 1.0), rgb("purple"), width=1)
    c.line(f.pts((0.5, 0.15), (0.6, -0.05)), BROWN, width=2)


def cookie_plate(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.62, 1.0, 0.99), rgb(o.colour), width=f.line)


def cookie(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    f = host.sub(*slot)
    c.ellipse(f.box(0.0, 0.0, 1.0, 1.0), (200, 140, 70), width=1)
    for u, v in ((0.3, 0.3), (0.6, 0.5), (0.35, 0.65)):
        c.ellipse(f.box(u, v, u + 0.14, v + 0.14), (70, 40, 20), width=0)


def toaster(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.16, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.16, 0.06, 0.4, 0.2), BLACK, width=0)
    c.rect(f.box(0.58, 0.06, 0.82, 0.2), BLACK, width=0)
    c.rect(f.box(0.84, 0.4, 0.98, 0.5), BLACK, width=0)


def jar(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.04, 0.2, 0.96, 0.99), (235, 160, 60), width=f.line)
    c.rect(f.box(0.2, 0.44, 0.8, 0.76), WHITE, width=1)
    c.rect(f.box(0.0, 0.0, 1.0, 0.2), rgb(o.colour), width=f.line)


def bottle(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.34, 0.0, 0.66, 0.4), fill, width=1)
    c.rect(f.box(0.0, 0.34, 1.0, 0.99), fill, width=f.line)
    c.rect(f.box(0.0, 0.56, 1.0, 0.78), WHITE, width=1)


CANDLES = Group(
    "cake_candle",
    "candle",
    "candles",
    ("candle", "birthday_candle"),
    "on the cake",
    1,
    5,
    tuple((0.12 + 0.16 * i, 0.04, 0.24 + 0.16 * i, 0.44) for i in range(5)),
    candle,
)

BOWL_PLUMS = Group(
    "bowl_plum",
    "plum",
    "plums",
    ("plum",),
    "in the bowl",
    1,
    5,
    (
        (0.08, 0.3, 0.3, 0.62),
        (0.39, 0.3, 0.61, 0.62),
        (0.7, 0.3, 0.92, 0.62),
        (0.22, 0.0, 0.44, 0.32),
        (0.56, 0.0, 0.78, 0.32),
    ),
    bowl_plum,
)

COOKIES = Group(
    "plate_cookie",
    "cookie",
    "cookies",
    ("cookie", "biscuit"),
    "on the plate",
    1,
    4,
    tuple((0.04 + 0.24 * i, 0.36, 0.24 + 0.24 * i, 0.74) for i in range(4)),
    cookie,
)

COUNTER_KINDS = (
    ObjectKind(
        "mug",
        "mug",
        ("cup", "coffee_mug"),
        "counter",
        (34, 32),
        BRIGHT,
        mug,
        patterns=("striped", "spotted"),
        most=2,
        also=("near",),
    ),
    ObjectKind(
        "teapot",
        "teapot",
        (),
        "counter",
        (56, 44),
        ("red", "blue", "yellow", "green", "white"),
        teapot,
        patterns=("spotted",),
        also=("near",),
    ),
    ObjectKind(
        "cake",
        "cake",
        ("birthday_cake",),
        "counter",
        (66, 64),
        ("pink", "white", "yellow"),
        cake,
        resizable=False,
        group=CANDLES,
        also=("near",),
    ),
    ObjectKind(
        "fruit_bowl",
        "fruit bowl",
        ("bowl",),
        "counter",
        (66, 44),
        ("blue", "white"),
        fruit_bowl,
        resizable=False,
        group=BOWL_PLUMS,
        also=("near",),
    ),
    ObjectKind(
        "cookie_plate",
        "plate of cookies",
        ("plate", "cookie_plate"),
        "counter",
        (76, 30),
        ("white",),
        cookie_plate,
        resizable=False,
        group=COOKIES,
        also=("near",),
    ),
    ObjectKind(
        "toaster", "toaster", (), "counter", (52, 38), ("red", "gray", "blue", "black"), toaster
    ),
    ObjectKind(
        "jar",
        "jar",
        ("honey_jar", "jam_jar"),
        "counter",
        (30, 40),
        ("red", "blue", "green", "yellow"),
        jar,
        also=("near",),
    ),
    ObjectKind(
        "bottle",
        "bottle",
        (),
        "counter",
        (22, 54),
        ("green", "blue", "red"),
        bottle,
        also=("near",),
    ),
)
