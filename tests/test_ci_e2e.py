"""End to end: the workflow steps on real git repositories, good and hostile pull requests.

Each test builds an upstream repository and a contributor's branch, checks
them out as verify-submission.yml does, runs ``spotdiff ci verify-pr`` with
``GITHUB_EVENT_PATH``, ``GITHUB_OUTPUT`` and ``GITHUB_STEP_SUMMARY`` in
tmp_path, and then runs the comment step on the artifact it wrote.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cmarkgfm
import pytest
from ci_repos import (
    BOARD,
    HIDDEN_BOARD,
    SCORER_FILE,
    Step,
    commit_all,
    git,
    half_right_predictions,
    make_repos,
    open_pull_request,
    run_step,
    verify,
    write_event,
    write_submission,
)
from cmarkgfm.cmark import Options
from test_loading import test_schemas_are_documented_draft_2020_12 as check_schema_documented

from spotdiff_eval import evaluate_files
from spotdiff_eval.cli import main
from spotdiff_eval.validation import BASELINE_IDS

RUN_URL = "https://github.com/example/spotdiff-eval/actions/runs/42"


class PullRequest:
    """One pull request taken through the verify step."""

    def __init__(self, root: Path, branch: str, edit: Any, author: str = "octocat") -> None:
        self.root = root
        self.repos = make_repos(root)
        self.head = open_pull_request(self.repos, branch, edit)
        run = verify(self.repos, self.head, root, author=author)
        self.trusted, self.pr, self.artifact = run.trusted, run.pr, run.artifact
        self.verify, self.result = run.step, run.result

    def changed_files(self) -> dict[str, Any]:
        """What the GitHub API's pulls.listFiles would say, as comment.yml passes it on."""
        out = git(
            self.repos.contributor,
            "diff",
            "--name-status",
            "--no-renames",
            self.repos.base_sha,
            self.head,
        )
        status = {"A": "added", "M": "modified", "D": "removed", "T": "changed"}
        files = [
            {"filename": line.split("\t", 1)[1], "status": status[line[0]]}
            for line in out.splitlines()
        ]
        return {"total": len(files), "files": files}

    def comment(self, artifact: Path | None = None, files: dict[str, Any] | None = None) -> Step:
        return run_step(
            [
                "ci",
                "comment-body",
                "--artifact",
                str(artifact or self.artifact),
                "--head-sha",
                self.head,
                "--run-url",
                RUN_URL,
                "--changed-files-env",
                "PR_FILES",
                "--github-output",
                "body",
            ],
            cwd=self.root,
            github=self.root / "github-comment",
            env={"PR_FILES": json.dumps(files if files is not None else self.changed_files())},
        )


def trusted_score(pull: PullRequest, submission_id: str) -> float:
    """The overall score the base branch's dataset gives the submitted predictions."""
    predictions = pull.pr / "submissions" / BOARD / submission_id / "predictions.json"
    evaluation = evaluate_files(pull.trusted / "data" / "manifest.json", predictions)
    return evaluation.metrics.overall_score


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def rendered(markdown_text: str) -> str:
    """HTML as GitHub's renderer (cmark-gfm) makes it, raw HTML let through as GitHub does."""
    return cmarkgfm.github_flavored_markdown_to_html(
        markdown_text, options=Options.CMARK_OPT_UNSAFE
    )


# -- a good submission -----------------------------------------------------------


def test_good_submission_is_verified_and_scored(tmp_path: Path) -> None:
    pull = PullRequest(
        tmp_path,
        "good",
        lambda repo: write_submission(
            repo / "submissions" / BOARD / "good-model", model="good-model"
        ),
    )
    assert pull.verify.returncode == 0, pull.verify.stderr
    result = pull.result
    assert result["verdict"] == "verified"
    assert (result["submission_id"], result["action"], result["track"]) == (
        f"{BOARD}/good-model",
        "added",
        "dev",
    )
    assert result["problems"] == [] and result["head_sha"] == pull.head
    score = trusted_score(pull, "good-model")
    assert 0 < score < 1
    assert result["metrics"]["overall_score"] == pytest.approx(score, abs=1e-6)
    report = json.loads((pull.artifact / "report.json").read_text(encoding="utf-8"))
    assert report["predictions"]["model"] == "good-model"
    assert report["metrics"]["overall_score"] == result["metrics"]["overall_score"]
    assert pull.verify.outputs == {"verdict": "verified", "submission_id": f"{BOARD}/good-model"}
    assert result["pull_request"] == 7  # from the event
    number = run_step(
        [
            *("ci", "pull-request", "--artifact", str(pull.artifact)),
            *("--head-sha", pull.head, "--github-output", "number"),
        ],
        cwd=tmp_path,
        github=tmp_path / "github-number",
    )
    assert (number.returncode, number.outputs) == (0, {"number": "7"}), number.stderr
    assert f"**{percent(score)}**" in pull.verify.summary
    assert "Verified" in pull.verify.summary
    assert (pull.artifact / "summary.md").read_text(encoding="utf-8") == pull.verify.summary
    assert f"verified: {BOARD}/good-model: overall {percent(score)}" in pull.verify.stdout

    comment = pull.comment()
    assert comment.returncode == 0, comment.stderr
    body = comment.outputs["body"]
    assert body == comment.stdout
    assert body.startswith("<!-- spotdiff-ci:verify-submission -->\n")
    assert "✅ Verified" in body and f"**{percent(score)}**" in body
    assert f"[the verification run]({RUN_URL})" in body
    assert "does not show that a model could not have seen" in body


