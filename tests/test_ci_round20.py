"""Red team round 20: the pull request check and publishing.

Each test builds real git repositories (``ci_repos``) and runs the workflow's
own ``spotdiff ci ...`` steps on the pull request, as the workflows run them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ci_repos import BOARD, Verified, commit_all, git, make_repos, verify, write_submission

from spotdiff_eval.ci.ownership import names_alike, shown_name

# -- an entry dressed up as another one, in letters the round-19 table lacks -------


def _new_entry(tmp_path: Path, author: str, model: str) -> Verified:
    """A pull request by ``author`` adding a folder of their own, ``model`` as its name."""
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", "pr", repos.base_sha)
    write_submission(
        repos.contributor / "submissions" / BOARD / "mine", model=model, submitter=author
    )
    head = commit_all(repos.contributor, "pr: submission")
    return verify(repos, head, tmp_path / "run", author=author)


@pytest.mark.parametrize(
    "model",
    [
        "existing-mod\u00e9l",  # an accented e, one code point (NFKC keeps it)
        "\u00e9xisting-m\u00f6del",  # two of them
        "ex\u0131st\u0131ng-model",  # dotless i, which the round-19 table lacks
        "existin\u0261-model",  # Latin script g
        "existing-m\u0585del",  # Armenian oh
        "existing-mode\u0142",  # l with stroke
    ],
)
def test_a_name_with_accents_or_unlisted_lookalikes_needs_a_maintainer(
    tmp_path: Path, model: str
) -> None:
    """Attack: @mallory adds her own folder whose model reads "existing-model" but for
    an accent or a letter missing from the lookalike table (dotless i, script g,
    Armenian o). The round-19 check compared names letter for letter after its
    table, so each was "Verified", and LEADERBOARD.md showed a second
    "existing-model · Test Lab" row above @octocat's."""
    run = _new_entry(tmp_path, "mallory", model)
    assert run.result["verdict"] == "needs_maintainer", run.result
    assert any("is shown like @octocat's entry" in p for p in run.result["problems"]), run.result


@pytest.mark.parametrize(
    "model",
    [
        "existing-models-v2",  # longer: a name of its own
        "\u901a\u4e49\u5343\u95ee",  # a name in another script entirely
        "exist\u00e9d-model",  # differs in plain letters, not only in the accent
    ],
)
def test_names_that_differ_in_plain_letters_are_still_verified(tmp_path: Path, model: str) -> None:
    """The looser comparison must not catch names a reader tells apart."""
    run = _new_entry(tmp_path, "mallory", model)
    assert run.result["verdict"] == "verified", run.result["problems"]


def test_two_names_wholly_in_another_script_are_not_alike() -> None:
    """Letters outside ASCII stand for "could be anything" only beside plain letters
    that agree: two different Chinese names are not one name, one letter off is."""

    def key(name: str) -> str | None:
        return shown_name({"model": {"name": name}})

    assert not names_alike(key("\u901a\u4e49\u5343\u95ee"), key("\u6587\u5fc3\u4e00\u8a00"))
    assert names_alike(key("\u901a\u4e49\u5343\u95ee"), key("\u901a\u4e49\u5343\u95ee"))
    assert names_alike(key("gpt-\u0261uard"), key("GPT Guard"))
