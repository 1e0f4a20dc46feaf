"""Incremental rebuilds: unchanged files are carried over as hard links, never rewritten."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from conftest import write_json
from leaderboard_helpers import BOARD, checkout, half_right, make_submission, perfect, snapshot

from spotdiff_eval.leaderboard import (
    pair_memo,
    site_reuse,
    site_views,
    standings,
    standings_cache,
)
from spotdiff_eval.leaderboard.build import build_leaderboard
from spotdiff_eval.leaderboard.cache import ContentCache
from spotdiff_eval.scoring._metrics import Counts


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
    calls = []
    real = standings.significance
    monkeypatch.setattr(standings, "significance", lambda *a, **k: calls.append(1) or real(*a, **k))
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


# -- the pair memo: one changed report compares only its own pairs -------------------


def _tallies(rng: np.random.Generator, skill: float, items: int = 30) -> list[Counts]:
    """One entry's per-item tallies: each item's difference found with ``skill``."""
    found = rng.random(items) < skill
    return [
        Counts(gold=1, predicted=1, matched=int(f), fully_correct=int(f), detail_sum=float(f))
        for f in found
    ]


def _board(seed: int, n: int) -> tuple[dict[str, float], dict[str, list[Counts]]]:
    """Entries close enough in skill that many pairs sit near the 95% boundary."""
    rng = np.random.default_rng(seed)
    per_item = {f"m{i:02d}": _tallies(rng, 0.3 + 0.5 * i / n) for i in range(n)}
    scores = {sid: sum(c.matched for c in t) / len(t) for sid, t in per_item.items()}
    return scores, per_item


def _digest(tallies: list[Counts]) -> str:
    return repr(tallies)  # any text that names the content: one per distinct report


@pytest.mark.parametrize("seed", range(4))
def test_pairs_reused_from_the_memo_equal_a_full_recomputation(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    scores, per_item = _board(seed, 40)
    order = standings.rank_order(scores)
    memo = pair_memo.dump(
        [_digest(per_item[s]) for s in order], standings.significance(order, scores, per_item)
    )
    # One entry's report changes, one entry leaves, one arrives.
    rng = np.random.default_rng(100 + seed)
    per_item["m07"] = _tallies(rng, 0.6)
    scores["m07"] = sum(c.matched for c in per_item["m07"]) / 30
    del per_item["m20"], scores["m20"]
    per_item["new"] = _tallies(rng, 0.5)
    scores["new"] = sum(c.matched for c in per_item["new"]) / 30
    order = standings.rank_order(scores)
    full = standings.significance(order, scores, per_item)
    assert full.any() and not full.all()

    compared = []
    real = standings.better_pairs
    monkeypatch.setattr(
        standings, "better_pairs", lambda *a: compared.append(len(a[2])) or real(*a)
    )
    known = pair_memo.load(memo, [_digest(per_item[s]) for s in order])
    reused = standings.significance(order, scores, per_item, known=known)
    assert (reused == full).all()
    n = len(order)
    assert compared == [2 * (n - 1) - 1]  # the changed and the new entry's pairs only
    assert standings.standings_from(order, scores, reused) == standings.compute_standings(
        scores, per_item
    )


def test_a_damaged_or_foreign_memo_reuses_nothing() -> None:
    scores, per_item = _board(0, 6)
    order = standings.rank_order(scores)
    digests = [_digest(per_item[s]) for s in order]
    better = standings.significance(order, scores, per_item)
    assert pair_memo.load(pair_memo.dump(["other"] * 6, better), digests) is None
    for text in ("[{", '{"digests": ["a"], "better": "zz"}', "null", None):
        assert pair_memo.load(text, digests) is None
    truncated = json.loads(pair_memo.dump(digests, better))
    truncated["better"] = truncated["better"][:-2]
    assert pair_memo.load(json.dumps(truncated), digests) is None
    better_again, valid = pair_memo.load(pair_memo.dump(digests, better), digests)  # type: ignore[misc]
    assert valid.all() and (better_again == better).all()


def test_bootstrap_rows_come_from_the_cache_and_a_damaged_row_is_drawn_again(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[int] = []
    real = standings.metric_samples
    monkeypatch.setattr(standings, "metric_samples", lambda *a: drawn.append(1) or real(*a))
    build(repo)
    assert len(drawn) == 3
    folder = repo / ".spotdiff-cache" / standings_cache.SAMPLES_KIND
    assert len(list(folder.iterdir())) == 3
    write_json(
        repo / "submissions" / BOARD / "acme-perfect" / "predictions.json",
        half_right("acme-perfect"),
    )
    build(repo)
    assert len(drawn) == 4  # the changed report's row only
    rows = sorted(folder.iterdir())
    # Damaged in every way a row can be: each is drawn again, never used.
    texts = [p.read_text(encoding="utf-8") for p in rows]
    head, _, body = texts[0].partition("\n")
    rows[0].write_text(f"{head}\n{body[:-4]}AAA=", encoding="utf-8")  # a flipped value
    rows[1].write_text(texts[2], encoding="utf-8")  # another report's row
    rows[2].write_text("not base64", encoding="utf-8")
    rows[3].write_text(f"{head}\n{body[:12]}", encoding="utf-8")
    for entry in (repo / ".spotdiff-cache" / "standings").iterdir():
        entry.unlink()  # ranked again: from the memo, and the rows for the changed pairs
    for entry in (repo / ".spotdiff-cache" / "pairs").iterdir():
        entry.unlink()
    drawn.clear()
    build(repo)
    assert len(drawn) == 3  # every row of this build was damaged
    build(repo, output="cold", markdown="COLD.md")
    assert snapshot(repo / "site") == snapshot(repo / "cold")


def test_a_bootstrap_row_reads_back_bit_for_bit(tmp_path: Path) -> None:
    cache = ContentCache(tmp_path)
    values = np.random.default_rng(0).random(1000)
    standings_cache.store_samples(cache, "d" * 64, values)
    row = standings_cache.load_samples(cache, "d" * 64)
    assert row is not None and row.tobytes() == values.tobytes()
    assert standings_cache.load_samples(cache, "e" * 64) is None
    assert standings_cache.load_samples(ContentCache(None), "d" * 64) is None


# -- submission pages show nothing that depends on the other entries ------------------


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the submission pages rendered (a page linked from the previous site is not)."""
    calls: list[str] = []
    real = site_views.submission_view
    monkeypatch.setattr(
        site_views, "submission_view", lambda view, *a: calls.append(view.id) or real(view, *a)
    )
    return calls


