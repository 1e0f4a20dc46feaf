"""Every board of ``submissions/`` computed for one build: built, empty or skipped.

A Hub board without submissions is not fetched at all, so the README's quick
start (``spotdiff leaderboard build`` on a fresh machine without network)
still works and gives the same LEADERBOARD.md as a build with network. A
board whose dataset cannot be fetched, or is not pinned, is a one-line
warning and is skipped; under ``strict`` (CI) either is an error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..datasets import BOARD_JSON, Board, discover_boards
from ..errors import SpotDiffError
from ..hub import board_dataset
from ..version import EVALUATOR_VERSION
from .board_results import Leaderboard, compute_leaderboard
from .lookalikes import lookalike_pairs
from .submissions import discover

INDEX_SCHEMA_VERSION = "1.0"


@dataclass(frozen=True)
class BoardBuild:
    """One board in a build. ``status``: built, empty (nothing to score) or skipped."""

    board: Board
    status: str
    leaderboard: Leaderboard | None = None
    note: str | None = None  # why a board was skipped


@dataclass(frozen=True)
class Site:
    """All boards of one build, in board order."""

    boards: tuple[BoardBuild, ...]

    def built(self) -> list[BoardBuild]:
        return [b for b in self.boards if b.leaderboard is not None]

    @property
    def entries(self) -> int:
        return sum(len(b.leaderboard.data["entries"]) for b in self.built())  # type: ignore[union-attr]

    @property
    def rescored(self) -> int:
        return sum(b.leaderboard.rescored for b in self.built())  # type: ignore[union-attr]

    def nav(self) -> tuple[dict[str, str], ...]:
        """The board switcher: every board that has pages, in board order."""
        return tuple(
            {"board_id": b.board.board_id, "title": b.board.title, "track": b.board.track}
            for b in self.built()
        )

    def index(self) -> dict[str, Any]:
        """boards.json: every board, its status, and where its data document is."""
        return {
            "schema_version": INDEX_SCHEMA_VERSION,
            "evaluator_version": EVALUATOR_VERSION,
            "boards": [board_index(b) for b in self.boards],
        }


def board_index(built: BoardBuild) -> dict[str, Any]:
    data = built.leaderboard.data if built.leaderboard is not None else None
    return {
        **built.board.summary(),
        "status": built.status,
        "note": built.note,
        "dataset_summary": data["dataset"] if data is not None else None,
        "entries": len(data["entries"]) if data is not None else 0,
        "models": sum(e["rank"] is not None for e in data["entries"]) if data is not None else 0,
        "data": f"{built.board.board_id}/leaderboard.json" if data is not None else None,
    }


def compute_site(
    submissions_dir: Path,
    *,
    cache_dir: Path | None,
    strict: bool,
    token: str | None,
    show_progress: bool,
    warn: Callable[[str], None],
    jobs: int = 1,
    cache_secret: bytes | None = None,
) -> Site:
    """Every board computed; nothing written but the cache."""
    repo_root = Path(submissions_dir).absolute().parent
    builds = []
    for board in discover_boards(submissions_dir):
        problem = board.pin_problem()
        if problem is not None:
            error = SpotDiffError(board.folder / BOARD_JSON, "/dataset", problem)
            if strict:
                raise error
            warn(f"{error.one_line()} (a warning; an error under --strict)")
        folders, _ = discover(board.folder)
        if board.repo_id is not None and not folders:
            builds.append(BoardBuild(board, "empty"))
            continue
        try:
            fetched = board_dataset(board, repo_root, cache_dir=cache_dir, token=token)
        except SpotDiffError as exc:
            if strict:
                raise
            note = exc.one_line()
            warn(f"board {board.board_id} skipped: {note}")
            builds.append(BoardBuild(board, "skipped", note=note))
            continue
        leaderboard = compute_leaderboard(
            board.folder,
            fetched.dataset.manifest_path,
            board=board,
            dataset=fetched.dataset,
            cache_dir=cache_dir,
            show_progress=show_progress,
            jobs=jobs,
            cache_secret=cache_secret,
        )
        for finding in leaderboard.skipped:
            warn(f"{finding} (left out of board {board.board_id}; the others are published)")
        for pair in lookalike_pairs(leaderboard.data["entries"]):
            warn(pair.warning(board.board_id))  # red team round 21
        builds.append(BoardBuild(board, "built", leaderboard))
    return Site(tuple(builds))
