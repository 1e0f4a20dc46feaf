"""A site built by the 1.x leaderboard (marked by leaderboard.json) is replaced on upgrade."""

from __future__ import annotations

from pathlib import Path

from conftest import REPO, run_cli


def _build(output: Path, markdown: Path):
    return run_cli(
        "leaderboard",
        "build",
        "--submissions",
        REPO / "submissions",
        "--output",
        output,
        "--markdown",
        markdown,
        "--no-cache",
        "--quiet",
    )


def test_a_1x_site_is_replaced(tmp_path: Path) -> None:
    old = tmp_path / "site"
    old.mkdir()
    (old / "leaderboard.json").write_text("{}", encoding="utf-8")
    (old / "index.html").write_text("old", encoding="utf-8")
    result = _build(old, tmp_path / "LEADERBOARD.md")
    assert result.returncode == 0, result.stderr
    assert (old / "boards.json").is_file() and not (old / "leaderboard.json").exists()


def test_a_folder_no_build_made_is_still_refused(tmp_path: Path) -> None:
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "todo.txt").write_text("keep me", encoding="utf-8")
    result = _build(mine, tmp_path / "LEADERBOARD.md")
    assert result.returncode == 1 and "not a site this command built" in result.stderr
    assert (mine / "todo.txt").read_text(encoding="utf-8") == "keep me"
