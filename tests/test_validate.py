"""``validate_target`` on predictions, datasets and submission folders."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from conftest import ITEMS, predictions_doc, read_json, write_json
from PIL import Image

from spotdiff_eval.validation._submission_checks import (
    PREDICTIONS_JSON_MAX_BYTES,
    SUBMISSION_JSON_MAX_BYTES,
)
from spotdiff_eval.validation._validate import detect_kind, validate_target

# -- datasets ----------------------------------------------------------------------


def annotation_path(manifest: Path, item_id: str) -> Path:
    return manifest.parent / "annotations" / f"{item_id}.json"


def image_path(manifest: Path, item_id: str) -> Path:
    return (manifest.parent / "images" / f"{item_id}.png").resolve()


def edit_annotation(manifest: Path, item_id: str, **fields: Any) -> Path:
    path = annotation_path(manifest, item_id)
    data = read_json(path)
    data.update(fields)
    return write_json(path, data).resolve()


def test_good_dataset_passes_by_manifest_or_folder(dataset_manifest: Path) -> None:
    root = dataset_manifest.parent.parent
    assert validate_target(dataset_manifest) == []
    assert validate_target(root) == []  # finds data/manifest.json
    assert validate_target(dataset_manifest.parent) == []  # finds manifest.json
    assert detect_kind(root) == "dataset"


def test_manifest_relative_dataset_passes(make_dataset, tmp_path: Path) -> None:
    assert validate_target(make_dataset(tmp_path / "flat", published=False)) == []


def test_missing_image(dataset_manifest: Path) -> None:
    image = image_path(dataset_manifest, "scene_0002_kitchen")
    image.unlink()
    assert validate_target(dataset_manifest) == [
        f"{image}: image of item scene_0002_kitchen not found"
    ]


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_bytes(b"this is not an image"),
        lambda p: p.write_bytes(p.read_bytes()[:60]),  # truncated PNG
    ],
    ids=["garbage", "truncated"],
)
def test_corrupt_image(dataset_manifest: Path, damage: Any) -> None:
    image = image_path(dataset_manifest, "scene_0001_park")
    damage(image)
    findings = validate_target(dataset_manifest)
    assert len(findings) == 1
    assert findings[0].startswith(f"{image}: not a readable PNG or JPEG image (")


def test_image_in_another_format(dataset_manifest: Path) -> None:
    image = image_path(dataset_manifest, "scene_0002_kitchen")
    Image.new("RGB", (100, 200)).save(image, format="GIF")
    assert validate_target(dataset_manifest) == [
        f"{image}: image format is GIF, expected PNG or JPEG"
    ]


def test_jpeg_is_accepted(dataset_manifest: Path) -> None:
    Image.new("RGB", (100, 200)).save(image_path(dataset_manifest, "scene_0002_kitchen"), "JPEG")
    assert validate_target(dataset_manifest) == []


def test_bbox_outside_its_panel(dataset_manifest: Path) -> None:
    # Panels are 100x100 (panel_boxes); x1 = 150 lies in the second panel's space.
    data = read_json(annotation_path(dataset_manifest, "scene_0001_park"))
    data["differences"][1]["bbox"] = [60, 5, 150, 50]
    path = edit_annotation(dataset_manifest, "scene_0001_park", differences=data["differences"])
    assert validate_target(dataset_manifest) == [
        f"{path}: /differences/1/bbox: box [60, 5, 150, 50] lies outside the panel (100x100 pixels)"
    ]


def test_bbox_checked_against_half_image_without_panel_boxes(dataset_manifest: Path) -> None:
    # top_bottom 100x200 image: each panel is 100x100.
    diffs = [
        {"id": "d01", "kind": "object_added", "subject": "cat", "bbox": [0, 90, 10, 120]},
        {"id": "d02", "kind": "object_added", "subject": "dog", "bbox": [5, 5, 5, 9]},
    ]
    path = edit_annotation(dataset_manifest, "scene_0002_kitchen", differences=diffs)
    assert validate_target(dataset_manifest) == [
        f"{path}: /differences/0/bbox: box [0, 90, 10, 120] lies outside the panel "
        "(100x100 pixels)",
        f"{path}: /differences/1/bbox: box [5, 5, 5, 9] is empty (x1 must exceed x0, "
        "and y1 exceed y0)",
    ]


@pytest.mark.parametrize(
    ("boxes", "where", "what"),
    [
        (
            [[0, 0, 100, 100], [100, 0, 201, 100]],
            "/panel_boxes/1",
            "box [100, 0, 201, 100] lies outside the image (200x100 pixels)",
        ),
        (
            [[0, 0, 100, 100], [50, 0, 150, 100]],
            "/panel_boxes",
            "the two panels overlap: [0, 0, 100, 100], [50, 0, 150, 100]",
        ),
        (
            [[0, 0, 100, 100], [100, 0, 190, 100]],
            "/panel_boxes",
            "the two panels differ in size: [0, 0, 100, 100], [100, 0, 190, 100]",
        ),
        (
            [[100, 0, 200, 100], [0, 0, 100, 100]],
            "/panel_boxes",
            "panel_layout is side_by_side but the second panel is not right of the first",
        ),
    ],
    ids=["outside", "overlap", "unequal", "order"],
)
def test_panel_boxes(dataset_manifest: Path, boxes: list, where: str, what: str) -> None:
    path = edit_annotation(dataset_manifest, "scene_0001_park", panel_boxes=boxes)
    assert validate_target(dataset_manifest) == [f"{path}: {where}: {what}"]


def test_review_status_and_panel_order(dataset_manifest: Path) -> None:
    manifest = read_json(dataset_manifest)
    manifest["review_status"] = "draft"
    write_json(dataset_manifest, manifest)
    path = edit_annotation(
        dataset_manifest,
        "scene_0001_park",
        review_status="needs_review",
        panel_order=["right", "left"],  # ["top", "bottom"] is a warning since round 21
    )
    assert validate_target(dataset_manifest) == [
        f'{dataset_manifest}: /review_status: review status is "draft", not "approved"',
        f"{path}: /panel_order: panel_order ['right', 'left'] puts the panels in reverse "
        "order: panel_layout side_by_side has the left panel first (expected ['left', 'right'])",
        f'{path}: /review_status: review status is "needs_review", not "approved"',
    ]


def test_every_broken_item_is_reported(dataset_manifest: Path) -> None:
    annotation_path(dataset_manifest, "scene_0001_park").unlink()
    path = edit_annotation(dataset_manifest, "scene_0002_kitchen", schema_version="2.0")
    findings = validate_target(dataset_manifest)
    assert findings == [
        f"{dataset_manifest}: /items/0/annotation: annotation file not found: "
        f"{annotation_path(dataset_manifest, 'scene_0001_park').resolve()}",
        f'{path}: /schema_version: unsupported schema_version "2.0" (expected "1.0")',
    ]


def test_broken_manifest_is_the_one_finding(dataset_manifest: Path) -> None:
    dataset_manifest.write_text("{", encoding="utf-8")
    findings = validate_target(dataset_manifest)
    assert len(findings) == 1
    assert findings[0].startswith(f"{dataset_manifest}: line 1 column 2: invalid JSON")


# -- predictions -------------------------------------------------------------------


def test_valid_predictions(tmp_path: Path, dataset_manifest: Path) -> None:
    path = write_json(tmp_path / "p.json", predictions_doc(*ITEMS))
    assert detect_kind(path) == "predictions"
    assert validate_target(path) == []
    assert validate_target(path, manifest=dataset_manifest) == []


def test_predictions_schema_error_is_one_finding(tmp_path: Path) -> None:
    doc = predictions_doc("a")
    doc["items"][0]["differences"][0]["kind"] = "moved"
    path = write_json(tmp_path / "p.json", doc)
    assert validate_target(path) == [
        f'{path}: /items/0/differences/0/kind: unknown kind "moved" (expected one of '
        "object_added, object_removed, attribute_change, count_change)"
    ]


def test_predictions_against_the_dataset(tmp_path: Path, dataset_manifest: Path) -> None:
    path = write_json(tmp_path / "p.json", predictions_doc("scene_0002_kitchen", "ghost"))
    findings = validate_target(path, manifest=dataset_manifest)
    assert findings == [f'{path}: /items/1/item_id: item "ghost" is not in dataset tiny 1.0']
    assert findings.warnings == [
        f"{path}: /items: 1 of 2 dataset items not answered: scene_0001_park"
    ]
    assert validate_target(path) == []  # without a dataset, nothing to compare


def test_missing_target_and_unknown_folder(tmp_path: Path) -> None:
    assert validate_target(tmp_path / "nope.json") == [f"{tmp_path / 'nope.json'}: not found"]
    (tmp_path / "empty").mkdir()
    assert validate_target(tmp_path / "empty") == [
        f"{tmp_path / 'empty'}: folder holds neither submission.json, manifest.json nor "
        "data/manifest.json"
    ]


def test_kind_can_be_forced(tmp_path: Path, dataset_manifest: Path) -> None:
    copy = write_json(tmp_path / "my-dataset.json", read_json(dataset_manifest))
    # Paths no longer resolve from tmp_path: the forced kind is what reports it.
    findings = validate_target(copy, kind="dataset")
    assert findings and findings[0].startswith(f"{copy}: /items/0/annotation:")
    with pytest.raises(ValueError, match="kind must be one of"):
        validate_target(copy, kind="report")


# -- submission folders ------------------------------------------------------------


def metadata(submission_id: str = "acme-vision-1", **extra: Any) -> dict[str, Any]:
    return {
        "schema_version": "1.0",
        "submission_id": submission_id,
        "model": {"name": "acme-vision", "version": "2025-01"},
        "organisation": "Acme",
        "runtime": "api",
        "submitter": "octocat",
        "date": "2025-03-01",
        "dataset": {"name": "tiny", "version": "1.0", "track": "dev"},
        "prompt": {"name": "spotdiff_v1", "sha256": "a" * 64},
        "links": [{"label": "Model card", "url": "https://example.org/acme"}],
        "notes": "Temperature 0.",
        **extra,
    }


def make_submission(
    parent: Path,
    submission_id: str = "acme-vision-1",
    items: tuple[str, ...] = tuple(ITEMS),
    **extra: Any,
) -> Path:
    folder = parent / "submissions" / submission_id
    write_json(folder / "submission.json", metadata(submission_id, **extra))
    write_json(folder / "predictions.json", predictions_doc(*items, model="acme-vision"))
    return folder


def test_good_submission(tmp_path: Path, dataset_manifest: Path) -> None:
    folder = make_submission(tmp_path)
    assert detect_kind(folder) == "submission"
    assert validate_target(folder) == []
    assert validate_target(folder, manifest=dataset_manifest) == []


def test_extra_hidden_and_nested_files(tmp_path: Path) -> None:
    folder = make_submission(tmp_path)
    (folder / "README.md").write_text("hi")
    (folder / ".DS_Store").write_bytes(b"")
    (folder / "extra").mkdir()
    assert validate_target(folder) == [
        f"{folder / '.DS_Store'}: hidden files are not allowed in a submission",
        f"{folder / 'README.md'}: unexpected file: a submission holds only submission.json "
        "and predictions.json",
        f"{folder / 'extra'}: subfolders are not allowed in a submission",
    ]


def test_symlinks_are_reported_not_followed(tmp_path: Path) -> None:
    folder = make_submission(tmp_path)
    target = tmp_path / "elsewhere.json"
    (folder / "predictions.json").rename(target)
    (folder / "predictions.json").symlink_to(target)
    assert validate_target(folder) == [
        f"{folder / 'predictions.json'}: symlinks are not allowed in a submission"
    ]
    link = tmp_path / "submissions" / "linked-folder"
    link.symlink_to(folder)
    assert validate_target(link) == [f"{link}: the submission folder is a symlink"]


@pytest.mark.parametrize("name", ["AB", "Upper-Case", "-starts-with-dash", "a" * 65, "x y z"])
def test_bad_submission_id(tmp_path: Path, name: str) -> None:
    folder = make_submission(tmp_path, submission_id=name.replace(" ", "_"))
    folder = folder.rename(folder.parent / name)
    findings = validate_target(folder)
    assert findings[0] == (
        f'{folder}: folder name "{name}" is not a valid submission id (3 to 64 lowercase '
        "letters, digits, '.', '_' or '-', starting with a letter or digit)"
    )


def test_submission_id_must_equal_the_folder(tmp_path: Path) -> None:
    folder = make_submission(tmp_path)
    write_json(folder / "submission.json", metadata("acme-vision-2"))
    assert validate_target(folder) == [
        f'{folder / "submission.json"}: /submission_id: "acme-vision-2" differs from the '
        'folder name "acme-vision-1"'
    ]


def test_oversized_files_are_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_submission(tmp_path)
    os.truncate(folder / "predictions.json", PREDICTIONS_JSON_MAX_BYTES + 1)
    os.truncate(folder / "submission.json", SUBMISSION_JSON_MAX_BYTES + 1)

    def no_reading(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an oversized file was opened")

    monkeypatch.setattr(Path, "open", no_reading)
    monkeypatch.setattr(Path, "read_bytes", no_reading)
    assert validate_target(folder) == [
        f"{folder / 'predictions.json'}: file is 16,777,217 bytes, above the 16,777,216-byte limit",
        f"{folder / 'submission.json'}: file is 65,537 bytes, above the 65,536-byte limit",
    ]


def test_model_mismatch(tmp_path: Path) -> None:
    folder = make_submission(tmp_path)
    write_json(folder / "predictions.json", predictions_doc(*ITEMS, model="other-model"))
    assert validate_target(folder) == [
        f'{folder / "predictions.json"}: /model: model "other-model" differs from '
        'submission.json\'s model name "acme-vision"'
    ]


def test_submission_schema_errors(tmp_path: Path) -> None:
    folder = make_submission(tmp_path, runtime="cloud")
    assert validate_target(folder) == [
        f'{folder / "submission.json"}: /runtime: unknown runtime "cloud" (expected one of '
        "api, local)"
    ]
    write_json(folder / "submission.json", metadata(date="2025-02-30"))
    assert validate_target(folder) == [
        f'{folder / "submission.json"}: /date: "2025-02-30" is not a calendar date'
    ]
    write_json(folder / "submission.json", metadata(links=[{"label": "x", "url": "http://a"}]))
    assert validate_target(folder) == [
        f'{folder / "submission.json"}: /links/0/url: must be an https:// URL, found "http://a"'
    ]


def test_missing_predictions_file(tmp_path: Path) -> None:
    folder = make_submission(tmp_path)
    (folder / "predictions.json").unlink()
    assert validate_target(folder) == [
        f"{folder / 'predictions.json'}: missing: a submission needs this file"
    ]


def test_unanswered_items_must_be_stated(tmp_path: Path, dataset_manifest: Path) -> None:
    folder = make_submission(tmp_path, items=("scene_0002_kitchen",))
    predictions = folder / "predictions.json"
    assert validate_target(folder, manifest=dataset_manifest) == [
        f"{predictions}: /items: 1 of 2 dataset items not answered (scene_0001_park); "
        'answer every item or state "unanswered_items": 1 in submission.json'
    ]
    write_json(folder / "submission.json", metadata(unanswered_items=1))
    assert validate_target(folder, manifest=dataset_manifest) == []
    write_json(folder / "submission.json", metadata(unanswered_items=0))
    assert validate_target(folder, manifest=dataset_manifest) == [
        f"{folder / 'submission.json'}: /unanswered_items: states 0 unanswered items, but "
        "predictions.json leaves 1 of 2 unanswered (scene_0001_park)"
    ]


def test_submission_for_another_dataset(tmp_path: Path, dataset_manifest: Path) -> None:
    folder = make_submission(
        tmp_path, dataset={"name": "spotdiff-v1-dev", "version": "1.0", "track": "dev"}
    )
    assert validate_target(folder, manifest=dataset_manifest) == [
        f"{folder / 'submission.json'}: /dataset: dataset spotdiff-v1-dev 1.0 differs from "
        f"the manifest's tiny 1.0 ({dataset_manifest})"
    ]


def test_annotation_image_must_match_the_manifest(dataset_manifest: Path) -> None:
    path = edit_annotation(dataset_manifest, "scene_0002_kitchen", image="data/images/other.png")
    assert validate_target(dataset_manifest) == [
        f'{path}: /image: image "data/images/other.png" differs from the manifest\'s '
        f'"data/images/scene_0002_kitchen.png" ({dataset_manifest}: /items/1/image)'
    ]


def test_nulls_are_warnings_in_the_manifest_and_never_errors(
    dataset_manifest: Path, tmp_path: Path
) -> None:
    """Round 12's sweep: manifest nulls passed without a word, and a null beside a real
    error was listed as an error too."""
    manifest = read_json(dataset_manifest)
    manifest["review_status"] = None
    write_json(dataset_manifest, manifest)
    findings = validate_target(dataset_manifest)
    assert list(findings) == []
    assert any("/review_status: optional field set to null" in w for w in findings.warnings)

    doc = predictions_doc("a")
    doc["items"][0]["differences"] = [
        {"kind": "object_removed", "subject": "flag", "count": None, "from": [1]}
    ]
    path = write_json(tmp_path / "p.json", doc)
    errors = list(validate_target(path))
    assert len(errors) == 1 and "/items/0/differences/0/from" in errors[0]
