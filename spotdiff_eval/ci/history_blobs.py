"""Sizes of every file version a submission branch adds, not only of the last one.

The size limits of a submission folder were checked on what merging lands
(``changes.py``). Red team round 22: a branch whose first commit put a 90 MB
``predictions.json`` (or any file) in its own folder, and whose next commit
replaced it with a valid one, was Verified; "Create a merge commit" and
"Rebase and merge" keep every commit, so the big file would have stayed in
the repository's history, in every clone, for good. A hundred commits of
16 MiB each did the same within the limits, so the versions together are
bounded too, in bytes and in number (a commit of a million small files, deleted
by the next one).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..validation import PREDICTIONS_JSON_MAX_BYTES, SUBMISSION_JSON_MAX_BYTES, SUBMISSION_LIMITS
from .changes import FileChange, blob_sizes, problem

#: All the file versions a branch adds to its folder, together: a few versions of a
#: predictions file at the limit, far above what the dev set needs (well under 1 MiB).
MAX_BRANCH_BYTES = 4 * PREDICTIONS_JSON_MAX_BYTES
#: File versions a branch adds to its folder, together: two files a commit, a hundred
#: commits (``history.MAX_COMMITS``). Many small files weigh on every clone as well.
MAX_BRANCH_VERSIONS = 200
_GITLINK = "160000"
_SQUASH = (
    "merging keeps every commit in the repository's history: squash the branch into one "
    "commit on top of the base branch"
)


def branch_blob_problems(repo: Path, added: Iterable[tuple[str, FileChange]]) -> list[str]:
    """Problems with the file versions ``(commit, change)`` the branch's commits add.

    A file other than submission.json and predictions.json is held to
    submission.json's limit: it has no reason to be big, even for a while.
    """
    first: dict[str, tuple[str, FileChange]] = {}
    for commit, change in added:
        if change.status in ("A", "M", "T") and change.new_mode != _GITLINK:
            first.setdefault(change.new_blob, (commit, change))
    if len(first) > MAX_BRANCH_VERSIONS:
        return [
            problem(
                "(pull request)",
                f"its commits add {len(first):,} file versions to the folder, above "
                f"{MAX_BRANCH_VERSIONS}; {_SQUASH}",
            )
        ]
    sizes = blob_sizes(repo, first)
    problems = []
    for blob, (commit, change) in first.items():
        size = sizes.get(blob, 0)
        name = change.path.rsplit("/", 1)[-1]
        limit = SUBMISSION_LIMITS.get(name, SUBMISSION_JSON_MAX_BYTES)
        if size > limit:
            problems.append(
                problem(
                    change.path,
                    f"commit {commit[:12]} adds a version of {size:,} bytes, above the "
                    f"{limit:,}-byte limit; {_SQUASH}",
                )
            )
    total = sum(sizes.get(blob, 0) for blob in first)
    if not problems and total > MAX_BRANCH_BYTES:
        problems.append(
            problem(
                "(pull request)",
                f"its commits add {len(first)} file versions of {total:,} bytes together, above "
                f"{MAX_BRANCH_BYTES:,}; {_SQUASH}",
            )
        )
    return problems
