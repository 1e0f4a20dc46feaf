"""Geometry of the site's pictures, computed here so templates only draw.

Everything is inline SVG rendered on the server: no chart library, no
script, nothing fetched, and the same data always gives the same numbers
(coordinates are rounded to one decimal, so the HTML is byte-stable).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from .site_text import pct


def _r(value: float) -> float:
    return round(value, 1)


@dataclass(frozen=True)
class IntervalBar:
    """A score and its 95% interval on a 0–100 scale (the SVG's viewBox width)."""

    value: float
    low: float
    high: float

    @property
    def width(self) -> float:
        # A zero-width interval (a perfect baseline) is still drawn as a sliver.
        return max(_r(self.high - self.low), 0.8)


def interval_bar(value: float, interval: Sequence[float] | None) -> IntervalBar:
    low, high = (interval if interval else (value, value))[:2]
    return IntervalBar(value=_r(100 * value), low=_r(100 * low), high=_r(100 * high))


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    y_low: float
    y_high: float
    baseline: bool
    label: str


@dataclass(frozen=True)
class ScoreChart:
    """Overall score (y) against submission date (x), one point per entry."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    points: tuple[ChartPoint, ...]


_W, _H = 720, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 704, 16, 262
#: Points keep this distance from the axes, so the first and last dates
#: are not drawn on the frame and their labels fit inside the picture.
_INSET = 36
#: Days added on each side when every submission has the same date, so the
#: lone column of points sits in the middle instead of on an edge.
_SINGLE_DAY_PAD = 15


def _day(text: str) -> int | None:
    try:
        return date.fromisoformat(text).toordinal()
    except (TypeError, ValueError):
        return None


def score_chart(
    entries: Sequence[Mapping[str, Any]], labels: Mapping[str, str] | None = None
) -> ScoreChart | None:
    """The chart's geometry, or None when no entry has a readable date; ``labels``
    names each point's entry by submission id (``site_views.entry_label``), else its
    model name is used."""
    dated = [(e, d) for e in entries if (d := _day(e.get("date"))) is not None]
    if not dated:
        return None
    first = min(d for _, d in dated)
    last = max(d for _, d in dated)
    if first == last:
        # Within the calendar: a lone entry dated 0001-01-01 or 9999-12-31 is
        # a valid date, and padding past it stopped the build (red team round 14).
        first = max(first - _SINGLE_DAY_PAD, date.min.toordinal())
        last = min(last + _SINGLE_DAY_PAD, date.max.toordinal())
    span = last - first

    def x_of(day: int) -> float:
        return _r(_LEFT + _INSET + (_RIGHT - _LEFT - 2 * _INSET) * (day - first) / span)

    def y_of(fraction: float) -> float:
        return _r(_BOTTOM - (_BOTTOM - _TOP) * fraction)

    x_ticks = []
    for step in range(5):
        day = first + round(span * step / 4)
        x_ticks.append(Tick(x_of(day), date.fromordinal(day).isoformat()))
    y_ticks = tuple(Tick(y_of(v / 100), str(v)) for v in (0, 25, 50, 75, 100))
    points = []
    for entry, day in dated:
        metrics = entry["metrics"]
        low, high = entry.get("confidence_intervals", {}).get(
            "overall_score", (metrics["overall_score"],) * 2
        )
        points.append(
            ChartPoint(
                x=x_of(day),
                y=y_of(metrics["overall_score"]),
                y_low=y_of(low),
                y_high=y_of(high),
                baseline=bool(entry.get("baseline")),
                label=(
                    f"{(labels or {}).get(entry.get('submission_id')) or entry['model']['name']}: "
                    f"{pct(metrics['overall_score'])} on {entry['date']}"
                ),
            )
        )
    return ScoreChart(_W, _H, _LEFT, _RIGHT, _TOP, _BOTTOM, tuple(x_ticks), y_ticks, tuple(points))


@dataclass(frozen=True)
class Outline:
    """One golden difference outlined in one panel of the composite image."""

    number: int
    x: float
    y: float
    width: float
    height: float
    label_x: float
    label_y: float


def label_radius(image_size: tuple[int, int]) -> float:
    """Number badges scale with the image so they stay legible when it shrinks."""
    return _r(max(9.0, 0.018 * max(image_size)))


def outlines(
    differences: Sequence[Mapping[str, Any]],
    panel_boxes: Sequence[Sequence[int]] | None,
    image_size: tuple[int, int],
) -> tuple[Outline, ...]:
    """Rectangles in image pixels: each ``bbox`` (panel pixels) placed in both panels.

    The same spot is outlined in both panels, so a reader compares like with
    like. Without ``panel_boxes`` (an optional annotation field) a bbox cannot
    be placed, and a difference without ``bbox`` has no place at all: both
    are listed on the page without an outline.
    """
    if not panel_boxes:
        return ()
    radius = label_radius(image_size)
    width, height = image_size
    shapes = []
    for number, difference in enumerate(differences, start=1):
        bbox = difference.get("bbox")
        if not bbox:
            continue
        x0, y0, x1, y1 = bbox
        for px, py, *_ in panel_boxes:
            left, top = px + x0, py + y0
            shapes.append(
                Outline(
                    number=number,
                    x=left,
                    y=top,
                    width=x1 - x0,
                    height=y1 - y0,
                    # The badge sits on the top-left corner, kept inside the image.
                    label_x=_r(min(max(left, radius), width - radius)),
                    label_y=_r(min(max(top, radius), height - radius)),
                )
            )
    return tuple(shapes)
