"""A finished `spotdiff evaluate` ends its process without freeing its heap.

Freeing the evaluation and the matcher's caches object by object cost about
7% of a 10,000-item run; the process is ended at once instead. These tests
check that nothing the user sees changes, and that it happens only where
the caller owns the process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spotdiff_eval import cli

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "predictions" / "example.json"
MANIFEST = REPO / "data" / "manifest.json"

#: Runs main() as the entry point does, with an exit handler that shows
#: whether Python's own shutdown ran.
SCRIPT = """
import atexit, sys, threading, time
atexit.register(lambda: print("normal shutdown", file=sys.stderr))
if "--with-thread" in sys.argv:
    sys.argv.remove("--with-thread")
    threading.Thread(target=time.sleep, args=(0.2,)).start()
from spotdiff_eval.cli import main
sys.exit(main(sys.argv[1:], exit_process=True))
"""


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, cwd=REPO
    )


def test_the_entry_point_ends_at_once_with_the_same_report_and_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    quick = _run(
        "evaluate", "--manifest", str(MANIFEST), "--predictions", str(EXAMPLE),
        "--output", str(tmp_path / "quick.json"),
    )  # fmt: skip
    assert quick.returncode == 0, quick.stderr
    assert "normal shutdown" not in quick.stderr
    in_process = cli.main(
        ["evaluate", "--manifest", str(MANIFEST), "--predictions", str(EXAMPLE),
         "--output", str(tmp_path / "kept.json")]
    )  # fmt: skip
    assert in_process == 0
    assert (tmp_path / "quick.json").read_bytes() == (tmp_path / "kept.json").read_bytes()
    summary = capsys.readouterr().out
    assert quick.stdout.replace("quick.json", "kept.json") == summary
    assert "Report written to" in quick.stdout  # the flush happened before the exit


def test_a_failed_evaluate_exits_as_usual() -> None:
    failed = _run("evaluate", "--manifest", str(MANIFEST), "--predictions", "missing.json")
    assert failed.returncode != 0
    assert "normal shutdown" in failed.stderr
    assert "Traceback" not in failed.stderr


def test_with_another_thread_alive_the_exit_waits_for_it(tmp_path: Path) -> None:
    waited = _run(
        "--with-thread", "evaluate", "--manifest", str(MANIFEST), "--predictions", str(EXAMPLE),
        "--quiet",
    )  # fmt: skip
    assert waited.returncode == 0, waited.stderr
    assert "normal shutdown" in waited.stderr


def test_under_a_profiler_the_exit_is_the_usual_one(tmp_path: Path) -> None:
    """``python -m cProfile -m spotdiff_eval`` writes its profile as the program ends."""
    profile = tmp_path / "evaluate.prof"
    command = [sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "spotdiff_eval"]
    profiled = subprocess.run(
        [*command, "evaluate", "--predictions", str(EXAMPLE), "--quiet"],
        capture_output=True, text=True, cwd=REPO,
    )  # fmt: skip
    assert profiled.returncode == 0, profiled.stderr
    assert profile.stat().st_size > 0


def test_a_reader_that_went_away_is_still_a_quiet_exit() -> None:
    """The flush before the exit raises BrokenPipeError; main handles it as before."""
    command = [sys.executable, "-m", "spotdiff_eval", "evaluate", "--predictions", str(EXAMPLE)]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()
        errors = child.stderr.read().decode()
    assert "Traceback" not in errors
    assert child.returncode == 1


def test_main_called_by_a_program_keeps_its_process(tmp_path: Path) -> None:
    """Without exit_process, main() returns, as a library call must."""
    assert cli.main(["evaluate", "--predictions", str(EXAMPLE), "--quiet"]) == 0
