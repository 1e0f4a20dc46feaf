"""The compression of a reply that this client could not undo.

Red team round 22: a server (or a CDN in front of it) that compresses with
Brotli or Zstandard although the request did not offer them (``requests``
offers only what the installed packages can undo) sent bytes the runner read
as text, and the item failed as "the reply is not JSON: \\x1b\\x00...": a
few bytes of binary that said nothing. The reply's ``Content-Encoding``
names what happened.
"""

from __future__ import annotations

from collections.abc import Mapping

from urllib3.response import HTTPResponse

#: What urllib3 undoes itself: gzip and deflate always, br and zstd when their
#: packages are installed.
_UNDONE = frozenset(HTTPResponse.CONTENT_DECODERS) | {"identity"}
#: The package that teaches urllib3 each coding it may lack.
_PACKAGES = {"br": "brotli", "zstd": "zstandard"}


def undone_coding(headers: Mapping[str, str]) -> str | None:
    """Why a reply whose bytes do not read could not: the codings of its
    ``Content-Encoding`` this client left as they were, or None if there are none."""
    codings = [c.strip().lower() for c in headers.get("Content-Encoding", "").split(",")]
    left = sorted({c for c in codings if c and c not in _UNDONE})
    if not left:
        return None
    packages = sorted({_PACKAGES[c] for c in left if c in _PACKAGES})
    hint = f"; pip install {' '.join(packages)} to read it" if packages else ""
    return f"the reply is compressed as {', '.join(left)}, which this client cannot undo{hint}"
