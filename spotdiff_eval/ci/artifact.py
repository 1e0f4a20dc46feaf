"""The verification artifact: written by ``verify-pr``, read back as data.

The artifact holds ``result.json`` (small, ``schemas/ci-result.schema.json``),
``summary.md`` (for people who download it) and ``report.json`` (the trusted
scorer's full report). A pull request can edit the workflow that produces it,
so the privileged comment workflow trusts none of it: it reads ``result.json``
alone, through the size cap, the schema (closed objects, numbers only where
numbers belong, bounded strings) and the consistency checks below, and
renders the comment itself from the validated values. ``summary.md`` is never
posted.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..datasets import (
    dumps_layered,
    read_json,
    validate_document,
    write_json_atomic,
    write_text_atomic,
)
from ..errors import SpotDiffError
from ..scoring import METRIC_NAMES
from ..version import EVALUATOR_VERSION
from .verify import Verification

RESULT_FILE = "result.json"
SUMMARY_FILE = "summary.md"
REPORT_FILE = "report.json"
#: A real result.json is about 2 KiB; anything near this cap is not one.
RESULT_MAX_BYTES = 64 * 1024
#: Problems kept in result.json (the full list is in the job log and summary).
MAX_PROBLEMS = 20
PROBLEM_MAX_CHARS = 400


@dataclass(frozen=True)
class CiResult:
    """A validated result.json. Strings are untrusted text: escape them to show them."""

    verdict: str
    base_sha: str
    head_sha: str
    submission_id: str | None
    action: str | None
    track: str | None
    model: str | None
    evaluator_version: str
    dataset: dict[str, Any] | None
    metrics: dict[str, float] | None
    confidence_interval: tuple[float, float] | None
    counts: dict[str, int] | None
    problems: tuple[str, ...]
    problems_total: int
    pull_request: int | None


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def result_document(verification: Verification, pull_request: int | None = None) -> dict[str, Any]:
    """result.json for a verification, within the schema's bounds.

    The reasons a maintainer must review are listed with the problems.
    ``pull_request`` is the number from the event: the comment workflow posts
    on that pull request once the API confirms its head is the checked commit.
    """
    report = verification.report
    reasons = (*verification.problems, *verification.reviews)
    problems = [_clip(p, PROBLEM_MAX_CHARS) for p in reasons[:MAX_PROBLEMS]]
    doc: dict[str, Any] = {
        "schema_version": "1.0",
        "verdict": verification.verdict,
        "pull_request": pull_request,
        "base_sha": verification.base_sha,
        "head_sha": verification.head_sha,
        "submission_id": verification.submission_id,
        "action": verification.action,
        "track": verification.track,
        "model": None if verification.model is None else _clip(verification.model, 100),
        "evaluator_version": EVALUATOR_VERSION,
        "dataset": None,
        "metrics": None,
        "confidence_interval": None,
        "counts": None,
        "problems": problems,
        "problems_total": len(reasons),
    }
    if report is not None:
        dataset, counts = report["dataset"], report["counts"]
        doc["dataset"] = {
            "name": _clip(dataset["name"], 100),
            "version": _clip(dataset["version"], 50),
            "fingerprint": dataset["fingerprint"],
            "items": dataset["items"],
            "differences": dataset["differences"],
        }
        doc["metrics"] = {name: report["metrics"][name] for name in METRIC_NAMES}
        doc["confidence_interval"] = list(report["confidence_intervals"]["overall_score"])
        doc["counts"] = {
            "items": counts["items"],
            "items_answered": counts["items_answered"],
            "gold": counts["gold"],
            "predicted": counts["predicted"],
            "matched": counts["matched"],
        }
    return doc


def write_artifact(
    folder: Path, doc: dict[str, Any], summary: str, report: dict[str, Any] | None
) -> None:
    """Write the artifact files into ``folder``; refuse a result the reader would refuse."""
    folder = Path(folder)
    parse_result(doc, folder / RESULT_FILE)
    write_json_atomic(folder / RESULT_FILE, doc)
    write_text_atomic(folder / SUMMARY_FILE, summary)
    if report is not None:
        write_text_atomic(folder / REPORT_FILE, dumps_layered(report))
    else:
        (folder / REPORT_FILE).unlink(missing_ok=True)


def load_result(folder: Path) -> CiResult:
    """Read and validate ``result.json`` of a downloaded artifact, as untrusted data."""
    path = Path(folder) / RESULT_FILE
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        raise SpotDiffError(path, "", "not found: the verification run left no result") from None
    if not stat.S_ISREG(mode):
        raise SpotDiffError(path, "", "is not a regular file")
    return parse_result(read_json(path, max_bytes=RESULT_MAX_BYTES), path)


def parse_result(data: Any, source: object) -> CiResult:
    """Schema, then the rules a schema cannot state; raise on the first violation."""
    validate_document(data, "ci-result", source)
    _check_consistency(data, source)
    interval = data["confidence_interval"]
    return CiResult(
        verdict=data["verdict"],
        base_sha=data["base_sha"],
        head_sha=data["head_sha"],
        submission_id=data["submission_id"],
        action=data["action"],
        track=data["track"],
        model=data["model"],
        evaluator_version=data["evaluator_version"],
        dataset=data["dataset"],
        metrics=data["metrics"],
        confidence_interval=None if interval is None else (interval[0], interval[1]),
        counts=data["counts"],
        problems=tuple(data["problems"]),
        problems_total=data["problems_total"],
        pull_request=data["pull_request"],
    )


def _check_consistency(data: dict[str, Any], source: object) -> None:
    """A verdict must come with what it implies; counts and intervals must add up.

    Motivating case: a forged ``{"verdict": "verified", "problems": [...]}`` or
    a verified result without scores would otherwise render as a clean pass.
    """

    def fail(where: str, what: str) -> None:
        raise SpotDiffError(source, where, what)

    verdict, problems, total = data["verdict"], data["problems"], data["problems_total"]
    scored = ("dataset", "metrics", "confidence_interval", "counts")
    if total < len(problems):
        fail("/problems_total", f"is {total}, fewer than the {len(problems)} problems listed")
    if verdict in ("rejected", "needs_maintainer"):
        if not problems:
            fail("/problems", f'a "{verdict}" result must list its reasons')
    elif problems or total:
        fail("/problems", f'a "{verdict}" result cannot have problems')
    if verdict == "not_a_submission":
        for key in ("submission_id", "action", "track", "model"):
            if data[key] is not None:
                fail(f"/{key}", f'a "{verdict}" result names no submission')
        for key in scored:
            if data[key] is not None:
                fail(f"/{key}", f'a "{verdict}" result cannot have {key}')
    elif verdict != "rejected":
        if data["submission_id"] is None or data["action"] is None:
            fail("/submission_id", f'a "{verdict}" result needs its submission id and action')
        expected = {"verified": ("dev",), "checked": ("hidden",)}.get(verdict, ("dev", "hidden"))
        if data["track"] not in expected:
            fail("/track", f'a "{verdict}" result is for the {" or ".join(expected)} track')
        for key in scored:
            if (data[key] is None) == (data["track"] == "dev"):
                state = "needs" if data["track"] == "dev" else "cannot have"
                fail(f"/{key}", f'a "{verdict}" result {state} {key}')
    if len({data[key] is None for key in scored}) > 1:
        fail("/metrics", "dataset, metrics, confidence_interval and counts come together")
    interval, counts = data["confidence_interval"], data["counts"]
    if interval is not None and interval[0] > interval[1]:
        fail("/confidence_interval", "low end is above the high end")
    if counts is not None:
        if counts["items_answered"] > counts["items"]:
            fail("/counts/items_answered", "more items answered than the dataset has")
        if counts["matched"] > min(counts["gold"], counts["predicted"]):
            fail("/counts/matched", "more matches than golden differences or predictions")
