"""Standings behind the content cache: a rebuild that changes no report re-ranks nothing,
and one that changes a report compares only that entry's pairs again.

The paired bootstrap compares every pair of entries (125,000 pairs at 500
entries), the largest cost of a rebuild with nothing changed. Standings
depend only on each entry's report (its score and per-item tallies), the
resampling constants and the ranking code, so they are cached under the
sha256 of exactly those: any changed report, constant or line of
``standings.py`` misses. Like every cache entry, a damaged one is a miss.

Comparing one changed entry with the 499 others needs every entry's overall
score on each of the 1,000 resamples; drawing them again took longer than
the comparisons. Each report's row is cached under its report's sha256 and
the resampling constants, as exact float64 bytes: a row read back is the
row computed, so the answer is that of a cold build.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Collection, Sequence
from functools import cache
from pathlib import Path

import numpy as np

from ..scoring import LEVEL, RESAMPLES, SEED
from ..version import EVALUATOR_VERSION
from . import pair_memo
from . import scoring as scoring_
from . import standings as standings_
from .cache import ContentCache, content_key
from .scoring import Scored
from .standings import Standing

STANDINGS_KIND = "standings"
#: The last significance matrix of a board, reused pair by pair (``pair_memo``).
PAIRS_KIND = "pairs"
#: Each report's overall score on every bootstrap resample, for the pairs compared again.
SAMPLES_KIND = "samples"


@cache
def _ranking_code() -> str:
    return hashlib.sha256(Path(standings_.__file__).read_bytes()).hexdigest()


def cached_standings(
    models: Sequence[Scored],
    cache_: ContentCache,
    scope: str = "",
    samples_cache: ContentCache | None = None,
) -> list[Standing]:
    """:func:`compute_standings` of ``models``, from the cache when their reports are known.

    On a miss, pairs of entries whose reports the board's previous build
    compared already (``scope`` names the board) are not compared again,
    and each entry's bootstrap scores come from ``samples_cache`` (default
    ``cache_``) when its report is known there.
    """
    # The scorer's code too (its bootstrap draws the resamples): red team round 20,
    # a change to it merged without a version bump kept the old rank ranges.
    constants = [
        EVALUATOR_VERSION,
        repr((RESAMPLES, SEED, LEVEL)),
        _ranking_code(),
        scoring_.scorer_source_digest(),
    ]
    digests = {s.submission_id: s.report_sha256 for s in models}
    parts = list(constants)
    for sid in sorted(digests):
        parts += [sid, digests[sid]]
    key = content_key(STANDINGS_KIND, *parts)
    text = cache_.get_checked(STANDINGS_KIND, key)
    if text is not None and (known_rows := _rows_of(text, digests)) is not None:
        return known_rows
    scores = {s.submission_id: s.summary["metrics"]["overall_score"] for s in models}
    order = standings_.rank_order(scores)
    ordered = [digests[sid] for sid in order]
    memo_key = content_key(PAIRS_KIND, *constants, scope)
    known = pair_memo.load(cache_.get_text(PAIRS_KIND, memo_key), ordered)
    rows = samples_cache if samples_cache is not None else cache_
    samples = {sid: row for sid in order if (row := load_samples(rows, digests[sid])) is not None}
    cached = set(samples)
    better = standings_.significance(
        order, scores, {s.submission_id: s.per_item for s in models}, known=known, samples=samples
    )
    for sid in samples.keys() - cached:
        store_samples(rows, digests[sid], samples[sid])
    result = standings_.standings_from(order, scores, better)
    cache_.put_text(PAIRS_KIND, memo_key, pair_memo.dump(ordered, better))
    cache_.put_checked(STANDINGS_KIND, key, json.dumps([vars(row) for row in result]))
    return result


def _rows_of(text: str, entries: Collection[str]) -> list[Standing] | None:
    """The cached rows if they rank exactly ``entries``, else None (ranked again).

    Parseable was taken for sound: ``[]`` or ``{}`` took every model off the
    board (red team round 19); the check line catches damage, this the rest.
    """
    try:
        rows = [Standing(**row) for row in json.loads(text)]
    except (ValueError, TypeError):
        return None
    return rows if sorted(row.submission_id for row in rows) == sorted(entries) else None


def _samples_key(report_digest: str) -> str:
    return content_key(
        SAMPLES_KIND,
        EVALUATOR_VERSION,
        repr((RESAMPLES, SEED)),
        scoring_.scorer_source_digest(),
        report_digest,
    )


def load_samples(cache_: ContentCache, report_digest: str) -> np.ndarray | None:
    """The bootstrap overall scores of the report with this digest, if cached and sound."""
    body = cache_.get_checked(SAMPLES_KIND, _samples_key(report_digest))
    if body is None:
        return None
    try:
        raw = base64.b64decode(body, validate=True)
    except ValueError:
        return None
    if len(raw) != RESAMPLES * 8:
        return None
    return np.frombuffer(raw, dtype="<f8")


def store_samples(cache_: ContentCache, report_digest: str, row: np.ndarray) -> None:
    """Keep a report's bootstrap overall scores: the exact float64 values, in base64."""
    body = base64.b64encode(np.asarray(row, dtype="<f8").tobytes()).decode("ascii")
    cache_.put_checked(SAMPLES_KIND, _samples_key(report_digest), body)
