"""``spotdiff leaderboard build|baselines``: LEADERBOARD.md and the site from submissions/."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import (
    add_command,
    add_manifest_option,
    add_quiet_option,
    file_path,
    folder_path,
    number_type,
)
from .hub_options import add_token_env
from .submit import iso_date

DEFAULT_SUBMISSIONS = Path("submissions")
#: Where `build` keeps scored reports and `pin` fetched datasets, by content.
CACHE_DIR = Path(".spotdiff-cache")


def _print_findings(findings: list[str]) -> int:
    for finding in findings:
        print(f"spotdiff: error: {finding}", file=sys.stderr)
    print(f"{len(findings)} problem(s) found in submissions; nothing was written", file=sys.stderr)
    return 1


def _site_url(text: str) -> str:
    """An https:// URL LEADERBOARD.md can put in its links as it is. Red team
    round 20: a line break (or tab) passed, and went into every link."""
    unsafe = any(c in ' <>()[]|"`' or c.isspace() or not c.isprintable() for c in text)
    if not text.startswith("https://") or unsafe:
        raise argparse.ArgumentTypeError(f'"{text}" is not an https:// URL')
    return text if text.endswith("/") else text + "/"


def _warn(line: str) -> None:
    """A warning on stderr and, in GitHub Actions, in the job summary too."""
    from .._util.terminal import safe_text
    from ..ci import github_env
    from ..ci.summary import md_code

    print(f"spotdiff: warning: {safe_text(line, 2000)}", file=sys.stderr)
    github_env.append_step_summary(f"- warning: {md_code(line, 2000)}\n")


def run_build(args: argparse.Namespace) -> int:
    from .._util.gc_pause import gc_paused
    from ..leaderboard.build import build_leaderboard
    from .hub_options import resolve_token

    token, _ = resolve_token(args.token_env)
    cache_dir, secret = _cache_and_secret(args)
    with gc_paused():
        site = build_leaderboard(
            submissions_dir=args.submissions,
            markdown=args.markdown,
            output=args.output,
            cache_dir=cache_dir,
            cache_secret=secret,
            check=args.check,
            strict=args.strict,
            token=token,
            site_url=args.site_url,
            show_progress=not args.quiet,
            warn=_warn,
            jobs=args.jobs or os.cpu_count() or 1,
        )
    if not args.quiet:
        entries = site.entries
        built = len(site.built())
        scored = (
            f"{built} of {len(site.boards)} boards built, {entries} entries "
            f"({site.rescored} scored, {entries - site.rescored} cached)"
        )
        if args.check:
            print(f"{args.markdown} is up to date: {scored}")
        else:
            print(f"Wrote {args.markdown} and {args.output}/: {scored}")
    return 0


def _cache_and_secret(args: argparse.Namespace) -> tuple[Path | None, bytes | None]:
    """The cache folder, and the secret its reports are signed with (``--cache-secret-env``).

    A variable named but unset (the repository secret not created yet)
    leaves the cache unsigned, with a warning. In CI the cache folder is
    the artifact of the last publish run on main, which only that trusted
    job writes; the signature guards it besides (red team round 19). Turning
    the cache off there instead rescored every submission on every publish.
    """
    if args.no_cache:
        return None, None
    if args.cache_secret_env is None:
        return args.cache_dir, None
    secret = os.environ.get(args.cache_secret_env, "")
    if not secret:
        _warn(
            f"{args.cache_secret_env} is not set (--cache-secret-env): cached reports are "
            "read and written unsigned"
        )
        return args.cache_dir, None
    return args.cache_dir, secret.encode("utf-8", "surrogateescape")


def run_pin(args: argparse.Namespace) -> int:
    from ..datasets import find_board
    from ..hub import pin_board
    from .hub_options import resolve_token

    token, _ = resolve_token(args.token_env)
    board = find_board(args.submissions, args.board)
    if board.repo_id is None:
        print(f"Board {board.board_id} uses {board.source} of this repository: nothing to pin")
        return 0
    pinned = pin_board(
        board,
        args.submissions.absolute().parent,
        cache_dir=None if args.no_cache else args.cache_dir,
        token=token,
    )
    print(
        f"Pinned board {pinned.board_id} to {pinned.repo_id} commit {pinned.revision}, "
        f"fingerprint {pinned.fingerprint}; commit {pinned.folder}/board.json"
    )
    return 0


def run_baselines(args: argparse.Namespace) -> int:
    from ..leaderboard.baselines import write_baselines
    from ..leaderboard.submissions import SubmissionFindings

    try:
        folders = write_baselines(
            args.manifest, args.predictions_dir, args.submissions / args.board, date=args.date
        )
    except SubmissionFindings as exc:
        return _print_findings(exc.findings)
    for folder in folders:
        print(f"Wrote {folder}/")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    group = add_command(
        subparsers,
        "leaderboard",
        "Build LEADERBOARD.md and the static leaderboard site from the boards in submissions/.",
        "  spotdiff leaderboard build\n"
        "  spotdiff leaderboard build --check --strict\n"
        "  spotdiff leaderboard pin v1-dev\n"
        "  spotdiff leaderboard baselines\n",
    )
    commands = group.add_subparsers(dest="leaderboard_command", metavar="<command>")
    commands.required = True

    build = add_command(
        commands,
        "build",
        "For every board of submissions/, fetch its dataset (a repository folder, or a "
        "Hugging Face dataset at its pinned commit, cached), score every submission (cached "
        "by content), rank the models with a paired bootstrap, and write LEADERBOARD.md and "
        "the site; --check only verifies LEADERBOARD.md. A Hub board without submissions is "
        "not fetched; a broken submission folder is left out with a warning.",
        "  spotdiff leaderboard build\n"
        "  spotdiff leaderboard build --output public/ --markdown LEADERBOARD.md\n"
        "  spotdiff leaderboard build --check --strict   # in CI: is LEADERBOARD.md current?\n"
        "  HF_TOKEN=... spotdiff leaderboard build --strict --token-env HF_TOKEN\n"
        "  spotdiff leaderboard build --jobs 0   # score uncached submissions on every CPU\n",
    )
    _submissions(build)
    build.add_argument(
        "--output",
        type=folder_path,
        default=Path("site"),
        help="site folder, replaced as a whole (default: site/)",
    )
    build.add_argument(
        "--markdown",
        type=file_path,
        default=Path("LEADERBOARD.md"),
        help="the generated Markdown table (default: LEADERBOARD.md)",
    )
    build.add_argument(
        "--site-url",
        type=_site_url,
        help="where the site is published (https://...); LEADERBOARD.md links there "
        "instead of to the relative --output folder",
    )
    build.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if LEADERBOARD.md differs from a fresh render",
    )
    # One or the other: --cache-dir given with --no-cache was silently ignored (round 20).
    cache = build.add_mutually_exclusive_group()
    cache.add_argument(
        "--cache-dir",
        type=Path,
        default=CACHE_DIR,
        help="where scored reports are kept by content hash (default: .spotdiff-cache/)",
    )
    cache.add_argument(
        "--no-cache",
        action="store_true",
        help="score every submission afresh and fetch Hub datasets into a temporary folder",
    )
    build.add_argument(
        "--cache-secret-env",
        metavar="NAME",
        help="environment variable holding a secret the cached reports are signed with; a "
        "report not signed with it is scored again (CI: a cache restored from other runs); "
        "unset: the cache is used unsigned, with a warning (example: --cache-secret-env "
        "REPORT_CACHE_SECRET)",
    )
    build.add_argument(
        "--strict",
        action="store_true",
        help="make an unpinned board (branch revision, no fingerprint) or a board whose "
        "dataset cannot be fetched an error instead of a warning; CI uses it "
        "(example: spotdiff leaderboard build --strict)",
    )
    build.add_argument(
        "--jobs",
        type=number_type(int, 0, 256),
        default=1,
        metavar="N",
        help="score the submissions the cache misses in N worker processes, 0 for one per "
        "CPU; the output is the same for any N (default: 1; example: --jobs 0)",
    )
    add_token_env(build, "read a private board dataset (a hidden board)")
    add_quiet_option(build)
    build.set_defaults(handler=run_build)

    pin = add_command(
        commands,
        "pin",
        "Resolve a Hub board's dataset revision (a branch such as main) to its commit, fetch "
        "that commit, and write the commit and the dataset's fingerprint into board.json. "
        "Needs network; run it once per dataset release and commit board.json.",
        "  spotdiff leaderboard pin v1-dev\n"
        "  HF_TOKEN=... spotdiff leaderboard pin v1-hidden --token-env HF_TOKEN\n",
    )
    pin.add_argument("board", metavar="BOARD", help="board id, e.g. v1-dev")
    _submissions(pin)
    pin.add_argument(
        "--cache-dir",
        type=Path,
        default=CACHE_DIR,
        help="where fetched datasets are kept by commit (default: .spotdiff-cache/)",
    )
    pin.add_argument("--no-cache", action="store_true", help="fetch into a temporary folder")
    add_token_env(pin, "read a private board dataset")
    pin.set_defaults(handler=run_pin)

    baselines = add_command(
        commands,
        "baselines",
        "Regenerate the baseline submissions (perfect, empty, example) from predictions/ "
        "and the dataset; run it after the dataset changes.",
        "  spotdiff leaderboard baselines\n"
        "  spotdiff leaderboard baselines --manifest data/manifest.json --date 2025-06-01\n",
    )
    _submissions(baselines)
    add_manifest_option(baselines)
    baselines.add_argument(
        "--board",
        default="synthetic-dev",
        help="board folder under --submissions the baselines go to (default: synthetic-dev)",
    )
    baselines.add_argument(
        "--predictions-dir",
        type=Path,
        default=Path("predictions"),
        help="folder with perfect.json and example.json (default: predictions/)",
    )
    baselines.add_argument(
        "--date",
        type=iso_date,
        help="date recorded in the baselines (default: kept if unchanged, else today)",
    )
    baselines.set_defaults(handler=run_baselines)


def _submissions(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--submissions",
        type=folder_path,
        default=DEFAULT_SUBMISSIONS,
        help="folder of boards, each a folder with board.json (default: submissions/)",
    )
