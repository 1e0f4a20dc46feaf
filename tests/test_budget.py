"""The prediction budget: honest answers untouched, guessing costs recall, order never matters."""

from __future__ import annotations

import random

from spotdiff_eval.datasets._domain import Annotation
from spotdiff_eval.datasets._records import difference_from_json, gold_difference_from_json
from spotdiff_eval.scoring._budget import credit_factor, prediction_budget
from spotdiff_eval.scoring._evaluation import score_item

GOLD_SUBJECTS = ["kite", "boat", "bench", "lamp"]
NOISE = [f"thing{i}_noun{i}" for i in range(40)]


def _annotation() -> Annotation:
    gold = tuple(
        gold_difference_from_json({"id": f"d{i:02d}", "kind": "object_removed", "subject": s})
        for i, s in enumerate(GOLD_SUBJECTS)
    )
    return Annotation(item_id="x", image="x.png", panel_layout="side_by_side", differences=gold)


def _answer(extra: int, seed: int = 0) -> list:
    subjects = GOLD_SUBJECTS + [f"glorp{i}" for i in range(extra)]
    random.Random(seed).shuffle(subjects)
    return [difference_from_json({"kind": "object_removed", "subject": s}) for s in subjects]


def test_an_answer_within_the_budget_keeps_all_its_recall() -> None:
    annotation = _annotation()
    room = prediction_budget(len(GOLD_SUBJECTS)) - len(GOLD_SUBJECTS)
    assert room >= len(GOLD_SUBJECTS), "honest answers up to twice the golden count are free"
    result = score_item(annotation, _answer(room))
    assert result.metrics.recall == 1.0
    assert result.metrics.difference_coverage == 1.0


def test_beyond_the_budget_each_match_earns_a_share() -> None:
    annotation = _annotation()
    budget = prediction_budget(len(GOLD_SUBJECTS))
    for extra in (budget - len(GOLD_SUBJECTS) + 1, 30):
        predicted = _answer(extra)
        result = score_item(annotation, predicted)
        assert result.counts.matched == len(GOLD_SUBJECTS)
        assert result.metrics.recall == budget / len(predicted) < 1.0
        assert result.metrics.precision == len(GOLD_SUBJECTS) / len(predicted)
        assert result.metrics.attribute_accuracy == 1.0


def test_more_guesses_never_earn_more_recall() -> None:
    annotation = _annotation()
    recalls = [score_item(annotation, _answer(extra)).metrics.recall for extra in range(0, 40, 3)]
    assert recalls == sorted(recalls, reverse=True)


def test_the_budget_ignores_order() -> None:
    annotation = _annotation()
    metrics = {score_item(annotation, _answer(25, seed)).metrics for seed in range(8)}
    assert len(metrics) == 1


def test_credit_factor_is_one_within_the_budget() -> None:
    for gold in range(0, 12):
        budget = prediction_budget(gold)
        assert credit_factor(gold, budget) == 1.0
        assert credit_factor(gold, budget + 1) < 1.0
