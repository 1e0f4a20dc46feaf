"""Red team round 22: the pull request check, the comment workflow and publishing.

Each test builds real git repositories (``ci_repos``) and runs the workflow's
own ``spotdiff ci ...`` step on them, as verify-submission.yml runs it.
"""

from __future__ import annotations

import json
from pathlib import Path

from ci_repos import (
    BOARD,
    Repos,
    commit_all,
    git,
    make_repos,
    run_step,
    verify,
    write_submission,
)

# -- a merge of two lines of the branch's own commits ----------------------------------


def _set_submitter(repo: Path, folder: str, old: str, new: str, message: str) -> str:
    """One commit that swaps the submitter in ``folder``'s submission.json, nothing else."""
    path = repo / "submissions" / BOARD / folder / "submission.json"
    text = path.read_text(encoding="utf-8")
    assert f'"submitter": "{old}"' in text
    path.write_text(text.replace(f'"submitter": "{old}"', f'"submitter": "{new}"'), "utf-8")
    return commit_all(repo, message)


def _two_lines_joined(repos: Repos, folder: str) -> str:
    """@mallory's branch: her folder first naming @octocat, then two lines of commits that
    each name her, one of them naming @octocat again, joined by an automatic merge.

    The merge keeps her name (the second line's net change is none), so the head names
    her; "Rebase and merge" drops the merge and replays the commits one after the other,
    where the second line's first commit is already applied and its second names @octocat.
    """
    repo = repos.contributor
    git(repo, "checkout", "-q", "-B", "two-lines", repos.base_sha)
    write_submission(repo / "submissions" / BOARD / folder, model=folder, submitter="octocat")
    start = commit_all(repo, "add the folder")
    git(repo, "checkout", "-q", "-B", "side", start)
    _set_submitter(repo, folder, "octocat", "mallory", "side: name mallory")
    _set_submitter(repo, folder, "mallory", "octocat", "side: name octocat again")
    git(repo, "checkout", "-q", "two-lines")
    _set_submitter(repo, folder, "octocat", "mallory", "name mallory")
    git(repo, "merge", "-q", "--no-ff", "--no-edit", "side")  # automatic: no conflict, no edit
    return git(repo, "rev-parse", "HEAD")


def _landed_by_rebase(repos: Repos, head: str, folder: str) -> dict:
    """submission.json as "Rebase and merge" would land it on main (git rebase, upstream)."""
    up = repos.upstream
    git(up, "fetch", "-q", str(repos.contributor), head)
    git(up, "checkout", "-q", "-B", "landed", head)
    git(up, "rebase", "-q", "main")
    path = up / "submissions" / BOARD / folder / "submission.json"
    landed = json.loads(path.read_text(encoding="utf-8"))
    git(up, "checkout", "-q", "main")
    return landed


def test_a_merge_of_two_lines_of_ones_own_commits_is_refused(tmp_path: Path) -> None:
    """Attack: every commit stays in @mallory's folder and the merge commit is the
    automatic merge of its parents, so the round 11 and 20 history rules let it pass,
    and the head (checked, scored) names her: "Verified". But "Rebase and merge" drops
    the merge and replays the two lines one after the other, and what lands names
    @octocat as the submitter of her entry (the site says so, and @octocat would own
    it). A merge commit must now bring the base branch's history ("Update branch"): one
    of its parents is on the base branch, so the branch's own commits form one line."""
    repos = make_repos(tmp_path)
    head = _two_lines_joined(repos, "mallory-model")
    shown = json.loads(
        git(repos.contributor, "show", f"{head}:submissions/{BOARD}/mallory-model/submission.json")
    )
    assert shown["submitter"] == "mallory"
    assert _landed_by_rebase(repos, head, "mallory-model")["submitter"] == "octocat"

    run = verify(repos, head, tmp_path / "run", author="mallory")
    assert run.step.returncode == 1, run.step.stderr
    assert run.result["verdict"] == "rejected", run.result
    assert any(
        "joins two lines of the branch's own commits" in p for p in run.result["problems"]
    ), run.result["problems"]


