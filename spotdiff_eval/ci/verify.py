"""Verify a submission pull request with the trusted (base branch) code.

The workflow checks out the base commit as the trusted tree and the pull
request head, sparsely, as a second folder of data. This module runs from the
trusted install (``python -I``: nothing in either checkout is importable) and
reads the pull request only through git and the submission checks, which
``lstat`` before they read. The dataset comes from the trusted tree, so a pull
request that edits ``data/`` or the scorer changes nothing about its score:
it is scored as the base branch would score it, and refused for the edit.
The board comes from the trusted tree too: its track, not the submission's
claim, decides whether the folder is scored here or only after merge, and
the folder passes every check the leaderboard build runs on it
(``board_checks.check_on_board``), so nothing verified here is left out at
publication. A hidden board's folder is only checked: its dataset is
private, so the item list and the unanswered items are checked when the
publish build scores it, which may still leave it out.
"""

from __future__ import annotations

import datetime as dt
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._util.terminal import safe_text
from ..datasets import Board, load_board
from ..errors import SpotDiffError
from ..hub import board_dataset
from ..scoring import build_report, evaluate_files
from ..validation import check_on_board
from .changes import SUBMISSIONS, folder_exists, problem
from .github_env import require_sha
from .ownership import lenient_metadata, lookalike_reasons, review_reasons
from .pull_request import pull_request_changes
from .skip_markers import pull_request_text_problems


@dataclass(frozen=True)
class Verification:
    """What ``verify-pr`` found; ``report`` is the trusted scorer's report when scored."""

    base_sha: str
    head_sha: str
    submission_id: str | None
    action: str | None
    track: str | None
    model: str | None
    problems: tuple[str, ...]
    report: dict[str, Any] | None
    #: Why a maintainer must look (``ownership``): not problems, never a pass.
    reviews: tuple[str, ...] = ()
    #: Merging changes nothing under submissions/: nothing was checked or scored.
    not_a_submission: bool = False

    @property
    def verdict(self) -> str:
        """verified (scored), checked (valid, hidden track: scored after merge),
        needs_maintainer (valid, but changes, or is shown like, an entry its author does
        not own), rejected, or not_a_submission (merging changes nothing under submissions/)."""
        if self.not_a_submission:
            return "not_a_submission"
        if self.problems:
            return "rejected"
        if self.reviews:
            return "needs_maintainer"
        if self.track == "hidden":
            return "checked"
        return "verified" if self.report is not None else "rejected"


def verify_pull_request(
    trusted: Path,
    pr: Path,
    base: str,
    head: str,
    *,
    manifest: Path | None = None,
    cache_dir: Path | None = None,
    author: str | None = None,
    branches: tuple[object, object] | None = None,
    texts: tuple[object, object] | None = None,
) -> Verification:
    """Check what the pull request changes, validate its submission, score it.

    A pull request whose merge changes nothing under ``submissions/`` is not a
    submission: it gets that verdict at once, with no board read and no score.

    ``manifest`` replaces the board's dataset of a public board (tests, and
    a maintainer checking by hand); by default it is the trusted tree's
    board dataset, fetched into ``cache_dir`` for a Hub board. ``author`` is
    the pull request author's GitHub login; updating a folder someone else
    submitted needs a maintainer. ``branches`` is ``(the branch the pull
    request targets, the default branch)`` from the event; a submission to
    any other branch is refused (``base_branch_problem``). ``texts`` is the pull
    request's ``(title, description)``; a "[skip ci]" in either is refused
    (``skip_markers``).
    """
    base = require_sha(base, "--base", "")
    head = require_sha(head, "--head", "")
    trusted, pr = Path(trusted), Path(pr)
    check = pull_request_changes(pr, base, head)
    if check.not_a_submission:
        return Verification(base, head, None, None, None, None, (), None, not_a_submission=True)
    problems = list(check.problems)
    if branches is not None and (wrong := base_branch_problem(*branches)):
        problems.insert(0, wrong)
    if texts is not None:
        problems += pull_request_text_problems(*texts)
    submission_id = check.submission_id
    action = track = model = None
    report = None
    reviews: list[str] = []
    if submission_id is not None:
        action = "updated" if folder_exists(pr, base, submission_id) else "added"
        folder = pr / SUBMISSIONS / submission_id
        board_id = submission_id.split("/")[0]
        not_real = _not_a_real_folder(pr / SUBMISSIONS) or _not_a_real_folder(
            pr / SUBMISSIONS / board_id
        )
        if not_real:
            problems.append(not_real)
        else:
            metadata = lenient_metadata(folder)
            reviews = review_reasons(pr, base, submission_id, action, author, metadata)
            reviews += lookalike_reasons(trusted, submission_id, author, metadata)
            try:
                board = load_board(trusted / SUBMISSIONS / board_id)
                if not board.hidden:
                    manifest = manifest or _board_manifest(board, trusted, cache_dir)
            except SpotDiffError as exc:
                problems.append(shown(exc.one_line()))
            else:
                track = "hidden" if board.hidden else "dev"
                model = _declared_model(metadata)
                if (late := future_date(submission_id, metadata)) is not None:
                    problems.append(late)
                # The checks the leaderboard build runs on the folder, no fewer.
                findings = check_on_board(folder, board, None if board.hidden else manifest)
                problems += [shown(_relative(line, pr)) for line in findings]
                if not findings and not board.hidden:
                    try:
                        predictions = folder / "predictions.json"
                        report = build_report(evaluate_files(manifest, predictions))
                    except SpotDiffError as exc:
                        problems.append(shown(_relative(exc.one_line(), pr)))
                    else:
                        model = report["predictions"]["model"]
    return Verification(
        base_sha=base,
        head_sha=head,
        submission_id=submission_id,
        action=action,
        track=track,
        model=model,
        problems=tuple(dict.fromkeys(problems)),  # the history and the folder check may agree
        report=report,
        reviews=tuple(reviews),
    )


