"""One module per ``spotdiff`` command (or group of commands).

Each module has ``register(subparsers)``, which adds its sub-command(s) with
help text and examples and sets ``handler`` to a function ``(args) -> int``.
Handlers only turn arguments into library calls; they import the library
lazily so that ``spotdiff --help`` stays instant.
"""

from __future__ import annotations

import argparse
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
