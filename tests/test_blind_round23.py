"""Red team round 23: new blind answers, and the rules they showed wrong.

The strategies of ``spotdiff_eval.blind_tricks`` attack what earlier rounds
left: a description that gives object after object a sentence of its own,
subjects joining nouns with any separator, category and place words, values
or generator-style descriptions with no object, and the loader's leniency.
``benchmarks/blind.py`` measures them all; the tests below keep the ones
that attack the matcher near zero, and pin the decisions behind them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import assert_judged, attribute_change, removed, told
from conftest import one_gold_case as _case

from spotdiff_eval import evaluate, load_dataset, load_predictions
from spotdiff_eval.blind import predictions_document
from spotdiff_eval.blind_tricks import TRICKS

REPO = Path(__file__).resolve().parents[1]

#: Answers aimed at the matching rules rather than at the dataset's priors.
MATCHER_TRICKS = [
    "commonest values, no object",
    "category words",
    "nouns joined by separators",
    "everything changed",
    "nounless generator descriptions",
    "a sentence per noun",
    "place words as subjects",
]


@pytest.fixture(scope="module")
def bundled():
    return load_dataset(REPO / "data" / "manifest.json")


def _scored(strategy: str, dataset, folder: Path):
    """The official metrics of a strategy's answer, read back through the loader."""
    path = folder / "answer.json"
    document = predictions_document(TRICKS[strategy](list(dataset.annotations)), strategy)
    path.write_text(json.dumps(document), encoding="utf-8")
    return evaluate(dataset, load_predictions(path)).metrics


@pytest.mark.parametrize("strategy", MATCHER_TRICKS)
def test_matcher_tricks_stay_near_zero(strategy: str, bundled, tmp_path: Path) -> None:
    metrics = _scored(strategy, bundled, tmp_path)
    assert metrics.recall <= 0.02, f"{strategy}: recall {metrics.recall:.1%}"
    assert metrics.overall_score <= 0.20, f"{strategy}: overall {metrics.overall_score:.1%}"


def test_a_sentence_per_noun_finds_nothing(bundled, tmp_path: Path) -> None:
    """Before the roll-call rule: 4 golds of the bundled set, 3.0% recall."""
    assert _scored("a sentence per noun", bundled, tmp_path).recall == 0.0


def test_every_trick_answers_every_item_in_the_schema(bundled, tmp_path: Path) -> None:
    """Each strategy's file loads (numbers and nulls included) and names only known items."""
    known = {a.item_id for a in bundled.annotations}
    for name, build in TRICKS.items():
        answer = build(list(bundled.annotations))
        assert set(answer) <= known, name
        path = tmp_path / "answer.json"
        path.write_text(json.dumps(predictions_document(answer, name)), encoding="utf-8")
        load_predictions(path)


_GONE = removed("object")

CASES_ROLL_CALL = [
    # _roll_call: a description that goes on to say object after object
    # changed lists them, one a sentence, and singles none out.
    _case(
        "R1 a roll call of removals names no cat",
        removed("cat"),
        told(_GONE, "The cat is gone. The dog is gone. The bird is gone."),
        None,
    ),
    _case(
        "R1 a roll call of mixed changes names no cat",
        removed("cat"),
        told(_GONE, "The cat is gone. A dog appears. The lamp changed colour."),
        None,
    ),
    _case(
        "R1 three changes in one answer name none",
        removed("cat"),
        told(_GONE, "The cat is gone, and a dog appears, and the bench turned red."),
        None,
    ),
    # An honest description that mentions other things, unchanged or its own
    # parts, still names its object.
    _case(
        "R1 the sofa left empty is context",
        removed("cat"),
        told(_GONE, "The cat is gone. The sofa is empty now. The cushion is still there."),
        "d01",
    ),
    _case(
        "R1 nothing else changed names no other object",
        removed("car"),
        told(_GONE, "The red car is gone. The road looks empty. Nothing else changed."),
        "d01",
    ),
    _case(
        "R1 one object said twice is one object",
        removed("vase"),
        told(_GONE, "The vase is missing. The vase was on the shelf. The vase is gone."),
        "d01",
    ),
    _case(
        "R1 a second changed object alone is no roll call",
        removed("cat"),
        told(_GONE, "The cat is gone. A dog appears instead."),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_ROLL_CALL, ids=[c["name"] for c in CASES_ROLL_CALL])
def test_roll_call(case: dict) -> None:
    assert_judged(case)


def _larger(subject: str, **extra: object) -> dict:
    return attribute_change(subject, "size", "small", "large", **extra)


def _counted(subject: str, **extra: object) -> dict:
    return {"kind": "count_change", "subject": subject, "from": "2", "to": "4", **extra}


CASES_SETTINGS = [
    # _settings: the place a compound name borrows ("beach" in beach_ball) is
    # no part of the thing; with the same change it found the thing.
    _case(
        "S1 sand growing is no sand bucket",
        _larger("bucket", aliases=["pail", "sand_bucket"]),
        _larger("sand"),
        None,
    ),
    _case(
        "S1 the park growing is no park bench",
        _larger("bench", aliases=["park_bench", "seat"]),
        _larger("park"),
        None,
    ),
    _case(
        "S1 beaches counted are no beach balls",
        _counted("ball", aliases=["beach_ball", "balls"]),
        _counted("beach"),
        None,
    ),
    _case(
        "S1 the street growing is no street lamp",
        _larger("street_lamp", aliases=["lamp_post"]),
        _larger("street"),
        None,
    ),
    # The thing named with its setting, or by its own head, is still found.
    _case(
        "S1 beach_ball is the ball",
        _counted("ball", aliases=["beach_ball", "balls"]),
        _counted("beach_ball"),
        "d01",
    ),
    _case(
        "S1 park bench is the bench",
        _larger("bench", aliases=["park_bench"]),
        _larger("park bench"),
        "d01",
    ),
    _case(
        "S1 lamp growing is still the street lamp",
        _larger("street_lamp"),
        _larger("lamp"),
        "d01",
    ),
]


@pytest.mark.parametrize("case", CASES_SETTINGS, ids=[c["name"] for c in CASES_SETTINGS])
def test_settings(case: dict) -> None:
    assert_judged(case)