def base_branch_problem(target: object, default: object) -> str | None:
    """A problem line unless the pull request targets the default branch.

    Red team round 18: a branch made from another branch of the repository
    (a Dependabot update, a maintainer's unmerged work) plus a folder was
    verified against that branch, where it changes only the folder; edited
    to target main, it kept its "Verified" comment while merging it would
    land that branch's code too. Only main is published, so only main's
    result counts.
    """
    if isinstance(target, str) and isinstance(default, str) and target and target == default:
        return None
    shown_target = safe_text(target, 100) if isinstance(target, str) else "an unknown branch"
    shown_default = safe_text(default, 100) if isinstance(default, str) else "unknown"
    return problem(
        "(pull request)",
        f"targets {shown_target}, not the default branch ({shown_default}): a submission "
        "is verified and published only on the default branch; change the pull request's "
        "base branch",
    )


def _board_manifest(board: Board, trusted: Path, cache_dir: Path | None) -> Path:
    """The public board's dataset, as the publish job will score against it.

    CI is strict: an unpinned board cannot take submissions, since what they
    are scored against would move with the branch.
    """
    problem_text = board.pin_problem()
    if problem_text is not None:
        raise SpotDiffError(
            f"{SUBMISSIONS}/{board.board_id}/board.json",
            "/dataset",
            f"{problem_text}; the board takes no submissions until then",
        )
    return board_dataset(board, trusted, cache_dir=cache_dir).dataset.manifest_path


def future_date(submission_id: str, metadata: dict[str, Any] | None) -> str | None:
    """A problem line if submission.json dates the predictions after today.

    Red team round 21: any calendar date passed, and LEADERBOARD.md shows it
    in every row, so an entry dated 2099-12-31 read as the newest run of its
    model for as long as the board lasted. Today is the check's own (UTC), a
    day of grace for time zones east of it. Only here, not in the build: a
    folder's validity there must not change with the day it is built.
    """
    text = (metadata or {}).get("date")
    try:
        date = dt.date.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None  # not a calendar date: the folder check says so
    latest = dt.datetime.now(dt.UTC).date() + dt.timedelta(days=1)
    if date is None or date <= latest:
        return None
    return SpotDiffError(
        f"{SUBMISSIONS}/{submission_id}/submission.json",
        "/date",
        f"{date.isoformat()} is after today ({latest - dt.timedelta(days=1)}, UTC): give the "
        "date the predictions were produced",
    ).one_line()


def _not_a_real_folder(path: Path) -> str | None:
    """A problem line unless ``path`` is a plain folder (not a symlink to one)."""
    name = path.name if path.name == SUBMISSIONS else f"{SUBMISSIONS}/{path.name}"
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return problem(f"{name}/", "missing from the pull request checkout")
    if stat.S_ISDIR(mode):
        return None
    return problem(f"{name}/", "is not a plain folder in the pull request")


def _declared_model(metadata: dict[str, Any] | None) -> str | None:
    """The model name submission.json states (``lenient_metadata``), if it is a string.

    Shown until scoring names the model; a broken file is reported in full
    by the folder check.
    """
    model = (metadata or {}).get("model")
    name = model.get("name") if isinstance(model, dict) else None
    return name if isinstance(name, str) else None


def shown(line: str) -> str:
    """A finding as the log, the artifact and the comment may show it.

    Findings name files from the pull request: a name holding a line break and
    ``::error ...`` would write a workflow command into the job log, an ESC
    sequence would rewrite the terminal, a name that is not UTF-8 could not be
    written to result.json at all.
    """
    return safe_text(line, sys.maxsize)


def _relative(line: str, pr: Path) -> str:
    """Name files as the contributor knows them: ``submissions/x/...``, not ``../pr/...``."""
    prefix = f"{pr}{os.sep}"
    return line[len(prefix) :] if line.startswith(prefix) else line
