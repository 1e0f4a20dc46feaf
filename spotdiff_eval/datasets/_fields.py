"""Walking a document along its schema, field by field.

Two findings of ``spotdiff validate`` and one rule of loading read the same
walk: fields the schema does not name (kept, warned of) and optional fields
set to ``null`` (read as absent, warned of).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from ._schema import inlined_schema


class SchemaField(NamedTuple):
    """One field of a document, as :func:`schema_fields` reaches it."""

    path: list[Any]
    value: Any
    #: The schema the field's parent names it with; None for a field it does not name.
    schema: dict[str, Any] | None
    required: bool


def schema_fields(data: Any, schema_name: str) -> Iterator[SchemaField]:
    """Every field of ``data``'s objects, reached along the schema's ``properties`` and
    ``items`` (its local ``$ref``s inlined, as the validator sees it); the walk goes
    into the fields the schema names only, and not into free-form objects (no
    ``properties``). Unknown fields and optional nulls are both found by it."""
    return _fields(data, inlined_schema(schema_name), [])


def _fields(node: Any, schema: dict[str, Any], path: list[Any]) -> Iterator[SchemaField]:
    if isinstance(node, dict) and isinstance(schema.get("properties"), dict):
        known, required = schema["properties"], schema.get("required", ())
        for key, value in node.items():
            here = [*path, key]
            yield SchemaField(here, value, known.get(key), key in required)
            if key in known:
                yield from _fields(value, known[key], here)
    elif isinstance(node, list) and isinstance(schema.get("items"), dict):
        for index, value in enumerate(node):
            yield from _fields(value, schema["items"], [*path, index])
