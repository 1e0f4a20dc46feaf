"""Ranks, rank ranges and significance groups from a paired bootstrap over items.

A leaderboard that only sorts point scores suggests differences the data
cannot support: on a few dozen images, a model one point ahead is often no
better at all. So every pair of entries is compared on the *same* bootstrap
resamples of items (the draws of :mod:`spotdiff_eval.scoring._bootstrap`, which also
give each report's own intervals): entry A is **significantly better** than B
when A's point score is higher and the 95% percentile interval of A's minus
B's overall score, over those resamples, excludes 0. Pairing matters: two
models that fail on the same hard images have strongly correlated scores, and
their difference is far more certain than their two separate intervals say.

From that relation:

* ``rank`` is 1 + the number of entries with a higher point score, so equal
  scores share a rank ("1, 1, 3");
* ``rank_low`` is 1 + the number of entries significantly better, and
  ``rank_high`` the number of entries not significantly worse (itself
  included): the ranks the entry could plausibly hold;
* groups are consecutive runs in rank order, each entry joining the current
  group while it is not significantly worse than the group's **top** entry,
  and starting a new group otherwise.

The edge case behind anchoring groups on their top: "not significantly
different" is not transitive. With A 0.70, B 0.66, C 0.62, A may tie with B
and B with C while A beats C; chaining ties would put A and C in one group
though they differ significantly. Anchoring on the top keeps every member
indistinguishable from the group's best.

A pair whose interval excludes 0 against the order of the point scores (the
percentile bootstrap can do that on tiny, lopsided data) is treated as not
significant, so ``rank_low <= rank <= rank_high`` always holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..scoring import LEVEL, RESAMPLES, SEED, Counts, metric_samples, resample_indices


@dataclass(frozen=True)
class Standing:
    submission_id: str
    score: float
    rank: int
    rank_low: int
    rank_high: int
    group: int


def rank_order(scores: Mapping[str, float]) -> list[str]:
    """Ids by descending score, then by id: independent of any listing order."""
    return sorted(scores, key=lambda sid: (-scores[sid], sid))


def significantly_better(
    scores: Sequence[float], samples: np.ndarray, level: float = LEVEL
) -> np.ndarray:
    """``better[i, j]``: entry i is significantly better than entry j.

    ``samples`` holds one row of bootstrap overall scores per entry, all drawn
    with the same resample indices. Only pairs i < j are computed and the
    other half mirrored, so the relation is exactly antisymmetric.
    """
    point = np.asarray(scores, dtype=np.float64)
    n = len(point)
    better = np.zeros((n, n), dtype=bool)
    for i in range(n - 1):
        rest = np.arange(i + 1, n)
        low_above, high_below = interval_excludes_zero(samples[i][None, :] - samples[rest], level)
        better[i, rest] = low_above & (point[i] > point[rest])
        better[rest, i] = high_below & (point[rest] > point[i])
    return better


def interval_excludes_zero(diff: np.ndarray, level: float = LEVEL) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``diff``: is the percentile interval's low end > 0, is its high end < 0?

    Exactly what ``np.quantile(..., method="linear")`` says, found mostly by
    counting signs, which is several times faster than selecting quantiles
    for 45,000 pairs: the low end lies between the order statistics j and
    j + 1 (j = floor((R - 1) * tail)), so it is above 0 when fewer than j
    values are <= 0 and at most 0 when more than j + 2 are. Only rows near
    that boundary (kept a value wide on each side, against rounding in j)
    get their quantiles computed. The high end mirrors this with values >= 0.
    """
    tail = (1.0 - level) / 2.0
    j = int((diff.shape[1] - 1) * tail)
    at_most_zero = np.count_nonzero(diff <= 0, axis=1)
    at_least_zero = np.count_nonzero(diff >= 0, axis=1)
    low_above = at_most_zero < j
    high_below = at_least_zero < j
    near = ((at_most_zero >= j) & (at_most_zero <= j + 2)) | (
        (at_least_zero >= j) & (at_least_zero <= j + 2)
    )
    if near.any():
        low, high = np.quantile(diff[near], [tail, 1.0 - tail], axis=1, method="linear")
        low_above[near] = low > 0
        high_below[near] = high < 0
    return low_above, high_below


