"""Finding and loading the submission folders of ``submissions/``.

Folders come from pull requests, so they are read as data only and every one
is checked by :func:`~spotdiff_eval.submission_checks.validate_submission`
before anything else looks at it. One broken folder stops the build: a
leaderboard that silently dropped an entry would be wrong without anybody
noticing.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..ci.verify import declared
from ..domain import Dataset
from ..errors import SpotDiffError
from ..jsonio import read_bytes_limited, read_json
from ..submission_checks import (
    PREDICTIONS_JSON_MAX_BYTES,
    SUBMISSION_JSON_MAX_BYTES,
    SUBMISSION_LIMITS,
    validate_submission,
)
from ..version import EVALUATOR_VERSION
from .cache import ContentCache, content_key

#: Files ``submissions/`` may hold besides submission folders: contributor
#: instructions. Hidden entries (``.gitkeep``, an editor's swap file, the
#: staging folder of an interrupted ``spotdiff submit``) are not looked at.
ALLOWED_FILES = frozenset({"README.md"})
#: The project's own baselines (``baselines.py``), the only folders that may say
#: ``"baseline": true``: the flag shows an entry as "not a model" and waives
#: the submitter, so a pull request must not be able to claim it.
BASELINE_IDS = frozenset({"perfect-baseline", "empty-baseline", "example-baseline"})


class SubmissionFindings(SpotDiffError):
    """Every finding of every broken folder, each already a one-line message.

    The command prints them all, so a contributor fixes everything in one pass;
    as a plain :class:`SpotDiffError` it reads as the first finding plus a count.
    """

    def __init__(self, findings: list[str]) -> None:
        self.findings = list(findings)
        more = len(self.findings) - 1
        super().__init__(self.findings[0], "", f"(and {more} more problems)" if more else "")

    def one_line(self) -> str:
        return f"{self.file} {self.what}".rstrip()


@dataclass(frozen=True)
class Submission:
    """A validated submission folder."""

    submission_id: str
    folder: Path
    metadata: dict[str, Any]
    predictions_sha256: str

    @property
    def predictions_path(self) -> Path:
        return self.folder / "predictions.json"


def discover(submissions_dir: Path) -> list[Path]:
    """The submission folders, sorted by name so the listing order never matters."""
    submissions_dir = Path(submissions_dir)
    try:
        with os.scandir(submissions_dir) as scan:
            entries = sorted(scan, key=lambda e: e.name)
    except FileNotFoundError:
        raise SpotDiffError(submissions_dir, "", "folder not found") from None
    except NotADirectoryError:
        raise SpotDiffError(submissions_dir, "", "is not a folder") from None
    folders = []
    for entry in entries:
        if entry.name.startswith(".") or entry.name in ALLOWED_FILES:
            continue
        if entry.is_file(follow_symlinks=False):
            raise SpotDiffError(
                submissions_dir / entry.name,
                "",
                "unexpected file: submissions/ holds one folder per submission (and README.md)",
            )
        folders.append(submissions_dir / entry.name)  # symlinks: validation reports them
    return folders


def load_submissions(
    submissions_dir: Path, dataset: Dataset, cache: ContentCache | None = None
) -> list[Submission]:
    """Validate and load every dev-track folder; raise :class:`SubmissionFindings` if any is broken.

    Hidden-track folders are left out: their annotations are never in the
    repository, and the publish job scores them on its own (``spotdiff ci
    score-hidden``), publishing aggregates only.
    """
    cache = cache or ContentCache(None)
    submissions, findings = [], []
    for folder in discover(submissions_dir):
        if declared(folder)[0] == "hidden":
            continue
        try:
            submissions.append(_load_one(folder, dataset, cache))
        except SubmissionFindings as exc:
            findings += exc.findings
    if findings:
        raise SubmissionFindings(findings)
    return submissions


def _load_one(folder: Path, dataset: Dataset, cache: ContentCache) -> Submission:
    """Validation is skipped only for a pristine folder whose exact bytes passed before."""
    pristine = _is_pristine(folder)
    if pristine:
        meta_bytes = read_bytes_limited(folder / "submission.json", SUBMISSION_JSON_MAX_BYTES)
        pred_bytes = read_bytes_limited(folder / "predictions.json", PREDICTIONS_JSON_MAX_BYTES)
        key = _validation_key(folder.name, dataset, meta_bytes, pred_bytes)
        if cache.has_mark("validated", key):
            return _submission(folder, pred_bytes)
    findings = validate_submission(folder, manifest=dataset.manifest_path)
    if findings:
        raise SubmissionFindings(list(findings))
    # Read again after validating: the bytes that passed are the ones marked.
    meta_bytes = read_bytes_limited(folder / "submission.json", SUBMISSION_JSON_MAX_BYTES)
    pred_bytes = read_bytes_limited(folder / "predictions.json", PREDICTIONS_JSON_MAX_BYTES)
    if _is_pristine(folder):
        cache.mark("validated", _validation_key(folder.name, dataset, meta_bytes, pred_bytes))
    return _submission(folder, pred_bytes)


def _submission(folder: Path, pred_bytes: bytes) -> Submission:
    path = folder / "submission.json"
    metadata = read_json(path, max_bytes=SUBMISSION_JSON_MAX_BYTES)
    if metadata.get("baseline") and folder.name not in BASELINE_IDS:
        what = f"only the project's baselines ({', '.join(sorted(BASELINE_IDS))}) may be marked"
        raise SubmissionFindings([SpotDiffError(path, "/baseline", what).one_line()])
    return Submission(
        submission_id=folder.name,
        folder=folder,
        metadata=metadata,
        predictions_sha256=hashlib.sha256(pred_bytes).hexdigest(),
    )


def _is_pristine(folder: Path) -> bool:
    """Exactly the two expected regular files, within their limits, and no symlink.

    Anything else goes through the full validation, which says what is wrong.
    """
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return False
        with os.scandir(folder) as scan:
            entries = {e.name: e.stat(follow_symlinks=False) for e in scan}
    except OSError:
        return False
    return entries.keys() == SUBMISSION_LIMITS.keys() and all(
        stat.S_ISREG(info.st_mode) and info.st_size <= SUBMISSION_LIMITS[name]
        for name, info in entries.items()
    )


def _validation_key(name: str, dataset: Dataset, meta: bytes, predictions: bytes) -> str:
    """Everything a folder's verdict depends on, the checking code's version included."""
    return content_key(
        "validated",
        __version__,
        EVALUATOR_VERSION,
        name,
        dataset.name,
        dataset.version,
        dataset.fingerprint,
        meta,
        predictions,
    )
