"""Red team round 17: pull requests that passed the check and should not have.

Each test builds real git repositories (``ci_repos``) and runs the workflow's
own ``spotdiff ci verify-pr`` step on the pull request.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ci_repos import BOARD, make_repos, open_pull_request, verify, write_submission

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
