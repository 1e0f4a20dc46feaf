"""Composing the first panel: which objects, in which colours, standing where.

Objects never overlap (their boxes keep :data:`MARGIN` pixels apart), so
removing one reveals only backdrop and every difference's box holds that
difference alone. Every choice comes from the item's ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..datasets import Box
from ..validation import MIN_CHANGED_PIXELS, boxes_overlap
from .catalogue import OBJECT_KINDS, heads
from .deck import countable_key
from .palette import visible_on
from .scene import PANEL_HEIGHT, PANEL_WIDTH, ObjectKind, Scene, SceneObject, Theme, Zone

#: Pixels kept free between two objects' boxes; wider than any outline, so
#: difference boxes (drawn extents plus a pixel) never touch.
MARGIN = 8
EDGE = 4
#: Objects with countable members (apples on a tree...) every scene starts with.
MIN_GROUPS = 2


@dataclass(frozen=True)
class Difficulty:
    """How hard an item is: how many differences, how busy, how small."""

    name: str
    differences: tuple[int, int]
    objects: tuple[int, int]
    scale: float
    grow: float  # factor of a size change
    min_pixels: int  # the gate's visible minimum per difference


DIFFICULTIES = {
    "easy": Difficulty("easy", (3, 5), (8, 10), 1.15, 1.5, 300),
    "medium": Difficulty("medium", (3, 8), (12, 15), 1.0, 1.45, 150),
    "hard": Difficulty("hard", (6, 10), (15, 18), 0.85, 1.35, MIN_CHANGED_PIXELS),
}


def depth_scale(zone: Zone, base: int) -> float:
    """Nearer (lower) objects are drawn larger, as in any picture with depth."""
    if not zone.depth:
        return 1.0
    low, high = zone.base
    return 0.8 + 0.4 * (base - low) / max(high - low, 1)


def fits(box: Box, taken: Iterable[Box]) -> bool:
    """Inside the panel (objects may stand down to 2 px above its bottom) and clear of others."""
    x0, y0, x1, y1 = box
    if x0 < EDGE or y0 < EDGE or x1 > PANEL_WIDTH - EDGE or y1 > PANEL_HEIGHT - 2:
        return False
    grown = (x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN)
    return not any(boxes_overlap(grown, other) for other in taken)


def free_colours(kind: ObjectKind, zone: Zone, others: Iterable[SceneObject]) -> list[str]:
    """Colours a new object of ``kind`` may wear: visible there, and unlike its siblings.

    Two red cars in one scene could not both be "the red car"; scenery
    (clouds, pine trees) may repeat a colour because it is never a subject.
    """
    used = {o.colour for o in others if o.kind == kind.key}
    return [
        c for c in kind.colours if visible_on(c, zone.backdrop) and (kind.scenery or c not in used)
    ]


def place(
    rng: random.Random,
    kind: ObjectKind,
    zone: Zone,
    difficulty: Difficulty,
    taken: list[Box],
    uid: int,
    colour: str,
) -> SceneObject | None:
    """An object of ``kind`` somewhere free in ``zone``, or None after enough tries."""
    w = kind.size[0]
    for _ in range(40):
        base = rng.randint(*zone.base)
        scale = round(difficulty.scale * depth_scale(zone, base), 3)
        half = round(w * scale / 2)
        if half * 2 + 2 * EDGE >= PANEL_WIDTH:
            return None
        cx = rng.randint(half + EDGE, PANEL_WIDTH - half - EDGE)
        obj = SceneObject(uid=uid, kind=kind.key, cx=cx, base=base, scale=scale, colour=colour)
        if fits(obj.box(OBJECT_KINDS), taken):
            return dress(rng, obj, kind)
    return None


def dress(rng: random.Random, obj: SceneObject, kind: ObjectKind) -> SceneObject:
    """Pattern, shape, group size and facing of a new object."""
    pattern = rng.choice(kind.patterns) if kind.patterns and rng.random() < 0.3 else "plain"
    shape = rng.choice(kind.shapes) if kind.shapes else ""
    count = rng.randint(kind.group.low, kind.group.high) if kind.group else 0
    return obj.but(pattern=pattern, shape=shape, count=count, flip=rng.random() < 0.5)


def admits(scene_kinds: Iterable[str], key: str) -> bool:
    """May an object of kind ``key`` join objects of ``scene_kinds``?

    Not past the kind's ``most``, and not if another kind in the scene shares
    a head noun with it (no "tree" beside a "pine tree").
    """
    present = list(scene_kinds)
    kind = OBJECT_KINDS[key]
    if present.count(key) >= kind.most:
        return False
    mine = set(heads(key))
    return not any(other != key and mine & set(heads(other)) for other in present)


def compose(
    rng: random.Random, theme: Theme, difficulty: Difficulty, dealt: Sequence[str] = ()
) -> Scene:
    """The first panel's scene: a few dozen tries to place the drawn number of objects.

    Kinds come from ``dealt`` in order (see :mod:`.deck`), then uniformly
    from the theme: never from a list of favourites, since a favourite is a
    blind guess that lands. The first two are countable (a crowd of a dealt
    kind, or a kind with members), so a count change is always possible.
    """
    wanted = rng.randint(*difficulty.objects)
    keys = list(theme.kinds)
    queue = list(dealt)
    objects: list[SceneObject] = []
    taken: list[Box] = []
    for attempt in range(wanted * 6):
        if len(objects) >= wanted:
            break
        groups = sum(OBJECT_KINDS[o.kind].group is not None for o in objects)
        key = _next(rng, queue, keys, countable=groups < MIN_GROUPS and attempt < 12)
        if not admits((o.kind for o in objects), key):
            continue
        kind = OBJECT_KINDS[key]
        zone = theme.home(kind)
        colours = free_colours(kind, zone, objects)
        if not colours:
            continue
        obj = place(rng, kind, zone, difficulty, taken, len(objects), rng.choice(colours))
        if obj is not None:
            objects.append(obj)
            taken.append(obj.box(OBJECT_KINDS))
    return Scene(theme=theme, objects=tuple(objects))


def _next(rng: random.Random, queue: list[str], keys: list[str], *, countable: bool) -> str:
    """The next dealt kind (the next countable one, as a crowd if need be), else any kind."""
    if countable:
        for i, key in enumerate(queue):
            if (counted := countable_key(key)) is not None:
                del queue[i]
                return counted
        return rng.choice([k for k in map(countable_key, keys) if k is not None])
    return queue.pop(0) if queue else rng.choice(keys)