def test_updating_an_existing_submission_is_an_update(tmp_path: Path) -> None:
    def edit(repo: Path) -> None:
        predictions = half_right_predictions("existing-model")
        predictions["items"][0]["differences"].pop()  # drop the extra prediction
        write_submission(
            repo / "submissions" / BOARD / "existing-model",
            model="existing-model",
            predictions=predictions,
        )

    pull = PullRequest(tmp_path, "update", edit)
    assert pull.verify.returncode == 0, pull.verify.stderr
    assert (pull.result["verdict"], pull.result["action"]) == ("verified", "updated")
    assert pull.result["counts"]["predicted"] == 2


def _update_existing(submitter: str = "octocat") -> Any:
    def edit(repo: Path) -> None:
        predictions = half_right_predictions("existing-model")
        predictions["items"][0]["differences"].pop()
        folder = repo / "submissions" / BOARD / "existing-model"
        write_submission(
            folder, model="existing-model", predictions=predictions, submitter=submitter
        )

    return edit


def _add_new(submitter: str) -> Callable[[Path], None]:
    def edit(repo: Path) -> None:
        folder = repo / "submissions" / BOARD / "new-entry"
        write_submission(folder, model="new-entry", submitter=submitter)

    return edit


def _update_baseline(repo: Path) -> None:
    predictions = half_right_predictions("floor")
    predictions["items"][0]["differences"].pop()
    write_submission(
        repo / "submissions" / BOARD / "perfect-baseline",
        model="floor",
        baseline=True,
        predictions=predictions,
    )


OWNERSHIP = {
    "another-person": (
        _update_existing(),
        "mallory",
        "submissions/tiny-dev/existing-model: belongs to @octocat (its submitter on the base "
        "branch), not to @mallory, who opened this pull request: a maintainer must review this "
        "update",
    ),
    "submitter-rewritten-in-the-head": (
        _update_existing(submitter="mallory"),
        "mallory",
        "submissions/tiny-dev/existing-model: belongs to @octocat (its submitter on the base "
        "branch), not to @mallory, who opened this pull request: a maintainer must review this "
        "update",
    ),
    "author-unknown": (
        _update_existing(),
        "",
        "submissions/tiny-dev/existing-model: belongs to @octocat; the pull request author is not "
        "known: a maintainer must review this update",
    ),
    "baseline": (
        _update_baseline,
        "octocat",
        "submissions/tiny-dev/perfect-baseline: is a project baseline: only maintainers change it",
    ),
    # Red team round 11: a new entry in someone else's name would be shown as theirs and
    # owned by them.
    "new-folder-in-another-name": (
        _add_new("octocat"),
        "mallory",
        "submissions/tiny-dev/new-entry: names @octocat as its submitter, not @mallory, who "
        "opened this pull request: a maintainer must confirm who submits it",
    ),
    "owner-hands-the-entry-to-another": (
        _update_existing(submitter="mallory"),
        "octocat",
        "submissions/tiny-dev/existing-model: changes its submitter from @octocat to @mallory: "
        "a maintainer must confirm who submits it",
    ),
    "new-folder-author-unknown": (
        _add_new("octocat"),
        "",
        "submissions/tiny-dev/new-entry: names @octocat as its submitter; the pull request "
        "author is not known: a maintainer must confirm who submits it",
    ),
    # A new folder claiming to be a baseline is refused outright, as publishing would leave
    # it out: see test_verify_refuses_what_publishing_would_leave_out.
}


def test_a_new_folder_in_ones_own_name_is_verified_whatever_the_case(tmp_path: Path) -> None:
    pull = PullRequest(tmp_path, "own", _add_new("Mallory"), author="mallory")
    assert pull.verify.returncode == 0, pull.verify.stderr
    assert (pull.result["verdict"], pull.result["action"]) == ("verified", "added")


