"""Confidence intervals by resampling items, seeded so reports are reproducible.

Items, not differences, are resampled: differences of one image are not
independent (a model that misreads an image misses several at once). The
same resample indices serve the paired comparison of two submissions, so
their difference is judged on identical draws.

Two paths give the same bits: numpy for large datasets, and for small ones
(where importing numpy would cost more than the whole evaluation) plain
Python with the very same draws (``resample.py``) and the same arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ._metrics import METRIC_NAMES, Counts, overall
from ._resample import draws

if TYPE_CHECKING:
    import numpy as np

RESAMPLES = 1000
SEED = 20260601
LEVEL = 0.95

#: Up to this many draws (resamples x items) plain Python is faster than
#: importing numpy; beyond it numpy's vector arithmetic wins.
PLAIN_PYTHON_DRAWS = 100_000

#: Draws per block in :func:`metric_samples`: 2 MB of int64, and a few temporary copies.
_BLOCK_DRAWS = 250_000

#: Detail sums and credits are fractions; the bootstrap adds them as integer
#: micro-units so that every sum is exact and the same on every machine
#: (float sums depend on summation order, which SIMD and BLAS choose).
_DETAIL_UNITS = 1_000_000
_UNITS = (1, 1, 1, _DETAIL_UNITS, _DETAIL_UNITS, _DETAIL_UNITS)


def resample_indices(n_items: int, resamples: int = RESAMPLES, seed: int = SEED) -> np.ndarray:
    """A ``resamples x n_items`` matrix of item indices drawn with replacement."""
    import numpy as np

    rng = np.random.Generator(np.random.PCG64(seed))
    return rng.integers(0, n_items, size=(resamples, n_items), dtype=np.int64)


def index_blocks(
    n_items: int, resamples: int = RESAMPLES, seed: int = SEED, block_draws: int = _BLOCK_DRAWS
) -> Iterator[np.ndarray]:
    """The rows of :func:`resample_indices`, a block of rows at a time.

    The whole matrix is 1000 x the number of items (400 MB of int64 for
    50,000 items); blocks keep the bootstrap's memory small. numpy cannot
    continue one ``integers`` call in the next (each call drops a half-used
    random word), so the draws are made here as numpy makes them within one
    call (``resample.py`` describes how): PCG64's raw words split into
    32-bit halves, low half first, each multiplied by the bound, those whose
    low 32 bits fall below the threshold rejected, the high 32 bits kept.
    """
    import numpy as np

    generator = np.random.PCG64(seed)
    threshold = (0xFFFFFFFF - (n_items - 1)) % n_items
    bound = np.uint64(n_items)
    rows = max(1, block_draws // n_items)
    pending = np.empty(0, dtype=np.int64)
    for start in range(0, resamples, rows):
        need = min(rows, resamples - start) * n_items
        while len(pending) < need:
            raw = generator.random_raw((need - len(pending)) // 2 + 64)
            halves = np.empty(2 * len(raw), dtype=np.uint64)
            halves[0::2], halves[1::2] = raw & np.uint64(0xFFFFFFFF), raw >> np.uint64(32)
            products = halves * bound
            kept = products[(products & np.uint64(0xFFFFFFFF)) >= threshold] >> np.uint64(32)
            pending = np.concatenate([pending, kept.astype(np.int64)])
        yield pending[:need].reshape(-1, n_items)
        pending = pending[need:]


def _tallies(per_item: Sequence[Counts]) -> list[tuple[int, ...]]:
    """Integer columns: gold, predicted, matched, then detail sum, recall and
    coverage credit in micro-units."""
    return [
        (
            c.gold,
            c.predicted,
            c.matched,
            round(c.detail_sum * _DETAIL_UNITS),
            round(c.recall_credit * _DETAIL_UNITS),
            round(c.coverage_credit * _DETAIL_UNITS),
        )
        for c in per_item
    ]


def _metrics(columns: Sequence[Any], div: Callable[[Any, Any], Any]) -> dict[str, Any]:
    """Every metric from pooled columns (floats, or arrays of them), as the point estimate."""
    gold, predicted, matched, detail, recall_credit, coverage_credit = columns
    recall = div(recall_credit, gold)
    precision = div(matched, predicted)
    attribute_accuracy = div(detail, matched)
    return {
        "overall_score": overall(recall, precision, attribute_accuracy),
        "recall": recall,
        "precision": precision,
        "attribute_accuracy": attribute_accuracy,
        "difference_coverage": div(coverage_credit, gold),
    }


def metric_samples(
    per_item: Sequence[Counts], indices: np.ndarray | Iterable[np.ndarray]
) -> dict[str, np.ndarray]:
    """Every metric on every resample, pooled exactly as the point estimate is.

    Each resample becomes how often it drew each item (one bincount), so the
    pooled tallies of resamples are one exact integer matrix product.
    ``indices`` is the matrix of :func:`resample_indices` or its rows in
    blocks (:func:`index_blocks`): all at once, the index matrix, its offset
    copy and the counts tripled the peak memory of scoring 10,000 items;
    integer sums make the blocks exact.
    """
    import numpy as np

    n_items = len(per_item)
    tallies = np.array(_tallies(per_item), dtype=np.int64).reshape(n_items, len(_UNITS))
    blocks = indices
    if isinstance(indices, np.ndarray):
        step = max(1, _BLOCK_DRAWS // n_items)
        blocks = [indices[start : start + step] for start in range(0, len(indices), step)]
    parts = []
    for block in blocks:
        rows = len(block)
        offsets = (np.arange(rows, dtype=np.int64) * n_items)[:, None]
        counts = np.bincount((block + offsets).ravel(), minlength=rows * n_items)
        parts.append(counts.reshape(rows, n_items) @ tallies)
    sums = np.concatenate(parts)
    columns = sums.T / np.array(_UNITS)[:, None]

    def div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return np.divide(a, b, out=np.zeros(a.shape, dtype=np.float64), where=b > 0)

    return _metrics(columns, div)


def _plain_samples(per_item: Sequence[Counts], resamples: int, seed: int) -> dict[str, list]:
    """:func:`metric_samples` of :func:`resample_indices`, in plain Python."""
    n_items = len(per_item)
    tallies = _tallies(per_item)
    drawn = draws(seed, n_items, resamples * n_items)
    samples: dict[str, list[float]] = {name: [] for name in METRIC_NAMES}
    for r in range(resamples):
        sums = [0] * len(_UNITS)
        for item in drawn[r * n_items : (r + 1) * n_items]:
            for k, value in enumerate(tallies[item]):
                sums[k] += value
        columns = [total / unit for total, unit in zip(sums, _UNITS, strict=True)]
        for name, value in _metrics(columns, lambda a, b: a / b if b > 0 else 0.0).items():
            samples[name].append(value)
    return samples


def _linear_quantile(ordered: Sequence[float], q: float) -> float:
    """numpy.quantile(method="linear") of sorted values, with numpy's own lerp."""
    virtual = (len(ordered) - 1) * q
    below = int(virtual)
    above = min(below + 1, len(ordered) - 1)
    a, b, t = ordered[below], ordered[above], virtual - below
    diff = b - a
    return b - diff * (1 - t) if t >= 0.5 else a + diff * t


def percentile_interval(samples: Any, level: float = LEVEL) -> tuple[float, float]:
    tail = (1.0 - level) / 2.0
    if isinstance(samples, list):
        ordered = sorted(samples)
        return _linear_quantile(ordered, tail), _linear_quantile(ordered, 1.0 - tail)
    import numpy as np

    low, high = np.quantile(samples, [tail, 1.0 - tail], method="linear")
    return float(low), float(high)


def confidence_intervals(
    per_item: Sequence[Counts], resamples: int = RESAMPLES, seed: int = SEED
) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of every metric; empty datasets get [0, 0]."""
    if not per_item:
        return {name: (0.0, 0.0) for name in METRIC_NAMES}
    if resamples * len(per_item) <= PLAIN_PYTHON_DRAWS:
        samples: dict[str, Any] = _plain_samples(per_item, resamples, seed)
    else:
        blocks = index_blocks(len(per_item), resamples, seed, _BLOCK_DRAWS)
        samples = metric_samples(per_item, blocks)
    return {name: percentile_interval(values) for name, values in samples.items()}
