"""Image limits and the pixel audit's coverage in `spotdiff validate`."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from conftest import run_cli
from PIL import Image

from spotdiff_eval.validation._dataset_checks import MAX_IMAGE_PIXELS
from spotdiff_eval.validation._validate import validate_target


def image_of(manifest: Path, item_id: str) -> Path:
    return (manifest.parent / "images" / f"{item_id}.png").resolve()


@pytest.mark.parametrize(
    ("size", "shown"),
    [
        # Above Pillow's warning threshold (89 Mpx): used to pass with the raw warning.
        ((10_000, 9_000), "10000x9000 = 90,000,000 pixels"),
        # Above twice that (179 Mpx), where Pillow itself refuses to open the file.
        ((15_000, 12_000), "180,000,000 pixels"),
        # Just above our own limit, far below Pillow's.
        ((10_000, 5_001), "10000x5001 = 50,010,000 pixels"),
    ],
    ids=["90mpx", "180mpx", "just-above"],
)
def test_too_large_image_is_one_clean_finding(
    dataset_manifest: Path, size: tuple[int, int], shown: str
) -> None:
    image = image_of(dataset_manifest, "scene_0002_kitchen")
    Image.new("1", size).save(image)  # one bit per pixel: small to make, large to decode
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        findings = validate_target(dataset_manifest)
    assert findings == [
        f"{image}: image is above the {MAX_IMAGE_PIXELS:,}-pixel limit ({shown}); not decoded"
    ]
    assert [str(w.message) for w in caught] == []


def test_the_limit_itself_is_accepted(dataset_manifest: Path) -> None:
    image = image_of(dataset_manifest, "scene_0002_kitchen")
    Image.new("1", (10_000, MAX_IMAGE_PIXELS // 10_000)).save(image)
    assert validate_target(dataset_manifest) == []


def test_no_pillow_warning_reaches_the_terminal(dataset_manifest: Path) -> None:
    image = image_of(dataset_manifest, "scene_0002_kitchen")
    Image.new("1", (10_000, 9_000)).save(image)
    result = run_cli("validate", dataset_manifest)
    assert result.returncode == 1
    assert "Warning" not in result.stderr and "warnings.warn" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("spotdiff: error:")]
    assert errors == [
        f"spotdiff: error: {image}: image is above the {MAX_IMAGE_PIXELS:,}-pixel limit "
        "(10000x9000 = 90,000,000 pixels); not decoded"
    ]


def test_items_the_pixel_audit_cannot_check_are_named(dataset_manifest: Path) -> None:
    """The tiny dataset's second item has neither panel_boxes nor bboxes (its
    first has both, but blank panels: the audit's other warnings are not checked here)."""
    findings = validate_target(dataset_manifest)
    assert findings == []
    assert [w for w in findings.warnings if "pixel audit" in w] == [
        f"{dataset_manifest}: pixel audit skipped for 1 of 2 items, whose annotations lack "
        "panel_boxes or a bbox for some difference (their changes cannot be located): "
        "scene_0002_kitchen"
    ]