@pytest.mark.parametrize("case", sorted(OWNERSHIP))
def test_changing_an_entry_one_does_not_own_needs_a_maintainer(tmp_path: Path, case: str) -> None:
    edit, author, reason = OWNERSHIP[case]
    pull = PullRequest(tmp_path, case, edit, author=author)
    assert pull.verify.returncode == 1, pull.verify.stderr
    result = pull.result
    assert (result["verdict"], result["problems"]) == ("needs_maintainer", [reason])
    assert result["metrics"] is not None  # scored all the same, for the maintainer
    assert f"spotdiff: needs a maintainer: {reason}" in pull.verify.stderr
    assert pull.verify.outputs["verdict"] == "needs_maintainer"
    comment = pull.comment()
    assert comment.returncode == 0, comment.stderr
    body = comment.outputs["body"]
    assert "🛂 Needs a maintainer" in body and "✅" not in body
    assert "### Why a maintainer must review (1)" in body


def test_the_owner_updates_without_a_maintainer_whatever_the_case(tmp_path: Path) -> None:
    pull = PullRequest(tmp_path, "owner", _update_existing(), author="OctoCat")
    assert pull.verify.returncode == 0, pull.verify.stderr
    assert (pull.result["verdict"], pull.result["action"]) == ("verified", "updated")


def test_hidden_track_submission_is_checked_but_not_scored(tmp_path: Path) -> None:
    pull = PullRequest(
        tmp_path,
        "hidden",
        lambda repo: write_submission(
            repo / "submissions" / HIDDEN_BOARD / "blind-model",
            model="blind-model",
            track="hidden",
            dataset="tiny-hidden",
        ),
    )
    assert pull.verify.returncode == 0, pull.verify.stderr
    result = pull.result
    assert (result["verdict"], result["track"], result["metrics"]) == ("checked", "hidden", None)
    assert not (pull.artifact / "report.json").exists()
    assert "publish workflow scores it after merge" in pull.verify.summary
    comment = pull.comment()
    assert comment.returncode == 0, comment.stderr
    assert "☑️ Checked" in comment.stdout and "Overall score" not in comment.stdout


def _surrogate_text() -> str:
    doc = half_right_predictions("odd-text")
    doc["items"][0]["differences"][0]["subject"] += " \ud800"  # half of a UTF-16 pair
    # json.dumps writes it as the escape \ud800, which strict UTF-8 reading lets through.
    return json.dumps(doc)


_SURROGATE_COLUMN = _surrogate_text().index("\\ud800") + 1


def _surrogate_predictions(repo: Path) -> None:
    folder = write_submission(repo / "submissions" / BOARD / "odd-text", model="odd-text")
    (folder / "predictions.json").write_text(_surrogate_text(), encoding="ascii")


@pytest.mark.parametrize(
    ("case", "edit", "line"),
    [
        (
            "baseline claim",
            lambda repo: write_submission(
                repo / "submissions" / BOARD / "fake-baseline", model="m", baseline=True
            ),
            f"submissions/{BOARD}/fake-baseline/submission.json: /baseline: only the project's "
            f"baselines ({', '.join(sorted(BASELINE_IDS))}) on a public board may be marked",
        ),
        (
            "junk hidden-track folder",  # on the public board, claiming the hidden track
            lambda repo: write_submission(
                repo / "submissions" / BOARD / "junk", model="junk", track="hidden"
            ),
            f'submissions/{BOARD}/junk/submission.json: /dataset/track: track "hidden" does not '
            f'fit board {BOARD}, whose track is public (use "dev", or move the folder to a '
            "hidden board)",
        ),
        (
            "junk folder on the hidden board",  # another dataset than the board's
            lambda repo: write_submission(
                repo / "submissions" / HIDDEN_BOARD / "junk", model="junk", track="hidden"
            ),
            f"submissions/{HIDDEN_BOARD}/junk/submission.json: /dataset: dataset tiny 1.0 "
            f"differs from board {HIDDEN_BOARD}'s tiny-hidden 1.0",
        ),
        (
            "lone surrogate",
            _surrogate_predictions,
            f"submissions/{BOARD}/odd-text/predictions.json: line 1 column "
            f"{_SURROGATE_COLUMN}: invalid JSON: a lone UTF-16 surrogate "
            "(half of a pair) cannot be stored as UTF-8",
        ),
    ],
    ids=["baseline-claim", "junk-hidden-track", "junk-on-the-hidden-board", "lone-surrogate"],
)
def test_verify_refuses_what_publishing_would_leave_out(
    tmp_path: Path, case: str, edit: Callable[[Path], None], line: str
) -> None:
    """Each folder here was once accepted by verify-pr and then broke publishing."""
    pull = PullRequest(tmp_path, case.replace(" ", "-"), edit)
    assert pull.verify.returncode == 1, pull.verify.stdout
    assert pull.result["verdict"] == "rejected"
    assert pull.result["problems"][0] == line  # (a baseline claim also asks for a maintainer)
    assert f"spotdiff: error: {line}\n" in pull.verify.stderr


