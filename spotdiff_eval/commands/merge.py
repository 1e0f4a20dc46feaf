"""``spotdiff merge``: join the shard files of ``spotdiff run --shard`` into one."""

from __future__ import annotations

import argparse
import sys

from . import (
    add_command,
    add_manifest_option,
    add_predictions_cap_option,
    file_path,
    input_path,
    with_hints,
)


def run(args: argparse.Namespace) -> int:
    from ..errors import SpotDiffError
    from ..runner.merge import incomplete, merge_predictions

    with with_hints(args):
        result = merge_predictions(
            args.shards, args.output, args.manifest, max_bytes=args.max_predictions_mib * 2**20
        )
    for warning in result.warnings:
        print(f"spotdiff: warning: {warning}", file=sys.stderr)
    unanswered = f"; {result.unanswered} dataset item(s) unanswered" if result.unanswered else ""
    truncated = f", {result.truncated} truncated" if result.truncated else ""
    print(
        f"spotdiff merge: {result.shards} shard(s): {result.ok} ok, {result.failed} failed"
        f"{truncated}, {result.skipped} skipped{unanswered}; wrote {result.output}",
        file=sys.stderr,
    )
    missing = incomplete(result)
    if missing is not None:
        raise SpotDiffError(result.output, "", missing)
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = add_command(
        subparsers,
        "merge",
        "Join the predictions files of a sharded 'spotdiff run' into one, in manifest order.",
        "  spotdiff merge predictions/part1.json predictions/part2.json \\\n"
        "      --output predictions/my-model.json\n"
        "  spotdiff merge shards/*.json --manifest data/manifest.json \\\n"
        "      --output predictions/all.json\n",
    )
    p.add_argument(
        "shards", nargs="+", type=input_path, metavar="SHARD", help="files written by run"
    )
    p.add_argument(
        "--output", type=file_path, required=True, help="merged predictions file to write"
    )
    add_manifest_option(p, "dataset manifest that orders the items")
    add_predictions_cap_option(p)
    p.set_defaults(handler=run)
