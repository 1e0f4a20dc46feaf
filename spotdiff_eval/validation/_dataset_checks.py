"""Dataset checks for ``spotdiff validate``: manifest, annotations, images, geometry, grounding.

Every item is checked even when an earlier one is broken, so a maintainer
sees all problems of a hand-made dataset at once.
"""

from __future__ import annotations

import hashlib
import re
import warnings
from pathlib import Path

from PIL import Image

from .._util.folders import special_kind
from .._util.lfs import POINTER_PROBLEM, starts_as_pointer
from ..datasets import (
    Annotation,
    Box,
    DatasetItem,
    LoadedItem,
    Manifest,
    encoded_hint,
    null_fields,
    read_json,
    read_manifest,
)
from ..errors import SpotDiffError
from ._annotation_checks import annotation_findings, case_clashes
from ._extra_fields import (
    MAX_UNKNOWN_LISTED,
    unknown_fields,
    warn_null_fields,
    warn_unknown_fields,
)
from ._findings import MAX_LISTED, Findings, listing, review_status_findings, schema_findings
from ._grounding import (
    as_displayed,
    check_grounding,
    crop_panels,
    shown_otherwise_than_stored,
    turned_by_exif,
)
from ._image_name import image_name_findings
from ._panel_order import panel_order_findings

#: Largest image ``validate`` decodes: 50 million pixels, e.g. two 5000x5000
#: panels. The size is read from the header first: a 120-Mpx PNG of a few
#: hundred KiB used to pass with Pillow's raw DecompressionBombWarning after
#: half a gigabyte of decoding (1.3 GB and 6.5 s for larger ones).
MAX_IMAGE_PIXELS = 50_000_000

#: Pillow's names for the formats a dataset image may have. A JPEG that carries
#: more pictures after the first in an MPF segment (a phone photo's HDR gain
#: map or depth map, Android's Ultra HDR) is opened as "MPO": it is a JPEG
#: file all the same, the first picture is the image, and it was refused.
IMAGE_FORMATS = frozenset({"PNG", "JPEG", "MPO"})

# -- dataset -------------------------------------------------------------------


#: Fields a dataset may carry that scoring does not read, each warned of per file
#: for the first few files: unknown fields, and optional fields set to null.
_ODD_FIELDS = {
    "unknown fields": (warn_unknown_fields, unknown_fields),
    "optional fields set to null": (warn_null_fields, null_fields),
}


def validate_dataset(manifest_path: Path) -> Findings:
    """Manifest, every annotation, every image, and their geometry; sorted by file and place."""
    try:
        manifest = read_manifest(manifest_path)
    except SpotDiffError as exc:
        return Findings(schema_findings(exc, "manifest"))
    findings = Findings()
    review_status_findings(findings, manifest.path, manifest.data.get("review_status"))
    warn_unknown_fields(findings, manifest.path, manifest.data, "manifest")
    warn_null_fields(findings, manifest.path, read_json(manifest.path), "manifest")
    for key in ("item_id", "image", "annotation"):  # one file on macOS and Windows
        case_clashes(findings, manifest.path, [e[key] for e in manifest.entries], "/items", key)
    # annotations listed with their unknown fields, or their nulls, and those beyond
    listed = dict.fromkeys(_ODD_FIELDS, 0)
    unlisted = dict.fromkeys(_ODD_FIELDS, 0)
    unaudited: list[str] = []
    pictures: dict[bytes, int] = {}  # image file digest -> first manifest index showing it
    for index in range(len(manifest.entries)):
        try:
            loaded = manifest.load_item(index, cross_check=False)
        except SpotDiffError as exc:
            about_manifest = exc.file == str(manifest.path)
            findings += schema_findings(exc, "manifest" if about_manifest else "annotation")
            _image_alone(findings, manifest, index, pictures)
            continue
        item = loaded.item
        for problem in manifest.disagreements(index, loaded.annotation, item.annotation_path):
            findings.append(problem.one_line())
        _item_findings(findings, manifest, index, loaded)
        _shared_picture(findings, manifest, index, item, pictures)
        for what, (warn, found) in _ODD_FIELDS.items():
            if listed[what] < MAX_UNKNOWN_LISTED:
                listed[what] += warn(
                    findings, loaded.item.annotation_path, loaded.raw, "annotation"
                )
            elif found(loaded.raw, "annotation"):
                unlisted[what] += 1
        if not _locatable(loaded.annotation):
            unaudited.append(loaded.item.item_id)
    for what, more in unlisted.items():
        if more:
            findings.warn(manifest.path, "/items", f"{more} more annotations carry {what}")
    if unaudited:
        findings.warn(
            manifest.path,
            "",
            f"pixel audit skipped for {len(unaudited)} of {len(manifest.entries)} items, "
            "whose annotations lack panel_boxes or a bbox for some difference (their "
            f"changes cannot be located): {listing(sorted(unaudited))}",
        )
    findings.sort_naturally(first=manifest.path)
    return findings


