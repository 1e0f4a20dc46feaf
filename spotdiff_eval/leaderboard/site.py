"""The static leaderboard site: standings, a breakdown, a page per submission and item, a matrix.

:func:`render_site` writes into an empty folder that the leaderboard build
then swaps into place (so it never has to clean up after itself). Pages use
relative links only, so the same files work under a GitHub Pages sub-path
and opened from disk; there is no CDN, font or script from elsewhere, and a
Content-Security-Policy on every page allows nothing but the site's own
files. The same data gives byte-identical files.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..datasets import resource_dir
from ..errors import SpotDiffError
from . import site_items as items_
from . import site_views as views_
from .report_summary import report_sha256
from .site_charts import label_radius, outlines, score_chart
from .site_markdown import render_notes
from .site_reuse import SiteReuse, input_digest
from .site_text import dollars, http_url, neutralise, pct, seconds, tokens

#: Static files copied from ``site_templates/site/assets/`` as they are.
ASSETS = ("site.css", "site.js", "favicon.svg")
_SUBMISSION_ID = re.compile(r"[a-z0-9][a-z0-9._-]{2,63}")
_ITEM_ID = re.compile(r"[A-Za-z0-9_.-]+")
#: ``images/<one file name>``: the name becomes a path under the output
#: folder, so no separators and no ``.``/``..`` (which would climb out).
_IMAGE = re.compile(r"images/(?!\.\.?$)[^/\\\x00-\x1f]+")
_SOURCE = "leaderboard.json"
#: What a submission page does not show: where the entry stands among the
#: others. One changed submission moves the rank range of most entries, and
#: their pages were all rewritten for that line (docs/leaderboard.md).
_RELATIVE = ("rank", "rank_low", "rank_high", "group")


@cache
def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(resource_dir("site_templates") / "site"),
        autoescape=True,
        undefined=StrictUndefined,
        finalize=neutralise,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # templates do not change during a build: no stat per page
    )
    env.filters.update(
        pct=pct,
        http_url=http_url,
        image_href=items_.image_href,
        level=views_.recall_level,
        tokens=tokens,
        seconds=seconds,
        dollars=dollars,
    )
    env.globals.update(
        KIND_LABELS=views_.KIND_LABELS,
        KIND_NAMES=views_.KIND_NAMES,
        METRICS=views_.METRICS,
        KINDS=tuple(views_.KIND_LABELS),
    )
    return env


def render_site(
    data: dict,
    reports: Mapping[str, dict],
    images: Mapping[str, Path],
    out_dir: Path,
    *,
    boards: Sequence[Mapping[str, str]] = (),
    reuse: SiteReuse | None = None,
    report_digests: Mapping[str, str] | None = None,
    summaries: Mapping[str, dict] | None = None,
) -> None:
    """Write the site's pages, assets and item images into ``out_dir``.

    ``data`` is the ``leaderboard.json`` document, ``reports`` the verified
    report of each submission by id, ``images`` the real file behind each
    item's ``image`` path. ``leaderboard.json``, ``leaderboard.csv`` and
    ``reports/`` are written next to the pages by the caller; pages link
    to them. ``boards`` feeds the board switcher: each board's pages live in
    a sibling folder named by its id. A hidden board gets its standings page
    only: item pages, the matrix and per-entry pages would show per-item
    results, which reveal the private annotations. ``reuse`` (the build's,
    scoped to ``out_dir``) carries pages whose inputs did not change over
    from the previous site instead of rendering them (``site_reuse``);
    ``report_digests``, the sha256 of each report as published, spare
    digesting the reports again, and ``summaries`` (``report_summary``) feed
    the matrix, so only the submission pages re-rendered read a full report.
    """
    out_dir = Path(out_dir)
    hidden = data.get("board", {}).get("track") == "hidden"
    _check(data, {} if hidden else reports, images, hidden=hidden)
    if reuse is None:
        reuse = SiteReuse(None, out_dir)
    _render(data, reports, images, reuse, tuple(boards), hidden, report_digests or {}, summaries)


def render_landing(
    index: Mapping[str, Any],
    boards: Sequence[Mapping[str, str]],
    out: Path,
    *,
    reuse: SiteReuse | None = None,
) -> None:
    """``index.html`` of the site: every board with its status, linking to its pages."""
    reuse = reuse if reuse is not None else SiteReuse(None, Path(out))
    context = {
        "root": "",
        "up": "",
        "nav": "boards",
        "board": None,
        "boards": boards,
        "index": index,
        "data": index,
        "assets": _copy_assets(reuse),
    }
    template = _environment().get_template("boards.html")
    reuse.page("index.html", input_digest("boards.html", context), lambda: template.render(context))


def _render(
    data: dict,
    reports: Mapping[str, dict],
    images: Mapping[str, Path],
    reuse: SiteReuse,
    boards: tuple[Mapping[str, str], ...],
    hidden: bool,
    known_digests: Mapping[str, str],
    summaries: Mapping[str, dict] | None,
) -> None:
    env = _environment()
    sizes = _copy_images(data, images, reuse)
    common = {
        "data": data,
        "dataset": data["dataset"],
        "board": data.get("board"),
        "boards": boards,
        "hidden": hidden,
        "assets": _copy_assets(reuse),
        # Usage columns only when some entry has a figure: a column of dashes
        # squeezed the model names of every board without run records.
        "show_usage": any(v is not None for e in data["entries"] for v in e["usage"].values()),
    }
    # Not shared: a new entry changes them, and most pages do not show them.
    entry_count = len(data["entries"])
    ranked_count = sum(e["rank"] is not None for e in data["entries"])
    entries = views_.entry_views(data)
    # What every page shows besides its own inputs: ``data`` itself only
    # through its evaluator version (pages that read more name it below).
    # Digested once, not once per page: its repr is long, and there are 500 pages.
    shared = input_digest(
        {key: value for key, value in common.items() if key != "data"},
        data.get("evaluator_version"),
    )

    def page(
        relative: str, template: str, nav: str, inputs: tuple, context: Callable[[], dict]
    ) -> None:
        """Render ``relative`` unless the previous site has it from the same ``inputs``."""
        root = "../" * relative.count("/")

        def render() -> str:
            return env.get_template(template).render(
                root=root, up=root + "../" if boards else root, nav=nav, **common, **context()
            )

        reuse.page(relative, input_digest(template, relative, bool(boards), shared, inputs), render)

    whole = _json(data)  # the index's and the matrix's input: 1 MB at 500 entries
    page(
        "index.html",
        "index.html",
        "index",
        (whole,),
        lambda: {"entries": entries, "entry_count": entry_count, "ranked_count": ranked_count},
    )
    page(
        "breakdown.html",
        "breakdown.html",
        "breakdown",
        (_json(data["entries"]),),
        lambda: {
            "entries": entries,
            "chart": score_chart(data["entries"], {v.id: v.label for v in entries}),
        },
    )
    if hidden:
        return
    links = views_.gold_links(data)
    report_digests = {
        sid: known_digests.get(sid) or report_sha256(_json(reports[sid])) for sid in reports
    }
    # Every golden difference's link, on every submission page: digested once.
    linked = input_digest(sorted(links.items()), [item["item_id"] for item in data["items"]])
    for entry in entries:
        shown = {key: value for key, value in entry.entry.items() if key not in _RELATIVE}
        page(
            entry.page,
            "submission.html",
            "submission",
            (_json(shown), report_digests[entry.id], linked),
            lambda entry=entry: {
                "view": views_.submission_view(entry, reports[entry.id], data, links),
                "notes": render_notes(entry.entry.get("notes")),
            },
        )
    item_views = items_.item_views(data, entries, sizes)
    for item, raw in zip(item_views, data["items"], strict=True):
        page(
            views_.item_page(item.item_id),
            "item.html",
            "item",
            (
                _json(raw),
                item.image_size,
                item.previous,
                item.next,
                _finders(raw, entries),
                entry_count,
            ),
            lambda item=item, raw=raw: {
                "item": item,
                "entry_count": entry_count,
                "outlines": outlines(raw["differences"], raw.get("panel_boxes"), item.image_size),
                "radius": label_radius(item.image_size),
            },
        )
    page(
        "matrix.html",
        "matrix.html",
        "matrix",
        (whole, [report_digests[e.id] for e in entries]),
        lambda: {
            "entries": entries,
            "rows": items_.matrix_rows(data, entries, reports if summaries is None else summaries),
        },
    )


def _json(value: Any) -> str:
    """A page input as text for its digest (json's C encoder: far faster than ``repr``)."""
    return json.dumps(value, ensure_ascii=False, default=repr)


def _finders(item: Mapping[str, Any], entries: Sequence[views_.EntryView]) -> list:
    """What an item page shows of the entries that found its differences: their links,
    in rank order (not their positions: an entry moving elsewhere changes no link).

    The whole link, as the page shows it (red team round 22: the id and model
    name alone left out the version and the "submitted by" tag a new look-alike
    entry gives an old one, and the page was reused without it).
    """
    found = {sid for d in item["differences"] for sid in d.get("found_by", ())}
    return [(v.id, v.link) for v in entries if v.id in found]


def _check(
    data: Mapping[str, Any],
    reports: Mapping[str, Any],
    images: Mapping[str, Path],
    *,
    hidden: bool = False,
) -> None:
    """Ids become file names and anchors: refuse any that could escape or collide."""
    seen: set[str] = set()
    for index, entry in enumerate(data["entries"]):
        sid = entry["submission_id"]
        where = f"/entries/{index}/submission_id"
        if not isinstance(sid, str) or not _SUBMISSION_ID.fullmatch(sid):
            raise SpotDiffError(_SOURCE, where, f"{sid!r} is not a valid submission id")
        if sid in seen:
            raise SpotDiffError(_SOURCE, where, f"submission {sid!r} appears twice")
        if sid not in reports and not hidden:
            raise SpotDiffError(f"reports/{sid}.json", "", "no report for this submission")
        seen.add(sid)
    items: set[str] = set()
    for index, item in enumerate(data["items"]):
        item_id, image = item["item_id"], item["image"]
        if not isinstance(item_id, str) or not _ITEM_ID.fullmatch(item_id) or item_id in items:
            raise SpotDiffError(
                _SOURCE, f"/items/{index}/item_id", f"{item_id!r} is not a valid, unique item id"
            )
        items.add(item_id)
        if not isinstance(image, str) or not _IMAGE.fullmatch(image):
            raise SpotDiffError(
                _SOURCE, f"/items/{index}/image", f"{image!r} is not of the form images/<file>"
            )
        if image not in images:
            raise SpotDiffError(_SOURCE, f"/items/{index}/image", f"no file given for {image!r}")
        for d_index, difference in enumerate(item["differences"]):
            unknown = sorted(set(difference.get("found_by", ())) - seen)
            if unknown:
                raise SpotDiffError(
                    _SOURCE,
                    f"/items/{index}/differences/{d_index}/found_by",
                    f"names submissions that are not entries: {', '.join(unknown)}",
                )


def _copy_images(
    data: Mapping[str, Any], images: Mapping[str, Path], reuse: SiteReuse
) -> dict[str, tuple[int, int]]:
    """Copy each item image once; return its pixel size (the overlay's coordinates)."""
    from PIL import Image, UnidentifiedImageError

    sizes: dict[str, tuple[int, int]] = {}
    for item in data["items"]:
        image = item["image"]
        if image in sizes:
            continue
        source = Path(images[image])
        try:
            with Image.open(source) as opened:
                sizes[image] = opened.size
        except (OSError, UnidentifiedImageError) as exc:
            raise SpotDiffError(source, "", f"cannot read the item image: {exc}") from None
        reuse.copy(image, source)
    return sizes


def _copy_assets(reuse: SiteReuse) -> dict[str, str]:
    """Copy the CSS, JS and icon; return their hrefs with a content hash.

    The ``?v=`` query makes a browser (or GitHub Pages' cache) fetch a
    changed stylesheet instead of pairing new pages with an old one.
    """
    source = resource_dir("site_templates") / "site" / "assets"
    hrefs = {}
    for name in ASSETS:
        content = (source / name).read_bytes()
        reuse.data(f"assets/{name}", content)
        hrefs[name] = f"assets/{name}?v={hashlib.sha256(content).hexdigest()[:12]}"
    return hrefs
