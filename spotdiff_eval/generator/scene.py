"""The scene model: what kinds of objects exist, where they may stand, and a scene.

A scene is a backdrop (a :class:`Theme`) and a tuple of :class:`SceneObject`.
The second panel is the first scene with a few objects replaced, added or
removed; an object keeps its ``uid`` across panels, which is how a
difference knows what it is about. Everything here is plain data: drawing
lives in the ``objects_*`` modules, choosing in ``compose`` and
``differences``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..domain import Box
from .canvas import Canvas, Frame
from .palette import RGB

#: Size of one panel in pixels. Both panels of every item have it.
PANEL_WIDTH, PANEL_HEIGHT = 480, 360

DrawObject = Callable[[Canvas, Frame, "SceneObject"], None]
Slot = tuple[float, float, float, float]
#: Draws member ``index`` of a group into its slot of the host's frame.
DrawMember = Callable[[Canvas, Frame, Slot, int], None]


@dataclass(frozen=True)
class Group:
    """Countable members drawn on their host: apples on a tree, candles on a cake.

    ``slots`` are the members' boxes in the host's frame, filled in order, so
    a count change adds or removes members without moving the others.
    """

    subject: str  # the difference's subject, e.g. "tree_apple"
    member: str  # one member in words, e.g. "apple"
    plural: str  # e.g. "apples"
    aliases: tuple[str, ...]
    where: str  # e.g. "on the tree"
    low: int
    high: int
    slots: tuple[Slot, ...]
    draw: DrawMember
    behind: bool = False  # drawn before the host (flower stems go into the pot)


@dataclass(frozen=True)
class ObjectKind:
    """One kind of object a scene may hold, and how it may change.

    ``part`` names the piece a colour or pattern change is about (a boy's
    shirt, a window's curtain). ``most`` is how many may share a scene;
    repeated instances must differ in colour unless the kind is ``scenery``
    (clouds, pine trees), which is then never the subject of a difference.
    ``draw`` paints the object in ``colour`` (and ``pattern``, ``shape``).
    """

    key: str
    noun: str  # words, e.g. "street lamp"
    aliases: tuple[str, ...]
    zone: str
    size: tuple[int, int]  # width, height at scale 1
    colours: tuple[str, ...]
    draw: DrawObject
    shapes: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    resizable: bool = True
    part: str | None = None
    group: Group | None = None
    most: int = 1
    scenery: bool = False
    #: The object is only its members (a flock is its birds): it is added or
    #: removed as them, "three birds appear", not as "a flock".
    collective: bool = False
    weight: int = 2  # how often a theme picks it

    @property
    def subject(self) -> str:
        return self.noun.replace(" ", "_")


@dataclass(frozen=True)
class Zone:
    """Where objects of a kind stand: ``base`` is the range of their bottom edge."""

    name: str
    base: tuple[int, int]
    where: str  # "in the sky", "on the counter", or "" for the ground
    backdrop: RGB
    depth: bool = False  # lower on the panel means nearer, hence larger


@dataclass(frozen=True)
class Theme:
    name: str
    background: Callable[[Canvas], None]
    zones: tuple[Zone, ...]
    kinds: tuple[str, ...]

    def zone(self, name: str) -> Zone:
        return next(z for z in self.zones if z.name == name)


@dataclass(frozen=True)
class SceneObject:
    """One object of one panel. ``count`` is the number of its group's members."""

    uid: int
    kind: str
    cx: int  # centre x
    base: int  # bottom edge y (exclusive)
    scale: float
    colour: str
    pattern: str = "plain"
    shape: str = ""
    count: int = 0
    flip: bool = False

    def box(self, kinds: dict[str, ObjectKind], scale: float | None = None) -> Box:
        w, h = kinds[self.kind].size
        s = self.scale if scale is None else scale
        half = round(w * s / 2)
        return self.cx - half, self.base - round(h * s), self.cx + half, self.base

    def frame(self, kinds: dict[str, ObjectKind]) -> Frame:
        x0, y0, x1, y1 = self.box(kinds)
        return Frame(x0, y0, x1 - x0, y1 - y0, self.flip)

    def but(self, **changes: object) -> SceneObject:
        return replace(self, **changes)


@dataclass(frozen=True)
class Scene:
    theme: Theme
    objects: tuple[SceneObject, ...]

    def get(self, uid: int) -> SceneObject | None:
        return next((o for o in self.objects if o.uid == uid), None)
