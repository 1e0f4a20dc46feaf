"""An annotation's own ``image`` against its manifest entry's, for ``spotdiff validate``.

The manifest's path is the file opened; the annotation's ``image`` only says
which picture its golds describe, so the two must name the same file: an
annotation naming another picture may hold another item's golds. One that
names the same picture in another file type (``scene.png`` for the
manifest's ``scene.jpg``) is the trace of a conversion (DESIGN.md's manifest
example names a ``.png``, the published images are JPEG): a warning. It was
an error, and a published dataset so converted failed to download (red
team round 21).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path, PurePosixPath

from ..datasets import Manifest
from ._findings import Findings


def image_name_findings(
    findings: Findings, source: Path, image: str, manifest: Manifest, index: int
) -> None:
    """Where the annotation's ``image`` names another file than ``items[index]``'s."""
    listed = manifest.entries[index]["image"]
    # Either may be written with backslashes, as the loader reads both (a Windows editor).
    ours, theirs = _file_name(image), _file_name(listed)
    if ours == theirs:
        return
    where = f"({manifest.path}: /items/{index}/image)"
    if PurePosixPath(ours).stem == PurePosixPath(theirs).stem:
        findings.warn(
            source,
            "/image",
            f'image "{image}" differs from the manifest\'s "{listed}" in its file type only '
            f"{where}: the manifest's file is the one read",
        )
        return
    findings.add(
        source, "/image", f'image "{image}" differs from the manifest\'s "{listed}" {where}'
    )


def _file_name(path: str) -> str:
    """The last part of ``path``, composed (NFC): an annotation naming ``scène.jpg``
    decomposed, as a macOS file listing gives it, "differed" from the manifest's
    composed ``scène.jpg``, two names that print alike (red team round 18)."""
    return unicodedata.normalize("NFC", PurePosixPath(path.replace("\\", "/")).name)
