"""More things in the sky and on the horizon: aircraft, a rainbow, the moon, big buildings.

Same conventions as ``objects_outdoor``.
"""

from __future__ import annotations

import math

from .canvas import Canvas, Frame, Point
from .forms import dome
from .objects_outdoor import BLACK, BROWN, GLASS, GRAY, WHITE
from .palette import rgb
from .scene import ObjectKind, SceneObject

RAINBOW = ("red", "orange", "yellow", "green", "blue", "purple")


def helicopter(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.1, 0.06), (0.9, 0.06)), BLACK, width=3)
    c.line(f.pts((0.5, 0.06), (0.5, 0.3)), BLACK, width=2)
    c.rect(f.box(0.0, 0.4, 0.5, 0.54), fill, width=1)
    c.ellipse(f.box(0.3, 0.26, 0.92, 0.86), fill, width=f.line)
    c.ellipse(f.box(0.64, 0.36, 0.86, 0.6), GLASS, width=1)
    c.line(f.pts((0.36, 0.96), (0.9, 0.96)), BLACK, width=2)


def rocket(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.0, 0.99), (0.3, 0.6), (0.3, 0.86)), fill, width=1)
    c.polygon(f.pts((1.0, 0.99), (0.7, 0.6), (0.7, 0.86)), fill, width=1)
    c.polygon(f.pts((0.5, 0.0), (0.74, 0.3), (0.74, 0.9), (0.26, 0.9), (0.26, 0.3)), WHITE, width=2)
    c.polygon(f.pts((0.5, 0.0), (0.74, 0.3), (0.26, 0.3)), fill, width=f.line)
    c.ellipse(f.box(0.38, 0.4, 0.62, 0.58), GLASS, width=1)


def rainbow(c: Canvas, f: Frame, o: SceneObject) -> None:
    for i, name in enumerate(RAINBOW):
        d = 0.05 * i
        c.arc(f.box(d, 2 * d, 1.0 - d, 2.0 - 2 * d), 180, 360, rgb(name), width=4)


def parachute(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(dome(f, 0.0, 0.0, 1.0, 0.46, 12), rgb(o.colour), pattern=o.pattern, width=f.line)
    for u in (0.02, 0.5, 0.98):
        c.line(f.pts((u, 0.46), (0.5, 0.8)), BLACK, width=1)
    c.rect(f.box(0.4, 0.78, 0.6, 0.99), BROWN, width=1)


def airship(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.0, 0.1), (0.12, 0.4), (0.0, 0.7)), fill, width=1)
    c.ellipse(f.box(0.06, 0.0, 1.0, 0.8), fill, pattern=o.pattern, width=f.line)
    c.rect(f.box(0.42, 0.8, 0.66, 0.99), GRAY, width=1)


def moon(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(crescent(f), rgb(o.colour), width=f.line)


def crescent(f: Frame) -> list[Point]:
    """A waxing crescent: the left half of a circle, less a thinner half-ellipse."""
    pts = []
    for i in range(13):
        a = math.pi / 2 + math.pi * i / 12
        pts.append(f.pt(0.5 + 0.5 * math.cos(a), 0.5 - 0.5 * math.sin(a)))
    for i in range(12, -1, -1):
        a = math.pi / 2 + math.pi * i / 12
        pts.append(f.pt(0.5 + 0.22 * math.cos(a), 0.5 - 0.5 * math.sin(a)))
    return pts


def ufo(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(dome(f, 0.28, 0.0, 0.72, 0.46, 10), GLASS, width=f.line)
    c.ellipse(f.box(0.0, 0.34, 1.0, 0.8), rgb(o.colour), width=f.line)
    for u in (0.2, 0.45, 0.7):
        c.ellipse(f.box(u, 0.5, u + 0.1, 0.64), rgb("yellow"), width=0)


def windmill(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.34, 0.36), (0.66, 0.36), (0.76, 0.99), (0.24, 0.99)), rgb(o.colour), width=2)
    c.rect(f.box(0.44, 0.78, 0.56, 0.99), BROWN, width=1)
    for a, b in (
        ((0.5, 0.34), (0.96, 0.0)),
        ((0.5, 0.34), (0.04, 0.0)),
        ((0.5, 0.34), (0.1, 0.7)),
        ((0.5, 0.34), (0.9, 0.7)),
    ):
        c.line(f.pts(a, b), WHITE, width=4)
        c.line(f.pts(a, b), BLACK, width=1)


