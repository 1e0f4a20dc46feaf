"""Choosing the differences of an item and applying them to make the second panel.

The wanted kinds cycle through all four in an order shuffled per item, so
every kind is about a quarter of a dataset; attribute changes likewise cycle
through colour, pattern, shape and size. The changed object is drawn
uniformly from the scene's objects that allow the change, and new values
uniformly from the allowed ones: a favourite object, kind or value would be
a blind guess that lands (issue 9). Each object changes at most once,
and a change is only chosen if it can be named and seen: a new colour far
from the old one and unlike the object's siblings, a new object in free
space, a count change that adds or removes enough ink to notice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..datasets import KINDS as KIND_CYCLE
from ..datasets import Box
from .canvas import Frame
from .catalogue import OBJECT_KINDS
from .compose import Difficulty, admits, fits, free_colours, place
from .palette import far_apart, visible_on
from .scene import Scene, SceneObject, Slot

ATTRIBUTE_CYCLE = ("color", "pattern", "shape", "size")


#: A change an item's drafts should no longer make: (object kind, change kind or
#: attribute), e.g. ("owl", "pattern") when an owl's spots never show.
Avoided = frozenset[tuple[str, str]]


@dataclass(frozen=True)
class Change:
    """One planned difference. ``before``/``after`` are annotation values (text)."""

    kind: str
    uid: int
    attribute: str | None = None
    before: str | None = None
    after: str | None = None


class Planner:
    """Draws changes one at a time, keeping the second panel's objects up to date."""

    def __init__(
        self,
        rng: random.Random,
        first: Scene,
        difficulty: Difficulty,
        fresh: Sequence[str] = (),
        avoid: Avoided = frozenset(),
    ) -> None:
        self.rng, self.first, self.difficulty = rng, first, difficulty
        self.fresh = tuple(fresh)
        self.avoid = avoid
        self.second: dict[int, SceneObject] = {o.uid: o for o in first.objects}
        self.changed: list[int] = []
        self.next_uid = max((o.uid for o in first.objects), default=-1) + 1
        self.attribute_turn = 0
        self.growing = False

    # -- helpers -----------------------------------------------------------------

    def versions(self) -> list[SceneObject]:
        """Objects of both panels; an object changed in place is there twice."""
        return [*self.first.objects, *self.second.values()]

    def present(self) -> list[str]:
        """The kind of every object of either panel, once per object."""
        first = {o.uid: o.kind for o in self.first.objects}
        return [*first.values(), *(o.kind for o in self.second.values() if o.uid not in first)]

    def boxes(self, *, besides: int | None = None) -> list[Box]:
        return [o.box(OBJECT_KINDS) for o in self.versions() if o.uid != besides]

    def nameable(self, obj: SceneObject) -> bool:
        """Unchanged so far, and not one of several look-alike scenery objects."""
        if obj.uid in self.changed:
            return False
        kind = OBJECT_KINDS[obj.kind]
        return not (kind.scenery and self.present().count(obj.kind) > 1)

    def candidates(self) -> list[SceneObject]:
        return [o for o in self.first.objects if self.nameable(o)]

    def allowed(self, kind_key: str, change: str) -> bool:
        """False for a change the item's earlier drafts showed to be too small to see."""
        return (kind_key, change) not in self.avoid

    # -- the four kinds ----------------------------------------------------------

    def removed(self) -> Change | None:
        pool = [o for o in self.candidates() if self.allowed(o.kind, "object_removed")]
        if not pool:
            return None
        obj = self.rng.choice(pool)
        del self.second[obj.uid]
        return Change("object_removed", obj.uid)

    def added(self) -> Change | None:
        """A new object: of a dealt kind the scene does not use yet, else of any kind."""
        keys = list(self.first.theme.kinds)
        self.rng.shuffle(keys)
        keys = [*self.fresh, *keys]
        present = self.present()
        for key in keys:
            kind = OBJECT_KINDS[key]
            if not admits(present, key) or not self.allowed(key, "object_added"):
                continue
            zone = self.first.theme.home(kind)
            colours = free_colours(kind, zone, self.versions())
            if not colours or (kind.scenery and key in present):
                continue
            colour = self.rng.choice(colours)
            obj = place(self.rng, kind, zone, self.difficulty, self.boxes(), self.next_uid, colour)
            if obj is None:
                continue
            self.next_uid += 1
            self.second[obj.uid] = obj
            return Change("object_added", obj.uid)
        return None

    def count_changed(self) -> Change | None:
        pool = [
            o
            for o in self.candidates()
            if OBJECT_KINDS[o.kind].group is not None and self.allowed(o.kind, "count_change")
        ]
        self.rng.shuffle(pool)
        for obj in pool:
            group = OBJECT_KINDS[obj.kind].group
            frame = obj.frame(OBJECT_KINDS)
            options = [
                n
                for n in range(group.low, group.high + 1)
                if n != obj.count and self._ink(frame, group.slots, obj.count, n)
            ]
            if options:
                after = self.rng.choice(options)
                self.second[obj.uid] = obj.but(count=after)
                return Change("count_change", obj.uid, None, str(obj.count), str(after))
        return None

    def _ink(self, frame: Frame, slots: tuple[Slot, ...], before: int, after: int) -> bool:
        """Enough pixels change: members cover about two thirds of their slots."""
        low, high = sorted((before, after))
        area = sum(
            (s[2] - s[0]) * frame.width * (s[3] - s[1]) * frame.height for s in slots[low:high]
        )
        return area * 0.6 >= self.difficulty.min_pixels * 1.5

    def attribute_changed(self) -> Change | None:
        # A size change's direction is drawn once per change, not per object
        # tried: else shrinking, always possible, would win most draws.
        self.growing = self.rng.random() < 0.5
        for step in range(len(ATTRIBUTE_CYCLE)):
            attribute = ATTRIBUTE_CYCLE[(self.attribute_turn + step) % len(ATTRIBUTE_CYCLE)]
            pool = self.candidates()
            self.rng.shuffle(pool)
            for obj in pool:
                if not self.allowed(obj.kind, attribute):
                    continue
                change = getattr(self, f"_{attribute}")(obj)
                if change is not None:
                    self.attribute_turn += step + 1
                    return change
        return None

    def _color(self, obj: SceneObject) -> Change | None:
        kind = OBJECT_KINDS[obj.kind]
        zone = self.first.theme.home(kind)
        siblings = {o.colour for o in self.versions() if o.kind == obj.kind and o.uid != obj.uid}
        options = [
            c
            for c in kind.colours
            if c != obj.colour
            and far_apart(c, obj.colour)
            and visible_on(c, zone.backdrop)
            and c not in siblings
        ]
        if not options:
            return None
        after = self.rng.choice(options)
        self.second[obj.uid] = obj.but(colour=after)
        return Change("attribute_change", obj.uid, "color", obj.colour, after)

    def _pattern(self, obj: SceneObject) -> Change | None:
        kind = OBJECT_KINDS[obj.kind]
        if not kind.patterns:
            return None
        options = [p for p in ("plain", *kind.patterns) if p != obj.pattern]
        after = self.rng.choice(options)
        self.second[obj.uid] = obj.but(pattern=after)
        return Change("attribute_change", obj.uid, "pattern", obj.pattern, after)

    def _shape(self, obj: SceneObject) -> Change | None:
        kind = OBJECT_KINDS[obj.kind]
        options = [s for s in kind.shapes if s != obj.shape]
        if not options:
            return None
        after = self.rng.choice(options)
        self.second[obj.uid] = obj.but(shape=after)
        return Change("attribute_change", obj.uid, "shape", obj.shape, after)

    def _size(self, obj: SceneObject) -> Change | None:
        """Grow or shrink at even odds; the anchor (bottom centre) stays.

        Even odds, because "it got smaller" must not be a safe blind guess; an
        object without room to grow is left to another change.
        """
        if not OBJECT_KINDS[obj.kind].resizable:
            return None
        if self.growing:
            grown = obj.but(scale=round(obj.scale * self.difficulty.grow, 3))
            if not fits(grown.box(OBJECT_KINDS), self.boxes(besides=obj.uid)):
                return None
            self.second[obj.uid] = grown
            return Change("attribute_change", obj.uid, "size", "small", "large")
        self.second[obj.uid] = obj.but(scale=round(obj.scale / self.difficulty.grow, 3))
        return Change("attribute_change", obj.uid, "size", "large", "small")


