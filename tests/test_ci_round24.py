"""Red team round 24: getting a bad change past ``spotdiff ci verify-pr``.

Each attack is @mallory's pull request, run through the workflow's checkout
and verify step on real git repositories (``ci_repos``); the honest folder
beside them is verified, so the refusals are not the check refusing
everything. Three kinds got through before this round: a folder under a case
twin of ``submissions/`` (not a submission at all, so nothing was checked), a
commit message hiding "[skip ci]" after a NUL byte, and trees made by hand
that list a file twice.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from ci_repos import BOARD, SCORER_FILE, Repos, commit_all, git, make_repos, verify
from leaderboard_helpers import perfect as perfect_predictions
from test_ci_round23 import MINE, _mine, _write

from spotdiff_eval.ci.artifact import MAX_PROBLEMS
from spotdiff_eval.ci.pull_request import pull_request_changes

OTHER = f"submissions/{BOARD}/existing-model"
#: An edit of the contributor's clone on the attack's branch; it returns the head to
#: verify, or None to commit everything as it is.
Edit = Callable[[Repos], "str | None"]


def _git_in(repo: Path, *args: str, data: bytes = b"") -> str:
    """``git args`` with ``data`` on stdin (objects made by hand); its output."""
    done = subprocess.run(["git", *args], cwd=repo, input=data, capture_output=True, check=True)
    return done.stdout.decode("utf-8").strip()


def _tree(edit: Callable[[Path], object]) -> Edit:
    """An edit of the working tree, committed as it is."""

    def run(repos: Repos) -> None:
        edit(repos.contributor)

    return run


# -- edits ---------------------------------------------------------------------------------


def _symlink_to_scorer(repo: Path) -> None:
    path = _mine(repo) / "predictions.json"
    path.unlink()
    path.symlink_to(f"../../../{SCORER_FILE}")


def _symlinked_folder(repo: Path) -> None:
    (repo / MINE).symlink_to("existing-model")


def _executable(path: str) -> Callable[[Path], None]:
    def edit(repo: Path) -> None:
        _mine(repo)
        (repo / path).chmod(0o755)

    return edit


def _folder_named(name: str) -> Callable[[Path], None]:
    """@mallory's folder under ``name``, a twin of @octocat's ``existing-model``."""

    def edit(repo: Path) -> None:
        _mine(repo).rename(repo / "submissions" / BOARD / name)

    return edit


def _under(top: str) -> Callable[[Path], None]:
    """Only a copy of @octocat's folder, rewritten, under ``top`` instead of submissions/."""

    def edit(repo: Path) -> None:
        folder = _mine(repo)
        (repo / top / BOARD).mkdir(parents=True)
        folder.rename(repo / top / BOARD / "existing-model")

    return edit


def _metadata_bytes(shape: Callable[[str], bytes], **fields: object) -> Callable[[Path], None]:
    """@mallory's submission.json with ``fields`` changed, written as ``shape`` makes it."""

    def edit(repo: Path) -> None:
        path = _mine(repo) / "submission.json"
        data = {**json.loads(path.read_text(encoding="utf-8")), **fields}
        path.write_bytes(shape(json.dumps(data, indent=2)))

    return edit


def _windows_editor(text: str) -> bytes:
    """As Notepad saves it: a byte order mark and CRLF line ends."""
    return b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")


def _second_submitter(text: str) -> bytes:
    """The submitter given twice: a parser keeping the last would read @octocat."""
    return (text.rstrip()[:-1] + ',\n  "submitter": "octocat"\n}\n').encode("utf-8")


def _side_branch_merge(repos: Repos) -> str:
    """A side branch changes the scorer; the submission branch merges it (automatically)."""
    repo = repos.contributor
    git(repo, "checkout", "-q", "-b", "side", repos.base_sha)
    (repo / SCORER_FILE).write_text("def overall_score(counts):\n    return 1.0\n")
    commit_all(repo, "tidy the scorer")
    git(repo, "checkout", "-q", "side-branch-merge")
    _mine(repo)
    commit_all(repo, "add my model")
    git(repo, "merge", "-q", "--no-edit", "side")
    return git(repo, "rev-parse", "HEAD")


def _revert_keeps_mode(repos: Repos) -> str:
    """The scorer changed, then "reverted" to its text but left executable."""
    repo = repos.contributor
    _mine(repo)
    commit_all(repo, "add my model")
    (repo / SCORER_FILE).write_text("def overall_score(counts):\n    return 1.0\n")
    commit_all(repo, "experiment")
    git(repo, "checkout", "-q", repos.base_sha, "--", SCORER_FILE)
    (repo / SCORER_FILE).chmod(0o755)
    return commit_all(repo, "revert the experiment")


