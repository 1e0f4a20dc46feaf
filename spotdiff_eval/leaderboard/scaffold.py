"""``spotdiff submit``: a submission folder made from a predictions file and a few flags.

The folder is written only once its metadata is schema-valid, and is then
checked exactly as CI checks it (``validate_submission``). A folder that
fails is removed again, and with ``force`` the previous folder comes back:
a failed ``submit`` never leaves a half-made submission or loses an old one.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import shutil
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._util.file_names import temp_prefix
from .._util.folders import writing
from ..datasets import (
    Board,
    discover_boards,
    dumps_canonical,
    load_dataset,
    load_predictions,
    read_bytes_limited,
    read_manifest,
    validate_document,
)
from ..errors import SpotDiffError
from ..scoring import Evaluation, evaluate, render_summary
from ..validation import PREDICTIONS_JSON_MAX_BYTES, TRACKS, check_on_board, windows_name_problem
from .submissions import SubmissionFindings

#: Which flag set each field of submission.json, to name it in errors.
FLAGS = {
    "/submission_id": "--id",
    "/model/name": "--model",
    "/model/version": "--model-version",
    "/organisation": "--provider",
    "/runtime": "--runtime",
    "/submitter": "--submitter",
    "/date": "--date",
    "/prompt/name": "--prompt-name",
    "/links": "--link",
    "/notes": "--notes",
}
COMMAND = "spotdiff submit"


@dataclass(frozen=True)
class SubmitRequest:
    """What the contributor said on the command line."""

    predictions: Path
    model: str
    provider: str
    submitter: str | None
    submission_id: str | None = None
    model_version: str | None = None
    runtime: str = "api"
    date: str | None = None
    prompt_name: str = "spotdiff_v1"
    prompt_sha256: str | None = None
    notes: str | None = None
    links: tuple[tuple[str, str], ...] = field(default=())
    track: str | None = None  # the board decides; a different --track is refused


@dataclass(frozen=True)
class Submitted:
    folder: Path
    evaluation: Evaluation | None  # None on the hidden track: scored after merge only


def derive_submission_id(model: str) -> str:
    """A valid submission id from a model name: "GPT-4o mini (2024)" -> "gpt-4o-mini-2024".

    Accented letters are read without their accents ("Ünïcode" -> "unicode");
    they were dropped, giving "n-code" (red team round 20).
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", model) if not unicodedata.combining(c))
    text = re.sub(r"[^a-z0-9._-]+", "-", plain.lower())
    text = re.sub(r"-{2,}", "-", text).strip("-._")
    text = text[:64].rstrip("-._")
    if len(text) < 3 or windows_name_problem(text) is not None:
        # "NUL" -> "nul-model": a device name is no folder Windows can check out
        text = f"{text[:58]}-model" if text else "model"
    return text


def create_submission(
    request: SubmitRequest,
    *,
    manifest: Path,
    board: Board,
    force: bool = False,
) -> Submitted:
    """Write ``submissions/<board>/<id>/`` and validate it; raise on any problem, leaving no trace.

    The board decides the track. On a hidden board the annotations are not
    public: the manifest alone gives the dataset's name, version and items,
    it must be the dataset the board names, and the score is computed after
    merge by the publish job.
    """
    hidden = board.hidden
    track = TRACKS[board.track]
    if request.track is not None and request.track != track:
        raise SpotDiffError(
            COMMAND,
            "--track",
            f'board {board.board_id} is on the {track} track, not "{request.track}"; '
            "leave --track out (the board decides it)",
        )
    if hidden:
        listing = read_manifest(manifest)
        dataset = None
        name, version = listing.data["dataset_name"], listing.data["dataset_version"]
        item_ids = [entry["item_id"] for entry in listing.entries]
        _fits_board(manifest, board, (name, version), None)
    else:
        dataset = load_dataset(manifest)
        name, version = dataset.name, dataset.version
        item_ids = [item.item_id for item in dataset.items]
        _fits_board(manifest, board, (name, version), dataset.fingerprint)
    raw = read_bytes_limited(request.predictions, PREDICTIONS_JSON_MAX_BYTES)
    predictions = load_predictions(request.predictions, max_bytes=PREDICTIONS_JSON_MAX_BYTES)
    if predictions.model != request.model.strip():
        raise SpotDiffError(
            request.predictions,
            "/model",
            f'model "{predictions.model}" differs from --model "{request.model.strip()}"; '
            "a submission's name must be the one its predictions carry",
        )
    submission_id = request.submission_id or derive_submission_id(request.model)
    answered = {item.item_id for item in predictions.items}
    unanswered = sum(item_id not in answered for item_id in item_ids)
    metadata = _metadata(request, submission_id, (name, version, track), unanswered)
    folder = board.folder / submission_id
    if os.path.lexists(folder) and not force:
        raise SpotDiffError(
            folder, "", "already exists; choose another --id, or pass --force to replace it"
        )
    _write_checked(folder, metadata, raw, board, None if hidden else manifest)
    return Submitted(folder, None if dataset is None else evaluate(dataset, predictions))


