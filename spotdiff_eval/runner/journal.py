"""The run's journal: each finished item appended as one JSON line next to the output.

Rewriting the whole predictions file after every answer made a run
quadratic: 5,000 items wrote the file 1,846 times, 6.8 GB for a 9.4 MB
result. Instead each batch of finished items is appended to
``OUTPUT.journal``, and the predictions file is written whole only when the
run starts and ends (and when ``--resume`` folds in the journal a killed run
left behind), so a run writes about twice its result.

A ``kill -9`` still loses only the requests in flight: a line is in the
kernel once ``write`` returns. ``fsync`` is batched (at most once a second,
and at the end), which only matters if the machine itself goes down. A line
cut short by a kill mid-write is the last line and is ignored.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .._util.file_names import name_beside
from .._util.folders import writing
from ..datasets import parse_json_text, read_bytes_limited
from ..errors import SpotDiffError
from .output import ItemRecord

JOURNAL_FORMAT = "spotdiff-run-journal/1"
#: Seconds between two ``fsync`` calls of the journal.
FSYNC_INTERVAL = 1.0
#: A journal is a few times the predictions file, which is capped at 64 MiB.
MAX_JOURNAL_BYTES = 512 * 1024 * 1024
#: What to do about a bad line: nothing is lost but the answer on it.
_GO_ON = "delete that line to ask its item again (or the journal, to ask all of its items again)"


def journal_path(output: Path) -> Path:
    """``predictions/my.json`` -> ``predictions/my.json.journal`` (a name too long
    for that is cut short, see ``file_names``)."""
    return output.with_name(name_beside(output.name, ".journal"))


class Journal:
    """An append-only journal, started empty with the run header on its first line."""

    def __init__(self, path: Path, header: Mapping[str, Any]) -> None:
        self.path = path
        # 0o666 less the umask, as a plain open() would make it.
        with writing(path):
            self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o666)
        self._synced = time.monotonic()
        self.append_bytes(_line({"format": JOURNAL_FORMAT, "run": dict(header)}))
        self._sync()

    def append(self, lines: Iterable[bytes]) -> None:
        """Append finished items' lines (:func:`record_line`); fsync if the last
        fsync was over a second ago."""
        data = b"".join(lines)
        if not data:
            return
        self.append_bytes(data)
        now = time.monotonic()
        if now - self._synced >= FSYNC_INTERVAL:
            self._sync()
            self._synced = now

    def append_bytes(self, data: bytes) -> None:
        """The one place the journal is written (the benchmark counts its bytes here).

        A full disk is a :class:`SpotDiffError` naming the journal (red team
        round 18: it was the bare ``spotdiff: File too large``, naming no file).
        """
        view = memoryview(data)
        with writing(self.path):
            while view:
                view = view[os.write(self._fd, view) :]

    def _sync(self) -> None:
        with writing(self.path):
            os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            try:
                self._sync()
            finally:
                os.close(self._fd)
                self._fd = -1

    def remove(self) -> None:
        """Close and delete: the predictions file now holds everything."""
        self.close()
        self.path.unlink(missing_ok=True)


def read_journal(path: Path) -> tuple[dict[str, Any] | None, dict[str, ItemRecord]]:
    """The run header and the records of a journal; a later line for an item wins.

    A last line without its newline was cut short by a kill and is ignored;
    so is a journal killed before its header was complete (header None). Any
    other bad line is an error naming its line number, not skipped: a kill
    can cut only the last line (a resumed run starts a new journal), so a
    complete line that does not read was damaged or edited, or written by a
    bug, and is for a person to look at. The error says how to go on.
    """
    text = read_bytes_limited(path, MAX_JOURNAL_BYTES).decode("utf-8", "replace")
    lines = text.split("\n")
    lines.pop()  # the text after the last newline: empty, or a line cut short
    if not lines:
        return None, {}
    first = _parse(path, 1, lines[0])
    if first.get("format") != JOURNAL_FORMAT or not isinstance(first.get("run"), dict):
        raise SpotDiffError(path, "line 1", f'is not a "{JOURNAL_FORMAT}" header')
    records: dict[str, ItemRecord] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            entry = _parse(path, number, line)
            try:  # the reader refused 1e999 and lone surrogates, which could not be written back
                record = ItemRecord.from_json(entry, entry["differences"])
            except (KeyError, TypeError):
                raise SpotDiffError(
                    path, f"line {number}", "is not an item record written by spotdiff run"
                ) from None
        except SpotDiffError as exc:
            raise SpotDiffError(exc.file, exc.where, f"{exc.what}; {_GO_ON}") from None
        records[record.item_id] = record
    return first["run"], records


def _parse(path: Path, number: int, line: str) -> dict[str, Any]:
    try:
        return parse_json_text(line, path)
    except SpotDiffError as exc:
        raise SpotDiffError(path, f"line {number}", exc.what) from None


def record_line(record: ItemRecord) -> bytes:
    """The journal line of a finished item.

    Made by the worker that asked, so that a record which cannot be written
    (ValueError) fails that item alone instead of the whole run.
    """
    return _line(record.journal_json())


def _line(data: Mapping[str, Any]) -> bytes:
    """Strict JSON in UTF-8: ``Infinity`` or a lone surrogate raise ValueError here, since
    the file could not be read back (``UnicodeEncodeError`` is a ValueError)."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")
