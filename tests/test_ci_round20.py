"""Red team round 20: the pull request check and publishing.

Each test builds real git repositories (``ci_repos``) and runs the workflow's
own ``spotdiff ci ...`` steps on the pull request, as the workflows run them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ci_repos import (
    BOARD,
    SCORER_FILE,
    Verified,
    commit_all,
    git,
    make_repos,
    verify,
    write_submission,
)
from test_workflows import HEAD, run_script, steps, workflows

from spotdiff_eval.ci.ownership import names_alike, shown_name
from spotdiff_eval.ci.summary import MARKER

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
        "\u0435x\u0131st\u0131n\u0261-m\u0585de\u0142",  # five at once, and a Cyrillic e
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
        "my-model (b\u0430seline)",  # a Cyrillic a in the baseline mark
        "my-model (bas\u00e9line)",  # an accent in it
        "my-model (\u0392ASELINE)",  # a Greek capital beta
        "my-model \u2e31 Test Lab",  # a word-separator middle dot
        "my-model \u16eb Test Lab",  # a runic single punctuation, drawn as a dot
        "my-model \ua78f Test Lab",  # the Latin sinological dot
    ],
)
def test_a_row_mark_in_lookalike_letters_needs_a_maintainer(tmp_path: Path, model: str) -> None:
    """Attack: round 19 asks a maintainer for a name carrying "(baseline)", the mark
    LEADERBOARD.md puts after a reference row's model, or the middle dot it puts
    between a model and its organisation. The mark was matched as typed, so
    "(bаseline)" with a Cyrillic a, or another dot-like character, read exactly like
    the mark on the board and was Verified."""
    run = _new_entry(tmp_path, "mallory", model)
    assert run.result["verdict"] == "needs_maintainer", run.result
    assert any("which the leaderboard writes in rows" in p for p in run.result["problems"]), run


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


# -- copy then undo, timed so that main's change lands after the check ------------

#: A fix a maintainer's pull request proposes (public while it waits for review).
PENDING_FIX = "    # the pending fix, merged after the attacker's pull request was verified\n"


@pytest.mark.parametrize("what", ["scorer fix", "new folder"])
def test_copying_a_pending_change_then_undoing_it_is_refused(tmp_path: Path, what: str) -> None:
    """Attack: a maintainer's pull request fixing the scorer (or @alice's adding her
    folder) waits for review. @mallory's branch copies that change (C1), undoes it
    (C2) and adds her folder (C3). At check time the path is the same at the fork
    point, on main and at the head, so round 12 let it pass as "a stray file
    committed and deleted": Verified. Then the fix lands, and "Rebase and merge" of
    mallory's branch replays C1 as empty and C2 takes the fix (or alice's folder)
    out of main: the check can only judge the main it sees, so every commit must
    stay in the folder."""
    repos = make_repos(tmp_path)
    scorer = Path(SCORER_FILE)
    alice = Path("submissions", BOARD, "alice-model")

    def pending(repo: Path) -> None:
        if what == "scorer fix":
            (repo / scorer).write_text((repo / scorer).read_text() + PENDING_FIX)
        else:
            write_submission(repo / alice, model="alice-model", submitter="alice")

    def landed(repo: Path) -> bool:
        if what == "scorer fix":
            return PENDING_FIX in (repo / scorer).read_text()
        return (repo / alice).exists()

    repo = repos.contributor
    git(repo, "checkout", "-q", "-B", "copy-undo", repos.base_sha)
    pending(repo)
    commit_all(repo, "C1: the pending change, copied")
    git(repo, "read-tree", "-u", "--reset", repos.base_sha)
    commit_all(repo, "C2: undo C1")
    write_submission(
        repo / "submissions" / BOARD / "mallory-model", model="mallory-model", submitter="mallory"
    )
    head = commit_all(repo, "C3: the submission")

    run = verify(repos, head, tmp_path / "run", author="mallory")

    # The pending change lands on main after the check; then the branch is rebased
    # onto main, as "Rebase and merge" does: the change is gone again.
    pending(repos.upstream)
    main = commit_all(repos.upstream, "the pending change, merged")
    git(repo, "fetch", "-q", "origin")
    git(repo, "checkout", "-q", "-B", "rebased", head)
    git(repo, "rebase", "-q", main)
    assert landed(repos.upstream) and not landed(repo)

    assert run.result["verdict"] == "rejected", run.result
    assert any(
        "outside submissions/tiny-dev/mallory-model/" in p for p in run.result["problems"]
    ), run.result


# -- a verified result posted after the pull request moved on -----------------------


def _post(pulls: list[dict], mode: str = "post") -> dict:
    """comment.yml's posting step on pull request 7 (its earlier comment: id 41), the
    API's pull requests as ``pulls`` when the step runs."""
    _, doc = workflows()["comment.yml"]
    step = next(s for _, s in steps(doc) if s.get("id") == "post")
    body = f"{MARKER}\n<!-- spotdiff-ci:head {HEAD} -->\n\n## ✅ Verified\n"
    earlier = {"id": 41, "user": {"login": "github-actions[bot]"}, "body": f"{MARKER}\nold"}
    fixture = {"pulls": pulls, "comments": {"7": [earlier]}}
    return run_script(step, fixture, {"PR_NUMBER": "7", "BODY": body, "MODE": mode})


def _pull(sha: str = HEAD, state: str = "open") -> dict:
    return {"number": 7, "state": state, "head": {"sha": sha}}


@pytest.mark.parametrize(
    "now", [_pull(sha="d" * 40), _pull(state="closed")], ids=["pushed again", "closed"]
)
def test_a_result_is_not_posted_once_the_pull_request_has_moved_on(now: dict) -> None:
    """Attack: the comment job found pull request #7 open with the verified head H1,
    then, while it rendered the body, @mallory pushed H2, which deletes the verify
    workflow (so H2 gets no run and no comment). The job posted "Verified" for H1 on a
    pull request whose head was H2, and it stood until the scheduled sweep. The
    posting step now asks the API for the pull request again just before it writes."""
    run = _post([now])
    assert run["calls"] == [], run
    assert "moved on" in run["outputs"]["failed"], run


def test_a_result_is_posted_while_the_head_is_still_the_one_checked() -> None:
    run = _post([_pull()])
    assert [call.get("update") for call in run["calls"]] == [41], run
