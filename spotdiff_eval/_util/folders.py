"""Making the folders an output goes into, with one clear error when a file stands in the way.

``mkdir(parents=True)`` under a regular file fails with ``File exists`` or
``Not a directory``: users saw that bare text, naming neither their output
nor the file in the way, and often only after all the work was done
(``spotdiff evaluate --output notes.txt/report.json`` scored everything
first). Every command checks its outputs here before it starts and makes
their folders here, so each of them says the same thing.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from ..errors import SpotDiffError
from .file_names import NAME_MAX, check_name


def check_parents(path: Path | str) -> None:
    """Raise :class:`SpotDiffError` naming ``path`` when a folder above it is not a folder.

    The nearest existing ancestor decides: a folder means the missing ones
    can be made; anything else (a file, a dangling symlink) means nothing can.
    A name longer than a file name can be, the output's own or a folder's on
    the way, is refused too: ``evaluate`` scored everything before finding
    that ``File name too long``.
    """
    path = Path(path)
    check_name(path)
    for part in path.parent.parts:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            raise SpotDiffError(
                path,
                "",
                f"a folder name in it is {size:,} bytes, longer than a file name can be "
                f"({NAME_MAX})",
            )
    for parent in path.parents:
        if os.path.isdir(parent):
            return
        if os.path.lexists(parent):
            if parent == path.parent:
                raise SpotDiffError(path, "", f"its parent {parent} is not a folder")
            raise SpotDiffError(path, "", f"its folder cannot be made: {parent} is not a folder")


def check_file(path: Path | str) -> None:
    """Raise unless a file can be written at ``path``: no folder there, none missing above.

    Nor a FIFO, a device or a socket: reading one to compare (LEADERBOARD.md)
    waited for ever, and writing replaced somebody's pipe or device node with
    a file. Nor a symlink to nothing, which a write would replace rather
    than follow.
    """
    check_parents(path)
    if os.path.isdir(path):
        raise SpotDiffError(path, "", "is a folder; give the name of a file")
    if os.path.islink(path) and not os.path.exists(path):
        target = os.readlink(path)
        if _loops(path):  # "which does not exist" of a link in plain view (round 20)
            raise SpotDiffError(
                path,
                "",
                f"is a symlink to {target}, which leads round in a loop; give the name of a file",
            )
        raise SpotDiffError(path, "", f"is a symlink to {target}, which does not exist")
    kind = special_kind(path)
    if kind is not None:
        raise SpotDiffError(path, "", f"is {kind}, not a regular file; give the name of a file")


def _loops(path: Path | str) -> bool:
    """Whether following the symlink ``path`` goes round in a loop (ELOOP)."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def special_kind(path: Path | str) -> str | None:
    """What ``path`` is when it exists and is neither a regular file nor a folder."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return None


def check_folder(folder: Path | str) -> None:
    """Raise unless ``folder`` is a folder or can be made as one (see :func:`check_parents`)."""
    check_parents(folder)
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise SpotDiffError(folder, "", "exists and is not a folder")


def make_folder(folder: Path | str) -> list[Path]:
    """Make ``folder`` and the missing folders above it; return those made, deepest first.

    A caller that fails later hands them to :func:`remove_empty`, so a failed
    command leaves no empty folders behind.
    """
    folder = Path(folder)
    check_folder(folder)
    created = [p for p in (folder, *folder.parents) if not os.path.lexists(p)]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SpotDiffError(folder, "", f"cannot make this folder: {exc.strerror or exc}") from exc
    return created


def make_parents(path: Path | str) -> list[Path]:
    """Make the folders a file ``path`` goes into (see :func:`make_folder`)."""
    check_parents(path)
    return make_folder(Path(path).parent)


def remove_empty(folders: list[Path]) -> None:
    """Remove each of ``folders`` (deepest first) that is still empty; never anything else."""
    for folder in folders:
        with contextlib.suppress(OSError):
            folder.rmdir()


@contextlib.contextmanager
def writing(path: Path | str) -> Iterator[None]:
    """Turn an OSError into a one-line error naming ``path``.

    A full disk fails inside a staging folder, whose name means nothing to
    the user: the error names the output as the user knows it instead.
    """
    try:
        yield
    except OSError as exc:
        raise SpotDiffError(path, "", f"cannot write: {exc.strerror or exc}") from exc


def new_file_mode(path: Path) -> int:
    """The mode the file would get from a plain ``open``: the old file's, else
    0o666 less the umask. ``mkstemp`` makes files private (0o600), which would
    leave a report or LEADERBOARD.md unreadable to others after a rewrite."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
