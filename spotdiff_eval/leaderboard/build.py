"""``spotdiff leaderboard build``: every board's submissions in, LEADERBOARD.md and the site out.

Everything that can fail (loading, fetching datasets, scoring, ranking,
rendering the Markdown) runs before anything is written. A broken submission
folder is left out and reported, and the rest is published: one bad folder
must not block everybody's results.
The site is then built in a fresh folder and swapped in (``folder_swap``),
and LEADERBOARD.md is replaced atomically last, from a journal written before
the swap, so that a build killed anywhere leaves the two in step, or the next
build puts them in step before it can fail (``paired_file``, red team round 24).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from .._util.folder_swap import replace_folder
from .._util.folders import check_file, check_folder
from ..datasets import (
    decode_utf8,
    dumps_canonical,
    dumps_layered,
    read_bytes_limited,
)
from ..errors import FileTooLarge, SpotDiffError
from .board_results import Leaderboard, compute_leaderboard
from .board_site import Site, compute_site
from .csv_export import render_csv
from .markdown import render_leaderboard_markdown
from .paired_file import PairedFile, settle
from .site_reuse import SiteReuse

__all__ = ["Leaderboard", "build_leaderboard", "check_markdown", "compute_leaderboard"]

#: Written into every site folder (the list of boards); ``folder_swap`` only
#: replaces folders holding it. Each board's folder holds its own BOARD_DATA.
DATA_FILE = "boards.json"
BOARD_DATA = "leaderboard.json"
CSV_FILE = "leaderboard.csv"


#: Words in the head of every LEADERBOARD.md a build writes (site_templates/LEADERBOARD.md.j2).
GENERATED_MARK = b"GENERATED FILE"


def check_outputs(
    submissions_dir: Path, markdown: Path, output: Path, cache_dir: Path | None = None
) -> None:
    """Refuse a ``markdown`` or ``output`` that would replace an input or be lost.

    Red team round 20: ``--markdown data/manifest.json`` (or a submission's
    predictions.json, a board.json) was replaced by the table with exit
    status 0; a ``--markdown`` inside the site folder was lost when the new
    site was swapped in; an ``--output`` inside submissions/ put a site into
    a board, read back as a broken submission. An existing file is replaced
    only when a build wrote it, or when it is named LEADERBOARD.md. A
    ``cache_dir`` inside the site was deleted by every swap (everything was
    rescored, silently); one equal to the site failed after all the scoring.
    """
    submissions, site = Path(submissions_dir).resolve(), Path(output).resolve()
    table = Path(markdown).resolve()
    for path, folder, flag, why in (
        (markdown, submissions, "--markdown", "which the build reads"),
        (output, submissions, "--output", "which the build reads"),
        (markdown, site, "--markdown", "the --output site, replaced as a whole"),
    ):
        resolved = table if path is markdown else site
        if resolved == folder or folder in resolved.parents:
            raise SpotDiffError(path, "", f"is inside {folder} ({why}); choose another {flag}")
    if cache_dir is not None:
        cache = Path(cache_dir).resolve()
        if cache == site or site in cache.parents:
            raise SpotDiffError(
                cache_dir,
                "",
                f"is inside {site} (the --output site, replaced as a whole); choose another "
                "--cache-dir",
            )
    if Path(markdown).name.lower() == "leaderboard.md" or not os.path.isfile(markdown):
        return
    try:
        with open(markdown, "rb") as file:
            head = file.read(1024)
    except OSError as exc:
        raise SpotDiffError(markdown, "", f"cannot read: {exc.strerror or exc}") from None
    if GENERATED_MARK not in head:
        raise SpotDiffError(
            markdown,
            "",
            "exists and is not a LEADERBOARD.md this command wrote; choose another --markdown "
            "or remove the file",
        )


def site_prefix_for(markdown: Path, output: Path) -> str:
    """The site folder as a relative link from LEADERBOARD.md's folder, quoted as a
    URL path: a Markdown link ends at a space, so ``--output "my site"`` made no
    link of LEADERBOARD.md a link (red team round 20)."""
    relative = os.path.relpath(Path(output).absolute(), Path(markdown).absolute().parent)
    return quote(Path(relative).as_posix(), safe="/")


def build_leaderboard(
    *,
    submissions_dir: Path = Path("submissions"),
    markdown: Path = Path("LEADERBOARD.md"),
    output: Path = Path("site"),
    cache_dir: Path | None = None,
    check: bool = False,
    strict: bool = False,
    token: str | None = None,
    site_url: str | None = None,
    show_progress: bool = False,
    warn: Callable[[str], None] | None = None,
    render_site: Callable[..., None] | None = None,
    jobs: int = 1,
    cache_secret: bytes | None = None,
) -> Site:
    """Build LEADERBOARD.md and the site for every board, or with ``check`` only compare.

    ``check`` writes nothing (but the cache) and raises :class:`SpotDiffError`
    naming the first differing line when the file is not what a build would
    write. LEADERBOARD.md links into the site by ``site_url`` (where the site
    is published) or else by the relative path to ``output``. ``warn``
    receives one line per board skipped or unpinned and per folder left out;
    with ``strict`` an unpinned or unfetchable board raises instead.
    ``render_site`` defaults to the site renderer of ``site.py``. ``jobs``
    worker processes score what the cache does not hold (the output does not
    depend on it). ``cache_secret`` signs the cached reports: a report not
    signed with it (planted in a restored CI cache) is scored again.
    """
    # Checked before the scoring, not after it (nor, for --markdown, after the site is swapped in).
    if not check:
        check_outputs(Path(submissions_dir), Path(markdown), Path(output), cache_dir)
    if cache_dir is not None:
        check_folder(cache_dir)
    check_file(markdown)  # a FIFO there would hang --check too
    if not check:
        check_folder(output)
        settle(Path(markdown), Path(output))  # what a killed build left half done
    site = compute_site(
        Path(submissions_dir),
        cache_dir=cache_dir,
        strict=strict,
        token=token,
        show_progress=show_progress,
        warn=warn or (lambda line: None),
        jobs=jobs,
        cache_secret=cache_secret,
    )
    text = render_leaderboard_markdown(site, site_url or site_prefix_for(markdown, output))
    if check:
        check_markdown(Path(markdown), text)
        return site
    from .site import render_landing

    if render_site is None:
        from .site import render_site

    previous = Path(output) if (Path(output) / DATA_FILE).is_file() else None

    def fill(folder: Path) -> None:
        reuse = SiteReuse(previous, folder)
        nav = site.nav()
        render_landing(site.index(), nav, folder, reuse=reuse)
        for built in site.built():
            board_dir = folder / built.board.board_id
            board_dir.mkdir()
            lb = built.leaderboard
            board_reuse = reuse.within(built.board.board_id)
            render_site(
                lb.data,
                lb.reports,
                lb.images,
                board_dir,
                boards=nav,
                reuse=board_reuse,
                report_digests=lb.report_digests,
                summaries=lb.summaries,
            )
            write_site_data(board_reuse, lb)
        reuse.text(DATA_FILE, dumps_canonical(site.index()))
        reuse.finish()

    # "leaderboard.json" marks the 1.x site's folder.
    if _holds(Path(markdown), text):
        replace_folder(Path(output), fill, DATA_FILE, "leaderboard.json")
        return site
    table = PairedFile(Path(markdown), text)
    try:
        replace_folder(
            Path(output),
            fill,
            DATA_FILE,
            "leaderboard.json",
            before=table.prepare,
            after=table.commit,
        )
    finally:
        table.discard()
    return site


def _holds(path: Path, text: str) -> bool:
    """Whether ``path`` already holds exactly ``text`` (then it is not rewritten)."""
    try:  # never blocks on a FIFO put there since the check (read_bytes_limited)
        return read_bytes_limited(path) == text.encode("utf-8")
    except SpotDiffError:
        return False


def write_site_data(reuse: SiteReuse, board: Leaderboard) -> None:
    """The downloads beside the pages: data, CSV, and each submission's report.

    Plain writes suffice: the folder is new and is swapped in whole. A file
    the previous site holds with the same bytes is linked, not written.
    """
    # One line per entry and per item: readable, diff-friendly, and written by
    # json's C encoder (a fully indented file took longer than the whole site).
    reuse.text(BOARD_DATA, dumps_layered(board.data))
    reuse.text(CSV_FILE, render_csv(board.data))
    if board.data["board"]["track"] == "hidden":
        return  # aggregates only: per-item reports would reveal the annotations
    for submission_id, text in board.report_texts.items():
        # The same bytes as ``spotdiff evaluate --output`` writes for these predictions,
        # whose sha256 is known: linked without hashing 500 reports again.
        digest = board.report_digests[submission_id]
        reuse.data_with_digest(f"reports/{submission_id}.json", digest, lambda text=text: text)


def check_markdown(path: Path, expected: str) -> None:
    """Raise unless ``path`` holds ``expected`` (line endings aside).

    Read within a cap that line endings cannot exceed: a 3 GiB LEADERBOARD.md
    was read whole (9 GB of memory), and one saved as UTF-16 failed in
    Python's words; both now fail in one line (red team round 20).
    """
    if not os.path.lexists(path):
        raise SpotDiffError(
            path, "", "not found; run 'spotdiff leaderboard build' and commit the result"
        )
    cap = 2 * len(expected.encode("utf-8")) + 2**16
    try:
        raw = read_bytes_limited(path, cap)
    except FileTooLarge as exc:
        raise SpotDiffError(
            path,
            "",
            f"is {_size(exc.size)}, larger than a fresh render of submissions/ could be "
            "(the file is generated, never edited by hand); run 'spotdiff leaderboard build' "
            "and commit the result",
        ) from None
    current = decode_utf8(raw, path)
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


def _size(size: int) -> str:
    """A file size for people: bytes, MiB or GiB."""
    if size >= 2**30:
        return f"{size / 2**30:.1f} GiB"
    return f"{size / 2**20:.1f} MiB" if size >= 2**20 else f"{size:,} bytes"
