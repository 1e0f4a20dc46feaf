"""What the index and the submission pages show, computed from the data.

Pure functions from ``leaderboard.json`` data and the verified reports to
small frozen view objects; the templates only lay them out. Links are
relative to the site root here and get their ``../`` prefix in the
template, so the site works under any sub-path and from ``file://``.
Item pages and the matrix are in ``site_items``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ..datasets import KINDS
from . import site_fragments as html
from .lookalikes import named_rows
from .site_charts import IntervalBar, interval_bar
from .site_text import github_profile, http_url, pct, url_host

KIND_LABELS = {
    "object_added": "Added",
    "object_removed": "Removed",
    "attribute_change": "Attribute",
    "count_change": "Count",
}
KIND_NAMES = {
    "object_added": "object added",
    "object_removed": "object removed",
    "attribute_change": "attribute change",
    "count_change": "count change",
}
METRICS = (
    ("overall_score", "Overall"),
    ("difference_coverage", "Coverage"),
    ("recall", "Recall"),
    ("precision", "Precision"),
    ("attribute_accuracy", "Attribute accuracy"),
)


def submission_page(submission_id: str) -> str:
    return f"submissions/{submission_id}.html"


def item_page(item_id: str) -> str:
    return f"items/{item_id}.html"


def rank_label(entry: Mapping[str, Any]) -> str:
    """ "4" for a clear rank, "2–5" when the entry is tied with others, "ref" for a baseline."""
    if entry["rank"] is None:
        return "ref"
    low, high = entry.get("rank_low", entry["rank"]), entry.get("rank_high", entry["rank"])
    return str(low) if low == high else f"{low}–{high}"


def recall_level(share: float | None) -> str:
    """Five shades of recall for cell backgrounds; the cell's text carries the value."""
    if share is None:
        return "none"
    if share == 0:
        return "m0"
    if share == 1:
        return "m4"
    return "m1" if share < 1 / 3 else "m2" if share < 2 / 3 else "m3"


@dataclass(frozen=True)
class EntryView:
    """One leaderboard entry as every page shows it."""

    id: str
    page: str
    rank: int | None
    rank_label: str
    group: Any
    model: str
    version: str
    organisation: str
    baseline: bool
    date: str
    runtime: str
    metrics: Mapping[str, float]
    bars: Mapping[str, IntervalBar]
    per_kind: Mapping[str, float | None]
    items_answered: int
    items_total: int
    entry: Mapping[str, Any]
    #: HTML of a link to the entry's page from a page one level down, built
    #: once for the lists of ``site_fragments`` (a template would escape it).
    link: str
    #: The submitter, shown by the model when another person's entry reads alike
    #: (``lookalikes``, red team round 21); None otherwise.
    named_submitter: str | None = None
    #: The model as plain text, where no markup can be (a chart point's tooltip):
    #: ``entry_label``.
    label: str = ""


def entry_views(data: Mapping[str, Any]) -> tuple[EntryView, ...]:
    """The entries in the order ``leaderboard.json`` gives them (rank, then id)."""
    views = []
    named = named_rows(data["entries"])
    for entry in data["entries"]:
        metrics = entry["metrics"]
        intervals = entry.get("confidence_intervals", {})
        per_kind = entry.get("per_kind_recall", {})
        page = submission_page(entry["submission_id"])
        submitter = entry["submitter"] if entry["submission_id"] in named else None
        label = entry_label(entry["model"], submitter)
        views.append(
            EntryView(
                id=entry["submission_id"],
                page=page,
                rank=entry["rank"],
                rank_label=rank_label(entry),
                group=entry.get("group"),
                model=entry["model"]["name"],
                version=entry["model"].get("version") or "",
                organisation=entry.get("organisation") or "",
                baseline=bool(entry.get("baseline")),
                date=entry.get("date") or "",
                runtime=entry.get("runtime") or "",
                metrics=metrics,
                bars={key: interval_bar(metrics[key], intervals.get(key)) for key, _ in METRICS},
                per_kind={kind: per_kind.get(kind) for kind in KINDS},
                items_answered=entry.get("items_answered", 0),
                items_total=entry.get("items_total", 0),
                entry=entry,
                link=html.entry_link(
                    page, entry["model"]["name"], entry["model"].get("version") or "", submitter
                ),
                named_submitter=submitter,
                label=label,
            )
        )
    return tuple(views)


