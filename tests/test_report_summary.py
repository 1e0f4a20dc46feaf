"""The report summaries cache: found only for its own report, never trusted when damaged."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from leaderboard_helpers import standard_submissions

from spotdiff_eval import load_dataset
from spotdiff_eval.leaderboard.board_results import plain_board
from spotdiff_eval.leaderboard.build import compute_leaderboard
from spotdiff_eval.leaderboard.cache import ContentCache
from spotdiff_eval.leaderboard.data import build_data
from spotdiff_eval.leaderboard.report_summary import (
    SUMMARY_KIND,
    load_summary,
    store_summary,
    summarize,
)
from spotdiff_eval.leaderboard.scoring import Scored
from spotdiff_eval.leaderboard.standings_cache import cached_standings


@pytest.fixture
def submissions(tmp_path: Path) -> Path:
    folder = tmp_path / "submissions"
    standard_submissions(folder)
    return folder


def overall(board, submission_id: str) -> float:  # type: ignore[no-untyped-def]
    entry = next(e for e in board.data["entries"] if e["submission_id"] == submission_id)
    return entry["metrics"]["overall_score"]


def test_a_summary_feeds_the_data_exactly_as_its_full_report(
    submissions: Path, dataset_manifest: Path
) -> None:
    board = compute_leaderboard(submissions, dataset_manifest)
    dataset = load_dataset(dataset_manifest)
    standings = cached_standings(board.scored, ContentCache(None))
    usage = {e["submission_id"]: e["usage"] for e in board.data["entries"]}
    full = [
        Scored(s.submission, s.report, s.report_text, s.report_sha256, s.per_item, False, s.usage)
        for s in board.scored
    ]
    summarized = [
        Scored(
            s.submission,
            summarize(s.report),
            s.report_text,
            s.report_sha256,
            s.per_item,
            False,
            s.usage,
        )
        for s in board.scored
    ]
    folder = plain_board(submissions, dataset_manifest)
    from_full = build_data(folder, dataset, full, standings, usage)
    assert build_data(folder, dataset, summarized, standings, usage) == from_full
    assert from_full[0] == board.data
    # Smaller than the report: no missed or extra lists, no routes.
    items = summarize(board.scored[1].report)["items"]
    assert {key for item in items for key in item} == {"item_id", "answered", "counts", "matched"}
    assert {key for item in items for m in item["matched"] for key in m} <= {"gold_id"}


def test_a_cached_summary_stands_for_its_report(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    cache_dir = tmp_path / "cache"
    first = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    assert len(list((cache_dir / SUMMARY_KIND).iterdir())) == 3
    half = next(s for s in first.scored if s.submission_id == "beta-half")
    # Proof that the next build reads the summary, not the report: a sound
    # summary planted for the half-right report is what the data shows.
    planted = copy.deepcopy(half.summary)
    planted["metrics"]["overall_score"] = 0.123456
    store_summary(ContentCache(cache_dir), half.report_sha256, planted)
    second = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    assert second.rescored == 0 and overall(second, "beta-half") == 0.123456


def _damage(path: Path, how: str, other: Path) -> None:
    text = path.read_text(encoding="utf-8")
    head, _, body = text.partition("\n")
    if how == "edited":  # still valid JSON, the header kept: the body's digest differs
        summary = json.loads(body)
        summary["metrics"]["overall_score"] = 0.123456
        path.write_text(f"{head}\n{json.dumps(summary, separators=(',', ':'))}", encoding="utf-8")
    elif how == "truncated":
        path.write_text(text[: len(text) // 2], encoding="utf-8")
    elif how == "foreign":  # a sound summary of another report, under this one's key
        path.write_text(other.read_text(encoding="utf-8"), encoding="utf-8")
    elif how == "not-json":
        path.write_text(f"{head}\n[{{", encoding="utf-8")
    elif how == "binary":
        path.write_bytes(b"\xff\xfe\x00")


@pytest.mark.parametrize("how", ["edited", "truncated", "foreign", "not-json", "binary"])
def test_a_damaged_summary_is_made_again_from_its_report(
    how: str, submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    cache_dir = tmp_path / "cache"
    fresh = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    cache = ContentCache(cache_dir)
    paths = sorted((cache_dir / SUMMARY_KIND).iterdir())
    half = next(s for s in fresh.scored if s.submission_id == "beta-half")
    for path in paths:
        _damage(path, how, other=next(p for p in paths if p != path))
    again = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    assert again.rescored == 0  # the reports were sound: parsed, not scored again
    assert again.data == fresh.data
    assert load_summary(cache, half.report_sha256) == half.summary  # rewritten


def test_a_summary_of_other_inputs_is_not_trusted(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    """A sound summary that names other predictions or another dataset is not used."""
    cache_dir = tmp_path / "cache"
    fresh = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    half = next(s for s in fresh.scored if s.submission_id == "beta-half")
    for field, value in (("predictions", "sha256"), ("dataset", "fingerprint")):
        planted = copy.deepcopy(half.summary)
        planted[field][value] = "0" * 64
        planted["metrics"]["overall_score"] = 0.123456
        store_summary(ContentCache(cache_dir), half.report_sha256, planted)
        again = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
        assert again.data == fresh.data
        assert load_summary(ContentCache(cache_dir), half.report_sha256) == half.summary


def test_without_a_cache_no_summary_is_kept(submissions: Path, dataset_manifest: Path) -> None:
    cache = ContentCache(None)
    store_summary(cache, "0" * 64, {"metrics": {}})
    assert load_summary(cache, "0" * 64) is None
    board = compute_leaderboard(submissions, dataset_manifest)
    assert board.summaries["beta-half"] == summarize(board.reports["beta-half"])
