"""Tokens, cost and latency of a submission, from the run provenance of its predictions.

``spotdiff run`` records token usage and per-item latency in the predictions'
``run`` object (format ``spotdiff-run/1``); hand-made files may carry a free
``run`` object or none. Each figure is read only when it is there and has
the right type, so a submission without provenance shows "—", never 0.
"""

from __future__ import annotations

import hashlib
import json
import statistics
from functools import cache
from pathlib import Path
from typing import Any

from .cache import ContentCache, content_key

USAGE_KIND = "usage"
NO_USAGE: dict[str, Any] = {
    "input_tokens": None,
    "output_tokens": None,
    "median_latency_ms": None,
    "cost_usd": None,
}


def stored_usage(cache: ContentCache, sha256: str) -> dict[str, Any] | None:
    """:func:`run_usage` of the predictions with this sha256, as cached, or None.

    Cached because parsing every predictions file again on each build made a
    rebuild after one new submission cost 15% of a full build instead of a
    few percent.
    """
    text = cache.get_checked(USAGE_KIND, _usage_key(sha256))
    if text is None:
        return None
    try:
        usage = json.loads(text)
    except ValueError:
        return None
    return usage if _sound(usage) else None


def store_usage(cache: ContentCache, sha256: str, usage: dict[str, Any]) -> None:
    """Keep ``usage`` for :func:`stored_usage` under the predictions' sha256."""
    cache.put_checked(USAGE_KIND, _usage_key(sha256), json.dumps(usage))


@cache
def usage_code() -> str:
    """sha256 of this module, which alone decides a usage from the predictions."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


def _usage_key(sha256: str) -> str:
    """The predictions' sha256 and the code reading them: a usage cached under the
    predictions alone outlived a change to how it is read (red team round 19)."""
    return content_key(USAGE_KIND, usage_code(), sha256)


def _sound(usage: Any) -> bool:
    """What :func:`run_usage` can return: any dict with its keys passed before round 19."""
    if not isinstance(usage, dict) or usage.keys() != NO_USAGE.keys():
        return False
    counts = (usage[k] for k in ("input_tokens", "output_tokens", "median_latency_ms"))
    cost = usage["cost_usd"]
    return all(v is None or _count(v) for v in counts) and (
        cost is None or (isinstance(cost, float) and _amount(cost))
    )


def run_usage(run: Any) -> dict[str, Any]:
    """Input and output tokens, median latency of answered items, and cost, each or None.

    ``run`` is the loaded predictions' ``run`` object (``Predictions.run``):
    read from the bytes that were scored, never from the file again.
    """
    if not isinstance(run, dict):
        return dict(NO_USAGE)
    totals = run.get("totals") if isinstance(run.get("totals"), dict) else {}
    items = run.get("items") if isinstance(run.get("items"), list) else []
    latencies = [
        item["latency_ms"]
        for item in items
        if isinstance(item, dict) and item.get("status") == "ok" and _count(item.get("latency_ms"))
    ]
    cost = totals.get("cost_usd", run.get("cost_usd"))
    return {
        "input_tokens": totals.get("input_tokens") if _count(totals.get("input_tokens")) else None,
        "output_tokens": totals.get("output_tokens")
        if _count(totals.get("output_tokens"))
        else None,
        "median_latency_ms": round(statistics.median(latencies)) if latencies else None,
        "cost_usd": float(cost) if _amount(cost) else None,
    }


def model_facts(metadata: dict[str, Any]) -> dict[str, Any]:
    """The optional model facts of submission.json: open weights and parameter count."""
    model = metadata["model"]
    return {
        "open_weights": model.get("open_weights"),
        "parameters": model.get("parameters"),
    }


#: The largest figure a run can state: tokens, milliseconds or dollars beyond
#: it describe no real run. A "verified" submission whose run claimed 10^400
#: tokens made the publish build divide it into a float and stop for every
#: board (red team round 14); such a figure now shows as "–", like a wrong type.
MAX_FIGURE = 10**15


def _amount(value: Any) -> bool:
    return (
        isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= MAX_FIGURE
    )


def _count(value: Any) -> bool:
    """An :func:`_amount` that is a whole number."""
    return isinstance(value, int) and _amount(value)