def entry_label(model: Mapping[str, Any], submitter: str | None = None) -> str:
    """The model's name and version, and its submitter when named (``lookalikes``).

    Red team round 22: round 21 named the submitter of each of two rows that
    read alike in the standings, but the breakdown, the matrix, the item
    pages and the chart showed the model's name alone, without even its
    version: there, @mallory's "rival-model" was still @alice's, and two
    versions of one model were one name twice. The pages put the version and
    the submitter in spans of their own (``site_fragments.entry_link``).
    """
    version = model.get("version")
    text = model["name"] + (f" {version}" if version else "")
    return f"{text} (submitted by @{submitter})" if submitter else text


def gold_links(data: Mapping[str, Any]) -> dict[tuple[str, str], str]:
    """A link to every golden difference, by (item id, difference id), numbered as on its page.

    Built once and shared by every submission page.
    """
    links = {}
    for item in data["items"]:
        page = item_page(item["item_id"])
        for number, difference in enumerate(item["differences"], start=1):
            links[item["item_id"], difference["id"]] = html.gold_link(
                page, difference["id"], number, difference["subject"]
            )
    return links


def _gold_link(
    links: Mapping[tuple[str, str], str], item_id: str, gold_id: str, subject: str = ""
) -> str:
    """A report from another dataset version may name a difference the data no
    longer has: it is linked without a number (and the link finds no row)."""
    known = links.get((item_id, gold_id))
    if known is not None:
        return known
    return html.gold_link(item_page(item_id), gold_id, None, subject)


@dataclass(frozen=True)
class SubmissionView:
    entry: EntryView
    links: tuple[tuple[str, str | None, str | None], ...]  # label, URL, host
    submitter_url: str | None
    per_kind: tuple[tuple[str, int, int, float], ...]
    #: The rows of the per-image table (built in ``site_fragments``: there
    #: are 30,000 of them on a board of 300 entries and 100 images).
    rows: Markup
    counts: Mapping[str, int]


def submission_view(
    view: EntryView,
    report: Mapping[str, Any],
    data: Mapping[str, Any],
    links: Mapping[tuple[str, str], str],
) -> SubmissionView:
    """Per-image results in dataset order, with the report's matched, missed and extra lists."""
    by_item = {item["item_id"]: item for item in report.get("items", [])}
    rows = []
    totals = {"found": 0, "missed": 0, "extra": 0}
    for item in data["items"]:
        item_id = item["item_id"]
        result = by_item.get(item_id)
        if result is None:
            continue
        found = [
            html.found_piece(
                links.get((item_id, m["gold_id"])) or _gold_link(links, item_id, m["gold_id"]),
                m["details_correct"],
                m["attribute_accuracy"],
            )
            for m in result["matched"]
        ]
        missed = [
            links.get((item_id, m["gold_id"]))
            or _gold_link(links, item_id, m["gold_id"], m["subject"])
            for m in result["missed"]
        ]
        extra = [
            html.extra_piece(e["prediction_index"], KIND_NAMES.get(e["kind"], "?"), e["subject"])
            for e in result["extra"]
        ]
        totals["found"] += len(found)
        totals["missed"] += len(missed)
        totals["extra"] += len(extra)
        counts, metrics = result["counts"], result["metrics"]
        rows.append(
            html.result_row(
                item_id,
                bool(result.get("answered")),
                (counts["matched"], counts["gold"]),
                (html.bullet_list(found), html.bullet_list(missed), html.bullet_list(extra)),
                (
                    recall_level(counts["matched"] / counts["gold"] if counts["gold"] else None),
                    pct(metrics["recall"]),
                ),
                pct(metrics["precision"]),
            )
        )
    per_kind = tuple(
        (kind, stats["gold"], stats["matched"], stats["recall"])
        for kind in KINDS
        if (stats := report.get("per_kind", {}).get(kind))
    )
    entry = view.entry
    return SubmissionView(
        entry=view,
        links=tuple(
            (link["label"], url, url and url_host(url))
            for link in entry.get("links", [])
            for url in (http_url(link["url"]),)
        ),
        submitter_url=github_profile(entry.get("submitter")),
        per_kind=per_kind,
        rows=Markup("".join(rows)),
        counts=totals,
    )
