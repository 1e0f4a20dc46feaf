"""A missing file whose name was written percent-encoded, as in a URL.

Red team round 22: a publisher's script built the manifest from the Hub's
URLs, so the picture stored as ``scene 0001.jpg`` was named
``scene%200001.jpg``, and "not found" left the user to compare the two
names. A ``%20`` may also be part of a real name (the Hub stores one as
written), so the encoded name is never read as the other: the "not found"
line only says which file exists.
"""

from __future__ import annotations

import os
from urllib.parse import unquote

from .._util.terminal import safe_text


def encoded_hint(path: str) -> str:
    """Words to add to "not found" for ``path``, when the file it names decoded exists.

    Empty when ``path`` holds no ``%``, or its decoded form does not exist
    either. The decoded name is shown from its first part that differs.
    """
    if "%" not in path:
        return ""
    decoded = unquote(path)
    if decoded == path or not os.path.lexists(decoded):
        return ""
    ours, theirs = path.split(os.sep), decoded.split(os.sep)
    first = next((i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), 0)
    shown = safe_text("/".join(theirs[first:]), 200)
    return (
        f' (the name is percent-encoded, as in a URL: "{shown}" exists there; '
        "write the name as it is)"
    )
