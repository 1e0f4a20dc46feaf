"""Red team round 24: the leaderboard build and site.

A build killed (SIGKILL) between swapping in the new site and writing
LEADERBOARD.md, and keycap emoji in the untrusted names the site shows.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import run_cli
from leaderboard_helpers import BOARD, checkout, make_board

from spotdiff_eval._util.lookalike import shown_name
from spotdiff_eval._util.terminal import safe_text
from spotdiff_eval.leaderboard.markdown import cell
from spotdiff_eval.leaderboard.paired_file import settle
from spotdiff_eval.leaderboard.site_markdown import render_notes
from spotdiff_eval.leaderboard.site_text import neutralise

# -- SIGKILL around the site swap: LEADERBOARD.md and the site stay in step -----------------


@pytest.fixture
def repo(tmp_path: Path, make_dataset) -> Path:  # type: ignore[no-untyped-def]
    return checkout(tmp_path, make_dataset)


def _killed_build(repo: Path, point: str) -> int:
    """Run a build that SIGKILLs itself just ``before`` or just ``after`` the site swap
    (``folder_swap.exchange``), or, where the system cannot exchange (``fallback``), just
    after the new site is renamed in: no clean-up code runs, as with ``kill -9`` or the
    out-of-memory killer."""
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        from spotdiff_eval._util import folder_swap
        from spotdiff_eval.cli import main
        point = {point!r}
        real_exchange, real_rename = folder_swap.exchange, os.rename
        def die():
            os.kill(os.getpid(), signal.SIGKILL)
        def exchange(first, second):
            if point == "fallback":
                return False
            if point == "before":
                die()
            done = real_exchange(first, second)
            die()
        def rename(source, destination, *args, **kwargs):
            real_rename(source, destination, *args, **kwargs)
            if ".site.new-" in os.fspath(source) and os.fspath(destination).endswith("site"):
                die()
        folder_swap.exchange = exchange
        os.rename = rename
        sys.exit(main(["leaderboard", "build", "--no-cache", "-q"]))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=repo, capture_output=True, text=True, check=False
    )
    return done.returncode


def _leftovers(repo: Path) -> list[str]:
    return sorted(p.name for p in repo.iterdir() if p.name.startswith((".site.", ".LEADERBOARD")))


@pytest.mark.parametrize("point", ["before", "after", "fallback"])
def test_a_build_killed_at_the_site_swap_leaves_the_table_in_step_with_the_site(
    repo: Path, point: str
) -> None:
    """Attack: SIGKILL right after the new site was swapped in, before LEADERBOARD.md was
    written. ``signals_held`` cannot hold SIGKILL: the new site stood beside the old table,
    and stayed so while the next builds failed before writing (a board that could not be
    fetched, a dataset taken away). Now the new table is written beside LEADERBOARD.md
    before the swap and renamed over it after; the next build puts it in place if the swap
    happened and drops it if not, before anything can fail. Killed just before the swap,
    both stay old."""
    assert run_cli("leaderboard", "build", "-q", cwd=repo).returncode == 0
    fresh_table = (repo / "LEADERBOARD.md").read_text(encoding="utf-8")
    (repo / "LEADERBOARD.md").write_text("an older table\n", encoding="utf-8")
    (repo / "site" / "older-only.txt").write_text("from an older build", encoding="utf-8")

    assert _killed_build(repo, point) == -signal.SIGKILL
    # The next build fails before it writes anything: the dataset is gone.
    manifest = repo / "data" / "manifest.json"
    kept = manifest.read_bytes()
    manifest.unlink()
    failed = run_cli("leaderboard", "build", "--no-cache", "--strict", "-q", cwd=repo)
    assert failed.returncode != 0, failed.stdout
    site_is_new = not (repo / "site" / "older-only.txt").exists()
    table = (repo / "LEADERBOARD.md").read_text(encoding="utf-8")
    assert site_is_new == (point != "before")
    assert table == (fresh_table if site_is_new else "an older table\n")
    assert _leftovers(repo) == []
    manifest.write_bytes(kept)
    assert run_cli("leaderboard", "build", "--no-cache", "-q", cwd=repo).returncode == 0
    assert (repo / "LEADERBOARD.md").read_text(encoding="utf-8") == fresh_table


def _described(repo: Path) -> tuple[str, str]:
    """The board description LEADERBOARD.md shows, and the one the site's board page shows."""
    table = (repo / "LEADERBOARD.md").read_text(encoding="utf-8")
    page = (repo / "site" / BOARD / "index.html").read_text(encoding="utf-8")
    found = [
        next((f"run {n}" for n in range(100) if f"Described by run {n}." in text), "none")
        for text in (table, page)
    ]
    return found[0], found[1]


