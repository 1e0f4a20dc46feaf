"""Loading a dataset: the manifest, its annotations, and the dataset fingerprint.

The schema checks each file's shape; this module adds what a schema cannot
express: unique ids, annotations agreeing with their manifest entry, and paths
that stay inside the dataset root (``_paths``: no ``..`` or symlink escapes,
no absolute paths). Images are located but not opened: scoring needs
annotations only, and ``validate.py`` checks images.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ..errors import SpotDiffError
from ._domain import Annotation, Dataset, DatasetItem
from ._file_kinds import require_kind
from ._fingerprint import FingerprintBuilder, in_id_order
from ._hub_names import hub_name_hint
from ._id_clash import require_distinct
from ._jsonio import parse_json_bytes, read_bytes_limited, read_json
from ._nulls import validated
from ._paths import DatasetPaths, PathProblem, is_data_style
from ._plain_check import plainly_valid_annotation
from ._records import box_from_json, gold_difference_from_json
from ._schema import require_unique


def annotation_from_json(data: Any, source: object) -> Annotation:
    """An :class:`Annotation` from parsed JSON, after the schema and id checks.

    ``source`` names the file in error messages.
    """
    # the plain check proves the common case; the schema decides the rest, and words the error
    data = validated(data, "annotation", source, plainly_valid_annotation)
    require_unique(source, data["differences"], "id", "/differences")
    boxes = data.get("panel_boxes")
    return Annotation(
        item_id=data["item_id"],
        image=data["image"],
        panel_layout=data["panel_layout"],
        differences=tuple(map(gold_difference_from_json, data["differences"])),
        panel_boxes=(box_from_json(boxes[0]), box_from_json(boxes[1])) if boxes else None,
        review_status=data.get("review_status"),
    )


def load_dataset(manifest_path: Path | str) -> Dataset:
    """Load the manifest and every annotation; raise on the first problem.

    Each annotation's parsed JSON is hashed into the fingerprint and dropped
    as soon as it is loaded: keeping them all for the end was the peak of
    loading's memory.
    """
    manifest = read_manifest(manifest_path)
    ids = [entry["item_id"] for entry in manifest.entries]
    # What ``validate`` refuses, the scorer refuses (red team round 23: it scored both
    # "d01" and "D01"). Here, not in read_manifest: ``validate`` lists every clash.
    for key in ("item_id", "annotation"):
        require_distinct(manifest.path, [e[key] for e in manifest.entries], "/items", key)
    hashing = FingerprintBuilder(in_order=in_id_order(ids))
    items, annotations = [], []
    for index in range(len(ids)):
        loaded = manifest.load_item(index)
        differences = [d.id for d in loaded.annotation.differences]
        require_distinct(loaded.item.annotation_path, differences, "/differences", "id")
        hashing.add(loaded.item.item_id, loaded.raw)
        items.append(loaded.item)
        annotations.append(loaded.annotation)
    return Dataset(
        name=manifest.data["dataset_name"],
        version=manifest.data["dataset_version"],
        manifest_path=manifest.path,
        root=manifest.root,
        items=tuple(items),
        annotations=tuple(annotations),
        fingerprint=hashing.hexdigest(),
        review_status=manifest.data.get("review_status"),
    )


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

    @property
    def entries(self) -> list[dict[str, Any]]:
        return self.data["items"]

    @cached_property
    def _paths(self) -> DatasetPaths:
        return DatasetPaths(self.folder, self.root)

    def resolve(self, index: int, field: str, *, must_exist: bool) -> Path:
        """Resolve ``items[index][field]`` inside the dataset root (see ``DatasetPaths.find``)."""
        return self._paths.as_path(self._find(index, field, must_exist=must_exist))

    def _find(self, index: int, field: str, *, must_exist: bool) -> str:
        try:
            return self._paths.find(self.entries[index][field], field, must_exist=must_exist)
        except PathProblem as problem:
            raise SpotDiffError(self.path, f"/items/{index}/{field}", str(problem)) from None

    def load_item(self, index: int, *, cross_check: bool = True) -> LoadedItem:
        """Load and cross-check the annotation of ``items[index]``.

        ``cross_check=False`` leaves :meth:`disagreements` to the caller:
        ``validate`` lists them and goes on checking the item.
        """
        entry = self.entries[index]
        image_path = self.resolve(index, "image", must_exist=False)
        annotation_text = self._find(index, "annotation", must_exist=True)
        raw = parse_json_bytes(read_bytes_limited(annotation_text), annotation_text)
        annotation = annotation_from_json(raw, annotation_text)
        annotation_path = self._paths.as_path(annotation_text)
        if cross_check:
            for problem in self.disagreements(index, annotation, annotation_path):
                raise problem
        item = DatasetItem(
            item_id=entry["item_id"],
            image_path=image_path,
            annotation_path=annotation_path,
            panel_layout=entry["panel_layout"],
        )
        return LoadedItem(item=item, annotation=annotation, raw=raw)

    def disagreements(
        self, index: int, annotation: Annotation, annotation_path: Path
    ) -> list[SpotDiffError]:
        """Where the annotation of ``items[index]`` contradicts its manifest entry."""
        entry = self.entries[index]
        where = f"{self.path}: /items/{index}"
        problems = []
        if annotation.item_id != entry["item_id"]:
            problems.append(
                SpotDiffError(
                    annotation_path,
                    "/item_id",
                    f'item_id "{annotation.item_id}" differs from the manifest\'s '
                    f'"{entry["item_id"]}" ({where})',
                )
            )
        if annotation.panel_layout != entry["panel_layout"]:
            problems.append(
                SpotDiffError(
                    annotation_path,
                    "/panel_layout",
                    f'panel_layout "{annotation.panel_layout}" differs from the manifest\'s '
                    f'"{entry["panel_layout"]}" ({where})',
                )
            )
        return problems


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
    try:
        data = read_json(path)
    except SpotDiffError as exc:
        hint = hub_name_hint(path) if exc.what == "file not found" else ""
        if not hint:
            raise
        raise SpotDiffError(exc.file, exc.where, exc.what + hint) from None
    require_kind(data, path, "manifest")
    data = validated(data, "manifest", path)
    require_unique(path, data["items"], "item_id", "/items")
    folder = path.absolute().parent
    name = folder.name
    data_style = any(
        is_data_style(entry[key], name)
        for entry in data["items"]
        for key in ("image", "annotation")
    )
    return Manifest(path=path, folder=folder, root=dataset_root(folder, data_style), data=data)


def dataset_root(folder: Path, data_style: bool) -> Path:
    """The real folder a manifest in ``folder`` may reach files in.

    With ``data/...`` paths it is the parent of the manifest's folder, taken
    after the folder's own link is followed: a ``data/`` kept on another disk
    and linked into a project (a layout downloads accept) put the root at the
    link's parent while every file lay at its target, and the published
    dataset, downloaded there as valid, was refused item by item ("leads
    outside the dataset root", red team round 22). A link inside the folder
    still cannot lead out of it.
    """
    real = folder.resolve()
    return real.parent if data_style else real
