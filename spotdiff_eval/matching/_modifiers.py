"""What a difference says its object is like, for the contradiction vetoes.

A name is more than its head noun: "black_cat" is a cat *and* black,
"pine_tree" a tree of the pine kind, "top_left_balloon" a balloon at the top
left. When two differences name the same head but describe it in ways that
cannot both be true, they point at two objects (cases "a contradicting colour
names another object", "a compound modifier names another kind of thing", "in
a crowd of alike things, contradicting colour and place pick no one").

What counts as a description of the object: the words of its names, the lead
phrase of its description, and the values of its change. The change's values
belong here because they explain a colour that would otherwise contradict: a
"green_car" is the red car that turns green (case "a colour that the change
itself explains is no contradiction").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ._lexicon import (
    ADJECTIVES,
    NOT_A_KIND_OF,
    NOT_A_KIND_OF_HEAD,
    PICTURE_HOLDERS,
    PICTURES,
    POSITION_AXES,
    SHAPES,
    STATES,
)
from ._looks import READABLE, SIZE_SCALE, group_looks
from ._normalize import Name, parse_name, words
from ._values import negated, value_heads

_DESCRIBING = ADJECTIVES | SHAPES | SIZE_SCALE | STATES


@dataclass(frozen=True, slots=True)
class Modifiers:
    """Looks by dimension, places by axis, and the kind words of the names by head.

    ``kinds`` maps a head to the nouns that narrow it in the names with that
    head ("pine" in pine_tree, "toy" in toy_car); ``replicas`` to those of
    them right before the head that make it no such thing ("toy" in
    toy_car, "dog" in dog_house, not "hot" in hot_air_balloon); ``bare``
    holds the heads some name gives with no such noun, so the difference
    accepts any kind of them (a gold "ball" with the alias "beach_ball" is
    still any ball).
    All by head: an alias with another head ("fruit" for apple_tree) says
    nothing of which tree it is, and once let pine_tree match apple_tree
    (red team G2). ``looks`` and ``places`` map a dimension or axis to the
    canonical values stated for it.
    """

    looks: tuple[tuple[str, frozenset[str]], ...]
    places: tuple[tuple[str, frozenset[str]], ...]
    kinds: tuple[tuple[str, frozenset[str]], ...]
    replicas: tuple[tuple[str, frozenset[str]], ...]
    bare: frozenset[str]

    def look(self, dimension: str) -> frozenset[str]:
        return dict(self.looks).get(dimension, frozenset())

    def place(self, axis: str) -> frozenset[str]:
        return dict(self.places).get(axis, frozenset())

    def kinds_of(self, head: str) -> frozenset[str]:
        return dict(self.kinds).get(head, frozenset())

    def replicas_of(self, head: str) -> frozenset[str]:
        return dict(self.replicas).get(head, frozenset())


#: Readings by dimension, sorted: ``(("color", {"red"}), ("size", {"small"}))``.
Looks = tuple[tuple[str, frozenset[str]], ...]


def _looks(groups: Iterable[Iterable[str]]) -> Looks:
    """What the groups say, by dimension: colour families, size ends, patterns, shapes.

    Each group (a name, the lead phrase, a value) is read on its own: one
    that states several values of a dimension states none ("black and white"
    cat), and a shade reads as its families ("maroon" as red or brown).
    Everything the groups state of the object at some time is kept: the
    name's colour and both values of a colour change.
    """
    return _joined(tuple(group_looks(group, SIZE_SCALE).items()) for group in groups)


def _joined(each: Iterable[Looks]) -> Looks:
    """Looks read apart, joined by dimension: what all of them state at some time."""
    found: dict[str, frozenset[str]] = {}
    for looks in each:
        for dimension, readings in looks:
            found[dimension] = found.get(dimension, frozenset()) | readings
    return tuple(sorted(found.items()))


def _places(names: tuple[Name, ...]) -> tuple[tuple[str, frozenset[str]], ...]:
    found = []
    for axis, points in POSITION_AXES.items():
        values = frozenset(points[w] for n in names for w in n.positions if w in points)
        if values:
            found.append((axis, values))
    return tuple(found)


def _kinds_of(name: Name) -> frozenset[str]:
    """The words that narrow a name's head: before it, in its phrase, not describing.

    A place after a preposition is no kind: kettle_on_stove is any kettle,
    so tea_kettle finds it (red team round 4).
    """
    return name.leading - _DESCRIBING


def _by_head(pairs: Iterable[tuple[str, frozenset[str]]]) -> tuple[tuple[str, frozenset[str]], ...]:
    """Sets joined by head, sorted by head, the empty ones left out."""
    found: dict[str, frozenset[str]] = {}
    for head, items in pairs:
        found[head] = found.get(head, frozenset()) | items
    return tuple(sorted((head, items) for head, items in found.items() if items))


def _in_every_name(
    pairs: Iterable[tuple[str, frozenset[str]]],
) -> tuple[tuple[str, frozenset[str]], ...]:
    """Sets met by head, sorted by head, the empty ones left out.

    Replicas are kept only where every name with that head says them: a gold
    known as car_house and as dog_house is a house by its first name, so a
    copy of that name is no "dog house" answer to it (found by the property
    that a perfect answer scores 1).
    """
    found: dict[str, frozenset[str]] = {}
    for head, items in pairs:
        found[head] = found[head] & items if head in found else items
    return tuple(sorted((head, items) for head, items in found.items() if items))


def _replica_of(name: Name) -> frozenset[str]:
    """The word right before the head that makes it no such thing, if any.

    A kind word even where it also describes: "light" is a shade, but a
    light_house is no house. Only right before it: further away, "toy" or
    "fake" may be part of a modifier (a toy_storage_box is a box, a
    fake_fur_coat a coat; red team round 12), so a toy_fire_hydrant is not
    told from a fire hydrant.
    """
    before, head = name.before_head, name.head
    if head in PICTURE_HOLDERS and before in PICTURES:
        return frozenset()  # a photo frame is a frame, a model book no book
    if before is not None and (before in NOT_A_KIND_OF_HEAD or (before, head) in NOT_A_KIND_OF):
        return frozenset([before])
    return frozenset()


def name_modifiers(names: tuple[Name, ...]) -> Modifiers:
    """The modifiers a difference's names give it: looks, places, kinds."""
    headed = [(n.head, n, _replica_of(n)) for n in names if n.head is not None]
    kinds = [(head, _kinds_of(n) | replica) for head, n, replica in headed]
    return Modifiers(
        looks=_looks(_look_words(n) for n in names),
        places=_places(names),
        kinds=_by_head(kinds),
        replicas=_in_every_name((head, replica) for head, _, replica in headed),
        bare=frozenset(head for head, k in kinds if not k),
    )


