"""The hand-written checks against the schemas, on many mutated documents.

``plainly_valid_annotation`` and ``plainly_valid_predictions`` may skip the
schema validator only where the schema would accept the document: they must
never say True to an invalid one. Loading must therefore refuse exactly the
documents, with exactly the messages, that the schema validator alone
refuses.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from conftest import ITEMS, REPO
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spotdiff_eval.datasets import _loading, _predictions
from spotdiff_eval.datasets._plain_check import (
    SCHEMA_SHA256,
    in_use,
    plainly_valid_annotation,
    plainly_valid_predictions,
    schema_sha256,
)
from spotdiff_eval.datasets._schema import load_schema, precise_validator, schema_accepts
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

ANNOTATIONS = [RICH] + [
    json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((REPO / "data" / "annotations").glob("*.json"))
]

#: Predictions with every field the schema names, a free-form run, an empty answer.
RICH_PREDICTIONS: dict[str, Any] = {
    "schema_version": "1.0",
    "model": "a model",
    "run": {"note": "by hand"},
    "items": [
        {
            "item_id": "scene_0001_park",
            "differences": [
                {**PARK["differences"][0], "location": "top left", "confidence": 0.25},
                {"kind": "count_change", "subject": "apples", "from": 3, "to": "4"},
                {"kind": "object_added", "subject": "kite", "count": 1, "notes": "kept"},
            ],
        },
        {"item_id": "x", "differences": []},
    ],
}
PREDICTIONS = [RICH_PREDICTIONS] + [
    {**doc, "items": doc["items"][:3]}
    for doc in (
        json.loads((REPO / "predictions" / name).read_text(encoding="utf-8"))
        for name in ("example.json", "perfect.json")
    )
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
    {"item_id": "y", "differences": []},
    {"format": "spotdiff-run/1"},
]

#: Field names to add or overwrite anywhere: the schemas' and some they do not name.
NAMES = [
    *RICH,
    *RICH["differences"][0],
    *RICH_PREDICTIONS,
    "item_id",
    "location",
    "count",
    "format",
    "unknown",
]


@dataclass(frozen=True)
class Check:
    """One hand-written check, its schema, documents, and the loading that uses it."""

    schema: str
    plainly_valid: Callable[[Any], bool]
    bases: list[dict[str, Any]]
    load: Callable[[Any], object]
    patched: str  # where loading looks the check up

    def __repr__(self) -> str:
        return self.schema

    def loading_outcome(self, doc: Any) -> str:
        try:
            self.load(doc)
        except SpotDiffError as error:
            return error.one_line()
        return "ok"


CHECKS = [
    Check(
        "annotation",
        plainly_valid_annotation,
        ANNOTATIONS,
        lambda doc: _loading.annotation_from_json(doc, "a.json"),
        "spotdiff_eval.datasets._loading.plainly_valid_annotation",
    ),
    Check(
        "prediction",
        plainly_valid_predictions,
        PREDICTIONS,
        lambda doc: _predictions.predictions_from_json(doc, Path("p.json"), "0" * 64),
        "spotdiff_eval.datasets._predictions.plainly_valid_predictions",
    ),
]
ANNOTATION, PREDICTION = CHECKS


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


def accepts(check: Check, doc: Any, *, both: bool = False) -> bool:
    """The verdict of the compiled schema, which loading uses; ``both``: and of
    jsonschema's, which words the errors (slower), that must agree."""
    fast = schema_accepts(doc, check.schema)
    if both:
        assert precise_validator(load_schema(check.schema)).is_valid(doc) == fast
    return fast


@pytest.mark.parametrize(
    ("check", "base"),
    [(ANNOTATION, 0), (ANNOTATION, 1), (ANNOTATION, 2), (PREDICTION, 0), (PREDICTION, 1)],
    ids=repr,
)
def test_no_single_edit_makes_the_check_accept_what_the_schema_refuses(
    check: Check, base: int
) -> None:
    accepted = refused = 0
    for doc in single_edits(check.bases[base]):
        if not check.plainly_valid(doc):
            refused += 1
        elif accepts(check, doc):
            accepted += 1
        else:
            pytest.fail(f"the {check.schema} check accepted a document the schema refuses: {doc}")
    assert accepted > 10 and refused > 10  # both answers were exercised


@st.composite
def mutated(draw: st.DrawFn) -> tuple[Check, Any]:
    """A check, and one of its base documents after two to four random edits."""
    check = draw(st.sampled_from(CHECKS))
    doc = copy.deepcopy(draw(st.sampled_from(check.bases)))
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
    return check, doc


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=mutated())
def test_no_edits_make_the_check_accept_what_the_schema_refuses(case: tuple[Check, Any]) -> None:
    check, doc = case
    if check.plainly_valid(doc):
        assert accepts(check, doc, both=True), doc


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=mutated())
def test_loading_refuses_as_the_schema_alone_would(case: tuple[Check, Any]) -> None:
    check, doc = case
    with_check = check.loading_outcome(doc)
    with mock.patch(check.patched, return_value=False):
        assert check.loading_outcome(doc) == with_check


@pytest.mark.parametrize("check", CHECKS, ids=repr)
def test_the_plain_documents_pass_without_the_schema(check: Check) -> None:
    """The checks are worth having: the usual documents need no schema validator."""
    for doc in check.bases:
        assert check.plainly_valid(doc)
        assert check.loading_outcome(doc) == "ok"


def test_a_published_annotation_passes_without_the_schema() -> None:
    published = {**RICH, "differences": [{**RICH["differences"][0], "confidence": "low"}]}
    assert plainly_valid_annotation(published)


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
def test_annotations_outside_the_plain_case_go_to_the_schema(edit: dict[str, Any]) -> None:
    assert not plainly_valid_annotation({**RICH, **edit})


@pytest.mark.parametrize(
    "edit",
    [
        {"model": " "},
        {"run": {"format": "spotdiff-run/1"}},
        {"run": []},
        {"items": [{"item_id": "", "differences": []}]},
        {"items": [{"item_id": "a", "differences": [{"kind": "object_added"}]}]},
        {"items": [{"item_id": "a", "differences": [{"kind": "x", "subject": "kite"}]}]},
        {"schema_version": "2.0"},
    ],
)
def test_predictions_outside_the_plain_case_go_to_the_schema(edit: dict[str, Any]) -> None:
    assert not plainly_valid_predictions({**RICH_PREDICTIONS, **edit})


@pytest.mark.parametrize("check", CHECKS, ids=repr)
def test_a_check_stands_down_when_its_schema_changes(
    check: Check, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert schema_sha256(check.schema) == SCHEMA_SHA256[check.schema], (
        f"schemas/{check.schema}.schema.json changed: bring _plain_check.py in line with it, "
        "then set SCHEMA_SHA256 to the new schema_sha256()"
    )
    monkeypatch.setitem(SCHEMA_SHA256, check.schema, "0" * 64)
    in_use.cache_clear()
    try:
        assert not check.plainly_valid(check.bases[0])
    finally:
        monkeypatch.undo()
        in_use.cache_clear()
    assert check.plainly_valid(check.bases[0])