def _image_alone(
    findings: Findings, manifest: Manifest, index: int, pictures: dict[bytes, int]
) -> None:
    """The image of an item whose annotation cannot be read: its problems were
    hidden behind the annotation's, and came one run later (red team round 19)."""
    entry = manifest.entries[index]
    try:
        path = manifest.resolve(index, "image", must_exist=False)
    except SpotDiffError:
        return  # the image path itself is the problem, already reported
    item = DatasetItem(
        item_id=entry["item_id"],
        image_path=path,
        annotation_path=manifest.path,  # not read: only the image is checked
        panel_layout=entry["panel_layout"],
    )
    _image_size(findings, item)
    _shared_picture(findings, manifest, index, item, pictures)


def _shared_picture(
    findings: Findings,
    manifest: Manifest,
    index: int,
    item: DatasetItem,
    pictures: dict[bytes, int],
) -> None:
    """Two items showing one picture (one file, a link or a copy) ask two
    different answers of it: each item's golds contradict the other's (red team
    round 19; one file under two spellings passed, as did a copy). A warning:
    both items still score, and a published dataset that loaded before must
    still load."""
    if not item.image_path.is_file():
        return  # reported by the image checks; a FIFO would block
    try:
        with item.image_path.open("rb") as file:
            digest = hashlib.file_digest(file, "sha256").digest()
    except OSError:
        return  # reported by the image checks
    first = pictures.setdefault(digest, index)
    if first != index:
        findings.warn(
            manifest.path,
            f"/items/{index}/image",
            f"item {item.item_id} shows the same picture as item "
            f"{manifest.entries[first]['item_id']} (/items/{first}/image)",
        )


def _locatable(annotation: Annotation) -> bool:
    """Whether the pixel audit can run: panels and every difference have boxes."""
    return annotation.panel_boxes is not None and all(
        d.bbox is not None for d in annotation.differences
    )


def _item_findings(findings: Findings, manifest: Manifest, index: int, loaded: LoadedItem) -> None:
    item, annotation, raw = loaded.item, loaded.annotation, loaded.raw
    source = item.annotation_path
    review_status_findings(findings, source, annotation.review_status)
    annotation_findings(findings, source, annotation)
    image_name_findings(findings, source, annotation.image, manifest, index)
    panel_order_findings(findings, source, raw.get("panel_order"), item.panel_layout)
    size = _image_size(findings, item)
    before = len(findings)
    _geometry_findings(findings, item, annotation, size)
    if size is not None and len(findings) == before and _locatable(annotation):
        _grounding_findings(findings, item, annotation)


def _not_a_file(path: Path) -> str:
    """Why ``path`` is no image file: a folder or a FIFO was "not found" (red team round 20)."""
    if path.is_dir():
        return "is a folder, not an image file"
    kind = special_kind(path)
    return (
        f"is {kind}, not an image file"
        if kind is not None
        else "not found" + encoded_hint(str(path))
    )


