"""One module per ``spotdiff`` command (or group of commands).

Each module has ``register(subparsers)``, which adds its sub-command(s) with
help text and examples and sets ``handler`` to a function ``(args) -> int``.
Handlers only turn arguments into library calls; they import the library
lazily so that ``spotdiff --help`` stays instant.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DEFAULT_MANIFEST = Path("data/manifest.json")


def add_command(
    subparsers: argparse._SubParsersAction, name: str, help_text: str, examples: str
) -> argparse.ArgumentParser:
    """A sub-command whose ``--help`` ends with copy-paste examples."""
    return subparsers.add_parser(
        name,
        help=help_text,
        description=help_text,
        epilog="examples:\n" + examples,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def add_manifest_option(
    parser: argparse.ArgumentParser,
    what: str = "dataset manifest",
    *,
    default: Path | None = DEFAULT_MANIFEST,
) -> None:
    """``--manifest PATH``, the dataset a command reads; the help names the default.

    ``default`` None is for commands that find the dataset themselves (a
    submission's board); their ``what`` says how.
    """
    help_text = what if default is None else f"{what} (default: {default})"
    parser.add_argument("--manifest", type=input_path, default=default, help=help_text)


#: Red team round 19: "-", the usual name of standard input or output, was
#: taken as a file name: ``evaluate --output -`` wrote a file named "-" and
#: ``--predictions -`` said "file not found".
_DASH = (
    "'-' is not standard input or output here: spotdiff {what}; name a file (./- for one named '-')"
)


_EMPTY = "the path is empty (an unset shell variable?); name a file or folder, '.' for this one"


def folder_path(text: str) -> Path:
    """An argparse type for any path: an empty one is refused.

    Red team round 20: ``Path("")`` is ".", so ``generate --output "$OUT"``
    with OUT unset wrote a dataset into the current folder, and other
    commands named "." as the file at fault.
    """
    if not text:
        raise argparse.ArgumentTypeError(_EMPTY)
    return Path(text)


def file_path(text: str) -> Path:
    """An argparse type for a file to write: a path that ends in a separator is refused.

    Red team round 18: ``--output predictions/new/`` lost its slash to
    ``Path`` and wrote a *file* named ``predictions/new``, where the user
    meant a folder that did not exist yet. ``-`` is refused (see ``_DASH``).
    """
    if text == "-":
        raise argparse.ArgumentTypeError(_DASH.format(what="writes nothing to standard output"))
    if not text:
        raise argparse.ArgumentTypeError(_EMPTY)
    folder = text.endswith(("/", "/.", "/..")) or (os.sep != "/" and text.endswith(os.sep))
    if folder and text.strip("/."):  # "/" and "./" are refused later, as folders
        raise argparse.ArgumentTypeError(
            f"{text!r} ends in '/', so it names a folder; name the file to write in it, "
            "e.g. predictions/my-model.json"
        )
    return Path(text)


def input_path(text: str) -> Path:
    """An argparse type for a file to read: ``-`` is refused (see ``_DASH``)."""
    if text == "-":
        raise argparse.ArgumentTypeError(_DASH.format(what="reads no standard input"))
    return folder_path(text)


#: The default cap on a predictions file, in MiB (the library's JSON cap).
DEFAULT_MAX_PREDICTIONS_MIB = 64


def add_predictions_cap_option(parser: argparse.ArgumentParser) -> None:
    """``--max-predictions-mib``, for every command that reads a predictions file.

    Red team round 19: only ``evaluate`` had it, so a file scored with it
    could not be explained, nor a 50,000-item run's shards merged.
    """
    parser.add_argument(
        "--max-predictions-mib",
        type=number_type(int, 1),
        default=DEFAULT_MAX_PREDICTIONS_MIB,
        metavar="MIB",
        help="refuse a predictions file larger than this many MiB "
        f"(default: {DEFAULT_MAX_PREDICTIONS_MIB}); 50,000 items with descriptions take "
        "about 100 MiB, e.g. --max-predictions-mib 256",
    )


@contextmanager
def with_hints(args: argparse.Namespace) -> Iterator[None]:
    """Add to an error about an input the option that changes it (red team round 19).

    A predictions file above the cap said "file is 70.2 MiB, above the 64 MiB
    limit", naming no way to score it anyway; the default manifest missing
    (run from another folder) said "data/manifest.json: file not found", a
    path the user never typed. Other errors pass unchanged.
    """
    from ..errors import FileTooLarge, SpotDiffError

    try:
        yield
    except FileTooLarge as exc:
        readers = [getattr(args, "predictions", None), *getattr(args, "shards", ())]
        if hasattr(args, "shards"):
            readers.append(args.output)  # merge reads the earlier merge it replaces
        if exc.file not in {str(path) for path in readers if path is not None}:
            raise
        needed = -(-exc.size // 2**20)  # whole MiB, rounded up
        what = f"{exc.what}; add --max-predictions-mib {needed} to read it"
        raise SpotDiffError(exc.file, exc.where, what) from None
    except SpotDiffError as exc:
        manifest = getattr(args, "manifest", None)
        default = manifest == DEFAULT_MANIFEST and exc.file == str(DEFAULT_MANIFEST)
        if not (default and exc.what == "file not found"):
            raise
        what = (
            f"{exc.what}; --manifest defaults to {DEFAULT_MANIFEST} under the current folder: "
            "pass --manifest PATH (the manifest or its dataset's folder)"
        )
        raise SpotDiffError(exc.file, exc.where, what) from None


def add_quiet_option(parser: argparse.ArgumentParser) -> None:
    """``-q/--quiet``: for scripts that want the output file and only errors on screen."""
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")


def number_type(kind: type[int] | type[float], low: float, high: float = math.inf):
    """An argparse type: a finite ``kind`` between ``low`` and ``high`` (both included)."""
    word = "a whole number" if kind is int else "a number"

    def convert(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {word}, found {text!r}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, found {text!r}")
        if not low <= value <= high:
            bound = f"at least {low:g}" if high == math.inf else f"from {low:g} to {high:g}"
            raise argparse.ArgumentTypeError(f"must be {bound}, found {text}")
        return value

    return convert
