"""The traceback of an unexpected error, fit to keep in a predictions file.

A bug that fails an item overnight must leave more than "internal error:
KeyError: 'text'": the whole exception chain is kept in the item's record.
That file is committed with a submission, so the text names no folder of
the machine it ran on (frames are shown relative to the import path, such
as ``spotdiff_eval/runner/engine.py`` or ``requests/models.py``), and the
caller redacts it like every other message of the run.
"""

from __future__ import annotations

import os
import re
import sys
import traceback
from pathlib import Path

#: The longest traceback kept; the end (the innermost frames and the error
#: itself) is what explains a crash, so an over-long one loses its start.
MAX_TRACEBACK = 8000
_FRAME_FILE = re.compile(r'^(\s*File ")([^"\n]+)(")', re.MULTILINE)


def formatted_traceback(exc: BaseException) -> str:
    """``exc`` with its causes and contexts, as Python prints them, file names shortened."""
    text = "".join(traceback.format_exception(exc))
    roots = _import_roots()
    return _FRAME_FILE.sub(lambda m: m[1] + _shown(m[2], roots) + m[3], text)


def clipped(text: str, limit: int = MAX_TRACEBACK) -> str:
    """``text``, or its last ``limit`` characters after a marker if it is longer."""
    if len(text) <= limit:
        return text
    marker = "[start cut]\n"
    return marker + text[len(text) - limit + len(marker) :]


def _import_roots() -> list[str]:
    """The folders modules are imported from, longest first (site-packages before /usr)."""
    roots = {os.path.abspath(entry or os.curdir) for entry in sys.path}
    # Relative to "/" a path would still name every folder.
    return sorted((r for r in roots if os.path.dirname(r) != r), key=len, reverse=True)


def _shown(filename: str, roots: list[str]) -> str:
    if filename.startswith("<"):
        return filename  # <string>, <frozen runpy>: not a path
    path = os.path.abspath(filename)
    for root in roots:
        if path.startswith(root.rstrip(os.sep) + os.sep):
            return Path(os.path.relpath(path, root)).as_posix()
    return Path(path).name
