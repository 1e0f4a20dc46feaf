"""Pooled (micro) metrics and the official score.

The official numbers pool every golden difference of the dataset, as
published: an item with ten differences weighs ten times an item with one.
Macro (per-item) averages are reported beside them, never instead.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

#: The official v1 weights; changing them is a new evaluator major version.
WEIGHTS = {"recall": 0.60, "precision": 0.25, "attribute_accuracy": 0.15}
METRIC_NAMES = ("overall_score", "recall", "precision", "attribute_accuracy", "difference_coverage")


@dataclass(frozen=True)
class Counts:
    """The additive tallies every metric is computed from.

    ``recall_credit`` and ``coverage_credit`` are ``matched`` and
    ``fully_correct`` after the prediction budget (``budget.py``): equal to
    them for an answer within its budget, a share of them beyond it.
    """

    gold: int = 0
    predicted: int = 0
    matched: int = 0
    fully_correct: int = 0
    detail_sum: float = 0.0
    recall_credit: float = 0.0
    coverage_credit: float = 0.0

    def __add__(self, other: Counts) -> Counts:
        return Counts(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))


@dataclass(frozen=True)
class Metrics:
    overall_score: float
    recall: float
    precision: float
    attribute_accuracy: float
    difference_coverage: float

    def as_dict(self) -> dict[str, float]:
        return {name: getattr(self, name) for name in METRIC_NAMES}


def _ratio(numerator: float, denominator: float) -> float:
    """0 when there is nothing to divide: no predictions earn no precision."""
    return numerator / denominator if denominator else 0.0


def overall(recall: Any, precision: Any, attribute_accuracy: Any) -> Any:
    """The official score: of floats, or elementwise of the bootstrap's arrays."""
    return (
        WEIGHTS["recall"] * recall
        + WEIGHTS["precision"] * precision
        + WEIGHTS["attribute_accuracy"] * attribute_accuracy
    )


def metrics_from_counts(counts: Counts) -> Metrics:
    """Recall = credited matches/gold, precision = matched/predicted, details over matches.

    An empty answer scores 0 precision (not an undefined 1): predicting
    nothing must never look careful.
    """
    recall = _ratio(counts.recall_credit, counts.gold)
    precision = _ratio(counts.matched, counts.predicted)
    attribute_accuracy = _ratio(counts.detail_sum, counts.matched)
    return Metrics(
        overall_score=overall(recall, precision, attribute_accuracy),
        recall=recall,
        precision=precision,
        attribute_accuracy=attribute_accuracy,
        difference_coverage=_ratio(counts.coverage_credit, counts.gold),
    )


def macro_metrics(per_item: list[Counts]) -> Metrics:
    """The mean of per-item metrics over items that have golden differences."""
    scored = [metrics_from_counts(c) for c in per_item if c.gold]
    if not scored:
        return metrics_from_counts(Counts())
    n = len(scored)
    return Metrics(*(sum(getattr(m, name) for m in scored) / n for name in METRIC_NAMES))
