"""Red team round 17: pull requests that passed the check and should not have.

Each test builds real git repositories (``ci_repos``) and runs the workflow's
own ``spotdiff ci verify-pr`` step on the pull request (and, for the sticky
comment, ``spotdiff ci comment-body`` on the artifact it wrote).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from ci_repos import (
    BOARD,
    SCORER_FILE,
    commit_all,
    git,
    make_repos,
    open_pull_request,
    run_step,
    verify,
    write_submission,
)
from test_workflows import post_comment

from spotdiff_eval.ci.summary import MARKER
from spotdiff_eval.leaderboard.scaffold import derive_submission_id
from spotdiff_eval.validation import validate_submission


def _verified(tmp_path: Path, submission_id: str, **extra: object):
    repos = make_repos(tmp_path)

    def edit(repo: Path) -> None:
        write_submission(repo / "submissions" / BOARD / submission_id, model="m", **extra)

    head = open_pull_request(repos, "pr", edit)
    return verify(repos, head, tmp_path)


# -- folder names Windows cannot check out ----------------------------------------


@pytest.mark.parametrize("submission_id", ["nul", "con", "aux.v2", "com1", "lpt9.x", "model."])
def test_a_folder_name_windows_cannot_check_out_is_refused(
    tmp_path: Path, submission_id: str
) -> None:
    """Git for Windows refuses to check out a path with a device name (nul, con, aux.v2 ...)
    or a name ending in '.', so one such merged folder broke every Windows clone of the
    repository (and the site's submissions/nul.html). It matched the id pattern and was
    verified."""
    run = _verified(tmp_path, submission_id)
    assert run.step.returncode == 1, run.step.stdout
    assert run.result["verdict"] == "rejected"
    assert any("Windows" in line for line in run.result["problems"]), run.result["problems"]
    assert "Traceback" not in run.step.stderr
    findings = validate_submission(run.pr / "submissions" / BOARD / submission_id)
    assert any("Windows" in line for line in findings), list(findings)


@pytest.mark.parametrize("submission_id", ["nullable", "console", "com10", "auxiliary-1"])
def test_names_that_only_start_like_a_device_are_fine(tmp_path: Path, submission_id: str) -> None:
    run = _verified(tmp_path, submission_id)
    assert run.result["verdict"] == "verified", run.result["problems"]


@pytest.mark.parametrize("model", ["NUL", "Con", "aux", "LPT1", "m."])
def test_derived_ids_are_never_device_names(model: str) -> None:
    derived = derive_submission_id(model)
    assert derived not in {"nul", "con", "aux", "lpt1"} and not derived.endswith(".")
    assert derived.endswith("-model")


# -- a git command that hangs -----------------------------------------------------


def test_a_git_command_that_outlasts_the_timeout_is_one_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The timeout that keeps a hung remote (a push, a partial clone's lazy fetch) from
    holding the job raised subprocess.TimeoutExpired out of run_git: a traceback instead of
    the one-line error every other git failure gives."""
    from spotdiff_eval.ci import _git
    from spotdiff_eval.errors import SpotDiffError

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "git"
    fake.write_text(f"#!/bin/sh\nexec {shutil.which('sleep')} 5\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setattr(_git, "TIMEOUT_SECONDS", 0.2)
    with pytest.raises(SpotDiffError) as caught:
        _git.run_git(tmp_path, "push", "origin", "HEAD:refs/heads/main")
    line = caught.value.one_line()
    assert "git push" in line and "0.2 seconds" in line, line


# -- the name of a project baseline -----------------------------------------------


@pytest.mark.parametrize("name", ["empty-baseline", "blind-baseline"])
def test_a_new_folder_named_like_a_baseline_needs_a_maintainer(tmp_path: Path, name: str) -> None:
    """A board without baselines yet (v1-dev on main) let anyone add a model of their own as
    submissions/v1-dev/perfect-baseline/: "Verified", listed and linked under the project's
    reference name, and overwritten later without a word by `spotdiff leaderboard
    baselines`. Baseline claims already needed a maintainer; baseline names do too."""
    run = _verified(tmp_path, name)
    assert run.step.returncode == 1, run.step.stdout
    assert run.result["verdict"] == "needs_maintainer", run.result
    assert any("baseline" in line for line in run.result["problems"]), run.result["problems"]


# -- a later push that leaves submissions/ alone -----------------------------------


def _comment(run, head: str, files: dict, root: Path):
    """comment.yml's comment-body step on a verify run's artifact, the API's files passed on."""
    return run_step(
        [
            *("ci", "comment-body", "--artifact", str(run.artifact), "--head-sha", head),
            *("--changed-files-env", "PR_FILES", "--github-output", "body"),
        ],
        cwd=root,
        github=root / "github-comment",
        env={"PR_FILES": json.dumps(files)},
    )


def _api_files(repos, head: str) -> dict:
    """What pulls.listFiles says the pull request changes, as comment.yml passes it on."""
    out = git(repos.contributor, "diff", "--name-status", "--no-renames", repos.base_sha, head)
    status = {"A": "added", "M": "modified", "D": "removed"}
    files = [
        {"filename": line.split("\t", 1)[1], "status": status[line[0]]} for line in out.splitlines()
    ]
    return {"total": len(files), "files": files}


def test_a_later_push_without_the_submission_makes_the_verified_comment_outdated(
    tmp_path: Path,
) -> None:
    """The verify workflow ran only for pushes touching submissions/: a later push that
    dropped the folder and changed the scorer instead started no run, and the old "Verified"
    comment stayed, naming the old head. A maintainer merging on it merged code. Now every
    push is checked; one that changes nothing under submissions/ gets its own verdict, and
    the sticky comment, if there is one, says that nothing here is verified."""
    repos = make_repos(tmp_path / "repos")
    folder = Path("submissions") / BOARD / "later-model"

    def add(repo: Path) -> None:
        write_submission(repo / folder, model="m")

    first = open_pull_request(repos, "pr", add)
    run = verify(repos, first, tmp_path / "first")
    assert run.result["verdict"] == "verified", run.result["problems"]
    posted = _comment(run, first, _api_files(repos, first), tmp_path / "first")
    assert "✅ Verified" in posted.outputs["body"]
    assert posted.outputs["mode"] == "post"

    git(repos.contributor, "rm", "-q", "-r", str(folder))
    (repos.contributor / SCORER_FILE).write_text("def overall_score(counts):\n    return 1.0\n")
    second = commit_all(repos.contributor, "pr: scorer instead")
    run = verify(repos, second, tmp_path / "second")
    assert run.step.returncode == 0, run.step.stderr
    assert run.result["verdict"] == "not_a_submission", run.result
    assert run.result["problems"] == [] and run.result["submission_id"] is None
    assert run.result["metrics"] is None
    assert run.step.outputs["verdict"] == "not_a_submission"
    assert "changes nothing under submissions/" in run.step.stdout
    assert "Not a submission" in run.step.summary

    step = _comment(run, second, _api_files(repos, second), tmp_path / "second")
    assert step.returncode == 0, step.stderr
    body = step.outputs["body"]
    assert body.startswith(MARKER)
    assert "Outdated: this pull request no longer changes `submissions/`" in body
    assert f"head {second}" in body and "nothing here is verified" in body
    assert "✅" not in body and "Verified" not in body and first not in body
    # only an earlier comment is replaced: an ordinary code pull request gets none
    assert step.outputs["mode"] == "update"
    # and comment.yml's posting script, run in Node on these outputs, does just that
    bot = {"login": "github-actions[bot]"}
    created = post_comment(posted.outputs["body"], posted.outputs["mode"], [])["calls"]
    assert created == [{"create": 7, "body": posted.outputs["body"]}]
    earlier = [{"id": 41, "user": bot, "body": posted.outputs["body"]}]
    updated = post_comment(body, step.outputs["mode"], earlier)["calls"]
    assert updated == [{"update": 41, "body": body}]
    assert post_comment(body, step.outputs["mode"], [])["calls"] == []


def test_a_code_pull_request_is_not_a_submission_and_is_not_scored(tmp_path: Path) -> None:
    repos = make_repos(tmp_path / "repos")

    def edit(repo: Path) -> None:
        (repo / SCORER_FILE).write_text("def overall_score(counts):\n    return 0.5\n")
        (repo / "README.md").write_text("# Docs\n", encoding="utf-8")

    head = open_pull_request(repos, "code", edit)
    run = verify(repos, head, tmp_path)
    assert run.step.returncode == 0, run.step.stderr
    assert run.result["verdict"] == "not_a_submission"
    assert run.result["problems_total"] == 0 and run.result["track"] is None
    assert not (run.artifact / "report.json").exists()


@pytest.mark.parametrize("path", [f"submissions/{BOARD}/board.json", "submissions/notes.txt"])
def test_a_change_anywhere_under_submissions_is_still_checked(tmp_path: Path, path: str) -> None:
    repos = make_repos(tmp_path / "repos")

    def edit(repo: Path) -> None:
        with (repo / path).open("a", encoding="utf-8") as handle:
            handle.write("\n")

    head = open_pull_request(repos, "edit", edit)
    run = verify(repos, head, tmp_path)
    assert run.step.returncode == 1
    assert run.result["verdict"] == "rejected", run.result


def test_a_run_that_says_not_a_submission_is_checked_against_the_api(tmp_path: Path) -> None:
    """A pull request can rewrite the verify workflow to call itself "not a submission";
    when the API lists files under submissions/, the comment says not accepted, and is
    posted whether or not there was one before."""
    repos = make_repos(tmp_path / "repos")
    head = open_pull_request(
        repos, "code", lambda repo: (repo / "README.md").write_text("x\n", encoding="utf-8")
    )
    run = verify(repos, head, tmp_path)
    assert run.result["verdict"] == "not_a_submission"
    files = {
        "total": 2,
        "files": [
            {"filename": f"submissions/{BOARD}/forged/submission.json", "status": "added"},
            {"filename": f"submissions/{BOARD}/forged/predictions.json", "status": "added"},
        ],
    }
    step = _comment(run, head, files, tmp_path)
    assert step.returncode == 0, step.stderr
    body = step.outputs["body"]
    assert "❌ Not accepted" in body and "Outdated" not in body
    assert f"submissions/{BOARD}/forged/: is the folder the pull request changes" in body
    assert step.outputs["mode"] == "post"
    # more files than the API passes on: the listed ones under submissions/ still count
    files["total"] = 500
    body = _comment(run, head, files, tmp_path).outputs["body"]
    assert "❌ Not accepted" in body


def test_a_forged_not_a_submission_result_with_a_folder_is_refused(tmp_path: Path) -> None:
    repos = make_repos(tmp_path / "repos")
    head = open_pull_request(
        repos, "code", lambda repo: (repo / "README.md").write_text("x\n", encoding="utf-8")
    )
    run = verify(repos, head, tmp_path)
    result = json.loads((run.artifact / "result.json").read_text(encoding="utf-8"))
    result.update(submission_id=f"{BOARD}/forged", action="added")
    (run.artifact / "result.json").write_text(json.dumps(result), encoding="utf-8")
    step = _comment(run, head, _api_files(repos, head), tmp_path)
    assert step.returncode == 1 and "body" not in step.outputs
    assert '/submission_id: a "not_a_submission" result names no submission' in step.stderr
