"""A hand-written proof that an annotation or predictions file is valid, for the plain case.

Validating 10,000 annotations with the compiled schema took a third of the
loading time, and a 10,000-item predictions file a third of its own. These
checks answer True only for documents they can prove valid against
``schemas/annotation.schema.json`` or ``schemas/prediction.schema.json``;
anything unusual (a float where an integer is expected, ``1.0`` as a box
coordinate, a field of the wrong type) gets False, and the schema validator
then decides and words the error. The schemas stay the single source of
truth: a check is used only while its schema's content is the one it was
written for (:data:`SCHEMA_SHA256`), and ``tests/test_plain_check.py``
compares both on many mutated documents.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from typing import Any

from ._domain import KINDS
from ._resources import schema_path
from ._schema import schema_accepts

#: sha256 of each canonical schema the checks were written for.
SCHEMA_SHA256 = {
    "annotation": "ff6562ff772dc5fac000294918679e2f28a335e18e7aaa92711d9c1437dbc87a",
    "prediction": "0b652379daf819f684e94c0c10fc525c0fda2037c6e80be82713fdd441b86841",
}

#: The schemas' patterns, compiled as fastjsonschema compiles them ($ -> \Z).
_ID = re.compile(r"^[A-Za-z0-9_.-]+\Z").search
_NOT_BLANK = re.compile(r"\S").search

_KINDS = frozenset(KINDS)
_LAYOUTS = frozenset({"side_by_side", "top_bottom"})
_CONFIDENCE_WORDS = frozenset({"low", "medium", "high"})
_REQUIRED = ("schema_version", "item_id", "image", "panel_layout", "differences")
#: Optional top-level text fields of an annotation and their maxLength.
_TEXTS = {"review_status": 50, "license": 500, "source": 1000, "notes": 2000}


def schema_sha256(schema_name: str) -> str:
    """sha256 of a schema file's content, independent of its formatting.

    Read from the file, not from ``load_schema``'s shared copy, which a caller
    could have changed in place (``fastjsonschema.compile`` rewrites $refs).
    """
    data = json.loads(schema_path(schema_name).read_text(encoding="utf-8"))
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def in_use(schema_name: str) -> bool:
    """True while the schema is the one its check was written for."""
    return schema_sha256(schema_name) == SCHEMA_SHA256[schema_name]


def plainly_valid_annotation(data: Any) -> bool:
    """True only if ``data`` is certainly a valid annotation; False: "ask the schema"."""
    if type(data) is not dict or not in_use("annotation"):
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
    return type(differences) is list and bool(differences) and all(map(_gold, differences))


def plainly_valid_predictions(data: Any) -> bool:
    """True only if ``data`` is certainly a valid predictions file; False: "ask the schema".

    The items, nearly all of the file, are checked here; the rest (the top
    level and any ``run`` object, whose if/then rules are best left to the
    schema) by the compiled schema, on a copy with no items. That split is
    exact because the schema asks of ``items`` only that it be a list of
    valid items (the pinned hash keeps it so).
    """
    if type(data) is not dict or not in_use("prediction"):
        return False
    items = data.get("items")
    if type(items) is not list or not all(map(_predicted_item, items)):
        return False
    return schema_accepts({**data, "items": []}, "prediction")


def _predicted_item(item: Any) -> bool:
    if type(item) is not dict or "item_id" not in item or "differences" not in item:
        return False
    item_id, differences = item["item_id"], item["differences"]
    return (
        type(item_id) is str
        and 1 <= len(item_id) <= 200
        and type(differences) is list
        and all(map(_predicted_difference, differences))
    )


def _predicted_difference(diff: Any) -> bool:
    if not _stated(diff):
        return False
    return "location" not in diff or _text(diff["location"], 200)


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


def _gold(diff: Any) -> bool:
    if not _stated(diff) or "id" not in diff:
        return False
    ident = diff["id"]
    if type(ident) is not str or len(ident) > 100 or not _ID(ident):
        return False
    if len(diff) == 3:  # id, kind and subject only
        return True
    if "aliases" in diff:
        aliases = diff["aliases"]
        if type(aliases) is not list or len(aliases) > 50:
            return False
        if not all(type(alias) is str and len(alias) <= 200 for alias in aliases):
            return False
    return "bbox" not in diff or _box(diff["bbox"])


def _stated(diff: Any) -> bool:
    """The fields a gold and a predicted difference share, as both schemas define them."""
    if type(diff) is not dict or "kind" not in diff or "subject" not in diff:
        return False
    kind, subject = diff["kind"], diff["subject"]
    if (
        type(kind) is not str
        or kind not in _KINDS
        or type(subject) is not str
        or len(subject) > 200
        or not _NOT_BLANK(subject)
    ):
        return False
    if len(diff) == 2:  # kind and subject only
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
    return "confidence" not in diff or _confidence(diff["confidence"])


def _confidence(value: Any) -> bool:
    kind = type(value)
    if kind is str:
        return value in _CONFIDENCE_WORDS
    return (kind is int or kind is float) and 0 <= value <= 1
