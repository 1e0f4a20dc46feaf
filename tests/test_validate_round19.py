"""Red team round 19: datasets ``spotdiff validate`` accepted though they were wrong.

Annotations that are valid JSON but nonsense, images that a viewer shows
otherwise than the checks read them, and a hand-made dataset that
``generate --force`` replaced.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import REPO, read_json, run_cli, write_json
from PIL import Image

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


def test_a_difference_listed_twice_is_warned_of(dataset_manifest: Path) -> None:
    """A warning, not an error: the item still scores, and a published dataset
    that loaded before must still load (``download`` refuses on errors)."""
    path = annotation_of(dataset_manifest, PARK)
    data = read_json(path)
    twin = {**data["differences"][1], "id": "d03", "subject": "Playground-Flag"}
    elsewhere = {**twin, "id": "d04", "bbox": [60, 55, 90, 95]}  # a second flag: fine
    data["differences"] += [twin, elsewhere]
    write_json(path, data)
    findings = validate_target(dataset_manifest)
    assert findings == []
    assert [w for w in findings.warnings if "repeats" in w] == [
        f"{path}: /differences/2: difference d03 repeats difference d02 (/differences/1): "
        "one change listed twice can be found only once"
    ]


def test_two_like_differences_told_apart_by_their_descriptions_are_fine(
    dataset_manifest: Path,
) -> None:
    """As published (no boxes), two birds added in two places differ only by
    their descriptions: two questions, not one listed twice."""
    path = annotation_of(dataset_manifest, PARK)
    data = read_json(path)
    bird = {"kind": "object_added", "subject": "bird"}
    data["differences"] += [
        {**bird, "id": "d03", "description": "A bird appears on the left branch."},
        {**bird, "id": "d04", "description": "A bird appears on the roof on the right."},
    ]
    write_json(path, data)
    findings = validate_target(dataset_manifest)
    assert findings == []
    assert not [w for w in findings.warnings if "repeats" in w]


def test_a_subject_of_filler_words_is_kept(dataset_manifest: Path) -> None:
    """A subject like "thing_0" is vague, not empty: hand-made sets name things so, and
    answers still match it by description."""
    edit_difference(dataset_manifest, KITCHEN, 0, subject="the_thing")
    assert validate_target(dataset_manifest) == []


def test_a_count_change_without_numbers_is_warned_of(dataset_manifest: Path) -> None:
    path = edit_difference(dataset_manifest, KITCHEN, 0, **{"from": "three", "to": "many"})
    findings = validate_target(dataset_manifest)
    assert findings == []
    assert (
        f'{path}: /differences/0/to: count_change to "many" states no number; answers\' '
        "counts cannot be checked against it"
    ) in findings.warnings


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


def test_file_names_differing_only_in_case_are_refused(dataset_manifest: Path) -> None:
    """Two files on Linux, one on macOS and Windows: the dataset passed here
    and lost an image or an annotation there."""
    data = dataset_manifest.parent
    (data / "images" / f"{KITCHEN}.png").rename(data / "images" / f"{PARK.upper()}.png")
    manifest = read_json(dataset_manifest)
    manifest["items"][1]["image"] = f"data/images/{PARK.upper()}.png"
    write_json(dataset_manifest, manifest)
    path = annotation_of(dataset_manifest, KITCHEN)
    write_json(path, {**read_json(path), "image": manifest["items"][1]["image"]})
    assert validate_target(dataset_manifest) == [
        f'{dataset_manifest}: /items/1/image: image "data/images/SCENE_0001_PARK.png" differs '
        'only in case from "data/images/scene_0001_park.png" (/items/0/image)'
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


# -- images: shown otherwise than read ------------------------------------------------


@pytest.mark.parametrize("image_format", ["PNG", "JPEG"])
def test_an_exif_orientation_is_warned_of(dataset_manifest: Path, image_format: str) -> None:
    """Orientation 6 shows the 200x100 side_by_side composite as 100x200,
    its panels stacked; the checks read it unturned and passed it silently.
    A warning: the published set's images are JPEG, and whether a model's
    image reader turns them depends on the provider."""
    image = image_of(dataset_manifest, PARK)
    exif = Image.Exif()
    exif[0x0112] = 6
    Image.new("RGB", (200, 100), "white").save(image, image_format, exif=exif.tobytes())
    findings = validate_target(dataset_manifest)
    assert findings == []
    assert [w for w in findings.warnings if "EXIF" in w] == [
        f"{image}: EXIF orientation 6: viewers show the image rotated 90° clockwise, the "
        "checks read it as stored; save the pixels as they should be seen, without the tag"
    ]


def test_an_animated_png_is_refused(dataset_manifest: Path) -> None:
    image = image_of(dataset_manifest, PARK)
    frames = [Image.new("RGB", (200, 100), colour) for colour in ("white", "red")]
    frames[0].save(image, "PNG", save_all=True, append_images=frames[1:])
    assert validate_target(dataset_manifest) == [
        f"{image}: animated PNG of 2 frames: viewers play it, the checks read the first "
        "frame only; save a single frame"
    ]


def unboxed_change(manifest: Path, make: Any) -> list[str]:
    """Validate PARK's image made by ``make(second_panel_region)``: the region
    (panel pixels x 10-40, y 60-90) lies outside both difference boxes."""
    make(image_of(manifest, PARK), (slice(60, 90), slice(110, 140)))
    return [f for f in validate_target(manifest) if "no difference's bbox covers" in f]


def test_16_bit_panels_are_compared_as_shown(dataset_manifest: Path) -> None:
    """Greys 10000 and 60000 of 65535 look dark and light; read through
    ``convert("RGB")`` both were white, and the unboxed change passed."""

    def make(path: Path, region: Any) -> None:
        pixels = np.full((100, 200), 10_000, dtype=np.uint16)
        pixels[region] = 60_000
        Image.fromarray(pixels).save(path)

    assert unboxed_change(dataset_manifest, make) == [
        f"{annotation_of(dataset_manifest, PARK)}: /differences: item {PARK}: 900 pixels "
        "change between the panels in region [10, 60, 40, 90] (panel pixels), which no "
        "difference's bbox covers"
    ]


@pytest.mark.parametrize(
    ("region_colour", "found"),
    [((255, 255, 255, 255), 1), ((0, 0, 0, 0), 0)],
    ids=["only-the-alpha-changes", "only-hidden-colour-changes"],
)
def test_transparent_panels_are_compared_as_shown(
    dataset_manifest: Path, region_colour: tuple[int, ...], found: int
) -> None:
    """Both panels are transparent white; in the region the second panel is
    (a) opaque white: shown otherwise but alike in RGB, it passed; (b) black
    under full transparency: shown alike, yet it was an error."""

    def make(path: Path, region: Any) -> None:
        pixels = np.zeros((100, 200, 4), dtype=np.uint8)
        pixels[...] = (255, 255, 255, 0)
        pixels[region] = region_colour
        Image.fromarray(pixels, "RGBA").save(path)

    assert len(unboxed_change(dataset_manifest, make)) == found


# -- images larger than their panels, or cut the other way ----------------------------


def test_an_image_with_room_for_a_third_panel_is_refused(dataset_manifest: Path) -> None:
    """panel_boxes fit a 300x100 image, whose last 100x100 models see unchecked."""
    Image.new("RGB", (300, 100), "white").save(image_of(dataset_manifest, PARK))
    assert validate_target(dataset_manifest) == [
        f"{annotation_of(dataset_manifest, PARK)}: /panel_boxes: the panels cover 20,000 of "
        "the 300x100 image's 30,000 pixels; the other 10,000 (more than half a panel) are "
        "shown to models but never checked"
    ]


def test_a_separator_between_the_panels_is_fine(dataset_manifest: Path) -> None:
    Image.new("RGB", (220, 110), "white").save(image_of(dataset_manifest, PARK))
    path = annotation_of(dataset_manifest, PARK)
    write_json(path, {**read_json(path), "panel_boxes": [[5, 5, 105, 105], [115, 5, 215, 105]]})
    assert validate_target(dataset_manifest) == []


def test_a_layout_the_image_shape_contradicts_is_warned_of(dataset_manifest: Path) -> None:
    """top_bottom on a 400x100 image: 400x50 panels, where side_by_side gives 200x100."""
    image = image_of(dataset_manifest, KITCHEN)
    Image.new("RGB", (400, 100), "white").save(image)
    findings = validate_target(dataset_manifest)
    assert findings == []
    assert (
        f"{image}: a 400x100 image cut top_bottom gives 400x50 panels, cut the other way "
        "200x100: is panel_layout right?"
    ) in findings.warnings


# -- manifest and annotations: one picture, two items ---------------------------------


@pytest.mark.parametrize("how", ["same-file", "copy"])
def test_two_items_showing_one_picture_are_warned_of(dataset_manifest: Path, how: str) -> None:
    """Both items' annotations agreed with the manifest, so each passed alone,
    though the two items ask two different answers of one picture. A warning:
    both still score, and a published set that loaded before must still load."""
    manifest = read_json(dataset_manifest)
    kitchen = manifest["items"][1]
    park_image = image_of(dataset_manifest, PARK)
    if how == "same-file":
        kitchen["image"] = "images/scene_0001_park.png"  # another spelling of it
    else:
        image_of(dataset_manifest, KITCHEN).write_bytes(park_image.read_bytes())
    kitchen["panel_layout"] = "side_by_side"
    write_json(dataset_manifest, manifest)
    path = annotation_of(dataset_manifest, KITCHEN)
    write_json(path, {**read_json(path), "image": kitchen["image"], "panel_layout": "side_by_side"})
    findings = validate_target(dataset_manifest)
    assert findings == []
    assert (
        f"{dataset_manifest}: /items/1/image: item {KITCHEN} shows the same picture as item "
        f"{PARK} (/items/0/image)"
    ) in findings.warnings


# -- every problem of an item, not only its annotation's first ------------------------


@pytest.mark.parametrize(
    ("fields", "where", "what"),
    [
        (
            {"item_id": "other"},
            "/item_id",
            'item_id "other" differs from the manifest\'s "scene_0002_kitchen"',
        ),
        (
            {"differences": [{"id": "d01", "kind": "moved", "subject": "apples"}]},
            "/differences/0/kind",
            "unknown kind",
        ),
    ],
    ids=["item-id", "schema"],
)
def test_an_unreadable_annotation_does_not_hide_the_image(
    dataset_manifest: Path, fields: dict, where: str, what: str
) -> None:
    """The image's problem came only once the annotation was fixed."""
    path = annotation_of(dataset_manifest, KITCHEN)
    write_json(path, {**read_json(path), **fields})
    image = image_of(dataset_manifest, KITCHEN)
    image.unlink()
    findings = validate_target(dataset_manifest)
    assert len(findings) == 2, findings
    assert findings[0].startswith(f"{path}: {where}: {what}")
    assert findings[1] == f"{image}: image of item {KITCHEN} not found"


