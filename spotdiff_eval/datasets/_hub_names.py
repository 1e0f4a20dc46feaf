"""A missing dataset path that reads as a Hub dataset's name, ``OWNER/NAME``.

Red team round 22: the seed README names the dataset ``Abnik/spotdiff-v1-dev``
and its manifest ``data/manifest.json``; a user giving the first where the
second belongs (``evaluate --manifest Abnik/spotdiff-v1-dev``) read "file not
found", nothing saying the dataset must be downloaded first.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

#: The Hub's names, loosely (``hub._transfer`` checks them exactly): two parts.
_OWNER_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*/[A-Za-z0-9_][A-Za-z0-9_.-]*", re.ASCII)


def hub_name_hint(target: Path | str) -> str:
    """Words to add to "not found" for ``target`` when it reads as ``OWNER/NAME``.

    Empty for a path that names a JSON file (``data/manifest.json`` from the
    wrong folder) or whose first part exists here (a local folder).
    """
    text = os.fspath(target)
    if (
        not _OWNER_NAME.fullmatch(text)
        or text.lower().endswith(".json")
        or os.path.lexists(text.partition("/")[0])
    ):
        return ""
    return (
        f" ({text} looks like a dataset on the Hub: fetch it with "
        f'"spotdiff download --dataset {text}", then give data/manifest.json)'
    )
