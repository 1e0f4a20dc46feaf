"""A Pillow canvas for cartoon objects: outlines, patterns, and where ink went.

Drawing functions describe an object in coordinates relative to its box
(:class:`Frame`: 0..1 across and down, mirrored when the object faces left),
so one drawing serves every size. The canvas records the extent of every
primitive drawn while :meth:`Canvas.track` is open; that extent becomes the
difference's ``bbox``, and the gate then checks it against the pixels.

No anti-aliasing anywhere: Pillow's plain primitives give exact, few
colours, which keeps PNGs small and the output byte-identical per seed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from ..datasets import Box
from .palette import OUTLINE, RGB, contrast

Point = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Frame:
    """An object's box, addressed in fractions: (0, 0) top left, (1, 1) bottom right."""

    x0: float
    y0: float
    width: float
    height: float
    flip: bool = False

    def x(self, u: float) -> int:
        return round(self.x0 + (1 - u if self.flip else u) * self.width)

    def y(self, v: float) -> int:
        return round(self.y0 + v * self.height)

    def pt(self, u: float, v: float) -> Point:
        return self.x(u), self.y(v)

    def pts(self, *uv: tuple[float, float]) -> list[Point]:
        return [self.pt(u, v) for u, v in uv]

    def box(self, u0: float, v0: float, u1: float, v1: float) -> Box:
        xa, xb = sorted((self.x(u0), self.x(u1)))
        return xa, self.y(v0), xb, self.y(v1)

    def angles(self, start: int, end: int) -> tuple[int, int]:
        """An arc's start and end angles (Pillow's degrees), mirrored when the frame is."""
        if not self.flip:
            return start, end
        return (180 - end) % 360, (180 - start) % 360

    def sub(self, u0: float, v0: float, u1: float, v1: float) -> Frame:
        """The frame of a part, so parts (apples, windows) are drawn like whole objects."""
        x0, y0, x1, y1 = self.box(u0, v0, u1, v1)
        return Frame(x0, y0, x1 - x0, y1 - y0, self.flip)

    @property
    def line(self) -> int:
        """Outline width that suits the object's size."""
        return 2 if min(self.width, self.height) >= 24 else 1


class Canvas:
    """ImageDraw plus pattern fills and extent tracking."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self._extent: list[int] | None = None

    @contextmanager
    def track(self) -> Iterator[list[int]]:
        """Collect the extent of everything drawn inside: ``[x0, y0, x1, y1]`` (exclusive)."""
        outer = self._extent
        self._extent = [1 << 30, 1 << 30, -(1 << 30), -(1 << 30)]
        try:
            yield self._extent
        finally:
            inner, self._extent = self._extent, outer
            if outer is not None and inner[2] > inner[0]:
                self._grow([(inner[0], inner[1]), (inner[2] - 1, inner[3] - 1)], 0)

    def _grow(self, points: Sequence[Point], pad: int) -> None:
        if self._extent is None:
            return
        e = self._extent
        for x, y in points:
            e[0], e[1] = min(e[0], x - pad), min(e[1], y - pad)
            e[2], e[3] = max(e[2], x + pad + 1), max(e[3], y + pad + 1)

    # -- primitives ------------------------------------------------------------

    def ellipse(
        self, box: Box, fill: RGB | None, *, pattern: str = "plain", width: int = 2
    ) -> None:
        self._shape("ellipse", box, fill, pattern, width)

    def rect(self, box: Box, fill: RGB | None, *, pattern: str = "plain", width: int = 2) -> None:
        self._shape("rectangle", box, fill, pattern, width)

    def polygon(
        self, points: list[Point], fill: RGB | None, *, pattern: str = "plain", width: int = 2
    ) -> None:
        self._shape("polygon", points, fill, pattern, width)

    def line(self, points: list[Point], colour: RGB = OUTLINE, width: int = 2) -> None:
        self.draw.line(points, fill=colour, width=width)
        self._grow(points, width // 2 + 1)

    def arc(self, box: Box, start: int, end: int, colour: RGB = OUTLINE, width: int = 2) -> None:
        self.draw.arc(box, start, end, fill=colour, width=width)
        self._grow([(box[0], box[1]), (box[2], box[3])], 0)

    def _shape(self, kind: str, xy, fill: RGB | None, pattern: str, width: int) -> None:
        method = getattr(self.draw, kind)
        outline = OUTLINE if width else None
        method(xy, fill=fill, outline=outline, width=width)
        points = list(xy) if kind == "polygon" else [(xy[0], xy[1]), (xy[2], xy[3])]
        self._grow(points, 1 if kind == "polygon" else 0)
        if pattern != "plain" and fill is not None:
            self._pattern(kind, xy, points, pattern, fill, width)

    def _pattern(
        self, kind: str, xy, points: list[Point], pattern: str, fill: RGB, width: int
    ) -> None:
        """Lay ``pattern`` over the shape just drawn, then redraw its outline on top."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        x0, y0 = min(xs), min(ys)
        size = (max(xs) - x0 + 1, max(ys) - y0 + 1)
        mask = Image.new("L", size, 0)
        shifted = (
            [(x - x0, y - y0) for x, y in points]
            if kind == "polygon"
            else (xy[0] - x0, xy[1] - y0, xy[2] - x0, xy[3] - y0)
        )
        getattr(ImageDraw.Draw(mask), kind)(shifted, fill=255)
        mask = ImageChops.multiply(mask, _pattern_mask(pattern, size))
        self.image.paste(contrast(fill), (x0, y0), mask)
        if width:
            getattr(self.draw, kind)(xy, fill=None, outline=OUTLINE, width=width)


@lru_cache(maxsize=512)
def _pattern_mask(pattern: str, size: tuple[int, int]) -> Image.Image:
    """255 where the pattern's second colour goes, scaled to the shape's size."""
    w, h = size
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    if pattern == "striped":
        band = max(3, round(h / 7))
        for top in range(band, h, 2 * band):
            draw.rectangle((0, top, w, top + band - 1), fill=255)
    elif pattern == "spotted":
        step = max(9, round(min(w, h) / 3.2))
        radius = max(2, step // 4)
        for row, cy in enumerate(range(step // 2, h, step)):
            for cx in range(step // 2 + (step // 2 if row % 2 else 0), w, step):
                draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=255)
    elif pattern == "checked":
        cell = max(5, round(min(w, h) / 5))
        for row, top in enumerate(range(0, h, cell)):
            for col, left in enumerate(range(0, w, cell)):
                if (row + col) % 2:
                    draw.rectangle((left, top, left + cell - 1, top + cell - 1), fill=255)
    else:
        raise ValueError(f"unknown pattern {pattern!r}")
    return mask
