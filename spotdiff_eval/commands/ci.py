"""``spotdiff ci ...``: the steps of the GitHub Actions workflows, one command each."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import add_command, add_manifest_option

if TYPE_CHECKING:
    from ..ci.artifact import CiResult


def run_verify_pr(args: argparse.Namespace) -> int:
    from .._util.gc_pause import gc_paused
    from ..ci.steps import verify_step

    with gc_paused():
        verification, result = verify_step(
            args.trusted,
            args.pr,
            args.artifact,
            base=args.base,
            head=args.head,
            manifest=args.manifest,
            author_env=args.author_env,
        )
    from ..ci.verify import shown

    for line in verification.problems:
        print(f"spotdiff: error: {shown(line)}", file=sys.stderr)
    for line in verification.reviews:
        print(f"spotdiff: needs a maintainer: {shown(line)}", file=sys.stderr)
    print(_verdict_line(result))
    print(f"Artifact written to {args.artifact}")
    return 0 if result.verdict in ("verified", "checked", "not_a_submission") else 1


def _verdict_line(result: CiResult) -> str:
    from .._util.percent import percent
    from .._util.terminal import safe_text

    if result.verdict == "not_a_submission":
        return f"{result.verdict}: this pull request changes nothing under submissions/"
    who = safe_text(result.submission_id or "no single submission folder")
    if result.metrics is not None and result.confidence_interval is not None:
        low, high = result.confidence_interval
        score = (
            f": overall {percent(result.metrics['overall_score'])} "
            f"(95% CI {percent(low)} to {percent(high)})"
        )
    else:
        score = ""
    count = f" ({result.problems_total} problem(s))" if result.problems_total else ""
    return f"{result.verdict}: {who}{score}{count}"


def run_comment_body(args: argparse.Namespace) -> int:
    from ..ci.steps import comment_step

    body = comment_step(
        args.artifact,
        head_sha=args.head_sha,
        run_url=args.run_url,
        changed_files_env=args.changed_files_env,
        output_name=args.github_output,
        branches_env=(args.base_ref_env, args.default_branch_env),
    )
    sys.stdout.write(body)
    return 0


def run_pull_request(args: argparse.Namespace) -> int:
    from ..ci.steps import pull_request_step

    value = pull_request_step(args.artifact, head_sha=args.head_sha, output_name=args.github_output)
    print(value)
    return 0


def run_commit_leaderboard(args: argparse.Namespace) -> int:
    from ..ci import github_env
    from ..ci.publish import commit_leaderboard
    from ..ci.steps import required_env_token

    token = required_env_token(args.token_env)
    changed = commit_leaderboard(
        args.repo, args.file, branch=args.branch, push=args.push, token=token
    )
    github_env.set_output("changed", "true" if changed else "false")
    if not changed:
        print("LEADERBOARD.md unchanged: nothing to commit")
    else:
        pushed = f" and pushed to {args.branch}" if args.push else ""
        print(f"LEADERBOARD.md changed: committed{pushed}")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = add_command(
        subparsers,
        "ci",
        "Steps of the GitHub Actions workflows (verify submission PRs, comment, publish).",
        "  spotdiff ci verify-pr --trusted . --pr ../pr --artifact /tmp/verify\n"
        "  spotdiff ci comment-body --artifact /tmp/verify\n"
        "  spotdiff ci <command> --help\n",
    )
    commands = p.add_subparsers(dest="ci_command", metavar="<ci command>")
    commands.required = True

    v = add_command(
        commands,
        "verify-pr",
        "Check that merging a pull request adds or updates exactly one valid submission folder "
        "and nothing else, score it with this (trusted) installation, and write the artifact, "
        "job summary and step outputs. Exits 1 when the submission is not accepted, and when "
        "it changes, or is shown like, an entry its author does not own (a maintainer must "
        "review). A pull "
        "request whose merge changes nothing under submissions/ gets the verdict "
        "not_a_submission (exit 0): nothing is checked or scored, and nothing is verified.",
        "  spotdiff ci verify-pr --trusted . --pr ../pr --artifact /tmp/verify\n"
        "  PR_AUTHOR=octocat spotdiff ci verify-pr --trusted . --pr ../pr \\\n"
        "      --author-env PR_AUTHOR --artifact /tmp/verify\n"
        "  spotdiff ci verify-pr --trusted . --pr ../pr --base 1a2b... --head 3c4d... \\\n"
        "      --artifact /tmp/verify\n",
    )
    v.add_argument(
        "--trusted",
        type=Path,
        default=Path("."),
        help="checkout of the base commit; its boards and datasets are trusted (default: .)",
    )
    v.add_argument("--pr", type=Path, required=True, help="git clone of the pull request head")
    v.add_argument("--base", help="base commit sha (default: from GITHUB_EVENT_PATH)")
    v.add_argument("--head", help="pull request head commit sha (default: from GITHUB_EVENT_PATH)")
    add_manifest_option(
        v,
        "dataset of a public board (default: the board's dataset, from the trusted "
        "board.json; example: --manifest data/manifest.json)",
        default=None,
    )
    v.add_argument(
        "--author-env",
        metavar="NAME",
        help="environment variable holding the pull request author's GitHub login; updating "
        "a folder whose base-branch submitter is someone else, or a baseline, needs a "
        "maintainer (example: --author-env PR_AUTHOR; unset: every update needs one)",
    )
    v.add_argument("--artifact", type=Path, required=True, help="folder to write the artifact to")
    v.set_defaults(handler=run_verify_pr)

    c = add_command(
        commands,
        "comment-body",
        "Validate a downloaded verification artifact as untrusted data and print the pull "
        "request comment built from it. Exits 1 and prints nothing else when the artifact "
        "is malformed or tampered with.",
        "  spotdiff ci comment-body --artifact /tmp/verify\n"
        "  spotdiff ci comment-body --artifact /tmp/verify --head-sha 3c4d... \\\n"
        "      --changed-files-env PR_FILES --base-ref-env PR_BASE \\\n"
        "      --default-branch-env DEFAULT_BRANCH --github-output body\n",
    )
    c.add_argument("--artifact", type=Path, required=True, help="the downloaded artifact folder")
    c.add_argument("--head-sha", help="refuse a result for any other commit than this one")
    c.add_argument("--run-url", help="https:// link to the verification run, shown in the comment")
    c.add_argument(
        "--changed-files-env",
        metavar="NAME",
        help='environment variable holding {"total": N, "files": [...]} from the GitHub API; '
        "the comment says not accepted when those files break the submission rules",
    )
    c.add_argument(
        "--base-ref-env",
        metavar="NAME",
        help="environment variable holding the branch the pull request targets (from the "
        "GitHub API); with --default-branch-env, the comment says not accepted unless it is "
        "the default branch",
    )
    c.add_argument(
        "--default-branch-env",
        metavar="NAME",
        help="environment variable holding the repository's default branch",
    )
    c.add_argument(
        "--github-output",
        metavar="NAME",
        help="also write the body as this step output, and the step output mode: post "
        "(create or update the sticky comment) or update (only replace an earlier one: the "
        "pull request changes nothing under submissions/)",
    )
    c.set_defaults(handler=run_comment_body)

    n = add_command(
        commands,
        "pull-request",
        "Validate a downloaded verification artifact as untrusted data and print the number "
        "of the pull request it was made for (empty if none). The comment workflow posts only "
        "if the GitHub API lists that pull request as open with this head commit.",
        "  spotdiff ci pull-request --artifact /tmp/verify --head-sha 3c4d...\n"
        "  spotdiff ci pull-request --artifact /tmp/verify --head-sha 3c4d... \\\n"
        "      --github-output number\n",
    )
    n.add_argument("--artifact", type=Path, required=True, help="the downloaded artifact folder")
    n.add_argument(
        "--head-sha", required=True, help="refuse a result for any other commit than this one"
    )
    n.add_argument(
        "--github-output", metavar="NAME", help="also write the number as this step output"
    )
    n.set_defaults(handler=run_pull_request)

    m = add_command(
        commands,
        "commit-leaderboard",
        "Copy a freshly built LEADERBOARD.md into the repository and, if it changed, commit "
        'it as github-actions[bot] with "[skip ci]" and optionally push.',
        "  spotdiff ci commit-leaderboard --file /tmp/build/LEADERBOARD.md\n"
        "  GITHUB_TOKEN=... spotdiff ci commit-leaderboard --file /tmp/build/LEADERBOARD.md \\\n"
        "      --push --token-env GITHUB_TOKEN\n",
    )
    m.add_argument("--repo", type=Path, default=Path("."), help="the repository (default: .)")
    m.add_argument("--file", type=Path, required=True, help="the built LEADERBOARD.md")
    m.add_argument("--branch", default="main", help="branch to push to (default: main)")
    m.add_argument("--push", action="store_true", help="push the commit to origin")
    m.add_argument(
        "--token-env", metavar="NAME", help="environment variable holding the token to push with"
    )
    m.set_defaults(handler=run_commit_leaderboard)
