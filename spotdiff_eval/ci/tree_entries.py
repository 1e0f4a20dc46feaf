"""Trees of a submission branch that git itself calls broken.

The check reads a branch through git's diff, while the workflow's checkout,
and the publish job's after merge, write the files a tree lists one by one.
Red team round 24: a tree made by hand (``git mktree``, ``hash-object``) that
lists ``predictions.json`` twice passed every check: the diff, the size
limits and the limit on the versions a branch adds read the first entry,
and the checkout wrote each in turn, so the file scored was the last, and a
version between them was checked by nothing at all. A tree naming ``..`` or
``.git`` is of the same kind (git refuses to check it out). ``git fsck``
flags all of them; here they are refused for every tree the branch adds, read
from git's own record of them, before anything else about the branch counts.
"""

from __future__ import annotations

from pathlib import Path

from .._util.terminal import safe_text
from ._git import batch_objects, run_git
from .changes import problem

#: Trees read; a submission branch adds a handful per commit (root, submissions/, the
#: board, the folder). Past this, the limits on commits (``history.MAX_COMMITS``) and on
#: what a branch changes refuse the branch anyway.
MAX_TREES = 2000


def tree_entry_problems(repo: Path, base: str, head: str) -> list[str]:
    """A problem line for each tree of ``base..head`` with a duplicate or forbidden name."""
    listed = run_git(
        repo, "rev-list", "--objects", "--no-object-names", "--filter=blob:none", f"{base}..{head}"
    ).split()
    if not listed or len(listed) > MAX_TREES:
        return []
    kinds = run_git(repo, "cat-file", "--batch-check", stdin=b"\n".join(listed) + b"\n")
    trees = [
        line.split(b" ")[0] for line in kinds.splitlines() if line.split(b" ")[1:2] == [b"tree"]
    ]
    if not trees:
        return []
    raw = run_git(repo, "cat-file", "--batch", stdin=b"\n".join(trees) + b"\n")
    digest = len(trees[0]) // 2  # 20 bytes for SHA-1, 32 for SHA-256
    problems = []
    for name, content in batch_objects(raw):
        names = _entry_names(content, digest)
        odd = "cannot be read as a tree" if names is None else _odd_entry(names)
        if odd is not None:
            problems.append(
                problem(
                    "(pull request)",
                    f"tree {name[:12]} of the branch {odd}, which git fsck refuses: a checkout "
                    "reads such a tree otherwise than the check does; make the commits with "
                    "git add and git commit",
                )
            )
    return problems


def _entry_names(content: bytes, digest: int) -> list[bytes] | None:
    """The names a tree object lists, in its order (``<mode> <name>\\0<id>`` each), or
    None if it is not shaped so."""
    names = []
    position = 0
    while position < len(content):
        end = content.find(b"\0", position)
        mode, space, name = content[position : max(end, position)].partition(b" ")
        if end < 0 or not space or not mode.isdigit() or end + 1 + digest > len(content):
            return None
        names.append(name)
        position = end + 1 + digest
    return names


def _odd_entry(names: list[bytes]) -> str | None:
    """What is wrong with a tree's names: one listed twice, or one no checkout may write."""
    seen: set[bytes] = set()
    for name in names:
        shown = safe_text(name.decode("utf-8", "backslashreplace"), 80)
        if name in seen:
            return f"lists {shown!r} twice"
        seen.add(name)
        if name in (b"", b".", b"..") or name.rstrip(b". ").lower() == b".git" or b"/" in name:
            return f"holds an entry named {shown!r}"
    return None
