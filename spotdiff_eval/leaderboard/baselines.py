"""The project's baselines: four submissions that need no model.

They anchor the leaderboard so readers can place every real entry: the
perfect answer (the ceiling, and a regression guard for annotations and
scorer), the empty answer (nothing at all), the blind answer (the floor a
model must clear: written without looking at any image, as vision benchmarks
show a text-only baseline), and the bundled example predictions (a realistic
partial answer). Each is marked ``"baseline": true`` and says what
it is in its notes. They are regenerated from ``predictions/`` and the
manifest whenever the dataset changes (``spotdiff leaderboard baselines``);
regenerating without a change rewrites identical bytes, the date included.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._util.folders import make_folder
from ..blind import FLOOR_STRATEGY, STRATEGIES, predictions_document
from ..datasets import (
    Dataset,
    dumps_canonical,
    load_dataset,
    load_predictions,
    read_bytes_limited,
    read_json,
    write_text_atomic,
)
from ..errors import SpotDiffError
from ..validation import PREDICTIONS_JSON_MAX_BYTES, unanswered_items, validate_submission
from .submissions import SubmissionFindings

ORGANISATION = "SpotDiff Eval"
EMPTY_MODEL = "empty-baseline"
BLIND_MODEL = "blind-floor (no image)"


@dataclass(frozen=True)
class Baseline:
    """``source`` is a file in predictions/; else ``build`` makes the predictions."""

    submission_id: str
    source: str | None
    notes: str
    build: Callable[[Dataset], str] | None = None


def empty_predictions(dataset: Dataset) -> str:
    """Every item answered, with nothing."""
    items = sorted(item.item_id for item in dataset.items)
    return dumps_canonical(
        {
            "schema_version": "1.0",
            "model": EMPTY_MODEL,
            "items": [{"item_id": item_id, "differences": []} for item_id in items],
        }
    )


def blind_predictions(dataset: Dataset) -> str:
    """The floor: each item's guesses come from the other items' annotations only."""
    answer = STRATEGIES[FLOOR_STRATEGY](list(dataset.annotations))
    return dumps_canonical(predictions_document(answer, BLIND_MODEL))


BASELINES = (
    Baseline(
        "perfect-baseline",
        "perfect.json",
        "**Baseline, not a model.** Restates every golden difference of the dataset "
        "(`predictions/perfect.json`), so it marks the ceiling: 100% on every metric. "
        "It also guards the annotations and the scorer: any other score means one of "
        "them broke.",
    ),
    Baseline(
        "empty-baseline",
        None,
        "**Baseline, not a model.** Answers every item with an empty list, so it marks "
        "nothing: 0% on every metric (an empty answer earns no precision either).",
        build=empty_predictions,
    ),
    Baseline(
        "blind-baseline",
        None,
        "**Baseline, not a model: the floor.** Written without looking at any image: "
        f"each item is answered with the {FLOOR_STRATEGY.split('-')[-1]} most common "
        "changes of the *other* items (`spotdiff_eval.blind`). A model that scores near "
        "it has not shown that it sees the differences; `python benchmarks/blind.py` "
        "scores every blind strategy.",
        build=blind_predictions,
    ),
    Baseline(
        "example-baseline",
        "example.json",
        "**Baseline, not a model run.** The bundled example predictions "
        "(`predictions/example.json`): a realistic, imperfect answer with misses, extra "
        "predictions and wrong details, included to show how a partial answer scores.",
    ),
)


def write_baselines(
    manifest: Path,
    predictions_dir: Path = Path("predictions"),
    submissions_dir: Path = Path("submissions"),
    date: str | None = None,
) -> list[Path]:
    """(Re)write the baseline folders and validate them; return the folders.

    ``date`` defaults to the date already recorded when a baseline's
    predictions are unchanged, else to today.
    """
    dataset = load_dataset(manifest)
    folders, findings = [], []
    for baseline in BASELINES:
        folder = Path(submissions_dir) / baseline.submission_id
        if baseline.build is not None:
            text = baseline.build(dataset)
        else:
            source = Path(predictions_dir) / baseline.source
            load_predictions(source, max_bytes=PREDICTIONS_JSON_MAX_BYTES)  # valid, or stop here
            text = read_bytes_limited(source, PREDICTIONS_JSON_MAX_BYTES).decode("utf-8")
        make_folder(folder)
        kept_date = _unchanged_date(folder, text)
        write_text_atomic(folder / "predictions.json", text)
        predictions = load_predictions(folder / "predictions.json")
        metadata = _metadata(baseline, dataset, predictions.model, date or kept_date)
        missing = unanswered_items(predictions, dataset)
        if missing:
            metadata["unanswered_items"] = len(missing)
        write_text_atomic(folder / "submission.json", dumps_canonical(metadata))
        findings += validate_submission(folder, manifest=manifest)
        folders.append(folder)
    if findings:
        raise SubmissionFindings(list(findings))
    return folders


def _unchanged_date(folder: Path, predictions_text: str) -> str | None:
    """The recorded date, if the folder already holds exactly these predictions."""
    try:
        same = (folder / "predictions.json").read_text(encoding="utf-8") == predictions_text
        recorded = read_json(folder / "submission.json").get("date") if same else None
    except (OSError, UnicodeDecodeError, SpotDiffError):
        return None
    return recorded if isinstance(recorded, str) else None


def _metadata(baseline: Baseline, dataset: Dataset, model: str, date: str | None) -> dict[str, Any]:
    return {
        "schema_version": "1.0",
        "submission_id": baseline.submission_id,
        "model": {"name": model},
        "organisation": ORGANISATION,
        "runtime": "local",
        "date": date or dt.date.today().isoformat(),
        "dataset": {"name": dataset.name, "version": dataset.version, "track": "dev"},
        "prompt": {"name": "none"},
        "notes": baseline.notes,
        "baseline": True,
    }
