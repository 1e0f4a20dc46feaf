"""Red team round 24: blind answers that hedge what a guess must commit to.

The new strategies of ``spotdiff_eval.blind_tricks`` take an item's likely
subjects (the other items' commonest, then everyday nouns) and reshape each
guess: a hedge over many nouns, a question, a count "from 1 to 1", every
colour as a value, empty values, extreme counts, look-alike letters, nouns
joined by unusual white space, every alias in one string. Others name no
object (generic nouns, the panel layout's words, the kinds' words) or copy
another item's answer; ``benchmarks/blind_catalogue.py`` guesses from the
generator's public catalogue. None found a matching rule to exploit: the
tests below keep it so, a hedged guess never finding more than the same
subjects named plainly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import assert_judged, count_change, removed, told
from conftest import one_gold_case as _case

from spotdiff_eval import evaluate, load_dataset, load_predictions
from spotdiff_eval.blind import predictions_document
from spotdiff_eval.blind_tricks import TRICKS, _top_subjects

REPO = Path(__file__).resolve().parents[1]

#: The round's answers that name no object at all.
NO_OBJECT = ["hedged noun lists", "generic nouns, every kind", "panel layout words"]
NO_OBJECT += ["kind words as subjects"]

#: The round's answers that reshape each likely subject: none may beat naming it plainly.
HEDGES = [
    "maybe one noun each",
    "questions and negations",
    "counts from N to N",
    "every colour on a noun",
    "numbered plurals",
    "empty and null values",
    "count field abuse",
    "disguised names",
    "nouns joined by white space",
    "every alias in one subject",
]


@pytest.fixture(scope="module")
def bundled():
    return load_dataset(REPO / "data" / "manifest.json")


def _metrics(answer: dict, dataset, folder: Path, name: str):
    """The official metrics of ``answer``, read back through the loader."""
    path = folder / f"{len(list(folder.iterdir()))}.json"
    path.write_text(json.dumps(predictions_document(answer, name)), encoding="utf-8")
    return evaluate(dataset, load_predictions(path)).metrics


@pytest.mark.parametrize("strategy", NO_OBJECT)
def test_answers_naming_no_object_find_nothing(strategy: str, bundled, tmp_path: Path) -> None:
    answer = TRICKS[strategy](list(bundled.annotations))
    assert _metrics(answer, bundled, tmp_path, strategy).recall == 0.0


def test_no_hedge_finds_more_than_the_plain_subjects(bundled, tmp_path: Path) -> None:
    """Each reshaped guess names at most the one subject it was built on."""
    annotations = list(bundled.annotations)
    plain = {
        a.item_id: [{"kind": "object_removed", "subject": s} for s in _top_subjects(annotations, a)]
        for a in annotations
    }
    ceiling = _metrics(plain, bundled, tmp_path, "plain").recall
    assert 0.0 < ceiling <= 0.066
    for strategy in HEDGES:
        recall = _metrics(TRICKS[strategy](annotations), bundled, tmp_path, strategy).recall
        assert recall <= ceiling, f"{strategy}: {recall:.1%} > plain {ceiling:.1%}"


def _catalogue():
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import blind_catalogue
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    return blind_catalogue


def test_catalogue_guesses_stay_under_the_blind_target(bundled, tmp_path: Path) -> None:
    """Guesses from the generator's public catalogue alone: at most the 10% target."""
    catalogue = _catalogue()
    manifest = REPO / "data" / "manifest.json"
    for name, guess in catalogue.CATALOGUE_GUESSES.items():
        metrics = _metrics(guess(bundled, manifest), bundled, tmp_path, name)
        assert metrics.recall <= 0.10, f"{name}: recall {metrics.recall:.1%}"
        assert metrics.overall_score <= 0.20, f"{name}: overall {metrics.overall_score:.1%}"


def test_prior_subjects_guess_from_another_generated_set(bundled, tmp_path: Path) -> None:
    from spotdiff_eval.generator import generate_dataset

    generate_dataset(tmp_path / "prior", items=14, seed=2424)
    guess = _catalogue().prior_subjects(tmp_path / "prior", k=16)
    answer = guess(bundled, REPO / "data" / "manifest.json")
    assert set(answer) == {a.item_id for a in bundled.annotations}
    assert all(0 < len(guesses) <= 16 for guesses in answer.values())


_GONE = removed("object")

CASES_ONE_OBJECT = [
    # A hedge, a question or a list in one prediction names no object, or one.
    _case(
        "H1 a hedge over two nouns names neither",
        removed("dog"),
        told(_GONE, "Either the cat or the dog is gone."),
        None,
    ),
    _case(
        "H1 questions name nothing", removed("cat"), told(_GONE, "Is it the cat? Or the dog?"), None
    ),
    _case(
        "H1 a negation names what it keeps",
        removed("cat"),
        told(_GONE, "Not the bucket, not the dog, but the cat."),
        "d01",
    ),
    _case(
        "H1 a negation names none of what it denies",
        removed("dog"),
        told(_GONE, "Not the bucket, not the dog, but the cat."),
        None,
    ),
    _case(
        "H1 a list as a subject names no first noun", removed("cat"), removed("cat dog bird"), None
    ),
    _case("H1 an aka list names no first alias", removed("cat"), removed("cat aka dog"), None),
    # A count "from 3 to 3" states no change, and no number of the gold.
    _case(
        "H1 an unchanged count of other numbers",
        count_change("cat", "1", "2"),
        count_change("cat", "3", "3"),
        None,
    ),
]


@pytest.mark.parametrize("case", CASES_ONE_OBJECT, ids=[c["name"] for c in CASES_ONE_OBJECT])
def test_one_prediction_names_one_object(case: dict) -> None:
    assert_judged(case)
