"""Loading a predictions file into :class:`~spotdiff_eval.datasets._domain.Predictions`.

The file is read once: the same bytes are hashed (the report's
``predictions.sha256`` must describe exactly what was scored) and parsed with
the rules of :mod:`spotdiff_eval.datasets._jsonio`. Items the dataset does not know are
kept: the scorer reports them, a loader cannot know the dataset.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ..errors import SpotDiffError
from ._domain import PredictedItem, Predictions
from ._file_kinds import require_kind
from ._jsonio import MAX_JSON_BYTES, json_kind, parse_json_bytes, read_bytes_limited
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
    try:
        data = parse_json_bytes(raw, path, expect_object=False)
    except SpotDiffError as exc:
        if exc.what == "invalid JSON: Extra data" and _is_item(_first_line(raw)):
            what = f"{exc.what}: this is JSON Lines, one item a line; {_WRAP}"
            raise SpotDiffError(path, exc.where, what) from None
        raise
    _check_shape(data, path)
    return predictions_from_json(data, path, hashlib.sha256(raw).hexdigest()), data


#: Red team round 19: answers written one item a line (JSON Lines), as a
#: bare list of items, or as an object keyed by item id, were refused with
#: the parser's or the schema's words alone ("Extra data", "found a list",
#: "must be a list"), which did not say where the items belong or how.
_WRAP = 'put the items in {"schema_version": "1.0", "model": "<name>", "items": [...]}'


def _check_shape(data: Any, path: Path) -> None:
    """Refuse, saying how to fix it, a file shaped like no predictions file."""
    if not isinstance(data, dict):
        items = isinstance(data, list) and data and all(map(_is_item, data))
        what = f"found a list of items; {_WRAP}" if items else f"found {json_kind(data)}"
        raise SpotDiffError(path, "/", f"expected a JSON object, {what}")
    require_kind(data, path, "prediction")
    keyed = data.get("items")
    if (
        isinstance(keyed, dict)
        and keyed
        and all(isinstance(v, list | dict) for v in keyed.values())
    ):
        first = json.dumps(next(iter(keyed)), ensure_ascii=False)
        entry = f'{{"item_id": {first}, "differences": [...]}}'
        what = f"must be a list, found an object keyed by item id; write [{entry}, ...]"
        raise SpotDiffError(path, "/items", what)


def _first_line(raw: bytes) -> object:
    """The first non-blank line of ``raw`` as JSON, or None if it is not JSON."""
    text = raw.removeprefix(b"\xef\xbb\xbf").lstrip()
    line = text.split(b"\n", 1)[0]
    try:
        return json.loads(line)
    except ValueError:
        return None


def _is_item(value: object) -> bool:
    """True for what looks like one entry of ``items``: an object with an ``item_id``."""
    return isinstance(value, dict) and "item_id" in value


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
