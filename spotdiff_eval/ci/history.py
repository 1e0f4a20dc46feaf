"""Histories a submission pull request may not have, whatever its merged result.

The merged result (``changes.py``) is what the merge button makes; these
rules cover the ways of landing a branch that do not make that result, and
histories shaped to hide what merging does.
"""

from __future__ import annotations

from pathlib import Path

from .._util.terminal import safe_text
from ._git import run_git
from .changes import (
    SUBMISSIONS,
    FileChange,
    merge_bases,
    merged_tree,
    parse_raw_diff,
    problem,
)
from .history_blobs import branch_blob_problems

#: Merge commits checked one by one; a submission branch needs none.
MAX_MERGE_COMMITS = 20


def merge_commit_problems(repo: Path, base: str, head: str) -> list[str]:
    """Merge commits on the branch that are not exactly the automatic merge of two parents.

    "Rebase and merge" drops merge commits and replays the rest: a hand-made
    merge whose tree undoes a scorer change made earlier on the branch passes
    the merged-result check, yet rebasing lands that change on main. An
    honest merge ("Update branch") is the automatic merge, so it is allowed.

    Red team round 22: an automatic merge of two lines of the branch's own
    commits, all inside the folder, passed too. Replayed one line after the
    other, a commit already applied by the first line is dropped and the next
    one undoes it: the head named @mallory as the submitter, what rebasing
    landed named @octocat. So one parent of every merge must be on the base
    branch: the branch's own commits are then one line, replayed as checked.
    """
    lines = run_git(repo, "rev-list", "--merges", "--parents", f"{base}..{head}").split(b"\n")
    merges = [line.decode("ascii").split() for line in lines if line.strip()]
    if len(merges) > MAX_MERGE_COMMITS:
        return [
            problem(
                "(pull request)",
                f"has {len(merges)} merge commits: rebase the submission onto the base branch",
            )
        ]
    problems = []
    for commit, *parents in merges:
        if len(parents) == 2 and not merge_bases(repo, *parents):
            problems.append(
                problem(
                    "(pull request)",
                    f"merge commit {commit[:12]} joins a history unrelated to the base branch: "
                    "branch off the base branch and rebase the submission onto it",
                )
            )
        elif not _automatic(repo, commit, parents):
            problems.append(
                problem(
                    "(pull request)",
                    f"merge commit {commit[:12]} is not the automatic merge of two parents (an "
                    "octopus, a conflict resolution or a hand-edited merge): rebase the "
                    "submission onto the base branch without merge commits",
                )
            )
        elif not any(_on_base(repo, parent, base) for parent in parents):
            problems.append(
                problem(
                    "(pull request)",
                    f"merge commit {commit[:12]} joins two lines of the branch's own commits: "
                    '"Rebase and merge" drops it and replays both lines one after the other, '
                    "which can land other files than the ones checked; a merge may only bring "
                    'in the base branch (GitHub\'s "Update branch"): rebase the submission '
                    "onto the base branch without merge commits",
                )
            )
    return problems


def _automatic(repo: Path, commit: str, parents: list[str]) -> bool:
    """Whether ``commit`` has two parents and is exactly their clean automatic merge."""
    if len(parents) != 2:
        return False
    tree, clean = merged_tree(repo, parents[0], parents[1])
    own = run_git(repo, "rev-parse", f"{commit}^{{tree}}").decode("ascii").strip()
    return clean and tree == own


def _on_base(repo: Path, commit: str, base: str) -> bool:
    """Whether ``commit`` is in the base branch's history (``base`` or an ancestor of it):
    then it is its own one best common ancestor with ``base``."""
    return merge_bases(repo, commit, base) == [commit]


def history_problems(bases: list[str], clean: bool) -> list[str]:
    """Histories refused whatever they change.

    Several merge bases (a criss-cross merge) is how a head makes git's and
    GitHub's two-point diff hide what merging does; a conflicted merge has no
    result to check at all.
    """
    problems = []
    if len(bases) > 1:
        problems.append(
            problem(
                "(pull request)",
                f"its history has {len(bases)} merge bases with the base branch (a criss-cross "
                "merge), so what it shows is not what merging does: rebase the submission onto "
                "the base branch without merge commits",
            )
        )
    if not clean:
        problems.append(
            problem(
                "(pull request)",
                "does not merge cleanly into the base branch: rebase it onto the base branch",
            )
        )
    return problems


#: Commits of the branch read one by one; a submission needs a handful.
MAX_COMMITS = 100
#: Paths outside the folder named per commit before summarising.
_PATHS_NAMED = 3


def commit_problems(repo: Path, base: str, head: str, folder: str) -> list[str]:
    """Commits on the branch that change anything but the submission's own ``folder``.

    The merged result is what the merge button makes, but "Rebase and merge"
    replays the branch's commits one by one: a commit that copies a fix
    already on main replays as empty there, and a later commit that undoes
    it then takes the fix out of main (red team round 11), though the merged
    result keeps it. A copy of a folder main has since deleted hides the
    same way until it lands. A branch whose every own commit stays inside
    its folder lands that folder and nothing else however it is merged.
    Merge commits bring main's changes and are judged by
    :func:`merge_commit_problems`. ``folder`` is ``<board>/<id>`` from the
    merged result.

    A path changed and changed back on the branch alone (a stray file
    committed, then deleted) was let pass from round 12 to 19, since it is as
    main has it when checked. Red team round 20: main is not the main the
    branch lands on. A copy of a fix, or of someone's folder, that a pending
    pull request brings, then its undo, passed as such a path; once the fix
    landed, rebasing the branch took it out of main again. So no commit may
    change a path outside the folder, whatever the head has there.
    """
    listed = run_git(repo, "rev-list", "--no-merges", "--reverse", f"{base}..{head}").split()
    if len(listed) > MAX_COMMITS:
        return [
            problem(
                "(pull request)",
                f"has {len(listed)} commits: squash the submission into a few commits on top of "
                "the base branch",
            )
        ]
    inside = f"{SUBMISSIONS}/{folder}/"
    problems = []
    added: list[tuple[str, FileChange]] = []
    for commit in (sha.decode("ascii") for sha in listed):
        changes = _changes(repo, commit)
        added += ((commit, c) for c in changes if c.path.startswith(inside))
        outside = sorted(c.path for c in changes if not c.path.startswith(inside))
        if not outside:
            continue
        named = ", ".join(safe_text(path, 120) for path in outside[:_PATHS_NAMED])
        if len(outside) > _PATHS_NAMED:
            named += f" and {len(outside) - _PATHS_NAMED} more"
        problems.append(
            problem(
                "(pull request)",
                f"commit {commit[:12]} changes {named}, outside {inside}: every commit of a "
                'submission stays in its folder, since "Rebase and merge" lands them one by '
                "one; rebase onto the base branch and drop or split that commit",
            )
        )
    # Red team round 22: every version of the folder's files lands in history too.
    return problems or branch_blob_problems(repo, added)


def _changes(repo: Path, commit: str) -> list[FileChange]:
    """The changes (files, symlinks, submodules) ``commit`` makes to its first parent
    (all of its files for a root commit)."""
    raw = run_git(
        repo,
        "diff-tree",
        "-r",
        "-z",
        "--no-renames",
        "--no-commit-id",
        "--root",
        "--no-ext-diff",
        commit,
    )
    return parse_raw_diff(raw)
