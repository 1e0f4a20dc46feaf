"""The whole check of what a submission pull request changes: its merged result and its history."""

from __future__ import annotations

from pathlib import Path

from .changes import (
    ChangeCheck,
    blob_sizes,
    check_changes,
    merge_bases,
    merged_tree,
    problem,
    tree_diff,
)
from .history import history_problems, merge_commit_problems


def pull_request_changes(repo: Path, base: str, head: str) -> ChangeCheck:
    """Read and check what the pull request in ``repo`` changes, and how its history is shaped."""
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
    sizes = blob_sizes(repo, (c.new_blob for c in changes if c.status in ("A", "M")))
    check = check_changes(changes, sizes)
    history = [*history_problems(bases, clean), *merge_commit_problems(repo, base, head)]
    return ChangeCheck(check.submission_id, (*history, *check.problems))
