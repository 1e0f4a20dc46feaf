"""Scoring every submission with the trusted scorer, behind the content cache.

A report is cached under the sha256 of the evaluator version, the dataset's
identity and fingerprint, and the predictions' bytes: the only inputs a report
depends on. Fresh and cached reports take the same path afterwards (every
later step reads the report dict, never the in-memory evaluation), so a warm
cache can never produce a different leaderboard from a cold one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..datasets import Dataset, dumps_layered, load_predictions
from ..errors import SpotDiffError
from ..scoring import Counts, build_report, evaluate
from ..validation import PREDICTIONS_JSON_MAX_BYTES
from ..version import EVALUATOR_VERSION, REPORT_SCHEMA_VERSION
from .cache import ContentCache, content_key
from .submissions import Submission

REPORT_KIND = "reports"


@dataclass(frozen=True)
class Scored:
    """A submission with its report (as data and as published text) and per-item tallies."""

    submission: Submission
    report: dict[str, Any]
    report_text: str
    per_item: tuple[Counts, ...]
    from_cache: bool

    @property
    def submission_id(self) -> str:
        return self.submission.submission_id


def report_key(dataset: Dataset, predictions_sha256: str) -> str:
    return content_key(
        REPORT_KIND,
        EVALUATOR_VERSION,
        REPORT_SCHEMA_VERSION,
        dataset.name,
        dataset.version,
        dataset.fingerprint,
        predictions_sha256,
    )


def score_submissions(
    dataset: Dataset,
    submissions: Sequence[Submission],
    cache: ContentCache | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Scored]:
    """One :class:`Scored` per submission, in the given order."""
    cache = cache or ContentCache(None)
    scored = []
    for done, submission in enumerate(submissions, 1):
        scored.append(_score_one(dataset, submission, cache))
        if progress is not None:
            progress(done)
    return scored


def _score_one(dataset: Dataset, submission: Submission, cache: ContentCache) -> Scored:
    key = report_key(dataset, submission.predictions_sha256)
    text = cache.get_text(REPORT_KIND, key)
    if text is not None:
        # Our own output, so plain json: the hardened reader is for untrusted files.
        try:
            cached = json.loads(text)
        except ValueError:
            cached = None
        per_item = _usable(cached, dataset, submission.predictions_sha256)
        if per_item is not None:
            return Scored(submission, cached, text, per_item, from_cache=True)
    predictions = load_predictions(
        submission.predictions_path, max_bytes=PREDICTIONS_JSON_MAX_BYTES
    )
    if predictions.sha256 != submission.predictions_sha256:
        raise SpotDiffError(
            submission.predictions_path, "", "changed while the leaderboard was being built"
        )
    report = build_report(evaluate(dataset, predictions))
    # The bytes ``spotdiff evaluate --output`` writes; the site publishes them as they are.
    text = dumps_layered(report)
    cache.put_text(REPORT_KIND, key, text)
    return Scored(submission, report, text, per_item_counts(report), from_cache=False)


def _usable(report: Any, dataset: Dataset, predictions_sha256: str) -> tuple[Counts, ...] | None:
    """The tallies of a cached report that says it scored exactly these inputs, else None.

    No schema validation here: it took longer than reading the report, and the
    cache holds only reports this code wrote. A damaged entry fails the
    checks below (or their lookups) and is scored again.
    """
    try:
        same = (
            report["evaluator_version"] == EVALUATOR_VERSION
            and report["schema_version"] == REPORT_SCHEMA_VERSION
            and report["dataset"]["fingerprint"] == dataset.fingerprint
            and (report["dataset"]["name"], report["dataset"]["version"])
            == (dataset.name, dataset.version)
            and report["predictions"]["sha256"] == predictions_sha256
            and [item["item_id"] for item in report["items"]]
            == sorted(a.item_id for a in dataset.annotations)
        )
        return per_item_counts(report) if same else None
    except (KeyError, TypeError, ValueError):
        return None


def per_item_counts(report: dict[str, Any]) -> tuple[Counts, ...]:
    """The report's per-item tallies, in its (item id) order."""
    return tuple(
        Counts(
            gold=c["gold"],
            predicted=c["predicted"],
            matched=c["matched"],
            fully_correct=c["fully_correct"],
            detail_sum=c["detail_sum"],
            recall_credit=c["recall_credit"],
            coverage_credit=c["coverage_credit"],
        )
        for c in (item["counts"] for item in report["items"])
    )
