"""Incremental rebuilds: unchanged files are carried over as hard links, never rewritten."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import write_json
from leaderboard_helpers import BOARD, checkout, half_right, snapshot

from spotdiff_eval.leaderboard import site_reuse
from spotdiff_eval.leaderboard.build import build_leaderboard


@pytest.fixture
def repo(tmp_path: Path, make_dataset) -> Path:  # type: ignore[no-untyped-def]
    return checkout(tmp_path, make_dataset)


def build(repo: Path, output: str = "site", markdown: str = "LEADERBOARD.md") -> None:
    build_leaderboard(
        submissions_dir=repo / "submissions",
        markdown=repo / markdown,
        output=repo / output,
        cache_dir=repo / ".spotdiff-cache",
    )


def identities(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file by relative path with its inode and modification time."""
    return {
        p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file()
    }


def test_a_rebuild_with_nothing_changed_writes_no_file(repo: Path) -> None:
    build(repo)
    before = identities(repo / "site")
    markdown = (repo / "LEADERBOARD.md").stat()
    build(repo)
    after = identities(repo / "site")
    assert sorted(after) == sorted(before)
    assert [path for path in after if after[path] != before[path]] == []
    again = (repo / "LEADERBOARD.md").stat()
    assert (again.st_ino, again.st_mtime_ns) == (markdown.st_ino, markdown.st_mtime_ns)


def test_an_incremental_rebuild_gives_the_bytes_of_a_cold_build(repo: Path) -> None:
    build(repo)
    before = identities(repo / "site")
    write_json(
        repo / "submissions" / BOARD / "acme-perfect" / "predictions.json",
        half_right("acme-perfect"),
    )
    build(repo)
    build(repo, output="cold", markdown="COLD.md")  # no previous site to reuse
    assert snapshot(repo / "site") == snapshot(repo / "cold")
    after = identities(repo / "site")
    changed = {path for path in after if after[path] != before.get(path)}
    page = f"{BOARD}/submissions/acme-perfect.html"
    assert {page, f"{BOARD}/reports/acme-perfect.json", f"{BOARD}/index.html"} <= changed
    # The images and assets did not change: linked, not copied.
    kept = {path for path in after if path.startswith((f"{BOARD}/images/", f"{BOARD}/assets/"))}
    assert kept and not kept & changed


def test_a_damaged_digest_file_renders_everything_again(repo: Path) -> None:
    build(repo)
    page = repo / "site" / BOARD / "index.html"
    (repo / "site" / site_reuse.DIGESTS).write_text("{not json", encoding="utf-8")
    old_inode = page.stat().st_ino
    build(repo)
    assert page.stat().st_ino != old_inode
    build(repo, output="cold", markdown="COLD.md")
    assert snapshot(repo / "site") == snapshot(repo / "cold")


def test_new_templates_or_code_never_reuse_old_pages(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build(repo)
    before = identities(repo / "site")
    monkeypatch.setattr(site_reuse, "rendering_digest", lambda: "another version")
    build(repo)
    after = identities(repo / "site")
    pages = [path for path in after if path.endswith(".html")]
    assert pages and all(after[path] != before[path] for path in pages)


def test_the_digest_file_is_the_same_for_the_same_inputs(repo: Path) -> None:
    build(repo)
    build(repo, output="other", markdown="OTHER.md")
    first = (repo / "site" / site_reuse.DIGESTS).read_bytes()
    assert first == (repo / "other" / site_reuse.DIGESTS).read_bytes()
    assert f"{BOARD}/index.html".encode() in first


def test_scoring_in_worker_processes_gives_the_same_bytes(repo: Path) -> None:
    build(repo)
    one = snapshot(repo / "site"), (repo / "LEADERBOARD.md").read_bytes()
    cache = snapshot(repo / ".spotdiff-cache")
    for folder in ("site", ".spotdiff-cache"):
        shutil.rmtree(repo / folder)
    build_leaderboard(
        submissions_dir=repo / "submissions",
        markdown=repo / "LEADERBOARD.md",
        output=repo / "site",
        cache_dir=repo / ".spotdiff-cache",
        jobs=2,
    )
    assert (snapshot(repo / "site"), (repo / "LEADERBOARD.md").read_bytes()) == one
    assert snapshot(repo / ".spotdiff-cache") == cache


def test_a_failure_in_a_worker_is_the_usual_one_line_error(
    repo: Path,
    make_dataset,  # type: ignore[no-untyped-def]
) -> None:
    from spotdiff_eval.datasets import load_dataset
    from spotdiff_eval.errors import SpotDiffError
    from spotdiff_eval.leaderboard.scoring import score_submissions
    from spotdiff_eval.leaderboard.submissions import Submission

    dataset = load_dataset(repo / "data" / "manifest.json")
    folders = sorted(p for p in (repo / "submissions" / BOARD).iterdir() if p.is_dir())
    # The predictions are not those that were checked: changed during the build.
    submissions = [Submission(p.name, p, {}, "0" * 64) for p in folders]
    with pytest.raises(SpotDiffError) as raised:
        score_submissions(dataset, submissions, jobs=2)
    assert raised.value.one_line() == (
        f"{folders[0] / 'predictions.json'}: changed while the leaderboard was being built"
    )


def test_standings_are_ranked_again_only_when_a_report_changes(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spotdiff_eval.leaderboard import standings_cache

    calls = []
    real = standings_cache.compute_standings
    monkeypatch.setattr(
        standings_cache, "compute_standings", lambda *a: calls.append(1) or real(*a)
    )
    build(repo)
    first = snapshot(repo / "site")
    build(repo)
    assert len(calls) == 1 and snapshot(repo / "site") == first
    for entry in (repo / ".spotdiff-cache" / "standings").iterdir():
        entry.write_text("[{", encoding="utf-8")  # damaged: a miss, computed again
    build(repo)
    assert len(calls) == 2 and snapshot(repo / "site") == first
    write_json(
        repo / "submissions" / BOARD / "acme-perfect" / "predictions.json",
        half_right("acme-perfect"),
    )
    build(repo)
    assert len(calls) == 3
