"""leaderboard.csv: one row per entry, for spreadsheets.

Spreadsheets run a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a
formula, so a model named ``=HYPERLINK("http://evil", "click")`` would become
a live link (or worse) in whoever opens the download. Such text cells get a
leading apostrophe, the usual guard, which spreadsheets show as plain text;
tab and carriage return start formulas in some of them too and are guarded
the same way. Numbers are written by us and never negative, so they stay
numbers.

A spreadsheet set to a locale whose list separator is ``;`` splits an
unquoted line at semicolons, so ``GPT;=cmd|...`` would start a formula in
the next cell (red team round 11). Every text cell is therefore quoted, and
a text with a separator before a formula start is guarded as well, as is
one with spaces before it, which importers that trim spaces would run.

Red team round 19: only spaces were looked past, and only ASCII. Now any
blank before a formula start (a line break, a no-break or ideographic
space, a zero-width character) is, the fullwidth ``＝＋－＠`` (OWASP's list:
some spreadsheets read them as their ASCII forms) start formulas, and a line
break separates cells as ``;`` does, for importers that split lines naively.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from ..scoring import METRIC_NAMES

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
#: What may stand before a formula start: whitespace and zero-width characters.
_BLANKS = re.compile(r"^[\s\u200b-\u200d\u2060\ufeff]+")

COLUMNS = (
    "rank",
    "rank_low",
    "rank_high",
    "group",
    "submission_id",
    "model",
    "model_version",
    "organisation",
    "runtime",
    "submitter",
    "date",
    "baseline",
    *METRIC_NAMES,
    "overall_score_low",
    "overall_score_high",
    "items_answered",
    "items_total",
    "input_tokens",
    "output_tokens",
    "median_latency_ms",
    "cost_usd",
    "prompt",
    "evaluator_version",
    "dataset",
    "predictions_sha256",
)


#: A cell separator of any locale, then (after spaces) a formula start.
_FORMULA_INSIDE = re.compile(r"[,;\t|\r\n][\s\"']*[=+\-@\uff1d\uff0b\uff0d\uff20]")


def guard(value: object) -> object:
    """Text that a spreadsheet would run as a formula, made plain text."""
    if isinstance(value, str) and (
        _BLANKS.sub("", value).startswith(_FORMULA_STARTS) or _FORMULA_INSIDE.search(value)
    ):
        return "'" + value
    return value


def _row(entry: dict[str, Any], data: dict[str, Any]) -> list[object]:
    low, high = entry["confidence_intervals"]["overall_score"]
    dataset = data["dataset"]
    return [
        entry["rank"],
        entry["rank_low"],
        entry["rank_high"],
        entry["group"],
        entry["submission_id"],
        entry["model"]["name"],
        entry["model"]["version"] or "",
        entry["organisation"],
        entry["runtime"],
        entry["submitter"],
        entry["date"],
        "true" if entry["baseline"] else "false",
        *(entry["metrics"][name] for name in METRIC_NAMES),
        low,
        high,
        entry["items_answered"],
        entry["items_total"],
        *(entry["usage"][name] for name in ("input_tokens", "output_tokens")),
        *(entry["usage"][name] for name in ("median_latency_ms", "cost_usd")),
        entry["prompt"]["name"],
        data["evaluator_version"],
        f"{dataset['name']} {dataset['version']}",
        entry["predictions_sha256"],
    ]


def render_csv(data: dict[str, Any]) -> str:
    """RFC 4180 CSV (CRLF line ends, every text quoted), entries in rank order."""
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\r\n").writerow(COLUMNS)  # our own names, left bare
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC)
    for entry in data["entries"]:
        writer.writerow([guard(value) for value in _row(entry, data)])
    return out.getvalue()