def test_an_update_branch_merge_of_main_is_still_accepted(tmp_path: Path) -> None:
    """The rule above keeps GitHub's "Update branch": main moved on after the branch
    left it (someone else's entry landed), and the branch merged main in."""
    repos = make_repos(tmp_path)
    up, repo = repos.upstream, repos.contributor
    git(repo, "checkout", "-q", "-B", "updated", repos.base_sha)
    write_submission(
        repo / "submissions" / BOARD / "mallory-model", model="mallory-model", submitter="mallory"
    )
    commit_all(repo, "mallory-model")
    write_submission(
        up / "submissions" / BOARD / "alice-model", model="alice-model", submitter="alice"
    )
    main = commit_all(up, "alice-model")
    git(repo, "fetch", "-q", "origin")
    git(repo, "merge", "-q", "--no-edit", main)
    head = git(repo, "rev-parse", "HEAD")

    run = verify(repos, head, tmp_path / "run", base_sha=main, author="mallory")
    assert run.result["verdict"] == "verified", run.result


# -- a big file in the branch's history, replaced before the head ------------------------


def _padded_predictions(repo: Path, folder: str, size: int) -> None:
    """predictions.json made ``size`` bytes long with trailing blanks (still valid JSON)."""
    path = repo / "submissions" / BOARD / folder / "predictions.json"
    text = path.read_text(encoding="utf-8").rstrip("\n")
    path.write_text(text + " " * (size - len(text.encode()) - 1) + "\n", encoding="utf-8")


def test_a_big_file_committed_then_replaced_in_ones_folder_is_refused(tmp_path: Path) -> None:
    """Attack: @mallory's first commit puts a 17 MiB predictions.json in her folder (the
    limit is 16 MiB), her second the valid one. The merged result was within the limits,
    every commit stayed in her folder: "Verified". A merge commit or "Rebase and merge"
    would keep the big version in the repository's history, in every clone, for good.
    Now every version a commit adds is held to its file's limit."""
    repos = make_repos(tmp_path)
    repo = repos.contributor
    git(repo, "checkout", "-q", "-B", "big", repos.base_sha)
    write_submission(
        repo / "submissions" / BOARD / "mallory-model", model="mallory-model", submitter="mallory"
    )
    _padded_predictions(repo, "mallory-model", 17 * 1024 * 1024)
    big = commit_all(repo, "predictions")
    write_submission(
        repo / "submissions" / BOARD / "mallory-model", model="mallory-model", submitter="mallory"
    )
    head = commit_all(repo, "smaller predictions")

    run = verify(repos, head, tmp_path / "run", author="mallory")
    assert run.result["verdict"] == "rejected", run.result
    assert run.result["problems"] == [
        f"submissions/{BOARD}/mallory-model/predictions.json: commit {big[:12]} adds a version "
        f"of {17 * 1024 * 1024:,} bytes, above the {16 * 1024 * 1024:,}-byte limit; merging "
        "keeps every commit in the repository's history: squash the branch into one commit "
        "on top of the base branch"
    ]


def test_many_versions_within_the_limit_are_refused_together(tmp_path: Path) -> None:
    """The same with five versions of 15 MiB each, every one within the limit: 75 MiB of
    history for a folder whose head holds a few KiB. The versions count together."""
    repos = make_repos(tmp_path)
    repo = repos.contributor
    git(repo, "checkout", "-q", "-B", "many", repos.base_sha)
    folder = repo / "submissions" / BOARD / "mallory-model"
    for size in range(5):
        write_submission(folder, model="mallory-model", submitter="mallory")
        _padded_predictions(repo, "mallory-model", 15 * 1024 * 1024 + size)
        commit_all(repo, f"predictions, version {size}")
    write_submission(folder, model="mallory-model", submitter="mallory")
    head = commit_all(repo, "the predictions")

    run = verify(repos, head, tmp_path / "run", author="mallory")
    assert run.result["verdict"] == "rejected", run.result
    (line,) = run.result["problems"]
    assert line.startswith("(pull request): its commits add 7 file versions of "), line
    assert line.endswith(
        f"above {64 * 1024 * 1024:,}; merging keeps every commit in the "
        "repository's history: squash the branch into one commit on top of "
        "the base branch"
    ), line


