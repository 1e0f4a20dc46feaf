"""``spotdiff validate``: check a predictions file, a dataset or a submission folder.

Detects what the target is and hands it to the checks for that kind:
predictions here, datasets in ``dataset_checks.py``, submission folders in
``submission_checks.py``. Every check collects findings (``findings.py``)
instead of stopping at the first.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..datasets import (
    BOARD_JSON,
    MAX_JSON_BYTES,
    board_of,
    hub_name_hint,
    load_dataset,
    manifest_in,
    read_predictions,
)
from ..errors import FileTooLarge, SpotDiffError
from ._board_checks import check_on_board
from ._dataset_checks import validate_dataset
from ._extra_fields import warn_null_fields, warn_unknown_fields
from ._findings import (
    Findings,
    listing,
    schema_findings,
    unanswered_items,
    unanswered_summary,
    unknown_item_findings,
)
from ._submission_checks import validate_submission

TARGET_KINDS = ("predictions", "dataset", "submission")

__all__ = [
    "TARGET_KINDS",
    "detect_kind",
    "validate_dataset",
    "validate_predictions",
    "validate_submission",
    "validate_target",
]


def detect_kind(target: Path) -> str | None:
    """``submission``, ``dataset`` or ``predictions``; None for a folder that is neither.

    A folder is a submission when it holds ``submission.json`` or
    ``predictions.json`` or sits in a board (beside a board.json), so that a half-made
    submission is checked as one (and told what it lacks).
    """
    if target.is_dir():
        if os.path.lexists(target / "submission.json"):
            return "submission"
        if manifest_in(target).is_file():
            return "dataset"
        on_board = os.path.lexists(target.parent / BOARD_JSON)
        if on_board or os.path.lexists(target / "predictions.json"):
            return "submission"
        return None
    return "dataset" if target.name == "manifest.json" else "predictions"


def validate_target(
    target: Path,
    *,
    manifest: Path | None = None,
    kind: str | None = None,
    default_manifest: Path | None = None,
    max_predictions_bytes: int = MAX_JSON_BYTES,
) -> Findings:
    """Validate ``target`` (auto-detected unless ``kind`` is given); return findings.

    ``manifest`` is the dataset predictions are checked against; it is not
    used when the target is itself a dataset. ``default_manifest`` stands in
    when none is given, except for a submission folder on a board, which is
    checked against its board's dataset (checking a hidden board's folder
    against the bundled set refused every hidden submission).
    ``max_predictions_bytes`` caps a predictions file, as ``evaluate`` does.
    """
    target = Path(target)
    if kind is not None and kind not in TARGET_KINDS:
        raise ValueError(f"kind must be one of {', '.join(TARGET_KINDS)}, not {kind!r}")
    if not os.path.lexists(target):
        return Findings([SpotDiffError(target, "", "not found" + hub_name_hint(target)).one_line()])
    kind = kind or detect_kind(target)
    if kind == "submission":
        return _validate_on_board(target, manifest, default_manifest)
    manifest = manifest or default_manifest
    if kind == "dataset":
        return validate_dataset(manifest_in(target))
    if kind == "predictions":
        return validate_predictions(target, manifest=manifest, max_bytes=max_predictions_bytes)
    what = "folder holds neither submission.json, manifest.json nor data/manifest.json"
    return Findings([SpotDiffError(target, "", what).one_line()])


def _validate_on_board(
    target: Path, manifest: Path | None, default_manifest: Path | None
) -> Findings:
    try:
        board = board_of(target)
    except SpotDiffError as exc:
        return Findings([exc.one_line()])
    if board is None:
        return validate_submission(target, manifest=manifest or default_manifest)
    if manifest is None:
        manifest = board.local_manifest()
    findings = check_on_board(target, board, manifest)
    if manifest is None and not board.hidden:
        findings.warn(
            target,
            "",
            f"not checked against board {board.board_id}'s items: pass --manifest of "
            f"{board.source}",
        )
    return findings


# -- predictions ---------------------------------------------------------------


def validate_predictions(
    path: Path, *, manifest: Path | None = None, max_bytes: int = MAX_JSON_BYTES
) -> Findings:
    """Schema and loader checks; with a manifest, coverage of the dataset too.

    Answers for items the dataset lacks are problems (a wrong dataset, or
    misspelled ids); unanswered items are warnings (they score as missed).
    """
    findings = Findings()
    try:
        predictions, raw = read_predictions(path, max_bytes=max_bytes)
    except FileTooLarge as exc:
        # As evaluate, explain and merge say: the file was refused by a cap
        # validate had no flag to raise (red team round 20).
        needed = -(-exc.size // 2**20)  # whole MiB, rounded up
        return Findings([f"{exc.one_line()}; add --max-predictions-mib {needed} to read it"])
    except SpotDiffError as exc:
        return Findings(schema_findings(exc, "prediction"))
    try:
        dataset = load_dataset(manifest) if manifest is not None else None
    except SpotDiffError as exc:
        return Findings([exc.one_line()])
    warn_unknown_fields(findings, path, raw, "prediction")
    warn_null_fields(findings, path, raw, "prediction")
    if dataset is not None:
        findings += unknown_item_findings(predictions, dataset)
        missing = unanswered_items(predictions, dataset)
        if missing:
            findings.warn(
                path, "/items", f"{unanswered_summary(missing, dataset)}: {listing(missing)}"
            )
    return findings
