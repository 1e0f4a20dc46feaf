"""From file paths to an :class:`Evaluation`: the one call the CLI, the
leaderboard and the benchmarks share."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .._util.progress import Progress
from ..datasets import (
    MAX_JSON_BYTES,
    Dataset,
    Predictions,
    check_json_file,
    load_dataset,
    load_predictions,
)
from ._evaluation import Evaluation, evaluate
from ._parallel import auto_jobs


def evaluate_files(
    manifest: Path | str,
    predictions: Path | str,
    *,
    show_progress: bool = False,
    max_predictions_bytes: int = MAX_JSON_BYTES,
    before_scoring: Callable[[Dataset, Predictions], None] | None = None,
    jobs: int | None = 1,
) -> Evaluation:
    """Load, validate and score ``predictions`` against the dataset at ``manifest``.

    The predictions file's size is checked first: a file above
    ``max_predictions_bytes`` is refused before seconds go into the dataset.
    ``before_scoring`` may refuse the loaded inputs (raise) before seconds go
    into scoring: ``evaluate`` checks its ``--output`` there. ``jobs`` is the
    most processes matching may use; ``None`` picks one per core for a dataset
    large enough to gain from them.
    """
    check_json_file(Path(predictions), max_predictions_bytes)
    dataset = load_dataset(manifest)
    loaded = load_predictions(predictions, max_bytes=max_predictions_bytes)
    if before_scoring is not None:
        before_scoring(dataset, loaded)
    progress = Progress("scoring items", len(dataset.items)) if show_progress else None
    if jobs is None:
        jobs = auto_jobs(len(dataset.items))
    return evaluate(dataset, loaded, progress, jobs)