def _hidden_marker(repos: Repos) -> str:
    """A head whose message is "Add my model", NUL, "[skip ci]": ``git log`` shows only
    the first part (git stops a message at a NUL byte)."""
    repo = repos.contributor
    _mine(repo)
    commit_all(repo, "add my model")
    tree = git(repo, "rev-parse", "HEAD^{tree}")
    who = "Mallory <mallory@example.invalid> 1767225600 +0000"
    body = f"tree {tree}\nparent {repos.base_sha}\nauthor {who}\ncommitter {who}\n\n"
    data = body.encode() + b"Add my model\0\n[skip ci]\n"
    return _git_in(repo, "hash-object", "-t", "commit", "-w", "--literally", "--stdin", data=data)


def _with_entries(repo: Path, tree: str, path: list[str], extra: list[str]) -> str:
    """``tree`` with ``extra`` ``ls-tree`` lines added to its subtree at ``path``, made with
    ``git mktree`` (which does not refuse a name listed twice)."""
    lines = _git_in(repo, "ls-tree", tree).split("\n")
    if not path:
        return _git_in(repo, "mktree", data="\n".join([*lines, *extra, ""]).encode())
    sub = _git_in(repo, "rev-parse", f"{tree}:{path[0]}")
    lines = [line for line in lines if not line.endswith(f"\t{path[0]}")]
    lines.append(f"040000 tree {_with_entries(repo, sub, path[1:], extra)}\t{path[0]}")
    return _git_in(repo, "mktree", data="\n".join([*lines, ""]).encode())


def _made_by_hand(extra: Callable[[Path], list[str]]) -> Edit:
    """@mallory's folder plus the ``ls-tree`` lines ``extra`` gives, committed by hand."""

    def run(repos: Repos) -> str:
        repo = repos.contributor
        _mine(repo)
        git(repo, "add", "-A")
        tree = _git_in(repo, "write-tree")
        crafted = _with_entries(repo, tree, ["submissions", BOARD, "mallory-model"], extra(repo))
        return git(repo, "commit-tree", crafted, "-p", repos.base_sha, "-m", "add my model")

    return run


def _blob(repo: Path, data: bytes) -> str:
    return _git_in(repo, "hash-object", "-w", "--stdin", data=data)


def _listed_twice(repo: Path) -> list[str]:
    """predictions.json once more: perfect answers after the folder's own half-right ones.
    git's diff lists both entries, the checkout writes both in turn and keeps the last: which
    file "predictions.json" is depends on who reads the tree (git fsck calls it broken, and a
    push of it may be refused, or not, by the host). Verified before this round."""
    perfect = json.dumps(perfect_predictions("mallory-model")).encode("utf-8")
    return [f"100644 blob {_blob(repo, perfect)}\tpredictions.json"]


