"""`spotdiff validate` lists every schema error of a file (bounded), in a fixed order."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import REPO, predictions_doc, read_json, write_json

from spotdiff_eval.datasets._schema_errors import MAX_SCHEMA_ERRORS
from spotdiff_eval.validation._validate import validate_target

KIND = "(expected one of object_added, object_removed, attribute_change, count_change)"


def test_every_schema_error_of_a_predictions_file(tmp_path: Path) -> None:
    doc = predictions_doc("a", "b", "c")
    doc["items"][0]["differences"][0]["kind"] = "moved"
    doc["items"][2]["differences"][0].update(subject=" ", count=0)
    doc["model"] = 7
    path = write_json(tmp_path / "p.json", doc)
    assert validate_target(path) == [
        f"{path}: /model: must be a string, found 7",
        f'{path}: /items/0/differences/0/kind: unknown kind "moved" {KIND}',
        f"{path}: /items/2/differences/0/subject: must not be empty",
        f"{path}: /items/2/differences/0/count: must be an integer >= 1, found 0",
    ]


def test_errors_are_bounded_and_the_rest_counted(tmp_path: Path) -> None:
    doc = predictions_doc(*(f"i{n}" for n in range(MAX_SCHEMA_ERRORS + 7)))
    for item in doc["items"]:
        item["differences"][0]["kind"] = "moved"
    path = write_json(tmp_path / "p.json", doc)
    findings = validate_target(path)
    assert len(findings) == MAX_SCHEMA_ERRORS + 1
    assert findings[-2].startswith(f"{path}: /items/{MAX_SCHEMA_ERRORS - 1}/differences/0/kind")
    assert findings[-1] == f"{path}: 7 more schema errors not shown"


def test_every_schema_error_of_an_annotation_and_the_manifest(dataset_manifest: Path) -> None:
    annotation = dataset_manifest.parent / "annotations" / "scene_0002_kitchen.json"
    data = read_json(annotation)
    data["differences"][0].update(kind="moved", subject="")
    data["panel_layout"] = "diagonal"
    write_json(annotation, data)
    findings = validate_target(dataset_manifest)
    assert [f.split(": ", 2)[1] for f in findings] == [  # sorted by place
        "/differences/0/kind",
        "/differences/0/subject",
        "/panel_layout",
    ]
    manifest = read_json(dataset_manifest)
    manifest["dataset_name"] = ""
    manifest["items"][1]["panel_layout"] = "diagonal"
    write_json(dataset_manifest, manifest)
    assert [f.split(": ", 2)[1] for f in validate_target(dataset_manifest)] == [
        "/dataset_name",
        "/items/1/panel_layout",
    ]


def test_the_listing_does_not_depend_on_manifest_order(dataset_manifest: Path) -> None:
    for item_id in ("scene_0001_park", "scene_0002_kitchen"):
        annotation = dataset_manifest.parent / "annotations" / f"{item_id}.json"
        data = read_json(annotation)
        data.update(review_status="draft", schema_version="2.0")
        write_json(annotation, data)
    forward = validate_target(dataset_manifest)
    manifest = read_json(dataset_manifest)
    manifest["items"].reverse()
    write_json(dataset_manifest, manifest)
    backward = validate_target(dataset_manifest)
    assert len(forward) == 2 and forward == backward
    assert "scene_0001_park" in forward[0] and "scene_0002_kitchen" in forward[1]


def test_stdout_and_stderr_keep_their_order_in_one_stream() -> None:
    """`spotdiff validate x 2>&1 | less` shows warnings before the verdict."""
    result = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "validate", "predictions/example.json"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    lines = result.stdout.splitlines()
    assert result.returncode == 0, result.stdout
    assert lines[0].startswith("spotdiff: warning: predictions/example.json: /items: 1 of ")
    assert lines[1:] == ["predictions/example.json: valid"]