def test_a_few_honest_versions_of_a_folder_are_still_verified(tmp_path: Path) -> None:
    """A submitter who committed their predictions three times is not refused."""
    repos = make_repos(tmp_path)
    repo = repos.contributor
    git(repo, "checkout", "-q", "-B", "honest", repos.base_sha)
    folder = repo / "submissions" / BOARD / "mallory-model"
    for model in ("draft-one", "draft-two", "mallory-model"):
        write_submission(folder, model=model, submitter="mallory")
        commit_all(repo, model)
    head = git(repo, "rev-parse", "HEAD")

    run = verify(repos, head, tmp_path / "run", author="mallory")
    assert run.result["verdict"] == "verified", run.result


def test_many_small_files_committed_then_deleted_in_ones_folder_are_refused(
    tmp_path: Path,
) -> None:
    """The same with a commit of 300 small files in a subfolder of her folder, deleted by
    the next: a few bytes each, but every one would stay in history. Now at most 200
    file versions may be added by the branch's commits, and the message says so."""
    repos = make_repos(tmp_path)
    repo = repos.contributor
    git(repo, "checkout", "-q", "-B", "small", repos.base_sha)
    folder = repo / "submissions" / BOARD / "mallory-model"
    write_submission(folder, model="mallory-model", submitter="mallory")
    (folder / "junk").mkdir()
    for index in range(300):
        (folder / "junk" / f"{index}.txt").write_text(f"{index}\n", encoding="utf-8")
    commit_all(repo, "the folder, and junk")
    git(repo, "rm", "-q", "-r", f"submissions/{BOARD}/mallory-model/junk")
    head = commit_all(repo, "no junk")

    run = verify(repos, head, tmp_path / "run", author="mallory")
    assert run.result["verdict"] == "rejected", run.result
    assert run.result["problems"] == [
        "(pull request): its commits add 302 file versions to the folder, above 200; merging "
        "keeps every commit in the repository's history: squash the branch into one commit "
        "on top of the base branch"
    ]


# -- publish: committing LEADERBOARD.md into the right place --------------------------


def _built(tmp_path: Path) -> Path:
    built = tmp_path / "built" / "LEADERBOARD.md"
    built.parent.mkdir()
    built.write_text("# new standings\n", encoding="utf-8")
    return built


def test_commit_leaderboard_outside_a_repository_leaves_the_file_alone(tmp_path: Path) -> None:
    """A --repo that is no git repository: its LEADERBOARD.md was overwritten with the
    built one before git said so. Now nothing is written and the error names the folder."""
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "LEADERBOARD.md").write_text("# someone's own file\n", encoding="utf-8")
    args = ["ci", "commit-leaderboard", "--repo", str(folder), "--file", str(_built(tmp_path))]
    step = run_step(args, cwd=tmp_path, github=tmp_path / "gh")
    assert (folder / "LEADERBOARD.md").read_text(encoding="utf-8") == "# someone's own file\n"
    assert step.returncode == 1
    assert step.stderr.startswith(f"spotdiff: error: {folder}: git rev-parse: fatal: not a git")
    assert len(step.stderr.splitlines()) == 1, step.stderr


def test_commit_leaderboard_in_a_subfolder_commits_nothing(tmp_path: Path) -> None:
    """A --repo inside a repository (its docs/, say): a second LEADERBOARD.md was written
    there and committed (and pushed, with --push), while the one at the top stayed old."""
    repos = make_repos(tmp_path)
    up = repos.upstream
    docs = up / "docs"
    docs.mkdir()
    args = ["ci", "commit-leaderboard", "--repo", str(docs), "--file", str(_built(tmp_path))]
    step = run_step(args, cwd=tmp_path, github=tmp_path / "gh")
    assert (step.returncode, step.stderr) == (
        1,
        f"spotdiff: error: {docs}: --repo: is inside the repository at {up}, not its top "
        "folder: pass that\n",
    )
    assert git(up, "rev-parse", "HEAD") == repos.base_sha
    assert not (docs / "LEADERBOARD.md").exists()
