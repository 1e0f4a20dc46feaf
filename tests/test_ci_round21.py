"""Red team round 21: the pull request check, the comment workflow and publishing.

Each test builds real git repositories (``ci_repos``) and runs the workflow's
own ``spotdiff ci ...`` or ``spotdiff leaderboard build`` steps on them, as
the workflows run them.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
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
from conftest import ITEMS
from PIL import Image
from test_workflows import workflows

# -- two lookalike entries, each Verified alone, merged one after the other --------


def _entry_branch(repos: Repos, branch: str, folder: str, model: str, author: str) -> str:
    """A pull request branch off the same main commit adding ``author``'s own folder."""
    git(repos.contributor, "checkout", "-q", "-B", branch, repos.base_sha)
    write_submission(
        repos.contributor / "submissions" / BOARD / folder, model=model, submitter=author
    )
    return commit_all(repos.contributor, f"{branch}: submission")


def _merge_into_main(repos: Repos, head: str, message: str) -> None:
    """What the merge button does: fetch the head and merge it into main, upstream."""
    git(repos.upstream, "fetch", "-q", str(repos.contributor), head)
    git(repos.upstream, "merge", "-q", "--no-ff", "-m", message, head)


def _build(repos: Repos, root: Path) -> tuple[str, str, str]:
    """publish.yml's build step on main (not --strict: the tiny hidden board is not
    pinned): LEADERBOARD.md, stderr and the job summary.

    The site shows every item's image; ``ci_repos`` commits annotations only.
    """
    for item_id, spec in ITEMS.items():
        image = repos.upstream / "data" / "images" / f"{item_id}.png"
        image.parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", spec["size"], "white").save(image)
    step = run_step(
        ["leaderboard", "build", "--cache-dir", str(root / "cache"), "--jobs", "1"],
        cwd=repos.upstream,
        github=root / "github-publish",
    )
    assert step.returncode == 0, step.stderr
    markdown = (repos.upstream / "LEADERBOARD.md").read_text(encoding="utf-8")
    return markdown, step.stderr, step.summary


def _row(markdown: str, folder: str) -> str:
    rows = [line for line in markdown.splitlines() if f"/submissions/{folder}.html" in line]
    assert len(rows) == 1, markdown
    return rows[0]


def test_two_lookalike_entries_merged_one_by_one_are_told_apart_on_the_board(
    tmp_path: Path,
) -> None:
    """Attack (left open by round 20): @alice and @mallory each open a pull request
    off the same main, each adding a folder of their own, "rival-model" and "Rival
    Model". Neither name is like anything on main, so each is Verified; merged one
    after the other, LEADERBOARD.md showed two rows reading "rival-model · Test Lab",
    mallory's able to pass as alice's. The publish build now warns about the pair
    (in the log and the job summary) and each such row names its submitter."""
    repos = make_repos(tmp_path)
    alice = _entry_branch(repos, "alice", "alice-entry", "rival-model", "alice")
    mallory = _entry_branch(repos, "mallory", "mallory-entry", "Rival Model", "mallory")
    for head, author in ((alice, "alice"), (mallory, "mallory")):
        run = verify(repos, head, tmp_path / f"verify-{author}", author=author)
        assert run.result["verdict"] == "verified", run.result  # each alone is fine
    _merge_into_main(repos, alice, "Merge alice")
    _merge_into_main(repos, mallory, "Merge mallory")

    markdown, stderr, summary = _build(repos, tmp_path / "publish")

    assert "@alice" in _row(markdown, "alice-entry"), markdown
    assert "@mallory" in _row(markdown, "mallory-entry"), markdown
    assert "@" not in _row(markdown, "existing-model").split("|")[2], markdown  # unlike the two
    for text in (stderr, summary):
        assert re.search(r"alice-entry.*mallory-entry|mallory-entry.*alice-entry", text), text
    # The site's standings table too.
    page = (repos.upstream / "site" / BOARD / "index.html").read_text(encoding="utf-8")
    for folder, who in (("alice-entry", "alice"), ("mallory-entry", "mallory")):
        row = next(line for line in page.splitlines() if f'id="sub-{folder}"' in line)
        assert f"submitted by @{who}" in row, row
    row = next(line for line in page.splitlines() if 'id="sub-existing-model"' in line)
    assert "submitted by" not in row, row


def test_entries_of_one_submitter_or_unlike_names_are_shown_as_before(tmp_path: Path) -> None:
    """Not an attack: one person's two runs of a model under one name (the check
    lets their own entries alike pass), and names that differ, get plain rows and
    no warning."""
    repos = make_repos(tmp_path)
    first = _entry_branch(repos, "one", "alice-entry", "rival-model", "alice")
    second = _entry_branch(repos, "two", "alice-again", "Rival Model", "alice")
    third = _entry_branch(repos, "three", "bob-entry", "other-model", "bob")
    for index, head in enumerate((first, second, third)):
        _merge_into_main(repos, head, f"Merge {index}")

    markdown, stderr, _ = _build(repos, tmp_path / "publish")

    for folder in ("alice-entry", "alice-again", "bob-entry"):
        assert "@" not in _row(markdown, folder).split("|")[2], markdown
    assert "look alike" not in stderr, stderr


