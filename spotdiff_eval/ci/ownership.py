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

A leaderboard row shows an entry's model name and version and its
organisation, not who submitted it, so an entry shown like another person's
(or like a baseline) needs a maintainer too (red team round 19).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

from .._util.lookalike import AS_LATIN, names_alike, plain_letters, shown_name
from .._util.terminal import safe_text
from ..datasets import parse_json_bytes, read_json
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


def lenient_metadata(folder: Path) -> dict[str, Any] | None:
    """submission.json as a JSON object if it is a plain, readable file; else None."""
    path = folder / "submission.json"
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        return read_json(path, max_bytes=SUBMISSION_JSON_MAX_BYTES)
    except (OSError, SpotDiffError):
        return None


# -- entries shown alike -------------------------------------------------------

#: What the leaderboard itself writes in a row: the mark after a baseline's model, and
#: the dot between a model and its organisation (and its lookalikes). A model name or
#: version carrying one reads as a reference row, or as another model and organisation.
_ROW_MARKS = (
    (re.compile(r"\(\s*baseline\s*\)"), "the mark of a project baseline"),
    (
        # Red team round 20: also the dots of other scripts that draw the same.
        re.compile("[\u00b7\u2022\u2027\u2219\u22c5\u30fb\u2e31\u16eb\ua78f\U00010101]"),
        "the dot between a model and its organisation",
    ),
    # Red team round 21: the build names the submitter in rows that read alike.
    (re.compile(r"submitted\s*by\b"), "the note naming a row's submitter"),
)


def lookalike_reasons(
    trusted: Path,
    submission_id: str,
    author: str | None,
    head_metadata: dict[str, Any] | None,
) -> list[str]:
    """A model name that makes this entry's row look like another person's, or a baseline's.

    Red team round 19: @mallory added a folder of her own whose model was named
    like @octocat's entry ("Existing Model" for "existing-model"), with perfect
    predictions of the public dev set: "Verified", and LEADERBOARD.md would show
    two rows alike, hers far above. Entries of the author's own, and a name the
    folder showed already on the base branch, are no reason. The board's entries
    are read from ``trusted``, the base commit's full checkout (the pull request's
    clone may lack their contents: a sparse checkout fetches blobs on demand).
    """
    folder = f"{SUBMISSIONS}/{submission_id}"
    mine = shown_name(head_metadata)
    if mine is None:
        return []
    declared = (head_metadata or {})["model"]
    version = declared.get("version")
    model = safe_text(declared["name"], 100)
    # The marks in whatever letters draw them (red team round 20: "(bаseline)").
    # The organisation follows the model in a row: "(submitted by @x) Lab" reads as a note.
    organisation = (head_metadata or {}).get("organisation")
    organisation = organisation if isinstance(organisation, str) else ""
    shown = plain_letters(f"{declared['name']} {version or ''}").translate(AS_LATIN)
    shown_org = plain_letters(organisation).translate(AS_LATIN)
    for mark, what in _ROW_MARKS:
        where = f"model name {model!r} (or its version)" if mark.search(shown) else None
        if where is None and mark.search(shown_org):
            where = f"organisation {safe_text(organisation, 100)!r}"
        if where is not None:
            return [
                problem(
                    folder,
                    f"{where} carries {what}, which the "
                    "leaderboard writes in rows itself: a maintainer must review it",
                )
            ]
    board = submission_id.split("/")[0]
    entries = _board_metadata(Path(trusted) / SUBMISSIONS / board)
    if shown_name(entries.get(submission_id)) == mine:
        return []  # shown so before this change: reviewed then
    for other, metadata in sorted(entries.items()):
        if other == submission_id or not names_alike(mine, shown_name(metadata)):
            continue
        if metadata.get("baseline") is True:
            whose = "the project baseline"
        else:
            owner = metadata.get("submitter")
            if (
                isinstance(owner, str)
                and author is not None
                and owner.casefold() == author.casefold()
            ):
                continue
            whose = f"@{safe_text(owner, 40)}'s entry" if isinstance(owner, str) else "the entry"
        return [
            problem(
                folder,
                f"model name {model!r} is shown like {whose} {SUBMISSIONS}/{other}/ on the "
                "leaderboard, whose rows do not name the submitter: a maintainer must confirm "
                "it is not posing as that entry (or set model.version to tell them apart)",
            )
        ]
    return []


def _board_metadata(board: Path) -> dict[str, dict[str, Any]]:
    """``{"<board>/<id>": submission.json}`` of every entry in the folder ``board``.

    Symlinks are not followed; a file that is not a plain one within the size limit,
    or not a JSON object, is left out.
    """
    entries: dict[str, dict[str, Any]] = {}
    try:
        folders = sorted(e.name for e in os.scandir(board) if e.is_dir(follow_symlinks=False))
    except OSError:
        return entries
    for name in folders:
        data = lenient_metadata(board / name)
        if isinstance(data, dict):
            entries[f"{board.name}/{name}"] = data
    return entries
