"""A file that changes together with a folder ``folder_swap`` replaces: LEADERBOARD.md and the site.

Two paths cannot be replaced in one step. ``signals_held`` keeps SIGTERM and
Ctrl-C from landing between the site swap and the table's write, but not
SIGKILL (``kill -9``, the out-of-memory killer): red team round 24, a build
so killed left the new site beside the old LEADERBOARD.md, and they stayed out
of step for as long as the next builds failed before writing (a board that
could not be fetched, a dataset taken away).

So the new text is written first, beside the file, as a journal whose name
records the identity (device and inode) of the new folder; then the folder is
swapped in; then the journal is renamed over the file. A run killed at any
point leaves at most the journal, and :func:`settle`, which the next run calls
before anything can fail, renames it over the file if the folder now at the
target is the one it was written for (the swap happened), and deletes it if
not: both old, or both new. A rename keeps a folder's inode, and the old
folder lives on until the swap, so no other folder shares the identity. Each
journal is ``flock``-ed while its run lives (as the swap's work folders are),
so a concurrent build's journal is never taken for a leftover. On a filesystem
whose inode numbers are not stable (some network shares) a journal may be
dropped where it belonged: the two are then out of step, as before, until the
next build that writes both.
"""

from __future__ import annotations

import fcntl
import glob
import os
import tempfile
from pathlib import Path

from .._util.file_names import temp_prefix
from .._util.folder_swap import clean_leftovers, unless_locked
from .._util.folders import make_parents, new_file_mode, writing
from ..datasets import write_text_atomic

#: The journal's name ends with ``.`` and the folder's device and inode, 16 hex digits each.
_ID_DIGITS = 16
_ID_SIZE = 1 + 2 * _ID_DIGITS


def _prefix(name: str) -> str:
    """``.NAME.pair-``, cut short for a long name as every journal of ``name`` is."""
    return temp_prefix(name, "pair-", suffix="." + "0" * 2 * _ID_DIGITS)


def _identity(folder: Path) -> str | None:
    """``.DEVICEINODE`` of ``folder`` in hex (not following a symlink), or None if absent."""
    try:
        info = os.lstat(folder)
    except OSError:
        return None
    return f".{info.st_dev:0{_ID_DIGITS}x}{info.st_ino:0{_ID_DIGITS}x}"


class PairedFile:
    """``path``'s new ``text``, put in place with the folder a swap brings (see the module)."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = Path(path)
        self.text = text
        self._journal: Path | None = None
        self._fd: int | None = None

    def prepare(self, fresh: Path) -> None:
        """Before the swap: write the journal for the folder ``fresh`` (to be swapped in)."""
        ident = _identity(fresh)
        if ident is None or len(ident) != _ID_SIZE:  # no identity to record: write it after
            return
        prefix = _prefix(self.path.name)
        with writing(self.path):  # a full disk names LEADERBOARD.md, not the journal
            make_parents(self.path)
            fd, name = tempfile.mkstemp(prefix=prefix, suffix=ident, dir=self.path.parent)
            self._fd, self._journal = fd, Path(name)
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.fchmod(fd, new_file_mode(self.path))
            with os.fdopen(os.dup(fd), "wb") as handle:
                handle.write(self.text.encode("utf-8"))
                handle.flush()
                os.fsync(handle.fileno())

    def commit(self) -> None:
        """After the swap: rename the journal over the file (or write it, if none was made)."""
        if self._journal is None:
            write_text_atomic(self.path, self.text)
            return
        with writing(self.path):
            os.replace(self._journal, self.path)
        self._journal = None

    def discard(self) -> None:
        """Delete a journal not put in place (the build failed or was stopped) and unlock."""
        if self._journal is not None:
            self._journal.unlink(missing_ok=True)
            self._journal = None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def settle(path: Path, folder: Path) -> None:
    """Finish what a killed run left: ``folder`` as it was, ``path`` in step with it.

    A lost ``folder`` is restored and the swap's work folders deleted
    (``folder_swap.clean_leftovers``); then each journal of ``path`` that no
    live run holds is renamed over ``path`` if ``folder`` is the folder it was
    written for, and deleted otherwise.
    """
    path, folder = Path(path), Path(folder)
    clean_leftovers(folder)
    prefix = _prefix(path.name)
    current = _identity(folder)
    for journal in sorted(path.parent.glob(f"{glob.escape(prefix)}*")):
        with unless_locked(journal) as free:
            if not free:
                continue
            if current is not None and journal.name.endswith(current):
                os.replace(journal, path)
            else:
                journal.unlink(missing_ok=True)