# -- hostile pull requests --------------------------------------------------------


MALICIOUS_INIT = """\
import os, pathlib
pathlib.Path(os.environ["PWNED_MARKER"]).write_text("pull request code ran")
raise SystemExit("the pull request's spotdiff_eval was imported")
"""


def test_scorer_edit_is_rejected_and_scored_by_the_base_scorer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def edit(repo: Path) -> None:
        write_submission(repo / "submissions" / BOARD / "cheater", model="cheater")
        (repo / SCORER_FILE).write_text("def overall_score(counts):\n    return 1.0  # 100%!\n")
        (repo / "spotdiff_eval" / "__init__.py").write_text(MALICIOUS_INIT)
        (repo / "spotdiff_eval" / "__main__.py").write_text("import spotdiff_eval\n")

    marker = tmp_path / "pwned"
    monkeypatch.setenv("PWNED_MARKER", str(marker))  # where the pull request's code would write
    pull = PullRequest(tmp_path, "cheat", edit)
    assert pull.verify.returncode == 1
    result = pull.result
    assert result["verdict"] == "rejected"
    assert not marker.exists()
    # scored all the same, by the trusted scorer: not 100%
    score = trusted_score(pull, "cheater")
    assert score < 1
    assert result["metrics"]["overall_score"] == pytest.approx(score, abs=1e-6)
    assert f"**{percent(score)}**" in pull.verify.summary
    problems = "\n".join(result["problems"])
    assert (
        f"{SCORER_FILE}: modifies the scorer and the package code: a submission pull "
        "request changes only its own folder"
    ) in problems
    assert "spotdiff_eval/__init__.py: adds the scorer and the package code" in problems
    assert result["problems_total"] == 3
    assert f"spotdiff: error: {SCORER_FILE}: modifies the scorer" in pull.verify.stderr

    # Control: what -I prevents. In a full checkout of the pull request,
    # a plain `python -m spotdiff_eval` imports the pull request's package.
    full = tmp_path / "full-checkout"
    git(tmp_path, "clone", "-q", str(pull.repos.contributor), str(full))
    git(full, "checkout", "-q", "--detach", pull.head)
    for isolated in (["-I"], []):
        subprocess.run(
            [sys.executable, *isolated, "-m", "spotdiff_eval", "--version"],
            cwd=full,
            capture_output=True,
            check=False,
            timeout=60,
        )
        assert marker.exists() == (not isolated)

    comment = pull.comment()
    assert comment.returncode == 0, comment.stderr
    assert "❌ Not accepted" in comment.stdout and "✅" not in comment.stdout
    assert f"{SCORER_FILE}: modifies the scorer" in comment.stdout


@pytest.mark.parametrize(
    ("path", "area"),
    [
        ("data/annotations/scene_0002_kitchen.json", "the dataset"),
        ("LEADERBOARD.md", "the generated leaderboard (rebuilt after merge)"),
    ],
)
def test_edits_to_data_or_leaderboard_are_rejected(tmp_path: Path, path: str, area: str) -> None:
    def edit(repo: Path) -> None:
        write_submission(repo / "submissions" / BOARD / "sneaky", model="sneaky")
        if path.startswith("data/"):
            # make the kitchen's gold agree with the submission's wrong count
            doc = json.loads((repo / path).read_text(encoding="utf-8"))
            doc["differences"][0]["to"] = 5
            (repo / path).write_text(json.dumps(doc), encoding="utf-8")
        else:
            (repo / path).write_text("# Leaderboard\n\n1. sneaky 100%\n", encoding="utf-8")

    pull = PullRequest(tmp_path, "sneaky", edit)
    assert pull.verify.returncode == 1
    assert pull.result["verdict"] == "rejected"
    assert pull.result["problems"] == [
        f"{path}: modifies {area}: a submission pull request changes only its own folder"
    ]
    # scored against the base branch's dataset, not the edited one
    score = trusted_score(pull, "sneaky")
    assert pull.result["metrics"]["overall_score"] == pytest.approx(score, abs=1e-6)
    if path.startswith("data/"):
        edited = pull.repos.contributor / "data" / "manifest.json"
        predictions = pull.pr / "submissions" / BOARD / "sneaky" / "predictions.json"
        assert evaluate_files(edited, predictions).metrics.overall_score > score + 0.01