def _fits_board(
    manifest: Path, board: Board, declared: tuple[str, str], fingerprint: str | None
) -> None:
    """Refuse a manifest of another dataset than the board's.

    ``submit --track hidden`` without ``--manifest`` used to record the
    bundled dev set for a hidden submission and call it valid.
    """
    if board.fingerprint is not None and fingerprint is not None:
        if fingerprint != board.fingerprint:
            raise SpotDiffError(
                manifest,
                "",
                f"dataset {declared[0]} {declared[1]} (fingerprint {fingerprint[:12]}...) is not "
                f"board {board.board_id}'s ({board.fingerprint[:12]}...); pass the --manifest "
                f"of {board.source}",
            )
        return
    expected = (board.dataset_name, board.dataset_version)
    if board.dataset_name is not None and declared != expected:
        raise SpotDiffError(
            manifest,
            "/dataset_name",
            f"dataset {declared[0]} {declared[1]} is not board {board.board_id}'s "
            f"{expected[0]} {expected[1]}; pass the --manifest of {board.source}",
        )
    own_manifest = board.local_manifest()
    if own_manifest is not None:
        own = read_manifest(own_manifest)
        expected = (own.data["dataset_name"], own.data["dataset_version"])
        if declared != expected:
            raise SpotDiffError(
                manifest,
                "/dataset_name",
                f"dataset {declared[0]} {declared[1]} is not board {board.board_id}'s "
                f"{expected[0]} {expected[1]} ({board.source})",
            )
    elif board.dataset_name is None:
        _not_another_boards(manifest, board, declared)


def _not_another_boards(manifest: Path, board: Board, declared: tuple[str, str]) -> None:
    """Refuse, for a Hub board not pinned yet (no fingerprint, no dataset name), the
    dataset another board of the folder names.

    In a checkout, ``submit --board v1-dev`` without ``--manifest`` took the
    bundled set of ``data/``: the folder recorded spotdiff-synthetic-dev on the
    Hub board and printed the bundled set's score as the one CI would compute
    (red team round 21). The boards of ``submissions/`` know their datasets:
    a folder's by its manifest, a hidden board's by the name it states.
    """
    for other in discover_boards(board.folder.parent):
        local = other.local_manifest()
        if other.board_id == board.board_id or (local is None and other.dataset_name is None):
            continue
        if local is not None:
            if not local.is_file():
                continue
            data = read_manifest(local).data
            names = (data["dataset_name"], data["dataset_version"])
        else:
            names = (other.dataset_name, other.dataset_version)
        if names == declared:
            raise SpotDiffError(
                manifest,
                "/dataset_name",
                f"dataset {declared[0]} {declared[1]} is board {other.board_id}'s "
                f"({_source(other)}), not board {board.board_id}'s; pass the --manifest of "
                f"{board.repo_id} (spotdiff download --dataset {board.repo_id})",
            )


def _source(board: Board) -> str:
    """``data/ of this repository`` or ``OWNER/NAME``, as the board tables say it."""
    if board.repo_id is None:
        return f"{board.source} of this repository"
    return board.repo_id


