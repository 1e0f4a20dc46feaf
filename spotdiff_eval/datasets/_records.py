"""Schema-valid JSON objects to domain objects, for golden and predicted differences.

Both loaders and the tests build differences through these two functions, so a
prediction in a file and a prediction in a worked scoring case are read alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._domain import Difference, GoldDifference


def _text(value: Any) -> str | None:
    """``from``/``to`` may be numbers in a file (``"from": 0``); the scorer reads text."""
    if value is None:
        return None
    if (
        type(value) is str
    ):  # the common case, first: loading 80,000 differences calls this 320,000 times
        return value.strip() or None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value).strip()
    return text or None


def _stated(obj: Mapping[str, Any]) -> dict[str, Any]:
    """The fields a prediction and a gold share, read alike for both."""
    get = obj.get
    return {
        "kind": obj["kind"],
        "subject": obj["subject"].strip(),
        "attribute": _text(get("attribute")),
        "from_value": _text(get("from")),
        "to_value": _text(get("to")),
        "count": get("count"),
        "description": _text(get("description")),
    }


def difference_from_json(obj: Mapping[str, Any]) -> Difference:
    """A predicted difference from a schema-valid prediction object."""
    return Difference(**_stated(obj))


def box_from_json(values: Any) -> tuple[int, ...]:
    """A schema-valid box as integers. JSON Schema's "integer" takes ``10.0`` too
    (an export through floats, numpy's or JavaScript's, writes whole numbers so):
    kept as floats, they crashed validate's pixel audit with a traceback, the
    download of such a dataset with it (red team round 18)."""
    return tuple(int(value) for value in values)


def gold_difference_from_json(obj: Mapping[str, Any]) -> GoldDifference:
    """A golden difference from a schema-valid annotation object."""
    get = obj.get
    bbox, aliases = get("bbox"), get("aliases")
    return GoldDifference(
        **_stated(obj),
        id=obj["id"],
        # Most golds have none: no generator for them (80,000 golds at 10,000 items).
        aliases=tuple(a.strip() for a in aliases if a.strip()) if aliases else (),
        bbox=box_from_json(bbox) if bbox is not None else None,
        confidence=get("confidence"),
    )
