"""Scoring: from matched items to the official numbers and the JSON report.

The flow is one way: :func:`evaluate` scores loaded objects (pure), the
budget and metrics turn per-item tallies into numbers, the bootstrap gives
their intervals, :func:`build_report` and :func:`render_summary` turn an
:class:`Evaluation` into data and text. :func:`evaluate_files` is the file
edge: load, validate, score.
"""

from ._bootstrap import (
    LEVEL,
    RESAMPLES,
    SEED,
    confidence_intervals,
    metric_samples,
    resample_indices,
)
from ._budget import credit_factor, prediction_budget
from ._evaluation import Evaluation, ItemResult, KindRecall, evaluate, score_item
from ._metrics import (
    METRIC_NAMES,
    WEIGHTS,
    Counts,
    Metrics,
    macro_metrics,
    metrics_from_counts,
    overall,
)
from ._pipeline import evaluate_files
from ._report import build_report, dataset_summary, write_report
from ._report_target import check_report_target, evaluation_inputs, inputs_of
from ._summary import misspelt_ids, render_summary

__all__ = [
    "LEVEL",
    "METRIC_NAMES",
    "RESAMPLES",
    "SEED",
    "WEIGHTS",
    "Counts",
    "Evaluation",
    "ItemResult",
    "KindRecall",
    "Metrics",
    "build_report",
    "check_report_target",
    "confidence_intervals",
    "credit_factor",
    "dataset_summary",
    "evaluate",
    "evaluate_files",
    "evaluation_inputs",
    "inputs_of",
    "macro_metrics",
    "metric_samples",
    "metrics_from_counts",
    "misspelt_ids",
    "overall",
    "prediction_budget",
    "render_summary",
    "resample_indices",
    "score_item",
    "write_report",
]