def ranks(repo: Path) -> dict[str, tuple[int, int, int]]:
    data = json.loads((repo / "site" / BOARD / "leaderboard.json").read_text(encoding="utf-8"))
    return {e["submission_id"]: (e["rank"], e["rank_low"], e["rank_high"]) for e in data["entries"]}


def pages(repo: Path) -> dict[str, tuple[int, int]]:
    return identities(repo / "site" / BOARD / "submissions")


def test_other_entries_pages_stay_when_their_ranks_change(repo: Path, rendered: list[str]) -> None:
    build(repo)
    before, kept = ranks(repo), pages(repo)
    rendered.clear()
    # acme-perfect drops from a shared first place: beta-half now shares its rank.
    write_json(
        repo / "submissions" / BOARD / "acme-perfect" / "predictions.json",
        half_right("acme-perfect"),
    )
    build(repo)
    assert ranks(repo)["beta-half"] != before["beta-half"]  # the case this test is about
    assert rendered == ["acme-perfect"]
    changed = {name for name, identity in pages(repo).items() if kept[name] != identity}
    assert changed == {"acme-perfect.html"}
    build(repo, output="cold", markdown="COLD.md")
    assert snapshot(repo / "site") == snapshot(repo / "cold")


def test_a_new_entry_leaves_the_other_entries_pages_as_they_are(
    repo: Path, rendered: list[str]
) -> None:
    build(repo)
    kept = pages(repo)
    rendered.clear()
    make_submission(repo / "submissions" / BOARD, "new-perfect", perfect("new-perfect"))
    build(repo)
    assert rendered == ["new-perfect"]
    assert {name: pages(repo)[name] for name in kept} == kept
    build(repo, output="cold", markdown="COLD.md")
    assert snapshot(repo / "site") == snapshot(repo / "cold")


def test_a_submission_page_links_to_its_rank_in_the_standings(repo: Path) -> None:
    build(repo)
    page = (repo / "site" / BOARD / "submissions" / "beta-half.html").read_text(encoding="utf-8")
    assert '<a href="../index.html#sub-beta-half">rank and ties in the standings</a>' in page
    standings = (repo / "site" / BOARD / "index.html").read_text(encoding="utf-8")
    assert '<tr id="sub-beta-half">' in standings
