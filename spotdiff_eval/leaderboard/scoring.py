"""Scoring every submission with the trusted scorer, behind the content cache.

A report is cached under the sha256 of the evaluator version, the scorer's
own source, the dataset's identity and fingerprint, and the predictions'
bytes: the only inputs a report depends on. The source is in the key
because a scoring change merged without a version bump would otherwise serve
old reports beside new ones (red team round 11). Fresh and cached reports
take the same path afterwards (every
later step reads the report's text or its summary, never the in-memory
evaluation), so a warm cache can never produce a different leaderboard from
a cold one. A cached report is parsed in full only when its summary is not
cached (``report_summary``). The run usage (``run_facts``) is taken from the
predictions loaded for scoring, or from the cache beside a cached report.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..datasets import Dataset, Predictions, dumps_layered, load_predictions
from ..errors import SpotDiffError
from ..scoring import Counts, build_report, evaluate
from ..validation import PREDICTIONS_JSON_MAX_BYTES
from ..version import EVALUATOR_VERSION, REPORT_SCHEMA_VERSION
from .cache import ContentCache, code_digest, content_key
from .report_summary import load_summary, report_sha256, sound, store_summary, summarize
from .run_facts import run_usage, store_usage, stored_usage
from .submissions import Submission

REPORT_KIND = "reports"


@dataclass(frozen=True)
class FreshReport:
    """A report scored now, and the usage read from the same loaded predictions."""

    report_text: str
    usage: dict[str, Any]


@dataclass(frozen=True)
class Scored:
    """A submission with its report (as published text, and summarised) and per-item tallies.

    ``summary`` is the part of the report the standings, the data document
    and the matrix read (``report_summary``); ``report`` parses the whole
    text, for the pages that show all of it. ``usage`` is the run's tokens,
    latency and cost (``run_facts``).
    """

    submission: Submission
    summary: dict[str, Any]
    report_text: str
    report_sha256: str
    per_item: tuple[Counts, ...]
    from_cache: bool
    usage: dict[str, Any]

    @property
    def submission_id(self) -> str:
        return self.submission.submission_id

    @property
    def report(self) -> dict[str, Any]:
        """The full report, parsed on each call (our own output: plain json)."""
        return json.loads(self.report_text)


class FullReports(Mapping[str, dict[str, Any]]):
    """Each submission's full report by id, parsed only when a page asks for it.

    A rebuild re-renders few submission pages; parsing all 500 reports for
    them cost more than rendering those pages.
    """

    def __init__(self, texts: Mapping[str, str]) -> None:
        self._texts = texts

    def __getitem__(self, submission_id: str) -> dict[str, Any]:
        return json.loads(self._texts[submission_id])

    def __contains__(self, submission_id: object) -> bool:
        return submission_id in self._texts  # without parsing

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)


#: The packages a report's numbers come from, besides ``version.py``.
SCORER_PACKAGES = ("datasets", "matching", "scoring")


@lru_cache(maxsize=1)
def scorer_source_digest() -> str:
    """The digest of this installation's scorer (:func:`source_digest`)."""
    return source_digest(Path(__file__).resolve().parent.parent)


def source_digest(root: Path) -> str:
    """One digest of the scorer's source files under the package folder ``root``."""
    return code_digest("scorer-source", root, SCORER_PACKAGES)


def report_key(dataset: Dataset, predictions_sha256: str) -> str:
    return content_key(
        REPORT_KIND,
        EVALUATOR_VERSION,
        scorer_source_digest(),
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
    jobs: int = 1,
) -> list[Scored]:
    """One :class:`Scored` per submission, in the given order.

    Cache hits are read here; the misses are scored by ``jobs`` worker
    processes (one process scores in this one). Each report depends only on
    its own inputs and results are taken in submission order, so the output
    is the same bytes whatever ``jobs`` is. ``cache`` also keeps the usage.
    """
    cache = cache or ContentCache(None)
    item_ids = sorted(a.item_id for a in dataset.annotations)  # a report's item order
    found = [_cached(dataset, item_ids, submission, cache) for submission in submissions]
    misses = [s for s, hit in zip(submissions, found, strict=True) if hit is None]
    fresh = iter(_score_fresh_all(dataset, misses, jobs))
    scored = []
    for done, (submission, hit) in enumerate(zip(submissions, found, strict=True), 1):
        if hit is None:
            result = next(fresh)
            text = result.report_text
            cache.put_signed(REPORT_KIND, report_key(dataset, submission.predictions_sha256), text)
            store_usage(cache, submission.predictions_sha256, result.usage)
            digest = report_sha256(text)
            summary = summarize(json.loads(text))
            store_summary(cache, digest, summary)
            hit = Scored(
                submission,
                summary,
                text,
                digest,
                per_item_counts(summary),
                from_cache=False,
                usage=result.usage,
            )
        scored.append(hit)
        if progress is not None:
            progress(done)
    return scored


