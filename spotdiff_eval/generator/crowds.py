"""Crowds: a row of small objects of one kind (three ducks, four cupcakes) as one countable object.

Why: a count change needs an object with members. With only a dozen
hand-drawn groups (apples on a tree, books on a shelf) the subject of every
count change came from that dozen, so a blind guess of "apples" and "books"
found a quarter of all differences. Deriving a crowd from every small kind
makes the members of a count change as varied as the objects themselves.
"""

from __future__ import annotations

from collections.abc import Iterable

from .canvas import Canvas, Frame
from .scene import DrawMember, Group, ObjectKind, SceneObject, Slot

#: Members of a crowd, side by side; a crowd starts with 2 to 4 of them.
SEATS = 4
#: Share of a member's width left free on each side of it.
GAP = 0.06
#: How large a member is drawn, against the kind standing alone.
MEMBER_SCALE = 0.65
#: Kinds wider or taller than this (at scale 1) stand alone only.
LARGEST = 56
#: Nor thinner than this: a crowd of toothbrushes would be slivers a few pixels wide.
THINNEST = 20
#: A crowd's key is its members' key and this ending: "duck" -> "duck_crowd".
SUFFIX = "_crowd"


def crowd_key(key: str) -> str:
    """The key the crowd of kind ``key`` has (whether or not that kind gets a crowd)."""
    return key + SUFFIX


def member_key(key: str) -> str:
    """The kind a crowd is made of; a kind that is no crowd, itself."""
    return key.removesuffix(SUFFIX)


def nothing(c: Canvas, f: Frame, o: SceneObject) -> None:
    """A crowd is only its members."""


def member_drawer(kind: ObjectKind) -> DrawMember:
    """Draw member ``index`` as the kind itself, in its ``index``-th colour."""

    def draw(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
        colour = kind.colours[index % len(kind.colours)]
        shape = kind.shapes[0] if kind.shapes else ""
        one = SceneObject(-1, kind.key, 0, 0, 1.0, colour, shape=shape)
        kind.draw(c, host.sub(*slot), one)

    return draw


def crowd_of(kind: ObjectKind) -> ObjectKind:
    """The crowd kind of ``kind``: key ``<key>_crowd``, named by its members ("ducks")."""
    width, height = kind.size
    plural = kind.nouns.replace(" ", "_")
    step = 1 / SEATS
    slots = tuple(
        (i * step + GAP * step, 0.0, (i + 1) * step - GAP * step, 1.0) for i in range(SEATS)
    )
    group = Group(
        subject=kind.subject,
        member=kind.noun,
        plural=kind.nouns,
        # "ducks" too: a crowd is as fairly named by its plural as by the kind.
        aliases=tuple(dict.fromkeys(a for a in (*kind.aliases, plural) if a != kind.subject)),
        where="",
        low=1,
        high=SEATS,
        slots=slots,
        draw=member_drawer(kind),
    )
    size = (round(width * MEMBER_SCALE * SEATS / (1 - 2 * GAP)), round(height * MEMBER_SCALE))
    return ObjectKind(
        key=crowd_key(kind.key),
        noun=kind.nouns,
        aliases=(),
        zone=kind.zone,
        size=size,
        colours=kind.colours[:1],
        draw=nothing,
        resizable=False,
        group=group,
        collective=True,
        also=kind.also,
        outdoor=kind.outdoor,
        plural=kind.nouns,
    )


def crowdable(kind: ObjectKind) -> bool:
    """Small, plain kinds only: no parts, members or look-alike scenery of their own."""
    width, height = kind.size
    plain = kind.group is None and kind.part is None and not (kind.scenery or kind.alone)
    fits = min(width, height) >= THINNEST and max(width, height) <= LARGEST
    return plain and fits and kind.zone != "far"


def crowds(kinds: Iterable[ObjectKind]) -> tuple[ObjectKind, ...]:
    return tuple(crowd_of(k) for k in kinds if crowdable(k))