def plan(
    rng: random.Random,
    first: Scene,
    difficulty: Difficulty,
    attribute_start: int = 0,
    fresh: Sequence[str] = (),
    avoid: Avoided = frozenset(),
) -> tuple[Scene, list[Change]]:
    """The second panel's scene and the changes that lead to it.

    ``attribute_start`` picks the first attribute tried (the item's index
    does), so consecutive items change colour, pattern, shape and size in
    turn and a small dataset still holds all four. ``fresh`` are the dealt
    kinds the first panel left unused, which additions take first. ``avoid``
    are changes this item's earlier drafts could not make visible.
    """
    planner = Planner(rng, first, difficulty, fresh, avoid)
    wanted = rng.randint(*difficulty.differences)
    cycle = list(KIND_CYCLE)
    rng.shuffle(cycle)
    planner.attribute_turn = attribute_start % len(ATTRIBUTE_CYCLE)
    makers = {
        "object_added": planner.added,
        "object_removed": planner.removed,
        "attribute_change": planner.attribute_changed,
        "count_change": planner.count_changed,
    }
    changes: list[Change] = []
    for index in range(wanted):
        first_choice = cycle[index % len(cycle)]
        for kind in (first_choice, *(k for k in cycle if k != first_choice)):
            change = makers[kind]()
            if change is not None:
                planner.changed.append(change.uid)
                changes.append(change)
                break
    second = Scene(theme=first.theme, objects=tuple(planner.second.values()))
    return second, changes
