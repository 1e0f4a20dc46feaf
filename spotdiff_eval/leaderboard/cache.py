"""A content-addressed cache, so an unchanged submission is not re-scored.

Entries are named by the sha256 of everything that decides them (evaluator
version, dataset identity, the submission's bytes), never by file names or
times: a renamed or touched file still hits, a changed byte always misses.
The cache is an accelerator, not a source of truth: an entry that cannot be
read, or does not describe what its key says, is a miss and is rewritten.

The cache folder is trusted like the checkout's tools: CI must keep it out of
reach of pull requests (a fresh folder per run, or one outside the checkout).
Every entry is a regular file this module wrote by an atomic rename; so
anything else under an entry's name (a symlink, out of the folder or not, a
FIFO, a file larger than any entry) is a miss, refused unread and replaced
(red team round 19).
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Sequence
from pathlib import Path

from ..datasets import read_descriptor_limited, write_text_atomic
from ..errors import SpotDiffError

#: Bump to orphan every entry when what an entry holds changes shape.
CACHE_FORMAT = "spotdiff-leaderboard-cache 1"
#: Far above any report (a 16 MiB predictions file gives a few times that):
#: only a file that is not ours is larger, and it is never read into memory.
ENTRY_MAX_BYTES = 256 * 1024 * 1024
#: No symlink followed, no waiting for a FIFO's writer, no terminal adopted.
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def code_digest(
    kind: str, root: Path, packages: tuple[str, ...], extra: Sequence[tuple[str, Path]] = ()
) -> str:
    """One key over ``version.py``, every module of ``packages`` under the package
    folder ``root`` and the ``extra`` (name, file) pairs: what a cached verdict or
    report comes from, so that a change merged without a version bump misses."""
    files = [root / "version.py"]
    files += sorted(f for package in packages for f in (root / package).rglob("*.py"))
    named = [*((f.relative_to(root).as_posix(), f) for f in files), *extra]
    return content_key(kind, *(part for name, f in named for part in (name, f.read_bytes())))


def content_key(*parts: str | bytes) -> str:
    """sha256 over length-prefixed parts, so no two part lists share a key."""
    digest = hashlib.sha256(CACHE_FORMAT.encode())
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(f"\n{len(data)}\n".encode())
        digest.update(data)
    return digest.hexdigest()


class ContentCache:
    """JSON texts and yes/no marks under ``<folder>/<kind>/<key>``.

    ``folder=None`` disables the cache: every lookup misses, nothing is written.
    ``secret`` signs the entries of :meth:`put_signed` (see there).
    """

    def __init__(self, folder: Path | None, secret: bytes | None = None) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.secret = secret or None

    def _path(self, kind: str, key: str, suffix: str) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / kind / f"{key}{suffix}"

    def get_text(self, kind: str, key: str) -> str | None:
        path = self._path(kind, key, ".json")
        if path is None:
            return None
        raw = _read_entry(path)
        if raw is None:
            return None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return None  # damaged: a miss, and the caller rewrites it

    def put_text(self, kind: str, key: str, text: str) -> None:
        path = self._path(kind, key, ".json")
        if path is not None and not path.parent.is_symlink():
            write_text_atomic(path, text)  # a symlinked kind folder is not ours (round 19)

    def get_checked(self, kind: str, key: str) -> str | None:
        """Text stored by :meth:`put_checked` under this very key, or None.

        For entries whose damage would not show: a bit flipped in a number,
        or another entry's file copied under this name, is a miss.
        """
        text = self.get_text(kind, key)
        if text is None:
            return None
        head, _, body = text.partition("\n")
        return body if head == _check_line(key, body) else None

    def put_checked(self, kind: str, key: str, body: str) -> None:
        """``body`` under a first line naming the key and the body's sha256."""
        self.put_text(kind, key, f"{_check_line(key, body)}\n{body}")

    def get_signed(self, kind: str, key: str) -> str | None:
        """Text stored by :meth:`put_signed` with this cache's secret under this key, or None.

        Without a secret, plain :meth:`get_text`: a local build trusts its own folder.
        """
        if self.secret is None:
            return self.get_text(kind, key)
        text = self.get_text(kind, key)
        if text is None:
            return None
        head, _, body = text.partition("\n")
        expected = _signature(self.secret, key, body).encode()
        # As bytes: compare_digest refuses a str that is not ASCII (a TypeError, not a miss).
        same = hmac.compare_digest(head.encode("utf-8", "surrogatepass"), expected)
        return body if same else None

    def put_signed(self, kind: str, key: str, body: str) -> None:
        """``body`` under a first line signing the key and body with the secret (if any).

        For entries a restored CI cache could hold from another job: every
        key is computable from public inputs, so a hash proves nothing, but
        whoever lacks the secret cannot sign (red team round 19).
        """
        if self.secret is None:
            self.put_text(kind, key, body)
        else:
            self.put_text(kind, key, f"{_signature(self.secret, key, body)}\n{body}")

    def has_mark(self, kind: str, key: str) -> bool:
        path = self._path(kind, key, ".ok")
        return path is not None and _read_entry(path) is not None

    def mark(self, kind: str, key: str) -> None:
        path = self._path(kind, key, ".ok")
        if path is not None and not path.parent.is_symlink():
            write_text_atomic(path, "ok\n")


def _read_entry(path: Path) -> bytes | None:
    """The bytes of the regular file ``path`` within the cap, or None (a miss).

    The kind folder is opened without following a link too: a ``reports``
    folder that is a symlink is not the cache's either (red team round 19).
    """
    try:
        folder = os.open(path.parent, _READ_FLAGS | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None
    try:
        fd = os.open(path.name, _READ_FLAGS, dir_fd=folder)
    except OSError:
        return None  # missing, a symlink (ELOOP), or unreadable
    finally:
        os.close(folder)
    try:  # not a regular file, above the cap (or grown past it), unreadable: a miss
        return read_descriptor_limited(fd, path, ENTRY_MAX_BYTES)
    except SpotDiffError:
        return None
    finally:
        os.close(fd)


def _signature(secret: bytes, key: str, body: str) -> str:
    message = f"{key}\n".encode() + body.encode("utf-8", "surrogatepass")
    return "hmac-sha256 " + hmac.new(secret, message, hashlib.sha256).hexdigest()


def _check_line(key: str, body: str) -> str:
    return f"{key} {hashlib.sha256(body.encode('utf-8', 'surrogatepass')).hexdigest()}"
