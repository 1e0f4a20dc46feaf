"""The hand-written annotation check against the schema, on many mutated documents.

``plainly_valid`` may skip the schema validator only where the schema would
accept the document: it must never say True to an invalid one. Loading must
therefore refuse exactly the documents, with exactly the messages, that the
schema validator alone refuses.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import pytest
from conftest import ITEMS, REPO
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spotdiff_eval.datasets._loading import annotation_from_json
from spotdiff_eval.datasets._plain_annotation import (
    SCHEMA_SHA256,
    in_use,
    plainly_valid,
    schema_sha256,
)
from spotdiff_eval.datasets._schema import _fast_check, load_schema, precise_validator
from spotdiff_eval.errors import SpotDiffError

PARK = ITEMS["scene_0001_park"]
#: A document with every field the schema names, each at a plain value.
RICH: dict[str, Any] = {
    "schema_version": "1.0",
    "item_id": "scene_0001_park",
    "image": "data/images/scene_0001_park.png",
    "panel_layout": "side_by_side",
    **PARK["extra"],
    "license": "CC-BY-4.0",
    "source": "generator",
    "notes": "checked twice",
    "review_notes": "an unknown field, kept",
    "differences": [
        {**PARK["differences"][0], "aliases": ["sedan", "automobile"]},
        {"id": "d02", "kind": "count_change", "subject": "apples", "from": 3, "to": 4.5},
        {"id": "d-3.x", "kind": "object_added", "subject": "kite", "count": 2, "confidence": 0.5},
        {"id": "d04", "kind": "object_removed", "subject": " flag "},
    ],
}

BASES = [RICH] + [
    json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((REPO / "data" / "annotations").glob("*.json"))
]

#: Values at and around every boundary the schema draws.
VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    4,
    50,
    0.0,
    -0.0,
    0.5,
    1.0,
    1.5,
    -0.5,
    10.0,
    1e300,
    "",
    " ",
    "\n",
    "\t \u00a0\u2003",
    "\ufeff",
    "a",
    "a\n",
    "a b",
    "d01",
    "1.0",
    "1.0 ",
    "x" * 50,
    "x" * 51,
    "x" * 100,
    "x" * 101,
    "x" * 200,
    "x" * 201,
    "x" * 500,
    "x" * 501,
    "x" * 2000,
    "x" * 2001,
    "é",
    "low",
    "medium",
    "high",
    "High",
    "side_by_side",
    "top_bottom",
    "object_added",
    "count_change",
    [],
    ["a"],
    ["left", "right"],
    ["left", ""],
    [0, 0, 1, 1],
    [0, 0, 1, 1.0],
    [0, -1, 1, 1],
    [0, 0, 1],
    [0, 0, 1, 1, 1],
    [[0, 0, 1, 1], [1, 0, 2, 1]],
    [[0, 0, 1, 1]],
    ["x"] * 50,
    ["x"] * 51,
    {},
    {"id": "d09", "kind": "object_added", "subject": "kite"},
    {"id": "d09", "kind": "object_added"},
]

#: Field names to add or overwrite anywhere: the schema's and some it does not name.
NAMES = [
    *(key for key in RICH if key != "differences"),
    "differences",
    *RICH["differences"][0],
    "count",
    "unknown",
]


def nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every node of a JSON document, the root first."""
    out = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            out += nodes(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            out += nodes(child, (*path, index))
    return out


def at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def single_edits(doc: dict[str, Any]) -> Iterator[Any]:
    """Every document one edit away from ``doc``: each node replaced by each value
    or deleted, each field set to each value in each object, each list grown."""
    for path in nodes(doc):
        node = at(doc, path)
        if path:
            for value in VALUES:
                yield edited(doc, path, lambda parent, key, v=value: parent.__setitem__(key, v))
            yield edited(doc, path, lambda parent, key: parent.__delitem__(key))
        if isinstance(node, dict):
            for name in NAMES:
                for value in VALUES:
                    yield edited(doc, (*path, name), lambda p, k, v=value: p.__setitem__(k, v))
        if isinstance(node, list) and node:
            yield edited(doc, (*path, 0), lambda parent, key: parent.append(parent[key]))


def edited(doc: Any, path: tuple[Any, ...], change: Callable[[Any, Any], None]) -> Any:
    """A copy of ``doc`` with ``change(parent, key)`` applied where ``path`` leads."""
    copied = copy.deepcopy(doc)
    change(at(copied, path[:-1]), path[-1])
    return copied


def schema_accepts(doc: Any, *, both: bool = False) -> bool:
    """The verdict of the compiled schema, which loading uses; ``both``: and of
    jsonschema's, which words the errors (slower), that must agree."""
    fast = _fast_check("annotation")(doc) is None
    if both:
        assert precise_validator(load_schema("annotation")).is_valid(doc) == fast
    return fast


def loading_outcome(doc: Any) -> str:
    try:
        annotation_from_json(doc, "a.json")
    except SpotDiffError as error:
        return error.one_line()
    return "ok"


@pytest.mark.parametrize("base", range(3))  # the rich one and two bundled ones
def test_no_single_edit_makes_the_check_accept_what_the_schema_refuses(base: int) -> None:
    accepted = refused = 0
    for doc in single_edits(BASES[base]):
        if not plainly_valid(doc):
            refused += 1
        elif schema_accepts(doc):
            accepted += 1
        else:
            pytest.fail(f"plainly_valid accepted a document the schema refuses: {doc}")
    assert accepted > 10 and refused > 10  # both answers were exercised


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    """A base document after two to four random edits."""
    doc = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(2, 4))):
        paths = nodes(doc)
        path = draw(st.sampled_from(paths[1:])) if len(paths) > 1 else None
        if path is None:
            break
        node, value = at(doc, path), copy.deepcopy(draw(st.sampled_from(VALUES)))
        how = draw(st.sampled_from(["set", "delete", "add", "grow"]))
        parent = at(doc, path[:-1])
        if how == "set":
            parent[path[-1]] = value
        elif how == "delete":
            del parent[path[-1]]
        elif how == "add" and isinstance(node, dict):
            node[draw(st.sampled_from(NAMES))] = value
        elif how == "grow" and isinstance(node, list):
            node.append(value)
    return doc


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=mutated())
def test_no_edits_make_the_check_accept_what_the_schema_refuses(doc: Any) -> None:
    if plainly_valid(doc):
        assert schema_accepts(doc, both=True), doc


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=mutated())
def test_loading_refuses_as_the_schema_alone_would(doc: Any) -> None:
    with_check = loading_outcome(doc)
    with mock.patch("spotdiff_eval.datasets._loading.plainly_valid", return_value=False):
        assert loading_outcome(doc) == with_check