@pytest.mark.parametrize("what", ["file", "folder"])
def test_symlinks_are_rejected_and_never_followed(tmp_path: Path, what: str) -> None:
    def edit(repo: Path) -> None:
        if what == "file":
            folder = write_submission(repo / "submissions" / BOARD / "linked", model="linked")
            (folder / "predictions.json").unlink()
            (folder / "predictions.json").symlink_to("../../data/annotations/scene_0001_park.json")
        else:
            (repo / "submissions" / BOARD / "linked").symlink_to("../data")

    pull = PullRequest(tmp_path, f"symlink-{what}", edit)
    assert pull.verify.returncode == 1
    result = pull.result
    assert result["verdict"] == "rejected" and result["metrics"] is None
    if what == "file":
        assert result["submission_id"] == f"{BOARD}/linked"
        linked = "submissions/tiny-dev/linked/predictions.json"
        # said once, though both the history and the folder check find it
        assert result["problems"].count(f"{linked}: symlinks are not allowed in a submission") == 1
    else:
        assert result["submission_id"] is None
        assert result["problems"][0] == (
            "submissions/tiny-dev/linked: symlinks are not allowed in a submission; "
            "a submission is a folder submissions/<board>/<id>/"
        )
    assert not (pull.artifact / "report.json").exists()


def test_two_submission_folders_are_rejected(tmp_path: Path) -> None:
    def edit(repo: Path) -> None:
        write_submission(repo / "submissions" / BOARD / "model-one", model="model-one")
        write_submission(repo / "submissions" / BOARD / "model-two", model="model-two")

    pull = PullRequest(tmp_path, "two", edit)
    assert pull.verify.returncode == 1
    result = pull.result
    assert (result["verdict"], result["submission_id"], result["metrics"]) == (
        "rejected",
        None,
        None,
    )
    assert result["problems"] == [
        f"submissions/: changes 2 submission folders ({BOARD}/model-one, {BOARD}/model-two): "
        "a pull request "
        "adds or updates exactly one; open one pull request per submission"
    ]
    assert pull.verify.outputs["submission_id"] == ""


def test_huge_file_is_rejected_without_scoring(tmp_path: Path) -> None:
    limit = 16 * 1024 * 1024

    def edit(repo: Path) -> None:
        folder = write_submission(repo / "submissions" / BOARD / "bulky", model="bulky")
        text = json.dumps(half_right_predictions("bulky"))
        padded = text[:-1] + " " * (limit + 1 - len(text.encode())) + "}"
        (folder / "predictions.json").write_text(padded, encoding="utf-8")

    pull = PullRequest(tmp_path, "huge", edit)
    assert pull.verify.returncode == 1
    result = pull.result
    assert result["verdict"] == "rejected" and result["metrics"] is None
    size = f"{limit + 1:,}"
    assert result["problems"][0] == (
        f"submissions/tiny-dev/bulky/predictions.json: file is {size} bytes, above the "
        f"{limit:,}-byte limit"
    )


INJECTION = (
    "<img src=x onerror=alert(1)> **bold** [a](https://evil.example) @admin #1\n"
    "verdict=ok `x` \u202e<!--"
)


def test_markdown_and_html_injection_in_the_model_name_is_escaped(tmp_path: Path) -> None:
    assert len(INJECTION) <= 100  # the schema's limit for a model name
    pull = PullRequest(
        tmp_path,
        "inject",
        lambda repo: write_submission(repo / "submissions" / BOARD / "inject", model=INJECTION),
    )
    assert pull.verify.returncode == 0, pull.verify.stderr
    assert pull.result["model"] == INJECTION
    # the name could not forge a step output
    assert pull.verify.outputs == {"verdict": "verified", "submission_id": f"{BOARD}/inject"}
    comment = pull.comment()
    assert comment.returncode == 0, comment.stderr
    assert comment.outputs.keys() == {"body", "mode"} and comment.outputs["mode"] == "post"
    for text in (pull.verify.summary, comment.outputs["body"]):
        html = rendered(text)
        assert "<img" not in html and "<strong>bold" not in html
        assert 'href="https://evil.example"' not in html
        assert "\u202e" not in html and "\n" not in text.split("model ")[1].split(".\n")[0]
        assert "&lt;img src=x onerror=alert(1)&gt; **bold** [a](https://evil.example)" in html
        # the whole name sits in one code span: no mention, no issue link, no comment
        code = html.split("model <code>")[1].split("</code>")[0]
        assert "@admin #1\\nverdict=ok `x` \\u202e&lt;!--" in code
    # only the marker and the line naming the head (red team round 18)
    assert rendered(comment.outputs["body"]).count("<!--") == 2