def _image_size(findings: Findings, item: DatasetItem) -> tuple[int, int] | None:
    """The image's (width, height) if it is a readable PNG or JPEG within
    :data:`MAX_IMAGE_PIXELS`; else a finding. The size comes from the header,
    before anything is decoded."""
    path = item.image_path
    if not path.is_file():
        findings.add(path, "", f"image of item {item.item_id} {_not_a_file(path)}")
        return None
    if starts_as_pointer(path):
        findings.add(path, "", POINTER_PROBLEM)
        return None
    try:
        with warnings.catch_warnings():
            # Our own limit is lower and reported as a finding, not a raw warning.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                image_format, size = image.format, image.size
                if size[0] * size[1] > MAX_IMAGE_PIXELS:
                    findings.add(path, "", _too_many_pixels(f"{size[0]}x{size[1]} = ", size))
                    return None
                image.verify()  # structure and checksums
            with Image.open(path) as image:
                image.load()  # full decode: catches truncated JPEG data that verify() misses
                shown_otherwise = shown_otherwise_than_stored(image)
                turned = turned_by_exif(image)
    except Image.DecompressionBombError as exc:  # above twice Pillow's own limit
        pixels = re.search(r"\((\d+) pixels\)", str(exc))
        findings.add(path, "", _too_many_pixels("", (int(pixels.group(1)), 1) if pixels else None))
        return None
    except (OSError, SyntaxError, ValueError) as exc:
        findings.add(path, "", f"not a readable PNG or JPEG image ({exc})")
        return None
    if image_format not in IMAGE_FORMATS:
        findings.add(path, "", f"image format is {image_format}, expected PNG or JPEG")
    elif shown_otherwise:
        findings.add(path, "", shown_otherwise)
    if turned:
        findings.warn(path, "", turned)
    return size


def _too_many_pixels(shape: str, size: tuple[int, int] | None) -> str:
    found = f" ({shape}{size[0] * size[1]:,} pixels)" if size is not None else ""
    return f"image is above the {MAX_IMAGE_PIXELS:,}-pixel limit{found}; not decoded"


