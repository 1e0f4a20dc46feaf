"""More animals: on the ground anywhere, on the sea, and flying insects.

Same conventions as ``objects_animals``: the body is painted in the
object's colour, which is what a colour change alters.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import dome
from .objects_outdoor import BLACK, GRAY, WHITE
from .palette import rgb
from .scene import ObjectKind, SceneObject

PINK = (240, 170, 180)


def eye(c: Canvas, f: Frame, u: float, v: float, r: float = 0.05) -> None:
    c.ellipse(f.box(u - r, v - r, u + r, v + r), BLACK, width=0)


def horse(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.14, 0.3, 0.56, 0.7):
        c.rect(f.box(u, 0.56, u + 0.08, 0.99), fill, width=1)
    c.ellipse(f.box(0.06, 0.3, 0.8, 0.7), fill, pattern=o.pattern, width=f.line)
    c.polygon(
        f.pts((0.64, 0.46), (0.72, 0.06), (0.86, 0.02), (1.0, 0.26), (0.92, 0.32), (0.8, 0.5)),
        fill,
        width=f.line,
    )
    c.line(f.pts((0.7, 0.08), (0.62, 0.4)), BLACK, width=3)
    c.line(f.pts((0.08, 0.42), (0.0, 0.7)), BLACK, width=3)
    eye(c, f, 0.84, 0.12, 0.03)


def rabbit(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.56, 0.72):
        c.ellipse(f.box(u, 0.0, u + 0.12, 0.4), fill, width=1)
    c.ellipse(f.box(0.0, 0.44, 0.74, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.5, 0.28, 0.94, 0.68), fill, width=f.line)
    c.ellipse(f.box(0.0, 0.56, 0.16, 0.74), WHITE, width=1)
    eye(c, f, 0.78, 0.42)


def fox(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.3, 0.6), (0.0, 0.3), (0.04, 0.8)), fill, width=f.line)
    c.polygon(f.pts((0.0, 0.3), (0.06, 0.42), (0.1, 0.3)), WHITE, width=0)
    for u in (0.3, 0.6):
        c.rect(f.box(u, 0.7, u + 0.07, 0.99), BLACK, width=0)
    c.ellipse(f.box(0.2, 0.44, 0.8, 0.8), fill, width=f.line)
    c.polygon(
        f.pts(
            (0.62, 0.2),
            (0.66, 0.0),
            (0.76, 0.16),
            (0.86, 0.0),
            (0.9, 0.2),
            (1.0, 0.44),
            (0.6, 0.52),
        ),
        fill,
        width=f.line,
    )
    eye(c, f, 0.8, 0.3, 0.03)


def mouse(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.14, 0.8), (0.0, 0.5)), PINK, width=2)
    c.ellipse(f.box(0.1, 0.36, 0.82, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.56, 0.0, 0.82, 0.36), fill, width=1)
    c.polygon(f.pts((0.7, 0.4), (1.0, 0.72), (0.7, 0.8)), fill, width=f.line)
    eye(c, f, 0.84, 0.6, 0.04)


def frog(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.ellipse(f.box(0.0, 0.56, 0.4, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.6, 0.56, 1.0, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.1, 0.2, 0.9, 0.9), fill, width=f.line)
    for u in (0.2, 0.58):
        c.ellipse(f.box(u, 0.0, u + 0.22, 0.3), WHITE, width=1)
        eye(c, f, u + 0.11, 0.15)
    c.arc(f.box(0.3, 0.4, 0.7, 0.7), 20, 160, BLACK, width=2)


def turtle(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.78, 0.3, 1.0, 0.7), (120, 170, 90), width=f.line)
    for u in (0.14, 0.6):
        c.ellipse(f.box(u, 0.7, u + 0.18, 0.99), (120, 170, 90), width=1)
    c.polygon(dome(f, 0.0, 0.0, 0.86, 0.84, 12), rgb(o.colour), pattern=o.pattern, width=2)
    eye(c, f, 0.92, 0.44, 0.03)


def snail(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(
        f.pts((0.0, 0.99), (1.0, 0.99), (1.0, 0.6), (0.86, 0.6), (0.8, 0.84)),
        (200, 190, 150),
        width=f.line,
    )
    c.line(f.pts((0.92, 0.6), (0.86, 0.3)), BLACK, width=2)
    c.ellipse(f.box(0.04, 0.1, 0.76, 0.94), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.22, 0.3, 0.58, 0.74), None, width=2)


def owl(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.06, 0.0), (0.3, 0.14), (0.7, 0.14), (0.94, 0.0), (0.94, 0.5)), fill, width=1)
    c.ellipse(f.box(0.04, 0.06, 0.96, 0.99), fill, pattern=o.pattern, width=f.line)
    for u in (0.16, 0.52):
        c.ellipse(f.box(u, 0.16, u + 0.32, 0.48), WHITE, width=1)
        eye(c, f, u + 0.16, 0.32, 0.07)
    c.polygon(f.pts((0.44, 0.46), (0.56, 0.46), (0.5, 0.6)), rgb("orange"), width=0)


def penguin(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.04, 0.0, 0.96, 0.96), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.22, 0.26, 0.78, 0.92), WHITE, width=0)
    c.polygon(f.pts((0.44, 0.2), (0.56, 0.2), (0.5, 0.3)), rgb("orange"), width=0)
    eye(c, f, 0.36, 0.14, 0.04)
    eye(c, f, 0.64, 0.14, 0.04)
    for u in (0.2, 0.56):
        c.ellipse(f.box(u, 0.9, u + 0.24, 0.99), rgb("orange"), width=0)


def elephant(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.12, 0.3, 0.52, 0.66):
        c.rect(f.box(u, 0.6, u + 0.12, 0.99), fill, width=1)
    c.ellipse(f.box(0.02, 0.16, 0.8, 0.76), fill, width=f.line)
    c.rect(f.box(0.86, 0.4, 0.96, 0.9), fill, width=1)
    c.ellipse(f.box(0.62, 0.06, 1.0, 0.56), fill, width=f.line)
    c.ellipse(
        f.box(0.56, 0.14, 0.76, 0.5), (190, 190, 200) if o.colour != "gray" else WHITE, width=1
    )
    eye(c, f, 0.86, 0.24, 0.03)


def hedgehog(c: Canvas, f: Frame, o: SceneObject) -> None:
    spikes = [f.pt(0.0, 0.9)]
    for i in range(9):
        u = 0.04 + 0.08 * i
        spikes += [f.pt(u + 0.04, 0.0 + 0.1 * abs(i - 4) / 4), f.pt(u + 0.08, 0.3)]
    c.polygon([*spikes, f.pt(0.76, 0.9)], rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.66, 0.4), (1.0, 0.78), (0.7, 0.94)), (225, 190, 150), width=f.line)
    eye(c, f, 0.8, 0.66, 0.03)


def goat(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.16, 0.56):
        c.rect(f.box(u, 0.6, u + 0.08, 0.99), BLACK, width=0)
    c.ellipse(f.box(0.0, 0.3, 0.78, 0.72), fill, width=f.line)
    c.line(f.pts((0.74, 0.12), (0.66, 0.0)), GRAY, width=3)
    c.ellipse(f.box(0.64, 0.08, 0.96, 0.44), fill, width=f.line)
    c.polygon(f.pts((0.8, 0.4), (0.9, 0.4), (0.84, 0.58)), WHITE, width=1)
    eye(c, f, 0.84, 0.2, 0.03)


def squirrel(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.ellipse(f.box(0.0, 0.0, 0.46, 0.9), fill, width=f.line)
    c.ellipse(f.box(0.32, 0.4, 0.82, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.54, 0.16, 0.96, 0.52), fill, width=f.line)
    eye(c, f, 0.8, 0.3, 0.04)


def ladybug(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.66, 0.2, 1.0, 0.7), BLACK, width=0)
    c.ellipse(f.box(0.0, 0.0, 0.84, 0.99), rgb(o.colour), width=f.line)
    c.line(f.pts((0.42, 0.02), (0.42, 0.97)), BLACK, width=2)
    for u, v in ((0.16, 0.3), (0.56, 0.3), (0.2, 0.64), (0.54, 0.64)):
        c.ellipse(f.box(u, v, u + 0.14, v + 0.18), BLACK, width=0)


def butterfly(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for box in (
        (0.0, 0.0, 0.48, 0.56),
        (1.0, 0.0, 0.52, 0.56),
        (0.06, 0.44, 0.46, 0.99),
        (0.94, 0.44, 0.54, 0.99),
    ):
        c.ellipse(f.box(*box), fill, pattern=o.pattern, width=f.line)
    c.rect(f.box(0.45, 0.1, 0.55, 0.92), BLACK, width=0)


def bee(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.24, 0.0, 0.58, 0.4), (220, 240, 250), width=1)
    c.ellipse(f.box(0.46, 0.0, 0.8, 0.4), (220, 240, 250), width=1)
    c.ellipse(f.box(0.0, 0.3, 1.0, 0.99), rgb(o.colour), pattern="striped", width=f.line)
    eye(c, f, 0.86, 0.56, 0.05)


def fish(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.0, 0.1), (0.3, 0.5), (0.0, 0.9)), fill, width=f.line)
    c.ellipse(f.box(0.2, 0.06, 1.0, 0.94), fill, pattern=o.pattern, width=f.line)
    eye(c, f, 0.82, 0.4, 0.05)


def swan(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.0, 0.4), (0.3, 0.56), (0.8, 0.56), (0.7, 0.99), (0.14, 0.99)), fill, width=2)
    c.line(f.pts((0.74, 0.7), (0.82, 0.1)), fill, width=5)
    c.ellipse(f.box(0.72, 0.0, 0.94, 0.18), fill, width=1)
    c.polygon(f.pts((0.92, 0.06), (1.0, 0.12), (0.92, 0.14)), rgb("orange"), width=0)


def whale(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.6, 0.36), (0.5, 0.0)), (170, 210, 250), width=2)
    c.line(f.pts((0.6, 0.36), (0.7, 0.0)), (170, 210, 250), width=2)
    c.polygon(f.pts((0.0, 0.3), (0.2, 0.7), (0.0, 0.99)), fill, width=f.line)
    c.polygon(dome(f, 0.14, 0.3, 1.0, 0.99, 12), fill, width=f.line)
    eye(c, f, 0.86, 0.8, 0.03)


ANIMAL_COATS = ("brown", "gray", "white", "black")

WILD_KINDS = (
    ObjectKind(
        "horse",
        "horse",
        ("pony",),
        "near",
        (78, 68),
        ("brown", "black", "white"),
        horse,
        outdoor=True,
        patterns=("spotted",),
    ),
    ObjectKind("rabbit", "rabbit", ("bunny", "hare"), "near", (38, 40), ANIMAL_COATS, rabbit),
    ObjectKind("fox", "fox", (), "near", (54, 40), ("orange", "gray"), fox, plural="foxes"),
    ObjectKind(
        "mouse",
        "mouse",
        ("rat",),
        "near",
        (34, 24),
        ("gray", "brown", "white"),
        mouse,
        plural="mice",
    ),
    ObjectKind("frog", "frog", ("toad",), "near", (34, 30), ("green", "yellow"), frog),
    ObjectKind(
        "turtle",
        "turtle",
        ("tortoise",),
        "near",
        (48, 30),
        ("green", "brown"),
        turtle,
        patterns=("checked", "spotted"),
    ),
    ObjectKind(
        "snail", "snail", (), "near", (40, 30), ("orange", "brown", "pink", "yellow"), snail
    ),
    ObjectKind(
        "owl", "owl", (), "near", (34, 44), ("brown", "gray", "white"), owl, patterns=("spotted",)
    ),
    ObjectKind("penguin", "penguin", (), "near", (30, 46), ("black",), penguin),
    ObjectKind(
        "elephant", "elephant", (), "near", (76, 58), ("gray", "pink"), elephant, outdoor=True
    ),
    ObjectKind(
        "hedgehog", "hedgehog", ("porcupine",), "near", (44, 28), ("brown", "gray"), hedgehog
    ),
    ObjectKind(
        "goat",
        "goat",
        ("billy_goat",),
        "near",
        (56, 46),
        ("white", "brown", "gray"),
        goat,
        outdoor=True,
    ),
    ObjectKind("squirrel", "squirrel", (), "near", (36, 38), ("brown", "orange", "gray"), squirrel),
    ObjectKind(
        "ladybug", "ladybug", ("ladybird",), "near", (30, 22), ("red", "orange", "yellow"), ladybug
    ),
    ObjectKind(
        "butterfly",
        "butterfly",
        (),
        "sky",
        (40, 34),
        ("blue", "orange", "purple", "yellow", "pink"),
        butterfly,
        patterns=("spotted",),
        plural="butterflies",
    ),
    ObjectKind("bee", "bee", ("bumblebee", "wasp"), "sky", (32, 24), ("yellow", "orange"), bee),
    ObjectKind(
        "fish",
        "fish",
        ("goldfish",),
        "water",
        (40, 22),
        ("orange", "yellow", "red", "purple"),
        fish,
        patterns=("striped", "spotted"),
        plural="fish",
    ),
    ObjectKind("swan", "swan", ("goose",), "water", (40, 34), ("white", "black"), swan),
    ObjectKind(
        "whale", "whale", (), "water", (70, 28), ("blue", "gray", "black"), whale, resizable=False
    ),
)
