"""Confidence intervals by resampling items, seeded so reports are reproducible.

Items, not differences, are resampled: differences of one image are not
independent (a model that misreads an image misses several at once). The
same resample indices serve the paired comparison of two submissions, so
their difference is judged on identical draws.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .metrics import METRIC_NAMES, Counts, overall

RESAMPLES = 1000
SEED = 20260601
LEVEL = 0.95


def resample_indices(n_items: int, resamples: int = RESAMPLES, seed: int = SEED) -> np.ndarray:
    """A ``resamples x n_items`` matrix of item indices drawn with replacement."""
    rng = np.random.Generator(np.random.PCG64(seed))
    return rng.integers(0, n_items, size=(resamples, n_items), dtype=np.int64)


#: Detail sums and credits are fractions; the bootstrap adds them as integer micro-units
#: so that every sum is exact and the same on every machine (float sums
#: depend on summation order, which SIMD and BLAS choose).
_DETAIL_UNITS = 1_000_000


def _tallies(per_item: Sequence[Counts]) -> np.ndarray:
    """Integer columns: gold, predicted, matched, then detail sum, recall and
    coverage credit in micro-units."""
    return np.array(
        [
            [
                c.gold,
                c.predicted,
                c.matched,
                round(c.detail_sum * _DETAIL_UNITS),
                round(c.recall_credit * _DETAIL_UNITS),
                round(c.coverage_credit * _DETAIL_UNITS),
            ]
            for c in per_item
        ],
        dtype=np.int64,
    ).reshape(len(per_item), 6)


def _safe_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.divide(a, b, out=np.zeros(a.shape, dtype=np.float64), where=b > 0)


def metric_samples(per_item: Sequence[Counts], indices: np.ndarray) -> dict[str, np.ndarray]:
    """Every metric on every resample, pooled exactly as the point estimate is.

    Each resample becomes how often it drew each item (one bincount), so the
    pooled tallies of all resamples are one exact integer matrix product.
    """
    resamples, n_items = indices.shape
    offsets = (np.arange(resamples, dtype=np.int64) * n_items)[:, None]
    draws = np.bincount((indices + offsets).ravel(), minlength=resamples * n_items)
    sums = draws.reshape(resamples, n_items) @ _tallies(per_item)
    gold, predicted, matched, detail, recall_credit, coverage_credit = (
        sums.T / np.array([1, 1, 1, _DETAIL_UNITS, _DETAIL_UNITS, _DETAIL_UNITS])[:, None]
    )
    recall = _safe_div(recall_credit, gold)
    precision = _safe_div(matched, predicted)
    attribute_accuracy = _safe_div(detail, matched)
    return {
        "overall_score": overall(recall, precision, attribute_accuracy),
        "recall": recall,
        "precision": precision,
        "attribute_accuracy": attribute_accuracy,
        "difference_coverage": _safe_div(coverage_credit, gold),
    }


def percentile_interval(samples: np.ndarray, level: float = LEVEL) -> tuple[float, float]:
    tail = (1.0 - level) / 2.0
    low, high = np.quantile(samples, [tail, 1.0 - tail], method="linear")
    return float(low), float(high)


def confidence_intervals(
    per_item: Sequence[Counts], resamples: int = RESAMPLES, seed: int = SEED
) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of every metric; empty datasets get [0, 0]."""
    if not per_item:
        return {name: (0.0, 0.0) for name in METRIC_NAMES}
    samples = metric_samples(per_item, resample_indices(len(per_item), resamples, seed))
    return {name: percentile_interval(values) for name, values in samples.items()}
