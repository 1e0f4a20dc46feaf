"""Red team round 18: pull requests that passed the check and should not have.

Each test builds real git repositories (``ci_repos``) and runs the workflow's
own ``spotdiff ci verify-pr`` step on the pull request.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from ci_repos import (
    BOARD,
    SCORER_FILE,
    checkout_like_the_workflow,
    commit_all,
    git,
    make_repos,
    run_step,
    verify,
    write_event,
    write_submission,
)
from test_workflows import HEAD, run_script, steps, triggers, workflows

from spotdiff_eval.ci.summary import MARKER

# -- a pull request to another branch, retargeted to main --------------------------


def _wip_branch(repos) -> str:
    """A branch of the upstream repository with code main does not have (a Dependabot
    update, a maintainer's unmerged work): here a change to the scorer."""
    git(repos.upstream, "checkout", "-q", "-b", "wip", repos.base_sha)
    (repos.upstream / SCORER_FILE).write_text("def overall_score(counts):\n    return 1.0\n")
    wip = commit_all(repos.upstream, "wip: experimental scorer")
    git(repos.upstream, "checkout", "-q", "main")
    git(repos.contributor, "fetch", "-q", "origin")
    return wip


def test_a_submission_to_another_branch_is_not_verified(tmp_path: Path) -> None:
    """A folder added on top of another branch of the repository was "Verified" against
    that branch, where it changes only the folder. Edited to target main (an edit starts
    no new run of a pull_request workflow by default), the pull request kept its "Verified"
    comment and green check, while merging it into main landed the branch's scorer too."""
    repos = make_repos(tmp_path)
    wip = _wip_branch(repos)
    git(repos.contributor, "checkout", "-q", "-B", "pr", wip)
    write_submission(repos.contributor / "submissions" / BOARD / "mine", model="m")
    head = commit_all(repos.contributor, "pr: submission")

    run = verify(repos, head, tmp_path / "to-wip", base_sha=wip, base_ref="wip")
    assert run.step.returncode == 1, run.step.stdout
    assert run.result["verdict"] == "rejected", run.result
    assert any("default branch" in line for line in run.result["problems"]), run.result
    assert run.result["metrics"] is not None  # still scored: the contributor learns it all

    # Against main the same head is refused for the scorer it brings (as before).
    run = verify(repos, head, tmp_path / "to-main")
    assert run.result["verdict"] == "rejected"
    assert any(SCORER_FILE in line for line in run.result["problems"]), run.result


def test_a_submission_to_the_default_branch_is_still_verified(tmp_path: Path) -> None:
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", "pr", repos.base_sha)
    write_submission(repos.contributor / "submissions" / BOARD / "mine", model="m")
    head = commit_all(repos.contributor, "pr: submission")
    run = verify(repos, head, tmp_path)
    assert run.result["verdict"] == "verified", run.result["problems"]


def test_a_code_pull_request_to_another_branch_is_still_not_a_submission(
    tmp_path: Path,
) -> None:
    repos = make_repos(tmp_path)
    wip = _wip_branch(repos)
    git(repos.contributor, "checkout", "-q", "-B", "pr", wip)
    (repos.contributor / "README.md").write_text("docs\n", encoding="utf-8")
    head = commit_all(repos.contributor, "pr: docs")
    run = verify(repos, head, tmp_path / "run", base_sha=wip, base_ref="wip")
    assert run.step.returncode == 0, run.step.stderr
    assert run.result["verdict"] == "not_a_submission", run.result


def _starts_verify(action: str) -> bool:
    """Whether a pull_request event of this activity type starts verify-submission.yml
    (no ``types`` means GitHub's default: opened, synchronize and reopened)."""
    _, doc = workflows()["verify-submission.yml"]
    config = triggers(doc)["pull_request"] or {}
    return action in config.get("types", ["opened", "synchronize", "reopened"])


def test_retargeting_a_verified_pull_request_verifies_it_again(tmp_path: Path) -> None:
    """Changing a pull request's base branch is an "edited" event, which did not start
    verify-submission.yml: the "Verified" comment (and green check) for main stayed on a
    pull request that now merges into another branch, one whose merge lands more."""
    repos = make_repos(tmp_path)
    wip = _wip_branch(repos)
    git(repos.contributor, "checkout", "-q", "-B", "pr", repos.base_sha)
    write_submission(repos.contributor / "submissions" / BOARD / "mine", model="m")
    head = commit_all(repos.contributor, "pr: submission")
    assert _starts_verify("opened")
    run = verify(repos, head, tmp_path / "opened")
    assert run.result["verdict"] == "verified", run.result["problems"]

    # Edited to target wip: the same head, a new base.
    assert _starts_verify("edited"), "retargeting the pull request starts no verification"
    run = verify(repos, head, tmp_path / "edited", base_sha=wip, base_ref="wip")
    assert run.result["verdict"] == "rejected", run.result
    assert run.result["base_sha"] == wip


# -- a branch that churns many stray files ----------------------------------------


def test_stray_files_added_and_deleted_do_not_cost_git_calls_per_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Telling whether a commit of the branch stays in its folder ran `git ls-tree`
    three times per path of every commit. A branch of 100 commits each adding or
    deleting 10,000 files ran git millions of times; the job hit its 20-minute limit
    with no result, so the comment on an earlier head stayed. (Such commits were no
    problem from round 12 to 19; round 20 refuses them, still in one git call each.)"""
    from spotdiff_eval.ci import history

    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", "pr", repos.base_sha)
    stray = repos.contributor / "stray"
    stray.mkdir()
    for index in range(300):
        (stray / f"f{index}.txt").write_text(str(index), encoding="utf-8")
    commit_all(repos.contributor, "pr: stray files")
    shutil.rmtree(stray)
    commit_all(repos.contributor, "pr: no stray files")
    write_submission(repos.contributor / "submissions" / BOARD / "mine", model="m")
    head = commit_all(repos.contributor, "pr: submission")

    calls = []
    real = history.run_git

    def counted(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(history, "run_git", counted)
    repo = repos.contributor
    problems = history.commit_problems(repo, repos.base_sha, head, f"{BOARD}/mine")
    assert len(problems) == 2 and all("stray/f0.txt" in p for p in problems), problems
    assert all("and 297 more" in p for p in problems), problems
    assert len(calls) <= 10, f"{len(calls)} git calls for 3 commits"
    run = verify(repos, head, tmp_path / "run")
    assert run.result["verdict"] == "rejected", run.result["problems"]


# -- a check that cannot finish ---------------------------------------------------


def test_a_check_that_fails_still_writes_a_result_for_the_head(tmp_path: Path) -> None:
    """When git failed inside verify-pr (a refusal, or a command past its time limit on a
    history shaped for it), the step stopped with an error line and no artifact: the
    comment workflow had nothing to post, and the "Verified" comment on an earlier head
    stayed. Now the run writes a rejected result for this head, and the comment says so."""
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", "pr", repos.base_sha)
    write_submission(repos.contributor / "submissions" / BOARD / "mine", model="m")
    head = commit_all(repos.contributor, "pr: submission")
    # git as the runner has it, except that merge-tree fails as a timed-out one would.
    shim = tmp_path / "bin"
    shim.mkdir()
    real_git = shutil.which("git")
    (shim / "git").write_text(
        "#!/bin/sh\n"
        'for arg in "$@"; do [ "$arg" = merge-tree ] && '
        "{ echo 'fatal: gave up' >&2; exit 128; }; done\n"
        f'exec {real_git} "$@"\n',
        encoding="utf-8",
    )
    (shim / "git").chmod(0o755)
    trusted, _ = checkout_like_the_workflow(repos, head, tmp_path / "work")
    artifact = tmp_path / "runner-temp" / "spotdiff-verify"
    event = write_event(tmp_path / "event.json", repos.base_sha, head)
    step = run_step(
        [
            *("ci", "verify-pr", "--trusted", ".", "--pr", "../pr"),
            *("--author-env", "PR_AUTHOR", "--artifact", str(artifact)),
        ],
        cwd=trusted,
        github=tmp_path / "github-verify",
        env={
            "GITHUB_EVENT_PATH": str(event),
            "PR_AUTHOR": "octocat",
            "PATH": f"{shim}{os.pathsep}{os.environ['PATH']}",
        },
    )
    assert step.returncode == 1, step.stdout
    assert "Traceback" not in step.stderr, step.stderr
    assert (artifact / "result.json").is_file(), step.stderr
    result = json.loads((artifact / "result.json").read_text(encoding="utf-8"))
    assert result["verdict"] == "rejected" and result["head_sha"] == head, result
    assert any("git merge-tree" in line for line in result["problems"]), result["problems"]

    comment = run_step(
        ["ci", "comment-body", "--artifact", str(artifact), "--head-sha", head],
        cwd=tmp_path,
        github=tmp_path / "github-comment",
    )
    assert comment.returncode == 0, comment.stderr
    assert "Not accepted" in comment.stdout and "merge-tree" in comment.stdout, comment.stdout


# -- a verify run that left no artifact -------------------------------------------


def _outdate(pulls: list, comments: dict, conclusion: str = "failure") -> dict:
    """comment.yml's step for a verify run that left no artifact, run in Node."""
    _, doc = workflows()["comment.yml"]
    found = [s for _, s in steps(doc) if "if" in s and "download.outcome != " in s["if"]]
    assert found, "comment.yml does nothing when the verify run left no artifact"
    fixture = {"run": {"head_sha": HEAD, "conclusion": conclusion}, "pulls": pulls}
    return run_script(found[0], {**fixture, "comments": comments}, {})


def test_a_run_that_left_no_artifact_outdates_the_earlier_comment(tmp_path: Path) -> None:
    """A verify run that stopped before verify-pr wrote its result (a checkout that failed,
    the job's 20-minute limit) uploaded no artifact; the comment workflow failed at the
    download, and the comment on an earlier head kept saying "Verified" (its head sha the
    only hint). Now the earlier comment is replaced; none is created."""
    earlier = {"id": 41, "user": {"login": "github-actions[bot]"}, "body": f"{MARKER}\n\n✅ ok"}
    pulls = [
        {"number": 7, "state": "open", "head": {"sha": HEAD}},
        {"number": 8, "state": "open", "head": {"sha": HEAD}},
        {"number": 9, "state": "open", "head": {"sha": "d" * 40}},
    ]
    comments = {"7": [earlier], "9": [{**earlier, "id": 43}]}
    done = _outdate(pulls, comments)
    assert [call.get("update") for call in done["calls"]] == [41], done
    body = done["calls"][0]["body"]
    assert body.startswith(MARKER) and "Outdated" in body and HEAD in body, body
    assert "Verified" not in body.replace("is verified", "")
    assert not any("create" in call for call in done["calls"])
    # The workflow reaches it: the download may fail without failing the job first.
    _, doc = workflows()["comment.yml"]
    download = next(s for _, s in steps(doc) if "download-artifact" in s.get("uses", ""))
    assert download.get("continue-on-error") is True and download.get("id") == "download"


# -- a push that starts no verification --------------------------------------------


def _sweep(pulls: list, comments: dict) -> dict:
    """outdate-comments.yml's step, run in Node."""
    _, doc = workflows()["outdate-comments.yml"]
    return run_script(steps(doc)[0][1], {"pulls": pulls, "comments": comments}, {})


def test_a_push_that_starts_no_verification_outdates_the_comment(tmp_path: Path) -> None:
    """verify-submission.yml runs from the pull request's own workflow files: a push that
    deleted it (or renamed it, so comment.yml's workflow_run no longer matched) started
    no verification and no comment, and the "Verified" comment on the earlier head stayed
    while the new head changed the scorer. A scheduled workflow from the default branch
    now replaces any comment that names another head than the pull request's."""
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", "pr", repos.base_sha)
    write_submission(repos.contributor / "submissions" / BOARD / "mine", model="m")
    verified = commit_all(repos.contributor, "pr: submission")
    run = verify(repos, verified, tmp_path / "run")
    assert run.result["verdict"] == "verified", run.result["problems"]
    comment = run_step(
        ["ci", "comment-body", "--artifact", str(run.artifact), "--head-sha", verified],
        cwd=tmp_path,
        github=tmp_path / "github-comment",
    )
    assert comment.returncode == 0, comment.stderr
    posted = {"id": 41, "user": {"login": "github-actions[bot]"}, "body": comment.stdout}

    # The next push changes the scorer and removes the workflow: no run, no new comment.
    (repos.contributor / SCORER_FILE).write_text("def overall_score(counts):\n    return 1\n")
    workflow = repos.contributor / ".github" / "workflows" / "verify-submission.yml"
    workflow.parent.mkdir(parents=True, exist_ok=True)
    workflow.write_text("name: something-else\n", encoding="utf-8")
    later = commit_all(repos.contributor, "pr: no verification")

    done = _sweep([{"number": 7, "state": "open", "head": {"sha": later}}], {"7": [posted]})
    assert [call.get("update") for call in done["calls"]] == [41], done
    body = done["calls"][0]["body"]
    assert body.startswith(MARKER) and "Outdated" in body and later in body, body
    assert "✅" not in body

    # A comment about the current head is left alone, and none is created.
    done = _sweep([{"number": 7, "state": "open", "head": {"sha": verified}}], {"7": [posted]})
    assert done["calls"] == [], done
    done = _sweep([{"number": 7, "state": "open", "head": {"sha": later}}], {"7": []})
    assert done["calls"] == [], done


def test_a_model_named_like_the_next_head_does_not_keep_the_comment(tmp_path: Path) -> None:
    """The head a comment is about is its second line, not any text in it: a model
    named after a head the contributor has prepared must not make an old comment look
    current."""
    fake = "e" * 40
    body = f"{MARKER}\n<!-- spotdiff-ci:head {HEAD} -->\n\nmodel `Pull request head {fake}`\n"
    posted = {"id": 41, "user": {"login": "github-actions[bot]"}, "body": body}
    done = _sweep([{"number": 7, "state": "open", "head": {"sha": fake}}], {"7": [posted]})
    assert [call.get("update") for call in done["calls"]] == [41], done


def test_the_comment_counts_a_result_only_for_a_pull_request_to_the_default_branch(
    tmp_path: Path,
) -> None:
    """A pull request to another branch is verified by that branch's code, which may be
    older than the rule that refuses it (or than any fix since): the comment workflow,
    which runs the default branch's code, now checks the base branch the API reports."""
    repos = make_repos(tmp_path)
    wip = _wip_branch(repos)
    git(repos.contributor, "checkout", "-q", "-B", "pr", wip)
    write_submission(repos.contributor / "submissions" / BOARD / "mine", model="m")
    head = commit_all(repos.contributor, "pr: submission")
    # An older branch's verify-pr, which did not know the rule: the event's base is main.
    run = verify(repos, head, tmp_path / "run", base_sha=wip)
    assert run.result["verdict"] == "verified", run.result["problems"]
    files = {"total": 2, "files": [
        {"filename": f"submissions/{BOARD}/mine/predictions.json", "status": "added"},
        {"filename": f"submissions/{BOARD}/mine/submission.json", "status": "added"},
    ]}  # fmt: skip

    def comment(base_ref: str):
        return run_step(
            [
                *("ci", "comment-body", "--artifact", str(run.artifact), "--head-sha", head),
                *("--changed-files-env", "PR_FILES", "--base-ref-env", "PR_BASE"),
                *("--default-branch-env", "DEFAULT_BRANCH", "--github-output", "body"),
            ],
            cwd=tmp_path,
            github=tmp_path / f"github-comment-{base_ref}",
            env={"PR_FILES": json.dumps(files), "PR_BASE": base_ref, "DEFAULT_BRANCH": "main"},
        )

    to_wip = comment("wip")
    assert to_wip.returncode == 0, to_wip.stderr
    assert "Not accepted" in to_wip.outputs["body"], to_wip.outputs["body"]
    assert "default branch" in to_wip.outputs["body"]
    to_main = comment("main")
    assert "Verified" in to_main.outputs["body"].split("\n")[3], to_main.outputs["body"]
