"""Rendering a scene to a panel image, and recording where each object's ink went.

The extents recorded here become the differences' boxes; the gate then
checks those boxes against the pixels, so a drawing that strays outside
its frame is caught rather than trusted.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ..datasets import Box
from .canvas import Canvas
from .catalogue import OBJECT_KINDS, ZONE_ORDER
from .scene import PANEL_HEIGHT, PANEL_WIDTH, Scene, SceneObject


@dataclass(frozen=True)
class Rendered:
    """A panel and, per object uid, the box of its ink and of each group member's."""

    image: Image.Image
    extents: dict[int, Box]
    members: dict[int, tuple[Box, ...]]


def render(scene: Scene) -> Rendered:
    image = Image.new("RGB", (PANEL_WIDTH, PANEL_HEIGHT))
    canvas = Canvas(image)
    scene.theme.background(canvas)
    extents: dict[int, Box] = {}
    members: dict[int, tuple[Box, ...]] = {}

    def order(obj: SceneObject) -> tuple[int, int, int]:
        return ZONE_ORDER.index(scene.theme.home(OBJECT_KINDS[obj.kind]).name), obj.base, obj.uid

    for obj in sorted(scene.objects, key=order):
        extent, member_boxes = _draw(canvas, obj)
        extents[obj.uid] = extent
        members[obj.uid] = member_boxes
    return Rendered(image=image, extents=extents, members=members)


def _draw(canvas: Canvas, obj: SceneObject) -> tuple[Box, tuple[Box, ...]]:
    kind = OBJECT_KINDS[obj.kind]
    frame = obj.frame(OBJECT_KINDS)
    group = kind.group
    member_boxes: list[Box] = []

    def draw_members() -> None:
        for index in range(obj.count):
            with canvas.track() as extent:
                group.draw(canvas, frame, group.slots[index], index)
            member_boxes.append(clip(extent))

    with canvas.track() as whole:
        if group is not None and group.behind:
            draw_members()
        kind.draw(canvas, frame, obj)
        if group is not None and not group.behind:
            draw_members()
    return clip(whole), tuple(member_boxes)


def clip(extent: list[int] | Box, pad: int = 0) -> Box:
    """An extent grown by ``pad`` and cut to the panel."""
    x0, y0, x1, y1 = extent
    return (
        max(0, x0 - pad),
        max(0, y0 - pad),
        min(PANEL_WIDTH, x1 + pad),
        min(PANEL_HEIGHT, y1 + pad),
    )


def union(*boxes: Box) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
