"""What a submission pull request changes, read from git as data.

A submission pull request adds or updates exactly one folder
``submissions/<board>/<id>/`` of an existing board, holding
``submission.json`` and ``predictions.json`` as plain files within the
size limits, and touches nothing else. The rule is checked on git's own
record of the change (``git diff --raw``: paths, file modes, blob ids; sizes
from ``git cat-file --batch-check``), never by running or importing anything
from the pull request.

The diff is what merging does: the base commit against the result of
merging the head into it (``git merge-tree --write-tree``, the same ort merge
GitHub's merge button makes). A branch made before other submissions landed on
main is not blamed for "deleting" them, and a history shaped to make one merge
base look like the only one (a criss-cross merge whose tree reverts a later fix
on main) cannot hide that revert: ``merge-base`` picks one of several bases, the
merge uses them all. Such histories are refused outright as well
(``history.py``); ``pull_request.py`` joins the two checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .._util.terminal import safe_text
from ..errors import SpotDiffError
from ..validation import (
    SUBMISSION_ID_RE,
    SUBMISSION_LIMITS,
    listing,
    valid_id,
    windows_name_problem,
)
from ._git import run_git

SUBMISSIONS = "submissions"
REGULAR_FILE = "100644"
#: Modes git records for things that are not plain files. A symlink could point
#: a reader at a file outside the folder (``predictions.json -> ../../data``);
#: a submodule or an executable has no place in a folder of two JSON files.
_ODD_MODES = {
    "120000": "symlinks are not allowed in a submission",
    "160000": "submodules are not allowed in a submission",
    "100755": "executable files are not allowed in a submission (clear the executable bit)",
}
_VERBS = {"A": "adds", "M": "modifies", "D": "deletes", "T": "changes the type of"}
#: Why a path outside submissions/ may not change in a submission pull
#: request, by the first matching prefix. The scorer case matters most: a PR
#: that "fixes" the scorer to give itself 100% is still scored by the base
#: branch's scorer, and is refused for touching it.
_AREAS = (
    ("spotdiff_eval/", "the scorer and the package code"),
    ("schemas/", "the schemas"),
    ("data/", "the dataset"),
    ("predictions/", "the bundled predictions"),
    ("site_templates/", "the leaderboard templates"),
    ("tests/", "the tests"),
    ("benchmarks/", "the benchmarks"),
    (".github/", "the workflows and repository settings"),
    (".ci/", "the CI entry point"),
    ("LEADERBOARD.md", "the generated leaderboard (rebuilt after merge)"),
    ("pyproject.toml", "the package definition"),
)
#: Files outside submissions/ listed one by one before summarising.
MAX_LISTED_OUTSIDE = 10


@dataclass(frozen=True)
class FileChange:
    """One line of ``git diff --raw``.

    ``utf8`` is False for a path whose bytes are not UTF-8; ``path`` then
    shows the bad bytes as ``\\xNN`` escapes.
    """

    status: str
    path: str
    old_mode: str
    new_mode: str
    new_blob: str
    utf8: bool = True


@dataclass(frozen=True)
class ChangeCheck:
    """The verdict on what a pull request changes.

    ``submission_id`` is ``<board>/<id>``, set when exactly one submission
    folder changed, whatever else did: that folder is still scored, so a
    contributor learns the score and every problem in one run.
    """

    submission_id: str | None
    problems: tuple[str, ...]
    #: Merging changes nothing under submissions/: a code pull request, or one whose
    #: submission was taken out again (not a problem, and never a pass).
    not_a_submission: bool = False


def touches_submissions(changes: Iterable[FileChange]) -> bool:
    """Whether any change is ``submissions/`` itself or a path under it, or under a twin."""
    return any(_twin_of_submissions(c.path.split("/", 1)[0]) for c in changes)


def _twin_of_submissions(name: str) -> bool:
    """Whether a top-level ``name`` is ``submissions`` on some checkout.

    Red team round 24: a pull request adding only ``Submissions/<board>/<id>/``
    (or ``submissions./``, ``submissions /``) was "not a submission", with no
    check at all; a case-insensitive checkout (macOS, Windows) puts it in
    ``submissions/``, and Windows drops a trailing dot or space. Likewise the
    characters macOS's HFS+ ignores in a name (``submissions\u200c``, as git's
    own ``core.protectHFS`` knows them) and the short name Windows gives the
    folder (``SUBMIS~1``). It is a submission pull request now, and refused
    for the path.
    """
    plain = _HFS_IGNORED.sub("", name).rstrip(". ").casefold()
    return plain == SUBMISSIONS or _SHORT_NAME.fullmatch(plain) is not None


#: What HFS+ leaves out of a name when it compares names (git's ``is_hfs_dotgit``).
_HFS_IGNORED = re.compile("[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]")
#: The 8.3 short name of ``submissions`` on Windows (``SUBMIS~1``, ``SUBMIS~2``...).
_SHORT_NAME = re.compile(r"submis~[1-9][0-9]*")


def problem(path: str, what: str) -> str:
    """One finding line naming an untrusted path safely (no control characters)."""
    return SpotDiffError(safe_text(path, 200), "", what).one_line()


# -- reading git ---------------------------------------------------------------


def merge_bases(repo: Path, base: str, head: str) -> list[str]:
    """Every best common ancestor of ``base`` and ``head`` (none for unrelated histories)."""
    return run_git(repo, "merge-base", "--all", base, head, ok=(0, 1)).decode("ascii").split()


def merged_tree(repo: Path, base: str, head: str) -> tuple[str, bool]:
    """``(tree id, clean)``: the tree that merging ``head`` into ``base`` gives.

    A conflicted merge still yields a tree (with conflict markers), and
    ``git merge-tree`` then lists the conflicted paths after the tree id.
    """
    out = run_git(
        repo, "merge-tree", "--write-tree", "--no-messages", "--name-only", base, head, ok=(0, 1)
    )
    lines = out.decode("utf-8", "replace").strip().split("\n")
    return lines[0], len(lines) == 1


def tree_diff(repo: Path, old: str, new: str) -> list[FileChange]:
    """The changes from tree-ish ``old`` to ``new`` (``pull_request_changes`` passes the
    base commit and the merged tree: what merging does)."""
    raw = run_git(
        repo,
        "diff",
        "--raw",
        "-z",
        "--no-renames",
        "--no-abbrev",
        "--no-ext-diff",
        "--no-textconv",
        old,
        new,
        "--",
    )
    return parse_raw_diff(raw)


def parse_raw_diff(raw: bytes) -> list[FileChange]:
    """Parse ``git diff --raw -z``: ``:oldmode newmode oldsha newsha status NUL path NUL``."""
    fields = raw.split(b"\0")
    changes = []
    for meta, path in zip(fields[0:-1:2], fields[1::2], strict=False):
        old_mode, new_mode, _old_blob, new_blob, status = meta.decode("ascii")[1:].split(" ")
        try:
            name, utf8 = path.decode("utf-8"), True
        except UnicodeDecodeError:
            name, utf8 = path.decode("utf-8", "backslashreplace"), False
        changes.append(
            FileChange(
                status=status[:1],
                path=name,
                old_mode=old_mode,
                new_mode=new_mode,
                new_blob=new_blob,
                utf8=utf8,
            )
        )
    return changes


def blob_sizes(repo: Path, blobs: Iterable[str]) -> dict[str, int]:
    """Sizes of blobs in bytes, without reading them."""
    wanted = sorted(set(blobs))
    if not wanted:
        return {}
    out = run_git(
        repo, "cat-file", "--batch-check", stdin="".join(f"{b}\n" for b in wanted).encode()
    )
    sizes = {}
    for line in out.decode("ascii", "replace").splitlines():
        parts = line.split(" ")
        if len(parts) == 3 and parts[1] == "blob":
            sizes[parts[0]] = int(parts[2])
    return sizes


def folder_exists(repo: Path, commit: str, submission_id: str) -> bool:
    """Whether ``submissions/<board>/<id>/`` exists at ``commit`` (an update, not an addition)."""
    return bool(
        run_git(repo, "ls-tree", "--name-only", commit, "--", f"{SUBMISSIONS}/{submission_id}")
    )


def file_at(repo: Path, commit: str, path: str, max_bytes: int) -> bytes | None:
    """The bytes of the plain file ``path`` at ``commit``; None if absent, not a plain file or
    bigger than ``max_bytes`` (its size is read first)."""
    listed = run_git(repo, "ls-tree", "-z", commit, "--", path).split(b"\0")[0]
    meta = listed.split(b"\t", 1)[0].decode("ascii", "replace").split(" ")
    if len(meta) != 3 or meta[0] != REGULAR_FILE or meta[1] != "blob":
        return None
    blob = meta[2]
    if blob_sizes(repo, [blob]).get(blob, max_bytes + 1) > max_bytes:
        return None
    return run_git(repo, "cat-file", "blob", blob)


# -- the rule ------------------------------------------------------------------


def check_changes(changes: list[FileChange], sizes: dict[str, int]) -> ChangeCheck:
    """Exactly one submission folder, two plain files within limits, nothing else.

    A folder is ``submissions/<board>/<id>/``: a file directly in
    ``submissions/<board>/`` (its board.json) is outside every folder.
    """
    problems: list[str] = [
        problem(c.path, "file name is not valid UTF-8: rename it") for c in changes if not c.utf8
    ]
    folders: dict[str, list[FileChange]] = {}
    outside: list[FileChange] = []
    for change in changes:
        parts = change.path.split("/")
        if len(parts) >= 4 and parts[0] == SUBMISSIONS:
            folders.setdefault(f"{parts[1]}/{parts[2]}", []).append(change)
        else:
            outside.append(change)
    for change in outside[:MAX_LISTED_OUTSIDE]:
        problems.append(problem(change.path, _outside_reason(change)))
    if len(outside) > MAX_LISTED_OUTSIDE:
        more = len(outside) - MAX_LISTED_OUTSIDE
        problems.append(problem("(pull request)", f"and {more} more files outside {SUBMISSIONS}/"))
    if not folders:
        problems.append(
            problem(
                f"{SUBMISSIONS}/",
                "no submission folder added or updated: add one folder "
                f"{SUBMISSIONS}/<board>/<id>/ with submission.json and predictions.json",
            )
        )
    elif len(folders) > 1:
        names = sorted(folders)
        problems.append(
            problem(
                f"{SUBMISSIONS}/",
                f"changes {len(names)} submission folders ({listing(names)}): a pull request "
                "adds or updates exactly one; open one pull request per submission",
            )
        )
    for submission_id in sorted(folders):
        problems += _folder_problems(submission_id, folders[submission_id], sizes)
    only = next(iter(folders)) if len(folders) == 1 else None
    if only is not None and not all(valid_id(p) for p in only.split("/")):
        only = None
    return ChangeCheck(submission_id=only, problems=tuple(problems))


def _outside_reason(change: FileChange) -> str:
    verb = _VERBS.get(change.status, "changes")
    top = change.path.split("/", 1)[0]
    if top != SUBMISSIONS and _twin_of_submissions(top):
        return (
            f"{verb} a file under {top!r}, which a macOS or Windows checkout takes for "
            f"{SUBMISSIONS}/: a submission is a folder {SUBMISSIONS}/<board>/<id>/"
        )
    inside = change.path == SUBMISSIONS or change.path.startswith(f"{SUBMISSIONS}/")
    if inside and change.path.endswith("/board.json"):
        return f"{verb} a board's settings (board.json): only maintainers change boards"
    if inside and change.new_mode in _ODD_MODES:
        # submissions/<board>/<id>, or submissions/ itself, as a symlink (to spotdiff_eval, say)
        where = f"{SUBMISSIONS}/<board>/<id>/"
        return f"{_ODD_MODES[change.new_mode]}; a submission is a folder {where}"
    for prefix, area in _AREAS:
        if change.path == prefix or change.path.startswith(prefix):
            return f"{verb} {area}: a submission pull request changes only its own folder"
    return (
        f"{verb} a file outside {SUBMISSIONS}/<board>/<id>/: a submission pull request changes "
        "only its own folder"
    )


def _folder_problems(key: str, changes: list[FileChange], sizes: dict[str, int]) -> list[str]:
    problems = []
    for what, name in zip(("board", "submission"), key.split("/"), strict=True):
        if not SUBMISSION_ID_RE.fullmatch(name):
            problems.append(
                problem(
                    f"{SUBMISSIONS}/{key}",
                    f"folder name {name!r} is not a valid {what} id (3 to 64 lowercase letters, "
                    "digits, '.', '_' or '-', starting with a letter or digit)",
                )
            )
        elif (windows := windows_name_problem(name)) is not None:
            problems.append(problem(f"{SUBMISSIONS}/{key}", windows))
    for change in changes:
        name = change.path.split("/", 3)[3]
        limit = SUBMISSION_LIMITS.get(name)
        if "/" in name:
            problems.append(problem(change.path, "subfolders are not allowed in a submission"))
        elif limit is None:
            problems.append(
                problem(
                    change.path,
                    "unexpected file: a submission holds only submission.json and predictions.json",
                )
            )
        elif change.status == "D":
            problems.append(problem(change.path, "deletes a file a submission needs"))
        elif change.status not in ("A", "M"):
            problems.append(problem(change.path, f"{_VERBS.get(change.status, 'changes')} a file"))
        elif change.new_mode != REGULAR_FILE:
            what = _ODD_MODES.get(change.new_mode, f"unexpected file mode {change.new_mode}")
            problems.append(problem(change.path, what))
        elif sizes.get(change.new_blob, 0) > limit:
            size = sizes[change.new_blob]
            problems.append(
                problem(change.path, f"file is {size:,} bytes, above the {limit:,}-byte limit")
            )
    return problems
