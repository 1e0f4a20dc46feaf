"""Answers written without looking score near zero on the bundled set.

``benchmarks/blind.py`` measures every strategy of ``spotdiff_eval.blind`` on
the bundled set and a fresh one; this test keeps the matcher's share of that
guard in the suite: the strategies that attack the matching rules (lists of
nouns in every field, values listing every look, every known name as every
kind) stay at most 10% recall and 20% overall. The strategies built on the
dataset's priors (a theme's most common differences, one fixed answer) are
the generator's to defeat and are measured by the benchmark only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spotdiff_eval import evaluate, load_dataset, load_predictions
from spotdiff_eval.blind import STRATEGIES, predictions_document

REPO = Path(__file__).resolve().parents[1]
MATCHER_ATTACKS = [
    "every subject x kinds",
    "every head noun x kinds",
    "vague subjects with noun lists",
    "run-on noun lists",
    "run-on lists, counts and changes",
    "nouns in the attribute",
    "nouns in values",
    "noun-list subject, every value",
    "denials of everyday nouns",
]


@pytest.fixture(scope="module")
def bundled():
    return load_dataset(REPO / "data" / "manifest.json")


@pytest.mark.parametrize("strategy", MATCHER_ATTACKS)
def test_blind_strategy_stays_near_zero(strategy: str, bundled, tmp_path: Path) -> None:
    answer = STRATEGIES[strategy](list(bundled.annotations))
    path = tmp_path / "blind.json"
    path.write_text(json.dumps(predictions_document(answer, "blind")), encoding="utf-8")
    metrics = evaluate(bundled, load_predictions(path)).metrics
    assert metrics.recall <= 0.10, f"{strategy}: recall {metrics.recall:.1%}"
    assert metrics.overall_score <= 0.20, f"{strategy}: overall {metrics.overall_score:.1%}"


def test_theme_guesses_come_from_the_other_items_only() -> None:
    from spotdiff_eval.blind import top_k_of_theme
    from spotdiff_eval.datasets import Annotation, gold_difference_from_json

    def item(item_id: str, *subjects: str) -> Annotation:
        differences = tuple(
            gold_difference_from_json({"id": f"d{i}", "kind": "object_added", "subject": s})
            for i, s in enumerate(subjects)
        )
        return Annotation(item_id, f"{item_id}.png", "side_by_side", differences)

    annotations = [
        item("scene_0001", "kite", "only_mine_1"),
        item("scene_0002", "kite", "dog"),
        item("scene_0003", "kite", "only_mine_3"),
    ]
    answer = top_k_of_theme(annotations, 2)
    guessed = {i: {g["subject"] for g in gs} for i, gs in answer.items()}
    assert all(f"only_mine_{n}" not in guessed[f"scene_000{n}"] for n in (1, 3))
    assert all("kite" in g for g in guessed.values())
