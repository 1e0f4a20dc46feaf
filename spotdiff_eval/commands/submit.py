"""``spotdiff submit``: make a submission folder from a predictions file and show its score."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import sys
from pathlib import Path

from . import DEFAULT_MANIFEST, add_command, add_manifest_option, folder_path, input_path

_HANDLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,38}")


def iso_date(text: str) -> str:
    try:
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f'"{text}" is not a calendar date written YYYY-MM-DD')


def _link(text: str) -> tuple[str, str]:
    label, sep, url = text.partition("=")
    if not sep or not label.strip() or not url.startswith("https://"):
        raise argparse.ArgumentTypeError(
            f'"{text}" is not LABEL=URL with an https:// URL (e.g. "Model card=https://...")'
        )
    return label.strip(), url


def _handle(text: str) -> str:
    handle = text.removeprefix("@")
    if not _HANDLE.fullmatch(handle):
        raise argparse.ArgumentTypeError(f'"{text}" is not a GitHub handle (letters, digits, -)')
    return handle


def run(args: argparse.Namespace) -> int:
    from .._util.gc_pause import gc_paused
    from ..datasets import find_board
    from ..errors import SpotDiffError
    from ..leaderboard.scaffold import SubmitRequest, create_submission, render_submitted
    from ..leaderboard.submissions import SubmissionFindings
    from ..runner.submission_prompt import submission_prompt

    prompt_name, prompt_sha256 = submission_prompt(
        args.predictions, args.prompt_name, args.prompt_file
    )
    request = SubmitRequest(
        predictions=args.predictions,
        model=args.model,
        provider=args.provider,
        submitter=args.submitter or os.environ.get("GITHUB_ACTOR") or None,
        submission_id=args.id,
        model_version=args.model_version,
        runtime=args.runtime,
        date=args.date,
        prompt_name=prompt_name,
        prompt_sha256=prompt_sha256,
        notes=args.notes,
        links=tuple(args.link),
        track=args.track,
    )
    board = find_board(args.submissions, args.board)
    if board.hidden and args.manifest is None:
        raise SpotDiffError(
            "--manifest",
            "",
            f"board {board.board_id} is hidden: pass the manifest of its dataset "
            f"({board.dataset_name} {board.dataset_version}), whose items you answered",
        )
    try:
        with gc_paused():
            submitted = create_submission(
                request,
                manifest=args.manifest or DEFAULT_MANIFEST,
                board=board,
                force=args.force,
            )
    except SubmissionFindings as exc:
        for finding in exc.findings:
            print(f"spotdiff: error: {finding}", file=sys.stderr)
        print("submission not created", file=sys.stderr)
        return 1
    sys.stdout.write(render_submitted(submitted))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = add_command(
        subparsers,
        "submit",
        "Create a leaderboard submission folder from a predictions file, check it, "
        "and print the score CI will compute.",
        "  spotdiff submit --predictions predictions/my-model.json \\\n"
        '      --model my-model --provider "My Lab" --submitter octocat\n'
        "  spotdiff submit --board v1-dev --manifest spotdiff-data/data/manifest.json \\\n"
        '      --predictions predictions/my-model.json --model my-model --provider "My Lab" \\\n'
        "      --submitter octocat\n"
        "  spotdiff submit --predictions predictions/my-model.json --model my-model \\\n"
        "      --provider Acme --model-version 2025-06 --runtime local --submitter octocat \\\n"
        '      --link "Model card=https://example.org/my-model" --notes "Temperature 0."\n',
    )
    p.add_argument("--predictions", type=input_path, required=True, help="predictions JSON file")
    p.add_argument(
        "--model", required=True, help="model name; must equal the predictions file's model"
    )
    p.add_argument("--provider", required=True, help="organisation that built or serves the model")
    p.add_argument(
        "--id",
        help="submission id and folder name (default: derived from --model)",
    )
    p.add_argument("--model-version", help="model version, snapshot or checkpoint")
    p.add_argument(
        "--runtime",
        choices=("api", "local"),
        default="api",
        help="api: a hosted endpoint; local: your own hardware (default: api)",
    )
    p.add_argument(
        "--submitter",
        type=_handle,
        help="your GitHub handle (default: $GITHUB_ACTOR when set)",
    )
    p.add_argument(
        "--date", type=iso_date, help="date the predictions were made, YYYY-MM-DD (default: today)"
    )
    p.add_argument(
        "--prompt-name",
        help="prompt used (default: the name a spotdiff run file records, else spotdiff_v1, "
        "the built-in one); e.g. --prompt-name my-prompt-v2",
    )
    p.add_argument(
        "--prompt-file",
        type=input_path,
        help="the prompt text used; its sha256 is recorded (taken from the run when the "
        "predictions file has one, which this must match); e.g. --prompt-file prompts/mine.txt",
    )
    p.add_argument("--notes", help="short notes shown with the entry (Markdown, 2000 characters)")
    p.add_argument(
        "--link",
        type=_link,
        action="append",
        default=[],
        metavar="LABEL=URL",
        help="a link shown with the entry (https only; repeat for up to 5)",
    )
    p.add_argument(
        "--board",
        default="synthetic-dev",
        help="board the submission goes to, a folder of --submissions with board.json: "
        "v1-dev, synthetic-dev or v1-hidden (default: synthetic-dev; example: --board v1-dev)",
    )
    p.add_argument(
        "--track",
        choices=("dev", "hidden"),
        help="optional; the board decides the track, and a different one is refused",
    )
    add_manifest_option(
        p,
        "the board's dataset manifest, the one your predictions answer (default: "
        "data/manifest.json; required on a hidden board; example: "
        "--manifest spotdiff-data/data/manifest.json)",
        default=None,
    )
    p.add_argument(
        "--submissions",
        type=folder_path,
        default=Path("submissions"),
        help="folder holding the boards (default: submissions/)",
    )
    p.add_argument("--force", action="store_true", help="replace an existing folder of the same id")
    p.set_defaults(handler=run)