def test_the_plain_documents_pass_without_the_schema() -> None:
    """The check is worth having: the usual documents need no schema validator."""
    for doc in BASES:
        assert plainly_valid(doc)
        assert loading_outcome(doc) == "ok"
    published = {**RICH, "differences": [{**RICH["differences"][0], "confidence": "low"}]}
    assert plainly_valid(published)


@pytest.mark.parametrize(
    "edit",
    [
        {"schema_version": 1.0},
        {"review_status": None},
        {"panel_boxes": [[0, 0, 1.0, 1], [0, 0, 1, 1]]},
        {"differences": []},
        {"differences": [{"id": "d 1", "kind": "object_added", "subject": "kite"}]},
        {"differences": [{"id": "d1", "kind": "object_added", "subject": "kite", "count": True}]},
        {"differences": [{"id": "d1", "kind": "object_added", "subject": " \n"}]},
        {"differences": [{"id": "d1\n", "kind": "object_added", "subject": "kite"}]},
        {"differences": [{"id": "d1", "kind": "object_added", "subject": "k", "from": None}]},
    ],
)
def test_documents_outside_the_plain_case_go_to_the_schema(edit: dict[str, Any]) -> None:
    assert not plainly_valid({**RICH, **edit})


def test_the_check_stands_down_when_the_schema_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    assert schema_sha256() == SCHEMA_SHA256, (
        "schemas/annotation.schema.json changed: bring _plain_annotation.py's check in line "
        "with it, then set SCHEMA_SHA256 to the new schema_sha256()"
    )
    monkeypatch.setattr("spotdiff_eval.datasets._plain_annotation.SCHEMA_SHA256", "0" * 64)
    in_use.cache_clear()
    try:
        assert not plainly_valid(RICH)
    finally:
        monkeypatch.undo()
        in_use.cache_clear()
    assert plainly_valid(RICH)