def better_pairs(
    scores: Sequence[float], samples: np.ndarray, pairs: np.ndarray, level: float = LEVEL
) -> tuple[np.ndarray, np.ndarray]:
    """For rows ``(i, j)`` of ``pairs`` (i before j in rank order): is i significantly
    better than j, is j significantly better than i?

    The same differences, taken in the same direction, as
    :func:`significantly_better`, and every row's answer depends on that row
    only: a rebuild that recomputes a few pairs agrees bit for bit with one
    that computes them all.
    """
    point = np.asarray(scores, dtype=np.float64)
    first, second = pairs[:, 0], pairs[:, 1]
    low_above, high_below = interval_excludes_zero(samples[first] - samples[second], level)
    return low_above & (point[first] > point[second]), high_below & (point[second] > point[first])


def significance(
    order: Sequence[str],
    scores: Mapping[str, float],
    per_item: Mapping[str, Sequence[Counts]],
    resamples: int = RESAMPLES,
    seed: int = SEED,
    known: tuple[np.ndarray, np.ndarray] | None = None,
    samples: dict[str, np.ndarray] | None = None,
) -> np.ndarray:
    """``better[i, j]`` over ``order`` (rank order), every entry scored on the same items.

    ``known`` is ``(better, valid)`` from an earlier build, already laid out
    in ``order``: pairs marked valid are taken as they are and only the
    others are computed (after one changed report, its row and column).
    ``samples`` holds entries' bootstrap overall scores known already (from
    a cache), by id; the rows computed here are added to it.
    """
    n = len(order)
    lengths = {len(per_item[sid]) for sid in order}
    if len(lengths) > 1:
        raise ValueError("every entry must be scored on the same items")
    n_items = lengths.pop() if lengths else 0
    if not n_items:
        return np.zeros((n, n), dtype=bool)
    if known is None:
        better, valid = np.zeros((n, n), dtype=bool), np.zeros((n, n), dtype=bool)
    else:
        better, valid = known[0].copy(), known[1]
    todo = np.argwhere(np.triu(~valid, k=1))
    if len(todo):
        samples = {} if samples is None else samples
        missing = [sid for sid in order if sid not in samples]
        if missing:
            indices = resample_indices(n_items, resamples, seed)
            for sid in missing:
                samples[sid] = metric_samples(per_item[sid], indices)["overall_score"]
        rows = np.stack([samples[sid] for sid in order])
        ordered = [scores[sid] for sid in order]
        if len(todo) == n * (n - 1) // 2:
            return significantly_better(ordered, rows)
        ahead, behind = better_pairs(ordered, rows, todo)
        better[todo[:, 0], todo[:, 1]] = ahead
        better[todo[:, 1], todo[:, 0]] = behind
    return better


def compute_standings(
    scores: Mapping[str, float],
    per_item: Mapping[str, Sequence[Counts]],
    resamples: int = RESAMPLES,
    seed: int = SEED,
) -> list[Standing]:
    """Standings in rank order (then id) for entries scored on the same items.

    ``scores`` are the reported overall scores (the ones readers see, so the
    order agrees with the table); ``per_item`` each entry's tallies in one
    common item order.
    """
    order = rank_order(scores)
    return standings_from(order, scores, significance(order, scores, per_item, resamples, seed))


def standings_from(
    order: Sequence[str], scores: Mapping[str, float], better: np.ndarray
) -> list[Standing]:
    """Ranks, rank ranges and groups of ``order`` (rank order) from its ``better`` matrix."""
    ordered_scores = [scores[sid] for sid in order]
    n = len(order)
    standings, group, top = [], 0, -1
    for i, sid in enumerate(order):
        if top < 0 or better[top, i]:
            group, top = group + 1, i
        standings.append(
            Standing(
                submission_id=sid,
                score=scores[sid],
                rank=1 + sum(s > scores[sid] for s in ordered_scores),
                rank_low=1 + int(better[:, i].sum()),
                rank_high=n - int(better[i, :].sum()),
                group=group,
            )
        )
    return standings
