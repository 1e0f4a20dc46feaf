"""``spotdiff leaderboard build``: submissions in, LEADERBOARD.md and the site out.

Everything that can fail on bad input (loading, validating, scoring,
ranking, rendering the Markdown) runs before anything is written, so a
broken submission leaves the previous LEADERBOARD.md and site as they were.
The site is then built in a fresh folder and swapped in (``folder_swap``),
and LEADERBOARD.md is replaced atomically last.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..dataset import load_dataset
from ..errors import SpotDiffError
from ..folder_swap import replace_folder
from ..jsonio import dumps_layered, write_text_atomic
from ..pipeline import gc_paused
from ..progress import Progress
from .cache import ContentCache
from .csv_export import render_csv
from .data import build_data
from .markdown import render_markdown
from .scoring import Scored, score_submissions
from .standings import compute_standings
from .submissions import load_submissions

#: Written into every site folder; ``folder_swap`` only replaces folders holding it.
DATA_FILE = "leaderboard.json"
CSV_FILE = "leaderboard.csv"


@dataclass(frozen=True)
class Leaderboard:
    """Everything a build renders, computed without writing anything but the cache."""

    data: dict[str, Any]
    reports: dict[str, dict[str, Any]]
    report_texts: dict[str, str]
    images: dict[str, Path]
    markdown: str
    scored: tuple[Scored, ...]

    @property
    def rescored(self) -> int:
        return sum(not s.from_cache for s in self.scored)


def compute_leaderboard(
    submissions_dir: Path,
    manifest: Path,
    *,
    site_prefix: str = "site",
    cache_dir: Path | None = None,
    show_progress: bool = False,
) -> Leaderboard:
    """Validate, score (cached) and rank every submission; render LEADERBOARD.md in memory."""
    cache = ContentCache(cache_dir)
    with gc_paused():
        dataset = load_dataset(manifest)
        submissions = load_submissions(Path(submissions_dir), dataset, cache)
        progress = Progress("scoring submissions", len(submissions)) if show_progress else None
        scored = score_submissions(dataset, submissions, cache, progress)
    standings = compute_standings(
        {s.submission_id: s.report["metrics"]["overall_score"] for s in scored},
        {s.submission_id: s.per_item for s in scored},
    )
    data, images = build_data(dataset, scored, standings)
    return Leaderboard(
        data=data,
        reports={s.submission_id: s.report for s in scored},
        report_texts={s.submission_id: s.report_text for s in scored},
        images=images,
        markdown=render_markdown(data, site_prefix),
        scored=tuple(scored),
    )


def site_prefix_for(markdown: Path, output: Path) -> str:
    """The site folder as a relative link from LEADERBOARD.md's folder."""
    relative = os.path.relpath(Path(output).absolute(), Path(markdown).absolute().parent)
    return Path(relative).as_posix()


def build_leaderboard(
    *,
    submissions_dir: Path = Path("submissions"),
    manifest: Path = Path("data/manifest.json"),
    markdown: Path = Path("LEADERBOARD.md"),
    output: Path = Path("site"),
    cache_dir: Path | None = None,
    check: bool = False,
    site_url: str | None = None,
    show_progress: bool = False,
    render_site: Callable[..., None] | None = None,
) -> Leaderboard:
    """Build LEADERBOARD.md and the site, or with ``check`` only compare LEADERBOARD.md.

    ``check`` writes nothing (but the cache) and raises :class:`SpotDiffError`
    naming the first differing line when the file is not what a build would
    write. LEADERBOARD.md links into the site by ``site_url`` (where the site
    is published) or else by the relative path to ``output``.
    ``render_site`` defaults to the site renderer of ``site.py``.
    """
    board = compute_leaderboard(
        submissions_dir,
        manifest,
        site_prefix=site_url or site_prefix_for(markdown, output),
        cache_dir=cache_dir,
        show_progress=show_progress,
    )
    if check:
        check_markdown(Path(markdown), board.markdown)
        return board
    if render_site is None:
        from .site import render_site

    def fill(folder: Path) -> None:
        render_site(board.data, board.reports, board.images, folder)
        write_site_data(folder, board)

    replace_folder(Path(output), fill, DATA_FILE)
    write_text_atomic(markdown, board.markdown)
    return board


def write_site_data(folder: Path, board: Leaderboard) -> None:
    """The downloads beside the pages: data, CSV, and each submission's report.

    Plain writes suffice: the folder is new and is swapped in whole.
    """
    # One line per entry and per item: readable, diff-friendly, and written by
    # json's C encoder (a fully indented file took longer than the whole site).
    _write(folder / DATA_FILE, dumps_layered(board.data))
    _write(folder / CSV_FILE, render_csv(board.data))
    (folder / "reports").mkdir(exist_ok=True)
    for submission_id, text in board.report_texts.items():
        # The same bytes as ``spotdiff evaluate --output`` writes for these predictions.
        _write(folder / "reports" / f"{submission_id}.json", text)


def _write(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)


def check_markdown(path: Path, expected: str) -> None:
    """Raise unless ``path`` holds ``expected`` (line endings aside)."""
    try:
        current = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpotDiffError(
            path, "", "not found; run 'spotdiff leaderboard build' and commit the result"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpotDiffError(path, "", f"cannot read: {exc}") from None
    current = current.replace("\r\n", "\n")
    if current == expected:
        return
    old, new = current.split("\n"), expected.split("\n")
    line = next(
        (n for n, (a, b) in enumerate(zip(old, new, strict=False), 1) if a != b),
        min(len(old), len(new)) + 1,
    )
    raise SpotDiffError(
        path,
        f"line {line}",
        "differs from a fresh render of submissions/ (the file is generated, never edited by "
        "hand); run 'spotdiff leaderboard build' and commit the result",
    )
