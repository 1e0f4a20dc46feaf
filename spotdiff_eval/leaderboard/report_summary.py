"""A compact summary of each cached report: what the standings, data and matrix read.

Every rebuild used to parse every cached report in full (matched, missed
and extra lists of every item: about 0.15 s at 500 entries) although only
the pages re-rendered read more than the metrics, the per-item tallies and
which golden differences were found. The summary is exactly that part of
the report, in the report's own shape, so code written for a report reads
a summary unchanged (:func:`summarize`).

A summary is cached under the sha256 of its report's text, so it is found
only for the very report it was made from; its text also carries its key
and the sha256 of its body (``ContentCache.put_checked``), so a damaged
entry, even one that is still valid JSON, is a miss and is made again from
the report. Like every cache entry it is
an accelerator, never a source of truth.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from .cache import ContentCache, content_key

SUMMARY_KIND = "summaries"
#: Bump when the summary's shape changes: every older entry then misses.
SUMMARY_FORMAT = "report-summary 1"
#: The report's top-level fields a summary keeps as they are.
_KEPT = (
    "schema_version",
    "evaluator_version",
    "dataset",
    "predictions",
    "metrics",
    "confidence_intervals",
    "per_kind",
    "counts",
)


def summarize(report: dict[str, Any]) -> dict[str, Any]:
    """The report without what only its submission's page shows.

    Per item: its id, whether it was answered, its tallies, and the golden
    differences found (``matched[].gold_id``); the rest of each item
    (missed, extra, routes, budgets) is left out.
    """
    summary = {key: report[key] for key in _KEPT}
    summary["items"] = [
        {
            "item_id": item["item_id"],
            "answered": item["answered"],
            "counts": item["counts"],
            "matched": [{"gold_id": match["gold_id"]} for match in item["matched"]],
        }
        for item in report["items"]
    ]
    return summary


def report_sha256(text: str) -> str:
    """sha256 of a report's text as published (its bytes in UTF-8)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@cache
def summary_code() -> str:
    """sha256 of this module, which alone decides a summary from its report."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


def _key(report_digest: str) -> str:
    """The report's digest and the code summarising it: a summary cached under a
    hand-bumped format alone outlived a change to :func:`summarize` made without
    the bump (red team round 20, as round 19 found for the usage)."""
    return content_key(SUMMARY_KIND, SUMMARY_FORMAT, summary_code(), report_digest)


def load_summary(cache: ContentCache, report_digest: str) -> dict[str, Any] | None:
    """The cached summary of the report whose text has sha256 ``report_digest``, or None.

    None for a missing entry, one made from another report, or a damaged one.
    """
    body = cache.get_checked(SUMMARY_KIND, _key(report_digest))
    if body is None:
        return None
    try:
        summary = json.loads(body)
    except ValueError:
        return None
    return summary if isinstance(summary, dict) else None


def store_summary(cache: ContentCache, report_digest: str, summary: dict[str, Any]) -> None:
    """Cache ``summary`` under its report's digest (with a check of its own bytes)."""
    cache.put_checked(SUMMARY_KIND, _key(report_digest), json.dumps(summary, separators=(",", ":")))