def _cached(
    dataset: Dataset, item_ids: list[str], submission: Submission, cache: ContentCache
) -> Scored | None:
    # Signed when the cache has a secret (CI): a restored report no other job could forge.
    text = cache.get_signed(REPORT_KIND, report_key(dataset, submission.predictions_sha256))
    if text is None:
        return None
    digest = report_sha256(text)
    summary = load_summary(cache, digest)
    per_item = (
        None
        if summary is None or not sound(summary)
        else _usable(summary, dataset, item_ids, submission.predictions_sha256)
    )
    if per_item is None:
        # No usable summary: the report itself, parsed in full. Our own
        # output, so plain json: the hardened reader is for untrusted files.
        try:
            report = json.loads(text)
        except ValueError:
            return None
        per_item = _usable(report, dataset, item_ids, submission.predictions_sha256)
        if per_item is None:
            return None
        try:
            summary = summarize(report)
        except (KeyError, TypeError):
            return None
        if not sound(summary):  # figures no scoring gives: damaged (red team round 23)
            return None
        store_summary(cache, digest, summary)
    usage = stored_usage(cache, submission.predictions_sha256)
    if usage is None:
        # A cached report, but no usage beside it: nothing is loaded yet.
        usage = run_usage(scored_predictions(submission).run)
        store_usage(cache, submission.predictions_sha256, usage)
    return Scored(submission, summary, text, digest, per_item, from_cache=True, usage=usage)


def _score_fresh_all(
    dataset: Dataset, misses: Sequence[Submission], jobs: int
) -> list[FreshReport]:
    """The report and usage of each submission in ``misses``, in order."""
    if jobs <= 1 or len(misses) <= 1:
        return [score_fresh(dataset, submission) for submission in misses]
    with ProcessPoolExecutor(
        max_workers=min(jobs, len(misses)), initializer=_set_dataset, initargs=(dataset,)
    ) as pool:
        results = list(pool.map(_score_in_worker, misses))
    for result in results:
        if isinstance(result, tuple):
            raise SpotDiffError(*result)  # the first failure in submission order
    return results  # type: ignore[return-value]


_WORKER_DATASET: list[Dataset] = []


def _set_dataset(dataset: Dataset) -> None:
    """Each worker receives the dataset once, not once per submission."""
    _WORKER_DATASET[:] = [dataset]


def _score_in_worker(submission: Submission) -> FreshReport | tuple[str, str, str]:
    """The report and usage, or the error's parts (a SpotDiffError does not survive pickling)."""
    try:
        return score_fresh(_WORKER_DATASET[0], submission)
    except SpotDiffError as exc:
        return (exc.file, exc.where, exc.what)


def score_fresh(dataset: Dataset, submission: Submission) -> FreshReport:
    """The report of one submission, as the text ``spotdiff evaluate --output`` writes.

    The usage comes from the same loaded predictions: reading the file again
    for its ``run`` cost a second parse and could see other bytes.
    """
    predictions = scored_predictions(submission)
    # The bytes ``spotdiff evaluate --output`` writes; the site publishes them as they are.
    report = dumps_layered(build_report(evaluate(dataset, predictions)))
    return FreshReport(report, run_usage(predictions.run))


def scored_predictions(submission: Submission) -> Predictions:
    """The submission's predictions, refused unless they are the bytes that were validated."""
    predictions = load_predictions(
        submission.predictions_path, max_bytes=PREDICTIONS_JSON_MAX_BYTES
    )
    if predictions.sha256 != submission.predictions_sha256:
        raise SpotDiffError(
            submission.predictions_path, "", "changed while the leaderboard was being built"
        )
    return predictions


def _usable(
    report: Any, dataset: Dataset, item_ids: list[str], predictions_sha256: str
) -> tuple[Counts, ...] | None:
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
            and [item["item_id"] for item in report["items"]] == item_ids
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