def _mallorys_entry(tmp_path: Path, **fields: Any) -> dict:
    """result.json of a pull request by @mallory adding a folder of her own."""
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", "pr", repos.base_sha)
    write_submission(
        repos.contributor / "submissions" / BOARD / "mine", submitter="mallory", **fields
    )
    head = commit_all(repos.contributor, "pr: submission")
    return verify(repos, head, tmp_path / "run", author="mallory").result


@pytest.mark.parametrize(
    ("model", "organisation"),
    [
        ("rival-model (submitted by @alice)", "Test Lab"),  # the note as the build writes it
        ("rival-model (Submitted By alice)", "Test Lab"),  # other case, no @
        ("rival-model (s\u057dbmitted by @alice)", "Test Lab"),  # an Armenian u
        ("rival-model", "(submitted by @alice) Test Lab"),  # in the organisation, right after
        ("rival-model (submitted\u3164by @alice)", "Test Lab"),  # a Hangul filler as the space
        ("my-model (\u3164baseline\u3164)", "Test Lab"),  # the baseline mark, filler-spaced
    ],
)
def test_a_name_carrying_the_submitter_note_needs_a_maintainer(
    tmp_path: Path, model: str, organisation: str
) -> None:
    """Attack: the build now writes "(submitted by @alice)" after the model in the
    rows of a lookalike pair. @mallory names her model "rival-model (submitted by
    @alice)" (a name like no other, so no pair, and no note of the build's), or puts
    the note at the start of her organisation: her row reads as alice's. It was
    Verified; like "(baseline)", the note is the leaderboard's to write."""
    result = _mallorys_entry(tmp_path, model=model, organisation=organisation)
    assert result["verdict"] == "needs_maintainer", result
    assert any("which the leaderboard writes in rows itself" in p for p in result["problems"])


# -- an artifact unpacked before the trusted tools are installed ---------------------


def _untrusted_downloads_before_installs(doc: dict) -> list[str]:
    """Each job's download-artifact step placed before one of its install steps."""
    found = []
    for job_name, job in doc["jobs"].items():
        listed = job.get("steps", [])
        installs = [
            i
            for i, step in enumerate(listed)
            if "setup-python" in step.get("uses", "") or "pip install" in step.get("run", "")
        ]
        for index, step in enumerate(listed):
            if "download-artifact" in step.get("uses", "") and any(i > index for i in installs):
                found.append(f"{job_name}: {step.get('name')}")
    return found


@pytest.mark.parametrize("name", ["comment.yml", "publish.yml"])
def test_an_artifact_is_unpacked_only_after_the_trusted_tools_are_installed(name: str) -> None:
    """Attack: a pull request that edits verify-submission.yml can upload any zip as
    its artifact (the job's runtime token reaches the artifact service), with
    entries named "../../..." or stored as symlinks. comment.yml downloaded it first
    of all, then set up Python and pip-installed the trusted spotdiff into the
    runner's tool cache: were download-artifact's path checks ever to miss one
    entry (they are what CVE-2024-42471 fixed), a planted file would be in place
    before the interpreter and packages the privileged job runs were (a pip
    configuration, a .pth file). Downloads now come after every install step. Defence
    in depth only: a slip into site-packages would still run at the next step, so
    download-artifact's own check stays the guard (see docs/ci.md)."""
    _, doc = workflows()[name]
    assert _untrusted_downloads_before_installs(doc) == []


def test_the_order_check_can_fail() -> None:
    """The helper above finds a download placed before an install."""
    doc = {
        "jobs": {
            "j": {
                "steps": [
                    {"name": "get", "uses": "actions/download-artifact@x"},
                    {"name": "py", "uses": "actions/setup-python@y"},
                ]
            }
        }
    }
    assert _untrusted_downloads_before_installs(doc) == ["j: get"]


# -- a criss-cross merge bringing back an older verify workflow ----------------------

WORKFLOW = ".github/workflows/verify-submission.yml"


