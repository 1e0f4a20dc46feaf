"""Contradictions: evidence that a prediction is about another object or change.

A route in ``relation.py`` says a prediction *may* refer to a golden
difference; a veto here says it cannot, because the two claim things that
cannot both be true. Each veto names the worked case
(``shared/scoring-cases.json``) that motivated it. Vetoes only ever remove
pairs, so they can never make a blind guess land.

* ``different_change``: both state a change of a known, different sort and
  no value agrees, or one is a count and the other a non-numeric change.
  Cases "same object, different change" and "a count change is not a change
  of material". Also when one has the object come or go and the other shows
  it in both panels (``presence.py``, red team G9).
* ``values_disagree``: both state values and not one of them can describe
  the same thing, in either direction (shades by colour family, sizes by
  the end of the scale). Case "every stated value disagrees".
* ``counts_another``: a count change whose description or values count
  other things than the gold's ("four chimneys" for the house's windows).
  Case "the description names another object than the corroborating count".
* ``another_kind``: the same head noun narrowed by different kind words
  (pine_tree, apple_tree), or right before it by a word that makes it no
  such thing (toy_car, hot_dog). Case "a compound modifier names another kind of thing".
  Also a kind word the gold never says before a head only an alias gives
  it: a tooth_brush is no broom known as "brush". A vague subject's kind
  words are those of its description's lead phrase ("A toy car is gone" is
  no car), and what a prediction names outside its subject has its own: a
  floor's contents turning to "a hot dog" bring no dog (red team round 19).
* ``looks_differ``: both say what the object looks like in one respect
  (colour, size, pattern, shape) and agree on nothing, the change's own
  values included. Case "a contradicting colour names another object".
* ``place_differs``: both place the object on one axis at different points,
  and the change does not single it out. Case "in a crowd of alike things,
  contradicting colour and place pick no one".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..datasets import Difference
from ._evidence import Profile, attribute_counts
from ._imitations import imitation
from ._lead import lead_phrase
from ._lexicon import MATERIALS
from ._looks import ambiguous_words, looks_agree
from ._modifiers import Modifiers, about_itself, lead_looks, named_kinds
from ._presence import appears_against_stays
from ._values import numbers_in, value_words, values_match


@dataclass(frozen=True, slots=True)
class Veto:
    """Why a pair was refused: the rule, and what contradicted, for people."""

    rule: str
    detail: str


def any_value_agrees(pred: Difference, gold: Difference) -> bool:
    """At least one stated value matches one of the gold's, in either direction.

    Either direction, because swapped values are the same change read the
    wrong way round (case "wrong direction still finds the change").
    """
    pred_values = [v for v in (pred.from_value, pred.to_value) if v]
    gold_values = [v for v in (gold.from_value, gold.to_value) if v]
    return any(values_match(p, g) for p in pred_values for g in gold_values)


Reading = tuple[tuple[str | None, str | None], tuple[str | None, str | None]]


def _readings(pred: Difference, gold: Difference) -> tuple[Reading, Reading]:
    """The two ways to pair the values: in order, and swapped (case "wrong
    direction still finds the change"). Each pair is (the prediction's, the gold's)."""
    return (
        ((pred.from_value, gold.from_value), (pred.to_value, gold.to_value)),
        ((pred.to_value, gold.from_value), (pred.from_value, gold.to_value)),
    )


def _same_numbers(pred: Difference, gold: Difference) -> bool:
    """Every number the gold states agrees, read in order or swapped.

    One shared number is no specific change: "2 -> 4" shares the 2 with
    "5 -> 2" by chance (case "a subject listing nouns + a count that happens
    to agree").
    """
    return any(
        any(theirs for _, theirs in reading)
        and all(values_match(mine, theirs) for mine, theirs in reading if theirs)
        for reading in _readings(pred, gold)
    )


def _alike(mine: str, theirs: str) -> bool:
    """Two values of one slot say the same: "dark red" ~ "red", "navy" ~ "blue"."""
    return values_match(mine, theirs) or looks_agree(value_words(mine), value_words(theirs))


def _same_values(pred: Difference, gold: Difference) -> bool:
    """Every value both sides state agrees, read in order or swapped, and one at least.

    One shared value is a coincidence: a sofa turning gray -> brown is not
    its cushion turning gray -> navy, nor a fridge turning white -> green
    its magnet turning red -> green (red team round 11).
    """
    for reading in _readings(pred, gold):
        stated = [(mine, theirs) for mine, theirs in reading if mine and theirs]
        if stated and all(_alike(mine, theirs) for mine, theirs in stated):
            return True
    return False


def change_corroborates(p: Profile, g: Profile, pred: Difference, gold: Difference) -> bool:
    """The change itself is specific and the same: same sort, and the values agree.

    For counts, every number the gold states must agree; for other sorts,
    every value both state (:func:`_same_values`). One shared value or
    number is a coincidence.
    """
    if p.category is None or p.category != g.category:
        return False
    if p.category == "count":
        return _same_numbers(pred, gold)
    return _same_values(pred, gold)


@lru_cache(maxsize=65536)
def _says_something(value: str) -> bool:
    """A value with a number or a word that is no list of one dimension's values."""
    found = value_words(value)
    return bool(numbers_in(value)) or bool(found - ambiguous_words(found))


def values_compatible(pred: Difference, gold: Difference) -> bool | None:
    """Whether some stated value of each side can describe the same thing.

    Looser than :func:`any_value_agrees`, because it only decides whether a
    pair is *impossible*: a shade agrees with its basic colour ("crimson" ~
    "red", case "shades in both values") and sizes agree by the end of the
    scale they point to ("tall" -> "short" ~ "large" -> "small", case
    "comparatives and same-scale size words are the same change"). None when
    one side states nothing: a value listing every colour says nothing.
    """
    mine = [v for v in (pred.from_value, pred.to_value) if v and _says_something(v)]
    theirs = [v for v in (gold.from_value, gold.to_value) if v and _says_something(v)]
    if not mine or not theirs:
        return None
    return any_value_agrees(pred, gold) or any(
        looks_agree(value_words(a), value_words(b)) for a in mine for b in theirs
    )


def _is_count(p: Profile) -> bool:
    return p.category == "count"


def _different_change(p: Profile, g: Profile) -> bool:
    """Two changes of different sorts; an addition or removal has no sort.

    A count against an attribute change of unknown sort ("material" from wood
    to metal) is still a contradiction: the unknown sort is not a number.
    """
    if p.category is not None and g.category is not None:
        return p.category != g.category
    if _is_count(p) and g.kind == "attribute_change":
        return True
    return _is_count(g) and p.kind == "attribute_change"


def _only_an_alias(head: str, g: Profile) -> bool:
    """``head`` is the head of an alias only, another word than the gold subject's head.

    Such an alias is another name of the gold's object, often a looser one
    ("brush" for a broom, "frame" for a painting, "seat" for a bench), not
    "any kind of it" as a bare subject is: a kind word the gold never says
    makes it another thing. A tooth_brush is no broom, a window_frame no
    painting, a car_horn no trumpet (red team round 19). The subject's head
    written closed ("lightbulb" for light_bulb) is the subject's own name.
    """
    subject = g.head
    return subject is not None and head != subject and not head.endswith(subject)


def _kind_veto(pred: Difference, p: Profile, g: Profile) -> str | None:
    """The first thing the prediction names as the gold's head, but of another kind.

    Its subject's head (for a vague subject, its description's lead phrase's,
    whose kind words ``evidence.profile`` reads), then what it names outside
    its subject, by which a container or a part finds the gold: its lead
    phrase and each value, each read as a name with its own kind words. The
    floor's contents "empty" -> "a hot dog" and "The toy dog appears on the
    floor" found the dog (red team round 19).
    """
    head = p.head if p.head is not None or len(p.lead_head) != 1 else next(iter(p.lead_head))
    if head is not None and head in g.heads:
        found = _kind_clash(head, p.modifiers, p, g)
        if found is not None:
            return found
    if g.heads.isdisjoint(p.change_words) and g.heads.isdisjoint(p.lead_words):
        return None  # nearly every pair: nothing outside the subject names the gold
    for outside, modifiers in _named_outside(pred, p, g.heads - {head}):
        found = _kind_clash(outside, modifiers, p, g)
        if found is not None:
            return found
    return None


def _named_outside(
    pred: Difference, p: Profile, heads: frozenset[str]
) -> list[tuple[str, Modifiers]]:
    """The objects of ``heads`` the prediction names outside its subject, with their kinds."""
    texts = [v for v in (pred.from_value, pred.to_value) if v]
    if pred.description and not p.lead_head.isdisjoint(heads) and not p.vague:
        texts.append(" ".join(lead_phrase(pred.description)))
    named = (named_kinds(text) for text in texts)
    return [(head, kinds) for head, kinds in named if head is not None and head in heads]


def _kind_clash(head: str, mine: Modifiers, p: Profile, g: Profile) -> str | None:
    """Why ``head``, as ``mine`` describes it, is another kind of thing than the gold's."""
    kinds, theirs = mine.kinds_of(head), g.modifiers.kinds_of(head)
    if kinds and head not in g.modifiers.bare and kinds.isdisjoint(theirs):
        return f"{'/'.join(sorted(kinds))} {head} is not {'/'.join(sorted(theirs))} {head}"
    told = kinds - MATERIALS  # "wooden_seat" is what a bench is made of, no other kind
    if told and _only_an_alias(head, g) and told.isdisjoint(g.all_words | g.lead_words):
        return f"a {'/'.join(sorted(told))} {head} is not a {g.head}"
    for said, other in ((mine, g), (g.modifiers, p)):
        if head in said.bare:
            continue
        unshared = said.replicas_of(head) - other.all_words - other.lead_words
        if unshared:
            return f"a {min(unshared)} {head} is not a {head}"
    return None


def _first_disagreement(
    said: tuple[tuple[str, frozenset[str]], ...],
    other: Callable[[str], frozenset[str]],
    label: str,
) -> str | None:
    """The first respect in which both state something and nothing agrees."""
    for respect, values in said:
        theirs = other(respect)
        if theirs and values.isdisjoint(theirs):
            return f"{respect}{label}: {'/'.join(sorted(values))} vs {'/'.join(sorted(theirs))}"
    return None


def _look_veto(p: Profile, g: Profile) -> str | None:
    """Looks of the object the prediction names, and of the gold, that agree on nothing.

    Its subject's (with its change's values, and its description's lead
    phrase when that is about the subject), then its lead phrase's alone
    when that names the gold outside the subject: the floor's contents told
    as "A black dog appears on the floor" found the brown dog (red team
    round 19).
    """
    found = _first_disagreement(p.modifiers.looks, g.modifiers.look, "")
    outside = p.lead_head and p.lead_head <= g.heads and not about_itself(p.heads, p.lead_words)
    if found is None and outside:
        found = _first_disagreement(lead_looks(p.lead_words - p.lead_head), g.modifiers.look, "")
    return found


def _place_veto(p: Profile, g: Profile) -> str | None:
    return _first_disagreement(p.modifiers.places, g.modifiers.place, " position")


def _counts_veto(pred: Difference, p: Profile, g: Profile) -> str | None:
    """A count of other things than the gold's: "four chimneys" for the windows.

    Only for a count against a count, an addition or a removal. What the
    prediction counts may be the gold's head ("bird" with "four birds"),
    what the gold counts too, or a word that narrows the gold's head ("three
    framed pictures" for picture_frames_on_wall); a place in the gold's name
    is not counted by it ("number of bowls" is no count of apples_in_bowl),
    nor is the prediction's own head when it is not the gold's. A count's
    attribute, when it names something, alone says what is counted: a
    description cannot add the subject to it (round 13).
    """
    if p.category != "count" or not g.is_presence or not p.counted:
        return None
    counted = attribute_counts(pred.attribute) or p.counted
    if not counted.isdisjoint(g.heads | g.counted | g.leading):
        return None
    return f"counts {'/'.join(sorted(counted))}, not {'/'.join(sorted(g.heads)) or 'it'}"


def veto(pred: Difference, gold: Difference, p: Profile, g: Profile) -> Veto | None:
    """The first contradiction between ``pred`` and ``gold``, or None."""
    compatible = values_compatible(pred, gold)
    # Two known sorts with a value in common are one change labelled two
    # ways: colour "white" -> "white with black spots" is the cow turning
    # spotted (case "a colour attribute whose value adds a pattern").
    labelled_apart = _different_change(p, g) and not (
        compatible and not _is_count(p) and not _is_count(g)
    )
    if labelled_apart or appears_against_stays(pred, gold, p, g):
        return Veto("different_change", f"{p.category or pred.kind} vs {g.category or gold.kind}")
    if compatible is False:
        return Veto("values_disagree", "no stated value agrees")
    counts = _counts_veto(pred, p, g)
    if counts is not None:
        return Veto("counts_another", counts)
    kind = _kind_veto(pred, p, g) or imitation(pred, gold, p, g)
    if kind is not None:
        return Veto("another_kind", kind)
    look = _look_veto(p, g)
    if look is not None:
        return Veto("looks_differ", look)
    place = _place_veto(p, g)
    if place is not None and not change_corroborates(p, g, pred, gold):
        return Veto("place_differs", place)
    return None
