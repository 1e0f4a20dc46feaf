"""Properties the scorer must have whatever the annotations say (hypothesis)."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spotdiff_eval.datasets._domain import Annotation, Difference, GoldDifference
from spotdiff_eval.datasets._records import difference_from_json, gold_difference_from_json
from spotdiff_eval.matching._match import match_item
from spotdiff_eval.scoring._evaluation import score_item
from spotdiff_eval.scoring._metrics import Counts, metrics_from_counts

NOUNS = [
    "car",
    "tree",
    "apple",
    "kite",
    "lamp",
    "shade",
    "window",
    "curtain",
    "dog",
    "bird",
    "boat",
    "flag",
    "house",
    "sun",
    "cloud",
    "mug",
    "sofa",
    "balloon",
    "fence",
    "door",
]
WORDS = [*NOUNS, "red", "blue", "small", "left", "top", "in", "of", "object", "3", "the"]
KINDS = ["object_added", "object_removed", "attribute_change", "count_change"]
VALUES = ["red", "blue", "green", "small", "large", "round", "striped", "2", "3", "five", "the"]

subjects = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map("_".join)
optional_text = st.none() | st.sampled_from(VALUES)


@st.composite
def differences(draw: st.DrawFn, gold: bool = False) -> Difference:
    fields = dict(
        kind=draw(st.sampled_from(KINDS)),
        subject=draw(subjects),
        attribute=draw(st.none() | st.sampled_from(["color", "size", "number of rays", "pattern"])),
        from_value=draw(optional_text),
        to_value=draw(optional_text),
        count=draw(st.none() | st.integers(1, 4)),
        description=draw(st.none() | st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)),
    )
    if gold:
        return GoldDifference(**fields, aliases=tuple(draw(st.lists(subjects, max_size=2))), id="")
    return Difference(**fields)


@st.composite
def annotations(draw: st.DrawFn) -> list[GoldDifference]:
    golds = draw(st.lists(differences(gold=True), min_size=1, max_size=7))
    return [dataclasses.replace(g, id=f"d{i:02d}") for i, g in enumerate(golds)]


def restate(gold: GoldDifference) -> Difference:
    """What a perfect model would answer for ``gold``."""
    return Difference(
        kind=gold.kind,
        subject=gold.subject,
        attribute=gold.attribute,
        from_value=gold.from_value,
        to_value=gold.to_value,
        count=gold.count,
    )


def counts_of(gold: list[GoldDifference], predicted: list[Difference]) -> Counts:
    annotation = Annotation(
        item_id="x", image="x.png", panel_layout="side_by_side", differences=tuple(gold)
    )
    return score_item(annotation, predicted).counts


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(annotations(), st.lists(differences(), max_size=8), st.randoms(use_true_random=False))
def test_shuffling_never_changes_any_metric(gold, predicted, rnd) -> None:
    before = counts_of(gold, predicted)
    gold_shuffled, pred_shuffled = gold[:], predicted[:]
    rnd.shuffle(gold_shuffled)
    rnd.shuffle(pred_shuffled)
    after = counts_of(gold_shuffled, pred_shuffled)
    assert metrics_from_counts(after) == metrics_from_counts(before)
    assert after == before


@FAST
@given(annotations(), st.lists(differences(), max_size=8), st.randoms(use_true_random=False))
def test_shuffling_keeps_the_same_pairs(gold, predicted, rnd) -> None:
    order = list(range(len(predicted)))
    rnd.shuffle(order)
    base = match_item(gold, predicted)
    shuffled = match_item(gold, [predicted[i] for i in order])
    pairs = {(predicted[m.prediction_index], m.gold_id) for m in base.matches}
    shuffled_pairs = {(predicted[order[m.prediction_index]], m.gold_id) for m in shuffled.matches}
    assert pairs == shuffled_pairs


@FAST
@given(annotations())
def test_perfect_predictions_score_one(gold) -> None:
    metrics = metrics_from_counts(counts_of(gold, [restate(g) for g in gold]))
    assert metrics.overall_score == 1.0
    assert metrics.difference_coverage == 1.0


@FAST
@given(annotations(), st.lists(differences(), max_size=6), st.data())
def test_removing_a_correct_prediction_never_raises_recall(gold, noise, data) -> None:
    predicted = [restate(g) for g in gold] + noise
    removed = data.draw(st.integers(0, len(gold) - 1))
    before = counts_of(gold, predicted)
    after = counts_of(gold, predicted[:removed] + predicted[removed + 1 :])
    assert after.matched <= before.matched


@FAST
@given(annotations(), st.lists(differences(), max_size=8))
def test_metrics_are_fractions_and_matching_is_one_to_one(gold, predicted) -> None:
    result = match_item(gold, predicted)
    assert len({m.gold_id for m in result.matches}) == len(result.matches)
    assert len({m.prediction_index for m in result.matches}) == len(result.matches)
    assert len(result.matches) + len(result.extra) == len(predicted)
    assert len(result.matches) + len(result.missed) == len(gold)
    for value in metrics_from_counts(counts_of(gold, predicted)).as_dict().values():
        assert 0.0 <= value <= 1.0


def test_detail_sums_do_not_depend_on_the_order_of_the_matches() -> None:
    """Float sums of thirds differ in the last bit by order; the tally must not."""
    import itertools

    subjects = ["kites", "boats", "lamps", "mugs", "cats"]
    gold = [
        gold_difference_from_json(
            {"id": f"d{i}", "kind": "count_change", "subject": s, "from": "2", "to": "5"}
        )
        for i, s in enumerate(subjects)
    ]
    answers = [
        {"kind": "count_change", "from": "2", "to": "4"},  # 2/3
        {"kind": "attribute_change", "attribute": "count", "from": "2", "to": "4"},  # 1/3
        {"kind": "attribute_change", "attribute": "number", "from": "2", "to": "3"},  # 1/3
        {"kind": "count_change", "from": "2", "to": "5"},  # 3/3
        {"kind": "count_change", "from": "3", "to": "5"},  # 2/3
    ]
    predicted = [
        difference_from_json({"subject": s, **a}) for s, a in zip(subjects, answers, strict=True)
    ]
    tallies = {counts_of(gold, list(order)) for order in itertools.permutations(predicted)}
    assert {t.matched for t in tallies} == {5}
    assert len(tallies) == 1
