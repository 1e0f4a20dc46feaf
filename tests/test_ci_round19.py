"""Red team round 19: pull requests that passed the check and should not have.

Each test builds real git repositories (``ci_repos``) and runs the workflow's
own ``spotdiff ci verify-pr`` step on the pull request.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ci_repos import BOARD, commit_all, git, make_repos, verify, write_submission

# -- an entry dressed up as another one --------------------------------------------


def _entry(tmp_path: Path, folder: str, author: str, model: str, version: str | None = None):
    """A pull request by ``author`` adding ``submissions/tiny-dev/<folder>/``, theirs."""
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", "pr", repos.base_sha)
    path = write_submission(
        repos.contributor / "submissions" / BOARD / folder, model=model, submitter=author
    )
    if version is not None:
        meta = json.loads((path / "submission.json").read_text(encoding="utf-8"))
        meta["model"]["version"] = version
        (path / "submission.json").write_text(json.dumps(meta), encoding="utf-8")
    head = commit_all(repos.contributor, "pr: submission")
    return verify(repos, head, tmp_path / "run", author=author)


@pytest.mark.parametrize(
    ("model", "version"),
    [
        ("existing-model", None),  # the very name octocat's entry shows
        ("Existing Model", None),  # the same once case, spaces and dashes are set aside
        ("ｅｘｉｓｔｉｎｇ＿ｍｏｄｅｌ", None),  # full-width letters (NFKC)
        ("existing", "model"),  # shown as "existing model": name and version together
        ("\u0435xisting-m\u043edel", None),  # Cyrillic e and o
        ("existing-rnodel", None),  # "rn" reads as "m"
        ("EXISTlNG-M0DEL", None),  # l for I, 0 for O
        ("floor", None),  # the model of the project's baseline
        ("my-model (baseline)", None),  # the mark the leaderboard puts on baselines
        ("my-model", "1 (Baseline)"),  # in the version, shown after the name
        ("existing-model \u00b7 Test Lab", None),  # the row's dot: another model, another lab
        ("existing-model \u2022 Test Lab", None),
    ],
)
def test_a_new_entry_shown_like_another_needs_a_maintainer(
    tmp_path: Path, model: str, version: str | None
) -> None:
    """@mallory added submissions/tiny-dev/existing-model-2/ (her own folder, her own
    handle as submitter) with the model name of @octocat's entry and perfect predictions:
    "Verified", and LEADERBOARD.md, whose rows show the model name and version and the
    organisation only, would list a second "existing-model · Test Lab" far above the real
    one, with nothing to tell readers which row is octocat's. A name carrying
    "(baseline)" reads as one of the project's reference rows."""
    run = _entry(tmp_path, "existing-model-2", "mallory", model, version)
    assert run.step.returncode == 1, run.step.stdout
    assert run.result["verdict"] == "needs_maintainer", run.result
    assert run.result["metrics"] is not None  # still scored: the contributor learns it all
    assert any("a maintainer must" in line for line in run.result["problems"]), run.result


@pytest.mark.parametrize("model", ["my-own-model", "existing-model-pro", "floorplan-net"])
def test_an_entry_with_a_name_of_its_own_is_verified(tmp_path: Path, model: str) -> None:
    run = _entry(tmp_path, "mine", "mallory", model)
    assert run.result["verdict"] == "verified", run.result["problems"]


def test_a_second_entry_of_ones_own_model_is_verified(tmp_path: Path) -> None:
    """octocat runs his model again (another prompt, say): the rows are both his."""
    run = _entry(tmp_path, "existing-model-2", "octocat", "existing-model")
    assert run.result["verdict"] == "verified", run.result["problems"]