def test_a_criss_cross_that_brings_back_an_older_verify_workflow_is_refused(
    tmp_path: Path,
) -> None:
    """Attack (left open by round 20): for a pull_request event GitHub runs the
    workflow files of the merge of the head into main. @mallory's earlier branch
    was merged into main after main fixed verify-submission.yml; her head is a
    hand-made merge of that branch and the fix whose tree keeps the old workflow.
    The diff from the merge base git (and the API's file list) picks shows only
    her folder, yet merging restores the old workflow, which would be the one run.
    Already refused: the trusted verify-pr sees both merge bases and the merged
    result changing the workflow (a regression test, with real repositories)."""
    repos = make_repos(tmp_path)
    up, contributor = repos.upstream, repos.contributor
    (up / WORKFLOW).parent.mkdir(parents=True)
    (up / WORKFLOW).write_text("name: verify-submission  # v1\n", encoding="utf-8")
    old = commit_all(up, "Add the verify workflow")
    git(up, "checkout", "-q", "-b", "earlier", old)
    write_submission(up / "submissions" / BOARD / "earlier-model", model="earlier-model")
    earlier = commit_all(up, "earlier-model", date="2099-01-01T00:00:00Z")  # git shows it
    git(up, "checkout", "-q", "main")
    (up / WORKFLOW).write_text("name: verify-submission  # v2, the fix\n", encoding="utf-8")
    fix = commit_all(up, "Fix the verify workflow")
    git(up, "merge", "-q", "--no-ff", "-m", "Merge earlier-model", "earlier")
    main = git(up, "rev-parse", "HEAD")
    git(contributor, "fetch", "-q", "origin")
    git(contributor, "checkout", "-q", "--detach", earlier)
    write_submission(contributor / "submissions" / BOARD / "second-model", model="second-model")
    git(contributor, "add", "-A")
    tree = git(contributor, "write-tree")
    head = git(contributor, "commit-tree", tree, "-p", earlier, "-p", fix, "-m", "Merge main")
    # The attack: one merge base shows only the folder, while the merge keeps v1.
    shown = git(contributor, "merge-base", main, head)
    assert ".github" not in git(contributor, "diff", "--name-only", shown, head)
    merged = git(contributor, "merge-tree", "--write-tree", main, head).split()[0]
    assert "v1" in git(contributor, "show", f"{merged}:{WORKFLOW}")

    run = verify(repos, head, tmp_path / "run", base_sha=main, author="octocat")
    assert run.step.returncode == 1
    assert run.result["verdict"] == "rejected", run.result
    problems = run.result["problems"]
    assert any("2 merge bases" in p for p in problems), problems
    assert any(p.startswith(f"{WORKFLOW}: modifies the workflows") for p in problems), problems


# -- a date the predictions cannot have been made on ---------------------------------


def _dated_entry(tmp_path: Path, date: str) -> dict:
    return _mallorys_entry(tmp_path, model="dated-model", date=date)


def test_a_date_after_the_check_is_refused(tmp_path: Path) -> None:
    """Attack: submission.json's date says when the predictions were produced, and
    LEADERBOARD.md shows it in every row. Any calendar date passed, so @mallory
    dated hers a year ahead (or 2099-12-31), making the entry look like the newest
    run of the model for as long as the board lasts. A date after the day the check
    runs (UTC, with a day's grace for time zones) is now refused."""
    ahead = (datetime.now(UTC).date() + timedelta(days=3)).isoformat()
    result = _dated_entry(tmp_path, ahead)
    assert result["verdict"] == "rejected", result
    assert any(
        p.startswith("submissions/tiny-dev/mine/submission.json: /date:") and ahead in p
        for p in result["problems"]
    ), result


def test_today_and_tomorrow_are_dates_the_check_accepts(tmp_path: Path) -> None:
    """Not an attack: a run finished today, or tomorrow somewhere east of UTC."""
    tomorrow = (datetime.now(UTC).date() + timedelta(days=1)).isoformat()
    assert _dated_entry(tmp_path, tomorrow)["verdict"] == "verified"


# -- blank letters -------------------------------------------------------------------


@pytest.mark.parametrize(
    "model",
    [
        "Existing\u3164Model",  # Hangul filler: a letter to Python, drawn as a space
        "Existing\u1160Model",  # Hangul jungseong filler
        "Existing\u115fModel",  # Hangul choseong filler
        "Existing\uffa0Model",  # halfwidth Hangul filler
        "existing-model\u3164",  # after the name, where nothing shows at all
    ],
)
def test_a_name_padded_with_blank_letters_needs_a_maintainer(tmp_path: Path, model: str) -> None:
    """Attack: names are compared by their letters and digits, punctuation and
    spaces dropped, so "Existing Model" is @octocat's "existing-model". The
    Hangul fillers are letters to Unicode (category Lo) but draw nothing or a
    space: "Existing\\u3164Model" reads "Existing Model" on the board, yet kept
    the filler as a letter, was one letter longer, and was Verified as a name of
    its own. Fillers are now dropped like spaces."""
    _assert_shown_like_octocats(_mallorys_entry(tmp_path, model=model))


@pytest.mark.parametrize("model", ["existing-mode|", "ex|sting-model", "existing-mode\u01c0"])
def test_a_vertical_bar_for_an_l_needs_a_maintainer(tmp_path: Path, model: str) -> None:
    """Attack: names are compared by letters and digits only, so an ASCII "|" in
    place of an "l" or "i" ("existing-mode|") was dropped, left a name one letter
    shorter, and was Verified beside @octocat's "existing-model"; in the fonts
    GitHub uses the bar and the l are hard to tell apart. It now reads as l (the
    dental click U+01C0, a letter, was already caught)."""
    _assert_shown_like_octocats(_mallorys_entry(tmp_path, model=model))


def _assert_shown_like_octocats(result: dict) -> None:
    assert result["verdict"] == "needs_maintainer", result
    assert any("is shown like @octocat's entry" in p for p in result["problems"]), result
