"""The site folder exists at every instant, and killed builds leave nothing behind.

A real ``spotdiff leaderboard build`` is killed (SIGKILL, no clean-up code
runs) at random points while it is writing its new site; after each kill
``site/`` must still be a complete site, and the next build must remove
every work folder the killed ones left.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from conftest import REPO, run_cli
from leaderboard_helpers import checkout

from spotdiff_eval._util import folder_swap
from spotdiff_eval._util.folder_swap import clean_leftovers, replace_folder
from spotdiff_eval.errors import SpotDiffError

#: Kills per run: enough to land in every phase, bounded to keep the test short.
KILLS = 12


@pytest.fixture
def repo(tmp_path: Path, make_dataset) -> Path:  # type: ignore[no-untyped-def]
    return checkout(tmp_path, make_dataset)


def work_folders(repo: Path) -> list[str]:
    return sorted(name for name in os.listdir(repo) if name.startswith(".site."))


def start_build(repo: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "spotdiff_eval", "leaderboard", "build", "--no-cache", "-q"],
        cwd=repo,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_killed_builds_never_lose_the_site_and_leave_nothing(repo: Path) -> None:
    assert run_cli("leaderboard", "build", cwd=repo).returncode == 0
    started = time.monotonic()
    assert run_cli("leaderboard", "build", "--no-cache", "-q", cwd=repo).returncode == 0
    duration = time.monotonic() - started
    rng = random.Random(12)
    for _ in range(KILLS):
        process = start_build(repo)
        # Wait until the new site is being written, then kill somewhere in the
        # rest of the build: while filling, at the swap, or while deleting.
        deadline = time.monotonic() + 60
        while not work_folders(repo) and process.poll() is None:
            assert time.monotonic() < deadline
            time.sleep(0.001)
        time.sleep(rng.uniform(0, duration / 3))
        process.send_signal(signal.SIGKILL)
        process.wait()
        assert (repo / "site" / "boards.json").is_file(), "site/ lost by a killed build"
    final = run_cli("leaderboard", "build", cwd=repo)
    assert final.returncode == 0, final.stderr
    assert work_folders(repo) == []
    assert (repo / "site" / "boards.json").is_file()


def test_a_reader_never_finds_the_site_missing(repo: Path) -> None:
    assert run_cli("leaderboard", "build", cwd=repo).returncode == 0
    site = repo / "site"
    missing: list[float] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            if not os.path.isdir(site):
                missing.append(time.monotonic())

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        for _ in range(3):
            assert run_cli("leaderboard", "build", "--no-cache", "-q", cwd=repo).returncode == 0
    finally:
        stop.set()
        watcher.join()
    assert missing == []


def test_leftovers_held_by_a_running_build_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "site"
    with folder_swap.locked_work_folder(tmp_path, ".site.new-") as busy:
        (tmp_path / ".site.new-dead").mkdir()
        clean_leftovers(target)
        assert busy.is_dir()
        assert not (tmp_path / ".site.new-dead").exists()


def test_a_name_with_pattern_characters_cleans_only_its_own_leftovers(tmp_path: Path) -> None:
    """Work folders were found by a glob of the name: "site[1]" never matched its own,
    and "s*" matched every other site's."""
    (tmp_path / ".site[1].new-dead").mkdir()
    (tmp_path / ".sx.new-other").mkdir()
    clean_leftovers(tmp_path / "site[1]")
    clean_leftovers(tmp_path / "s*")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".sx.new-other"]


