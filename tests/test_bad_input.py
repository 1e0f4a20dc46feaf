"""Every kind of bad input is refused with the file, the place and the reason."""

from __future__ import annotations

import copy
import json
import os
import pathlib
import time
from pathlib import Path
from typing import Any

import fastjsonschema
import jsonschema
import pytest
from conftest import predictions_doc, read_json, write_json

from spotdiff_eval.datasets._loading import annotation_from_json, load_dataset
from spotdiff_eval.datasets._predictions import load_predictions
from spotdiff_eval.datasets._schema import load_schema, validate_document
from spotdiff_eval.errors import SpotDiffError


def refused(call: Any, *args: Any, **kwargs: Any) -> SpotDiffError:
    with pytest.raises(SpotDiffError) as info:
        call(*args, **kwargs)
    return info.value


def write_text(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def prediction_error(tmp_path: Path, edit: Any) -> str:
    doc = predictions_doc("a", "b", "c", "d")
    for item in doc["items"]:
        item["differences"] = [
            {"kind": "object_removed", "subject": "flag"},
            {"kind": "attribute_change", "subject": "car", "from": "red", "to": "blue"},
            {"kind": "count_change", "subject": "apples", "count": 2},
        ]
    edit(doc)
    path = write_json(tmp_path / "preds.json", doc)
    return refused(load_predictions, path).one_line()


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def edit(doc: dict[str, Any]) -> None:
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def _drop(path: tuple[Any, ...]) -> Any:
    def edit(doc: dict[str, Any]) -> None:
        target = doc
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return edit


D = ("items", 3, "differences", 0)

SCHEMA_CASES = [
    (
        "schema_version",
        _set(("schema_version",), "2.0"),
        '/schema_version: unsupported schema_version "2.0" (expected "1.0")',
    ),
    ("no schema_version", _drop(("schema_version",)), '/: missing required field "schema_version"'),
    (
        "unknown kind",
        _set(("items", 0, "differences", 2, "kind"), "moved"),
        '/items/0/differences/2/kind: unknown kind "moved" (expected one of object_added, '
        "object_removed, attribute_change, count_change)",
    ),
    (
        "empty subject",
        _set((*D, "subject"), ""),
        "/items/3/differences/0/subject: must not be empty",
    ),
    (
        "blank subject",
        _set((*D, "subject"), " \t\n"),
        "/items/3/differences/0/subject: must not be empty",
    ),
    (
        "count 0",
        _set((*D, "count"), 0),
        "/items/3/differences/0/count: must be an integer >= 1, found 0",
    ),
    (
        "count string",
        _set((*D, "count"), "3"),
        '/items/3/differences/0/count: must be an integer >= 1, found "3"',
    ),
    (
        "count true",
        _set((*D, "count"), True),
        "/items/3/differences/0/count: must be an integer >= 1, found true",
    ),
    (
        "count 1.5",
        _set((*D, "count"), 1.5),
        "/items/3/differences/0/count: must be an integer >= 1, found 1.5",
    ),
    (
        "differences object",
        _set(("items", 1, "differences"), {"kind": "object_added"}),
        "/items/1/differences: must be a list, found an object",
    ),
    ("items null", _set(("items",), None), "/items: must be a list, found null"),
    # An unknown field is a warning of ``spotdiff validate`` now
    # (tests/test_published_shape.py), no longer a loading error.
    (
        "missing subject",
        _drop(("items", 2, "differences", 1, "subject")),
        '/items/2/differences/1: missing required field "subject"',
    ),
    (
        "from boolean",
        _set((*D, "from"), False),
        "/items/3/differences/0/from: must be a string or a number, found false",
    ),
    (
        "confidence",
        _set((*D, "confidence"), 2),
        "/items/3/differences/0/confidence: must be a number between 0 and 1, found 2",
    ),
    (  # both branches named, never Python's repr (red team round 11)
        "confidence word",
        _set((*D, "confidence"), "High"),
        "/items/3/differences/0/confidence: must be a number between 0 and 1 or one of low, "
        'medium, high, found "High" (did you mean high?)',  # the hint: red team round 23
    ),
    (
        "long subject",
        _set((*D, "subject"), "x" * 201),
        "/items/3/differences/0/subject: must be at most 200 characters long, found 201",
    ),
    ("blank model", _set(("model",), "  "), "/model: must not be empty"),
    ("empty item_id", _set(("items", 0, "item_id"), ""), "/items/0/item_id: must not be empty"),
    ("run not object", _set(("run",), "secret"), '/run: must be an object, found "secret"'),
]


@pytest.mark.parametrize(
    ("edit", "expected"), [c[1:] for c in SCHEMA_CASES], ids=[c[0] for c in SCHEMA_CASES]
)
def test_prediction_schema_errors(tmp_path: Path, edit: Any, expected: str) -> None:
    assert prediction_error(tmp_path, edit) == f"{tmp_path / 'preds.json'}: {expected}"


@pytest.mark.parametrize("value", [True, False, 0, -1, "3", 2.5, None])
def test_both_validators_reject_bad_counts(value: Any) -> None:
    """The fast path and the precise path must agree, booleans included."""
    schema = copy.deepcopy(load_schema("prediction"))  # fastjsonschema rewrites its $refs
    doc = predictions_doc("a")
    doc["items"][0]["differences"][0]["count"] = value
    with pytest.raises(fastjsonschema.JsonSchemaValueException):
        fastjsonschema.compile(schema)(copy.deepcopy(doc))
    assert not jsonschema.Draft202012Validator(schema).is_valid(doc)
    error = refused(validate_document, doc, "prediction", "p.json")
    assert error.where == "/items/0/differences/0/count"


def test_valid_counts_pass_both_validators() -> None:
    schema = copy.deepcopy(load_schema("prediction"))  # fastjsonschema rewrites its $refs
    doc = predictions_doc("a")
    doc["items"][0]["differences"][0]["count"] = 1
    fastjsonschema.compile(schema)(doc)
    jsonschema.Draft202012Validator(schema).validate(doc)


# -- file-level problems -----------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    error = refused(load_predictions, tmp_path / "nope.json")
    assert error.one_line() == f"{tmp_path / 'nope.json'}: file not found"
    error = refused(load_dataset, tmp_path / "data" / "manifest.json")
    assert error.one_line() == f"{tmp_path / 'data' / 'manifest.json'}: file not found"


def test_invalid_json_names_line_and_column(tmp_path: Path) -> None:
    path = write_text(tmp_path / "p.json", '{\n  "schema_version": "1.0",\n  "model": x\n}')
    error = refused(load_predictions, path)
    assert (error.file, error.where) == (str(path), "line 3 column 12")
    assert error.what.startswith("invalid JSON: Expecting value")


def test_manifest_with_invalid_json(tmp_path: Path) -> None:
    path = write_text(tmp_path / "manifest.json", '{"items": [}')
    error = refused(load_dataset, path)
    assert (error.file, error.where) == (str(path), "line 1 column 12")


@pytest.mark.parametrize(
    ("text", "found"),
    [("[]", "a list"), ('"x"', "a string"), ("3", "a number"), ("null", "null")],
)
def test_json_that_is_not_an_object(tmp_path: Path, text: str, found: str) -> None:
    path = write_text(tmp_path / "p.json", text)
    assert refused(load_predictions, path).one_line() == (
        f"{path}: /: expected a JSON object, found {found}"
    )


def test_non_utf8_bytes(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b'{"schema_version": "1.0", "model": "caf\xe9"}')
    assert refused(load_predictions, path).one_line() == (
        f"{path}: line 1 column 40: not valid UTF-8 (byte 39 is 0xe9); save the file as UTF-8"
    )


def test_duplicate_json_keys(tmp_path: Path) -> None:
    path = write_text(tmp_path / "p.json", '{"schema_version": "1.0", "model": "a", "model": "b"}')
    assert refused(load_predictions, path).one_line() == (
        f"{path}: line 1 column 41: invalid JSON: duplicate key 'model'"
    )


def test_duplicate_key_in_a_nested_object_is_located(tmp_path: Path) -> None:
    """The repeated key of the right object: earlier objects use the same key once."""
    text = (
        '{"schema_version": "1.0", "model": "m", "items": [\n'
        '  {"item_id": "a", "differences": []},\n'
        '  {"item_id": "b", "differences": [{"kind": "object_added", "subject": "x",\n'
        '    "subj\\u0065ct": "y"}]}]}'
    )
    path = write_text(tmp_path / "p.json", text)
    assert refused(load_predictions, path).one_line() == (
        f"{path}: line 4 column 5: invalid JSON: duplicate key 'subject'"
    )


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity(tmp_path: Path, constant: str) -> None:
    doc = json.dumps(predictions_doc("a")).replace('"flag"}', f'"flag", "confidence": {constant}}}')
    # A string holding the word first: only the bare constant is the problem.
    doc = doc.replace('"model": "test-model"', '"model": "NaN Infinity"')
    path = write_text(tmp_path / "p.json", doc)
    column = doc.index(f": {constant}}}") + 3
    assert refused(load_predictions, path).one_line() == (
        f"{path}: line 1 column {column}: invalid JSON: {constant} is not valid JSON"
    )


LONE = "invalid JSON: a lone UTF-16 surrogate (half of a pair) cannot be stored as UTF-8"


@pytest.mark.parametrize(
    ("value", "column"),
    [
        ("x\\ud800y", 2),  # a high half alone
        ("x\\udc00y", 2),  # a low half alone
        ("\\ud800\\u0041", 1),  # a high half followed by something else
        ("\\ud83d \\ude00", 1),  # a pair with a space between is two halves
        ("\\\\\\ud800", 3),  # an escaped backslash, then the lone half
    ],
    ids=["high", "low", "high-then-other", "split-pair", "after-escaped-backslash"],
)
def test_lone_surrogate_is_refused_with_its_place(tmp_path: Path, value: str, column: int) -> None:
    path = write_text(tmp_path / "p.json", '{"schema_version": "1.0",\n "model": "' + value + '"}')
    assert refused(load_predictions, path).one_line() == (
        f"{path}: line 2 column {12 + column - 1}: {LONE}"
    )


@pytest.mark.parametrize(
    "value", ["\\ud83d\\ude00", "\\\\ud800", "plain \\u00e9"], ids=["pair", "escaped", "bmp"]
)
def test_surrogate_pairs_and_look_alikes_are_fine(tmp_path: Path, value: str) -> None:
    doc = json.dumps(predictions_doc("a")).replace('"model": "test-model"', f'"model": "{value}"')
    path = write_text(tmp_path / "p.json", doc)
    assert load_predictions(path).model == json.loads(f'"{value}"')


def test_lone_surrogate_in_an_annotation(dataset_manifest: Path) -> None:
    annotation = dataset_manifest.parent / "annotations" / "scene_0001_park.json"
    text = annotation.read_text(encoding="utf-8").replace('"red_car"', '"red_\\udfffcar"', 1)
    annotation.write_text(text, encoding="utf-8")
    error = refused(load_dataset, dataset_manifest)
    assert (error.file, error.what) == (str(annotation), LONE)
    assert error.where.startswith("line ")


def test_a_number_too_long_to_read_is_refused_where_it_stands(tmp_path: Path) -> None:
    path = write_text(tmp_path / "p.json", '{"model": "m",\n  "run": ' + "1" * 4301 + "}")
    assert refused(load_predictions, path).one_line() == (
        f"{path}: line 2 column 10: invalid JSON: a number too long to read"
    )


def test_a_long_number_is_found_outside_the_strings_before_it(tmp_path: Path) -> None:
    """Round 12's sweep: a long run of digits inside a string was pointed at instead."""
    text = '{"model": "' + "1" * 5000 + '",\n  "run": ' + "2" * 4400 + "}"
    path = write_text(tmp_path / "p.json", text)
    assert refused(load_predictions, path).where == "line 2 column 10"


def test_a_number_too_large_for_a_float_is_refused_where_it_stands(tmp_path: Path) -> None:
    """Red team round 11: 1e999 read as infinity, which no report or journal can write."""
    path = write_text(tmp_path / "p.json", '{"model": "m", "note": "1e999",\n  "run": -1e999}')
    assert refused(load_predictions, path).one_line() == (
        f"{path}: line 2 column 10: invalid JSON: -1e999 is too large for a number"
    )


def test_deeply_nested_json(tmp_path: Path) -> None:
    path = write_text(tmp_path / "p.json", '{"run": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert refused(load_predictions, path).one_line() == f"{path}: JSON nested too deeply"


def test_file_above_a_small_limit(tmp_path: Path) -> None:
    path = write_json(tmp_path / "p.json", predictions_doc("a"))
    size = path.stat().st_size
    assert refused(load_predictions, path, max_bytes=50).one_line() == (
        f"{path}: file is {size} bytes, above the 50-byte limit"
    )


def test_huge_sparse_file_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.json"
    path.touch()
    os.truncate(path, 500 * 1024 * 1024)

    def no_reading(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the file was opened")

    monkeypatch.setattr(pathlib.Path, "open", no_reading)
    monkeypatch.setattr(pathlib.Path, "read_bytes", no_reading)
    assert refused(load_predictions, path).one_line() == (
        f"{path}: file is 500.0 MiB, above the 64 MiB limit"
    )
    manifest = tmp_path / "manifest.json"
    os.link(path, manifest)
    assert "above the 64 MiB limit" in refused(load_dataset, manifest).what


def test_folder_instead_of_file(tmp_path: Path) -> None:
    assert refused(load_predictions, tmp_path).one_line() == (
        f"{tmp_path}: is a folder, expected a JSON file"
    )


def test_duplicate_item_ids_in_predictions(tmp_path: Path) -> None:
    path = write_json(tmp_path / "p.json", predictions_doc("a", "b", "a"))
    assert refused(load_predictions, path).one_line() == (
        f'{path}: /items/2/item_id: duplicate item_id "a" (first at /items/0)'
    )


# -- datasets ---------------------------------------------------------------------


def edit_manifest(manifest: Path, index: int, **fields: Any) -> None:
    data = read_json(manifest)
    data["items"][index].update(fields)
    write_json(manifest, data)


def test_duplicate_item_ids_in_manifest(dataset_manifest: Path) -> None:
    data = read_json(dataset_manifest)
    data["items"].append(dict(data["items"][0]))
    write_json(dataset_manifest, data)
    assert refused(load_dataset, dataset_manifest).one_line() == (
        f'{dataset_manifest}: /items/2/item_id: duplicate item_id "scene_0001_park" '
        "(first at /items/0)"
    )


def test_path_outside_the_dataset_root(dataset_manifest: Path) -> None:
    edit_manifest(dataset_manifest, 1, annotation="../../etc/passwd")
    error = refused(load_dataset, dataset_manifest)
    assert (error.file, error.where) == (str(dataset_manifest), "/items/1/annotation")
    assert error.what.startswith('path "../../etc/passwd" leads outside the dataset root')


def test_dotdot_that_stays_inside_the_root_is_fine(dataset_manifest: Path) -> None:
    edit_manifest(dataset_manifest, 0, annotation="../data/annotations/scene_0001_park.json")
    assert load_dataset(dataset_manifest).items[0].annotation_path.is_file()


def test_image_path_outside_the_root(dataset_manifest: Path) -> None:
    edit_manifest(dataset_manifest, 0, image="data/../../../secret.png")
    error = refused(load_dataset, dataset_manifest)
    assert (error.where, error.what.split(" leads")[0]) == (
        "/items/0/image",
        'path "data/../../../secret.png"',
    )


def test_symlink_escaping_the_root(dataset_manifest: Path, tmp_path: Path) -> None:
    outside = write_json(
        tmp_path / "outside.json",
        read_json(dataset_manifest.parent / "annotations/scene_0001_park.json"),
    )
    link = dataset_manifest.parent / "annotations/link.json"
    link.symlink_to(outside)
    edit_manifest(dataset_manifest, 0, annotation="data/annotations/link.json")
    error = refused(load_dataset, dataset_manifest)
    assert error.where == "/items/0/annotation" and "outside the dataset root" in error.what


@pytest.mark.parametrize("path", ["/etc/passwd", "C:\\data\\a.json", "\\\\server\\share\\a.json"])
def test_absolute_paths(dataset_manifest: Path, path: str) -> None:
    edit_manifest(dataset_manifest, 0, annotation=path)
    assert refused(load_dataset, dataset_manifest).one_line() == (
        f'{dataset_manifest}: /items/0/annotation: absolute path "{path}" is not allowed'
    )


def test_missing_annotation_file(dataset_manifest: Path) -> None:
    annotation = dataset_manifest.parent / "annotations/scene_0002_kitchen.json"
    annotation.unlink()
    assert refused(load_dataset, dataset_manifest).one_line() == (
        f"{dataset_manifest}: /items/1/annotation: annotation file not found: "
        f"{annotation.resolve()}"
    )


def test_manifest_schema_error(dataset_manifest: Path) -> None:
    edit_manifest(dataset_manifest, 1, panel_layout="diagonal")
    assert refused(load_dataset, dataset_manifest).one_line() == (
        f'{dataset_manifest}: /items/1/panel_layout: unknown panel_layout "diagonal" '
        "(expected one of side_by_side, top_bottom)"
    )


def edit_annotation(manifest: Path, item_id: str, edit: Any) -> Path:
    path = manifest.parent / "annotations" / f"{item_id}.json"
    data = read_json(path)
    edit(data)
    return write_json(path, data)


def test_annotation_schema_error_names_the_annotation(dataset_manifest: Path) -> None:
    path = edit_annotation(
        dataset_manifest, "scene_0001_park", lambda d: d["differences"][1].update(bbox=[1, 2, 3])
    )
    assert refused(load_dataset, dataset_manifest).one_line() == (
        f"{path}: /differences/1/bbox: must have exactly 4 entries, found 3"
    )


def test_annotation_needs_differences(dataset_manifest: Path) -> None:
    path = edit_annotation(
        dataset_manifest, "scene_0002_kitchen", lambda d: d.update(differences=[])
    )
    assert refused(load_dataset, dataset_manifest).one_line() == (
        f"{path}: /differences: must not be an empty list"
    )


def test_duplicate_gold_difference_ids(dataset_manifest: Path) -> None:
    path = edit_annotation(
        dataset_manifest, "scene_0001_park", lambda d: d["differences"][1].update(id="d01")
    )
    assert refused(load_dataset, dataset_manifest).one_line() == (
        f'{path}: /differences/1/id: duplicate id "d01" (first at /differences/0)'
    )


def test_annotation_item_id_must_match_the_manifest(dataset_manifest: Path) -> None:
    path = edit_annotation(
        dataset_manifest, "scene_0002_kitchen", lambda d: d.update(item_id="scene_9999")
    )
    assert refused(load_dataset, dataset_manifest).one_line() == (
        f'{path}: /item_id: item_id "scene_9999" differs from the manifest\'s '
        f'"scene_0002_kitchen" ({dataset_manifest}: /items/1)'
    )


def test_annotation_panel_layout_must_match_the_manifest(dataset_manifest: Path) -> None:
    path = edit_annotation(
        dataset_manifest, "scene_0002_kitchen", lambda d: d.update(panel_layout="side_by_side")
    )
    assert refused(load_dataset, dataset_manifest).one_line() == (
        f'{path}: /panel_layout: panel_layout "side_by_side" differs from the manifest\'s '
        f'"top_bottom" ({dataset_manifest}: /items/1)'
    )


def test_annotation_from_json_checks_the_schema() -> None:
    error = refused(annotation_from_json, {"schema_version": "1.0"}, "a.json")
    assert error.one_line() == 'a.json: /: missing required field "item_id"'


def test_error_deep_in_a_large_file_is_found_fast() -> None:
    """The precise message must not cost a full jsonschema pass over 100,000 differences."""
    doc = predictions_doc()
    doc["items"] = [
        {
            "item_id": f"item_{i:05d}",
            "differences": [{"kind": "object_removed", "subject": "flag"} for _ in range(10)],
        }
        for i in range(10_000)
    ]
    doc["items"][9_999]["differences"][9]["count"] = "3"
    started = time.perf_counter()
    error = refused(validate_document, doc, "prediction", "p.json")
    assert time.perf_counter() - started < 3
    assert error.one_line() == (
        'p.json: /items/9999/differences/9/count: must be an integer >= 1, found "3"'
    )


@pytest.mark.parametrize(
    ("schema", "doc"),
    [
        (
            "manifest",
            {
                "schema_version": "1.0",
                "dataset_name": "d",
                "dataset_version": "1",
                "items": [
                    {
                        "item_id": "a\n",
                        "image": "a.png",
                        "annotation": "a.json",
                        "panel_layout": "side_by_side",
                    }
                ],
            },
        ),
    ],
)
def test_dollar_does_not_match_before_a_final_newline(schema: str, doc: dict) -> None:
    """Python's ``$`` accepts "a\\n"; JSON Schema (ECMA-262) does not, nor do we."""
    assert refused(validate_document, doc, schema, "m.json").one_line() == (
        "m.json: /items/0/item_id: must be letters, digits, '.', '_' or '-' only, found \"a\\n\""
    )


def test_bad_bbox_value_is_located() -> None:
    doc = {
        "schema_version": "1.0",
        "item_id": "x",
        "image": "x.png",
        "panel_layout": "top_bottom",
        "differences": [
            {"id": "d01", "kind": "object_added", "subject": "cat", "bbox": [1, 2, -3, 4]}
        ],
    }
    assert refused(annotation_from_json, doc, "a.json").one_line() == (
        "a.json: /differences/0/bbox/2: must be an integer >= 0, found -3"
    )


def test_symlink_loop(dataset_manifest: Path) -> None:
    loop = dataset_manifest.parent / "annotations/loop.json"
    loop.symlink_to(loop)
    edit_manifest(dataset_manifest, 0, annotation="data/annotations/loop.json")
    error = refused(load_dataset, dataset_manifest)
    assert error.where == "/items/0/annotation"
    assert error.what.startswith('cannot resolve path "data/annotations/loop.json": ')


def test_linked_folder_escaping_the_root(dataset_manifest: Path, tmp_path: Path) -> None:
    """Folders' real paths are cached; a linked folder is still followed and refused."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    write_json(
        outside / "scene_0001_park.json",
        read_json(dataset_manifest.parent / "annotations/scene_0001_park.json"),
    )
    (dataset_manifest.parent / "linked").symlink_to(outside, target_is_directory=True)
    edit_manifest(dataset_manifest, 0, annotation="data/linked/scene_0001_park.json")
    error = refused(load_dataset, dataset_manifest)
    assert error.where == "/items/0/annotation" and "outside the dataset root" in error.what


def test_linked_file_inside_the_root_loads_from_its_target(dataset_manifest: Path) -> None:
    annotations = dataset_manifest.parent / "annotations"
    (annotations / "link.json").symlink_to(annotations / "scene_0001_park.json")
    edit_manifest(dataset_manifest, 0, annotation="data/annotations/link.json")
    item = load_dataset(dataset_manifest).items[0]
    assert item.annotation_path == (annotations / "scene_0001_park.json").resolve()


@pytest.mark.parametrize(
    "path", ["data/annotations/scene\x00.json", "data/annot\x00ations/scene_0001_park.json"]
)
def test_nul_character_in_a_path_is_a_one_line_error(dataset_manifest: Path, path: str) -> None:
    edit_manifest(dataset_manifest, 0, annotation=path)
    error = refused(load_dataset, dataset_manifest)
    assert error.where == "/items/0/annotation"


def test_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    assert refused(load_predictions, fifo).one_line() == (
        f"{fifo}: is a pipe, not a regular file; save what it gives to a file and name that"
    )


def test_empty_file(tmp_path: Path) -> None:
    path = write_text(tmp_path / "p.json", "")
    assert refused(load_predictions, path).one_line() == (
        f"{path}: line 1 column 1: invalid JSON: Expecting value"
    )
