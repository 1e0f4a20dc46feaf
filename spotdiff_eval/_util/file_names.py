"""Names of the files made beside another: temporary files, work folders, journals, locks.

Each such name is the other file's name plus a suffix, and a file name holds
at most 255 bytes: an output named with 242 bytes or more could not be
written, since its temporary file (``.NAME.x1y2z3w4.tmp``) had no valid
name; at 248 bytes its journal had none either. Where name and suffix do not
fit, the name is cut short and 16 hex digits of the sha256 of the whole name
stand in for the cut. The result is the same for the same name, and differs
for two names that differ only past the cut, so a temporary file still sits
in its target's folder (an atomic rename needs that) and two outputs never
share a journal or a lock.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from ..errors import SpotDiffError

#: Bytes in one file name: NAME_MAX of Linux and macOS filesystems.
NAME_MAX = 255
#: Characters ``mkstemp`` and ``mkdtemp`` put between prefix and suffix.
_RANDOM = 8
#: Hex digits of the name's sha256 kept in a name cut short.
_DIGEST = 16


def name_beside(name: str, suffix: str, *, reserve: int = 0) -> str:
    """``name + suffix``, with ``name`` cut short (and a hash of it added) where
    the two would not fit in a file name with ``reserve`` bytes to spare."""
    room = NAME_MAX - reserve - _size(suffix)
    if _size(name) <= room:
        return name + suffix
    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:_DIGEST]
    return f"{_cut(name, room - _DIGEST - 1)}~{digest}{suffix}"


def temp_prefix(name: str, tag: str = "", suffix: str = "") -> str:
    """``.NAME.TAG``: the prefix ``mkstemp``/``mkdtemp`` get for a temporary file
    or folder beside ``name`` (with ``suffix``), leaving room for their random part."""
    return name_beside(f".{name}", f".{tag}", reserve=_RANDOM + _size(suffix))


def check_name(path: Path) -> None:
    """Refuse, naming the file, a path whose last part is longer than a file name can be:
    no temporary name or rename could ever make it."""
    size = _size(path.name)
    if size > NAME_MAX:
        raise SpotDiffError(
            path, "", f"its name is {size:,} bytes, longer than a file name can be ({NAME_MAX})"
        )


def _size(text: str) -> int:
    """Bytes on disk: UTF-8, undecodable bytes given back as they came (``surrogateescape``)."""
    return len(os.fsencode(text))


def _cut(name: str, room: int) -> str:
    """The longest start of ``name`` within ``room`` bytes, never half a character."""
    size = 0
    for index, character in enumerate(name):
        size += _size(character)
        if size > room:
            return name[:index]
    return name
