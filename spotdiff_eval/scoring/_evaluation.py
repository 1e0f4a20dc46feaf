"""Scoring a whole predictions file against a dataset: the pure core.

Takes loaded, validated objects and returns an :class:`Evaluation`; reading
files and writing reports happen elsewhere. Items the model did not answer
count as answered with nothing (all their differences missed); answers for
items the dataset does not have are listed and otherwise ignored.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..datasets import KINDS, Annotation, Dataset, Difference, Predictions
from ..matching import ItemMatch, match_item
from ._bootstrap import confidence_intervals
from ._budget import credit_factor
from ._metrics import Counts, Metrics, macro_metrics, metrics_from_counts
from ._parallel import match_all


@dataclass(frozen=True)
class ItemResult:
    item_id: str
    answered: bool
    annotation: Annotation
    predicted: tuple[Difference, ...]
    match: ItemMatch
    counts: Counts

    @property
    def metrics(self) -> Metrics:
        return metrics_from_counts(self.counts)


@dataclass(frozen=True)
class KindRecall:
    gold: int
    matched: int
    credit: float

    @property
    def recall(self) -> float:
        return self.credit / self.gold if self.gold else 0.0


@dataclass(frozen=True)
class Evaluation:
    dataset: Dataset
    predictions: Predictions
    items: tuple[ItemResult, ...]
    counts: Counts
    metrics: Metrics
    macro: Metrics
    per_kind: dict[str, KindRecall]
    confidence_intervals: dict[str, tuple[float, float]]
    unanswered: tuple[str, ...]
    unknown_items: tuple[str, ...]


def score_item(annotation: Annotation, predicted: Sequence[Difference] | None) -> ItemResult:
    """Match and tally one item; ``None`` means the model gave no answer for it."""
    differences = tuple(predicted or ())
    match = match_item(annotation.differences, differences)
    return _tally(annotation, differences, predicted is not None, match)


def _tally(
    annotation: Annotation, differences: tuple[Difference, ...], answered: bool, match: ItemMatch
) -> ItemResult:
    details = [m.details for m in match.matches]
    fully_correct = sum(d.fully_correct for d in details)
    factor = credit_factor(len(annotation.differences), len(differences))
    counts = Counts(
        gold=len(annotation.differences),
        predicted=len(differences),
        matched=len(match.matches),
        fully_correct=fully_correct,
        detail_sum=math.fsum(d.accuracy for d in details),  # exact: the same in any order
        recall_credit=len(match.matches) * factor,
        coverage_credit=fully_correct * factor,
    )
    return ItemResult(
        item_id=annotation.item_id,
        answered=answered,
        annotation=annotation,
        predicted=differences,
        match=match,
        counts=counts,
    )


def _per_kind(items: Sequence[ItemResult]) -> dict[str, KindRecall]:
    gold = dict.fromkeys(KINDS, 0)
    matched = dict.fromkeys(KINDS, 0)
    credit = dict.fromkeys(KINDS, 0.0)
    for item in items:
        found = {m.gold_id for m in item.match.matches}
        factor = credit_factor(item.counts.gold, item.counts.predicted)
        for diff in item.annotation.differences:
            gold[diff.kind] += 1
            matched[diff.kind] += diff.id in found
            credit[diff.kind] += factor * (diff.id in found)
    return {
        kind: KindRecall(gold[kind], matched[kind], credit[kind]) for kind in KINDS if gold[kind]
    }


def evaluate(
    dataset: Dataset,
    predictions: Predictions,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> Evaluation:
    """Score ``predictions`` on every item of ``dataset``.

    Results are ordered by item id, not manifest order, so that reordering a
    manifest changes neither the report's bytes nor the bootstrap draws.
    ``progress``, if given, is called with the number of items scored so far.
    ``jobs`` is the most processes matching may use; the result is the same
    for any number.
    """
    answers = {item.item_id: item.differences for item in predictions.items}
    annotations = sorted(dataset.annotations, key=lambda a: a.item_id)
    given = [tuple(answers.get(a.item_id) or ()) for a in annotations]
    work = [(a.differences, g) for a, g in zip(annotations, given, strict=True)]
    matched = match_all(work, jobs, progress)
    results = [
        _tally(a, g, a.item_id in answers, m)
        for a, g, m in zip(annotations, given, matched, strict=True)
    ]
    per_item = [r.counts for r in results]
    total = sum(per_item, Counts())
    known = {a.item_id for a in dataset.annotations}
    return Evaluation(
        dataset=dataset,
        predictions=predictions,
        items=tuple(results),
        counts=total,
        metrics=metrics_from_counts(total),
        macro=macro_metrics(per_item),
        per_kind=_per_kind(results),
        confidence_intervals=confidence_intervals(per_item),
        unanswered=tuple(r.item_id for r in results if not r.answered),
        unknown_items=tuple(sorted({i.item_id for i in predictions.items} - known)),
    )