def _metadata(
    request: SubmitRequest, submission_id: str, dataset: tuple[str, str, str], unanswered: int
) -> dict[str, Any]:
    model = {"name": request.model.strip()}
    if request.model_version:
        model["version"] = request.model_version
    prompt = {"name": request.prompt_name}
    if request.prompt_sha256:
        prompt["sha256"] = request.prompt_sha256
    if not request.submitter:
        raise SpotDiffError(COMMAND, "--submitter", "your GitHub handle is required (without @)")
    metadata: dict[str, Any] = {
        "schema_version": "1.0",
        "submission_id": submission_id,
        "model": model,
        "organisation": request.provider,
        "runtime": request.runtime,
        "submitter": request.submitter,
        "date": request.date or dt.date.today().isoformat(),
        "dataset": {"name": dataset[0], "version": dataset[1], "track": dataset[2]},
        "prompt": prompt,
    }
    if request.links:
        metadata["links"] = [{"label": label, "url": url} for label, url in request.links]
    if request.notes:
        metadata["notes"] = request.notes
    if unanswered:
        metadata["unanswered_items"] = unanswered
    try:
        validate_document(metadata, "submission", "submission.json")
    except SpotDiffError as exc:
        flag = next((f for p, f in FLAGS.items() if exc.where.startswith(p)), exc.where)
        raise SpotDiffError(COMMAND, flag, exc.what) from None
    return metadata


def _write_checked(
    folder: Path, metadata: dict[str, Any], raw: bytes, board: Board, manifest: Path | None
) -> None:
    """Write the folder; keep it only if it validates (an old one is put aside meanwhile)."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    aside = None
    if os.path.lexists(folder):
        aside = Path(tempfile.mkdtemp(prefix=temp_prefix(folder.name, "old-"), dir=folder.parent))
        os.rename(folder, aside / folder.name)
    try:
        folder.mkdir()
        # A failed write (a full disk) names its file; a bare OSError of
        # write(2) has none, and read "spotdiff: File too large" (round 20).
        with writing(folder / "predictions.json"):
            (folder / "predictions.json").write_bytes(raw)
        with writing(folder / "submission.json"):
            (folder / "submission.json").write_text(
                dumps_canonical(metadata), encoding="utf-8", newline="\n"
            )
        findings = check_on_board(folder, board, manifest, allow_baseline=False)
        if findings:
            raise SubmissionFindings(list(findings))
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        if aside is not None:
            with contextlib.suppress(OSError):
                os.rename(aside / folder.name, folder)
        raise
    finally:
        if aside is not None and not os.path.lexists(aside / folder.name):
            shutil.rmtree(aside, ignore_errors=True)
    if aside is not None:
        shutil.rmtree(aside, ignore_errors=True)


def render_submitted(submitted: Submitted) -> str:
    """What ``spotdiff submit`` prints: the folder, and the score CI will compute.

    The score is the head of ``spotdiff evaluate``'s summary (model, overall
    score with its interval, the other metrics, recall by kind), so both
    commands show a contributor the same numbers the same way.
    """
    evaluation = submitted.evaluation
    if evaluation is None:
        return (
            f"Created {submitted.folder}/ (submission.json, predictions.json): valid\n\n"
            "Hidden track: the annotations are not public, so the score is computed only\n"
            "after the merge, by the publish job, and published as aggregates.\n"
        )
    head = render_summary(evaluation).split("\n\n")[:3]
    answered = len(evaluation.items) - len(evaluation.unanswered)
    unanswered = " (the others score as missed)" if evaluation.unanswered else ""
    lines = [
        f"Created {submitted.folder}/ (submission.json, predictions.json): valid",
        "",
        "The score CI will compute:",
        "",
        "\n\n".join(head),
        "",
        f"Items answered: {answered} of {len(evaluation.items)}{unanswered}",
        "",
        f"Next: commit {submitted.folder}/ and open a pull request; CI scores it again with",
        "the trusted scorer, and the leaderboard is rebuilt after the merge.",
    ]
    return "\n".join(lines) + "\n"
