"""Domain objects: validated, immutable, and free of JSON details.

Loaders (``dataset.py``, ``predictions.py``) build these from schema-valid
JSON; the scorer only ever sees these types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Kind = Literal["object_added", "object_removed", "attribute_change", "count_change"]
KINDS: tuple[Kind, ...] = ("object_added", "object_removed", "attribute_change", "count_change")
PanelLayout = Literal["side_by_side", "top_bottom"]
Box = tuple[int, int, int, int]


@dataclass(frozen=True, kw_only=True, slots=True)
class Difference:
    """One difference as a model (or an annotator) states it.

    ``from_value``/``to_value`` are always strings: a count change written as
    ``"from": 0`` by a model is the same claim as ``"from": "0"``.
    """

    kind: Kind
    subject: str
    attribute: str | None = None
    from_value: str | None = None
    to_value: str | None = None
    count: int | None = None
    description: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class GoldDifference(Difference):
    """A golden difference: a predicted one plus identity and grounding."""

    id: str
    aliases: tuple[str, ...] = ()
    bbox: Box | None = None
    confidence: str | float | None = None  # a word ("high") or a number, as published


@dataclass(frozen=True)
class Annotation:
    """The golden differences of one item."""

    item_id: str
    image: str
    panel_layout: PanelLayout
    differences: tuple[GoldDifference, ...]
    panel_boxes: tuple[Box, Box] | None = None
    review_status: str | None = None


@dataclass(frozen=True)
class DatasetItem:
    """One manifest entry with its paths resolved inside the dataset root."""

    item_id: str
    image_path: Path
    annotation_path: Path
    panel_layout: PanelLayout


@dataclass(frozen=True)
class Dataset:
    """A loaded dataset: manifest entries and their annotations, in manifest order."""

    name: str
    version: str
    manifest_path: Path
    root: Path
    items: tuple[DatasetItem, ...]
    annotations: tuple[Annotation, ...]
    fingerprint: str
    review_status: str | None = None


@dataclass(frozen=True)
class PredictedItem:
    item_id: str
    differences: tuple[Difference, ...]


@dataclass(frozen=True)
class Predictions:
    """A loaded predictions file.

    ``items`` keeps file order; ``run`` is the optional provenance object,
    kept as plain data because the scorer never reads it.
    """

    path: Path
    model: str
    sha256: str
    items: tuple[PredictedItem, ...]
    run: dict | None = field(default=None, compare=False)
