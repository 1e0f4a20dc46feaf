"""From file paths to an :class:`Evaluation`: the one call the CLI, the
leaderboard and the benchmarks share."""

from __future__ import annotations

from pathlib import Path

from .._util.progress import Progress
from ..datasets import load_dataset, load_predictions
from ._evaluation import Evaluation, evaluate


def evaluate_files(
    manifest: Path | str, predictions: Path | str, *, show_progress: bool = False
) -> Evaluation:
    """Load, validate and score ``predictions`` against the dataset at ``manifest``."""
    dataset = load_dataset(manifest)
    loaded = load_predictions(predictions)
    progress = Progress("scoring items", len(dataset.items)) if show_progress else None
    return evaluate(dataset, loaded, progress)
