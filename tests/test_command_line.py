"""The ``spotdiff`` program itself: one parser per run, and the quick exit.

A run builds only the parser of the command it was given, so these tests pin
that the command table and the command modules agree, that a run of one
command loads no other command's module, and that the exit which skips the
interpreter's teardown still runs exit handlers, flushes output, waits for
threads and reports a failed last write.
"""

from __future__ import annotations

import argparse
import json
import os
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


def _python(code: str, *, cwd: Path, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    """Runs ``code`` with its output block-buffered, as on a user's machine."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        env=env,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
    )


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
    result = _python(code, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.replace("'", '"')) == ["spotdiff_eval.commands.evaluate"]


def _entry_with(main_body: str) -> str:
    """A ``spotdiff`` whose command is ``main_body``, exiting through :func:`cli.entry`."""
    body = "".join(f"    {line}\n" for line in main_body.splitlines())
    return (
        "import atexit, sys, threading, time\n"
        "from spotdiff_eval import cli\n"
        f"def main():\n{body}"
        "cli.main = main\n"
        "cli.entry()\n"
    )


def test_the_quick_exit_keeps_the_status_and_the_buffered_output(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    command = _entry_with("print('last line', end='')\nreturn 3")
    with out.open("w") as handle:
        result = _python(command, cwd=tmp_path, stdout=handle)
    assert result.returncode == 3, result.stderr
    assert out.read_text() == "last line"


def test_the_quick_exit_runs_the_exit_handlers(tmp_path: Path) -> None:
    body = "atexit.register(lambda: open('handled', 'w').close())\nreturn 0"
    result = _python(_entry_with(body), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "handled").exists()


def test_the_exit_waits_for_a_thread_still_running(tmp_path: Path) -> None:
    body = (
        "def late():\n"
        "    time.sleep(0.3)\n"
        "    open('finished', 'w').close()\n"
        "threading.Thread(target=late).start()\n"
        "return 0"
    )
    result = _python(_entry_with(body), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "finished").exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_last_write_that_fails_is_one_line_and_a_failure(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        result = _python(_entry_with("print('all went well')\nreturn 0"), cwd=tmp_path, stdout=full)
    assert result.returncode == 1
    assert result.stderr == "spotdiff: error: standard output: No space left on device\n"
