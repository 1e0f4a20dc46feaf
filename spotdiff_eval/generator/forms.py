"""Outlines several objects share (domes, hearts, stars), as points in a :class:`Frame`.

Computed from fixed formulas with no randomness, so a shape is the same
pixels every time it is drawn at the same place and size.
"""

from __future__ import annotations

import math

from .canvas import Frame, Point


def dome(f: Frame, u0: float, v0: float, u1: float, v1: float, steps: int = 16) -> list[Point]:
    """The upper half of an ellipse: an umbrella canopy, a mushroom cap."""
    cu, ru = (u0 + u1) / 2, (u1 - u0) / 2
    rv = v1 - v0
    return [
        f.pt(cu - ru * math.cos(math.pi * i / steps), v1 - rv * math.sin(math.pi * i / steps))
        for i in range(steps + 1)
    ]


def bowl(f: Frame, u0: float, v0: float, u1: float, v1: float, steps: int = 16) -> list[Point]:
    """The lower half of an ellipse: a bowl, a boat's hull."""
    cu, ru = (u0 + u1) / 2, (u1 - u0) / 2
    rv = v1 - v0
    return [
        f.pt(cu - ru * math.cos(math.pi * i / steps), v0 + rv * math.sin(math.pi * i / steps))
        for i in range(steps + 1)
    ]


def heart(f: Frame, u0: float, v0: float, u1: float, v1: float, steps: int = 28) -> list[Point]:
    """The classic heart curve, scaled into the box."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        raw.append((x, -y))
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    left, top, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    return [f.pt(u0 + (x - left) / w * (u1 - u0), v0 + (y - top) / h * (v1 - v0)) for x, y in raw]


def star(
    f: Frame, u0: float, v0: float, u1: float, v1: float, points: int = 5, inner: float = 0.45
) -> list[Point]:
    """A star with ``points`` tips, the first pointing up."""
    cu, cv = (u0 + u1) / 2, (v0 + v1) / 2
    ru, rv = (u1 - u0) / 2, (v1 - v0) / 2
    out = []
    for i in range(2 * points):
        radius = 1.0 if i % 2 == 0 else inner
        angle = -math.pi / 2 + math.pi * i / points
        out.append(f.pt(cu + ru * radius * math.cos(angle), cv + rv * radius * math.sin(angle)))
    return out


def rays(f: Frame, count: int, inner: float, outer: float) -> list[list[Point]]:
    """Spokes around the centre, as line segments (a sun's rays)."""
    segments = []
    for i in range(count):
        a = 2 * math.pi * i / count
        c, s = math.cos(a), math.sin(a)
        segments.append(
            [f.pt(0.5 + inner * c, 0.5 + inner * s), f.pt(0.5 + outer * c, 0.5 + outer * s)]
        )
    return segments
