"""``spotdiff generate``: draw a procedural dataset with exactly known answers."""

from __future__ import annotations

import argparse
import re
import sys

from . import add_command, folder_path, number_type

DIFFICULTY_NAMES = ("easy", "medium", "hard")
#: Names end up in YAML front matter and file metadata: keep them plain.
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]{0,49}$")


#: Seeds: whole numbers, at least 0.
_seed = number_type(int, 0)


def _items(text: str) -> int:
    """1 to MAX_ITEMS (the generator's ``__init__`` only: cheap)."""
    from ..generator import MAX_ITEMS

    return int(number_type(int, 1, MAX_ITEMS)(text))


def _plain_name(text: str) -> str:
    if not _NAME.match(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a plain name (letters, digits, '.', '_', '+', '-'; up to 50)"
        )
    return text


def _dataset_name(text: str) -> str:
    from ..generator import reserved_name_problem  # the package's __init__ only: cheap

    problem = reserved_name_problem(_plain_name(text))
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def run(args: argparse.Namespace) -> int:
    from .._util.progress import Progress
    from ..generator import generate_dataset

    summary = generate_dataset(
        args.output,
        items=args.items,
        seed=args.seed,
        difficulty=args.difficulty,
        name=args.name,
        version=args.dataset_version,
        progress=Progress("Generating items", args.items),
        force=args.force,
    )
    kinds = ", ".join(f"{n} {kind}" for kind, n in summary.kinds.items())
    print(
        f"Wrote {summary.items} items with {summary.differences} differences ({kinds}) "
        f"to {summary.manifest}; the grounding gate regenerated {summary.regenerated} "
        f"item(s)."
    )
    sys.stdout.flush()
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = add_command(
        subparsers,
        "generate",
        "Draw a procedural spot-the-difference dataset whose answers are exactly known.",
        "  spotdiff generate --output /tmp/g --items 12 --seed 7\n"
        "  spotdiff generate --output my-set --items 100 --seed 1 --difficulty hard\n"
        "  spotdiff validate /tmp/g\n"
        "  spotdiff generate --output . --items 28 --seed 1 --force   # replace a dataset\n",
    )
    p.add_argument(
        "--output",
        type=folder_path,
        required=True,
        help="dataset root to write: DIR/data/... and DIR/predictions/perfect.json",
    )
    p.add_argument(
        "--items", type=_items, default=24, help="number of items, at most 50,000 (default: 24)"
    )
    p.add_argument("--seed", type=_seed, default=0, help="random seed (default: 0)")
    p.add_argument(
        "--difficulty",
        choices=DIFFICULTY_NAMES,
        default="medium",
        help="easy: 3-5 large differences; medium: 3-8; hard: 6-10 in busier scenes "
        "(default: medium)",
    )
    p.add_argument(
        "--name",
        type=_dataset_name,
        default="spotdiff-generated",
        help="dataset name written to the manifest (default: spotdiff-generated)",
    )
    p.add_argument(
        "--dataset-version",
        type=_plain_name,
        default="1.0.0",
        help="dataset version written to the manifest (default: 1.0.0)",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="replace a dataset this command generated earlier in --output "
        "(e.g. spotdiff generate --output . --force); a hand-made dataset is never replaced",
    )
    p.set_defaults(handler=run)
