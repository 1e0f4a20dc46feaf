"""The ``spotdiff`` command line: parse arguments, call the library, report errors.

Every failure a user can cause ends as one line on stderr,
``spotdiff: error: <file>: <where>: <what>``, with exit status 1 (bad input
or a failed run) or 2 (bad usage), and never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import signal
import sys
from collections.abc import Callable, Sequence

from ._util.stopping import Terminated, sigterm_unwinds
from ._util.terminal import safe_text
from .errors import SpotDiffError

#: Each command's name and the module of ``spotdiff_eval.commands`` that
#: registers it, in the order ``spotdiff --help`` lists them. A name, not the
#: module, so that a run imports and builds only the command it was given:
#: all eleven parsers cost about as much start-up time as scoring one item.
COMMANDS: dict[str, str] = {
    "evaluate": "evaluate",
    "explain": "explain",
    "validate": "validate",
    "run": "run",
    "merge": "merge",
    "download": "download",
    "publish-dataset": "publish_dataset",
    "generate": "generate",
    "submit": "submit",
    "leaderboard": "leaderboard",
    "ci": "ci",
}

Handler = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in the project's one-line format."""

    def error(self, message: str) -> None:  # type: ignore[override]
        # The top-level parser's prog is the prefix itself: naming it again
        # gave "spotdiff: error: spotdiff: ...".
        where = "" if self.prog == "spotdiff" else f"{self.prog}: "
        # The message quotes the argument: escaped and shortened, as text from
        # files is (red team round 20: a terminal escape in --date ran, and a
        # 100,000-character argument was echoed whole).
        shown = safe_text(message, 400)
        self.exit(2, f"spotdiff: error: {where}{shown} (see '{self.prog} --help')\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or only the sub-command named ``only``.

    A parser built for one command parses that command's arguments exactly as
    the whole one does; ``spotdiff --help`` and a misspelt command need the whole.
    """
    parser = _Parser(
        prog="spotdiff",
        description="SpotDiff Eval: score vision models on spot-the-difference images.",
        epilog="Run 'spotdiff <command> --help' for a command's options and examples.",
    )
    from .version import __version__

    parser.add_argument("--version", action="version", version=f"spotdiff-eval {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="<command>", parser_class=_Parser)
    subparsers.required = True
    for name, module in COMMANDS.items():
        if only is None or name == only:
            importlib.import_module(f".commands.{module}", __package__).register(subparsers)
    return parser


def _innermost(parser: argparse.ArgumentParser, args: argparse.Namespace):
    """The parser of the (sub-)command ``args`` ran, e.g. ``spotdiff leaderboard build``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = action.choices.get(getattr(args, action.dest or "", None) or "")
            if chosen is not None:
                return _innermost(chosen, args)
    return parser


def _command_named(argv: Sequence[str]) -> str | None:
    """The command ``argv`` starts with, if it starts with one (not ``--help``)."""
    return argv[0] if argv and argv[0] in COMMANDS else None


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    """The arguments, with ``handler`` set; usage errors exit with status 2."""
    parser = build_parser(only=_command_named(argv))
    args, extras = parser.parse_known_args(argv)
    if extras:
        # Reported by the command that was given them, whose --help lists
        # what it accepts (argparse leaves them to the top-level parser).
        _innermost(parser, args).error(f"unrecognized arguments: {' '.join(extras)}")
    return args


def _prepare_standard_streams() -> None:
    """Print characters the output's encoding lacks as ``\\xe8``, ``\\u65e5``,
    and print into nothing when a stream is closed.

    Red team round 19: Windows writes a redirected stdout in its ANSI code
    page, and a model name or subject outside it ended the run (with
    ``--output``, before the report was written) in an error calling the text
    not UTF-8; stderr already escapes them, files are always UTF-8. Started
    with stdout closed (``>&-``), Python has no ``sys.stdout``, and the
    first print was an AttributeError traceback.
    """
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (the whole run)
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None, *, exit_process: bool = False) -> int:
    """Run one command; its exit status.

    ``exit_process``: the caller owns the process and is about to end it, so a
    command that has finished may end it at once (``_util.quick_exit``).
    """
    if argv is None:
        argv = sys.argv[1:]
    _prepare_standard_streams()
    try:
        # Parsing is inside the try: building the parser imports the command's
        # module, and Ctrl-C then printed a traceback (red team round 19).
        args = _parse(argv)
        args.exit_process = exit_process
        handler: Handler = args.handler
        with sigterm_unwinds():  # SIGTERM (a timeout, a CI runner) cleans up as Ctrl-C does
            return handler(args)
    except SpotDiffError as exc:
        print(f"spotdiff: error: {safe_text(exc.one_line(), sys.maxsize)}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (``spotdiff evaluate ... | head``): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Terminated:
        print("spotdiff: error: terminated (SIGTERM)", file=sys.stderr)
        return 128 + signal.SIGTERM
    except KeyboardInterrupt:
        print("spotdiff: error: interrupted", file=sys.stderr)
        return 130
    except UnicodeEncodeError as exc:
        # Bytes that are not UTF-8 (in an argument, a file name) reach Python as lone
        # surrogates, which no file we write can hold (red team round 11). The commands
        # refuse the ones they know of up front; this is the net for the rest.
        shown = exc.object[exc.start : exc.end].encode("utf-8", "surrogateescape")
        print(
            f"spotdiff: error: {shown!r} is not valid UTF-8 text and cannot be written",
            file=sys.stderr,
        )
        return 1
    except OSError as exc:
        where = exc.filename or "spotdiff"
        line = f"{where}: {exc.strerror or exc}"
        print(f"spotdiff: error: {safe_text(line, sys.maxsize)}", file=sys.stderr)
        return 1


def entry() -> None:
    """The ``spotdiff`` console script."""
    sys.exit(main(exit_process=True))


if __name__ == "__main__":
    entry()
