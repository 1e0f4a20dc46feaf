"""Loading a dataset: the manifest, its annotations, and the dataset fingerprint.

The schema checks each file's shape; this module adds what a schema cannot
express: unique ids, annotations agreeing with their manifest entry, and paths
that stay inside the dataset root (no ``..`` or symlink escapes, no absolute
paths). Images are located but not opened: scoring needs annotations only, and
``validate.py`` checks images.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..errors import SpotDiffError
from ._domain import Annotation, Dataset, DatasetItem
from ._jsonio import read_json
from ._records import gold_difference_from_json
from ._schema import require_unique, validate_document


def annotation_from_json(data: Any, source: object) -> Annotation:
    """An :class:`Annotation` from parsed JSON, after the schema and id checks.

    ``source`` names the file in error messages.
    """
    validate_document(data, "annotation", source)
    require_unique(source, data["differences"], "id", "/differences")
    boxes = data.get("panel_boxes")
    return Annotation(
        item_id=data["item_id"],
        image=data["image"],
        panel_layout=data["panel_layout"],
        differences=tuple(gold_difference_from_json(d) for d in data["differences"]),
        panel_boxes=(tuple(boxes[0]), tuple(boxes[1])) if boxes is not None else None,
        review_status=data.get("review_status"),
    )


def load_dataset(manifest_path: Path | str) -> Dataset:
    """Load the manifest and every annotation; raise on the first problem."""
    manifest = read_manifest(manifest_path)
    loaded = [manifest.load_item(index) for index in range(len(manifest.entries))]
    return Dataset(
        name=manifest.data["dataset_name"],
        version=manifest.data["dataset_version"],
        manifest_path=manifest.path,
        root=manifest.root,
        items=tuple(entry.item for entry in loaded),
        annotations=tuple(entry.annotation for entry in loaded),
        fingerprint=fingerprint({e.item.item_id: e.raw for e in loaded}),
        review_status=manifest.data.get("review_status"),
    )


def fingerprint(annotations: Mapping[str, Any]) -> str:
    """sha256 over the annotations, independent of file formatting and manifest order.

    ``annotations`` maps item ids to parsed annotation JSON.
    """
    digest = hashlib.sha256()
    for item_id in sorted(annotations):
        canonical = json.dumps(
            annotations[item_id], sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        digest.update(f"{item_id}\n{canonical}\n".encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class LoadedItem:
    """One manifest entry with its annotation, and the raw JSON for the fingerprint."""

    item: DatasetItem
    annotation: Annotation
    raw: dict[str, Any]


@dataclass(frozen=True)
class Manifest:
    """A schema-valid manifest with unique item ids and a known dataset root.

    ``validate.py`` uses it to load items one by one and report every broken
    item instead of stopping at the first.
    """

    path: Path  # as given, for messages
    folder: Path  # absolute folder of the manifest
    root: Path  # resolved dataset root
    data: dict[str, Any]
    _real_folders: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def entries(self) -> list[dict[str, Any]]:
        return self.data["items"]

    @cached_property
    def _bases(self) -> tuple[str, str]:
        return str(self.folder), str(self.folder.parent)

    @cached_property
    def _root_text(self) -> str:
        return str(self.root)

    def resolve(self, index: int, field: str, *, must_exist: bool) -> Path:
        """Resolve ``items[index][field]`` inside the dataset root.

        Candidates are the manifest's folder and its parent (the published
        ``data/...`` layout), the one the path's layout implies first. A
        missing file is an error only if ``must_exist``; otherwise the implied
        candidate is returned.
        """
        text = self.entries[index][field]
        where = f"/items/{index}/{field}"
        if _is_absolute(text):
            raise SpotDiffError(self.path, where, f'absolute path "{text}" is not allowed')
        relative = text.replace("\\", "/")
        dotdot = ".." in relative.split("/")
        # The layout the path is written in decides which base is tried first.
        order = (1, 0) if _is_data_style(text, self.folder) else (0, 1)
        outside = SpotDiffError(
            self.path, where, f'path "{text}" leads outside the dataset root {self.root}'
        )
        missing: list[tuple[str, str]] = []
        try:
            for base in order:
                candidate = os.path.normpath(os.path.join(self._bases[base], relative))
                real = _real_path(candidate, dotdot, self._real_folders)
                if os.path.exists(real):
                    # The first existing candidate wins; if it leads outside
                    # the root, refuse rather than fall back to another file.
                    if not _within(real, self._root_text):
                        raise outside
                    return Path(real)
                missing.append((candidate, real))
        except (OSError, RuntimeError) as exc:  # a symlink loop, no permission
            what = f'cannot resolve path "{text}": {getattr(exc, "strerror", None) or exc}'
            raise SpotDiffError(self.path, where, what) from None
        inside = [
            (candidate, real) for candidate, real in missing if _within(real, self._root_text)
        ]
        if not inside:
            raise outside
        if must_exist:
            raise SpotDiffError(self.path, where, f"{field} file not found: {inside[0][0]}")
        return Path(inside[0][1])

    def load_item(self, index: int) -> LoadedItem:
        """Load and cross-check the annotation of ``items[index]``."""
        entry = self.entries[index]
        image_path = self.resolve(index, "image", must_exist=False)
        annotation_path = self.resolve(index, "annotation", must_exist=True)
        raw = read_json(annotation_path)
        annotation = annotation_from_json(raw, annotation_path)
        where = f"{self.path}: /items/{index}"
        if annotation.item_id != entry["item_id"]:
            raise SpotDiffError(
                annotation_path,
                "/item_id",
                f'item_id "{annotation.item_id}" differs from the manifest\'s '
                f'"{entry["item_id"]}" ({where})',
            )
        if annotation.panel_layout != entry["panel_layout"]:
            raise SpotDiffError(
                annotation_path,
                "/panel_layout",
                f'panel_layout "{annotation.panel_layout}" differs from the manifest\'s '
                f'"{entry["panel_layout"]}" ({where})',
            )
        item = DatasetItem(
            item_id=entry["item_id"],
            image_path=image_path,
            annotation_path=annotation_path,
            panel_layout=entry["panel_layout"],
        )
        return LoadedItem(item=item, annotation=annotation, raw=raw)


def manifest_in(target: Path) -> Path:
    """The manifest of a dataset given as its file, its folder, or its root folder.

    ``validate data`` always accepted a folder while ``evaluate --manifest data``
    said "is a folder": every command reading a manifest now takes both.
    """
    if not target.is_dir():
        return target
    for candidate in (target / "manifest.json", target / "data" / "manifest.json"):
        if candidate.is_file():
            return candidate
    return target / "manifest.json"  # reported as not found


def read_manifest(manifest_path: Path | str) -> Manifest:
    """Read and check the manifest itself (not yet its annotations).

    ``manifest_path`` may also be the dataset's folder (see :func:`manifest_in`).
    """
    path = manifest_in(Path(manifest_path))
    data = read_json(path)
    validate_document(data, "manifest", path)
    require_unique(path, data["items"], "item_id", "/items")
    folder = path.absolute().parent
    data_style = any(
        _is_data_style(entry[key], folder)
        for entry in data["items"]
        for key in ("image", "annotation")
    )
    root = (folder.parent if data_style else folder).resolve()
    return Manifest(path=path, folder=folder, root=root, data=data)


def _is_data_style(text: str, folder: Path) -> bool:
    """True for ``data/images/x.png`` written from the root when the manifest is in ``data/``."""
    parts = [p for p in text.replace("\\", "/").split("/") if p not in ("", ".")]
    return len(parts) > 1 and bool(folder.name) and parts[0] == folder.name


def _real_path(candidate: str, dotdot: bool, folders: dict[str, str]) -> str:
    """The real path of ``candidate`` (symlinks resolved), fast for the common case.

    Resolving costs an ``lstat`` per path component; with 10,000 items that was
    most of the loading time. Items share a few folders, so each folder's real
    path is computed once per manifest (``folders``) and only the file itself
    is checked for a link. A path with ``..`` or a linked file takes the full
    route, which also reports symlink loops.
    """
    if dotdot or os.path.islink(candidate):
        return str(Path(candidate).resolve())
    parent, name = os.path.split(candidate)
    if parent not in folders:
        folders[parent] = str(Path(parent).resolve())
    return os.path.join(folders[parent], name)


def _is_absolute(text: str) -> bool:
    """POSIX roots, Windows roots and UNC paths ("\\\\server"), and drives ("C:")."""
    return text.startswith(("/", "\\")) or (len(text) > 1 and text[1] == ":")


def _within(path: str, root_text: str) -> bool:
    return path == root_text or path.startswith(root_text.rstrip(os.sep) + os.sep)
