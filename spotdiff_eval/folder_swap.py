"""Replacing a whole output folder so that a failed build leaves the old one intact.

Used for the leaderboard site and for generated datasets. The new folder is
built beside the target (same filesystem, so renames are atomic), then the
old folder is renamed aside, the new one renamed in, and the old one deleted.
Until the second rename nothing a reader sees has changed; if it fails, the
old folder is renamed back.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from .errors import SpotDiffError


def replace_folder(target: Path, fill: Callable[[Path], None], marker: str) -> None:
    """Build ``target`` anew with ``fill(empty_folder)`` and swap it in.

    ``marker`` is a file every folder built this way holds: an existing
    ``target`` without it is refused rather than replaced, so a mistyped
    ``--output`` (``.``, ``data/``) can never delete somebody's files.
    """
    target = Path(target)
    if os.path.lexists(target):
        if not target.is_dir() or target.is_symlink():
            raise SpotDiffError(target, "", "exists and is not a folder; choose another --output")
        if any(target.iterdir()) and not (target / marker).is_file():
            raise SpotDiffError(
                target,
                "",
                f"exists but holds no {marker}, so it is not a site this command built; "
                "choose another --output or remove the folder",
            )
    parent = target.absolute().parent
    parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=parent))
    try:
        fill(fresh)
        os.chmod(fresh, 0o755)  # mkdtemp makes it private; a site is for reading
        swap_in(fresh, target.absolute())
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise


def swap_in(fresh: Path, target: Path) -> None:
    """Rename ``fresh`` to ``target``, putting any old ``target`` aside and deleting it
    after; if the second rename fails, the old folder is renamed back.

    ``fresh`` must be on the same filesystem as ``target`` (build it beside it).
    """
    if not target.exists():
        os.rename(fresh, target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
    aside = old / target.name
    os.rename(target, aside)
    try:
        os.rename(fresh, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.rename(aside, target)
        raise
    finally:
        if not os.path.lexists(aside) or target.exists():
            shutil.rmtree(old, ignore_errors=True)