def test_fallback_without_exchange_still_replaces(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(folder_swap, "exchange", lambda first, second: False)
    target = tmp_path / "site"

    def fill(text: str):
        def write(folder: Path) -> None:
            (folder / "marker").write_text(text, encoding="utf-8")

        return write

    replace_folder(target, fill("one"), "marker")
    replace_folder(target, fill("two"), "marker")
    assert (target / "marker").read_text(encoding="utf-8") == "two"
    assert sorted(os.listdir(tmp_path)) == ["site"]


def test_a_run_killed_inside_the_fallback_window_is_repaired(tmp_path: Path) -> None:
    """Without exchange there is one rename with no site; the next run puts the old back."""
    target = tmp_path / "site"
    target.mkdir()
    (target / "marker").write_text("old", encoding="utf-8")
    script = textwrap.dedent(
        f"""
        import os
        from pathlib import Path
        from spotdiff_eval._util import folder_swap
        folder_swap.exchange = lambda first, second: False
        real = os.rename
        def rename_then_die(source, destination):
            real(source, destination)
            os._exit(9)  # killed between the two renames
        def fill(folder):
            (folder / "marker").write_text("new", encoding="utf-8")
            os.rename = rename_then_die
        folder_swap.replace_folder(Path({str(target)!r}), fill, "marker")
        """
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, check=False)
    assert result.returncode == 9
    assert not target.exists()  # the window the fallback cannot close
    clean_leftovers(target)
    assert (target / "marker").read_text(encoding="utf-8") == "old"
    assert sorted(os.listdir(tmp_path)) == ["site"]


@pytest.mark.parametrize("swap", ["exchange", "fallback"])
def test_a_folder_of_the_longest_name_is_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, swap: str
) -> None:
    """Work folders were named ``.NAME.new-x1y2z3w4``: a target name of 242 bytes or more
    left none that could be made."""
    if swap == "fallback":
        monkeypatch.setattr(folder_swap, "exchange", lambda first, second: False)
    target = tmp_path / ("s" * 255)
    for text in ("one", "two"):
        replace_folder(target, lambda folder, t=text: (folder / "marker").write_text(t), "marker")
    assert (target / "marker").read_text() == "two"
    assert os.listdir(tmp_path) == [target.name]
    with pytest.raises(SpotDiffError) as caught:  # one byte more: no name could be made
        replace_folder(tmp_path / ("s" * 256), lambda folder: None, "marker")
    assert caught.value.what == "its name is 256 bytes, longer than a file name can be (255)"
    assert os.listdir(tmp_path) == [target.name]


def pause_after_first_rename(source_marker: str) -> str:
    """Script lines: the first ``os.rename`` whose source holds ``source_marker`` says
    "renamed" on stdout and sleeps, so the test can signal that very moment."""
    return textwrap.dedent(
        f"""
        import os, sys, time
        real_rename = os.rename
        paused = []
        def rename(source, destination, *args, **kwargs):
            real_rename(source, destination, *args, **kwargs)
            if not paused and {source_marker!r} in os.fspath(source):
                paused.append(source)
                print("renamed", flush=True)
                time.sleep(2)
        os.rename = rename
        """
    )


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_between_the_fallbacks_two_renames_waits_for_the_second(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """SIGTERM or Ctrl-C right after the old site was renamed aside (no exchange): the stop
    unwound from there, and the work folder holding the old site was deleted with it, so
    neither site was left. Now it waits for the new one to be renamed in."""
    target = tmp_path / "site"
    target.mkdir()
    (target / "marker").write_text("old", encoding="utf-8")
    script = pause_after_first_rename(str(target)) + textwrap.dedent(
        f"""
        from pathlib import Path
        from spotdiff_eval._util import folder_swap
        from spotdiff_eval._util.stopping import sigterm_unwinds
        folder_swap.exchange = lambda first, second: False
        def fill(folder):
            (folder / "marker").write_text("new", encoding="utf-8")
        try:
            with sigterm_unwinds():
                folder_swap.replace_folder(Path({str(target)!r}), fill, "marker")
        except KeyboardInterrupt:
            sys.exit(99)
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "renamed\n"
        process.send_signal(stop)
        assert process.wait(timeout=30) == 99, "the stop was not raised after the swap"
    finally:
        process.kill()
        process.wait()
    assert (target / "marker").read_text(encoding="utf-8") == "new"
    assert sorted(os.listdir(tmp_path)) == ["site"]


def test_sigterm_at_the_swap_leaves_the_new_site_and_the_new_leaderboard(repo: Path) -> None:
    """SIGTERM just as the new site was swapped in: the stop unwound before LEADERBOARD.md
    was written, leaving the new site beside the old table. Now both are new, exit 143."""
    assert run_cli("leaderboard", "build", "-q", cwd=repo).returncode == 0
    fresh_table = (repo / "LEADERBOARD.md").read_text(encoding="utf-8")
    (repo / "LEADERBOARD.md").write_text("an older table\n", encoding="utf-8")
    (repo / "site" / "older-only.txt").write_text("from an older build", encoding="utf-8")
    script = textwrap.dedent(
        """
        import sys, time
        from spotdiff_eval._util import folder_swap
        from spotdiff_eval.cli import main
        real_exchange = folder_swap.exchange
        def exchange(first, second):
            done = real_exchange(first, second)
            print("swapped", flush=True)
            time.sleep(2)
            return done
        folder_swap.exchange = exchange
        sys.exit(main(["leaderboard", "build", "--no-cache", "-q"]))
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=repo,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "swapped\n"
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait()
    assert (process.returncode, stderr) == (143, "spotdiff: error: terminated (SIGTERM)\n")
    assert not (repo / "site" / "older-only.txt").exists(), "the new site is in place"
    assert (repo / "LEADERBOARD.md").read_text(encoding="utf-8") == fresh_table
    assert work_folders(repo) == []
