"""Boards: several datasets side by side, each a folder of ``submissions/`` with a board.json.

``submissions/<board_id>/board.json`` names the board's dataset (a folder of
the repository, or a Hugging Face dataset at a pinned commit) and its track;
``submissions/<board_id>/<submission_id>/`` holds one submission each. The
board, never the submission, decides the track: a hidden-track claim in a
submission.json placed on a public board used to slip past every check.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import SpotDiffError
from ._jsonio import read_json
from ._schema import validate_document

BOARD_JSON = "board.json"
BOARD_JSON_MAX_BYTES = 64 * 1024
#: Files ``submissions/`` may hold besides board folders: contributor notes.
ALLOWED_FILES = frozenset({"README.md"})
COMMIT = re.compile(r"[0-9a-f]{40}")


@dataclass(frozen=True)
class Board:
    """A board as its board.json states it (schema-valid, id equal to its folder name)."""

    board_id: str
    folder: Path
    title: str
    description: str
    track: str  # "public" or "hidden"
    dataset: dict[str, str]  # {"path": ...} or {"huggingface": ..., "revision": ...}
    fingerprint: str | None = None
    dataset_name: str | None = None
    dataset_version: str | None = None
    position: int | None = None

    @property
    def hidden(self) -> bool:
        return self.track == "hidden"

    @property
    def repo_id(self) -> str | None:
        return self.dataset.get("huggingface")

    @property
    def revision(self) -> str | None:
        return self.dataset.get("revision")

    @property
    def source(self) -> str:
        """Where the dataset comes from, for people: ``data/`` or ``OWNER/NAME@rev``."""
        if self.repo_id is None:
            return f"{self.dataset['path']}/"
        return f"{self.repo_id}@{self.revision}"

    def local_manifest(self, repo_root: Path | str | None = None) -> Path | None:
        """The manifest of a dataset kept as a folder of the repository; None for the Hub.

        ``repo_root`` is the checkout the folder is read from: verify-pr
        passes the trusted one, never the pull request's. By default it is
        the checkout the board sits in (``<root>/submissions/<board_id>/``).
        """
        if self.repo_id is not None:
            return None
        root = self.folder.parent.parent if repo_root is None else Path(repo_root)
        return root / self.dataset["path"] / "manifest.json"

    def pin_problem(self) -> str | None:
        """Why the board's dataset is not pinned to exact bytes, or None.

        A folder of the repository is pinned by the repository's own commit.
        A Hub dataset needs a commit and a fingerprint: a branch moves, and a
        leaderboard rebuilt next month would score against other answers.
        """
        if self.repo_id is None:
            return None
        if not COMMIT.fullmatch(self.revision or ""):
            return (
                f'dataset revision "{self.revision}" is a branch or tag, not a commit; '
                f"run 'spotdiff leaderboard pin {self.board_id}' (needs network) and commit "
                f"{BOARD_JSON}"
            )
        if self.fingerprint is None:
            return (
                f"no fingerprint; run 'spotdiff leaderboard pin {self.board_id}' and commit "
                f"{BOARD_JSON}"
            )
        return None

    def summary(self) -> dict[str, Any]:
        """The board as the leaderboard data documents show it."""
        return {
            "board_id": self.board_id,
            "title": self.title,
            "description": self.description,
            "track": self.track,
            "dataset": dict(self.dataset),
            "fingerprint": self.fingerprint,
            "pinned": self.pin_problem() is None,
        }


def load_board(folder: Path) -> Board:
    """Read and check ``folder/board.json``; raise :class:`SpotDiffError` on any problem."""
    folder = Path(folder)
    path = folder / BOARD_JSON
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        raise SpotDiffError(
            folder,
            "",
            f"has no {BOARD_JSON}, so it is not a board; submission folders go in "
            "submissions/<board_id>/<submission_id>/",
        ) from None
    if not stat.S_ISREG(mode):
        raise SpotDiffError(path, "", "is not a regular file")
    data = read_json(path, max_bytes=BOARD_JSON_MAX_BYTES)
    validate_document(data, "board", path)
    path_parts = data["dataset"].get("path", "").split("/")
    if "." in path_parts or ".." in path_parts:
        # The schema's pattern lets dots through: "data/../../.." read a
        # manifest outside the checkout, or, finding none, dropped the board
        # from LEADERBOARD.md as if a download had failed (red team round 20).
        raise SpotDiffError(
            path,
            "/dataset/path",
            'must be a folder inside the repository, written without "." or ".." parts, '
            f'found "{data["dataset"]["path"]}"',
        )
    if data["board_id"] != folder.name:
        raise SpotDiffError(
            path, "/board_id", f'"{data["board_id"]}" differs from the folder name "{folder.name}"'
        )
    return Board(
        board_id=data["board_id"],
        folder=folder,
        title=data["title"],
        description=data["description"],
        track=data["track"],
        dataset=dict(data["dataset"]),
        fingerprint=data.get("fingerprint"),
        dataset_name=data.get("dataset_name"),
        dataset_version=data.get("dataset_version"),
        position=data.get("position"),
    )


def board_of(submission_folder: Path) -> Board | None:
    """The board a submission folder sits in, or None when its parent holds no board.json."""
    parent = Path(submission_folder).absolute().parent
    if not os.path.lexists(parent / BOARD_JSON):
        return None
    return load_board(parent)


def sorted_entries(folder: Path) -> list[os.DirEntry[str]]:
    """The entries of ``folder`` by name (never by listing order), or a one-line error."""
    try:
        with os.scandir(folder) as scan:
            return sorted(scan, key=lambda e: e.name)
    except FileNotFoundError:
        raise SpotDiffError(folder, "", "folder not found") from None
    except NotADirectoryError:
        raise SpotDiffError(folder, "", "is not a folder") from None


def discover_boards(submissions_dir: Path) -> list[Board]:
    """Every board under ``submissions_dir``, by position then id (never by listing order)."""
    submissions_dir = Path(submissions_dir)
    boards = []
    for entry in sorted_entries(submissions_dir):
        if entry.name.startswith(".") or entry.name in ALLOWED_FILES:
            continue
        if not entry.is_dir(follow_symlinks=False):
            raise SpotDiffError(
                submissions_dir / entry.name,
                "",
                "unexpected entry: submissions/ holds one folder per board (and README.md)",
            )
        boards.append(load_board(submissions_dir / entry.name))
    return sorted(boards, key=lambda b: (b.position is None, b.position or 0, b.board_id))


def find_board(submissions_dir: Path, board_id: str) -> Board:
    """The board ``board_id`` of ``submissions_dir``, or an error listing the boards there."""
    folder = Path(submissions_dir) / board_id
    if not os.path.lexists(folder / BOARD_JSON):
        known = ", ".join(b.board_id for b in discover_boards(submissions_dir)) or "none"
        raise SpotDiffError("--board", "", f'unknown board "{board_id}" (boards: {known})')
    return load_board(folder)
