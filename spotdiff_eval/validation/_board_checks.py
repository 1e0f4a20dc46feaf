"""The checks a submission folder must pass on its board, in one place.

``spotdiff validate``, ``spotdiff submit``, ``verify-pr`` and the leaderboard
build all call :func:`check_on_board`, so a folder that publishing would
skip is refused at pull request time for the same reason. Before boards,
verify-pr marked a junk hidden-track folder "Checked" and accepted a baseline
claim that the build then refused, which stopped every publication.
"""

from __future__ import annotations

from pathlib import Path

from ..datasets import Board, read_json
from ._findings import Findings
from ._submission_checks import SUBMISSION_JSON_MAX_BYTES, validate_submission

#: The project's own baselines (``leaderboard/baselines.py``), the only folders
#: that may say ``"baseline": true``: the flag shows an entry as a reference
#: row and waives the submitter, so a pull request must not be able to claim it.
BASELINE_IDS = frozenset(
    {"perfect-baseline", "empty-baseline", "blind-baseline", "example-baseline"}
)
#: The submission.json track each board track takes.
TRACKS = {"public": "dev", "hidden": "hidden"}


def check_on_board(
    folder: Path, board: Board, manifest: Path | None, *, allow_baseline: bool = True
) -> Findings:
    """Every finding for ``folder`` on ``board``; empty means it can be scored.

    ``manifest`` is the board's dataset when known (public boards, and hidden
    ones in the publish job); without it a hidden board's folder is checked
    against the dataset name and version its board.json states.
    ``allow_baseline`` is False for pull requests: baselines are made by
    maintainers with ``spotdiff leaderboard baselines``, never submitted.
    """
    folder = Path(folder)
    findings = validate_submission(folder, manifest=manifest)
    if any(line.startswith(str(folder / "submission.json")) for line in findings):
        return findings  # unreadable or schema-invalid metadata: said already
    path = folder / "submission.json"
    try:
        meta = read_json(path, max_bytes=SUBMISSION_JSON_MAX_BYTES)
    except Exception:
        return findings
    track = meta["dataset"]["track"]
    if track != TRACKS[board.track]:
        findings.add(
            path,
            "/dataset/track",
            f'track "{track}" does not fit board {board.board_id}, whose track is '
            f'{board.track} (use "{TRACKS[board.track]}", or move the folder to a '
            f"{'hidden' if track == 'hidden' else 'public'} board)",
        )
    if manifest is None and board.dataset_name is not None:
        declared = (meta["dataset"]["name"], meta["dataset"]["version"])
        if declared != (board.dataset_name, board.dataset_version):
            findings.add(
                path,
                "/dataset",
                f"dataset {declared[0]} {declared[1]} differs from board {board.board_id}'s "
                f"{board.dataset_name} {board.dataset_version}",
            )
    if meta.get("baseline"):
        if not allow_baseline:
            findings.add(
                path,
                "/baseline",
                "a pull request may not mark a submission as a baseline; baselines are "
                "made by maintainers with 'spotdiff leaderboard baselines'",
            )
        elif folder.name not in BASELINE_IDS or board.hidden:
            findings.add(
                path,
                "/baseline",
                f"only the project's baselines ({', '.join(sorted(BASELINE_IDS))}) on a "
                "public board may be marked",
            )
    return findings
