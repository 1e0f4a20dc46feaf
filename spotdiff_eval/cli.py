"""The ``spotdiff`` command line: parse arguments, call the library, report errors.

Every failure a user can cause ends as one line on stderr,
``spotdiff: error: <file>: <where>: <what>``, with exit status 1 (bad input
or a failed run) or 2 (bad usage), and never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .errors import SpotDiffError

DEFAULT_MANIFEST = Path("data/manifest.json")

Handler = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in the project's one-line format."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"spotdiff: error: {self.prog}: {message} (see '{self.prog} --help')\n")


def _command(
    subparsers: argparse._SubParsersAction, name: str, help_text: str, examples: str
) -> argparse.ArgumentParser:
    return subparsers.add_parser(
        name,
        help=help_text,
        description=help_text,
        epilog="examples:\n" + examples,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


# --- evaluate ---------------------------------------------------------------


def _evaluate(args: argparse.Namespace) -> int:
    from .jsonio import dumps_layered, write_text_atomic
    from .pipeline import evaluate_files, gc_paused
    from .report import build_report
    from .schema import validate_document
    from .summary import render_summary

    with gc_paused():
        evaluation = evaluate_files(args.manifest, args.predictions, show_progress=not args.quiet)
        if not args.quiet:
            sys.stdout.write(render_summary(evaluation))
        if args.output is not None:
            report = build_report(evaluation)
            validate_document(report, "report", args.output)
            write_text_atomic(args.output, dumps_layered(report))
            if not args.quiet:
                print(f"\nReport written to {args.output}")
    return 0


def _add_evaluate(subparsers: argparse._SubParsersAction) -> None:
    p = _command(
        subparsers,
        "evaluate",
        "Score a predictions file against a dataset and print a summary.",
        "  spotdiff evaluate --predictions predictions/perfect.json\n"
        "  spotdiff evaluate --manifest data/manifest.json \\\n"
        "      --predictions predictions/example.json --output results/example.json\n",
    )
    p.add_argument(
        "--manifest",
        type=Path,
        default=DEFAULT_MANIFEST,
        help="dataset manifest (default: data/manifest.json)",
    )
    p.add_argument("--predictions", type=Path, required=True, help="predictions JSON file")
    p.add_argument("--output", type=Path, help="write the full JSON report here")
    p.add_argument("--quiet", action="store_true", help="print nothing but errors")
    p.set_defaults(handler=_evaluate)


# --- validate ---------------------------------------------------------------


def _validate(args: argparse.Namespace) -> int:
    from .validate import validate_target

    manifest = args.manifest
    if manifest is None and DEFAULT_MANIFEST.is_file():
        manifest = DEFAULT_MANIFEST
    findings = validate_target(args.target, manifest=manifest, kind=args.kind)
    for warning in findings.warnings:
        print(f"spotdiff: warning: {warning}", file=sys.stderr)
    for finding in findings:
        print(f"spotdiff: error: {finding}", file=sys.stderr)
    if findings:
        print(f"{args.target}: {len(findings)} problem(s) found", file=sys.stderr)
        return 1
    print(f"{args.target}: valid")
    return 0


def _add_validate(subparsers: argparse._SubParsersAction) -> None:
    p = _command(
        subparsers,
        "validate",
        "Check a predictions file, a dataset or a submission folder and say what is wrong.",
        "  spotdiff validate predictions/example.json\n"
        "  spotdiff validate data/manifest.json\n"
        "  spotdiff validate submissions/example-baseline\n",
    )
    p.add_argument(
        "target",
        type=Path,
        help="predictions file, dataset manifest (or its folder), or submission folder",
    )
    p.add_argument(
        "--manifest",
        type=Path,
        help="dataset to check predictions against (default: data/manifest.json if present)",
    )
    p.add_argument(
        "--kind",
        choices=("predictions", "dataset", "submission"),
        help="what the target is (default: detected)",
    )
    p.set_defaults(handler=_validate)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="spotdiff",
        description="SpotDiff Eval: score vision models on spot-the-difference images.",
        epilog="Run 'spotdiff <command> --help' for a command's options and examples.",
    )
    from . import __version__

    parser.add_argument("--version", action="version", version=f"spotdiff-eval {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="<command>", parser_class=_Parser)
    subparsers.required = True
    _add_evaluate(subparsers)
    _add_validate(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args)
    except SpotDiffError as exc:
        print(f"spotdiff: error: {exc.one_line()}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (``spotdiff evaluate ... | head``): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("spotdiff: error: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:
        where = exc.filename or "spotdiff"
        print(f"spotdiff: error: {where}: {exc.strerror or exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