#: File names a pull request can commit: a workflow command after a line
#: break, a terminal escape sequence, and a right-to-left override.
HOSTILE_FILE_NAMES = (
    "x\n::error title=Verified::100%",
    "\x1b]0;Verified\x07click\x1b[2J",
    "notes\u202etxt.json",
)


def _log_lines(*texts: str) -> list[str]:
    return [line for text in texts for line in text.splitlines()]


def test_hostile_file_names_are_escaped_in_the_log_and_in_validate(tmp_path: Path) -> None:
    def edit(repo: Path) -> None:
        folder = write_submission(repo / "submissions" / BOARD / "named", model="named")
        for name in HOSTILE_FILE_NAMES:
            (folder / name).write_text("{}", encoding="utf-8")

    pull = PullRequest(tmp_path, "names", edit)
    assert pull.verify.returncode == 1
    assert pull.result["verdict"] == "rejected"
    validate = run_step(
        ["validate", "submissions/tiny-dev/named"], cwd=pull.pr, github=tmp_path / "github-validate"
    )
    assert validate.returncode == 1
    logs = (pull.verify.stdout, pull.verify.stderr, validate.stdout, validate.stderr)
    for line in _log_lines(*logs):
        assert not line.startswith("::"), line  # no workflow command
    joined = "".join(logs) + json.dumps(pull.result, ensure_ascii=False)
    for bad in ("\x1b", "\x07", "\u202e"):
        assert bad not in joined
    assert "x\\n::error title=Verified::100%" in pull.verify.stderr
    assert "\\x1b]0;Verified\\x07click\\x1b[2J: unexpected file" in validate.stderr
    assert "notes\\u202etxt.json: unexpected file" in validate.stderr


def test_a_file_name_that_is_not_utf8_gets_a_clean_verdict(tmp_path: Path) -> None:
    def edit(repo: Path) -> None:
        folder = write_submission(repo / "submissions" / BOARD / "latin1", model="latin1")
        with open(os.path.join(os.fsencode(folder), b"caf\xe9.json"), "wb") as handle:
            handle.write(b"{}")

    pull = PullRequest(tmp_path, "latin1", edit)
    assert pull.verify.returncode == 1, pull.verify.stderr
    assert "Traceback" not in pull.verify.stderr
    assert pull.result["verdict"] == "rejected"
    assert pull.result["problems"][0] == (
        "submissions/tiny-dev/latin1/caf\\xe9.json: file name is not valid UTF-8: rename it"
    )
    comment = pull.comment(files={"total": 0, "files": []})
    assert comment.returncode == 0, comment.stderr
    assert "file name is not valid UTF-8" in comment.outputs["body"]


def test_the_result_schema_is_documented_draft_2020_12() -> None:
    check_schema_documented("ci-result")


# -- the comment step refuses a tampered artifact ----------------------------------


@pytest.fixture(scope="module")
def verified(tmp_path_factory: pytest.TempPathFactory) -> PullRequest:
    root = tmp_path_factory.mktemp("verified")
    return PullRequest(
        root, "ok", lambda repo: write_submission(repo / "submissions" / BOARD / "fine-model")
    )


def tampered(pull: PullRequest, tmp_path: Path, change: Any) -> Path:
    folder = tmp_path / "tampered"
    shutil.copytree(pull.artifact, folder)
    result = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    text = change(result)
    if text is None:
        text = json.dumps(result)
    (folder / "result.json").write_text(text, encoding="utf-8")
    return folder


def _set(path: str, value: Any, *more: Any) -> Any:
    """Set ``path`` (and further path, value pairs) in result.json."""
    pairs = [(path, value), *zip(more[::2], more[1::2], strict=True)]

    def change(result: dict[str, Any]) -> None:
        for where, new in pairs:
            node = result
            *parents, last = where.split("/")
            for key in parents:
                node = node[key]
            node[last] = new

    return change


