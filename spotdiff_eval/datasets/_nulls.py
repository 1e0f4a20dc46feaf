"""``null`` in an optional field, read as the field's absence.

Exports from the Hugging Face viewer or pandas, and models' own code that
dumps optional fields (``"attribute": null`` for an addition), write absent
fields as ``null``; the schemas name a type for each field and refused them
all, so a valid answer or annotation was refused for its style (red team
round 11). The loaders drop such fields before the schema is checked, and
``spotdiff validate`` lists them as warnings. A required field set to
``null`` is still missing, and refused as such.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import SpotDiffError, json_pointer
from ._fields import schema_fields
from ._schema import inlined_schema, validate_document


def null_fields(data: Any, schema_name: str) -> list[str]:
    """JSON pointers of the optional fields of ``data`` set to ``null``."""
    return [
        json_pointer(f.path)
        for f in schema_fields(data, schema_name)
        if f.value is None and f.schema is not None and not f.required
    ]


def without_nulls(data: Any, schema_name: str) -> Any:
    """``data`` without its optional fields set to ``null`` (a copy where any was dropped)."""
    return _dropped(data, inlined_schema(schema_name))


def _optional(schema: dict[str, Any], key: str) -> bool:
    return key in schema["properties"] and key not in schema.get("required", ())


def _dropped(node: Any, schema: dict[str, Any]) -> Any:
    if isinstance(node, dict) and isinstance(schema.get("properties"), dict):
        known = schema["properties"]
        return {
            key: _dropped(value, known[key]) if key in known else value
            for key, value in node.items()
            if not (value is None and _optional(schema, key))
        }
    if isinstance(node, list) and isinstance(schema.get("items"), dict):
        return [_dropped(value, schema["items"]) for value in node]
    return node


def validated(
    data: Any,
    schema_name: str,
    source: object,
    plainly_valid: Callable[[Any], bool] | None = None,
) -> Any:
    """``data`` checked against ``schemas/<schema_name>``, its optional nulls dropped if any.

    The common case costs nothing more: only a document the schema refuses
    is looked at for nulls, and checked again without them, so an error
    elsewhere in it is still the one reported.
    """
    if plainly_valid is not None and plainly_valid(data):
        return data
    try:
        validate_document(data, schema_name, source)
    except SpotDiffError:
        if not null_fields(data, schema_name):
            raise
        data = without_nulls(data, schema_name)
        if plainly_valid is None or not plainly_valid(data):
            validate_document(data, schema_name, source)
    return data