def castle(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.14, 0.36, 0.86, 0.99), fill, width=f.line)
    for u in (0.0, 0.72):
        c.rect(f.box(u, 0.14, u + 0.28, 0.99), fill, width=f.line)
        c.polygon(f.pts((u, 0.14), (u + 0.14, 0.0), (u + 0.28, 0.14)), (60, 80, 170), width=f.line)
    c.polygon(dome(f, 0.4, 0.64, 0.6, 0.76, 8) + f.pts((0.6, 0.99), (0.4, 0.99)), BROWN, width=0)


def skyscraper(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 1.0, 0.99), rgb(o.colour), width=f.line)
    for row in range(7):
        for col in range(3):
            u, v = 0.12 + 0.28 * col, 0.05 + 0.135 * row
            c.rect(f.box(u, v, u + 0.18, v + 0.08), GLASS, width=0)


def hut(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.1, 0.46, 0.9, 0.99), rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.0, 0.5), (0.5, 0.0), (1.0, 0.5)), (210, 180, 90), width=f.line)
    c.rect(f.box(0.4, 0.66, 0.6, 0.99), BROWN, width=1)


def factory(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.72, 0.0, 0.86, 0.5), GRAY, width=1)
    teeth = [(0.0, 0.4), (0.24, 0.24), (0.24, 0.4), (0.48, 0.24), (0.48, 0.4), (0.72, 0.24)]
    c.polygon(f.pts(*teeth, (1.0, 0.4), (1.0, 0.99), (0.0, 0.99)), fill, width=f.line)
    for u in (0.1, 0.4, 0.7):
        c.rect(f.box(u, 0.56, u + 0.16, 0.76), GLASS, width=1)


SKYLINE_KINDS = (
    ObjectKind(
        "helicopter",
        "helicopter",
        ("chopper",),
        "sky",
        (62, 40),
        ("red", "yellow", "blue", "green"),
        helicopter,
    ),
    ObjectKind(
        "rocket",
        "rocket",
        ("spaceship",),
        "sky",
        (34, 60),
        ("red", "blue", "orange"),
        rocket,
        outdoor=True,
    ),
    ObjectKind(
        "rainbow", "rainbow", (), "sky", (110, 52), ("red",), rainbow, outdoor=True, resizable=False
    ),
    ObjectKind(
        "parachute",
        "parachute",
        (),
        "sky",
        (50, 60),
        ("red", "orange", "blue", "green"),
        parachute,
        outdoor=True,
        patterns=("striped", "checked"),
    ),
    ObjectKind(
        "airship",
        "airship",
        ("blimp", "zeppelin"),
        "sky",
        (92, 40),
        ("gray", "red", "yellow", "blue"),
        airship,
        outdoor=True,
        patterns=("striped",),
    ),
    ObjectKind(
        "moon",
        "moon",
        ("crescent",),
        "sky",
        (36, 46),
        ("yellow", "white"),
        moon,
        outdoor=True,
        alone=True,
    ),
    ObjectKind(
        "ufo",
        "ufo",
        ("spacecraft", "alien_ship"),
        "sky",
        (62, 34),
        ("gray", "green", "purple"),
        ufo,
        outdoor=True,
    ),
    ObjectKind(
        "windmill",
        "windmill",
        (),
        "far",
        (70, 110),
        ("white", "red", "brown"),
        windmill,
        outdoor=True,
    ),
    ObjectKind(
        "castle",
        "castle",
        ("fortress",),
        "far",
        (104, 90),
        ("gray", "yellow", "pink"),
        castle,
        outdoor=True,
        resizable=False,
    ),
    ObjectKind(
        "skyscraper",
        "skyscraper",
        ("high_rise",),
        "far",
        (50, 130),
        ("gray", "blue", "brown"),
        skyscraper,
        outdoor=True,
        resizable=False,
    ),
    ObjectKind(
        "hut",
        "hut",
        ("shack", "cabin"),
        "far",
        (70, 70),
        ("brown", "orange", "yellow"),
        hut,
        outdoor=True,
    ),
    ObjectKind(
        "factory",
        "factory",
        (),
        "far",
        (110, 80),
        ("gray", "brown", "blue"),
        factory,
        outdoor=True,
        resizable=False,
    ),
)
