"""Which files make up a dataset, and where each one goes in its Hub repository.

A published dataset repository mirrors the dataset root: ``data/manifest.json``,
the annotations and images the manifest lists, and the companion files next to
the manifest (the card ``data/README.md``, ``data/dataset_version.json``,
``data/viewer.jsonl``). The card is also placed at the repository root as
``README.md``, because that is the only place the Hub reads a dataset card
(and its front matter: licence, task categories) from; keeping
``data/README.md`` too makes a downloaded copy publishable again unchanged.

Only these files are published. Anything else under ``data/`` (an editor
backup, a stale annotation no manifest entry names) is reported, not
uploaded, so publishing never leaks a stray file; files outside ``data/`` are
ignored, so the root of a project checkout can be published as is.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..datasets import read_manifest
from ..errors import SpotDiffError

#: Where the manifest sits in a dataset root and in its repository.
MANIFEST_IN_REPO = "data/manifest.json"
#: Companion files published when present next to the manifest.
COMPANIONS = ("README.md", "dataset_version.json", "viewer.jsonl")
#: The card's place at the repository root, where the Hub shows it.
ROOT_CARD = "README.md"


@dataclass(frozen=True)
class DatasetFiles:
    """The files to publish as (repository path, local file), sorted by repository path."""

    root: Path
    files: tuple[tuple[str, Path], ...]
    unlisted: tuple[str, ...]  # files under data/ that are not part of the dataset


def manifest_of(root: Path) -> Path:
    """``root/data/manifest.json``, or a one-line error saying what ``root`` must be."""
    manifest = Path(root) / MANIFEST_IN_REPO
    if not Path(root).is_dir():
        raise SpotDiffError(root, "", "not a folder (give the dataset root, which holds data/)")
    if not manifest.is_file():
        raise SpotDiffError(
            root, "", f"no {MANIFEST_IN_REPO} (give the dataset root, which holds data/)"
        )
    return manifest


def dataset_files(root: Path) -> DatasetFiles:
    """The files of the dataset whose manifest is ``root/data/manifest.json``.

    Every path must lie inside ``root``; the loader already refuses paths that
    leave the dataset root, and a manifest written relative to ``data/`` keeps
    working because its files keep their place relative to it.
    """
    manifest_path = manifest_of(root)
    manifest = read_manifest(manifest_path)
    base = Path(os.path.realpath(root))
    local: set[Path] = {Path(os.path.realpath(manifest_path))}
    for index in range(len(manifest.entries)):
        for field in ("annotation", "image"):
            local.add(manifest.resolve(index, field, must_exist=True))
    data = base / "data"
    for name in COMPANIONS:
        if (data / name).is_file():
            local.add(Path(os.path.realpath(data / name)))
    real_data = Path(os.path.realpath(data))
    files: dict[str, Path] = {}
    for path in local:
        files[_repository_path(path, base, real_data)] = path
    card = data / ROOT_CARD
    if card.is_file():
        files[ROOT_CARD] = Path(os.path.realpath(card))
    listed = {path for repo_path, path in files.items() if repo_path != ROOT_CARD}
    unlisted = sorted(shown for shown, path in _visible_files(base, data) if path not in listed)
    return DatasetFiles(root=base, files=tuple(sorted(files.items())), unlisted=tuple(unlisted))


def _repository_path(path: Path, base: Path, data: Path) -> str:
    """Where the file at real path ``path`` goes in the repository.

    Under the real ``data/`` folder, it goes under ``data/``: a ``data/`` that
    is a link (kept on another disk) validated, but its files, taken at their
    real place, were refused as lying outside the root (red team round 22).
    """
    for folder, prefix in ((data, MANIFEST_IN_REPO.partition("/")[0] + "/"), (base, "")):
        if path.is_relative_to(folder):
            return prefix + path.relative_to(folder).as_posix()
    raise SpotDiffError(path, "", f"lies outside the dataset root {base} and cannot be published")


def _visible_files(root: Path, folder: Path) -> list[tuple[str, Path]]:
    """Regular files under ``folder``, skipping hidden files and folders: each one's
    path from ``root`` as found there, and its real path.

    Named as found, not by real path: a link under ``data/`` to a file elsewhere
    ended publishing in a traceback (red team round 22), its real path being
    outside the root; it is an unlisted file like any other.
    """
    found: list[tuple[str, Path]] = []
    for current, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".")]
        found.extend(
            (
                os.path.relpath(os.path.join(current, name), root).replace(os.sep, "/"),
                Path(os.path.realpath(os.path.join(current, name))),
            )
            for name in names
            if not name.startswith(".")
        )
    return found