def test_builds_killed_anywhere_leave_table_and_site_in_step_once_settled(repo: Path) -> None:
    """SIGKILL at random points of builds that each describe the board anew: after each
    kill, and the repair the next build makes first (``settle``), LEADERBOARD.md and the
    site describe the same run, the last finished one or the killed one."""
    make_board(repo / "submissions", description="Described by run 0.")
    assert run_cli("leaderboard", "build", "--no-cache", "-q", cwd=repo).returncode == 0
    started = time.monotonic()
    make_board(repo / "submissions", description="Described by run 1.")
    assert run_cli("leaderboard", "build", "--no-cache", "-q", cwd=repo).returncode == 0
    duration = time.monotonic() - started
    rng = random.Random(24)
    for run in range(2, 10):
        make_board(repo / "submissions", description=f"Described by run {run}.")
        process = subprocess.Popen(
            [sys.executable, "-m", "spotdiff_eval", "leaderboard", "build", "--no-cache", "-q"],
            cwd=repo,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(duration / 2, duration * 1.2))
        process.send_signal(signal.SIGKILL)
        process.wait()
        settle(repo / "LEADERBOARD.md", repo / "site")
        table, page = _described(repo)
        assert table == page, f"killed run {run}: the table shows {table}, the site {page}"
        assert table != "none"
        assert _leftovers(repo) == []


# -- keycap emoji: one picture of three characters ---------------------------------------------

_KEYCAPS = {
    "digit": "Model 1\ufe0f\u20e3",  # 1, emoji selector, combining enclosing keycap
    "hash": "Team #\ufe0f\u20e3 model",
    "star": "*\ufe0f\u20e3 star \U0001f51f",  # and the keycap ten, one character
    "several": "v2\ufe0f\u20e30\ufe0f\u20e3",
    # The flag of Scotland: black flag, "gbsct" in tag letters, cancel tag (and Wales).
    "flag": "Lab \U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "flags": "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f x",
}


@pytest.mark.parametrize("name", list(_KEYCAPS.values()), ids=list(_KEYCAPS))
def test_keycap_emoji_are_kept_whole(name: str) -> None:
    """Attack (by accident): a model named with a keycap ("1️⃣", "#️⃣"). Round 23 kept the
    selector after a pictograph, but a keycap's base is a digit, "#" or "*": its selector
    showed as "?" ("1?⃣") in LEADERBOARD.md, on the site and on the terminal. A table
    cell still escapes the "#" and "*" (Markdown punctuation), which GitHub shows as the
    keycap. The flags of Scotland, England and Wales (a black flag and tag letters)
    showed as "🏴??????" the same way."""
    assert safe_text(name, 1000) == neutralise(name) == name
    escaped = name.replace("#", "\\#").replace("*", "\\*")
    assert cell(name) == escaped


@pytest.mark.parametrize(
    "name",
    [
        "GPT-4o\ufe0f",
        "a\ufe0f\u20e3",
        "1\ufe0f\ufe0f\u20e3",
        "1\ufe0f x\u20e3",
        # Tag letters are hidden text but in the three flags: "hi" after a flag, or a letter.
        "\U0001f3f4\U000e0068\U000e0069\U000e007f",
        "a\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    ],
)
def test_selectors_outside_a_keycap_are_still_marked(name: str) -> None:
    """Only the selector between a keycap's base and its mark is kept: one after a digit
    with no keycap mark, after a letter, or doubled draws nothing and still shows as "?"."""
    shown = safe_text(name, 1000)
    assert "?" in shown and cell(name) == shown == neutralise(name)
    assert not {"\ufe0f", "\U000e007f"} & set(shown)


def test_keycaps_in_notes_stay_whole_and_never_become_markup() -> None:
    """Notes are Markdown: "#️⃣ Results" was a heading of "?⃣ Results" and
    "*️⃣ a*️⃣ b" an emphasis that split both keycaps. The keycaps' "#" and "*" are now
    text; Markdown of the notes' own still works, and HTML is still no markup."""
    notes = "#\ufe0f\u20e3 Results\n\n*\ufe0f\u20e3 a*\ufe0f\u20e3 b, *em* <b>x</b> 1\ufe0f\u20e3"
    html = str(render_notes(notes))
    assert html == (
        "<p>#\ufe0f\u20e3 Results</p>\n<p>*\ufe0f\u20e3 a*\ufe0f\u20e3 b, <em>em</em> "
        "&lt;b&gt;x&lt;/b&gt; 1\ufe0f\u20e3</p>"
    )


def test_a_keycap_does_not_make_a_name_of_its_own() -> None:
    """Kept whole, a keycap still reads as its digit: "model 1️⃣" and "model 1" are two
    rows alike, which the pull request check and the build tell apart."""
    assert shown_name({"model": {"name": "existing-model", "version": "1\ufe0f\u20e3"}}) == (
        shown_name({"model": {"name": "existing-model", "version": "1"}})
    )
