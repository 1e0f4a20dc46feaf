"""Submission folder checks for ``spotdiff validate``.

Submission folders come from pull requests, so they are inspected with
``lstat`` only: symlinks are reported, never followed, and no file is read
before its size is known to be within the limits below.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import stat
from pathlib import Path
from typing import Any

from ..datasets import Predictions, load_dataset, read_json, read_predictions, validate_document
from ..errors import SpotDiffError
from ._extra_fields import warn_null_fields, warn_unknown_fields
from ._findings import (
    Findings,
    listing,
    unanswered_items,
    unanswered_summary,
    unknown_item_findings,
)

#: Largest accepted ``submission.json``: metadata only, a few KiB in practice.
SUBMISSION_JSON_MAX_BYTES = 64 * 1024
#: Largest accepted ``predictions.json`` in a submission folder. The dev set
#: needs well under 1 MiB; 16 MiB leaves room for a large hidden split while
#: keeping what CI reads from a pull request bounded.
PREDICTIONS_JSON_MAX_BYTES = 16 * 1024 * 1024
SUBMISSION_LIMITS = {
    "submission.json": SUBMISSION_JSON_MAX_BYTES,
    "predictions.json": PREDICTIONS_JSON_MAX_BYTES,
}
SUBMISSION_ID_RE = re.compile(r"[a-z0-9][a-z0-9._-]{2,63}")
#: Names Git for Windows refuses to check out (``core.protectNTFS``): a device
#: name, alone or before an extension (``nul``, ``aux.v2``), and a name ending
#: in ``.``. One merged folder so named broke every Windows clone of the
#: repository, though it matched the id pattern (red team round 17).
_NOT_ON_WINDOWS = re.compile(r"(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?|.*\.")


def windows_name_problem(name: str) -> str | None:
    """Why a folder named ``name``, a valid id otherwise, cannot be checked out on Windows."""
    if not _NOT_ON_WINDOWS.fullmatch(name):
        return None
    return (
        f'folder name "{name}" cannot be checked out on Windows (a device name such as nul, '
        "con, aux or com1, alone or before a '.', or a name ending in '.'): choose another id"
    )


def valid_id(name: str) -> bool:
    """Whether ``name`` is a valid board or submission id, and a folder every system can hold."""
    return bool(SUBMISSION_ID_RE.fullmatch(name)) and windows_name_problem(name) is None


# -- submission folder ---------------------------------------------------------


def validate_submission(folder: Path, *, manifest: Path | None = None) -> Findings:
    """Layout, limits and metadata of ``submissions/<id>/``; symlinks never followed."""
    folder = Path(folder)
    findings = Findings()
    try:
        mode = os.lstat(folder).st_mode
    except OSError as exc:
        return Findings(
            [SpotDiffError(folder, "", f"cannot read: {exc.strerror or exc}").one_line()]
        )
    if stat.S_ISLNK(mode) or not stat.S_ISDIR(mode):
        what = "the submission folder is a symlink" if stat.S_ISLNK(mode) else "is not a folder"
        return Findings([SpotDiffError(folder, "", what).one_line()])
    if not SUBMISSION_ID_RE.fullmatch(folder.name):
        findings.add(
            folder,
            "",
            f'folder name "{folder.name}" is not a valid submission id (3 to 64 lowercase '
            "letters, digits, '.', '_' or '-', starting with a letter or digit)",
        )
    elif (windows := windows_name_problem(folder.name)) is not None:
        findings.add(folder, "", windows)
    usable = _layout_findings(findings, folder)
    metadata = _submission_metadata(findings, folder) if "submission.json" in usable else None
    predictions = None
    if "predictions.json" in usable:
        try:
            predictions, raw = read_predictions(
                folder / "predictions.json", max_bytes=PREDICTIONS_JSON_MAX_BYTES
            )
        except SpotDiffError as exc:
            findings.append(exc.one_line())
        else:
            warn_unknown_fields(findings, predictions.path, raw, "prediction")
            warn_null_fields(findings, predictions.path, raw, "prediction")
    if metadata is not None and predictions is not None:
        name = metadata["model"]["name"].strip()
        if predictions.model != name:
            findings.add(
                predictions.path,
                "/model",
                f'model "{predictions.model}" differs from submission.json\'s model name "{name}"',
            )
    if manifest is not None and predictions is not None:
        _coverage_findings(findings, folder, metadata, predictions, manifest)
    return findings


def _layout_findings(findings: Findings, folder: Path) -> set[str]:
    """Report anything but the two expected regular files; return the usable ones."""
    usable: set[str] = set()
    try:
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda e: e.name)
    except OSError as exc:
        findings.add(folder, "", f"cannot list the folder: {exc.strerror or exc}")
        return usable
    for entry in entries:
        path = folder / entry.name
        info = entry.stat(follow_symlinks=False)
        limit = SUBMISSION_LIMITS.get(entry.name)
        if stat.S_ISLNK(info.st_mode):
            findings.add(path, "", "symlinks are not allowed in a submission")
        elif entry.name.startswith("."):
            findings.add(path, "", "hidden files are not allowed in a submission")
        elif stat.S_ISDIR(info.st_mode):
            findings.add(path, "", "subfolders are not allowed in a submission")
        elif limit is None:
            findings.add(
                path,
                "",
                "unexpected file: a submission holds only submission.json and predictions.json",
            )
        elif not stat.S_ISREG(info.st_mode):
            findings.add(path, "", "is not a regular file")
        elif info.st_size > limit:
            findings.add(
                path, "", f"file is {info.st_size:,} bytes, above the {limit:,}-byte limit"
            )
        else:
            usable.add(entry.name)
    names = {entry.name for entry in entries}
    for name in SUBMISSION_LIMITS:
        if name not in names:
            findings.add(folder / name, "", "missing: a submission needs this file")
    return usable


def _submission_metadata(findings: Findings, folder: Path) -> dict[str, Any] | None:
    """submission.json if schema-valid (then also checked against its folder), else None."""
    path = folder / "submission.json"
    try:
        data = read_json(path, max_bytes=SUBMISSION_JSON_MAX_BYTES)
        validate_document(data, "submission", path)
    except SpotDiffError as exc:
        findings.append(exc.one_line())
        return None
    if data["submission_id"] != folder.name:
        findings.add(
            path,
            "/submission_id",
            f'"{data["submission_id"]}" differs from the folder name "{folder.name}"',
        )
    try:
        dt.date.fromisoformat(data["date"])
    except ValueError:
        findings.add(path, "/date", f'"{data["date"]}" is not a calendar date')
    return data


def _coverage_findings(
    findings: Findings,
    folder: Path,
    metadata: dict[str, Any] | None,
    predictions: Predictions,
    manifest: Path,
) -> None:
    """Unknown items; unanswered items must match the count submission.json states."""
    try:
        dataset = load_dataset(manifest)
    except SpotDiffError as exc:
        findings.append(exc.one_line())
        return
    findings += unknown_item_findings(predictions, dataset)
    if metadata is None:
        return
    meta_path = folder / "submission.json"
    declared = metadata["dataset"]
    if (declared["name"], declared["version"]) != (dataset.name, dataset.version):
        findings.add(
            meta_path,
            "/dataset",
            f"dataset {declared['name']} {declared['version']} differs from the manifest's "
            f"{dataset.name} {dataset.version} ({manifest})",
        )
    missing = unanswered_items(predictions, dataset)
    stated = metadata.get("unanswered_items")
    if stated is None and missing:
        findings.add(
            predictions.path,
            "/items",
            f"{unanswered_summary(missing, dataset)} ({listing(missing)}); answer every item or "
            f'state "unanswered_items": {len(missing)} in submission.json',
        )
    elif stated is not None and stated != len(missing):
        listed = f" ({listing(missing)})" if missing else ""
        findings.add(
            meta_path,
            "/unanswered_items",
            f"states {stated} unanswered items, but predictions.json leaves "
            f"{len(missing)} of {len(dataset.items)} unanswered{listed}",
        )