ATTACKS: dict[str, tuple[Edit, str, str]] = {
    # name: (edit, verdict, a phrase of the finding)
    "honest": (_tree(_mine), "verified", ""),
    "symlink-to-scorer": (_tree(_symlink_to_scorer), "rejected", "symlinks are not allowed"),
    "symlinked-folder": (_tree(_symlinked_folder), "rejected", "symlinks are not allowed"),
    "gitmodules-root": (
        _tree(_write(".gitmodules", '[submodule "x"]\n\tpath = x\n\turl = ../x\n')),
        "rejected",
        "outside submissions/",
    ),
    "gitmodules-folder": (
        _tree(_write(f"{MINE}/.gitmodules", '[submodule "x"]\n\tpath = x\n\turl = ../x\n')),
        "rejected",
        "unexpected file",
    ),
    "executable-scorer": (_tree(_executable(SCORER_FILE)), "rejected", "the scorer"),
    "executable-other-entry": (
        _tree(_executable(f"{OTHER}/predictions.json")),
        "rejected",
        "changes 2 submission folders",
    ),
    "case-twin-file": (
        _tree(_write(f"{MINE}/PREDICTIONS.JSON", "{}")),
        "rejected",
        "unexpected file",
    ),
    "unicode-twin-folder": (
        _tree(_folder_named("\u0435xisting-model")),  # Cyrillic e
        "rejected",
        "is not a valid submission id",
    ),
    "trailing-dot-folder": (
        _tree(_folder_named("existing-model.")),
        "rejected",
        "cannot be checked out on Windows",
    ),
    "trailing-space-folder": (
        _tree(_folder_named("existing-model ")),
        "rejected",
        "is not a valid submission id",
    ),
    "submissions-case-twin": (
        _tree(_under("Submissions")),
        "rejected",
        "which a macOS or Windows checkout takes for submissions/",
    ),
    "submissions-trailing-dot": (
        _tree(_under("submissions.")),
        "rejected",
        "which a macOS or Windows checkout takes for submissions/",
    ),
    "submissions-hfs-twin": (
        _tree(_under("submissions\u200c")),  # macOS's HFS+ ignores the non-joiner
        "rejected",
        "which a macOS or Windows checkout takes for submissions/",
    ),
    "submissions-short-name": (
        _tree(_under("SUBMIS~1")),  # the folder's 8.3 name on Windows
        "rejected",
        "which a macOS or Windows checkout takes for submissions/",
    ),
    "windows-editor-other-owner": (
        _tree(_metadata_bytes(_windows_editor, submitter="octocat")),
        "needs_maintainer",
        "names @octocat as its submitter",
    ),
    "windows-editor-honest": (_tree(_metadata_bytes(_windows_editor)), "verified", ""),
    "submitter-given-twice": (
        _tree(_metadata_bytes(_second_submitter)),
        "rejected",
        "duplicate key 'submitter'",
    ),
    "id-of-another-entry": (
        _tree(_metadata_bytes(lambda text: text.encode(), submission_id="existing-model")),
        "rejected",
        'differs from the folder name "mallory-model"',
    ),
    "side-branch-merge": (_side_branch_merge, "rejected", "modifies the scorer"),
    "revert-keeps-mode": (_revert_keeps_mode, "rejected", "modifies the scorer"),
    "marker-after-nul": (_hidden_marker, "rejected", "message holds a NUL byte"),
    "file-listed-twice": (
        _made_by_hand(_listed_twice),
        "rejected",
        "lists 'predictions.json' twice, which git fsck refuses",
    ),
}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_attacks_on_the_check_fail_and_the_honest_controls_pass(
    tmp_path: Path, attack: str
) -> None:
    """Each attack of this round, by @mallory, is refused or sent to a maintainer, with
    one line naming the file and a non-zero exit; the honest folders are verified."""
    edit, verdict, phrase = ATTACKS[attack]
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", attack, repos.base_sha)
    head = edit(repos) or commit_all(repos.contributor, "add my model")
    run = verify(repos, head, tmp_path / "run", author="mallory")
    found = [*run.result["problems"], *run.result.get("reviews", [])]
    assert run.result["verdict"] == verdict, found
    assert not phrase or any(phrase in line for line in found), found
    assert run.step.returncode == (0 if verdict == "verified" else 1)
    assert "Traceback" not in run.step.stderr


@pytest.mark.parametrize("name", ["..", ".git", ".GIT."])
def test_trees_no_checkout_may_write_are_refused_before_anything_else(
    tmp_path: Path, name: str
) -> None:
    """A tree listing ``..`` or ``.git`` (git refuses to check it out, so the workflow's
    checkout fails and no result is left) is refused by the check itself, naming it, when
    a maintainer runs it on a clone."""
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", "by-hand", repos.base_sha)

    def entry(repo: Path) -> list[str]:
        blob = _blob(repo, b"[core]\n")
        return [f"100644 blob {blob}\t{name}"]

    head = _made_by_hand(entry)(repos)
    check = pull_request_changes(repos.contributor, repos.base_sha, head)
    assert check.problems[0].startswith("(pull request): tree "), check.problems
    assert f"holds an entry named {name!r}, which git fsck refuses" in check.problems[0]


def test_thousands_of_files_in_ones_folder_give_a_bounded_result(tmp_path: Path) -> None:
    """A folder of 3,000 stray files: refused, one line a file, and the result and the
    comment stay within their limits (every line would be a comment of 300 kB)."""
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", "many", repos.base_sha)
    folder = _mine(repos.contributor)
    for index in range(3000):
        (folder / f"f{index:05}.json").write_text("{}", encoding="utf-8")
    run = verify(repos, commit_all(repos.contributor, "many"), tmp_path / "run", author="mallory")
    assert run.result["verdict"] == "rejected" and run.step.returncode == 1
    assert len(run.result["problems"]) == MAX_PROBLEMS
    assert run.result["problems"][0] == (
        f"{MINE}/f00000.json: unexpected file: a submission holds only submission.json and "
        "predictions.json"
    )
    assert len(run.step.summary) < 10_000
