"""The whole check of what a submission pull request changes: its merged result and its history.

The folder is validated and scored from the head's checkout, so the check
also holds the merged folder equal to the head's: when main changed the
folder since the branch left it, git merges the two versions line by line
and what lands is neither (red team round 11).
"""

from __future__ import annotations

from pathlib import Path

from ._git import run_git
from .changes import (
    SUBMISSIONS,
    ChangeCheck,
    blob_sizes,
    check_changes,
    merge_bases,
    merged_tree,
    problem,
    touches_submissions,
    tree_diff,
)
from .history import commit_problems, history_problems, merge_commit_problems
from .skip_markers import commit_message_problems
from .tree_entries import tree_entry_problems


def pull_request_changes(repo: Path, base: str, head: str) -> ChangeCheck:
    """Read and check what the pull request in ``repo`` changes, and how its history is shaped.

    A pull request whose merge changes nothing under ``submissions/`` is not a
    submission: ``not_a_submission`` is set and nothing else is checked.
    """
    bases = merge_bases(repo, base, head)
    if not bases:
        return ChangeCheck(
            None,
            (
                problem(
                    "(pull request)",
                    "shares no history with the base branch: branch off the base branch",
                ),
            ),
        )
    tree, clean = merged_tree(repo, base, head)
    changes = tree_diff(repo, base, tree)
    if not touches_submissions(changes):
        # Not a submission (red team round 17: a later push that took the folder out and
        # changed code left the old "Verified" comment standing); nothing more to check.
        return ChangeCheck(None, (), not_a_submission=True)
    sizes = blob_sizes(repo, (c.new_blob for c in changes if c.status in ("A", "M")))
    check = check_changes(changes, sizes)
    history = [
        *history_problems(bases, clean),
        *merge_commit_problems(repo, base, head),
        *commit_message_problems(repo, base, head),  # "[skip ci]" (red team round 23)
        *tree_entry_problems(repo, base, head),  # trees made by hand (red team round 24)
    ]
    if not history and not check.problems and check.submission_id is not None:
        # What merging does is right; now what landing the branch another way does.
        history += commit_problems(repo, base, head, check.submission_id)
        history += stale_folder_problems(repo, tree, head, check.submission_id)
    return ChangeCheck(check.submission_id, (*history, *check.problems))


def stale_folder_problems(repo: Path, tree: str, head: str, folder: str) -> list[str]:
    """The folder merging lands differs from the head's, which is the one checked and scored."""
    path = f"{SUBMISSIONS}/{folder}"
    merged, own = (
        run_git(repo, "rev-parse", "--verify", "--quiet", f"{commit}:{path}", ok=(0, 1)).strip()
        for commit in (tree, head)
    )
    if merged == own:
        return []
    return [
        problem(
            path,
            "changed on the base branch since this branch left it, so merging would land a "
            "mix of both versions rather than the files checked here: rebase onto the base "
            "branch",
        )
    ]