@pytest.mark.parametrize(
    ("change", "where", "what"),
    [
        (
            _set("metrics/overall_score", "100%"),
            "/metrics/overall_score",
            'must be a number between 0 and 1, found "100%"',
        ),
        (
            _set("metrics/overall_score", True),
            "/metrics/overall_score",
            "must be a number between 0 and 1, found true",
        ),
        (
            _set("metrics/recall", 1.5),
            "/metrics/recall",
            "must be a number between 0 and 1, found 1.5",
        ),
        (_set("model", "A" * 5000), "/model", "must be at most 100 characters long, found 5000"),
        (
            _set("problems", ["x" * 401]),
            "/problems/0",
            "must be at most 400 characters long, found 401",
        ),
        (
            _set("head_sha", "--output=/tmp/x"),
            "/head_sha",
            'must be text matching ^[0-9a-f]{40}([0-9a-f]{24})?$, found "--output=/tmp/x"',
        ),
        (
            _set("comment", "<script>"),
            "/comment",
            'unknown field "comment" (allowed: schema_version, verdict, pull_request, base_sha, '
            "head_sha, submission_id, action, track, model, evaluator_version, dataset, metrics, "
            "confidence_interval, counts, problems, problems_total)",
        ),
        (
            _set("problems", ["forged"], "problems_total", 1),
            "/problems",
            'a "verified" result cannot have problems',
        ),
        (
            _set("verdict", "needs_maintainer"),
            "/problems",
            'a "needs_maintainer" result must list its reasons',
        ),
        (
            _set("confidence_interval", [0.9, 0.1]),
            "/confidence_interval",
            "low end is above the high end",
        ),
        (
            lambda r: json.dumps(r)[:-1] + ', "verdict": "verified"}',
            "line 1 column N",  # N: wherever the tampered key landed
            "invalid JSON: duplicate key 'verdict'",
        ),
        (
            lambda r: re.sub(r'"overall_score": [0-9.]+', '"overall_score": NaN', json.dumps(r)),
            "line 1 column N",
            "invalid JSON: NaN is not valid JSON",
        ),
    ],
    ids=[
        "string-score",
        "boolean-score",
        "out-of-range",
        "long-model",
        "long-problem",
        "bad-sha",
        "extra-field",
        "verified-with-problems",
        "maintainer-without-reasons",
        "inverted-interval",
        "duplicate-key",
        "nan",
    ],
)
def test_comment_refuses_a_tampered_artifact(
    verified: PullRequest,
    tmp_path: Path,
    change: Any,
    where: str,
    what: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In process (the same ``main`` the console script runs), to keep twelve cases fast."""
    folder = tampered(verified, tmp_path, change)
    output = tmp_path / "github_output"
    output.write_text("", encoding="utf-8")
    monkeypatch.setenv("GITHUB_OUTPUT", str(output))
    monkeypatch.setenv("PR_FILES", json.dumps(verified.changed_files()))
    status = main(
        [
            "ci",
            "comment-body",
            "--artifact",
            str(folder),
            "--head-sha",
            verified.head,
            "--changed-files-env",
            "PR_FILES",
            "--github-output",
            "body",
        ]
    )
    captured = capsys.readouterr()
    assert status == 1
    assert captured.out == "" and output.read_text(encoding="utf-8") == ""
    place = f"{where}: " if where else ""
    if where.endswith("column N"):
        place = place.replace("N", str(_column(captured.err)))
    assert captured.err == f"spotdiff: error: {folder / 'result.json'}: {place}{what}\n"


def _column(err: str) -> int:
    found = re.search(r": line 1 column (\d+): ", err)
    assert found, err
    return int(found.group(1))


def test_comment_refuses_oversize_symlink_and_other_commits(
    verified: PullRequest, tmp_path: Path
) -> None:
    result_json = "result.json"
    big = tampered(verified, tmp_path / "big", lambda r: json.dumps(r) + " " * 70_000)
    step = verified.comment(artifact=big)
    assert step.returncode == 1
    assert step.stderr.strip().endswith(
        f"{result_json}: file is {(big / result_json).stat().st_size:,} bytes, "
        "above the 65,536-byte limit"
    )

    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / result_json).symlink_to(verified.artifact / result_json)
    step = verified.comment(artifact=linked)
    assert step.returncode == 1
    assert step.stderr.strip() == f"spotdiff: error: {linked / result_json}: is not a regular file"

    other = run_step(
        ["ci", "comment-body", "--artifact", str(verified.artifact), "--head-sha", "f" * 40],
        cwd=tmp_path,
        github=tmp_path / "gh",
    )
    assert other.returncode == 1
    assert other.stderr.strip() == (
        f"spotdiff: error: {verified.artifact / result_json}: /head_sha: names commit "
        f"{verified.head[:12]}, but the run was for ffffffffffff: refusing a result for "
        "another commit"
    )


def test_comment_trusts_the_api_file_list_over_the_artifact(verified: PullRequest) -> None:
    files = verified.changed_files()
    files["files"].append(
        {"filename": ".github/workflows/verify-submission.yml", "status": "modified"}
    )
    files["total"] += 1
    step = verified.comment(files=files)
    assert step.returncode == 0, step.stderr
    body = step.outputs["body"]
    assert "❌ Not accepted" in body and "✅" not in body
    assert (
        ".github/workflows/verify-submission.yml: modifies the workflows and repository "
        "settings: a submission pull request changes only its own folder"
    ) in body
    # nothing the run reported is shown: such a pull request can forge it (red team round 11)
    assert "Overall score" not in body and "for information" not in body
    assert verified.result["base_sha"] not in body and "evaluator" not in body
    assert f"Pull request head {verified.head}." in body
    # a run that scored another folder than the one the pull request changes
    files = {
        "total": 2,
        "files": [
            {"filename": "submissions/tiny-dev/other-one/submission.json", "status": "added"},
            {"filename": "submissions/tiny-dev/other-one/predictions.json", "status": "added"},
        ],
    }
    body = verified.comment(files=files).outputs["body"]
    assert "❌ Not accepted" in body
    assert "submissions/tiny-dev/other-one/: is the folder the pull request changes" in body


def test_verify_refuses_an_event_whose_sha_could_be_an_option(tmp_path: Path) -> None:
    event = write_event(tmp_path / "event.json", "a" * 40, "--output=/tmp/owned")
    step = run_step(
        ["ci", "verify-pr", "--pr", str(tmp_path), "--artifact", str(tmp_path / "out")],
        cwd=tmp_path,
        github=tmp_path / "gh",
        env={"GITHUB_EVENT_PATH": str(event)},
    )
    assert step.returncode == 1
    assert step.stderr.strip() == (
        f"spotdiff: error: {event}: /pull_request/head/sha: expected a full lowercase commit "
        "sha, found '--output=/tmp/owned'"
    )
    assert not (tmp_path / "out").exists()


# -- publish: the LEADERBOARD.md commit -------------------------------------------------


def test_commit_leaderboard_commits_and_pushes_only_a_change(tmp_path: Path) -> None:
    origin = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(origin))
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(clone))
    (clone / "LEADERBOARD.md").write_text("old\n", encoding="utf-8")
    commit_all(clone, "first")
    git(clone, "push", "-q", "origin", "HEAD:main")
    built = tmp_path / "built" / "LEADERBOARD.md"
    built.parent.mkdir()
    built.write_text("# new standings\n", encoding="utf-8")
    args = ["ci", "commit-leaderboard", "--repo", str(clone), "--file", str(built), "--push"]

    step = run_step(
        [*args, "--token-env", "PUSH_TOKEN"],
        cwd=tmp_path,
        github=tmp_path / "gh",
        env={"PUSH_TOKEN": "sekrit-token-value"},
    )
    assert step.returncode == 0, step.stderr
    assert step.outputs == {"changed": "true"}
    log = git(origin, "log", "--format=%an <%ae>|%s", "main")
    assert log.splitlines()[0] == (
        "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>|"
        "Rebuild LEADERBOARD.md [skip ci]"
    )
    assert git(origin, "show", "main:LEADERBOARD.md") == "# new standings"
    assert "sekrit-token-value" not in step.stdout + step.stderr
    assert "sekrit-token-value" not in (clone / ".git" / "config").read_text()

    again = run_step(args, cwd=tmp_path, github=tmp_path / "gh2")
    assert again.returncode == 0 and again.outputs == {"changed": "false"}
    assert len(git(origin, "log", "--format=%H", "main").splitlines()) == 2

    unset = run_step([*args, "--token-env", "NO_SUCH_TOKEN"], cwd=tmp_path, github=tmp_path / "g3")
    assert unset.returncode == 1
    assert unset.stderr.strip() == (
        "spotdiff: error: $NO_SUCH_TOKEN: environment variable not set or empty"
    )


def test_commit_leaderboard_without_git_is_one_error_line(tmp_path: Path) -> None:
    """The publish job once ran git through a wrapper of its own, which said only "No such
    file or directory"; both CI jobs now share the one that names what is missing."""
    clone = tmp_path / "clone"
    clone.mkdir()
    built = tmp_path / "LEADERBOARD.md"
    built.write_text("# standings\n", encoding="utf-8")
    args = ["ci", "commit-leaderboard", "--repo", str(clone), "--file", str(built)]
    no_git = {"PATH": str(tmp_path / "empty-bin")}
    step = run_step(args, cwd=tmp_path, github=tmp_path / "gh", env=no_git)
    assert (step.returncode, step.stderr) == (1, "spotdiff: error: git: git is not installed\n")
