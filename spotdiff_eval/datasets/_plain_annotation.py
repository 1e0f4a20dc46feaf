"""A hand-written proof that an annotation is valid, for the plain common case.

Validating 10,000 annotations with the compiled schema took a third of the
loading time. This check answers True only for documents it can prove valid
against ``schemas/annotation.schema.json``; anything unusual (a float where
an integer is expected, ``1.0`` as a box coordinate, a field of the wrong
type) gets False, and the schema validator then decides and words the
error. The schema stays the single source of truth: the check is used only
while the schema's content is the one it was written for
(:data:`SCHEMA_SHA256`), and ``tests/test_plain_annotation.py`` compares
both on many mutated documents.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from typing import Any

from ._domain import KINDS
from ._schema import load_schema

#: sha256 of the canonical annotation schema this check was written for.
SCHEMA_SHA256 = "ff6562ff772dc5fac000294918679e2f28a335e18e7aaa92711d9c1437dbc87a"

#: The schema's patterns, compiled as fastjsonschema compiles them ($ -> \Z).
_ID = re.compile(r"^[A-Za-z0-9_.-]+\Z").search
_NOT_BLANK = re.compile(r"\S").search

_KINDS = frozenset(KINDS)
_LAYOUTS = frozenset({"side_by_side", "top_bottom"})
_CONFIDENCE_WORDS = frozenset({"low", "medium", "high"})
_REQUIRED = ("schema_version", "item_id", "image", "panel_layout", "differences")
#: Optional top-level text fields and their maxLength.
_TEXTS = {"review_status": 50, "license": 500, "source": 1000, "notes": 2000}


def schema_sha256() -> str:
    """sha256 of the annotation schema as loaded, independent of its formatting."""
    text = json.dumps(load_schema("annotation"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def in_use() -> bool:
    """True while the schema is the one this check was written for."""
    return schema_sha256() == SCHEMA_SHA256


def plainly_valid(data: Any) -> bool:
    """True only if ``data`` is certainly a valid annotation; False means "ask the schema"."""
    if type(data) is not dict or not in_use():
        return False
    for key in _REQUIRED:
        if key not in data:
            return False
    item_id, image = data["item_id"], data["image"]
    if (
        data["schema_version"] != "1.0"
        or type(item_id) is not str
        or len(item_id) > 200
        or not _ID(item_id)
        or type(image) is not str
        or not 1 <= len(image) <= 500
        or type(data["panel_layout"]) is not str
        or data["panel_layout"] not in _LAYOUTS
    ):
        return False
    for key, longest in _TEXTS.items():
        if key in data and not _text(data[key], longest):
            return False
    if "panel_order" in data and not _panel_order(data["panel_order"]):
        return False
    if "panel_boxes" in data:
        boxes = data["panel_boxes"]
        if type(boxes) is not list or len(boxes) != 2 or not all(map(_box, boxes)):
            return False
    differences = data["differences"]
    return type(differences) is list and bool(differences) and all(map(_difference, differences))


def _panel_order(value: Any) -> bool:
    return (
        type(value) is list
        and len(value) == 2
        and all(type(name) is str and 1 <= len(name) <= 50 for name in value)
    )


def _box(value: Any) -> bool:
    return (
        type(value) is list
        and len(value) == 4
        and all(type(number) is int and number >= 0 for number in value)
    )


def _text(value: Any, longest: int) -> bool:
    return type(value) is str and len(value) <= longest


def _value(value: Any) -> bool:
    """A ``from``/``to``: text of at most 200 characters, or a number."""
    kind = type(value)
    return (kind is str and len(value) <= 200) or kind is int or kind is float


def _difference(diff: Any) -> bool:
    if type(diff) is not dict or "id" not in diff or "kind" not in diff or "subject" not in diff:
        return False
    ident, kind, subject = diff["id"], diff["kind"], diff["subject"]
    if (
        type(ident) is not str
        or len(ident) > 100
        or not _ID(ident)
        or type(kind) is not str
        or kind not in _KINDS
        or type(subject) is not str
        or len(subject) > 200
        or not _NOT_BLANK(subject)
    ):
        return False
    if len(diff) == 3:
        return True
    if "attribute" in diff and not _text(diff["attribute"], 200):
        return False
    if "description" in diff and not _text(diff["description"], 2000):
        return False
    for key in ("from", "to"):
        if key in diff and not _value(diff[key]):
            return False
    if "count" in diff:
        count = diff["count"]
        if type(count) is not int or count < 1:
            return False
    if "confidence" in diff and not _confidence(diff["confidence"]):
        return False
    if "aliases" in diff:
        aliases = diff["aliases"]
        if type(aliases) is not list or len(aliases) > 50:
            return False
        if not all(type(alias) is str and len(alias) <= 200 for alias in aliases):
            return False
    return "bbox" not in diff or _box(diff["bbox"])


def _confidence(value: Any) -> bool:
    kind = type(value)
    if kind is str:
        return value in _CONFIDENCE_WORDS
    return (kind is int or kind is float) and 0 <= value <= 1
