"""Commit messages that stop GitHub Actions from starting: refused on a submission branch.

GitHub starts no ``push`` or ``pull_request`` workflow for a head commit whose
message carries ``[skip ci]``, ``[ci skip]``, ``[no ci]``, ``[skip actions]``
or ``[actions skip]``, or ends with a ``skip-checks: true`` trailer. Red team
round 23: a push of such a head to a verified pull request started no verify
run, so nothing checked it; squashed, the marker lands in the commit on main
and the publish job, which re-scores every entry after merge, does not start
either. Whatever the head, the verify run cannot see a head it is not
started for; that part of the defence is the required check (a workflow that
does not start leaves it "Expected", which blocks merging) and
outdate-comments.yml (docs/ci.md). This module refuses the marker in every
commit of the branch and in the pull request's title and description (the
merge button writes them into the commit on main), so a verified branch lands
nothing that keeps publishing from starting.

Matched loosely (any case, spaces, ``-`` or ``_``): a false alarm costs a
contributor a reworded commit, a miss an unchecked merge.
"""

from __future__ import annotations

import re
from pathlib import Path

from .._util.terminal import safe_text
from ._git import batch_objects, run_git
from .changes import problem

#: The same text is in outdate-comments.yml's script (tests/test_ci_round23.py checks it).
SKIP_MARKER = re.compile(
    r"\[\s*(?:skip|no)[\s_-]*(?:ci|actions)\s*\]|\[\s*(?:ci|actions)[\s_-]*skip\s*\]"
    r"|^\s*skip-checks\s*:\s*true\s*$",
    re.IGNORECASE | re.MULTILINE,
)
#: Commits read, newest first. More than history.py allows (100 commits and 20 merges),
#: so a branch with a marker past them is refused by those caps in any case.
MAX_COMMITS = 200


def skip_marker(text: object) -> str | None:
    """The first marker in ``text`` as written there, or None (also for a non-string)."""
    found = SKIP_MARKER.search(text) if isinstance(text, str) else None
    return found.group(0).strip() if found else None


def commit_message_problems(repo: Path, base: str, head: str) -> list[str]:
    """A problem line for each commit of the branch whose message carries a marker."""
    raw = run_git(
        repo, "log", "-z", "--format=%H%n%B", f"--max-count={MAX_COMMITS}", f"{base}..{head}"
    )
    messages = {}
    for record in raw.decode("utf-8", "replace").split("\0"):
        commit, _, message = record.partition("\n")
        messages[commit] = message
    problems = []
    for commit, body in _raw_bodies(repo, [c for c in messages if c]).items():
        if b"\0" in body:
            which = "the head commit" if commit == head else f"commit {commit[:12]}"
            problems.append(
                problem(
                    "(pull request)",
                    f"{which}'s message holds a NUL byte: git shows a message only up to it, "
                    "so what follows is read by nobody (a marker that stops GitHub Actions, "
                    "say); reword the commit (git commit --amend, or git rebase -i)",
                )
            )
        # The message as stored, past any NUL, as well as git log shows it (re-encoded).
        messages[commit] += "\n" + body.replace(b"\0", b"\n").decode("utf-8", "replace")
    for commit, message in messages.items():
        marker = skip_marker(message)
        if marker is None:
            continue
        which = "the head commit" if commit == head else f"commit {commit[:12]}"
        problems.append(
            problem(
                "(pull request)",
                f"{which}'s message carries {safe_text(marker, 40)!r}, which stops GitHub "
                "Actions from starting: the check does not run on such a head, and merged it "
                "keeps the publish job from re-scoring; reword the commit without it "
                "(git commit --amend, or git rebase -i) and push again",
            )
        )
    return problems


def _raw_bodies(repo: Path, commits: list[str]) -> dict[str, bytes]:
    """Each commit's message as stored in its object (all of it, NUL bytes included).

    Red team round 24: ``git log`` stops a message at a NUL byte, so a marker
    after one ("Add model\\0\\n[skip ci]", a commit made with ``git hash-object``)
    was never seen here, whatever GitHub reads.
    """
    if not commits:
        return {}
    out = run_git(repo, "cat-file", "--batch", stdin="".join(f"{c}\n" for c in commits).encode())
    return {name: content.partition(b"\n\n")[2] for name, content in batch_objects(out)}


def pull_request_text_problems(title: object, body: object) -> list[str]:
    """A problem line if the pull request's title or description carries a marker.

    The merge button writes the title (and, as the repository may be set, the
    description) into the commit it makes on main.
    """
    problems = []
    for where, text in (("title", title), ("description", body)):
        marker = skip_marker(text)
        if marker is not None:
            problems.append(
                problem(
                    "(pull request)",
                    f"its {where} carries {safe_text(marker, 40)!r}: merging writes it into "
                    "the commit on main, where it keeps the publish job from re-scoring; "
                    f"edit the {where} without it",
                )
            )
    return problems
