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
    if not order:
        return []
    lengths = {len(per_item[sid]) for sid in order}
    if len(lengths) != 1:
        raise ValueError("every entry must be scored on the same items")
    n_items = lengths.pop()
    ordered_scores = [scores[sid] for sid in order]
    if n_items:
        indices = resample_indices(n_items, resamples, seed)
        samples = np.stack(
            [metric_samples(per_item[sid], indices)["overall_score"] for sid in order]
        )
        better = significantly_better(ordered_scores, samples)
    else:
        better = np.zeros((len(order), len(order)), dtype=bool)
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