def _look_words(name: Name) -> frozenset[str]:
    """The words of a name that may tell a look: all but its head.

    A colour that is the thing ("ice_cream" is cream, an "orange" the fruit)
    is no colour of it: the pink ice cream is not cream-coloured (red team
    round 17).
    """
    return name.core - {name.head}


def name_looks(name: Name) -> Looks:
    """What one name alone says its object looks like."""
    return _looks([_look_words(name)])


def value_looks(values: tuple[str, ...]) -> Looks:
    """What a change's values say the object looks like at either time.

    A negated value ("no stripes") describes nothing the object has, so it
    adds no look, and the thing a value names is none of its looks ("an ice
    cream" is no cream colour).
    """
    return _looks(_value_look_words(value) for value in values if not negated(value))


def _value_look_words(value: str) -> list[str]:
    """The words of a value, in order, but for the things it names."""
    heads = value_heads(value)
    return [w for w in words(value) if w not in heads]


def lead_looks(lead: frozenset[str]) -> Looks:
    """What a description's lead phrase says its object looks like."""
    if lead.isdisjoint(READABLE):  # READABLE holds every size word too
        return ()  # nearly every lead phrase: no look word at all
    return _looks([lead])


def with_looks(named: Modifiers, *more: Looks) -> Modifiers:
    """``named`` with more looks (of the values, of the lead phrase).

    Each group of words is read on its own and the readings are joined by
    dimension (``_looks``), so looks read apart and joined here are the
    looks of all the groups read together.
    """
    if not any(more):
        return named  # most differences: no value or lead phrase states a look
    looks = _joined((named.looks, *more))
    return Modifiers(looks, named.places, named.kinds, named.replicas, named.bare)


@lru_cache(maxsize=8192)
def named_kinds(text: str) -> tuple[str | None, Modifiers]:
    """The head a text names, read as a name, and what its words make it: its kinds.

    For what a prediction names outside its subject: a vague subject's
    description, a container's values. "A toy car is gone", "The palm tree
    is gone" and "The dog house is gone" found the car, the pine tree and
    the house, where the same words as a subject were refused (red team
    round 19).
    """
    name = parse_name(text)
    return name.head, name_modifiers((name,))


def phrase_kinds(phrase: tuple[str, ...]) -> Modifiers:
    """What a description's lead phrase makes its head (:func:`named_kinds`)."""
    return named_kinds(" ".join(phrase))[1]


def with_kinds(named: Modifiers, told: Modifiers) -> Modifiers:
    """``named`` (looks) with the kinds of ``told`` (:func:`phrase_kinds`), and its places too.

    A vague subject places its object where its lead phrase does, as a
    subject would: "The left dog is gone" is no right dog (red team round
    19). Places the subject itself states ("left_object") are kept beside.
    """
    places = _joined((named.places, told.places)) if told.places else named.places
    return Modifiers(named.looks, places, told.kinds, told.replicas, told.bare)


def with_places(named: Modifiers, told: Modifiers) -> Modifiers:
    """``named`` with the places of ``told`` (:func:`phrase_kinds`) beside its own."""
    places = _joined((named.places, told.places))
    return Modifiers(named.looks, places, named.kinds, named.replicas, named.bare)


def about_itself(heads: frozenset[str], lead: frozenset[str]) -> bool:
    """A lead phrase describes the object itself when it names one of its heads.

    "The red kite beside the blue car" says nothing of a car's colour; a
    difference that names no head takes its description as it comes.
    """
    return not heads or not heads.isdisjoint(lead)
