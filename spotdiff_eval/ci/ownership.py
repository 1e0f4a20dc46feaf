"""Who may change an existing leaderboard entry without a maintainer.

A pull request that replaced another person's submission, or a project
baseline, used to be "Verified (updated)" like any other. An existing folder
belongs to the ``submitter`` its submission.json names on the BASE branch
(the head's copy is the pull request's to write, so it proves nothing);
GitHub handles compare case-insensitively. Baselines belong to the project:
changing one, or adding a folder that claims to be one or takes one's name,
always needs a maintainer, as does a new folder that names someone other than the pull
request's author as its submitter. What this module returns is never a problem with the submission,
only a reason why a person must look before it counts as verified.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .._util.terminal import safe_text
from ..datasets import parse_json_bytes
from ..errors import SpotDiffError
from ..validation import BASELINE_IDS, SUBMISSION_JSON_MAX_BYTES
from .changes import SUBMISSIONS, file_at, problem

#: A GitHub login as the event gives it: a user handle, or an app's ``name[bot]``.
LOGIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,38}(?:\[bot\])?")


def review_reasons(
    repo: Path,
    base: str,
    submission_id: str,
    action: str,
    author: str | None,
    head_metadata: dict[str, Any] | None,
) -> list[str]:
    """Why a maintainer must review this change; empty when the author may make it alone."""
    folder = f"{SUBMISSIONS}/{submission_id}"
    owner, baseline = None, False
    if action == "updated":
        owner, baseline = base_owner(repo, base, f"{folder}/submission.json")
        if baseline:
            return [problem(folder, "is a project baseline: only maintainers change it")]
    if head_metadata is not None and head_metadata.get("baseline") is True:
        return [
            problem(folder, "is marked as a project baseline: only maintainers add or change those")
        ]
    if action != "updated" and submission_id.split("/")[-1] in BASELINE_IDS:
        # On a board without baselines yet, a model of one's own under the project's
        # reference name, later overwritten by `leaderboard baselines` (red team round 17).
        return [
            problem(
                folder,
                "takes the name of a project baseline: only maintainers add those "
                "(choose another id)",
            )
        ]
    if action != "updated":
        return _claimed_submitter(folder, author, head_metadata)
    if owner is None:
        return [
            problem(
                folder,
                "names no valid submitter on the base branch, so nobody can be its owner: "
                "a maintainer must review this update",
            )
        ]
    reasons = _unless_author(
        folder,
        owner,
        author,
        claim=f"belongs to @{owner}",
        source=" (its submitter on the base branch)",
        task="review this update",
    )
    claimed = (head_metadata or {}).get("submitter")
    if not reasons and isinstance(claimed, str) and claimed.casefold() != owner.casefold():
        # An owner handing the entry to someone else, who would own and be shown for it
        # (red team round 12).
        reasons.append(
            problem(
                folder,
                f"changes its submitter from @{owner} to @{safe_text(claimed, 40)}: a maintainer "
                "must confirm who submits it",
            )
        )
    return reasons


def _unless_author(
    folder: str, person: str, author: str | None, *, claim: str, source: str, task: str
) -> list[str]:
    """A reason unless the pull request's ``author`` is known and is ``person``.

    GitHub handles compare case-insensitively.
    """
    if author is None or not LOGIN.fullmatch(author):
        return [
            problem(
                folder,
                f"{claim}; the pull request author is not known: a maintainer must {task}",
            )
        ]
    if person.casefold() != author.casefold():
        return [
            problem(
                folder,
                f"{claim}{source}, not {'to ' if source else ''}@{author}, who opened this pull "
                f"request: a maintainer must {task}",
            )
        ]
    return []


def base_owner(repo: Path, base: str, path: str) -> tuple[str | None, bool]:
    """``(submitter, is a baseline)`` from the base commit's submission.json, read as data."""
    raw = file_at(repo, base, path, SUBMISSION_JSON_MAX_BYTES)
    if raw is None:
        return None, False
    try:
        data = parse_json_bytes(raw, path)
    except SpotDiffError:
        return None, False
    submitter = data.get("submitter")
    valid = isinstance(submitter, str) and LOGIN.fullmatch(submitter) and "[" not in submitter
    return (submitter if valid else None), data.get("baseline") is True


def _claimed_submitter(
    folder: str, author: str | None, head_metadata: dict[str, Any] | None
) -> list[str]:
    """A new folder naming someone else as its submitter (red team round 11).

    The submitter a new folder names becomes its owner and is shown as
    "Submitted by" on the site: @mallory must not add an entry in @octocat's
    name. (Only a baseline names none, and a new baseline is refused anyway.)
    """
    claimed = (head_metadata or {}).get("submitter")
    if not isinstance(claimed, str):
        return []
    return _unless_author(
        folder,
        claimed,
        author,
        claim=f"names @{safe_text(claimed, 40)} as its submitter",
        source="",
        task="confirm who submits it",
    )
