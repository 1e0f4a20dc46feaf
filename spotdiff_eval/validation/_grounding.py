"""Grounding: do the declared difference boxes account for what really changed?

Given the two panels of an item and the ``bbox`` of every difference (panel
pixels, x1 and y1 exclusive), compare the panels pixel by pixel and report:

* changed pixels that lie outside every box (a difference nobody annotated,
  or a box drawn in the wrong place), grouped into regions with their boxes;
* differences whose box holds fewer changed pixels than a person can be
  expected to notice (a change of four pixels is not a fair question);
* boxes that overlap, which make two answers about one spot ambiguous.

The generator's gate (``generator/gate.py``) runs these checks on every item
before writing it; ``spotdiff validate`` runs them on any dataset whose
annotations carry boxes (``dataset_checks.py``). Pure functions of pixels.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from ..datasets import Box

#: Fewest changed pixels that make a difference visible to a patient person
#: at the bundled panel size (480x360): about a 10x10 blob. A one-pixel
#: speck or a recoloured 3x3 button is not a fair thing to ask about.
MIN_CHANGED_PIXELS = 100

#: Side of the square cells in which changed pixels are grouped into regions.
#: Pixels closer than about a cell belong to one region, so an anti-aliased
#: outline or a dotted pattern is reported once, not as a hundred specks.
REGION_CELL = 8


@dataclass(frozen=True, slots=True)
class Region:
    """Changed pixels outside every box: where they are and how many."""

    box: Box
    pixels: int


@dataclass(frozen=True, slots=True)
class GroundingReport:
    """Everything the checks found for one item; empty lists mean grounded."""

    uncovered: tuple[Region, ...]
    #: (difference index, changed pixels inside its box) for boxes below the minimum.
    too_few: tuple[tuple[int, int], ...]
    #: index pairs (i < j) of differences whose boxes overlap.
    overlaps: tuple[tuple[int, int], ...]

    def __bool__(self) -> bool:
        return bool(self.uncovered or self.too_few or self.overlaps)


def changed_mask(first: Image.Image, second: Image.Image, tolerance: int = 0) -> np.ndarray:
    """True where the panels differ by more than ``tolerance`` in some channel.

    ``tolerance`` is 0 for lossless images; JPEG noise needs a margin, or every
    block edge of a hand-made dataset would count as a change. Panels with
    alpha (see :func:`as_displayed`) are compared as shown.
    """
    if first.size != second.size:
        raise ValueError(f"panels differ in size: {first.size} and {second.size}")
    changed = np.zeros((first.size[1], first.size[0]), dtype=bool)
    for a, b in zip(_views(first), _views(second), strict=True):
        changed |= np.abs(a - b).max(axis=2) > tolerance
    return changed


def as_displayed(image: Image.Image) -> Image.Image:
    """``image`` as a viewer shows it: RGB, or RGBA when it has transparency.

    Red team round 19: ``convert("RGB")`` clips 16-bit grey to white (panels of
    grey 10000 and 60000 read as equal, shown far apart) and drops alpha (panels
    differing only in transparency read as equal, and colours hidden under
    full transparency read as changes nobody sees). 16-bit values are scaled
    to 8 bits, as viewers do.
    """
    if image.mode in ("I", "I;16", "I;16B", "I;16L", "I;16N", "F"):
        values = np.clip(np.asarray(image, dtype=np.float64), 0, 65535)
        image = Image.fromarray(np.rint(values / 257).astype(np.uint8), "L")
    alpha = "A" in image.mode or "a" in image.mode or "transparency" in image.info
    return image.convert("RGBA" if alpha else "RGB")


def _views(image: Image.Image) -> list[np.ndarray]:
    """The panel's pixels as shown: over black and over white when it has alpha
    (a change either background shows is a change), else as they are."""
    if image.mode != "RGBA":
        return [np.asarray(image.convert("RGB"), dtype=np.int16)]
    pixels = np.asarray(image, dtype=np.float64)
    opacity = pixels[..., 3:] / 255
    over_black = pixels[..., :3] * opacity
    return [np.rint(v).astype(np.int16) for v in (over_black, over_black + 255 * (1 - opacity))]


def check_grounding(
    first: Image.Image,
    second: Image.Image,
    boxes: Sequence[Box],
    *,
    min_pixels: int = MIN_CHANGED_PIXELS,
    tolerance: int = 0,
    min_region_pixels: int = 1,
    margin: int = 0,
) -> GroundingReport:
    """Compare the panels against the difference boxes (see the module docstring).

    ``min_region_pixels`` ignores uncovered regions smaller than that, for
    lossy images whose noise survives ``tolerance`` in a few stray pixels;
    ``margin`` counts the pixels that close around a box as covered by it, for
    lossy images that blur each changed edge outwards.
    """
    mask = changed_mask(first, second, tolerance)
    covered = np.zeros_like(mask)
    too_few = []
    for index, (x0, y0, x1, y1) in enumerate(boxes):
        covered[max(y0 - margin, 0) : y1 + margin, max(x0 - margin, 0) : x1 + margin] = True
        inside = int(mask[y0:y1, x0:x1].sum())
        if inside < min_pixels:
            too_few.append((index, inside))
    overlaps = [
        (i, j)
        for i in range(len(boxes))
        for j in range(i + 1, len(boxes))
        if boxes_overlap(boxes[i], boxes[j])
    ]
    outside = mask & ~covered
    regions = tuple(r for r in changed_regions(outside) if r.pixels >= min_region_pixels)
    return GroundingReport(uncovered=regions, too_few=tuple(too_few), overlaps=tuple(overlaps))


def boxes_overlap(a: Box, b: Box) -> bool:
    """True if the boxes share a pixel (edges are exclusive, so touching is fine)."""
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def changed_regions(mask: np.ndarray, cell: int = REGION_CELL) -> list[Region]:
    """Group the True pixels of ``mask`` into regions, top to bottom, left to right.

    Pixels are pooled into ``cell``-sized squares, and squares that touch
    (also diagonally) form one region; each region's box is tight around its
    own pixels. No scipy needed, and the order is fixed, so messages are too.
    """
    if not mask.any():
        return []
    height, width = mask.shape
    rows, cols = -(-height // cell), -(-width // cell)
    padded = np.zeros((rows * cell, cols * cell), dtype=bool)
    padded[:height, :width] = mask
    cells = padded.reshape(rows, cell, cols, cell).any(axis=(1, 3))
    label = np.zeros(cells.shape, dtype=np.int32)
    count = 0
    for start in zip(*np.nonzero(cells), strict=True):
        if label[start]:
            continue
        count += 1
        label[start] = count
        queue = deque([start])
        while queue:
            r, c = queue.popleft()
            for nr in range(max(r - 1, 0), min(r + 2, rows)):
                for nc in range(max(c - 1, 0), min(c + 2, cols)):
                    if cells[nr, nc] and not label[nr, nc]:
                        label[nr, nc] = count
                        queue.append((nr, nc))
    ys, xs = np.nonzero(mask)
    labels = label[ys // cell, xs // cell]
    x0 = np.full(count + 1, width)
    y0 = np.full(count + 1, height)
    x1 = np.zeros(count + 1, dtype=np.int64)
    y1 = np.zeros(count + 1, dtype=np.int64)
    np.minimum.at(x0, labels, xs)
    np.minimum.at(y0, labels, ys)
    np.maximum.at(x1, labels, xs + 1)
    np.maximum.at(y1, labels, ys + 1)
    pixels = np.bincount(labels, minlength=count + 1)
    regions = [
        Region(box=(int(x0[n]), int(y0[n]), int(x1[n]), int(y1[n])), pixels=int(pixels[n]))
        for n in range(1, count + 1)
    ]
    return sorted(regions, key=lambda r: (r.box[1], r.box[0], r.box[3], r.box[2]))


def crop_panels(image: Image.Image, panel_boxes: Sequence[Box]) -> tuple[Image.Image, Image.Image]:
    """The first and second panel cut out of a composite image."""
    first, second = panel_boxes
    return image.crop(tuple(first)), image.crop(tuple(second))


#: EXIF orientations a viewer applies before showing the image (1 is "as stored").
_ORIENTATIONS = {
    2: "mirrored",
    3: "rotated 180°",
    4: "flipped upside down",
    5: "turned and mirrored",
    6: "rotated 90° clockwise",
    7: "turned and mirrored",
    8: "rotated 90° anticlockwise",
}


def turned_by_exif(image: Image.Image) -> str | None:
    """Why viewers may show the image turned or mirrored; None if they show it as stored.

    An EXIF orientation other than 1 makes viewers rotate or mirror the
    image, so a side_by_side composite may be shown with its panels stacked,
    or swapped (red team round 19). A warning, not an error: the published
    dataset's images are JPEG, where the tag is common and harmless at 1, and
    whether a model's image reader applies it depends on the provider; a
    dataset that loaded before must still load.
    """
    orientation = image.getexif().get(0x0112)
    if orientation in _ORIENTATIONS:
        return (
            f"EXIF orientation {orientation}: viewers show the image "
            f"{_ORIENTATIONS[orientation]}, the checks read it as stored; "
            "save the pixels as they should be seen, without the tag"
        )
    return None


def shown_otherwise_than_stored(image: Image.Image) -> str | None:
    """Why viewers (and models' image readers) show another picture than the
    stored pixels the checks read; None if they show the same (red team round 19).

    An animated PNG is played, while the checks read its first frame only.
    A JPEG's further MPF pictures (``MPO``) are not shown, so they are fine.
    """
    frames = getattr(image, "n_frames", 1)
    if image.format == "PNG" and frames > 1:
        return (
            f"animated PNG of {frames} frames: viewers play it, the checks read "
            "the first frame only; save a single frame"
        )
    return None
