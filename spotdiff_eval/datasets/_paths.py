"""Manifest paths to real files inside the dataset root, with few system calls.

A path is tried against the manifest's folder and its parent (the published
``data/...`` layout), the one its layout implies first. Resolving symlinks
costs an ``lstat`` per path component, and on some machines a system call
costs several microseconds: with 10,000 items (20,000 paths) the old
per-component resolution was a third of the loading time. Items share a few
folders, so each folder's real path is found once, and one ``lstat`` of the
file itself says both whether it exists and whether it is a link. A path
with ``..`` or a linked file takes the full route (``Path.resolve``), which
also reports symlink loops.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


def is_data_style(text: str, folder_name: str) -> bool:
    """True for ``data/images/x.png`` written from the root when the manifest is in ``data/``."""
    parts = [p for p in text.replace("\\", "/").split("/") if p not in ("", ".")]
    return len(parts) > 1 and bool(folder_name) and parts[0] == folder_name


class PathProblem(Exception):
    """A path the manifest may not use; the caller adds the file and place."""


class DatasetPaths:
    """Resolves the paths of one manifest; caches each folder's real path."""

    def __init__(self, folder: Path, root: Path) -> None:
        self.folder_name = folder.name
        self.root = str(root)
        self._root_prefix = self.root.rstrip(os.sep) + os.sep
        self._bases = (str(folder), str(folder.parent))
        self._real_folders: dict[str, str] = {}
        self._folder_paths: dict[str, Path] = {}

    def find(self, text: str, kind: str, *, must_exist: bool) -> str:
        """The real path of ``text`` inside the root; raise :class:`PathProblem`.

        The first existing candidate wins; if it leads outside the root, it
        is refused rather than another file taken. A missing file is a
        problem only if ``must_exist``; otherwise the implied candidate is
        returned. ``kind`` ("image", "annotation") names the file in messages.
        """
        if text.startswith(("/", "\\")) or (len(text) > 1 and text[1] == ":"):
            # POSIX and Windows roots, UNC paths ("\\server") and drives ("C:").
            raise PathProblem(f'absolute path "{text}" is not allowed')
        relative = text.replace("\\", "/")
        dotdot = ".." in relative.split("/")
        bases = self._bases[::-1] if is_data_style(text, self.folder_name) else self._bases
        missing: list[tuple[str, str]] = []
        try:
            for base in bases:
                candidate = os.path.normpath(os.path.join(base, relative))
                real, exists = self._real(candidate, dotdot)
                if exists:
                    if not self.within(real):
                        raise self._outside(text)
                    return real
                missing.append((candidate, real))
        except (OSError, RuntimeError, ValueError) as exc:
            # A symlink loop, no permission, a NUL character.
            reason = getattr(exc, "strerror", None) or exc
            raise PathProblem(f'cannot resolve path "{text}": {reason}') from None
        inside = [(candidate, real) for candidate, real in missing if self.within(real)]
        if not inside:
            raise self._outside(text)
        if must_exist:
            raise PathProblem(f"{kind} file not found: {inside[0][0]}")
        return inside[0][1]

    def as_path(self, real: str) -> Path:
        """``Path(real)``, built from its folder's cached ``Path``: about three
        times cheaper than parsing the whole string for each of 20,000 files."""
        folder, name = os.path.split(real)
        parent = self._folder_paths.get(folder)
        if parent is None:
            parent = self._folder_paths[folder] = Path(folder)
        return parent / name if name else parent

    def within(self, real: str) -> bool:
        return real == self.root or real.startswith(self._root_prefix)

    def _outside(self, text: str) -> PathProblem:
        return PathProblem(f'path "{text}" leads outside the dataset root {self.root}')

    def _real(self, candidate: str, dotdot: bool) -> tuple[str, bool]:
        """The real path of ``candidate`` (symlinks resolved) and whether it exists."""
        if not dotdot:
            try:
                mode: int | None = os.lstat(candidate).st_mode
            except (OSError, ValueError):
                mode = None  # missing, or unreachable: the same as missing before
            if mode is None or not stat.S_ISLNK(mode):
                parent, name = os.path.split(candidate)
                real_parent = self._real_folders.get(parent)
                if real_parent is None:
                    real_parent = self._real_folders[parent] = str(Path(parent).resolve())
                return os.path.join(real_parent, name), mode is not None
        real = str(Path(candidate).resolve())
        return real, os.path.exists(real)
