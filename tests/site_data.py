"""Inputs for the site tests: real reports, shaped as leaderboard.json.

A tiny dataset is drawn here with Pillow (so the tests do not follow changes
to the bundled one): a side-by-side item, a top-bottom item, and one whose
annotation has no ``panel_boxes``. Four submissions answer it: perfect
answers, a partial model, an empty baseline and a hostile one whose model
name, notes, links and prediction subjects try every way of becoming markup
or reordering text. The reports are the scorer's own (``evaluate`` +
``build_report``); the leaderboard document around them is assembled by hand
as ``schemas/leaderboard.schema.json`` describes it and validated against
that schema, so the site is tested on the contract, not on how the
leaderboard build happens to fill it. ``build_site_input`` also accepts any
other manifest, such as the bundled ``data/manifest.json`` for screenshots.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from spotdiff_eval import build_report, evaluate, load_dataset, load_predictions
from spotdiff_eval.datasets._domain import Dataset, GoldDifference
from spotdiff_eval.datasets._schema import validate_document
from spotdiff_eval.leaderboard.site import render_site

HOSTILE_ID = "zz-hostile"
PARTIAL_ID = "partial-model"
HOSTILE_NAME = "<script>window.pwned=1</script> | evil\nrow \u202egnp.exe"
HOSTILE_SUBJECT = '<img src=x onerror="window.pwned=2">|\u202eflag'
HOSTILE_NOTES = (
    "Settings: **temperature 0**.\n\n"
    "<script>window.pwned=3</script>\n\n"
    "[click me](javascript:window.pwned=4) and [data](data:text/html,<script>1</script>) "
    "and [ok](https://example.org/model?a=1&b=2)\n\n"
    '<a href="javascript:window.pwned=5">raw link</a> <img src=x onerror="window.pwned=6">\n\n'
    "| col | umn |\n|---|---|\n| table | breaker |\n\n"
    "reversed \u202etxt.exe\u202c text"
)
HOSTILE_LINKS = [
    {"label": "<b>model card</b>", "url": "javascript:window.pwned=7"},
    {"label": "paper", "url": "https://example.org/paper"},
    {"label": "tab trick", "url": "java\tscript:window.pwned=8"},
]

# --- the tiny dataset -------------------------------------------------------

_SKY, _GRASS, _LINE = (150, 200, 240), (110, 180, 90), (40, 40, 40)
PANEL = (200, 150)
BOARD_SUMMARY = {
    "board_id": "tiny-dev", "title": "Tiny board", "description": "The tiny test set.",
    "track": "public", "dataset": {"path": "data"}, "fingerprint": None, "pinned": True,
}  # fmt: skip


def _garden(draw: ImageDraw.ImageDraw, second: bool) -> None:
    draw.rectangle([0, 100, 199, 149], fill=_GRASS)
    draw.ellipse([150, 10, 185, 45], fill=(250, 210, 50))  # sun
    draw.rectangle([30, 60, 40, 110], fill=(120, 80, 40))  # tree trunk
    draw.ellipse([10, 25, 60, 70], fill=(40, 130, 50))
    draw.ellipse([90, 110, 115, 135], fill=(40, 90, 220) if second else (220, 40, 40))  # ball
    if not second:
        draw.polygon([(140, 120), (150, 100), (160, 120)], fill=(230, 80, 160))  # flower
    else:
        draw.arc([80, 30, 100, 45], 200, 340, fill=_LINE, width=2)  # bird


def _table(draw: ImageDraw.ImageDraw, second: bool) -> None:
    draw.rectangle([0, 90, 199, 149], fill=(170, 120, 70))
    for i in range(4 if second else 3):
        draw.ellipse([20 + 28 * i, 60, 44 + 28 * i, 84], fill=(200, 30, 30))  # apples
    if second:
        draw.rectangle([150, 55, 175, 88], fill=(240, 240, 240), outline=_LINE)  # cup


def _sky(draw: ImageDraw.ImageDraw, second: bool) -> None:
    if not second:
        draw.ellipse([40, 30, 110, 65], fill=(255, 255, 255))  # cloud
    draw.polygon([(120, 140), (160, 60), (199, 140)], fill=(120, 120, 130))  # hill


_ITEMS: list[dict[str, Any]] = [
    {
        "item_id": "tiny_0001_garden",
        "layout": "side_by_side",
        "draw": _garden,
        "boxes": True,
        "differences": [
            {"id": "d01", "kind": "attribute_change", "subject": "ball", "attribute": "color",
             "from": "red", "to": "blue", "description": "The ball turns from red to blue.",
             "bbox": [88, 108, 117, 137]},
            {"id": "d02", "kind": "object_removed", "subject": "pink_flower", "aliases": ["flower"],
             "description": "The pink flower is gone.", "bbox": [138, 98, 162, 122]},
            {"id": "d03", "kind": "object_added", "subject": "bird",
             "description": "A bird flies in the sky.", "bbox": [78, 28, 102, 47]},
        ],
    },
    {
        "item_id": "tiny_0002_table",
        "layout": "top_bottom",
        "draw": _table,
        "boxes": True,
        "differences": [
            {"id": "d01", "kind": "count_change", "subject": "apple", "from": "3", "to": "4",
             "description": "Four apples instead of three.", "bbox": [18, 58, 130, 86]},
            {"id": "d02", "kind": "object_added", "subject": "cup",
             "description": "A white cup appears.", "bbox": [148, 53, 177, 90]},
        ],
    },
    {
        "item_id": "tiny_0003_sky",
        "layout": "side_by_side",
        "draw": _sky,
        "boxes": False,  # an annotation without panel_boxes: nothing can be outlined
        "differences": [
            {"id": "d01", "kind": "object_removed", "subject": "cloud",
             "description": "The cloud has gone.", "bbox": [38, 28, 112, 67]},
        ],
    },
]  # fmt: skip


def make_tiny_dataset(root: Path) -> Path:
    """Draw the three items and write their annotations and manifest; return the manifest."""
    gap = 8
    entries = []
    for spec in _ITEMS:
        side = spec["layout"] == "side_by_side"
        size = (2 * PANEL[0] + gap, PANEL[1]) if side else (PANEL[0], 2 * PANEL[1] + gap)
        second_at = (PANEL[0] + gap, 0) if side else (0, PANEL[1] + gap)
        image = Image.new("RGB", size, _LINE)
        for offset, second in (((0, 0), False), (second_at, True)):
            panel = Image.new("RGB", PANEL, _SKY)
            spec["draw"](ImageDraw.Draw(panel), second)
            image.paste(panel, offset)
        item_id = spec["item_id"]
        (root / "data" / "images").mkdir(parents=True, exist_ok=True)
        image.save(root / "data" / "images" / f"{item_id}.png")
        annotation = {
            "schema_version": "1.0",
            "item_id": item_id,
            "image": f"data/images/{item_id}.png",
            "panel_layout": spec["layout"],
            "review_status": "approved",
            "differences": spec["differences"],
        }
        if spec["boxes"]:
            x, y = second_at
            annotation["panel_boxes"] = [[0, 0, *PANEL], [x, y, x + PANEL[0], y + PANEL[1]]]
        _write(root / "data" / "annotations" / f"{item_id}.json", annotation)
        entries.append({"item_id": item_id, "image": annotation["image"],
                        "annotation": f"data/annotations/{item_id}.json",
                        "panel_layout": spec["layout"]})  # fmt: skip
    return _write(
        root / "data" / "manifest.json",
        {"schema_version": "1.0", "dataset_name": "tiny-site", "dataset_version": "1.0",
         "review_status": "approved", "items": entries},
    )  # fmt: skip


# --- submissions ------------------------------------------------------------


def _write(path: Path, doc: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return path


def _restate(gold: GoldDifference) -> dict[str, Any]:
    fields = {"kind": gold.kind, "subject": gold.subject, "attribute": gold.attribute,
              "from": gold.from_value, "to": gold.to_value, "count": gold.count}  # fmt: skip
    return {key: value for key, value in fields.items() if value is not None}


def _predictions(dataset: Dataset, workdir: Path) -> dict[str, Path]:
    """Perfect, partial (every other difference, a wrong detail, an extra, the last
    item unanswered), empty, and hostile (one right answer and a hostile extra)."""
    perfect, partial = [], []
    for position, annotation in enumerate(dataset.annotations):
        golds = annotation.differences
        perfect.append({"item_id": annotation.item_id, "differences": [_restate(g) for g in golds]})
        if position == len(dataset.annotations) - 1 and position > 0:
            continue
        answers = [_restate(g) for g in golds[::2]]
        if answers and "to" in answers[0]:
            answers[0]["to"] = "purple"
        answers.append({"kind": "object_added", "subject": "small_cloud"})
        partial.append({"item_id": annotation.item_id, "differences": answers})
    first = dataset.annotations[0]
    hostile = [{"item_id": first.item_id, "differences": [
        _restate(first.differences[0]), {"kind": "object_added", "subject": HOSTILE_SUBJECT},
    ]}]  # fmt: skip

    def doc(model: str, items: list[dict[str, Any]]) -> dict[str, Any]:
        return {"schema_version": "1.0", "model": model, "items": items}

    return {
        "baseline-perfect": _write(workdir / "perfect.json", doc("perfect", perfect)),
        PARTIAL_ID: _write(workdir / "partial.json", doc("partial", partial)),
        "baseline-empty": _write(workdir / "empty.json", doc("empty", [])),
        HOSTILE_ID: _write(workdir / "hostile.json", doc(HOSTILE_NAME, hostile)),
    }


_META: dict[str, dict[str, Any]] = {
    "baseline-perfect": {
        "model": {"name": "Perfect answers", "version": None},
        "organisation": "SpotDiff project",
        "submitter": None,
        "date": "2026-05-01",
        "baseline": True,
        "notes": "Restates every golden difference; scores 100% by construction.",
    },
    PARTIAL_ID: {
        "model": {"name": "Partial vision model", "version": "2026-06"},
        "organisation": "Example Lab",
        "submitter": "example-user",
        "date": "2026-06-15",
        "baseline": False,
        "links": [{"label": "Model card", "url": "https://example.org/card"}],
        "notes": "Run with the built-in prompt.\n\n* one try per image\n* `temperature` 0",
    },
    "baseline-empty": {
        "model": {"name": "Empty answers", "version": None},
        "organisation": "SpotDiff project",
        "submitter": None,
        "date": "2026-05-01",
        "baseline": True,
        "notes": "",
    },
    HOSTILE_ID: {
        "model": {"name": HOSTILE_NAME, "version": "<i>1</i>"},
        "organisation": "Evil \u202eCorp</td><td>",
        "submitter": "not a handle/../x",
        "date": "2026-07-04",
        "baseline": False,
        "links": HOSTILE_LINKS,
        "notes": HOSTILE_NOTES,
    },
}


def _standings(reports: dict[str, dict[str, Any]]) -> list[tuple[str, Any, Any, Any, Any]]:
    """(id, rank, rank_low, rank_high, group) by score; ties from overlapping intervals.

    A stand-in for the paired bootstrap of the real build: enough to give the
    site rank ranges and groups to show.
    """
    order = sorted(reports, key=lambda s: (-reports[s]["metrics"]["overall_score"], s))
    references = [s for s in order if _META[s]["baseline"]]  # not ranked: reference rows
    order = [s for s in order if not _META[s]["baseline"]]
    score = {s: reports[s]["metrics"]["overall_score"] for s in order}
    ci = {s: reports[s]["confidence_intervals"]["overall_score"] for s in order}
    result, group, top = [], 0, None
    for sid in order:
        rank = 1 + sum(score[o] > score[sid] for o in order)
        better = sum(ci[o][0] > ci[sid][1] for o in order)
        not_worse = sum(ci[o][1] >= ci[sid][0] for o in order)
        if top is None or ci[sid][1] < ci[top][0]:
            group, top = group + 1, sid
        result.append((sid, rank, 1 + better, max(rank, not_worse), group))
    return result + [(sid, None, None, None, None) for sid in references]


@dataclass
class SiteInput:
    data: dict[str, Any]
    reports: dict[str, dict[str, Any]]
    images: dict[str, Path]


def _entry(sid: str, report: dict[str, Any], standing: tuple[Any, Any, Any, Any]) -> dict:
    rank, low, high, group = standing
    meta = _META[sid]
    return {
        "submission_id": sid, "rank": rank, "rank_low": low, "rank_high": high, "group": group,
        "model": meta["model"], "organisation": meta["organisation"],
        "runtime": "api" if sid == PARTIAL_ID else "local",
        "submitter": meta["submitter"], "date": meta["date"], "baseline": meta["baseline"],
        # The prompt's hash is optional: the empty baseline has none.
        "prompt": {"name": "spotdiff_v1"} if sid == "baseline-empty"
        else {"name": "spotdiff_v1", "sha256": "ab" * 32},
        "links": meta.get("links", []), "notes": meta["notes"],
        "metrics": report["metrics"], "confidence_intervals": report["confidence_intervals"],
        "per_kind_recall": {k: v["recall"] for k, v in report["per_kind"].items()},
        "items_answered": report["counts"]["items_answered"],
        "items_total": report["counts"]["items"],
        "predictions_sha256": report["predictions"]["sha256"],
        "report": f"reports/{sid}.json",
        "model_facts": {"open_weights": sid == PARTIAL_ID, "parameters": None},
        "usage": {"input_tokens": None, "output_tokens": None, "median_latency_ms": None,
                  "cost_usd": None},
    }  # fmt: skip


def build_site_input(workdir: Path, manifest: Path | None = None) -> SiteInput:
    """Score the four submissions on ``manifest`` (default: the tiny dataset) and
    assemble the leaderboard data around their reports."""
    dataset = load_dataset(manifest or make_tiny_dataset(workdir / "dataset"))
    predictions = _predictions(dataset, workdir)
    reports = {
        sid: build_report(evaluate(dataset, load_predictions(path)))
        for sid, path in predictions.items()
    }
    entries = [_entry(sid, reports[sid], standing) for sid, *standing in _standings(reports)]
    found: dict[tuple[str, str], list[str]] = {}
    for entry in entries:
        if entry["baseline"]:
            continue  # baselines do not count in "found by"
        for item in reports[entry["submission_id"]]["items"]:
            for match in item["matched"]:
                key = (item["item_id"], match["gold_id"])
                found.setdefault(key, []).append(entry["submission_id"])
    items, images = [], {}
    pairs = zip(dataset.items, dataset.annotations, strict=True)
    for item, annotation in sorted(pairs, key=lambda p: p[0].item_id):
        image = f"images/{item.image_path.name}"
        images[image] = item.image_path
        boxes = annotation.panel_boxes
        items.append(
            {
                "item_id": item.item_id,
                "image": image,
                "panel_layout": annotation.panel_layout,
                "panel_boxes": [list(b) for b in boxes] if boxes else None,
                "differences": [
                    {
                        "id": d.id,
                        "kind": d.kind,
                        "subject": d.subject,
                        "description": d.description,
                        "bbox": list(d.bbox) if d.bbox else None,
                        "found_by": found.get((item.item_id, d.id), []),
                    }
                    for d in annotation.differences
                ],
            }
        )
    some = next(iter(reports.values()))
    data = {
        "schema_version": "1.0",
        "evaluator_version": some["evaluator_version"],
        "board": BOARD_SUMMARY,
        "dataset": some["dataset"],
        "weights": some["weights"],
        "entries": entries,
        "items": items,
    }
    validate_document(data, "leaderboard", "site test data")
    return SiteInput(data, reports, images)


def write_downloads(site: Path, inputs: SiteInput) -> None:
    """What the leaderboard build writes next to the pages: JSON, CSV and reports."""
    (site / "leaderboard.json").write_text(json.dumps(inputs.data), encoding="utf-8")
    (site / "leaderboard.csv").write_text("rank,submission_id\n", encoding="utf-8")
    (site / "reports").mkdir(exist_ok=True)
    for sid, report in inputs.reports.items():
        (site / "reports" / f"{sid}.json").write_text(json.dumps(report), encoding="utf-8")


def render_test_site(workdir: Path, out: Path) -> SiteInput:
    """Build the inputs, render the site into ``out`` and add the build's downloads."""
    inputs = build_site_input(workdir)
    out.mkdir(parents=True, exist_ok=True)
    render_site(inputs.data, inputs.reports, inputs.images, out)
    write_downloads(out, inputs)
    return inputs
