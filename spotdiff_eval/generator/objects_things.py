"""Portable things that may stand on any floor or lawn: toys, instruments, tools, luggage.

They stand in every theme (a guitar in a park, a rake in a kitchen), so a
theme's backdrop says little about what a scene holds. Same conventions as
``objects_outdoor``: every drawing stays in its frame and paints its main
part in the object's colour.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import bowl, dome
from .objects_outdoor import BLACK, BRIGHT, BROWN, GRAY, WHITE
from .palette import rgb
from .scene import ObjectKind, SceneObject

GOLD = (235, 185, 40)


def guitar(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.42, 0.0, 0.58, 0.5), BROWN, width=1)
    c.ellipse(f.box(0.14, 0.34, 0.86, 0.68), fill, pattern=o.pattern, width=f.line)
    c.ellipse(f.box(0.0, 0.52, 1.0, 0.99), fill, pattern=o.pattern, width=f.line)
    c.ellipse(f.box(0.36, 0.58, 0.64, 0.74), BLACK, width=0)
    c.rect(f.box(0.3, 0.84, 0.7, 0.9), BLACK, width=0)


def drum(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.3, 1.0, 0.86), rgb(o.colour), pattern=o.pattern, width=f.line)
    c.ellipse(f.box(0.0, 0.76, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.0, 0.18, 1.0, 0.42), WHITE, width=f.line)
    c.line(f.pts((0.2, 0.0), (0.5, 0.3)), BROWN, width=3)
    c.line(f.pts((0.8, 0.0), (0.55, 0.3)), BROWN, width=3)


def trumpet(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.0, 0.44, 0.7, 0.62), fill, width=f.line)
    c.polygon(f.pts((0.66, 0.46), (1.0, 0.1), (1.0, 0.96), (0.66, 0.6)), fill, width=f.line)
    for u in (0.22, 0.36, 0.5):
        c.rect(f.box(u, 0.1, u + 0.07, 0.44), fill, width=1)
    c.rect(f.box(0.14, 0.62, 0.58, 0.8), fill, width=1)


def skateboard(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.2, 1.0, 0.6), rgb(o.colour), pattern=o.pattern, width=f.line)
    for u in (0.14, 0.7):
        c.ellipse(f.box(u, 0.55, u + 0.16, 0.99), BLACK, width=0)


def basketball(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.0, 1.0, 1.0), rgb(o.colour), width=f.line)
    c.line(f.pts((0.5, 0.02), (0.5, 0.98)), BLACK, width=2)
    c.line(f.pts((0.02, 0.5), (0.98, 0.5)), BLACK, width=2)
    c.arc(f.box(-0.4, 0.1, 0.4, 0.9), 300, 60, BLACK, width=2)
    c.arc(f.box(0.6, 0.1, 1.4, 0.9), 120, 240, BLACK, width=2)


def racket(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.42, 0.58, 0.58, 0.99), BLACK, width=0)
    c.ellipse(f.box(0.0, 0.0, 1.0, 0.64), rgb(o.colour), width=3)
    c.ellipse(f.box(0.1, 0.06, 0.9, 0.58), WHITE, width=0)
    for u in (0.3, 0.5, 0.7):
        c.line(f.pts((u, 0.08), (u, 0.56)), GRAY, width=1)
    for v in (0.18, 0.32, 0.46):
        c.line(f.pts((0.1, v), (0.9, v)), GRAY, width=1)


def hat(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.2, 0.0, 0.8, 0.8), fill, pattern=o.pattern, width=f.line)
    c.rect(f.box(0.2, 0.56, 0.8, 0.7), WHITE, width=1)
    c.rect(f.box(0.0, 0.8, 1.0, 0.99), fill, width=f.line)


def boot(c: Canvas, f: Frame, o: SceneObject) -> None:
    outline = ((0.1, 0.0), (0.56, 0.0), (0.56, 0.56), (1.0, 0.7), (1.0, 0.99), (0.1, 0.99))
    c.polygon(f.pts(*outline), rgb(o.colour), pattern=o.pattern, width=f.line)
    c.rect(f.box(0.1, 0.9, 1.0, 0.99), BLACK, width=0)


def backpack(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.arc(f.box(0.3, 0.0, 0.7, 0.3), 180, 360, BLACK, width=3)
    c.rect(f.box(0.06, 0.12, 0.94, 0.99), fill, pattern=o.pattern, width=f.line)
    c.rect(f.box(0.2, 0.56, 0.8, 0.9), fill, width=f.line)
    c.line(f.pts((0.2, 0.66), (0.8, 0.66)), BLACK, width=1)


def suitcase(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.34, 0.0, 0.66, 0.2), None, width=3)
    c.rect(f.box(0.0, 0.16, 1.0, 0.99), rgb(o.colour), pattern=o.pattern, width=f.line)
    for u in (0.25, 0.75):
        c.line(f.pts((u, 0.18), (u, 0.97)), BROWN, width=3)


def basket(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.arc(f.box(0.12, 0.0, 0.88, 0.8), 180, 360, BROWN, width=3)
    body = ((0.0, 0.4), (1.0, 0.4), (0.86, 0.99), (0.14, 0.99))
    c.polygon(f.pts(*body), rgb(o.colour), pattern=o.pattern, width=f.line)
    for v in (0.6, 0.8):
        c.line(f.pts((0.06, v), (0.94, v)), BROWN, width=1)


def gift(c: Canvas, f: Frame, o: SceneObject) -> None:
    draw = c.ellipse if o.shape == "round" else c.rect
    draw(f.box(0.0, 0.24, 1.0, 0.99), rgb(o.colour), pattern=o.pattern, width=f.line)
    ribbon = rgb("yellow") if o.colour not in ("yellow", "orange") else rgb("red")
    c.rect(f.box(0.42, 0.24, 0.58, 0.99), ribbon, width=1)
    c.ellipse(f.box(0.16, 0.0, 0.5, 0.26), ribbon, width=1)
    c.ellipse(f.box(0.5, 0.0, 0.84, 0.26), ribbon, width=1)


def chest(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.0, 0.4, 1.0, 0.99), fill, width=f.line)
    c.polygon(dome(f, 0.0, 0.0, 1.0, 0.4, 10), fill, width=f.line)
    c.rect(f.box(0.4, 0.32, 0.6, 0.56), GOLD, width=1)
    c.line(f.pts((0.02, 0.4), (0.98, 0.4)), BLACK, width=2)


def barrel(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.12, 0.04, 0.88, 0.95), rgb(o.colour), width=0)
    for v in (0.2, 0.76):
        c.rect(f.box(0.06, v, 0.94, v + 0.06), GRAY, width=0)
    c.line(f.pts((0.12, 0.04), (0.88, 0.04)), BLACK, width=2)
    c.line(f.pts((0.12, 0.95), (0.88, 0.95)), BLACK, width=2)


def crate(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    c.rect(f.box(0.12, 0.12, 0.88, 0.87), None, width=2)
    c.line(f.pts((0.12, 0.87), (0.88, 0.12)), BLACK, width=2)


def broom(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.0), (0.5, 0.64)), BROWN, width=4)
    c.rect(f.box(0.3, 0.6, 0.7, 0.68), rgb(o.colour), width=1)
    bristles = ((0.3, 0.68), (0.7, 0.68), (1.0, 0.99), (0.0, 0.99))
    c.polygon(f.pts(*bristles), rgb(o.colour), width=f.line)


def shovel(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.3, 0.0, 0.7, 0.08), BLACK, width=0)
    c.line(f.pts((0.5, 0.04), (0.5, 0.6)), BROWN, width=4)
    blade = ((0.1, 0.56), (0.9, 0.56), (0.9, 0.8), (0.5, 0.99), (0.1, 0.8))
    c.polygon(f.pts(*blade), rgb(o.colour), width=f.line)


def rake(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.0), (0.5, 0.8)), BROWN, width=4)
    c.rect(f.box(0.0, 0.76, 1.0, 0.86), rgb(o.colour), width=1)
    for u in (0.04, 0.24, 0.44, 0.64, 0.84):
        c.line(f.pts((u + 0.06, 0.86), (u + 0.06, 0.99)), rgb(o.colour), width=3)


def ladder(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.0, 0.8):
        c.rect(f.box(u, 0.0, u + 0.2, 0.99), fill, width=1)
    for i in range(5):
        v = 0.1 + 0.19 * i
        c.rect(f.box(0.2, v, 0.8, v + 0.06), fill, width=1)


def lantern(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.arc(f.box(0.3, 0.0, 0.7, 0.3), 180, 360, BLACK, width=2)
    c.polygon(f.pts((0.1, 0.26), (0.5, 0.12), (0.9, 0.26)), fill, width=f.line)
    draw = c.ellipse if o.shape == "round" else c.rect
    draw(f.box(0.2, 0.26, 0.8, 0.86), (255, 230, 120), width=f.line)
    c.rect(f.box(0.1, 0.86, 0.9, 0.99), fill, width=f.line)
    c.line(f.pts((0.5, 0.28), (0.5, 0.84)), fill, width=3)


def vase(c: Canvas, f: Frame, o: SceneObject) -> None:
    body = ((0.3, 0.0), (0.7, 0.0), (0.62, 0.2), (1.0, 0.55), (0.74, 0.99), (0.26, 0.99))
    c.polygon(f.pts(*body, (0.0, 0.55), (0.38, 0.2)), rgb(o.colour), pattern=o.pattern, width=2)


def robot(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.5, 0.0), (0.5, 0.1)), BLACK, width=2)
    c.rect(f.box(0.26, 0.08, 0.74, 0.36), GRAY, width=f.line)
    for u in (0.34, 0.56):
        c.rect(f.box(u, 0.16, u + 0.1, 0.24), (255, 60, 60), width=0)
    c.rect(f.box(0.0, 0.42, 0.14, 0.7), GRAY, width=1)
    c.rect(f.box(0.86, 0.42, 1.0, 0.7), GRAY, width=1)
    c.rect(f.box(0.16, 0.38, 0.84, 0.8), fill, pattern=o.pattern, width=f.line)
    c.rect(f.box(0.24, 0.8, 0.42, 0.99), GRAY, width=1)
    c.rect(f.box(0.58, 0.8, 0.76, 0.99), GRAY, width=1)


def trophy(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.arc(f.box(0.0, 0.06, 0.36, 0.46), 90, 270, BLACK, width=3)
    c.arc(f.box(0.64, 0.06, 1.0, 0.46), 270, 90, BLACK, width=3)
    c.polygon(f.pts((0.16, 0.0), (0.84, 0.0)) + bowl(f, 0.16, 0.0, 0.84, 0.56)[::-1], fill, width=2)
    c.rect(f.box(0.44, 0.54, 0.56, 0.8), fill, width=1)
    c.rect(f.box(0.2, 0.8, 0.8, 0.99), BROWN, width=f.line)


def bell(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.ellipse(f.box(0.4, 0.0, 0.6, 0.16), fill, width=1)
    body = dome(f, 0.12, 0.08, 0.88, 0.5, 10) + f.pts((0.88, 0.76), (1.0, 0.88), (0.0, 0.88))
    c.polygon(body + f.pts((0.12, 0.76)), fill, width=f.line)
    c.ellipse(f.box(0.4, 0.82, 0.6, 0.99), BLACK, width=0)


def anchor(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.ellipse(f.box(0.36, 0.0, 0.64, 0.2), None, width=3)
    c.line(f.pts((0.5, 0.2), (0.5, 0.96)), fill, width=5)
    c.line(f.pts((0.24, 0.3), (0.76, 0.3)), fill, width=4)
    c.arc(f.box(0.04, 0.4, 0.96, 0.98), 0, 180, fill, width=5)
    c.polygon(f.pts((0.0, 0.72), (0.1, 0.56), (0.16, 0.76)), fill, width=1)
    c.polygon(f.pts((1.0, 0.72), (0.9, 0.56), (0.84, 0.76)), fill, width=1)


THING_KINDS = (
    ObjectKind(
        "guitar",
        "guitar",
        (),
        "near",
        (30, 72),
        ("red", "brown", "blue", "black"),
        guitar,
        patterns=("striped", "spotted"),
    ),
    ObjectKind(
        "drum",
        "drum",
        ("snare_drum",),
        "near",
        (40, 50),
        BRIGHT,
        drum,
        patterns=("striped", "checked"),
    ),
    ObjectKind("trumpet", "trumpet", ("horn",), "near", (56, 30), ("yellow", "gray"), trumpet),
    ObjectKind(
        "skateboard",
        "skateboard",
        (),
        "near",
        (66, 20),
        BRIGHT,
        skateboard,
        patterns=("striped", "spotted", "checked"),
        resizable=False,
    ),
    ObjectKind("basketball", "basketball", (), "near", (30, 30), ("orange",), basketball),
    ObjectKind(
        "racket",
        "tennis racket",
        ("racquet",),
        "near",
        (30, 62),
        ("red", "blue", "green", "black"),
        racket,
    ),
    ObjectKind(
        "hat",
        "hat",
        ("top_hat",),
        "near",
        (38, 36),
        ("black", "blue", "red", "purple"),
        hat,
        patterns=("striped", "spotted"),
    ),
    ObjectKind(
        "boot",
        "boot",
        ("wellington",),
        "near",
        (34, 38),
        ("red", "yellow", "green", "black"),
        boot,
        patterns=("spotted", "striped"),
    ),
    ObjectKind(
        "backpack",
        "backpack",
        ("rucksack",),
        "near",
        (36, 46),
        BRIGHT,
        backpack,
        patterns=("striped", "spotted", "checked"),
    ),
    ObjectKind(
        "suitcase",
        "suitcase",
        ("luggage",),
        "near",
        (52, 42),
        BRIGHT,
        suitcase,
        patterns=("striped", "checked"),
    ),
    ObjectKind(
        "basket",
        "basket",
        ("picnic_basket",),
        "near",
        (46, 42),
        ("brown", "yellow", "orange", "red"),
        basket,
        patterns=("checked", "striped"),
    ),
    ObjectKind(
        "gift",
        "gift",
        ("present",),
        "near",
        (36, 38),
        BRIGHT,
        gift,
        patterns=("spotted", "striped"),
        shapes=("square", "round"),
    ),
    ObjectKind(
        "chest",
        "treasure chest",
        ("trunk",),
        "near",
        (50, 40),
        ("brown", "red", "blue"),
        chest,
    ),
    ObjectKind("barrel", "barrel", ("cask",), "near", (36, 46), ("brown", "red", "blue"), barrel),
    ObjectKind("crate", "crate", (), "near", (40, 38), ("brown", "orange"), crate),
    ObjectKind("broom", "broom", ("brush",), "near", (30, 78), ("yellow", "red", "blue"), broom),
    ObjectKind(
        "shovel", "shovel", ("spade",), "near", (26, 70), ("red", "blue", "gray", "green"), shovel
    ),
    ObjectKind("rake", "rake", (), "near", (36, 76), ("red", "green", "gray"), rake),
    ObjectKind(
        "ladder",
        "ladder",
        ("stepladder",),
        "near",
        (34, 96),
        ("brown", "gray", "yellow"),
        ladder,
        resizable=False,
    ),
    ObjectKind(
        "lantern",
        "lantern",
        (),
        "near",
        (30, 46),
        ("red", "black", "green"),
        lantern,
        shapes=("square", "round"),
    ),
    ObjectKind(
        "vase",
        "vase",
        ("urn",),
        "near",
        (30, 44),
        BRIGHT,
        vase,
        also=("counter",),
        patterns=("striped", "spotted", "checked"),
    ),
    ObjectKind(
        "robot",
        "robot",
        ("toy_robot", "android"),
        "near",
        (40, 62),
        BRIGHT,
        robot,
        patterns=("striped", "checked"),
    ),
    ObjectKind("trophy", "trophy", ("cup_trophy",), "near", (40, 44), ("yellow", "gray"), trophy),
    ObjectKind("bell", "bell", (), "near", (32, 38), ("yellow", "gray", "red"), bell),
    ObjectKind("anchor", "anchor", (), "near", (38, 50), ("black", "gray", "red"), anchor),
)
