"""``spotdiff evaluate``: score a predictions file, print a summary, write a report."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from . import (
    add_command,
    add_manifest_option,
    add_predictions_cap_option,
    add_quiet_option,
    file_path,
    input_path,
    number_type,
    with_hints,
)

if TYPE_CHECKING:
    from ..datasets import Dataset, Predictions


def run(args: argparse.Namespace) -> int:
    from .._util.gc_pause import gc_paused
    from .._util.quick_exit import finish
    from ..scoring import (
        check_report_target,
        evaluate_files,
        inputs_of,
        render_summary,
        write_report,
    )

    def check_output(dataset: Dataset, predictions: Predictions) -> None:
        """Refuse a bad --output once the inputs are known, not after scoring them.

        Checked after scoring, an earlier report was parsed (to recognise it)
        while the whole evaluation was in memory, the peak of the run.
        """
        if args.output is not None:
            check_report_target(args.output, inputs_of(dataset, predictions), force=args.force)

    with with_hints(args), gc_paused():
        evaluation = evaluate_files(
            args.manifest,
            args.predictions,
            show_progress=not args.quiet,
            max_predictions_bytes=args.max_predictions_mib * 2**20,
            before_scoring=check_output,
            jobs=args.jobs,
        )
        # The report first: printed first, a summary whose reader went away
        # (``| head``) ended the run before any report was written (red team round 19).
        if args.output is not None:
            write_report(args.output, evaluation)
        if not args.quiet:
            sys.stdout.write(render_summary(evaluation))
            if args.output is not None:
                print(f"\nReport written to {args.output}")
    # Ended here, the evaluation is never freed: about 7% of the run at 10,000 items.
    return finish(args, 0)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = add_command(
        subparsers,
        "evaluate",
        "Score a predictions file against a dataset and print a summary.",
        "  spotdiff evaluate --predictions predictions/perfect.json\n"
        "  spotdiff evaluate --manifest data/manifest.json \\\n"
        "      --predictions predictions/example.json --output results/example.json\n",
    )
    add_manifest_option(p, "dataset manifest, or its folder")
    p.add_argument("--predictions", type=input_path, required=True, help="predictions JSON file")
    p.add_argument(
        "--output",
        # red team round 19: the check run and merge got in round 18; "results/new/"
        # wrote the report into a file named "new"
        type=file_path,
        help="write the full JSON report here, e.g. --output results/my-model.json; "
        "never over an input, and over an existing file only if it is an earlier report",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="let --output replace an existing file that is not a report "
        "(e.g. --output notes.json --force); inputs are still refused",
    )
    p.add_argument(
        "--jobs",
        type=number_type(int, 1),
        metavar="N",
        help="match on at most N processes (default: one per core from 2,000 items up, "
        "else one); the report is the same for any N, e.g. --jobs 1",
    )
    add_predictions_cap_option(p)
    add_quiet_option(p)
    p.set_defaults(handler=run)
