"""Red team round 19: pull requests that passed the check and should not have.

Each test builds real git repositories (``ci_repos``) and runs the workflow's
own ``spotdiff ci verify-pr`` step on the pull request.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from ci_repos import BOARD, commit_all, git, make_repos, run_step, verify, write_submission
from test_workflows import FILES, HEAD, action, run_script, steps, workflows

from spotdiff_eval.ci.artifact import result_document
from spotdiff_eval.ci.summary import MARKER
from spotdiff_eval.ci.verify import Verification

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


# -- a verify run that left an artifact the comment workflow cannot use -------------

_STATUS = re.compile(r"\b(?:always|success|failure|cancelled)\(\)")


def _evaluate(expression: str, context: dict[str, dict], job_ok: bool) -> bool:
    """A step's ``if`` as GitHub evaluates the forms comment.yml uses: ``steps.<id>.outcome``
    and ``.outputs.<name>``, ``==``, ``!=``, ``&&``, ``||``, parentheses and the status
    functions; without one, ``success() && (...)`` is implied."""
    text = expression if _STATUS.search(expression) else f"success() && ({expression})"
    text = re.sub(
        r"\bsteps\.([\w-]+)\.outcome",
        lambda m: repr(context.get(m[1], {}).get("outcome", "")),
        text,
    )
    text = re.sub(
        r"\bsteps\.([\w-]+)\.outputs\.([\w-]+)",
        lambda m: repr(context.get(m[1], {}).get("outputs", {}).get(m[2], "")),
        text,
    )
    text = text.replace("&&", " and ").replace("||", " or ")
    text = text.replace("always()", "True").replace("cancelled()", "False")
    text = text.replace("success()", str(job_ok)).replace("failure()", str(not job_ok))
    return bool(eval(text, {"__builtins__": {}}))


def _comment_job(
    artifact: Path, pulls: list, comments: dict, root: Path, *, downloaded: bool = True
) -> dict:
    """comment.yml's job, step by step, on a downloaded artifact: each ``if`` evaluated
    as GitHub does, the spotdiff steps run as commands, the github-script steps in Node
    against the API ``pulls`` and ``comments``. Returns each step's outcome and outputs,
    and the API writes."""
    _, doc = workflows()["comment.yml"]
    context: dict[str, dict] = {}
    job_ok, writes = True, []
    env = {
        "ARTIFACT_DIR": str(artifact),
        "HEAD_SHA": HEAD,
        "RUN_URL": "https://github.com/o/r/actions/runs/1",
        "PR_BASE": "main",
        "DEFAULT_BRANCH": "main",
    }
    for index, (_, step) in enumerate(steps(doc)):
        key = step.get("id") or f"#{index}"
        if not _evaluate(step.get("if") or "success()", context, job_ok):
            context[key] = {"outcome": "skipped", "outputs": {}}
            continue
        outcome, outputs = "success", {}
        run = step.get("run", "")
        step_env = {
            name: re.sub(
                r"\$\{\{ steps\.([\w-]+)\.outputs\.([\w-]+) \}\}",
                lambda m: context.get(m[1], {}).get("outputs", {}).get(m[2], ""),
                value,
            )
            for name, value in step.get("env", {}).items()
        }
        if action(step) == "actions/download-artifact":
            outcome = "success" if downloaded else "failure"
        elif "spotdiff_eval ci " in run:
            command = run.split("spotdiff_eval ", 1)[1]
            args = [
                env.get(word.strip('"$'), word.strip('"')) if word.startswith('"$') else word
                for word in command.split()
            ]
            done = run_step(args, root, root / f"github-{index}", env={**env, **step_env})
            outcome, outputs = ("success" if done.returncode == 0 else "failure"), done.outputs
        elif action(step) == "actions/github-script":
            fixture = {"run": {"head_sha": HEAD, "conclusion": "success"}, "pulls": pulls}
            fixture |= {"comments": comments, "files": FILES}
            done = run_script(step, fixture, step_env)
            outputs = done["outputs"]
            outcome = "failure" if "failed" in outputs else "success"
            writes += done["calls"]
        if outcome == "failure" and not step.get("continue-on-error"):
            job_ok = False
        context[key] = {"outcome": outcome, "outputs": outputs}
    return {"steps": context, "writes": writes}


def _forged(root: Path, doc: object) -> Path:
    artifact = root / "artifact"
    artifact.mkdir(parents=True)
    (artifact / "result.json").write_text(json.dumps(doc), encoding="utf-8")
    return artifact


def _rejected_result(head: str, number: int | None) -> dict:
    line = "submissions/x/: forged"
    verification = Verification("a" * 40, head, None, None, None, None, (line,), None)
    return result_document(verification, number)


EARLIER = {
    "id": 41,
    "user": {"login": "github-actions[bot]"},
    "body": f"{MARKER}\n<!-- spotdiff-ci:head {'a' * 40} -->\n\n## ✅ Verified",
}


@pytest.mark.parametrize(
    "doc",
    [
        pytest.param({"verdict": "verified"}, id="not-a-result"),
        pytest.param(_rejected_result("d" * 40, 7), id="for-another-head"),
        pytest.param(_rejected_result(HEAD, None), id="naming-no-pull-request"),
        pytest.param(_rejected_result(HEAD, 8), id="naming-another-pull-request"),
    ],
)
def test_an_artifact_that_gives_no_comment_outdates_the_earlier_one(
    tmp_path: Path, doc: object
) -> None:
    """A pull request's verify workflow is its own to edit. A push that changed the scorer
    and made the run upload an artifact the comment workflow refuses (not a result, a
    result for another commit) or that names no open pull request with the head stopped
    the comment job before any comment was written: the "Verified" comment on the earlier
    head stayed, for as long as outdate-comments.yml took to come round (a schedule
    GitHub may delay or skip). Round 18 outdated it only when there was no artifact."""
    pulls = [{"number": 7, "state": "open", "head": {"sha": HEAD}}]
    job = _comment_job(_forged(tmp_path, doc), pulls, {"7": [EARLIER]}, tmp_path)
    assert [call.get("update") for call in job["writes"]] == [41], job
    body = job["writes"][0]["body"]
    assert body.startswith(MARKER) and "Outdated" in body and HEAD in body, body
    assert "✅" not in body and not any("create" in call for call in job["writes"])


def test_a_usable_artifact_is_posted_and_not_outdated(tmp_path: Path) -> None:
    pulls = [{"number": 7, "state": "open", "head": {"sha": HEAD}}]
    doc = _rejected_result(HEAD, 7)
    job = _comment_job(_forged(tmp_path, doc), pulls, {"7": [EARLIER]}, tmp_path)
    assert len(job["writes"]) == 1, job
    assert "Not accepted" in job["writes"][0]["body"] and HEAD in job["writes"][0]["body"]


def test_no_artifact_still_outdates_the_earlier_comment(tmp_path: Path) -> None:
    pulls = [{"number": 7, "state": "open", "head": {"sha": HEAD}}]
    job = _comment_job(tmp_path / "none", pulls, {"7": [EARLIER]}, tmp_path, downloaded=False)
    assert [call.get("update") for call in job["writes"]] == [41], job
