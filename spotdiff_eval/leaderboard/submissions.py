"""Finding and loading the submission folders of one board, ``submissions/<board_id>/``.

Folders come from pull requests, so they are read as data only and every one
is checked by :func:`~spotdiff_eval.validation._board_checks.check_on_board` before
anything else looks at it. A broken folder is left out and reported, and the
rest of the board is still built: before boards, one broken folder stopped
the whole publication (no site, no LEADERBOARD.md) for everybody.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..datasets import (
    ALLOWED_FILES,
    BOARD_JSON,
    Board,
    Dataset,
    parse_json_bytes,
    read_bytes_limited,
    resource_dir,
    sorted_entries,
)
from ..errors import SpotDiffError
from ..validation import (
    BASELINE_IDS,
    PREDICTIONS_JSON_MAX_BYTES,
    SUBMISSION_JSON_MAX_BYTES,
    SUBMISSION_LIMITS,
    check_on_board,
)
from ..version import EVALUATOR_VERSION, __version__
from .cache import ContentCache, code_digest, content_key

__all__ = ["BASELINE_IDS", "Submission", "SubmissionFindings", "discover", "load_submissions"]


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


def discover(board_folder: Path) -> tuple[list[Path], list[str]]:
    """The submission folders of a board, sorted by name, and findings for stray files."""
    board_folder = Path(board_folder)
    entries = sorted_entries(board_folder)
    folders, findings = [], []
    for entry in entries:
        if entry.name.startswith(".") or entry.name in ALLOWED_FILES or entry.name == BOARD_JSON:
            continue
        if entry.is_file(follow_symlinks=False):
            findings.append(
                SpotDiffError(
                    board_folder / entry.name,
                    "",
                    "unexpected file: a board holds board.json and one folder per submission",
                ).one_line()
            )
            continue
        folders.append(board_folder / entry.name)  # symlinks: validation reports them
    return folders, findings


def load_submissions(
    board: Board, dataset: Dataset, cache: ContentCache | None = None
) -> tuple[list[Submission], list[str]]:
    """The board's valid submissions, and a finding for each folder left out."""
    cache = cache or ContentCache(None)
    folders, findings = discover(board.folder)
    submissions = []
    for folder in folders:
        try:
            submissions.append(_load_one(folder, board, dataset, cache))
        except SubmissionFindings as exc:
            findings += exc.findings
    return submissions, findings


def _load_one(folder: Path, board: Board, dataset: Dataset, cache: ContentCache) -> Submission:
    """Validation is skipped only for a pristine folder whose exact bytes passed before."""
    pristine = _is_pristine(folder)
    if pristine:
        meta_bytes, pred_sha256 = _read(folder)
        key = _validation_key(folder.name, board, dataset, meta_bytes, pred_sha256)
        if cache.has_mark("validated", key):
            return _submission(folder, meta_bytes, pred_sha256)
    findings = check_on_board(folder, board, dataset.manifest_path)
    if findings:
        raise SubmissionFindings(list(findings))
    # Read again after validating: the bytes that passed are the ones marked.
    meta_bytes, pred_sha256 = _read(folder)
    if _is_pristine(folder):
        key = _validation_key(folder.name, board, dataset, meta_bytes, pred_sha256)
        cache.mark("validated", key)
    return _submission(folder, meta_bytes, pred_sha256)


def _read(folder: Path) -> tuple[bytes, str]:
    """submission.json's bytes and the sha256 of predictions.json's, each read once."""
    meta_bytes = read_bytes_limited(folder / "submission.json", SUBMISSION_JSON_MAX_BYTES)
    pred_bytes = read_bytes_limited(folder / "predictions.json", PREDICTIONS_JSON_MAX_BYTES)
    return meta_bytes, hashlib.sha256(pred_bytes).hexdigest()


def _submission(folder: Path, meta_bytes: bytes, pred_sha256: str) -> Submission:
    """The submission from the bytes that were checked (not read a third time)."""
    return Submission(
        submission_id=folder.name,
        folder=folder,
        metadata=parse_json_bytes(meta_bytes, folder / "submission.json"),
        predictions_sha256=pred_sha256,
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


def _validation_key(
    name: str, board: Board, dataset: Dataset, meta: bytes, predictions_sha256: str
) -> str:
    """Everything a folder's verdict depends on, the checking code itself included."""
    return content_key(
        "validated",
        __version__,
        EVALUATOR_VERSION,
        checker_digest(),
        name,
        board.board_id,
        board.track,
        dataset.name,
        dataset.version,
        dataset.fingerprint,
        meta,
        predictions_sha256,
    )


#: The packages a folder's verdict comes from (the schemas besides).
CHECKER_PACKAGES = ("validation", "datasets")


@lru_cache(maxsize=1)
def checker_digest() -> str:
    """The digest of this installation's checks (:func:`checker_source_digest`)."""
    return checker_source_digest(Path(__file__).resolve().parent.parent, resource_dir("schemas"))


def checker_source_digest(package: Path, schemas: Path) -> str:
    """One digest of the checking code and the schemas, for the validation marks.

    The package version alone keyed them: a check merged without a version
    bump left a folder out of a cold build and kept it in a warm one, as the
    scorer's source key once fixed for reports (red team round 19).
    """
    schema_files = sorted(
        (f"schemas/{f.relative_to(schemas).as_posix()}", f)
        for f in schemas.rglob("*")
        if f.is_file()
    )
    return code_digest("checker-source", package, CHECKER_PACKAGES, schema_files)
