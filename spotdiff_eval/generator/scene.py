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

from ..datasets import Box
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
    #: Other zones the kind may stand in when a theme lacks ``zone`` (a mug on
    #: the counter in a kitchen, on the grass at a picnic).
    also: tuple[str, ...] = ()
    #: True: only outdoors (a bus); False: only indoors (a sofa); None: anywhere.
    outdoor: bool | None = None
    plural: str = ""  # "" means the noun plus "s"
    #: One of a kind in any scene (the sun, the moon): never drawn as a crowd.
    alone: bool = False

    @property
    def subject(self) -> str:
        return self.noun.replace(" ", "_")

    @property
    def nouns(self) -> str:
        """The plural in words: "cats", "sheep"."""
        return self.plural or f"{self.noun}s"


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
    """A backdrop, its zones, and every kind that may stand in them.

    ``kinds`` is filled by the catalogue from the zones and ``indoor``, not
    hand-picked: a short per-theme list is a prior a blind guesser exploits.
    """

    name: str
    background: Callable[[Canvas], None]
    zones: tuple[Zone, ...]
    indoor: bool = False
    kinds: tuple[str, ...] = ()

    def zone(self, name: str) -> Zone:
        return next(z for z in self.zones if z.name == name)

    def home(self, kind: ObjectKind) -> Zone | None:
        """Where objects of ``kind`` stand in this theme: its zone, else its first other one."""
        names = {z.name for z in self.zones}
        name = next((n for n in (kind.zone, *kind.also) if n in names), None)
        return None if name is None else self.zone(name)

    def hosts(self, kind: ObjectKind) -> bool:
        """May objects of ``kind`` stand in this theme at all?"""
        inside = kind.outdoor is None or kind.outdoor != self.indoor
        return inside and self.home(kind) is not None


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