def _geometry_findings(
    findings: Findings, item: DatasetItem, annotation: Annotation, size: tuple[int, int] | None
) -> None:
    """Panel boxes inside the image, of equal size and apart; each bbox inside its panel."""
    source = item.annotation_path
    panel: tuple[int, int] | None = None
    if annotation.panel_boxes is not None:
        first, second = annotation.panel_boxes
        problems = [_box_problem(box, size, "image") for box in (first, second)]
        for i, problem in enumerate(problems):
            if problem:
                findings.add(source, f"/panel_boxes/{i}", problem)
        if not any(problems):
            layout_problem = _panel_problem(first, second, item.panel_layout)
            layout_problem = layout_problem or _unchecked_area(first, second, size)
            if layout_problem:
                findings.add(source, "/panel_boxes", layout_problem)
            panel = (first[2] - first[0], first[3] - first[1])
    elif size is not None:
        width, height = size
        side_by_side = item.panel_layout == "side_by_side"
        panel = (width // 2, height) if side_by_side else (width, height // 2)
        other = (width, height // 2) if side_by_side else (width // 2, height)
        if min(*panel, *other) > 0 and _squareness(panel) > 2 * _squareness(other):
            findings.warn(
                item.image_path,
                "",
                f"a {width}x{height} image cut {item.panel_layout} gives {panel[0]}x{panel[1]} "
                f"panels, cut the other way {other[0]}x{other[1]}: is panel_layout right?",
            )
    for index, diff in enumerate(annotation.differences):
        problem = _box_problem(diff.bbox, panel, "panel") if diff.bbox is not None else None
        if problem:
            findings.add(source, f"/differences/{index}/bbox", problem)


def _panel_problem(first: Box, second: Box, layout: str) -> str | None:
    """Two panels must have one size, not overlap, and sit as the layout says."""
    if (first[2] - first[0], first[3] - first[1]) != (second[2] - second[0], second[3] - second[1]):
        return f"the two panels differ in size: {list(first)}, {list(second)}"
    if min(first[2], second[2]) > max(first[0], second[0]) and min(first[3], second[3]) > max(
        first[1], second[1]
    ):
        return f"the two panels overlap: {list(first)}, {list(second)}"
    if layout == "side_by_side" and second[0] < first[2]:
        return "panel_layout is side_by_side but the second panel is not right of the first"
    if layout == "top_bottom" and second[1] < first[3]:
        return "panel_layout is top_bottom but the second panel is not below the first"
    return None


def _unchecked_area(first: Box, second: Box, size: tuple[int, int] | None) -> str | None:
    """Panels that leave room for more than half a third one (red team round 19).

    Models see the whole image, the checks only the panels: a 300x100 image
    with two 100x100 panels showed a third picture nobody checked. A
    separator or a frame around the panels is a small fraction of a panel.
    """
    if size is None:
        return None
    panel = (first[2] - first[0]) * (first[3] - first[1])
    outside = size[0] * size[1] - 2 * panel
    if outside * 2 <= panel:
        return None
    return (
        f"the panels cover {2 * panel:,} of the {size[0]}x{size[1]} image's "
        f"{size[0] * size[1]:,} pixels; the other {outside:,} (more than half a panel) "
        "are shown to models but never checked"
    )


def _squareness(panel: tuple[int, int]) -> float:
    """How far from square a panel is: 1 for a square, 4 for 4:1 or 1:4."""
    return max(panel) / min(panel)


def _box_problem(box: Box, size: tuple[int, int] | None, what: str) -> str | None:
    x0, y0, x1, y1 = box
    if x1 <= x0 or y1 <= y0:
        return f"box {list(box)} is empty (x1 must exceed x0, and y1 exceed y0)"
    if size is not None and (x1 > size[0] or y1 > size[1]):
        return f"box {list(box)} lies outside the {what} ({size[0]}x{size[1]} pixels)"
    return None


# -- grounding -----------------------------------------------------------------

#: JPEG re-encodes every block, so small differences between panels are noise,
#: not changes: a channel must move by more than this, and a changed region
#: needs this many pixels, before it is reported. PNG is compared exactly.
JPEG_TOLERANCE = 48
JPEG_MIN_REGION = 16
#: JPEG keeps colour at half resolution and blurs an edge over a pixel or two (up to
#: 2 at quality 50): changes this close outside a box are its own (red team round 20).
JPEG_BOX_MARGIN = 3


def _grounding_findings(findings: Findings, item: DatasetItem, annotation: Annotation) -> None:
    """The generator's pixel checks, for any dataset whose annotations carry boxes.

    Pixels that change between the panels outside every difference's
    ``bbox`` are errors: a difference the annotation does not list, or a box
    in the wrong place. A box holding almost no change, or two boxes that
    overlap, are warnings: hand-made annotations may nest a part inside its
    object, or box a change a little generously. Only called for items whose
    changes can be located (:func:`_locatable`); the others are counted in
    one warning per dataset, so nobody takes "valid" for "audited".
    """
    with Image.open(item.image_path) as image:
        lossless = image.format == "PNG"
        first, second = crop_panels(as_displayed(image), annotation.panel_boxes)
    boxes = [d.bbox for d in annotation.differences]
    report = check_grounding(
        first,
        second,
        boxes,
        tolerance=0 if lossless else JPEG_TOLERANCE,
        min_region_pixels=1 if lossless else JPEG_MIN_REGION,
        margin=0 if lossless else JPEG_BOX_MARGIN,
    )
    source = item.annotation_path
    for region in report.uncovered[:MAX_LISTED]:
        findings.add(
            source,
            "/differences",
            f"item {item.item_id}: {region.pixels} pixels change between the panels in region "
            f"{list(region.box)} (panel pixels), which no difference's bbox covers",
        )
    if len(report.uncovered) > MAX_LISTED:
        findings.add(
            source,
            "/differences",
            f"item {item.item_id}: {len(report.uncovered) - MAX_LISTED} more changed regions "
            "that no difference's bbox covers",
        )
    ids = [d.id for d in annotation.differences]
    for index, pixels in report.too_few:
        findings.warn(
            source,
            f"/differences/{index}/bbox",
            f"item {item.item_id}: only {pixels} pixels change inside the bbox of {ids[index]}; "
            "is the box in the right place?",
        )
    for i, j in report.overlaps:
        findings.warn(
            source,
            f"/differences/{j}/bbox",
            f"item {item.item_id}: the bbox of {ids[j]} overlaps the bbox of {ids[i]}",
        )
