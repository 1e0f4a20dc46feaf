"""Fields a document carries that its schema does not name.

Dataset and prediction schemas accept unknown fields: the published
spotdiff-v1-dev annotations carry a top-level ``review_notes`` that the
bundled schema did not know, and refusing it made the public set unusable.
Accepting silently would hide typos (``"atribute"``), so ``spotdiff
validate`` lists each unknown field as a warning, found here by walking the
document along the schema (``datasets.schema_fields``).
Free-form objects (a schema without ``properties``, such as a prediction's
hand-made ``run``) are not looked into.
"""

from __future__ import annotations

from typing import Any

from ..datasets import null_fields, schema_fields
from ..errors import json_pointer
from ._findings import Findings

#: How many unknown fields a file lists, and how many annotation files of a
#: dataset are listed with theirs, before summarising: a dataset of 10,000
#: annotations with the same extra field must not print 10,000 lines.
MAX_UNKNOWN_LISTED = 5


def unknown_fields(data: Any, schema_name: str) -> list[str]:
    """JSON pointers of every field in ``data`` that ``schemas/<schema_name>`` does not name."""
    return [json_pointer(f.path) for f in schema_fields(data, schema_name) if f.schema is None]


def warn_unknown_fields(findings: Findings, source: object, data: Any, schema_name: str) -> bool:
    """Add one warning naming ``data``'s unknown fields: the first at ``<where>``, then the rest.

    Returns whether there were any, so a caller can stop listing files.
    """
    pointers = unknown_fields(data, schema_name)
    return _warn_listed(findings, source, pointers, "unknown field", "kept, not read by the scorer")


def warn_null_fields(findings: Findings, source: object, data: Any, schema_name: str) -> bool:
    """Add one warning naming ``data``'s optional fields set to ``null`` (read as absent)."""
    pointers = null_fields(data, schema_name)
    return _warn_listed(findings, source, pointers, "optional field set to null", "read as absent")


def _warn_listed(
    findings: Findings, source: object, pointers: list[str], what: str, outcome: str
) -> bool:
    if not pointers:
        return False
    others = pointers[1:]
    also = ""
    if others:
        shown = ", ".join(others[: MAX_UNKNOWN_LISTED - 1])
        rest = len(others) - (MAX_UNKNOWN_LISTED - 1)
        also = f" (also {shown}{f' and {rest} more' if rest > 0 else ''})"
    findings.warn(source, pointers[0], f"{what}{also}: {outcome}")
    return True
