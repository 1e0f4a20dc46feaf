"""Loading a predictions file into :class:`~spotdiff_eval.datasets._domain.Predictions`.

The file is read once: the same bytes are hashed (the report's
``predictions.sha256`` must describe exactly what was scored) and parsed with
the rules of :mod:`spotdiff_eval.datasets._jsonio`. Items the dataset does not know are
kept: the scorer reports them, a loader cannot know the dataset.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ._domain import PredictedItem, Predictions
from ._jsonio import MAX_JSON_BYTES, parse_json_bytes, read_bytes_limited
from ._records import difference_from_json
from ._schema import require_unique, validate_document


def load_predictions(path: Path | str, *, max_bytes: int = MAX_JSON_BYTES) -> Predictions:
    """Read, validate and convert a predictions file; raise :class:`SpotDiffError`."""
    path = Path(path)
    raw = read_bytes_limited(path, max_bytes)
    data = parse_json_bytes(raw, path)
    validate_document(data, "prediction", path)

    require_unique(path, data["items"], "item_id", "/items")
    items = [
        PredictedItem(
            item_id=item["item_id"],
            differences=tuple(difference_from_json(d) for d in item["differences"]),
        )
        for item in data["items"]
    ]
    return Predictions(
        path=path,
        model=data["model"].strip(),
        sha256=hashlib.sha256(raw).hexdigest(),
        items=tuple(items),
        run=data.get("run"),
    )
