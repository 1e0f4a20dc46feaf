"""Shared test helpers: a tiny valid dataset in tmp_path, running the CLI, judging cases."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

# Helper modules with asserts of their own, imported by test modules (and by
# each other) before pytest could load them as plugins: registered here, once,
# so their asserts report details wherever they are first imported.
pytest.register_assert_rewrite("hub_fixtures")

#: The two items of the tiny dataset: one per panel layout. The first uses
#: every optional annotation field, the second none.
ITEMS: dict[str, dict[str, Any]] = {
    "scene_0001_park": {
        "panel_layout": "side_by_side",
        "size": (200, 100),
        "extra": {
            "panel_order": ["left", "right"],
            "review_status": "approved",
            "panel_boxes": [[0, 0, 100, 100], [100, 0, 200, 100]],
        },
        "differences": [
            {
                "id": "d01",
                "kind": "attribute_change",
                "subject": "red_car",
                "attribute": "color",
                "from": "red",
                "to": "green",
                "description": "The car changes from red to green.",
                "confidence": "high",
                "aliases": ["sedan"],
                "bbox": [10, 10, 40, 30],
            },
            {
                "id": "d02",
                "kind": "object_removed",
                "subject": "playground_flag",
                "bbox": [60, 5, 90, 50],
            },
        ],
    },
    "scene_0002_kitchen": {
        "panel_layout": "top_bottom",
        "size": (100, 200),
        "extra": {},
        "differences": [
            {"id": "d01", "kind": "count_change", "subject": "apples", "from": 3, "to": 4}
        ],
    },
}


REPO = Path(__file__).resolve().parents[1]


def file_size_limit(limit: int) -> Callable[[], None]:
    """For ``preexec_fn``: writes past ``limit`` bytes fail with EFBIG, as on a full disk."""

    def limit_writes() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an error, not a killed process
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limit_writes


def run_cli(
    *args: str | Path,
    cwd: Path = REPO,
    env: dict[str, str] | None = None,
    module: str = "spotdiff_eval",
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m spotdiff_eval ...`` as a user would, capturing output."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", module, *map(str, args)],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def write_json(path: Path, data: Any, *, indent: int | None = 2) -> Path:
    """Write ``data`` as JSON, creating folders; returns ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=indent, ensure_ascii=False), encoding="utf-8")
    return path


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def make_dataset(tmp_path: Path) -> Callable[..., Path]:
    """Factory for the tiny dataset; returns the manifest path.

    ``published=True`` puts the manifest in ``<root>/data/`` with ``data/...``
    paths (the public layout); ``False`` puts it in ``<root>/`` with paths
    relative to it. ``order`` reorders the manifest, ``indent`` reformats the
    annotation files.
    """

    def make(
        root: Path | None = None,
        *,
        published: bool = True,
        order: list[str] | None = None,
        indent: int | None = 2,
    ) -> Path:
        root = root or tmp_path / "dataset"
        base = root / "data" if published else root
        prefix = "data/" if published else ""
        entries = []
        for item_id in order or list(ITEMS):
            spec = ITEMS[item_id]
            image = f"{prefix}images/{item_id}.png"
            annotation = f"{prefix}annotations/{item_id}.json"
            (base / "images").mkdir(parents=True, exist_ok=True)
            Image.new("RGB", spec["size"], "white").save(base / "images" / f"{item_id}.png")
            write_json(
                base / "annotations" / f"{item_id}.json",
                {
                    "schema_version": "1.0",
                    "item_id": item_id,
                    "image": image,
                    "panel_layout": spec["panel_layout"],
                    **spec["extra"],
                    "differences": spec["differences"],
                },
                indent=indent,
            )
            entries.append(
                {
                    "item_id": item_id,
                    "image": image,
                    "annotation": annotation,
                    "panel_layout": spec["panel_layout"],
                }
            )
        return write_json(
            base / "manifest.json",
            {
                "schema_version": "1.0",
                "dataset_name": "tiny",
                "dataset_version": "1.0",
                "review_status": "approved",
                "items": entries,
            },
        )

    return make


@pytest.fixture
def dataset_manifest(make_dataset: Callable[..., Path]) -> Path:
    """The tiny dataset in the published layout: ``<root>/data/manifest.json``."""
    return make_dataset()


def predictions_doc(*item_ids: str, model: str = "test-model") -> dict[str, Any]:
    """A valid predictions document answering ``item_ids`` with one difference each."""
    return {
        "schema_version": "1.0",
        "model": model,
        "items": [
            {"item_id": i, "differences": [{"kind": "object_removed", "subject": "flag"}]}
            for i in item_ids
        ],
    }


def decide(case: dict[str, Any]) -> tuple[list[str | None], dict[int, Any]]:
    """Match a worked case; return the gold id chosen for each prediction, and the matches."""
    from spotdiff_eval.datasets._records import difference_from_json, gold_difference_from_json
    from spotdiff_eval.matching._match import match_item

    gold = [gold_difference_from_json(g) for g in case["gold"]]
    predicted = [difference_from_json(p) for p in case["predictions"]]
    by_prediction = {m.prediction_index: m for m in match_item(gold, predicted).matches}
    decided = [
        by_prediction[i].gold_id if i in by_prediction else None for i in range(len(predicted))
    ]
    return decided, by_prediction


def attribute_change(
    subject: str, attribute: str, before: str, after: str, **extra: object
) -> dict[str, Any]:
    """A difference of kind attribute_change, as the JSON files write it."""
    return {
        "kind": "attribute_change",
        "subject": subject,
        "attribute": attribute,
        "from": before,
        "to": after,
        **extra,
    }


def added(subject: str, **extra: object) -> dict[str, Any]:
    """A difference of kind object_added, as the JSON files write it."""
    return {"kind": "object_added", "subject": subject, **extra}


def removed(subject: str, **extra: object) -> dict[str, Any]:
    """A difference of kind object_removed, as the JSON files write it."""
    return {"kind": "object_removed", "subject": subject, **extra}


def count_change(subject: str, before: str, after: str, **extra: object) -> dict[str, Any]:
    """A difference of kind count_change, ``before`` to ``after``, as the JSON files write it."""
    return {"kind": "count_change", "subject": subject, "from": before, "to": after, **extra}


def told(diff: dict[str, Any], description: str) -> dict[str, Any]:
    """``diff`` with its description."""
    return {**diff, "description": description}


def one_gold_case(
    name: str,
    gold: dict[str, Any],
    prediction: dict[str, Any],
    expected: str | None,
    details: bool | None = None,
) -> dict[str, Any]:
    """A judged case of one gold (id d01) against one prediction, in the
    format of ``shared/scoring-cases.json``; ``details`` is the verdict on the
    match's details, if the case pins it."""
    case = {
        "name": name,
        "gold": [{"id": "d01", **gold}],
        "predictions": [prediction],
        "expected": [expected],
    }
    return case if details is None else {**case, "details_correct": [details]}


def assert_judged(case: dict[str, Any]) -> None:
    """The scorer reproduces the case's decisions and detail verdicts."""
    decided, by_prediction = decide(case)
    assert decided == case["expected"]
    for i, expected in enumerate(case.get("details_correct", [])):
        if expected is not None:
            assert by_prediction[i].details.fully_correct is expected, f"details of prediction {i}"