def test_a_layout_disagreement_does_not_hide_the_annotations_other_problems(
    dataset_manifest: Path,
) -> None:
    path = annotation_of(dataset_manifest, KITCHEN)
    data = read_json(path)
    data["panel_layout"] = "side_by_side"
    data["differences"][0]["to"] = 3
    write_json(path, data)
    assert validate_target(dataset_manifest) == [
        f'{path}: /differences/0: count_change from "3" to "3" does not change: the count is '
        "the same in both panels",
        f'{path}: /panel_layout: panel_layout "side_by_side" differs from the manifest\'s '
        f'"top_bottom" ({dataset_manifest}: /items/1)',
    ]


# -- generate --force: only the generator's own work is replaced ----------------------


def files_under(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    ("copied", "why"),
    [
        (["dataset_version.json"], "manifest.json does not name the generator as its source"),
        (
            ["dataset_version.json", "manifest.json"],
            "annotations/scene_0001_park.json is not a file it writes",
        ),
    ],
    ids=["marker", "marker-and-manifest"],
)
def test_force_never_replaces_a_hand_made_dataset_with_a_copied_marker(
    dataset_manifest: Path, copied: list[str], why: str
) -> None:
    """The marker file of a generated set, copied into a hand-made one, made
    ``--force`` replace the hand-made annotations with generated ones."""
    data = dataset_manifest.parent
    for name in copied:
        (data / name).write_bytes((REPO / "data" / name).read_bytes())
    root = data.parent
    before = files_under(root)
    result = run_cli("generate", "--output", root, "--items", "1", "--force")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"spotdiff: error: {data}: holds a dataset that spotdiff generate did not write "
        f"({why}); choose an empty or new folder\n"
    )
    assert files_under(root) == before


@pytest.mark.parametrize("output", ["data", "data/images/new"])
def test_generate_refuses_an_output_inside_a_dataset(tmp_path: Path, output: str) -> None:
    """``--output data`` in a checkout (meant: ``--output .``) wrote data/data/
    and data/predictions/ into the bundled set, without --force."""
    for folder in ("data", "predictions"):
        (tmp_path / folder).mkdir()
        for path in (REPO / folder).rglob("*"):
            if path.is_file():
                target = tmp_path / path.relative_to(REPO)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(path.read_bytes())
    before = files_under(tmp_path)
    result = run_cli("generate", "--output", output, "--items", "1", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    holder = "data/manifest.json" if output == "data" else f"{tmp_path}/data/manifest.json"
    assert result.stderr == (
        f"spotdiff: error: {output}: lies in the dataset of {holder}; --output is the folder "
        "that will hold data/ (the dataset root), so choose one outside any dataset\n"
    )
    assert files_under(tmp_path) == before
