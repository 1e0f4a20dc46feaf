"""Appearing or going against staying: one object cannot do both.

An addition or removal says the object is in one panel only; a change of its
colour, size, shape, pattern, state or place says it is in both. "cat removed" is not the
cat turning white, and the cat turning white is not the cat that went. Blind
answers of the likeliest objects, each "removed", or each a bare attribute
change, or each a vague removal whose description names the object, found
such golds (red team G9 and its ways round, rounds 2 and 3).
"""

from __future__ import annotations

from ..datasets import Difference
from ._evidence import Profile
from ._lexicon import PRESENCE_WORDS
from ._modifiers import name_looks, value_looks
from ._normalize import exchanged, words

#: Sorts of change that show the object in both panels, looking otherwise.
LOOK_CHANGES = frozenset({"color", "size", "shape", "pattern"})
_PRESENCE = frozenset({"object_added", "object_removed"})

#: Looks a thing can appear or go by: stripes and spots appear, a colour can
#: be named by what went ("red_balloon" removed). Sizes and shapes have two
#: or few ends, which a guess would hit too often.
_TOLD_LOOKS = frozenset({"color", "pattern"})


def _speaks_of_being_there(p: Profile) -> bool:
    """An attribute change that says whether the object is there: a removal or addition.

    "appears" -> "disappears", "here" -> "not here", "visible" -> "hidden",
    or an attribute "visibility" or "presence" whatever its values (true ->
    false): a word of being there or not (``lexicon.PRESENCE_WORDS``). Not a
    bare negation: "on" -> "not on" is a lamp switched off, "no hat" a man
    who took his hat off (red team round 6).
    """
    if p.kind != "attribute_change":
        return False
    said = p.change_words.union(*(words(value) for value in p.values))
    return not PRESENCE_WORDS.isdisjoint(said)


def _says_it_stays(p: Profile, *, told_by_model: bool) -> bool:
    """An attribute change the object is there for: of its look, its state, its place...

    Any attribute change but a count: a lamp switched off is not the lamp
    that went, nor a sign's new text a sign that came (red team round 4).
    A model may tell a removal or addition as an attribute change
    (:func:`_speaks_of_being_there`, red team round 5); a gold says it with
    its kind, so a gold's "handle missing" is the cup's state, and the cup
    is still there.
    """
    if p.kind != "attribute_change" or p.category == "count":
        return False
    if p.category in LOOK_CHANGES or not p.values:
        return True
    return not (told_by_model and _speaks_of_being_there(p))


def _about_it(p: Profile, g: Profile) -> bool:
    """``p`` names ``g``'s object: by its head, or, vague, by its description's."""
    if p.head is not None:
        return p.head in g.heads
    return not g.heads.isdisjoint(p.lead_head)


def _tells_the_look(pred: Difference, gold: Difference, p: Profile, g: Profile) -> bool:
    """The prediction's name tells the gold's change of look as a thing that came or went.

    "shirt_stripes" added is the shirt's new pattern, "red_balloon" removed
    the red balloon turning blue: the name states the look the gold had
    before (a removal) or has after (an addition). "white_cat" removed is
    not the black cat turning white. Only the name counts, so a description
    cannot add looks to choose from.
    """
    if g.category not in _TOLD_LOOKS or not p.names:
        return False
    said = dict(name_looks(p.names[0])).get(g.category)
    side = gold.from_value if pred.kind == "object_removed" else gold.to_value
    seen = dict(value_looks((side,))).get(g.category) if side else None
    return bool(said and seen) and not said.isdisjoint(seen)


def appears_against_stays(pred: Difference, gold: Difference, p: Profile, g: Profile) -> bool:
    """One side has the object come or go while the other shows it in both panels.

    A prediction that came or went, by its kind or by values that say so,
    never finds a change of look, state or place, unless its name tells
    that look (:func:`_tells_the_look`): "here" -> "not here" is no wildcard
    for the cat's colour (red team round 6). A prediction that shows
    the gold's object, or a part of it, in both panels never finds the gold
    that came or went ("window_curtain" turning checked is not the window
    that went), unless its values bring or take that object away: a change
    of what a container looks like may report an addition in it
    ("apple_tree" pattern "plain green" -> "dotted with red apples").
    """
    comes_or_goes = p.kind in _PRESENCE or _speaks_of_being_there(p)
    if comes_or_goes and _says_it_stays(g, told_by_model=False):
        return not _tells_the_look(pred, gold, p, g)
    if g.kind not in _PRESENCE or not _says_it_stays(p, told_by_model=True):
        return False
    if _about_it(p, g):
        return True
    taken, brought = exchanged(pred.from_value, pred.to_value, p.name_words)
    return not g.heads.isdisjoint(p.attached) and g.heads.isdisjoint(taken | brought)
