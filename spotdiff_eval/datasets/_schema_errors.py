"""Every schema error of a document (bounded), for ``spotdiff validate``.

Loading stops at the first error (``schema.validate_document``); a person
fixing a file wants them all in one pass. Running jsonschema over a whole
100,000-difference file takes seconds, so the walk descends only into nodes
that fail: each child is first checked by a compiled fastjsonschema
validator, and only failing nodes are examined closely.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import SpotDiffError
from ._schema import (
    inlined_schema,
    precise_validator,
    schema_error,
    shallow_validator,
    uses_newer_keywords,
)

#: Errors listed per file; the rest are counted.
MAX_SCHEMA_ERRORS = 50
#: Counting stops here, so a file broken 100,000 times is still answered fast.
MAX_COUNTED = 10_000


@dataclass(frozen=True)
class SchemaErrors:
    """The first errors of one document, and how many more there are."""

    shown: tuple[SpotDiffError, ...]
    more: int
    #: True when counting stopped at MAX_COUNTED: ``more`` is a lower bound.
    more_is_lower_bound: bool = False

    def lines(self, source: object) -> list[str]:
        """One line per shown error, then one saying how many were not shown."""
        out = [error.one_line() for error in self.shown]
        if self.more:
            at_least = "at least " if self.more_is_lower_bound else ""
            out.append(
                SpotDiffError(
                    source, "", f"{at_least}{self.more} more schema errors not shown"
                ).one_line()
            )
        return out


def schema_errors(
    data: Any, schema_name: str, source: object, limit: int = MAX_SCHEMA_ERRORS
) -> SchemaErrors:
    """Up to ``limit`` errors of ``data`` against ``schemas/<schema_name>``, in document order."""
    found: list[SpotDiffError] = []
    total = _walk(data, inlined_schema(schema_name), [], source, found, limit)
    return SchemaErrors(
        shown=tuple(found), more=total - len(found), more_is_lower_bound=total >= MAX_COUNTED
    )


def _walk(
    node: Any,
    schema: dict[str, Any],
    path: list[Any],
    source: object,
    found: list[SpotDiffError],
    limit: int,
    total: int = 0,
) -> int:
    """Record the errors under ``node``; return the running count of errors."""
    if total >= MAX_COUNTED or _is_valid(schema, node):
        return total
    errors = shallow_validator(schema).iter_errors(node)
    own = sorted((schema_error(source, e, path) for e in errors), key=lambda e: (e.where, e.what))
    for error in own:
        if len(found) < limit:
            found.append(error)
        total += 1
    for key, child, subschema in _children(node, schema):
        total = _walk(child, subschema, [*path, key], source, found, limit, total)
    return total


def _children(node: Any, schema: dict[str, Any]) -> list[tuple[Any, Any, dict[str, Any]]]:
    """(key, value, subschema) for each child the schema says something about."""
    out = []
    if isinstance(node, dict):
        properties = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extra = schema.get("additionalProperties")
        for key, value in node.items():
            sub = properties.get(key)
            if sub is None:
                sub = next((s for p, s in patterns.items() if re.search(p, key)), None)
            if sub is None and isinstance(extra, dict):
                sub = extra
            if isinstance(sub, dict):
                out.append((key, value, sub))
    elif isinstance(node, list) and isinstance(schema.get("items"), dict):
        out = [(index, value, schema["items"]) for index, value in enumerate(node)]
    return out


#: Fast validity tests by ``id`` of the subschema: subschemas are dicts
#: (unhashable) that live as long as the cached inlined schema holding them.
_CHECKERS: dict[int, Callable[[Any], bool]] = {}


def _is_valid(schema: dict[str, Any], node: Any) -> bool:
    check = _CHECKERS.get(id(schema))
    if check is None:
        check = _CHECKERS[id(schema)] = _checker(schema)
    return check(node)


def _checker(schema: dict[str, Any]) -> Callable[[Any], bool]:
    if uses_newer_keywords(schema):
        return precise_validator(schema).is_valid
    import fastjsonschema  # only when a file has errors: a valid one never needs it

    compiled = fastjsonschema.compile(schema, use_default=False)

    def check(node: Any) -> bool:
        try:
            compiled(node)
        except fastjsonschema.JsonSchemaValueException:
            return False
        return True

    return check
