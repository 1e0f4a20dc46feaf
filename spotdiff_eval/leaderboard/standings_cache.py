"""Standings behind the content cache: a rebuild that changes no report re-ranks nothing.

The paired bootstrap compares every pair of entries (125,000 pairs at 500
entries), the largest cost of a rebuild with nothing changed. Standings
depend only on each entry's report (its score and per-item tallies), the
resampling constants and the ranking code, so they are cached under the
sha256 of exactly those: any changed report, constant or line of
``standings.py`` misses. Like every cache entry, a damaged one is a miss.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from ..scoring import LEVEL, RESAMPLES, SEED
from ..version import EVALUATOR_VERSION
from . import standings as standings_
from .cache import ContentCache, content_key
from .scoring import Scored
from .standings import Standing, compute_standings

STANDINGS_KIND = "standings"


@cache
def _ranking_code() -> str:
    return hashlib.sha256(Path(standings_.__file__).read_bytes()).hexdigest()


def cached_standings(models: Sequence[Scored], cache_: ContentCache) -> list[Standing]:
    """:func:`compute_standings` of ``models``, from the cache when their reports are known."""
    parts = [EVALUATOR_VERSION, repr((RESAMPLES, SEED, LEVEL)), _ranking_code()]
    for s in sorted(models, key=lambda s: s.submission_id):
        parts += [s.submission_id, hashlib.sha256(s.report_text.encode()).hexdigest()]
    key = content_key(STANDINGS_KIND, *parts)
    text = cache_.get_text(STANDINGS_KIND, key)
    if text is not None:
        try:
            return [Standing(**row) for row in json.loads(text)]
        except (ValueError, TypeError):
            pass  # damaged: computed again and rewritten
    result = compute_standings(
        {s.submission_id: s.report["metrics"]["overall_score"] for s in models},
        {s.submission_id: s.per_item for s in models},
    )
    cache_.put_text(STANDINGS_KIND, key, json.dumps([vars(row) for row in result]))
    return result
