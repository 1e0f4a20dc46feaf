"""A board's data document (``schemas/leaderboard.schema.json``).

One plain-data document feeds every output: LEADERBOARD.md, the site, and the
``leaderboard.json`` / ``leaderboard.csv`` downloads. Strings from submission
folders (names, notes, links) are copied as they are, untrusted: each renderer
escapes them for its own medium.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..datasets import Annotation, Board, Dataset
from ..errors import SpotDiffError
from ..scoring import WEIGHTS, dataset_summary
from ..version import EVALUATOR_VERSION
from .run_facts import model_facts
from .scoring import Scored
from .standings import Standing

DATA_SCHEMA_VERSION = "1.0"
_SAFE_SUFFIX = re.compile(r"\.[a-z0-9]{1,8}")


def build_data(
    board: Board,
    dataset: Dataset,
    scored: Sequence[Scored],
    standings: Sequence[Standing],
    usage: Mapping[str, dict[str, Any]],
) -> tuple[dict[str, Any], dict[str, Path]]:
    """One board's data document, and where each of its ``images/...`` files comes from.

    ``standings`` rank the models only. Baselines follow them as reference
    rows without a rank: a perfect baseline holding rank 1 pushed every
    model down a place and counted in "found by". A hidden board publishes
    aggregates only: no items, no per-item reports. ``usage`` holds each
    submission's tokens, latency and cost (``run_facts``).
    """
    by_id = {s.submission_id: s for s in scored}
    ranked = {st.submission_id for st in standings}
    references = sorted(
        (s for s in scored if s.submission_id not in ranked),
        key=lambda s: (-s.summary["metrics"]["overall_score"], s.submission_id),
    )
    entries = [_entry(by_id[st.submission_id], st, board, usage) for st in standings]
    entries += [_entry(s, None, board, usage) for s in references]
    order = [st.submission_id for st in standings]
    if board.hidden:
        items, images = [], {}
    else:
        items, images = _items(dataset, [by_id[sid] for sid in order])
    data = {
        "schema_version": DATA_SCHEMA_VERSION,
        "evaluator_version": EVALUATOR_VERSION,
        "board": board.summary(),
        "dataset": dataset_summary(dataset),
        "weights": dict(WEIGHTS),
        "entries": entries,
        "items": items,
    }
    return data, images


def _entry(
    scored: Scored,
    standing: Standing | None,
    board: Board,
    usage: Mapping[str, dict[str, Any]],
) -> dict[str, Any]:
    meta, report = scored.submission.metadata, scored.summary
    prompt = {"name": meta["prompt"]["name"]}
    if "sha256" in meta["prompt"]:
        prompt["sha256"] = meta["prompt"]["sha256"]
    return {
        "submission_id": scored.submission_id,
        "rank": standing.rank if standing else None,
        "rank_low": standing.rank_low if standing else None,
        "rank_high": standing.rank_high if standing else None,
        "group": standing.group if standing else None,
        "model": {"name": meta["model"]["name"].strip(), "version": meta["model"].get("version")},
        "model_facts": model_facts(meta),
        "organisation": meta["organisation"],
        "runtime": meta["runtime"],
        "submitter": meta.get("submitter"),  # none in the project's baselines
        "date": meta["date"],
        "baseline": meta.get("baseline", False),
        "prompt": prompt,
        "links": [{"label": link["label"], "url": link["url"]} for link in meta.get("links", [])],
        "notes": meta.get("notes", ""),
        "metrics": dict(report["metrics"]),
        "confidence_intervals": {k: list(v) for k, v in report["confidence_intervals"].items()},
        "per_kind_recall": {kind: k["recall"] for kind, k in report["per_kind"].items()},
        "items_answered": report["counts"]["items_answered"],
        "items_total": report["counts"]["items"],
        "usage": dict(usage[scored.submission_id]),
        "predictions_sha256": report["predictions"]["sha256"],
        "report": None if board.hidden else f"reports/{scored.submission_id}.json",
    }


def _items(
    dataset: Dataset, scored_in_rank_order: Sequence[Scored]
) -> tuple[list[dict[str, Any]], dict[str, Path]]:
    """Items by id, each golden difference listing the ranked entries that found it (rank order)."""
    found: dict[tuple[str, str], list[str]] = {}
    for scored in scored_in_rank_order:
        for item in scored.summary["items"]:
            for match in item["matched"]:
                found.setdefault((item["item_id"], match["gold_id"]), []).append(
                    scored.submission_id
                )
    annotations = {a.item_id: a for a in dataset.annotations}
    items, images = [], {}
    for index, entry in sorted(enumerate(dataset.items), key=lambda pair: pair[1].item_id):
        if not entry.image_path.is_file():
            raise SpotDiffError(
                dataset.manifest_path,
                f"/items/{index}/image",
                f"image file not found: {entry.image_path} (the leaderboard site shows every "
                "item's image)",
            )
        # Named by item id, which the manifest schema keeps URL-safe and unique.
        suffix = entry.image_path.suffix.lower()
        image = f"images/{entry.item_id}{suffix if _SAFE_SUFFIX.fullmatch(suffix) else ''}"
        images[image] = entry.image_path
        items.append(_item(annotations[entry.item_id], image, found))
    return items, images


def _item(
    annotation: Annotation, image: str, found: dict[tuple[str, str], list[str]]
) -> dict[str, Any]:
    boxes = annotation.panel_boxes
    return {
        "item_id": annotation.item_id,
        "image": image,
        "panel_layout": annotation.panel_layout,
        "panel_boxes": [list(box) for box in boxes] if boxes is not None else None,
        "differences": [
            {
                "id": d.id,
                "kind": d.kind,
                "subject": d.subject,
                "description": d.description,
                "bbox": list(d.bbox) if d.bbox is not None else None,
                "found_by": found.get((annotation.item_id, d.id), []),
            }
            for d in annotation.differences
        ],
    }
