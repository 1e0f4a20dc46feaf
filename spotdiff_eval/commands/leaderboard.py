"""``spotdiff leaderboard build|baselines``: LEADERBOARD.md and the site from submissions/."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import DEFAULT_MANIFEST, add_command
from .submit import iso_date

DEFAULT_SUBMISSIONS = Path("submissions")


def _print_findings(findings: list[str]) -> int:
    for finding in findings:
        print(f"spotdiff: error: {finding}", file=sys.stderr)
    print(f"{len(findings)} problem(s) found in submissions; nothing was written", file=sys.stderr)
    return 1


def _site_url(text: str) -> str:
    if not text.startswith("https://") or any(c in text for c in ' <>()[]|"`'):
        raise argparse.ArgumentTypeError(f'"{text}" is not an https:// URL')
    return text if text.endswith("/") else text + "/"


def run_build(args: argparse.Namespace) -> int:
    from ..leaderboard.build import build_leaderboard
    from ..leaderboard.submissions import SubmissionFindings

    try:
        board = build_leaderboard(
            submissions_dir=args.submissions,
            manifest=args.manifest,
            markdown=args.markdown,
            output=args.output,
            cache_dir=None if args.no_cache else args.cache_dir,
            check=args.check,
            site_url=args.site_url,
            show_progress=not args.quiet,
        )
    except SubmissionFindings as exc:
        return _print_findings(exc.findings)
    if not args.quiet:
        entries = len(board.data["entries"])
        scored = f"{entries} entries ({board.rescored} scored, {entries - board.rescored} cached)"
        if args.check:
            print(f"{args.markdown} is up to date: {scored}")
        else:
            print(f"Wrote {args.markdown} and {args.output}/: {scored}")
    return 0


def run_baselines(args: argparse.Namespace) -> int:
    from ..leaderboard.baselines import write_baselines
    from ..leaderboard.submissions import SubmissionFindings

    try:
        folders = write_baselines(
            args.manifest, args.predictions_dir, args.submissions, date=args.date
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
        "Build LEADERBOARD.md and the static leaderboard site from submissions/.",
        "  spotdiff leaderboard build\n"
        "  spotdiff leaderboard build --check\n"
        "  spotdiff leaderboard baselines\n",
    )
    commands = group.add_subparsers(dest="leaderboard_command", metavar="<command>")
    commands.required = True

    build = add_command(
        commands,
        "build",
        "Score every submission (cached by content), rank them with a paired bootstrap, "
        "and write LEADERBOARD.md and the site; --check only verifies LEADERBOARD.md.",
        "  spotdiff leaderboard build\n"
        "  spotdiff leaderboard build --output public/ --markdown LEADERBOARD.md\n"
        "  spotdiff leaderboard build --check            # in CI: is LEADERBOARD.md current?\n",
    )
    _common(build)
    build.add_argument(
        "--output",
        type=Path,
        default=Path("site"),
        help="site folder, replaced as a whole (default: site/)",
    )
    build.add_argument(
        "--markdown",
        type=Path,
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
    build.add_argument(
        "--cache-dir",
        type=Path,
        default=Path(".spotdiff-cache"),
        help="where scored reports are kept by content hash (default: .spotdiff-cache/)",
    )
    build.add_argument("--no-cache", action="store_true", help="score every submission afresh")
    build.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
    build.set_defaults(handler=run_build)

    baselines = add_command(
        commands,
        "baselines",
        "Regenerate the baseline submissions (perfect, empty, example) from predictions/ "
        "and the dataset; run it after the dataset changes.",
        "  spotdiff leaderboard baselines\n"
        "  spotdiff leaderboard baselines --manifest data/manifest.json --date 2025-06-01\n",
    )
    _common(baselines)
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


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--submissions",
        type=Path,
        default=DEFAULT_SUBMISSIONS,
        help="folder of submission folders (default: submissions/)",
    )
    parser.add_argument(
        "--manifest",
        type=Path,
        default=DEFAULT_MANIFEST,
        help="dataset manifest (default: data/manifest.json)",
    )
