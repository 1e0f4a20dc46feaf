"""Writing a generated dataset: images, annotations, manifest, card, viewer rows, baseline.

Everything goes first into a staging folder inside the output folder and is
moved into place only when the whole dataset is written, so an interrupted
or failed run leaves the previous dataset as it was, and no output folder
the run created. A write that fails (a full disk) names the file it was
writing, as the finished dataset would hold it. Only a folder the
generator wrote itself (its ``data/dataset_version.json`` names the
generator) is ever replaced: a hand-made dataset is refused, not overwritten.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Iterable
from pathlib import Path

from PIL import Image

from .._util.folder_swap import clean_work_folders, locked_work_folder, swap_in
from .._util.folders import check_parents, make_folder, remove_empty, writing
from .._util.stopping import signals_held
from ..datasets import BOARD_JSON, dumps_canonical, is_kind, read_json
from ..errors import SpotDiffError
from .item import Item

GENERATOR_NAME = "spotdiff generate"
#: Work folder inside --output while a dataset is written.
STAGING_PREFIX = ".spotdiff-generate-"
LICENSE = "CC0-1.0"


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes, palette-based when the image has at most 256 colours (always, here).

    The palette is the sorted list of colours, so equal images give equal
    bytes; the conversion is checked to be lossless before it is used.
    """
    colours = image.getcolors(256)
    if colours is not None:
        palette = sorted(colour for _, colour in colours)
        holder = Image.new("P", (1, 1))
        flat = [channel for colour in palette for channel in colour]
        holder.putpalette(flat + flat[:3] * (256 - len(palette)))
        indexed = image.quantize(palette=holder, dither=Image.Dither.NONE)
        if indexed.convert("RGB").tobytes() == image.tobytes():
            image = indexed
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def dumps_readable(value: object, level: int = 0) -> str:
    """JSON with objects indented and lists of plain values on one line.

    ``[12, 40, 57, 88]`` stays a box on one line, as a person writes it,
    instead of four lines of numbers.
    """
    pad, end = "  " * (level + 1), "  " * level
    if isinstance(value, dict) and value:
        inner = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {dumps_readable(v, level + 1)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(inner) + "\n" + end + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        inner = [pad + dumps_readable(v, level + 1) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + end + "]"
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def annotation_json(item: Item) -> dict:
    first, second = item.panel_boxes
    order = ["left", "right"] if item.layout == "side_by_side" else ["top", "bottom"]
    return {
        "schema_version": "1.0",
        "item_id": item.item_id,
        "image": f"data/images/{item.item_id}.png",
        "panel_layout": item.layout,
        "panel_order": order,
        "review_status": "approved",
        "panel_boxes": [list(first), list(second)],
        "license": LICENSE,
        "source": f"{GENERATOR_NAME}: procedural scene",
        "differences": [g.to_json(f"d{i + 1:02d}") for i, g in enumerate(item.goldens)],
    }


def viewer_rows(item: Item) -> Iterable[str]:
    """One JSON line per difference, every key present, for dataset viewers."""
    for i, golden in enumerate(item.goldens):
        row = {
            "item_id": item.item_id,
            "image": f"data/images/{item.item_id}.png",
            "panel_layout": item.layout,
            "theme": item.theme,
            "difference_id": f"d{i + 1:02d}",
            "kind": golden.kind,
            "subject": golden.subject,
            "aliases": list(golden.aliases),
            "attribute": golden.attribute,
            "from": golden.from_value,
            "to": golden.to_value,
            "count": golden.count,
            "description": golden.description,
            "bbox": list(golden.bbox),
        }
        yield json.dumps(row, ensure_ascii=False) + "\n"


def perfect_item(item: Item) -> dict:
    """The baseline answer for an item: every golden difference restated."""
    differences = []
    for golden in item.goldens:
        answer = {"kind": golden.kind, "subject": golden.subject}
        if golden.attribute is not None:
            answer["attribute"] = golden.attribute
        if golden.from_value is not None:
            answer["from"], answer["to"] = golden.from_value, golden.to_value
        if golden.count is not None:
            answer["count"] = golden.count
        differences.append(answer)
    return {"item_id": item.item_id, "differences": differences}


class DatasetWriter:
    """Stages one dataset under ``output`` and moves it into place on :meth:`commit`."""

    def __init__(self, output: Path, *, force: bool = False) -> None:
        self.output = output
        self.force = force
        self.committed = False
        check_output(output, force=force)
        # Folders this run makes, deepest first: removed again if it fails.
        self.created: list[Path] = []
        self._staged = contextlib.ExitStack()
        try:
            self.created = make_folder(output)
            with writing(output / "data"):
                # Staging folders of killed runs are deleted; a live run's is locked.
                clean_work_folders(output, STAGING_PREFIX)
                staging = locked_work_folder(output, STAGING_PREFIX)
                self.staging = self._staged.enter_context(staging)
                self.data = self.staging / "data"
                (self.data / "images").mkdir(parents=True)
                (self.data / "annotations").mkdir()
        except BaseException:
            self.discard()
            raise
        self.entries: list[dict] = []
        self.perfect: list[dict] = []
        self.viewer: list[str] = []

    def write(self, name: str, content: bytes | str) -> None:
        """Write ``data/<name>`` into the staging folder."""
        with writing(self.output / "data" / name):
            if isinstance(content, str):
                (self.data / name).write_text(content, encoding="utf-8")
            else:
                (self.data / name).write_bytes(content)

    def add(self, item: Item) -> None:
        self.write(f"images/{item.item_id}.png", encode_png(item.composite()))
        annotation = dumps_readable(annotation_json(item)) + "\n"
        self.write(f"annotations/{item.item_id}.json", annotation)
        self.entries.append(
            {
                "item_id": item.item_id,
                "image": f"data/images/{item.item_id}.png",
                "annotation": f"data/annotations/{item.item_id}.json",
                "panel_layout": item.layout,
            }
        )
        self.perfect.append(perfect_item(item))
        self.viewer.extend(viewer_rows(item))

    def manifest(self, name: str, version: str, source: str) -> dict:
        return {
            "schema_version": "1.0",
            "dataset_name": name,
            "dataset_version": version,
            "review_status": "approved",
            "license": LICENSE,
            "source": source,
            "items": self.entries,
        }

    def commit(self, manifest: dict, version_info: dict, card: str) -> Path:
        """Write the dataset-wide files, then swap the staged ``data/`` into place."""
        self.write("manifest.json", dumps_canonical(manifest))
        self.write("dataset_version.json", dumps_readable(version_info) + "\n")
        self.write("README.md", card)
        self.write("viewer.jsonl", "".join(self.viewer))
        # The baseline is staged too, so a full disk stops the run before the
        # swap, not between a new data/ and an old perfect.json.
        perfect = {"schema_version": "1.0", "model": "perfect-baseline", "items": self.perfect}
        baseline = self.output / "predictions" / "perfect.json"
        staged_baseline = self.staging / "perfect.json"
        with writing(baseline):
            staged_baseline.write_text(dumps_canonical(perfect), encoding="utf-8")
            if not baseline.parent.exists():
                self.created.insert(0, baseline.parent)
                baseline.parent.mkdir()
        target = self.output / "data"
        check_output(self.output, force=self.force)  # nobody put a dataset there meanwhile
        # A stop (SIGTERM, Ctrl-C) between the two left a new data/ beside an old baseline.
        with signals_held():
            with writing(target):
                swap_in(self.data, target)
            self.committed = True
            with writing(baseline):
                os.replace(staged_baseline, baseline)
        self.discard()
        return target / "manifest.json"

    def discard(self) -> None:
        """Delete the staging folder; before a commit, also the folders this run made."""
        self._staged.close()  # deletes the staging folder and drops its lock
        if not self.committed:
            remove_empty(self.created)


def check_output(output: Path, *, force: bool = False) -> None:
    """Refuse an output that is a file, or whose ``data/`` the generator did not write;
    without ``force``, refuse to replace any dataset or baseline at all.

    ``spotdiff generate --output . --items 2`` in the repository silently
    replaced the bundled 28-item set: replacing needs ``--force``.
    Called before anything is staged and again just before the swap.
    """
    check_parents(output)
    if output.exists() and not output.is_dir():
        raise SpotDiffError(output, "", "is a file; --output must be a folder")
    holder = _dataset_around(output)
    if holder is not None:
        raise SpotDiffError(
            output,
            "",
            f"lies in the dataset of {holder}; --output is the folder that will hold "
            "data/ (the dataset root), so choose one outside any dataset",
        )
    board = _board_around(output)
    if board is not None:
        raise SpotDiffError(
            output, "", f"lies in the board of {board}; choose a folder outside submissions/"
        )
    perfect = output / "predictions" / "perfect.json"
    if perfect.parent.exists() and not perfect.parent.is_dir():
        raise SpotDiffError(perfect.parent, "", "is not a folder; choose another --output")
    if perfect.is_dir():
        raise SpotDiffError(perfect, "", "is a folder; the generator writes its baseline here")
    data = output / "data"
    if data.is_symlink() or (data.exists() and not data.is_dir()):
        raise SpotDiffError(data, "", "is not a folder; choose another --output")
    if data.is_dir() and any(data.iterdir()):
        foreign = _not_generated(data)
        if foreign:
            raise SpotDiffError(
                data,
                "",
                f"holds a dataset that spotdiff generate did not write ({foreign}); "
                "choose an empty or new folder",
            )
    if force:
        return
    for existing in (data, perfect):
        if existing.is_file() or (existing.is_dir() and any(existing.iterdir())):
            raise SpotDiffError(
                existing,
                "",
                "already exists; add --force to replace the dataset there, "
                "or choose an empty or new folder",
            )


def _dataset_around(output: Path) -> Path | None:
    """The manifest of a dataset ``output`` is, or lies in; None if there is none.

    ``generate --output data`` in a checkout (for ``--output .``) wrote a
    second dataset into the bundled one's folder, ``data/data/`` and
    ``data/predictions/``, without ``--force``; ``validate data`` still
    passed it (red team round 19). Only a SpotDiff manifest counts, not a web
    app's ``manifest.json`` in a folder above.
    """
    for folder in (output, *output.absolute().parents):
        manifest = folder / "manifest.json"
        if not manifest.is_file():
            continue
        try:
            data = read_json(manifest)
        except SpotDiffError:
            continue
        if is_kind(data, "manifest"):
            return manifest
    return None


def _board_around(output: Path) -> Path | None:
    """The board.json of a board ``output`` is, or lies in; None if there is none.

    ``generate --output submissions/synthetic-dev/new`` wrote a dataset into
    a board, which every later build read as a broken submission folder
    (red team round 20).
    """
    for folder in (output, *output.absolute().parents):
        if (folder / BOARD_JSON).is_file():
            return (folder / BOARD_JSON).absolute()
    return None


#: The files of ``data/`` besides one image and one annotation per item.
_DATASET_FILES = frozenset({"manifest.json", "dataset_version.json", "README.md", "viewer.jsonl"})


def _not_generated(data: Path) -> str | None:
    """Why ``data/`` is not all the generator's work; None when it is.

    The marker alone proved nothing (red team round 19): a hand-made dataset
    with a generated set's ``dataset_version.json`` copied in was replaced by
    ``--force``, its annotations lost. Now every file must be one the
    generator writes for the manifest's items, and the manifest and each
    annotation must name the generator as their source.
    """
    try:
        info = read_json(data / "dataset_version.json")
        generated = isinstance(info, dict) and info.get("generator") == GENERATOR_NAME
    except SpotDiffError:
        generated = False
    if not generated:
        return "no dataset_version.json naming the generator"
    ids = _item_ids(data / "manifest.json")
    if ids is None:
        return "manifest.json does not name the generator as its source"
    expected = _DATASET_FILES | {"images", "annotations"}
    expected |= {f"images/{i}.png" for i in ids} | {f"annotations/{i}.json" for i in ids}
    for path in sorted(data.rglob("*")):
        name = path.relative_to(data).as_posix()
        if name not in expected or path.is_symlink():
            return f"{name} is not a file it writes"
    for item_id in ids:
        if not _names_generator(data / "annotations" / f"{item_id}.json"):
            return f"annotations/{item_id}.json does not name the generator as its source"
    return None


def _item_ids(manifest: Path) -> list[str] | None:
    """The item ids of a manifest whose source is the generator; None otherwise."""
    data = _json_from_generator(manifest)
    items = data.get("items") if data is not None else None
    if not isinstance(items, list):
        return None
    ids = [item.get("item_id") if isinstance(item, dict) else None for item in items]
    return ids if all(isinstance(i, str) and "/" not in i for i in ids) else None


def _names_generator(path: Path) -> bool:
    """The JSON object at ``path`` has a ``source`` starting with the generator's name."""
    return _json_from_generator(path) is not None


def _json_from_generator(path: Path) -> dict | None:
    """The JSON object at ``path`` if its ``source`` starts with the generator's name."""
    try:
        data = read_json(path)
    except SpotDiffError:
        return None
    source = data.get("source") if isinstance(data, dict) else None
    return data if isinstance(source, str) and source.startswith(GENERATOR_NAME) else None
