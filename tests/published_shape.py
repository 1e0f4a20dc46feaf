"""A dataset in exactly the shape of the public spotdiff-v1-dev on the Hub, invented content.

What the published annotations do that the bundled generated set does not
(the reason this fixture exists): a top-level ``review_notes`` of free
text, a per-difference ``confidence`` written as a word, JPEG images, and
no ``panel_boxes`` or ``bbox``. The pictures and differences are made up
here; only the shape follows the published files. Every kind DESIGN.md
section 3 names appears, a ``count_change`` with numbers included, and the
optional ``count`` and ``aliases`` too (red team round 21: the fixture had
neither, nor a count change, all of which the contract allows).
"""

from __future__ import annotations

import io
from typing import Any

from hub_fixtures import json_bytes, published
from PIL import Image, ImageDraw

REPO = "Abnik/spotdiff-v1-dev"
NAME, VERSION = "spotdiff-v1-dev", "1.0"


def _jpeg(layout: str, first: list[tuple], second: list[tuple]) -> bytes:
    """Two 96x64 panels, left/right or top/bottom, drawn with the given shapes."""
    width, height = (96 * 2, 64) if layout == "side_by_side" else (96, 64 * 2)
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    dx, dy = (96, 0) if layout == "side_by_side" else (0, 64)
    for shapes, (ox, oy) in ((first, (0, 0)), (second, (dx, dy))):
        for box, colour in shapes:
            x0, y0, x1, y1 = box
            draw.rectangle((x0 + ox, y0 + oy, x1 + ox, y1 + oy), fill=colour)
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=90)
    return out.getvalue()


_KITE, _HUT, _BOAT = (
    ((10, 10, 30, 30), "orange"),
    ((40, 20, 70, 50), "brown"),
    ((5, 40, 35, 58), "navy"),
)

ITEMS: dict[str, dict[str, Any]] = {
    "scene_0001_harbour": {
        "layout": "side_by_side",
        "jpeg": _jpeg("side_by_side", [_KITE, _HUT, _BOAT], [((10, 10, 30, 30), "purple"), _HUT]),
        "review_notes": "Checked by two reviewers; the boat is partly hidden by the pier.",
        "differences": [
            {"id": "d01", "kind": "attribute_change", "subject": "kite", "attribute": "color",
             "from": "orange", "to": "purple", "description": "The kite turns purple.",
             "confidence": "high"},
            {"id": "d02", "kind": "object_removed", "subject": "rowing_boat",
             "description": "The small boat near the pier is gone.", "confidence": "medium"},
        ],
    },
    "scene_0002_orchard": {
        "layout": "top_bottom",
        "jpeg": _jpeg("top_bottom", [_HUT], [_HUT, ((60, 5, 80, 25), "red"), _BOAT]),
        "review_notes": "",
        "differences": [
            {"id": "d01", "kind": "object_added", "subject": "red_lantern",
             "description": "A red lantern hangs by the hut.", "confidence": "low",
             "aliases": ["lamp", "paper lantern"]},
            {"id": "d02", "kind": "object_added", "subject": "cart", "count": 1,
             "description": "A blue cart appears in the grass.", "confidence": "high"},
            {"id": "d03", "kind": "count_change", "subject": "ducks", "from": 2, "to": 3,
             "description": "A third duck swims in the pond.", "confidence": "medium"},
        ],
    },
}  # fmt: skip


def published_files() -> dict[str, bytes]:
    """Repository path -> bytes, as ``Abnik/spotdiff-v1-dev`` lays its files out."""
    files: dict[str, bytes] = {}
    entries = []
    for item_id, spec in ITEMS.items():
        image, annotation = f"data/images/{item_id}.jpg", f"data/annotations/{item_id}.json"
        files[image] = spec["jpeg"]
        files[annotation] = json_bytes(
            {
                "schema_version": "1.0",
                "item_id": item_id,
                "image": image,
                "panel_layout": spec["layout"],
                "panel_order": ["left", "right"]
                if spec["layout"] == "side_by_side"
                else ["top", "bottom"],
                "review_status": "approved",
                "review_notes": spec["review_notes"],
                "differences": spec["differences"],
            }
        )
        entries.append(
            {
                "item_id": item_id,
                "image": image,
                "annotation": annotation,
                "panel_layout": spec["layout"],
            }
        )
    files["data/manifest.json"] = json_bytes(
        {
            "schema_version": "1.0",
            "dataset_name": NAME,
            "dataset_version": VERSION,
            "review_status": "approved",
            "items": entries,
        }
    )
    files["data/README.md"] = b"---\nlicense: cc-by-4.0\n---\n# spotdiff-v1-dev (test copy)\n"
    return published(files)


def answers(model: str) -> dict[str, Any]:
    """A model's predictions: finds three of the five differences, one extra guess."""
    return {
        "schema_version": "1.0",
        "model": model,
        "items": [
            {
                "item_id": "scene_0001_harbour",
                "differences": [
                    {"kind": "attribute_change", "subject": "kite", "attribute": "colour",
                     "from": "orange", "to": "purple", "confidence": 0.9},
                    {"kind": "object_removed", "subject": "boat", "confidence": "medium",
                     "location": "bottom left", "reasoning": "the pier is empty"},
                ],
            },
            {
                "item_id": "scene_0002_orchard",
                "differences": [
                    {"kind": "object_added", "subject": "lantern"},
                    {"kind": "object_removed", "subject": "tree"},
                ],
            },
        ],
    }  # fmt: skip
