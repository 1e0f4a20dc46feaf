"""Animals and people: dogs, cats, farm animals, a boy and a girl.

A person's colour is their clothing (the boy's shirt, the girl's dress),
which is the part a colour or pattern change names.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import dome
from .objects_outdoor import BLACK, BRIGHT, BROWN, GRAY
from .palette import rgb
from .scene import ObjectKind, SceneObject

SKIN = (240, 200, 160)

TROUSERS = (50, 60, 120)

HAIR = (95, 60, 30)


def dog(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.2, 0.46), (0.04, 0.18)), fill, width=4)
    for u in (0.2, 0.6):
        c.rect(f.box(u, 0.62, u + 0.11, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.12, 0.34, 0.82, 0.78), fill, width=f.line)
    c.ellipse(f.box(0.64, 0.08, 1.0, 0.52), fill, width=f.line)
    c.ellipse(f.box(0.64, 0.1, 0.76, 0.42), BROWN if o.colour != "brown" else BLACK, width=1)
    c.ellipse(f.box(0.84, 0.2, 0.9, 0.28), BLACK, width=0)
    c.ellipse(f.box(0.94, 0.3, 1.0, 0.4), BLACK, width=0)


def cat(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.12, 0.9), (0.02, 0.4), (0.12, 0.3)), fill, width=4)
    c.ellipse(f.box(0.06, 0.44, 0.74, 0.99), fill, width=f.line)
    c.polygon(f.pts((0.52, 0.24), (0.56, 0.0), (0.68, 0.14)), fill, width=f.line)
    c.polygon(f.pts((0.8, 0.14), (0.92, 0.0), (0.94, 0.24)), fill, width=f.line)
    c.ellipse(f.box(0.48, 0.08, 0.98, 0.56), fill, width=f.line)
    for u in (0.62, 0.8):
        c.ellipse(f.box(u, 0.24, u + 0.07, 0.33), (60, 160, 60), width=0)


def duck(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.ellipse(f.box(0.0, 0.46, 0.84, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.48, 0.04, 0.88, 0.52), fill, width=f.line)
    c.polygon(f.pts((0.86, 0.2), (1.0, 0.3), (0.86, 0.38)), rgb("orange"), width=1)
    c.ellipse(f.box(0.68, 0.18, 0.75, 0.27), BLACK, width=0)


def cow(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.1, 0.26, 0.52, 0.66):
        c.rect(f.box(u, 0.62, u + 0.08, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.02, 0.18, 0.82, 0.76), fill, pattern=o.pattern, width=f.line)
    c.ellipse(f.box(0.72, 0.04, 1.0, 0.5), fill, width=f.line)
    c.ellipse(f.box(0.8, 0.32, 1.0, 0.5), (240, 170, 170), width=1)
    c.line(f.pts((0.76, 0.1), (0.72, 0.0)), GRAY, width=2)
    c.line(f.pts((0.96, 0.1), (1.0, 0.0)), GRAY, width=2)


def pig(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.18, 0.56):
        c.rect(f.box(u, 0.7, u + 0.1, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.06, 0.22, 0.84, 0.86), fill, width=f.line)
    c.ellipse(f.box(0.62, 0.08, 1.0, 0.62), fill, width=f.line)
    c.ellipse(f.box(0.86, 0.3, 1.0, 0.48), (225, 95, 150), width=1)
    c.line(f.pts((0.08, 0.4), (0.0, 0.3), (0.06, 0.22)), BLACK, width=2)


def sheep(c: Canvas, f: Frame, o: SceneObject) -> None:
    for u in (0.22, 0.58):
        c.rect(f.box(u, 0.7, u + 0.08, 0.99), BLACK, width=0)
    for box in ((0.0, 0.2, 0.45, 0.8), (0.25, 0.1, 0.7, 0.75), (0.4, 0.22, 0.84, 0.82)):
        c.ellipse(f.box(*box), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.72, 0.14, 1.0, 0.54), BLACK, width=1)


def chicken(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.4, 0.78), (0.4, 0.99)), rgb("orange"), width=2)
    c.line(f.pts((0.58, 0.78), (0.58, 0.99)), rgb("orange"), width=2)
    c.ellipse(f.box(0.0, 0.34, 0.86, 0.86), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.5, 0.1, 0.94, 0.5), rgb(o.colour), width=f.line)
    c.polygon(
        f.pts((0.58, 0.14), (0.66, 0.0), (0.74, 0.12), (0.84, 0.02), (0.86, 0.16)),
        rgb("red"),
        width=0,
    )
    c.polygon(f.pts((0.92, 0.24), (1.0, 0.32), (0.9, 0.36)), rgb("orange"), width=0)


def person(c: Canvas, f: Frame, o: SceneObject, *, long_hair: bool) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.22, 0.34), (0.06, 0.6)), SKIN, width=4)
    c.line(f.pts((0.78, 0.34), (0.94, 0.6)), SKIN, width=4)
    if long_hair:
        c.ellipse(f.box(0.22, 0.0, 0.78, 0.36), HAIR, width=0)
        c.line(f.pts((0.4, 0.74), (0.4, 0.99)), SKIN, width=4)
        c.line(f.pts((0.6, 0.74), (0.6, 0.99)), SKIN, width=4)
        dress = ((0.32, 0.3), (0.68, 0.3), (0.92, 0.78), (0.08, 0.78))
        c.polygon(f.pts(*dress), fill, pattern=o.pattern, width=f.line)
    else:
        c.rect(f.box(0.3, 0.6, 0.48, 0.99), TROUSERS, width=1)
        c.rect(f.box(0.52, 0.6, 0.7, 0.99), TROUSERS, width=1)
        c.rect(f.box(0.2, 0.3, 0.8, 0.64), fill, pattern=o.pattern, width=f.line)
    c.ellipse(f.box(0.28, 0.02, 0.72, 0.3), SKIN, width=f.line)
    if not long_hair:
        c.polygon(dome(f, 0.28, 0.0, 0.72, 0.12, 8), HAIR, width=0)
    c.ellipse(f.box(0.38, 0.12, 0.44, 0.17), BLACK, width=0)
    c.ellipse(f.box(0.56, 0.12, 0.62, 0.17), BLACK, width=0)


def boy(c: Canvas, f: Frame, o: SceneObject) -> None:
    person(c, f, o, long_hair=False)


def girl(c: Canvas, f: Frame, o: SceneObject) -> None:
    person(c, f, o, long_hair=True)


ANIMAL_KINDS = (
    ObjectKind(
        "dog",
        "dog",
        ("puppy",),
        "near",
        (56, 40),
        ("brown", "black", "white", "gray"),
        dog,
        most=2,
    ),
    ObjectKind(
        "cat",
        "cat",
        ("kitten",),
        "near",
        (40, 40),
        ("orange", "black", "white", "gray"),
        cat,
        most=2,
    ),
    ObjectKind("duck", "duck", ("duckling",), "near", (36, 32), ("yellow", "white"), duck, most=2),
    ObjectKind(
        "cow",
        "cow",
        ("calf",),
        "near",
        (92, 62),
        ("white", "brown"),
        cow,
        patterns=("spotted",),
        outdoor=True,
    ),
    ObjectKind("pig", "pig", ("piglet", "hog"), "near", (62, 42), ("pink",), pig, outdoor=True),
    ObjectKind("sheep", "sheep", ("lamb",), "near", (58, 42), ("white",), sheep, outdoor=True),
    ObjectKind(
        "chicken",
        "chicken",
        ("hen",),
        "near",
        (32, 36),
        ("white", "brown"),
        chicken,
        most=2,
        outdoor=True,
    ),
    ObjectKind(
        "boy",
        "boy",
        ("schoolboy",),
        "near",
        (36, 84),
        BRIGHT,
        boy,
        part="shirt",
        patterns=("striped", "spotted", "checked"),
    ),
    ObjectKind(
        "girl",
        "girl",
        ("schoolgirl",),
        "near",
        (38, 84),
        BRIGHT,
        girl,
        part="dress",
        patterns=("striped", "spotted", "checked"),
    ),
)
