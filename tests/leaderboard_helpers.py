"""Submission folders on the tiny test dataset, for the leaderboard and submit tests."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

from conftest import ITEMS, write_json
from test_validate import metadata

#: A model name and notes that try every way of turning into markup, breaking a
#: Markdown table, or reordering what a reader sees.
HOSTILE_NAME = "<script>alert(1)</script> | x\ny \u202eevil\u2066 [a](javascript:alert(2)) `c` *b*"
HOSTILE_ORG = "Evil</td><td>Corp | www.evil.example @team &amp; \\ \u202a"
HOSTILE_NOTES = "<script>alert(3)</script>\n[click](javascript:alert(4))\n| a | b |\n\u202ereversed"


def perfect_differences(item_id: str) -> list[dict[str, Any]]:
    """Every golden difference of a tiny-dataset item, restated as a prediction."""
    keep = ("kind", "subject", "attribute", "from", "to", "count", "description")
    return [{k: d[k] for k in keep if k in d} for d in ITEMS[item_id]["differences"]]


def predictions(model: str, answers: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    return {
        "schema_version": "1.0",
        "model": model,
        "items": [{"item_id": i, "differences": d} for i, d in answers.items()],
    }


def perfect(model: str) -> dict[str, Any]:
    return predictions(model, {i: perfect_differences(i) for i in ITEMS})


def half_right(model: str) -> dict[str, Any]:
    """Finds the park's two differences, answers the kitchen wrongly."""
    return predictions(
        model,
        {
            "scene_0001_park": perfect_differences("scene_0001_park"),
            "scene_0002_kitchen": [{"kind": "object_added", "subject": "cat"}],
        },
    )


#: The board the leaderboard tests put their submissions on.
BOARD = "tiny-dev"


def make_board(
    submissions: Path, board_id: str = BOARD, track: str = "public", **extra: Any
) -> Path:
    """``submissions/<board_id>/board.json`` for the tiny dataset in ``data/``; the folder."""
    doc: dict[str, Any] = {
        "schema_version": "1.0",
        "board_id": board_id,
        "title": f"Board {board_id}",
        "description": "The tiny test dataset.",
        "track": track,
        "dataset": {"path": "data"},
        **extra,
    }
    if track == "hidden":
        doc.setdefault("dataset_name", "tiny")
        doc.setdefault("dataset_version", "1.0")
    write_json(submissions / board_id / "board.json", doc)
    return submissions / board_id


def make_submission(
    submissions: Path,
    submission_id: str,
    doc: dict[str, Any],
    **extra: Any,
) -> Path:
    """``submissions/<id>/`` with ``doc`` as predictions and matching metadata."""
    folder = submissions / submission_id
    write_json(folder / "predictions.json", doc)
    fields = {"model": {"name": doc["model"], "version": "1"}, **extra}
    write_json(folder / "submission.json", metadata(submission_id, **fields))
    return folder


def standard_submissions(submissions: Path) -> dict[str, Path]:
    """Three entries: a perfect one, a half-right one, and a second perfect one (a tie)."""
    return {
        "acme-perfect": make_submission(submissions, "acme-perfect", perfect("acme-perfect")),
        "beta-half": make_submission(submissions, "beta-half", half_right("beta-half")),
        "zeta-perfect": make_submission(
            submissions, "zeta-perfect", perfect("zeta-perfect"), date="2025-04-01"
        ),
    }


def checkout(tmp_path: Path, make_dataset: Any) -> Path:
    """A checkout-like folder: data/, submissions/<board>/; the build runs inside it."""
    root = tmp_path / "repo"
    make_dataset(root)
    standard_submissions(make_board(root / "submissions"))
    return root


def copy_tree(source: Path, target: Path, order: list[str]) -> None:
    """Copy the submission folders of ``source`` creating them in ``order``."""
    target.mkdir(parents=True)
    for name in order:
        shutil.copytree(source / name, target / name)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by relative path, with its bytes."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def tampered(report: dict[str, Any], score: float) -> dict[str, Any]:
    changed = copy.deepcopy(report)
    changed["metrics"]["overall_score"] = score
    return changed


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))
