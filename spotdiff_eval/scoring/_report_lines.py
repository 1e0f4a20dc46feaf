"""Each item's line of the report, formatted from its fields without building dicts.

``_report._item`` defines a line: a dict the compact encoder turns into
text. At 10,000 items that took 0.19 s to build some 100,000 small dicts
and 0.2 s to encode them, most of both on 200,000 floats rounded and
printed one by one, although a report holds about 1,500 distinct values.
:func:`item_line` writes the same text directly: keys are literals,
strings go through json's own escaper (what the encoder calls), and each
distinct float is rounded and printed once (:class:`FloatText`).
``tests/test_report_lines.py`` holds every line equal to its dict encoded.
"""

from __future__ import annotations

from json.encoder import encode_basestring as _string  # the encoder's own, ensure_ascii=False

from ._budget import prediction_budget
from ._evaluation import ItemResult
from ._metrics import METRIC_NAMES

#: Decimals kept in the report's floats.
DIGITS = 6

_BOOLEAN = ("false", "true")
#: Each metric's name and its key's text, in the report's order.
_METRIC_KEYS = tuple((name, f'"{name}": ') for name in METRIC_NAMES)


def rounded(value: float) -> float:
    """``value`` as the report keeps it: six decimals, and never ``-0.0``."""
    return round(value, DIGITS) + 0.0  # turns -0.0 into 0.0


class FloatText(dict[float, str]):
    """The report's text of each float (see :func:`rounded`), made once per value.

    Equal numbers share an entry (``0.0`` and ``-0.0``, ``1`` and ``1.0``):
    they round to the same float, so the text is the same.
    """

    def __missing__(self, value: float) -> str:
        kept = rounded(value)
        if kept - kept != 0.0:  # NaN or an infinity, as the encoder refuses them
            raise ValueError("Out of range float values are not JSON compliant")
        text = self[value] = float.__repr__(kept)
        return text


def item_line(result: ItemResult, floats: FloatText) -> str:
    """``_report._item(result)`` as the compact encoder writes it."""
    counts, match = result.counts, result.match
    metrics = result.metrics
    metric_text = ", ".join([key + floats[getattr(metrics, name)] for name, key in _METRIC_KEYS])
    matched = ", ".join(
        [
            f'{{"prediction_index": {m.prediction_index}, "gold_id": {_string(m.gold_id)}, '
            f'"match_score": {floats[m.match_score]}, '
            f'"attribute_accuracy": {floats[m.details.accuracy]}, '
            f'"details_correct": {_BOOLEAN[m.details.fully_correct]}, '
            f'"route": {_string(m.route)}}}'
            for m in match.matches
        ]
    )
    gold_by_id = {d.id: d for d in result.annotation.differences} if match.missed else {}
    missed = ", ".join(
        [
            f'{{"gold_id": {_string(gold_id)}, "kind": {_string(gold_by_id[gold_id].kind)}, '
            f'"subject": {_string(gold_by_id[gold_id].subject)}}}'
            for gold_id in match.missed
        ]
    )
    predicted = result.predicted
    extra = ", ".join(
        [
            f'{{"prediction_index": {index}, "kind": {_string(predicted[index].kind)}, '
            f'"subject": {_string(predicted[index].subject)}, "reason": {_string(reason.rule)}, '
            f'"reason_gold_id": {_optional_string(reason.gold_id)}, '
            f'"reason_detail": {_string(reason.detail)}}}'
            for index, reason in zip(match.extra, match.extra_reasons, strict=True)
        ]
    )
    return (
        f'{{"item_id": {_string(result.item_id)}, "answered": {_BOOLEAN[result.answered]}, '
        f'"budget": {prediction_budget(counts.gold)}, "metrics": {{{metric_text}}}, '
        f'"counts": {{"gold": {counts.gold}, "predicted": {counts.predicted}, '
        f'"matched": {counts.matched}, "fully_correct": {counts.fully_correct}, '
        f'"detail_sum": {floats[counts.detail_sum]}, '
        f'"recall_credit": {floats[counts.recall_credit]}, '
        f'"coverage_credit": {floats[counts.coverage_credit]}}}, '
        f'"matched": [{matched}], "missed": [{missed}], "extra": [{extra}]}}'
    )


def _optional_string(value: str | None) -> str:
    return "null" if value is None else _string(value)
