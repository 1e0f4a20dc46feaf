"""The report's item lines, formatted from their fields, equal the item dicts encoded.

``write_report`` writes each item with ``_report_lines.item_line`` instead of
encoding ``_report._item``'s dict: whatever an item holds (any text, any
float, missed and extra predictions, reasons without a gold id), the two
must give the same characters, and the written report the bytes of
``dumps_layered(build_report(...))``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from conftest import REPO
from hypothesis import given, settings
from hypothesis import strategies as st

from spotdiff_eval.datasets import (
    Annotation,
    Difference,
    GoldDifference,
    dumps_layered,
    load_dataset,
    load_predictions,
)
from spotdiff_eval.datasets._jsonio import _COMPACT
from spotdiff_eval.matching import DetailScore, ExtraReason, ItemMatch, Match
from spotdiff_eval.scoring import Counts, ItemResult, build_report, evaluate, write_report
from spotdiff_eval.scoring._report import _item
from spotdiff_eval.scoring._report_lines import FloatText, item_line


def encoded(result: ItemResult) -> str:
    return _COMPACT.encode(_item(result))


@pytest.mark.parametrize("predictions", ["example.json", "perfect.json"])
def test_bundled_reports_are_written_as_built(tmp_path: Path, predictions: str) -> None:
    evaluation = evaluate(
        load_dataset(REPO / "data" / "manifest.json"),
        load_predictions(REPO / "predictions" / predictions),
    )
    floats = FloatText()
    for result in evaluation.items:
        assert item_line(result, floats) == encoded(result)
    write_report(tmp_path / "report.json", evaluation)
    written = (tmp_path / "report.json").read_text(encoding="utf-8")
    assert written == dumps_layered(build_report(evaluation))


TEXT = st.text(
    alphabet=st.characters(blacklist_categories=["Cs"]) | st.sampled_from('"\\/\n\t\x00\u2028é☃'),
    max_size=12,
)
NUMBER = (
    st.floats(-1e15, 1e15)  # the metrics' sums of such values stay finite
    | st.sampled_from([0.0, -0.0, 1.0, 0.1234565, 0.0000004, -0.0000004, 1e-5, 2.5e-7, 1e16])
    | st.integers(-3, 10**6)
)
KIND = st.sampled_from(["object_added", "object_removed", "attribute_change", "count_change"])


@st.composite
def item_results(draw: st.DrawFn) -> ItemResult:
    golds = draw(st.lists(st.tuples(TEXT, KIND, TEXT), max_size=4, unique_by=lambda g: g[0]))
    predicted = tuple(
        Difference(kind=kind, subject=subject)
        for kind, subject in draw(st.lists(st.tuples(KIND, TEXT), max_size=5))
    )
    matches = tuple(
        Match(
            prediction_index=draw(st.integers(0, 9)),
            gold_id=draw(TEXT),
            match_score=draw(NUMBER),
            details=DetailScore(draw(st.integers(0, 3)), draw(st.integers(1, 3))),
            route=draw(TEXT),
        )
        for _ in range(draw(st.integers(0, 3)))
    )
    missed = tuple(draw(st.lists(st.sampled_from([g[0] for g in golds]))) if golds else ())
    extra = tuple(draw(st.lists(st.integers(0, len(predicted) - 1)))) if predicted else ()
    reasons = tuple(ExtraReason(draw(TEXT), draw(st.none() | TEXT), draw(TEXT)) for _ in extra)
    annotation = Annotation(
        item_id=draw(TEXT),
        image="x.png",
        panel_layout="side_by_side",
        differences=tuple(GoldDifference(id=i, kind=k, subject=s) for i, k, s in golds),
    )
    numbers = [draw(NUMBER) for _ in range(3)]
    counts = Counts(*(draw(st.integers(0, 10**6)) for _ in range(4)), *numbers)
    return ItemResult(
        item_id=annotation.item_id,
        answered=draw(st.booleans()),
        annotation=annotation,
        predicted=predicted,
        match=ItemMatch(matches, missed, extra, reasons),
        counts=counts,
    )


@settings(max_examples=500, deadline=None)
@given(results=st.lists(item_results(), min_size=1, max_size=4))
def test_any_item_line_is_its_dict_encoded(results: list[ItemResult]) -> None:
    floats = FloatText()  # shared, as in a report: remembered values must stay right
    for result in results:
        assert item_line(result, floats) == encoded(result)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_floats_json_cannot_hold_are_refused_as_the_encoder_refuses_them(value: float) -> None:
    with pytest.raises(ValueError, match="Out of range float"):
        json.dumps(value, allow_nan=False)
    with pytest.raises(ValueError, match="Out of range float"):
        FloatText()[value]
