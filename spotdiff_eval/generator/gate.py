"""The grounding gate: an item is written only if its answers are exactly true.

The planner means well, but the gate trusts only pixels and the scene:

* the pixel checks of :mod:`spotdiff_eval.validation._grounding` (every changed pixel
  inside some difference's box, each difference visible, no two boxes
  overlapping), the same checks ``spotdiff validate`` runs on datasets;
* every subject names exactly one object of the scene, in both panels
  together ("red_car" when there is one red car, never two);
* no two kinds of object in the scene share a head noun (a "tree" beside a
  "pine tree" would make "the tree got bigger" ambiguous);
* a colour change uses two plain colour names that are far apart.

An item with any problem is drawn again from a fresh random stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from ..validation import check_grounding
from .annotate import Golden
from .catalogue import OBJECT_KINDS, heads
from .palette import COLOURS, far_apart
from .scene import Scene


@dataclass(frozen=True)
class GateFindings:
    """The gate's verdict: its problems, and which differences were too small to see.

    The indices let an item's later drafts avoid a change that never shows.
    """

    problems: list[str]
    invisible: tuple[int, ...]


def gate_problems(
    first: Scene,
    second: Scene,
    panels: tuple[Image.Image, Image.Image],
    goldens: Sequence[Golden],
    *,
    min_pixels: int,
) -> list[str]:
    """Everything wrong with an item, one sentence each; empty means it passes."""
    return gate_findings(first, second, panels, goldens, min_pixels=min_pixels).problems


def gate_findings(
    first: Scene,
    second: Scene,
    panels: tuple[Image.Image, Image.Image],
    goldens: Sequence[Golden],
    *,
    min_pixels: int,
) -> GateFindings:
    """:func:`gate_problems`, and the indices of the differences that change too few pixels."""
    ids = [f"d{i + 1:02d}" for i in range(len(goldens))]
    problems, invisible = grounding_problems(panels, [g.bbox for g in goldens], ids, min_pixels)
    problems += naming_problems(first, second, goldens, ids)
    problems += colour_problems(goldens, ids)
    return GateFindings(problems, invisible)


def grounding_problems(
    panels: tuple[Image.Image, Image.Image],
    boxes: Sequence[tuple[int, int, int, int]],
    ids: Sequence[str],
    min_pixels: int,
) -> tuple[list[str], tuple[int, ...]]:
    """The pixel checks' problems, and the indices of the differences too small to see."""
    report = check_grounding(*panels, boxes, min_pixels=min_pixels)
    problems = [
        f"{r.pixels} changed pixels in {list(r.box)} lie outside every difference's bbox"
        for r in report.uncovered
    ]
    problems += [
        f"{ids[i]} changes only {n} pixels (visible minimum {min_pixels})"
        for i, n in report.too_few
    ]
    problems += [f"the bboxes of {ids[i]} and {ids[j]} overlap" for i, j in report.overlaps]
    return problems, tuple(i for i, _ in report.too_few)


def names_of(kind_key: str, colour: str) -> tuple[str, ...]:
    """Every subject that can refer to an object of this kind and colour."""
    kind = OBJECT_KINDS[kind_key]
    plain = (kind.subject, f"{colour}_{kind.subject}")
    parts = tuple(f"{n}_{kind.part}" for n in plain) if kind.part else ()
    return plain + parts


def resolve(subject: str, first: Scene, second: Scene) -> list[int]:
    """The uids of the objects ``subject`` may refer to, in either panel."""
    found: list[int] = []
    for obj in (*first.objects, *second.objects):
        kind = OBJECT_KINDS[obj.kind]
        group_match = kind.group is not None and kind.group.subject == subject and obj.count > 0
        if (group_match or subject in names_of(obj.kind, obj.colour)) and obj.uid not in found:
            found.append(obj.uid)
    return found


def naming_problems(
    first: Scene, second: Scene, goldens: Sequence[Golden], ids: Sequence[str]
) -> list[str]:
    problems = []
    subjects = [g.subject for g in goldens]
    for i, golden in enumerate(goldens):
        if subjects.index(golden.subject) != i:
            problems.append(f'{ids[i]} repeats the subject "{golden.subject}"')
        uids = resolve(golden.subject, first, second)
        if len(uids) > 1:
            problems.append(f'{ids[i]}: "{golden.subject}" names {len(uids)} objects, not one')
        elif uids != [golden.uid]:
            problems.append(f'{ids[i]}: "{golden.subject}" does not name the object that changes')
    kinds = sorted({o.kind for o in (*first.objects, *second.objects)})
    for a, key in enumerate(kinds):
        for other in kinds[a + 1 :]:
            shared = sorted(set(heads(key)) & set(heads(other)))
            if shared:
                problems.append(f'{key} and {other} are both called "{shared[0]}"')
    return problems


def colour_problems(goldens: Sequence[Golden], ids: Sequence[str]) -> list[str]:
    problems = []
    for i, golden in enumerate(goldens):
        if golden.attribute != "color":
            continue
        a, b = golden.from_value, golden.to_value
        if a not in COLOURS or b not in COLOURS:
            problems.append(f"{ids[i]}: {a} or {b} is not a plain colour name")
        elif not far_apart(a, b):
            problems.append(f"{ids[i]}: {a} and {b} are too alike")
    return problems
