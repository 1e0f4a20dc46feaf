"""Each workflow step end to end: inputs from GitHub's files, outputs to them.

``spotdiff ci`` commands call these; the modules they use do one job each
(git changes, verification, the artifact, Markdown, GitHub's files).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..datasets import parse_json_text
from ..errors import SpotDiffError
from . import github_env
from .api_changes import api_changes, check_api_changes
from .artifact import (
    RESULT_FILE,
    CiResult,
    load_result,
    parse_result,
    result_document,
    write_artifact,
)
from .changes import FileChange, problem, touches_submissions
from .summary import render_result_markdown
from .verify import Verification, base_branch_problem, shown, verify_pull_request


def verify_step(
    trusted: Path,
    pr: Path,
    artifact: Path,
    *,
    base: str | None = None,
    head: str | None = None,
    manifest: Path | None = None,
    author_env: str | None = None,
) -> tuple[Verification, CiResult]:
    """verify-submission.yml's step: verify, write the artifact, summary and outputs.

    ``base`` and ``head`` default to the ``pull_request`` event's shas; the
    pull request number comes from the event when there is one. The author's
    login is read from the environment variable ``author_env`` (the workflow
    sets it from ``github.event.pull_request.user.login``).
    """
    number = None
    branches = None
    texts = None
    if base is None or head is None or os.environ.get("GITHUB_EVENT_PATH"):
        source = os.environ.get("GITHUB_EVENT_PATH")
        event = github_env.read_event()
        if base is None or head is None:
            event_base, event_head = github_env.pull_request_shas(event, source)
            base, head = base or event_base, head or event_head
        number = github_env.pull_request_number(event, source)
        if number is not None:
            branches = github_env.pull_request_branches(event)
            texts = github_env.pull_request_texts(event)
    author = (os.environ.get(author_env) or None) if author_env else None
    base = github_env.require_sha(base, "--base", "")
    head = github_env.require_sha(head, "--head", "")
    try:
        verification = verify_pull_request(
            trusted,
            pr,
            base,
            head,
            manifest=manifest,
            author=author,
            branches=branches,
            texts=texts,
        )
    except SpotDiffError as exc:
        # Red team round 18: a check that failed (git refusing or timing out on a history
        # shaped for it) left no artifact, so the comment on an earlier head stayed
        # "Verified". A result for this head is written whatever happens after the shas.
        line = shown(f"the check could not finish: {exc.one_line()}")
        verification = Verification(base, head, None, None, None, None, (line,), None)
    doc = result_document(verification, number)
    result = parse_result(doc, Path(artifact) / RESULT_FILE)
    summary = render_result_markdown(result)
    write_artifact(artifact, doc, summary, verification.report)
    github_env.append_step_summary(summary)
    github_env.set_output("verdict", result.verdict)
    github_env.set_output("submission_id", result.submission_id or "")
    return verification, result


def comment_step(
    artifact: Path,
    *,
    head_sha: str | None = None,
    run_url: str | None = None,
    changed_files_env: str | None = None,
    output_name: str | None = None,
    branches_env: tuple[str | None, str | None] = (None, None),
) -> str:
    """comment.yml's step: the comment body from an artifact validated as data.

    With ``head_sha`` a result for any other commit is refused. With
    ``changed_files_env`` (the GitHub API's list of the pull request's files,
    see ``api_changes``) the submission rules are applied again to
    what GitHub says changed: the run that wrote the artifact may have been
    altered by the pull request, the API's list cannot be.
    """
    result = _result_for(artifact, head_sha)
    api_problems = [] if changed_files_env is None else _api_problems(changed_files_env, result)
    if None not in branches_env and result.verdict != "not_a_submission":
        # Red team round 18: the run of a pull request to another branch used that
        # branch's code, which may predate the rule that refuses it; the API's base decides.
        target, default = (os.environ.get(name) for name in branches_env)  # type: ignore[arg-type]
        if (wrong := base_branch_problem(target, default)) is not None:
            api_problems.insert(0, wrong)
    body = render_result_markdown(result, comment=True, run_url=run_url, api_problems=api_problems)
    _requested_output(output_name, body)
    if output_name is not None:
        github_env.set_output("mode", comment_mode(result, api_problems))
    return body


def comment_mode(result: CiResult, api_problems: list[str]) -> str:
    """How comment.yml posts the body: ``post`` (create or update the sticky comment) or
    ``update`` (only replace an earlier one: a pull request that is no longer a submission
    is told so, an ordinary code pull request gets no comment at all)."""
    return "update" if result.verdict == "not_a_submission" and not api_problems else "post"


def pull_request_step(artifact: Path, *, head_sha: str, output_name: str | None = None) -> str:
    """comment.yml's first step: the pull request number the artifact claims, or "".

    Only a claim: the comment workflow posts on that pull request only if the
    API lists it as open with the checked head. Several pull requests can share
    one head commit; each has its own verify run, so each gets its comment.
    """
    number = _result_for(artifact, head_sha).pull_request
    value = "" if number is None else str(number)
    _requested_output(output_name, value)
    return value


def _requested_output(name: str | None, value: str) -> None:
    """``--github-output NAME``: the step output, which outside Actions is an error."""
    if name is not None and not github_env.set_output(name, value):
        raise SpotDiffError("GITHUB_OUTPUT", "", "not set: --github-output works in Actions only")


def _result_for(artifact: Path, head_sha: str | None) -> CiResult:
    """The validated result; with ``head_sha``, refused unless it is for that commit."""
    result = load_result(artifact)
    if head_sha is not None:
        head = github_env.require_sha(head_sha, "--head-sha", "")
        if result.head_sha != head:
            raise SpotDiffError(
                Path(artifact) / RESULT_FILE,
                "/head_sha",
                f"names commit {result.head_sha[:12]}, but the run was for {head[:12]}: "
                "refusing a result for another commit",
            )
    return result


def _api_problems(name: str, result: CiResult) -> list[str]:
    text = os.environ.get(name)
    if text is None:
        raise SpotDiffError(f"${name}", "", "environment variable not set")
    changes, total = api_changes(parse_json_text(text, f"${name}"), f"${name}")
    if result.verdict == "not_a_submission":
        return _claimed_no_submission(changes, total)
    check = check_api_changes(changes, total, len(changes))
    problems = list(check.problems)
    if not problems and check.submission_id != result.submission_id:
        problems.append(
            problem(
                f"submissions/{check.submission_id}/",
                "is the folder the pull request changes, but the verification result is "
                "about another one",
            )
        )
    return problems


def _claimed_no_submission(changes: list[FileChange], total: int) -> list[str]:
    """The run says nothing under submissions/ changes; the API's list must agree.

    A pull request can rewrite the verify workflow to say so. Files beyond
    those the API passes on are not seen: the claim costs nothing there,
    since "not a submission" is never a pass.
    """
    if not touches_submissions(changes):
        return []
    check = check_api_changes(changes, total, len(changes))
    if check.problems:
        return list(check.problems)
    folder = f"submissions/{check.submission_id}/" if check.submission_id else "submissions/"
    return [
        problem(
            folder,
            "is the folder the pull request changes, but the verification result says it "
            "changes nothing under submissions/",
        )
    ]


def required_env_token(name: str | None) -> str | None:
    """The token in environment variable ``name``; an unset or empty one is an error."""
    if name is None:
        return None
    token = os.environ.get(name)
    if not token:
        raise SpotDiffError(f"${name}", "", "environment variable not set or empty")
    return token
