"""The ``spotdiff`` program builds only the parser of the command it was given.

So these tests pin that the command table and the command modules agree, that
each command's parser is the one the whole command line has, and that a run
of one command loads no other command's module.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

from spotdiff_eval import cli

COMMAND_MODULES = sorted(
    path.stem
    for path in (REPO / "spotdiff_eval" / "commands").glob("*.py")
    if path.stem not in ("__init__", "hub_options")
)


def _command_names(parser: argparse.ArgumentParser) -> list[str]:
    return list(_subparsers(parser))


def test_every_command_module_has_an_entry_in_the_command_table() -> None:
    assert sorted(cli.COMMANDS.values()) == COMMAND_MODULES


def test_the_whole_parser_lists_the_commands_in_table_order() -> None:
    assert _command_names(cli.build_parser()) == list(cli.COMMANDS)


@pytest.mark.parametrize("name", list(cli.COMMANDS))
def test_a_parser_built_for_one_command_is_that_command_as_the_whole_parser_has_it(
    name: str,
) -> None:
    alone = cli.build_parser(only=name)
    assert _command_names(alone) == [name]
    assert _helps(_subparsers(alone)[name]) == _helps(_subparsers(cli.build_parser())[name])


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (action,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _helps(parser: argparse.ArgumentParser) -> list[str]:
    """The help of ``parser`` and of its sub-commands (``leaderboard build``), in order."""
    nested = any(isinstance(a, argparse._SubParsersAction) for a in parser._actions)
    below = [h for sub in _subparsers(parser).values() for h in _helps(sub)] if nested else []
    return [parser.format_help(), *below]


def test_scoring_loads_no_other_command_module(tmp_path: Path) -> None:
    predictions, manifest = REPO / "predictions" / "example.json", REPO / "data" / "manifest.json"
    code = (
        "import sys\n"
        "from spotdiff_eval.cli import main\n"
        f"sys.argv = ['spotdiff', 'evaluate', '--predictions', {str(predictions)!r},"
        f" '--manifest', {str(manifest)!r}, '--quiet']\n"
        "code = main()\n"
        "print(sorted(m for m in sys.modules if m.startswith('spotdiff_eval.commands.')))\n"
        "sys.exit(code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.replace("'", '"')) == ["spotdiff_eval.commands.evaluate"]
