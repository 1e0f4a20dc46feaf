"""Loading a predictions file into :class:`~spotdiff_eval.datasets._domain.Predictions`.

The file is read once: the same bytes are hashed (the report's
``predictions.sha256`` must describe exactly what was scored) and parsed with
the rules of :mod:`spotdiff_eval.datasets._jsonio`. Items the dataset does not know are
kept: the scorer reports them, a loader cannot know the dataset.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ._domain import PredictedItem, Predictions
from ._jsonio import MAX_JSON_BYTES, parse_json_bytes, read_bytes_limited
from ._nulls import validated
from ._plain_check import plainly_valid_predictions
from ._records import difference_from_json
from ._schema import require_unique


def load_predictions(path: Path | str, *, max_bytes: int = MAX_JSON_BYTES) -> Predictions:
    """Read, validate and convert a predictions file; raise :class:`SpotDiffError`."""
    return read_predictions(path, max_bytes=max_bytes)[0]


def read_predictions(
    path: Path | str, *, max_bytes: int = MAX_JSON_BYTES
) -> tuple[Predictions, dict[str, Any]]:
    """:func:`load_predictions`, and the parsed JSON too (``validate`` warns of its
    unknown fields): the file is read and parsed once."""
    path = Path(path)
    raw = read_bytes_limited(path, max_bytes)
    data = parse_json_bytes(raw, path)
    return predictions_from_json(data, path, hashlib.sha256(raw).hexdigest()), data


def predictions_from_json(data: Any, path: Path, sha256: str) -> Predictions:
    """:class:`Predictions` from the parsed file at ``path`` (``sha256`` of its bytes)."""
    # the plain check proves the common case; the schema decides the rest, and words the error
    data = validated(data, "prediction", path, plainly_valid_predictions)
    require_unique(path, data["items"], "item_id", "/items")
    items = [
        PredictedItem(
            item_id=item["item_id"],
            differences=tuple(map(difference_from_json, item["differences"])),
        )
        for item in data["items"]
    ]
    return Predictions(
        path=path,
        model=data["model"].strip(),
        sha256=sha256,
        items=tuple(items),
        run=data.get("run"),
    )
