"""Red team round 19: datasets ``spotdiff validate`` accepted though they were wrong.

Annotations that are valid JSON but nonsense, images that a viewer shows
otherwise than the checks read them, and a hand-made dataset that
``generate --force`` replaced.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import read_json, run_cli, write_json

from spotdiff_eval.validation._validate import validate_target

PARK, KITCHEN = "scene_0001_park", "scene_0002_kitchen"


def annotation_of(manifest: Path, item_id: str) -> Path:
    return (manifest.parent / "annotations" / f"{item_id}.json").resolve()


def image_of(manifest: Path, item_id: str) -> Path:
    return (manifest.parent / "images" / f"{item_id}.png").resolve()


def edit_difference(manifest: Path, item_id: str, index: int, **fields: Any) -> Path:
    path = annotation_of(manifest, item_id)
    data = read_json(path)
    data["differences"][index].update(fields)
    write_json(path, data)
    return path


# -- annotations: valid JSON, no question --------------------------------------------


@pytest.mark.parametrize(
    ("item_id", "index", "fields", "where", "what"),
    [
        (
            KITCHEN,
            0,
            {"from": 3, "to": "three"},
            "/differences/0",
            'count_change from "3" to "three" does not change: the count is the same '
            "in both panels",
        ),
        (
            KITCHEN,
            0,
            {"from": "4", "to": 4.0},
            "/differences/0",
            'count_change from "4" to "4" does not change: the count is the same in both panels',
        ),
        (
            PARK,
            0,
            {"from": "Red", "to": "red "},
            "/differences/0",
            'attribute_change from "Red" to "red" does not change: the value is the same '
            "in both panels",
        ),
        (
            PARK,
            1,
            {"subject": "___"},
            "/differences/1/subject",
            'subject "___" is empty once normalised (no letters or digits); '
            "no answer can match it by name",
        ),
        (
            PARK,
            1,
            {"id": "D01"},
            "/differences/1/id",
            'id "D01" differs only in case from "d01" (/differences/0/id)',
        ),
    ],
    ids=["count-words", "count-float", "attribute-case", "subject-punctuation", "id-case"],
)
def test_annotations_that_ask_nothing_are_refused(
    dataset_manifest: Path, item_id: str, index: int, fields: dict, where: str, what: str
) -> None:
    path = edit_difference(dataset_manifest, item_id, index, **fields)
    assert validate_target(dataset_manifest) == [f"{path}: {where}: {what}"]


def test_a_difference_listed_twice_is_refused(dataset_manifest: Path) -> None:
    path = annotation_of(dataset_manifest, PARK)
    data = read_json(path)
    twin = {**data["differences"][1], "id": "d03", "subject": "Playground-Flag"}
    elsewhere = {**twin, "id": "d04", "bbox": [60, 55, 90, 95]}  # a second flag: fine
    data["differences"] += [twin, elsewhere]
    write_json(path, data)
    assert validate_target(dataset_manifest) == [
        f"{path}: /differences/2: difference d03 repeats difference d02 (/differences/1): "
        "one change listed twice can be found only once"
    ]


def test_a_subject_of_filler_words_is_kept(dataset_manifest: Path) -> None:
    """A subject like "thing_0" is vague, not empty: hand-made sets name things so, and
    answers still match it by description."""
    edit_difference(dataset_manifest, KITCHEN, 0, subject="the_thing")
    assert validate_target(dataset_manifest) == []


def test_item_ids_differing_only_in_case_are_refused(dataset_manifest: Path) -> None:
    manifest = read_json(dataset_manifest)
    manifest["items"][1]["item_id"] = "SCENE_0001_PARK"
    write_json(dataset_manifest, manifest)
    path = annotation_of(dataset_manifest, KITCHEN)
    write_json(path, {**read_json(path), "item_id": "SCENE_0001_PARK"})
    assert validate_target(dataset_manifest) == [
        f'{dataset_manifest}: /items/1/item_id: item_id "SCENE_0001_PARK" differs only in '
        'case from "scene_0001_park" (/items/0/item_id)'
    ]


def test_every_nonsense_is_reported_at_once_on_the_command_line(dataset_manifest: Path) -> None:
    edit_difference(dataset_manifest, KITCHEN, 0, to=3)
    edit_difference(dataset_manifest, PARK, 0, to="RED")
    edit_difference(dataset_manifest, PARK, 1, subject="--")
    result = run_cli("validate", dataset_manifest)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("spotdiff: error:")]
    assert len(errors) == 3, result.stderr
