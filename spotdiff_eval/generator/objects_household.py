"""Household things: kitchenware, appliances, instruments, toys, and more for the wall.

Kitchenware stands on the counter where there is one and on the floor or
grass elsewhere; instruments and toys stand anywhere; wall things hang
indoors. They widen the indoor themes, whose pool was the smallest. Same
conventions as ``objects_outdoor``.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import star
from .objects_outdoor import BLACK, BRIGHT, BROWN, GLASS, GRAY, LEAF, WHITE
from .palette import rgb
from .scene import ObjectKind, SceneObject

STEEL = (190, 190, 200)
SAND = (235, 215, 160)
HAIR = (95, 60, 30)


def saucepan(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.6, 0.3, 1.0, 0.42), BLACK, width=0)
    c.rect(f.box(0.0, 0.2, 0.64, 0.99), rgb(o.colour), pattern=o.pattern, width=f.line)
    c.rect(f.box(0.0, 0.12, 0.64, 0.22), STEEL, width=1)


def frying_pan(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.6, 0.38, 1.0, 0.56), BLACK, width=0)
    c.ellipse(f.box(0.0, 0.0, 0.64, 0.99), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.1, 0.14, 0.54, 0.84), GRAY, width=1)


def kettle(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.arc(f.box(0.2, 0.0, 0.8, 0.5), 180, 360, BLACK, width=3)
    c.polygon(f.pts((0.78, 0.6), (1.0, 0.34), (1.0, 0.44), (0.84, 0.8)), fill, width=1)
    c.polygon(f.pts((0.2, 0.24), (0.8, 0.24), (0.9, 0.99), (0.1, 0.99)), fill, width=f.line)


def rolling_pin(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.36, 1.0, 0.64), BROWN, width=1)
    c.ellipse(f.box(0.16, 0.0, 0.84, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.2, 0.02, 0.8, 0.97), rgb(o.colour), width=0)


def salt_shaker(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.1, 0.3, 0.9, 0.99), WHITE, width=f.line)
    c.ellipse(f.box(0.1, 0.0, 0.9, 0.4), rgb(o.colour), width=f.line)
    for u in (0.3, 0.5, 0.7):
        c.ellipse(f.box(u - 0.05, 0.12, u + 0.05, 0.22), BLACK, width=0)


def teacup(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.arc(f.box(0.7, 0.1, 1.0, 0.6), 270, 90, BLACK, width=3)
    c.polygon(f.pts((0.06, 0.0), (0.84, 0.0), (0.72, 0.76), (0.18, 0.76)), fill, width=f.line)
    c.ellipse(f.box(0.0, 0.74, 0.9, 0.99), fill, width=f.line)


def glass(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.0, 0.0), (1.0, 0.0), (0.84, 0.99), (0.16, 0.99)), GLASS, width=f.line)
    c.polygon(f.pts((0.06, 0.34), (0.94, 0.34), (0.84, 0.96), (0.16, 0.96)), rgb(o.colour), width=0)


def blender(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.1, 0.0), (0.9, 0.0), (0.76, 0.62), (0.24, 0.62)), GLASS, width=f.line)
    c.rect(f.box(0.14, 0.6, 0.86, 0.99), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.42, 0.72, 0.58, 0.88), BLACK, width=0)


def microwave(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.08, 0.14, 0.68, 0.86), (50, 50, 60), width=1)
    for v in (0.2, 0.4, 0.6):
        c.rect(f.box(0.76, v, 0.92, v + 0.1), GRAY, width=0)


def mop(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.0), (0.5, 0.7)), BROWN, width=4)
    for u in (0.1, 0.3, 0.5, 0.7, 0.9):
        c.line(f.pts((0.5, 0.68), (u, 0.99)), rgb(o.colour), width=4)


def iron(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.arc(f.box(0.3, 0.0, 0.9, 0.8), 180, 360, BLACK, width=4)
    c.polygon(f.pts((0.0, 0.99), (0.16, 0.4), (1.0, 0.4), (1.0, 0.99)), rgb(o.colour), width=2)
    c.rect(f.box(0.0, 0.86, 1.0, 0.99), STEEL, width=1)


def lightbulb(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.0, 1.0, 0.7), rgb(o.colour), width=f.line)
    c.rect(f.box(0.28, 0.64, 0.72, 0.99), GRAY, width=1)
    for v in (0.76, 0.86):
        c.line(f.pts((0.28, v), (0.72, v)), BLACK, width=1)


def hourglass(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(
        f.pts((0.1, 0.1), (0.9, 0.1), (0.5, 0.5), (0.9, 0.9), (0.1, 0.9), (0.5, 0.5)),
        GLASS,
        width=1,
    )
    c.polygon(f.pts((0.24, 0.9), (0.5, 0.6), (0.76, 0.9)), SAND, width=0)
    c.rect(f.box(0.0, 0.0, 1.0, 0.1), fill, width=1)
    c.rect(f.box(0.0, 0.9, 1.0, 0.99), fill, width=1)


def globe(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.2, 0.88, 0.8, 0.99), rgb(o.colour), width=1)
    c.rect(f.box(0.44, 0.76, 0.56, 0.9), rgb(o.colour), width=0)
    c.ellipse(f.box(0.06, 0.0, 0.94, 0.8), (70, 140, 220), width=f.line)
    c.polygon(f.pts((0.3, 0.2), (0.5, 0.16), (0.46, 0.46), (0.26, 0.4)), LEAF, width=0)
    c.polygon(f.pts((0.6, 0.44), (0.78, 0.4), (0.7, 0.66)), LEAF, width=0)


def telescope(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.5), (0.2, 0.99)), BLACK, width=2)
    c.line(f.pts((0.5, 0.5), (0.8, 0.99)), BLACK, width=2)
    c.polygon(f.pts((0.0, 0.5), (0.9, 0.0), (1.0, 0.18), (0.08, 0.64)), rgb(o.colour), width=2)


def xylophone(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.3, 1.0, 0.44), rgb(o.colour), width=1)
    c.rect(f.box(0.0, 0.8, 1.0, 0.94), rgb(o.colour), width=1)
    for i, name in enumerate(("red", "orange", "yellow", "green", "blue", "purple")):
        u = 0.04 + 0.16 * i
        c.rect(f.box(u, 0.06 + 0.04 * i, u + 0.12, 0.99 - 0.04 * i), rgb(name), width=1)


def violin(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.44, 0.0, 0.56, 0.36), BLACK, width=0)
    c.ellipse(f.box(0.1, 0.28, 0.9, 0.62), fill, width=f.line)
    c.ellipse(f.box(0.0, 0.52, 1.0, 0.99), fill, width=f.line)
    c.line(f.pts((0.3, 0.56), (0.36, 0.7)), BLACK, width=2)
    c.line(f.pts((0.7, 0.56), (0.64, 0.7)), BLACK, width=2)


def tambourine(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.14, 0.14, 0.86, 0.85), SAND, width=1)
    for u, v in ((0.42, 0.0), (0.0, 0.42), (0.84, 0.42), (0.42, 0.84)):
        c.ellipse(f.box(u, v, u + 0.16, v + 0.16), (235, 185, 40), width=1)


def microphone(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.38, 0.44, 0.62, 0.99), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.14, 0.0, 0.86, 0.5), GRAY, pattern="checked", width=f.line)


def doll(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.2, 0.0, 0.8, 0.36), HAIR, width=0)
    c.polygon(f.pts((0.3, 0.3), (0.7, 0.3), (1.0, 0.86), (0.0, 0.86)), rgb(o.colour), width=2)
    c.ellipse(f.box(0.28, 0.04, 0.72, 0.34), (240, 200, 160), width=1)
    c.rect(f.box(0.3, 0.86, 0.42, 0.99), (240, 200, 160), width=0)
    c.rect(f.box(0.58, 0.86, 0.7, 0.99), (240, 200, 160), width=0)


def toy_train(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.04, 0.0, 0.2, 0.3), BLACK, width=0)
    c.rect(f.box(0.0, 0.26, 0.62, 0.78), fill, width=f.line)
    c.rect(f.box(0.56, 0.0, 1.0, 0.78), fill, width=f.line)
    c.rect(f.box(0.66, 0.1, 0.9, 0.36), GLASS, width=1)
    for u in (0.04, 0.36, 0.7):
        c.ellipse(f.box(u, 0.7, u + 0.24, 0.99), BLACK, width=0)


def yoyo(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.0), (0.5, 0.4)), BLACK, width=1)
    c.ellipse(f.box(0.0, 0.3, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.36, 0.56, 0.64, 0.74), WHITE, width=1)


def poster(c: Canvas, f: Frame, o: SceneObject) -> None:
    draw = c.ellipse if o.shape == "oval" else c.rect
    draw(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.polygon(star(f, 0.2, 0.16, 0.8, 0.7), WHITE, width=1)
    c.rect(f.box(0.16, 0.78, 0.84, 0.86), WHITE, width=0)


def world_map(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.08, 0.1, 0.92, 0.89), (150, 200, 240), width=1)
    c.polygon(
        f.pts((0.14, 0.2), (0.4, 0.18), (0.34, 0.5), (0.26, 0.8), (0.18, 0.46)), LEAF, width=0
    )
    c.polygon(f.pts((0.5, 0.2), (0.86, 0.24), (0.8, 0.5), (0.6, 0.7), (0.52, 0.44)), LEAF, width=0)


def horseshoe(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.arc(f.box(0.0, 0.0, 1.0, 1.2), 180, 360, rgb(o.colour), width=6)
    c.line(f.pts((0.04, 0.6), (0.08, 0.99)), rgb(o.colour), width=6)
    c.line(f.pts((0.96, 0.6), (0.92, 0.99)), rgb(o.colour), width=6)


def bunting(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.0, 0.05), (0.5, 0.2), (1.0, 0.05)), BLACK, width=1)
    for i in range(5):
        u = 0.02 + 0.196 * i
        v = 0.06 + 0.12 * (1 - abs(i - 2) / 2)
        colour = rgb(o.colour) if i % 2 == 0 else WHITE
        c.polygon(f.pts((u, v), (u + 0.16, v), (u + 0.08, v + 0.7)), colour, width=1)


def thermometer(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.4, 0.08, 0.6, 0.8), WHITE, width=1)
    c.rect(f.box(0.44, 0.4, 0.56, 0.8), (220, 40, 40), width=0)
    c.ellipse(f.box(0.3, 0.74, 0.7, 0.94), (220, 40, 40), width=1)


HOUSEHOLD_KINDS = (
    ObjectKind(
        "saucepan",
        "saucepan",
        ("stewpan",),
        "counter",
        (50, 30),
        ("red", "blue", "gray", "black"),
        saucepan,
        also=("near",),
        patterns=("spotted",),
    ),
    ObjectKind(
        "frying_pan",
        "frying pan",
        ("skillet",),
        "counter",
        (56, 26),
        ("black", "red"),
        frying_pan,
        also=("near",),
    ),
    ObjectKind(
        "kettle",
        "kettle",
        (),
        "counter",
        (40, 42),
        ("red", "gray", "blue", "white"),
        kettle,
        also=("near",),
    ),
    ObjectKind(
        "rolling_pin",
        "rolling pin",
        (),
        "counter",
        (60, 16),
        ("brown", "white"),
        rolling_pin,
        also=("near",),
        resizable=False,
    ),
    ObjectKind(
        "salt_shaker",
        "salt shaker",
        ("salt_cellar",),
        "counter",
        (20, 32),
        ("gray", "red", "blue"),
        salt_shaker,
        also=("near",),
    ),
    ObjectKind(
        "teacup", "teacup", ("cup_and_saucer",), "counter", (32, 26), BRIGHT, teacup, also=("near",)
    ),
    ObjectKind(
        "glass",
        "glass",
        ("tumbler",),
        "counter",
        (22, 34),
        ("orange", "purple", "red", "green"),
        glass,
        also=("near",),
        plural="glasses",
    ),
    ObjectKind(
        "blender",
        "blender",
        ("mixer",),
        "counter",
        (32, 56),
        ("red", "white", "black"),
        blender,
        also=("near",),
        outdoor=False,
    ),
    ObjectKind(
        "microwave",
        "microwave",
        (),
        "counter",
        (60, 40),
        ("white", "black", "gray"),
        microwave,
        also=("near",),
        outdoor=False,
    ),
    ObjectKind("mop", "mop", (), "near", (34, 80), ("gray", "blue", "white"), mop),
    ObjectKind(
        "iron",
        "iron",
        ("clothes_iron",),
        "counter",
        (44, 30),
        ("blue", "purple", "red"),
        iron,
        also=("near",),
        outdoor=False,
    ),
    ObjectKind(
        "lightbulb",
        "light bulb",
        ("bulb", "lightbulb"),
        "counter",
        (26, 36),
        ("yellow", "white"),
        lightbulb,
        also=("near",),
    ),
    ObjectKind(
        "hourglass",
        "hourglass",
        ("sand_timer",),
        "counter",
        (26, 40),
        ("brown", "black", "red"),
        hourglass,
        also=("near",),
    ),
    ObjectKind(
        "globe",
        "globe",
        (),
        "counter",
        (36, 44),
        ("brown", "black", "yellow"),
        globe,
        also=("near",),
    ),
    ObjectKind(
        "telescope", "telescope", (), "near", (46, 52), ("blue", "brown", "black"), telescope
    ),
    ObjectKind("xylophone", "xylophone", (), "near", (60, 30), ("brown", "black"), xylophone),
    ObjectKind(
        "violin", "violin", ("fiddle",), "near", (26, 58), ("brown", "red", "orange"), violin
    ),
    ObjectKind(
        "tambourine", "tambourine", (), "near", (36, 36), ("red", "brown", "blue"), tambourine
    ),
    ObjectKind(
        "microphone", "microphone", ("mic",), "near", (24, 46), ("black", "gray", "red"), microphone
    ),
    ObjectKind("doll", "doll", ("rag_doll",), "near", (30, 50), BRIGHT, doll),
    ObjectKind(
        "toy_train",
        "toy train",
        ("train", "locomotive"),
        "near",
        (62, 40),
        ("red", "blue", "green", "yellow"),
        toy_train,
    ),
    ObjectKind("yoyo", "yoyo", ("yo_yo",), "near", (24, 34), BRIGHT, yoyo),
    ObjectKind(
        "poster",
        "poster",
        (),
        "wall",
        (46, 60),
        ("blue", "red", "purple", "green"),
        poster,
        outdoor=False,
        shapes=("rectangular", "oval"),
    ),
    ObjectKind(
        "world_map",
        "map",
        ("world_map",),
        "wall",
        (76, 50),
        ("brown", "black"),
        world_map,
        outdoor=False,
    ),
    ObjectKind(
        "horseshoe", "horseshoe", (), "wall", (36, 36), ("gray", "black"), horseshoe, outdoor=False
    ),
    ObjectKind(
        "bunting",
        "bunting",
        ("pennants", "party_flags"),
        "wall",
        (100, 30),
        ("red", "blue", "green", "purple"),
        bunting,
        outdoor=False,
        resizable=False,
    ),
    ObjectKind(
        "thermometer",
        "thermometer",
        (),
        "wall",
        (20, 56),
        ("white", "blue", "brown"),
        thermometer,
        outdoor=False,
    ),
)
