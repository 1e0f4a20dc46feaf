"""The colours objects may have: plain names, far apart, measured in CIELAB.

A colour difference is only fair if a person sees it at a glance and names
it in one common word: "red to blue", never "salmon to coral". Every colour
an object wears comes from this table, and a colour change needs a
perceptual distance of at least :data:`MIN_CHANGE_DISTANCE` (CIE76 delta E)
between the two: red and orange (about 44) pass, blue and purple (about 31)
do not, so no change ever asks a model to tell those apart.
"""

from __future__ import annotations

from functools import cache

RGB = tuple[int, int, int]

#: Plain colour names and the shade drawn for each.
COLOURS: dict[str, RGB] = {
    "red": (215, 38, 38),
    "orange": (245, 135, 20),
    "yellow": (250, 212, 35),
    "green": (40, 150, 60),
    "blue": (35, 95, 230),
    "purple": (135, 55, 185),
    "pink": (245, 125, 190),
    "brown": (125, 78, 38),
    "black": (30, 30, 30),
    "white": (250, 250, 250),
    "gray": (140, 140, 140),
}

#: Least CIE76 distance between the two colours of a colour change. Pairs
#: below it are the ones two annotators would name differently.
MIN_CHANGE_DISTANCE = 40.0

#: Least distance between an object's colour and the backdrop behind it, so a
#: green dog never vanishes into the grass.
MIN_BACKDROP_DISTANCE = 30.0

OUTLINE: RGB = (35, 35, 35)


def rgb(name: str) -> RGB:
    return COLOURS[name]


@cache
def _lab(colour: RGB) -> tuple[float, float, float]:
    """sRGB (D65) to CIELAB."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: RGB, b: RGB) -> float:
    """CIE76 delta E between two colours: about 2 is barely visible, 40 is obvious."""
    la, lb = _lab(a), _lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def far_apart(a: str, b: str) -> bool:
    """Two named colours a colour change may use."""
    return distance(rgb(a), rgb(b)) >= MIN_CHANGE_DISTANCE


def visible_on(name: str, backdrop: RGB) -> bool:
    return distance(rgb(name), backdrop) >= MIN_BACKDROP_DISTANCE


def contrast(colour: RGB) -> RGB:
    """The colour of a pattern drawn on ``colour``: white, or black on light colours.

    Decided by lightness: white dots on yellow are nearly invisible although
    the two are far apart in hue.
    """
    return rgb("black") if _lab(colour)[0] > 75 else rgb("white")
