"""An annotation's own ``image`` against its manifest entry's, for ``spotdiff validate``.

The manifest's path is the file opened; the annotation's ``image`` only says
which picture its golds describe, so the two must name the same file.
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
    if _file_name(image) != _file_name(listed):
        findings.add(
            source,
            "/image",
            f'image "{image}" differs from the manifest\'s "{listed}" '
            f"({manifest.path}: /items/{index}/image)",
        )


def _file_name(path: str) -> str:
    """The last part of ``path``, composed (NFC): an annotation naming ``scène.jpg``
    decomposed, as a macOS file listing gives it, "differed" from the manifest's
    composed ``scène.jpg``, two names that print alike (red team round 18)."""
    return unicodedata.normalize("NFC", PurePosixPath(path.replace("\\", "/")).name)
