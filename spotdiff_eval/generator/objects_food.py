"""Food: fruit, vegetables, bread and sweets, on a kitchen counter or at a picnic.

Each kind stands on the counter where a theme has one and on the floor or
grass elsewhere, so food is no clue to the theme. Same conventions as
``objects_outdoor``.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import dome, heart, star
from .objects_outdoor import BLACK, BROWN, LEAF, WHITE
from .palette import rgb
from .scene import ObjectKind, SceneObject

CRUST = (222, 170, 100)
CREAM = (250, 240, 220)


def pumpkin(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.44, 0.0, 0.56, 0.2), BROWN, width=1)
    c.ellipse(f.box(0.0, 0.16, 0.6, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.4, 0.16, 1.0, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.22, 0.16, 0.78, 0.99), fill, width=f.line)


def watermelon(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(dome(f, 0.0, 0.0, 1.0, 0.99)[::-1], LEAF, width=f.line)
    c.polygon(dome(f, 0.08, 0.12, 0.92, 0.92)[::-1], rgb(o.colour), width=0)
    for u in (0.3, 0.5, 0.7):
        c.ellipse(f.box(u - 0.04, 0.5, u + 0.04, 0.64), BLACK, width=0)


def pineapple(c: Canvas, f: Frame, o: SceneObject) -> None:
    for tip in ((0.2, 0.0), (0.5, 0.0), (0.8, 0.0)):
        c.polygon(f.pts((0.36, 0.34), tip, (0.64, 0.34)), LEAF, width=1)
    c.ellipse(f.box(0.08, 0.3, 0.92, 0.99), rgb(o.colour), pattern="checked", width=f.line)


def banana(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    outer = dome(f, 0.0, 0.0, 1.0, 0.99, 12)[::-1]
    inner = dome(f, 0.14, 0.3, 0.86, 0.99, 12)
    c.polygon(outer + inner, fill, width=f.line)
    c.rect(f.box(0.0, 0.86, 0.1, 0.99), BROWN, width=0)


def pear(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.5, 0.14), (0.56, 0.0)), BROWN, width=2)
    c.ellipse(f.box(0.24, 0.1, 0.76, 0.6), fill, width=f.line)
    c.ellipse(f.box(0.0, 0.36, 1.0, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.28, 0.14, 0.72, 0.6), fill, width=0)


def lemon(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.0, 0.5), (0.12, 0.36), (0.12, 0.64)), fill, width=1)
    c.polygon(f.pts((1.0, 0.5), (0.88, 0.36), (0.88, 0.64)), fill, width=1)
    c.ellipse(f.box(0.08, 0.1, 0.92, 0.9), fill, width=f.line)


def cherry(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.24, 0.6), (0.6, 0.0), (0.76, 0.6)), LEAF, width=2)
    c.ellipse(f.box(0.0, 0.5, 0.48, 0.99), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.52, 0.5, 1.0, 0.99), rgb(o.colour), width=f.line)


def strawberry(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.0, 0.2), (1.0, 0.2), (0.5, 0.99)), rgb(o.colour), width=f.line)
    for u, v in ((0.3, 0.34), (0.56, 0.32), (0.44, 0.54), (0.5, 0.74)):
        c.ellipse(f.box(u, v, u + 0.06, v + 0.06), (250, 230, 120), width=0)
    c.polygon(f.pts((0.2, 0.2), (0.5, 0.0), (0.8, 0.2), (0.5, 0.3)), LEAF, width=1)


def carrot(c: Canvas, f: Frame, o: SceneObject) -> None:
    for tip in (0.3, 0.5, 0.7):
        c.line(f.pts((0.5, 0.24), (tip, 0.0)), LEAF, width=3)
    c.polygon(f.pts((0.16, 0.22), (0.84, 0.22), (0.5, 0.99)), rgb(o.colour), width=f.line)
    for v in (0.4, 0.6):
        c.line(f.pts((0.36, v), (0.54, v)), BLACK, width=1)


def egg(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), pattern=o.pattern, width=f.line)


def cheese(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.0, 0.4), (1.0, 0.0), (1.0, 0.99), (0.0, 0.99)), rgb(o.colour), width=2)
    for u, v in ((0.3, 0.6), (0.6, 0.4), (0.7, 0.74)):
        c.ellipse(f.box(u, v, u + 0.14, v + 0.16), (210, 160, 30), width=0)


def bread(c: Canvas, f: Frame, o: SceneObject) -> None:
    if o.shape == "round":
        c.polygon(dome(f, 0.0, 0.0, 1.0, 0.99, 16), rgb(o.colour), width=f.line)
        for u in (0.3, 0.5, 0.7):
            c.line(f.pts((u - 0.06, 0.5), (u + 0.06, 0.3)), BROWN, width=2)
        return
    c.rect(f.box(0.0, 0.36, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.polygon(dome(f, 0.0, 0.0, 1.0, 0.44, 12), rgb(o.colour), width=f.line)
    for u in (0.3, 0.5, 0.7):
        c.line(f.pts((u - 0.06, 0.28), (u + 0.06, 0.12)), BROWN, width=2)


def pizza(c: Canvas, f: Frame, o: SceneObject) -> None:
    if o.shape == "round":
        c.ellipse(f.box(0.0, 0.0, 1.0, 0.99), CRUST, width=f.line)
        c.ellipse(f.box(0.1, 0.1, 0.9, 0.89), rgb(o.colour), width=0)
        for u, v in ((0.24, 0.3), (0.58, 0.24), (0.46, 0.58), (0.2, 0.6), (0.68, 0.56)):
            c.ellipse(f.box(u, v, u + 0.12, v + 0.12), (190, 40, 40), width=0)
        return
    c.polygon(f.pts((0.0, 0.0), (1.0, 0.0), (0.5, 0.99)), CRUST, width=f.line)
    c.polygon(f.pts((0.1, 0.1), (0.9, 0.1), (0.5, 0.86)), rgb(o.colour), width=0)
    for u, v in ((0.34, 0.2), (0.58, 0.24), (0.46, 0.46)):
        c.ellipse(f.box(u, v, u + 0.12, v + 0.12), (190, 40, 40), width=0)


def ice_cream(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.16, 0.46), (0.84, 0.46), (0.5, 0.99)), CRUST, width=f.line)
    c.ellipse(f.box(0.08, 0.0, 0.92, 0.56), rgb(o.colour), width=f.line)


def cupcake(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.08, 0.5), (0.92, 0.5), (0.8, 0.99), (0.2, 0.99)), CRUST, width=f.line)
    c.polygon(dome(f, 0.0, 0.06, 1.0, 0.56, 12), rgb(o.colour), pattern=o.pattern, width=2)
    c.ellipse(f.box(0.4, 0.0, 0.6, 0.18), (200, 30, 40), width=1)


def donut(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.0, 1.0, 0.99), CRUST, width=f.line)
    c.ellipse(f.box(0.08, 0.06, 0.92, 0.86), rgb(o.colour), pattern=o.pattern, width=0)
    c.ellipse(f.box(0.36, 0.32, 0.64, 0.62), WHITE, width=f.line)


def lollipop(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.5), (0.5, 0.99)), WHITE, width=4)
    fill = rgb(o.colour)
    if o.shape == "heart":
        c.polygon(heart(f, 0.0, 0.0, 1.0, 0.6), fill, pattern=o.pattern, width=f.line)
    elif o.shape == "star":
        c.polygon(star(f, 0.0, 0.0, 1.0, 0.6), fill, pattern=o.pattern, width=f.line)
    else:
        c.ellipse(f.box(0.0, 0.0, 1.0, 0.6), fill, pattern=o.pattern, width=f.line)


def burger(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(dome(f, 0.0, 0.0, 1.0, 0.42, 12), CRUST, width=f.line)
    c.rect(f.box(0.0, 0.42, 1.0, 0.52), LEAF, width=0)
    c.rect(f.box(0.04, 0.52, 0.96, 0.72), rgb(o.colour), width=f.line)
    c.rect(f.box(0.0, 0.74, 1.0, 0.99), CRUST, width=f.line)


FOOD_KINDS = (
    ObjectKind(
        "pumpkin", "pumpkin", ("squash",), "counter", (44, 38), ("orange",), pumpkin, also=("near",)
    ),
    ObjectKind(
        "watermelon",
        "watermelon",
        ("melon",),
        "counter",
        (50, 26),
        ("red", "pink"),
        watermelon,
        also=("near",),
        resizable=False,
    ),
    ObjectKind(
        "pineapple",
        "pineapple",
        (),
        "counter",
        (28, 52),
        ("yellow", "orange"),
        pineapple,
        also=("near",),
    ),
    ObjectKind("banana", "banana", (), "counter", (46, 22), ("yellow",), banana, also=("near",)),
    ObjectKind("pear", "pear", (), "counter", (28, 38), ("green", "yellow"), pear, also=("near",)),
    ObjectKind("lemon", "lemon", (), "counter", (34, 24), ("yellow",), lemon, also=("near",)),
    ObjectKind(
        "cherry",
        "cherry",
        (),
        "counter",
        (28, 34),
        ("red",),
        cherry,
        also=("near",),
        plural="cherries",
    ),
    ObjectKind(
        "strawberry",
        "strawberry",
        (),
        "counter",
        (26, 32),
        ("red",),
        strawberry,
        also=("near",),
        plural="strawberries",
    ),
    ObjectKind("carrot", "carrot", (), "counter", (20, 50), ("orange",), carrot, also=("near",)),
    ObjectKind(
        "egg",
        "egg",
        ("easter_egg",),
        "counter",
        (22, 30),
        ("white", "blue", "pink", "yellow"),
        egg,
        also=("near",),
        patterns=("spotted", "striped"),
    ),
    ObjectKind(
        "cheese",
        "cheese",
        ("cheese_wedge",),
        "counter",
        (44, 30),
        ("yellow",),
        cheese,
        also=("near",),
        plural="cheeses",
    ),
    ObjectKind(
        "bread",
        "loaf of bread",
        ("bread", "loaf"),
        "counter",
        (52, 32),
        ("brown", "orange"),
        bread,
        also=("near",),
        plural="loaves of bread",
        shapes=("rectangular", "round"),
    ),
    ObjectKind(
        "pizza",
        "pizza",
        ("pizza_slice",),
        "counter",
        (40, 40),
        ("yellow", "orange"),
        pizza,
        also=("near",),
        shapes=("triangular", "round"),
    ),
    ObjectKind(
        "ice_cream",
        "ice cream",
        ("gelato",),
        "counter",
        (28, 48),
        ("pink", "white", "brown", "green", "yellow"),
        ice_cream,
        also=("near",),
        plural="ice creams",
    ),
    ObjectKind(
        "cupcake",
        "cupcake",
        ("muffin",),
        "counter",
        (32, 36),
        ("pink", "white", "blue", "purple", "yellow"),
        cupcake,
        also=("near",),
        patterns=("spotted",),
    ),
    ObjectKind(
        "donut",
        "donut",
        ("doughnut",),
        "counter",
        (38, 34),
        ("pink", "brown", "white", "yellow"),
        donut,
        also=("near",),
        patterns=("spotted",),
    ),
    ObjectKind(
        "lollipop",
        "lollipop",
        ("lolly",),
        "counter",
        (26, 50),
        ("red", "pink", "green", "purple", "orange"),
        lollipop,
        also=("near",),
        shapes=("round", "heart", "star"),
        patterns=("striped", "spotted"),
    ),
    ObjectKind(
        "burger", "burger", ("hamburger",), "counter", (42, 34), ("brown",), burger, also=("near",)
    ),
)
