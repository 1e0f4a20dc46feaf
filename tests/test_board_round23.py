"""Red team round 23: the leaderboard build and its outputs, attacked again.

Each test names its attack and pins one fix.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import file_size_limit
from leaderboard_helpers import BOARD, checkout, make_board, snapshot

from spotdiff_eval._util import folder_swap

# -- LEADERBOARD.md and the site change together, or neither does -----------------------------

#: Long enough that LEADERBOARD.md, which puts it in every link, is larger than any page.
_LONG_SITE_URL = "https://example.org/" + "a" * 3000 + "/"


def test_a_failure_writing_leaderboard_md_keeps_the_site_it_describes(
    tmp_path: Path, make_dataset: object
) -> None:
    """Attack: a disk that fills up (here a file size limit) while LEADERBOARD.md
    is written, after the new site was swapped in. The build failed, but left
    the new site beside the old LEADERBOARD.md, and the previous site was
    deleted: the two outputs no longer described the same submissions."""
    repo = checkout(tmp_path, make_dataset)
    first = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "leaderboard", "build"],
        cwd=repo, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    before_md = (repo / "LEADERBOARD.md").read_bytes()
    before_site = snapshot(repo / "site")
    make_board(repo / "submissions", description="A board described anew.")
    failed = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "leaderboard", "build",
         "--site-url", _LONG_SITE_URL],
        cwd=repo, capture_output=True, text=True, timeout=120, check=False,
        preexec_fn=file_size_limit(16_000),
    )  # fmt: skip
    assert failed.returncode == 1
    assert failed.stderr == "spotdiff: error: LEADERBOARD.md: cannot write: File too large\n"
    assert (repo / "LEADERBOARD.md").read_bytes() == before_md
    assert snapshot(repo / "site") == before_site
    assert "A board described anew." not in (repo / "site" / BOARD / "index.html").read_text()
    assert sorted(p.name for p in repo.iterdir() if p.name.startswith((".site", ".LEAD"))) == []


def _fill(text: str):  # type: ignore[no-untyped-def]
    def fill(folder: Path) -> None:
        (folder / "mark").write_text(text, encoding="utf-8")

    return fill


@pytest.mark.parametrize("swap", ["exchange", "fallback", "first"])
def test_a_failing_after_puts_the_old_folder_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, swap: str
) -> None:
    """The same, for each way a folder is swapped in: renameat2's exchange, the two
    renames where a filesystem cannot exchange, and a first build (no old folder,
    and then none after the failure either)."""
    target = tmp_path / "site"
    if swap != "first":
        folder_swap.replace_folder(target, _fill("old"), "mark")
    if swap == "fallback":
        monkeypatch.setattr(folder_swap, "exchange", lambda first, second: False)

    def after() -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        folder_swap.replace_folder(target, _fill("new"), "mark", after=after)
    if swap == "first":
        assert not target.exists()
    else:
        assert (target / "mark").read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ([] if swap == "first" else ["site"])
