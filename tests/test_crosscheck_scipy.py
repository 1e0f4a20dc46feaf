"""Our own solver and bootstrap, checked against scipy (a test dependency only).

The package keeps a hand-written Hungarian algorithm and bootstrap because
importing scipy costs more start-up time than scoring a dataset, and because
the leaderboard needs paired resamples on shared indices. These tests hold
both to scipy's answers, on random inputs with fixed seeds.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

scipy_optimize = pytest.importorskip("scipy.optimize")
scipy_stats = pytest.importorskip("scipy.stats")

from spotdiff_eval.matching._assignment import SCALE, assign  # noqa: E402
from spotdiff_eval.scoring._bootstrap import confidence_intervals  # noqa: E402
from spotdiff_eval.scoring._metrics import Counts  # noqa: E402


def _objective(pairs, edges) -> tuple[int, int]:
    return len(pairs), sum(edges[p] for p in pairs)


@pytest.mark.parametrize("seed", range(40))
def test_assignment_matches_scipy(seed: int) -> None:
    rnd = random.Random(seed)
    rows, cols = rnd.randint(1, 9), rnd.randint(1, 9)
    edges = {
        (r, c): rnd.randint(1, SCALE)
        for r in range(rows)
        for c in range(cols)
        if rnd.random() < 0.45
    }
    ours = assign(edges)
    assert len({r for r, _ in ours}) == len(ours) == len({c for _, c in ours})
    assert all(pair in edges for pair in ours)
    # scipy: one more match must beat any similarity, as in ours.
    big = SCALE * (rows + cols + 1)
    weights = np.zeros((rows, cols), dtype=np.int64)
    for (r, c), w in edges.items():
        weights[r, c] = big + w
    rr, cc = scipy_optimize.linear_sum_assignment(weights, maximize=True)
    theirs = [(int(r), int(c)) for r, c in zip(rr, cc, strict=True) if (r, c) in edges]
    assert _objective(ours, edges) == _objective(theirs, edges)


def test_bootstrap_interval_agrees_with_scipy() -> None:
    rnd = random.Random(7)
    per_item = []
    for _ in range(300):
        gold = rnd.randint(1, 9)
        matched = rnd.randint(0, gold)
        per_item.append(
            Counts(
                gold=gold,
                predicted=gold,
                matched=matched,
                fully_correct=matched,
                detail_sum=float(matched),
                recall_credit=float(matched),
                coverage_credit=float(matched),
            )
        )
    ours = confidence_intervals(per_item, resamples=4000)["recall"]
    matched = np.array([c.matched for c in per_item], dtype=float)
    gold = np.array([c.gold for c in per_item], dtype=float)
    result = scipy_stats.bootstrap(
        (matched, gold),
        lambda m, g, axis=-1: m.sum(axis=axis) / g.sum(axis=axis),
        paired=True,
        vectorized=True,
        n_resamples=4000,
        method="percentile",
        random_state=np.random.default_rng(7),
    )
    theirs = (result.confidence_interval.low, result.confidence_interval.high)
    assert ours[0] == pytest.approx(theirs[0], abs=0.006)
    assert ours[1] == pytest.approx(theirs[1], abs=0.006)
