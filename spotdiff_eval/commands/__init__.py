"""One module per ``spotdiff`` command (or group of commands).

Each module has ``register(subparsers)``, which adds its sub-command(s) with
help text and examples and sets ``handler`` to a function ``(args) -> int``.
Handlers only turn arguments into library calls; they import the library
lazily so that ``spotdiff --help`` stays instant.
"""

from __future__ import annotations

import argparse
import math
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
