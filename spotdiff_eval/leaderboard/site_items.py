"""What the item pages and the item-by-submission matrix show.

Pure functions from ``leaderboard.json`` data (and, for the matrix, the
verified reports) to frozen view objects, like ``site_views`` for entries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from . import site_fragments as html
from .site_text import path_segment
from .site_views import EntryView, recall_level


@dataclass(frozen=True)
class DifferenceView:
    number: int
    id: str
    kind: str
    subject: str
    description: str
    located: bool
    found_count: int
    #: Links to the entries that found it, in rank order (a list for the page).
    found_by: Markup


@dataclass(frozen=True)
class ItemView:
    item_id: str
    image: str
    image_size: tuple[int, int]
    layout: str
    differences: tuple[DifferenceView, ...]
    previous: str | None
    next: str | None


def item_views(
    data: Mapping[str, Any],
    views: Sequence[EntryView],
    sizes: Mapping[str, tuple[int, int]],
) -> tuple[ItemView, ...]:
    """One view per dataset item, with its neighbours for previous/next links."""
    rank_of = {v.id: position for position, v in enumerate(views)}
    items = data["items"]
    result = []
    for position, item in enumerate(items):
        differences = tuple(
            _difference_view(number, d, item, views, rank_of)
            for number, d in enumerate(item["differences"], start=1)
        )
        result.append(
            ItemView(
                item_id=item["item_id"],
                image=item["image"],
                image_size=sizes[item["image"]],
                layout=item.get("panel_layout", ""),
                differences=differences,
                previous=items[position - 1]["item_id"] if position > 0 else None,
                next=items[position + 1]["item_id"] if position + 1 < len(items) else None,
            )
        )
    return tuple(result)


def _difference_view(
    number: int,
    d: Mapping[str, Any],
    item: Mapping[str, Any],
    views: Sequence[EntryView],
    rank_of: Mapping[str, int],
) -> DifferenceView:
    # Rank order, whatever order found_by lists them in.
    finders = sorted({rank_of[sid] for sid in d.get("found_by", ())})
    return DifferenceView(
        number=number,
        id=d["id"],
        kind=d["kind"],
        subject=d["subject"],
        description=d.get("description") or "",
        located=bool(d.get("bbox")) and bool(item.get("panel_boxes")),
        found_count=len(finders),
        found_by=html.bullet_list(views[i].link for i in finders),
    )


def image_href(image: str) -> str:
    """``images/<file>`` with the file name quoted for an href."""
    folder, _, name = image.partition("/")
    return f"{folder}/{path_segment(name)}"


@dataclass(frozen=True)
class MatrixRow:
    item_id: str
    gold: int
    found_share: float | None
    cells: Markup


def matrix_rows(
    data: Mapping[str, Any],
    views: Sequence[EntryView],
    reports: Mapping[str, Mapping[str, Any]],
) -> tuple[MatrixRow, ...]:
    """Items down, entries across (in rank order): found / golden differences.

    An unanswered image is "n/a", not 0: the pooled share counts only the
    entries that answered it, so it measures how hard the image is.
    """
    per_entry = [{i["item_id"]: i for i in reports[v.id].get("items", [])} for v in views]
    rows = []
    for item in data["items"]:
        item_id = item["item_id"]
        gold = len(item["differences"])
        cells, found_total, gold_total = [], 0, 0
        for by_item in per_entry:
            result = by_item.get(item_id)
            if result is None or not result.get("answered"):
                cells.append(("na", "n/a"))
                continue
            matched = result["counts"]["matched"]
            found_total += matched
            gold_total += gold
            cells.append((recall_level(matched / gold if gold else None), f"{int(matched)}/{gold}"))
        share = found_total / gold_total if gold_total else None
        rows.append(MatrixRow(item_id, gold, share, html.matrix_cells(cells)))
    return tuple(rows)
