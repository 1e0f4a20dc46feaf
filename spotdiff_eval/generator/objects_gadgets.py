"""Gadgets that stand on a counter, or on the floor or grass: radios, cameras, phones, laptops.

Same conventions as ``objects_outdoor``.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .objects_outdoor import BLACK, GLASS, GRAY, WHITE
from .palette import rgb
from .scene import ObjectKind, SceneObject


def radio(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.7, 0.3), (0.9, 0.0)), BLACK, width=2)
    c.rect(f.box(0.0, 0.3, 1.0, 0.99), rgb(o.colour), pattern=o.pattern, width=f.line)
    c.ellipse(f.box(0.08, 0.42, 0.46, 0.9), GRAY, width=1)
    c.rect(f.box(0.56, 0.44, 0.92, 0.6), WHITE, width=1)
    for u in (0.6, 0.78):
        c.ellipse(f.box(u, 0.7, u + 0.12, 0.84), BLACK, width=0)


def camera(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.14, 0.0, 0.4, 0.2), fill, width=1)
    c.rect(f.box(0.0, 0.16, 1.0, 0.99), fill, width=f.line)
    c.ellipse(f.box(0.28, 0.28, 0.72, 0.9), BLACK, width=0)
    c.ellipse(f.box(0.38, 0.42, 0.62, 0.76), GLASS, width=0)
    c.rect(f.box(0.78, 0.26, 0.92, 0.38), WHITE, width=0)


def telephone(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.14, 0.36), (0.86, 0.36), (1.0, 0.99), (0.0, 0.99)), fill, width=f.line)
    c.ellipse(f.box(0.34, 0.5, 0.66, 0.86), WHITE, width=1)
    c.rect(f.box(0.0, 0.06, 1.0, 0.24), fill, width=f.line)
    for u in (0.0, 0.76):
        c.rect(f.box(u, 0.0, u + 0.24, 0.3), fill, width=f.line)


def laptop(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.1, 0.0, 0.9, 0.78), fill, width=f.line)
    c.rect(f.box(0.16, 0.06, 0.84, 0.72), (60, 130, 200), width=0)
    c.polygon(f.pts((0.1, 0.8), (0.9, 0.8), (1.0, 0.99), (0.0, 0.99)), fill, width=f.line)


GADGET_KINDS = (
    ObjectKind(
        "radio",
        "radio",
        (),
        "counter",
        (46, 38),
        ("red", "blue", "green", "brown"),
        radio,
        also=("near",),
        patterns=("striped",),
    ),
    ObjectKind(
        "camera",
        "camera",
        (),
        "counter",
        (40, 30),
        ("black", "gray", "red", "blue"),
        camera,
        also=("near",),
    ),
    ObjectKind(
        "telephone",
        "telephone",
        ("phone",),
        "counter",
        (40, 32),
        ("red", "black", "white", "green"),
        telephone,
        also=("near",),
    ),
    ObjectKind(
        "laptop",
        "laptop",
        ("computer", "notebook_computer"),
        "counter",
        (50, 36),
        ("gray", "black", "white", "blue"),
        laptop,
        also=("near",),
    ),
)
