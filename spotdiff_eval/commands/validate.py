"""``spotdiff validate``: check predictions, a dataset or a submission folder."""

from __future__ import annotations

import argparse
import sys

from . import (
    DEFAULT_MANIFEST,
    add_command,
    add_manifest_option,
    add_predictions_cap_option,
    folder_path,
)


def run(args: argparse.Namespace) -> int:
    from .._util.terminal import safe_text
    from ..validation import validate_target

    default = DEFAULT_MANIFEST if DEFAULT_MANIFEST.is_file() else None
    findings = validate_target(
        args.target,
        manifest=args.manifest,
        kind=args.kind,
        default_manifest=default,
        max_predictions_bytes=args.max_predictions_mib * 2**20,
    )
    # Findings name files from a pull request: escaped, so a name cannot forge a
    # log line. Each line is flushed as written, so with 2>&1 the two streams
    # interleave in the order written: warnings, errors, then the verdict.
    for warning in findings.warnings:
        print(f"spotdiff: warning: {safe_text(warning, sys.maxsize)}", file=sys.stderr, flush=True)
    for finding in findings:
        print(f"spotdiff: error: {safe_text(finding, sys.maxsize)}", file=sys.stderr, flush=True)
    if findings:
        print(f"{args.target}: {len(findings)} problem(s) found", file=sys.stderr, flush=True)
        return 1
    print(f"{args.target}: valid", flush=True)
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = add_command(
        subparsers,
        "validate",
        "Check a predictions file, a dataset or a submission folder and say what is wrong.",
        "  spotdiff validate predictions/example.json\n"
        "  spotdiff validate data/manifest.json\n"
        "  spotdiff validate submissions/synthetic-dev/example-baseline\n"
        "  spotdiff validate submissions/v1-dev/my-model \\\n"
        "      --manifest spotdiff-data/data/manifest.json\n",
    )
    p.add_argument(
        "target",
        type=folder_path,
        help="predictions file, dataset manifest (or its folder), or submission folder",
    )
    add_manifest_option(
        p,
        "dataset to check predictions against (default: a submission's board dataset when "
        "it is in the repository, else data/manifest.json if present; a hidden board's folder "
        "is checked against its board.json without it)",
        default=None,
    )
    p.add_argument(
        "--kind",
        choices=("predictions", "dataset", "submission"),
        help="what the target is (default: detected)",
    )
    add_predictions_cap_option(p)
    p.set_defaults(handler=run)
