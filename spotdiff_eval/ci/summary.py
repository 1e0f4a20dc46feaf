"""The Markdown shown on GitHub: the job summary and the sticky PR comment.

Both are rendered here from a validated :class:`CiResult`, never copied from
the artifact. Every string that a pull request controls (model name, file
names in problem lines, even ids that passed a pattern) is shown as an inline
code span: GitHub renders nothing inside one, so ``<img onerror>``, ``**``,
``[links](...)``, ``@mentions``, ``#123`` references and ``<!--`` all stay
literal text. Control and bidi characters are escaped first, so a value stays
on its line; untrusted text is kept out of tables, where ``|`` would split
cells even inside code spans.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._util.percent import percent
from .._util.terminal import safe_text
from .artifact import CiResult

#: Starts every sticky comment; the comment workflow finds its own comment by it.
MARKER = "<!-- spotdiff-ci:verify-submission -->"
#: The comment's second line names the head it is about, for outdate-comments.yml,
#: which replaces a comment about any other head (red team round 18).
HEAD_LINE = "<!-- spotdiff-ci:head {sha} -->"
#: GitHub refuses comments over 65,536 characters, and the body travels to
#: the posting step in one environment variable (128 KiB): even in 4-byte
#: characters this fits both. Real bodies stay far below (the schema bounds them).
COMMENT_MAX_CHARS = 30_000
_RUN_URL = re.compile(r"https://[A-Za-z0-9._~:/?#@!$&'*+,;=%-]{1,400}")
_HEADINGS = {
    "verified": "✅ Verified: re-scored by CI with the base branch's scorer",
    "checked": "☑️ Checked: a valid hidden-track submission, scored after merge",
    "needs_maintainer": "🛂 Needs a maintainer: it changes, or is shown like, an entry its author "
    "does not own",
    "rejected": "❌ Not accepted yet: see the problems below",
    "not_a_submission": "➖ Not a submission: this pull request changes nothing under "
    "`submissions/`",
}
#: The sticky comment of a pull request that is no longer a submission. Only a comment
#: an earlier run left is replaced with it (comment.yml): code pull requests get none.
_OUTDATED = "⚠️ Outdated: this pull request no longer changes `submissions/`"
_VERIFIED_MEANS = (
    '"Verified" means that CI scored the predictions committed in this pull request with the '
    "scorer and dataset of the base branch, ignoring any code in the pull request. The "
    "development annotations are public, so it does not show that a model could not have seen "
    "them. After merge the leaderboard is rebuilt from scratch."
)


def md_code(text: str, limit: int = 200) -> str:
    """``text`` as an inline code span that renders as literal, one-line text."""
    shown = safe_text(text, limit)
    if not shown.strip():
        return "(empty)"
    longest = max((len(run) for run in re.findall(r"`+", shown)), default=0)
    fence = "`" * (longest + 1)
    return f"{fence} {shown} {fence}"


def render_result_markdown(
    result: CiResult,
    *,
    comment: bool = False,
    run_url: str | None = None,
    api_problems: Sequence[str] = (),
) -> str:
    """The job summary, or with ``comment=True`` the sticky comment body."""
    verdict = "rejected" if api_problems else result.verdict
    lines = [MARKER, HEAD_LINE.format(sha=result.head_sha), ""] if comment else []
    if verdict == "not_a_submission":
        heading = _OUTDATED if comment else _HEADINGS[verdict]
        lines += [f"## SpotDiff submission check: {heading}", ""]
        lines += _nothing_verified(result, comment)
    else:
        lines += [f"## SpotDiff submission check: {_HEADINGS[verdict]}", ""]
        lines += _untrusted_run(result, api_problems) if api_problems else _checked(result)
        lines += ["", _VERIFIED_MEANS]
    if run_url is not None and _RUN_URL.fullmatch(run_url):
        lines += ["", f"Details: [the verification run]({run_url})."]
    text = "\n".join(lines) + "\n"
    if len(text) > COMMENT_MAX_CHARS:
        text = text[: COMMENT_MAX_CHARS - 40] + "\n\n… (shortened)\n"
    return text


def _checked(result: CiResult) -> list[str]:
    """What the verification run found: who, what, the score, the problems."""
    lines = _about(result)
    if result.metrics is not None:
        if result.verdict == "rejected":
            lines += ["", "The submission folder itself is valid. Its score, for information:"]
        lines += ["", *_score_table(result)]
    if result.problems:
        needs = result.verdict == "needs_maintainer"
        title = "Why a maintainer must review" if needs else "Problems"
        lines += ["", f"### {title} ({result.problems_total})", ""]
        lines += [f"- {md_code(p, 400)}" for p in result.problems]
        hidden = result.problems_total - len(result.problems)
        if hidden > 0:
            lines.append(f"- … and {hidden} more: see the verification run's log")
    return lines


def _nothing_verified(result: CiResult, comment: bool) -> list[str]:
    """A pull request whose merge changes nothing under submissions/ (red team round 17).

    The comment replaces an earlier result, which named an older head: a "Verified"
    left standing after a push that dropped the folder and changed code instead
    would vouch for a pull request nobody checked.
    """
    checked = (
        f"Pull request head {result.head_sha} changes nothing under `submissions/` (checked "
        f"with the code of the base branch at {result.base_sha})"
    )
    if not comment:
        return [f"{checked}: it is not a submission, and nothing here is verified."]
    return [
        f"{checked}, so nothing here is verified.",
        "",
        "What this comment said before was about an earlier head of this pull request and "
        "no longer applies. A push that changes `submissions/` again is checked again.",
    ]


def _untrusted_run(result: CiResult, api_problems: Sequence[str]) -> list[str]:
    """GitHub's own list of changed files first, when it breaks the rules.

    Such a pull request may have changed the verification workflow, so no
    number its run reported is shown: not a score, a base commit or a
    dataset (red team round 11 had a forged run's 99.1% printed "for
    information"). Its problem lines still help a contributor (a file name
    that is not UTF-8 is missing from the API's list) and are code spans,
    so they are listed after, as the run's. The head commit was checked
    against the event.
    """
    lines = [
        f"Pull request head {result.head_sha}.",
        "",
        "### Changed files, as the GitHub API lists them",
        "",
        "The files this pull request changes break the submission rules, so its "
        "verification run (which a pull request can alter) does not count, and no score "
        "from it is shown:",
        "",
        *(f"- {md_code(p, 400)}" for p in api_problems),
    ]
    unseen = [p for p in result.problems if p not in api_problems]
    if unseen:
        lines += ["", "### What the verification run reported", ""]
        lines += [f"- {md_code(p, 400)}" for p in unseen]
    return lines


def _about(result: CiResult) -> list[str]:
    """Who and what was checked. Shas and the evaluator version passed strict patterns."""
    lines = []
    if result.submission_id is not None:
        what = f"Submission {md_code(result.submission_id)}"
        if result.action is not None:
            what += f" ({result.action})"
        if result.model is not None:
            what += f", model {md_code(result.model, 100)}"
        if result.track is not None:
            what += f", {result.track} track"
        lines.append(what + ".")
    checked = (
        f"Pull request head {result.head_sha}, checked with the code of the base branch at "
        f"{result.base_sha} (evaluator {result.evaluator_version})"
    )
    if result.dataset is not None:
        dataset = result.dataset
        name = md_code(f"{dataset['name']} {dataset['version']}", 160)
        checked += (
            f" on dataset {name} ({dataset['items']} items, "
            f"{dataset['differences']} golden differences)"
        )
    lines.append(checked + ".")
    if result.track == "hidden" and result.verdict == "checked":
        lines += [
            "",
            "Its annotations are private: the publish workflow scores it after merge, "
            "and only there.",
        ]
    return lines


def _score_table(result: CiResult) -> list[str]:
    metrics, counts = result.metrics, result.counts
    assert metrics is not None and counts is not None and result.confidence_interval is not None
    low, high = result.confidence_interval
    return [
        "| metric | value |",
        "|---|---|",
        f"| **Overall score** | **{percent(metrics['overall_score'])}** "
        f"(95% CI {percent(low)} to {percent(high)}) |",
        f"| Difference coverage | {percent(metrics['difference_coverage'])} |",
        f"| Recall | {percent(metrics['recall'])} "
        f"({counts['matched']} of {counts['gold']} found) |",
        f"| Precision | {percent(metrics['precision'])} ({counts['matched']} of "
        f"{counts['predicted']} predictions) |",
        f"| Attribute accuracy | {percent(metrics['attribute_accuracy'])} |",
        f"| Items answered | {counts['items_answered']} of {counts['items']} |",
    ]
