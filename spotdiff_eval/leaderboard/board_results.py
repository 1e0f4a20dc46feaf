"""One board's results: its submissions validated, scored (cached) and ranked.

Baselines are scored like any submission but left out of the standings:
they are reference rows, and a perfect baseline holding rank 1 pushed every
model down a place. A hidden board's per-item reports are kept in memory
for ranking only and never published.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._util.progress import Progress
from ..datasets import Board, Dataset, load_dataset
from .cache import ContentCache
from .data import build_data
from .scoring import FullReports, Scored, score_submissions
from .standings_cache import cached_standings
from .submissions import load_submissions


@dataclass(frozen=True)
class Leaderboard:
    """One board's results, computed without writing anything but the cache.

    ``skipped`` lists a finding per submission folder left out (broken);
    the others are still scored and published.
    """

    board: Board
    data: dict[str, Any]
    #: Full reports (parsed on demand), their texts, sha256 and summaries, by id.
    reports: Mapping[str, dict[str, Any]]
    report_texts: dict[str, str]
    report_digests: dict[str, str]
    summaries: dict[str, dict[str, Any]]
    images: dict[str, Path]
    scored: tuple[Scored, ...]
    skipped: tuple[str, ...] = ()

    @property
    def rescored(self) -> int:
        return sum(not s.from_cache for s in self.scored)


def compute_leaderboard(
    board_folder: Path,
    manifest: Path,
    *,
    board: Board | None = None,
    dataset: Dataset | None = None,
    cache_dir: Path | None = None,
    show_progress: bool = False,
    jobs: int = 1,
    cache_secret: bytes | None = None,
) -> Leaderboard:
    """Validate, score (cached) and rank one board's submissions against ``manifest``.

    Without ``board``, ``board_folder`` is read as a public board of the
    dataset at ``manifest`` (tests and one-off builds of a plain folder).
    ``jobs`` worker processes score the submissions the cache misses.
    ``cache_secret`` signs the cached reports; unsigned ones are then misses.
    """
    cache = ContentCache(cache_dir, cache_secret)
    if board is None:
        board = plain_board(Path(board_folder), Path(manifest))
    if dataset is None:
        dataset = load_dataset(manifest)
    submissions, skipped = load_submissions(board, dataset, cache)
    progress = Progress("scoring submissions", len(submissions)) if show_progress else None
    # A hidden board's reports (per-item results reveal the private
    # annotations) stay out of the cache, which CI keeps between runs.
    reports_cache = ContentCache(None) if board.hidden else cache
    scored = score_submissions(dataset, submissions, reports_cache, progress, jobs)
    models = [s for s in scored if not s.submission.metadata.get("baseline")]
    # A hidden board's standings are aggregates: they may be cached. Not each
    # entry's bootstrap scores: its per-item tallies could be solved from them.
    standings = cached_standings(models, cache, scope=board.board_id, samples_cache=reports_cache)
    usage = {s.submission_id: s.usage for s in scored}
    data, images = build_data(board, dataset, scored, standings, usage)
    published = [] if board.hidden else scored  # per-item reports would reveal the answers
    texts = {s.submission_id: s.report_text for s in published}
    return Leaderboard(
        board=board,
        data=data,
        reports=FullReports(texts),
        report_texts=texts,
        report_digests={s.submission_id: s.report_sha256 for s in published},
        summaries={s.submission_id: s.summary for s in published},
        images=images,
        scored=tuple(scored),
        skipped=tuple(skipped),
    )


def plain_board(folder: Path, manifest: Path) -> Board:
    """A public board ``board`` for a folder of submissions without board.json.

    Named alike whatever the folder is called, so the same submissions give
    the same bytes wherever they are.
    """
    return Board(
        board_id="board",
        folder=folder,
        title="Submissions",
        description="Submissions scored on one dataset.",
        track="public",
        dataset={"path": manifest.parent.as_posix()},
    )
