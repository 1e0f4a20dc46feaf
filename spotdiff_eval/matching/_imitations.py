"""Names that make the prediction's object an imitation of the gold's, one way.

``NOT_A_KIND_OF_HEAD`` words ("toy", "statue") make a name another thing
both ways: a toy car is no car, and a car no toy car. The words below are
weaker (red team round 21): said by the prediction of a gold named by its
bare head, they name another object ("robot_cat", "plush_cat" or
"stuffed_cat" removed found the real cat removed, "hot_air_balloon" the
balloon known as a toy balloon); but a gold that is such a thing may well
be called by its head alone, so "cat" still finds the plush cat and
"balloon" the hot air balloon. The description's lead phrase says it as
the subject does: "The robot cat is gone" is no cat.

A pattern named after the gold's head, or a shape named after a living
one, is a likeness of it too, where it comes or goes: "cat_pattern" or
"cat_shape" added is something patterned with cats or shaped like one
(the words are looks, so the name's head was the cat and it found the cat
added). Changed, it stays the cat's own pattern or shape: "cat_pattern"
from striped to plain is the cat.
"""

from __future__ import annotations

from functools import lru_cache

from ..datasets import Difference
from ._evidence import Profile
from ._lead import lead_phrase
from ._lexicon import MADE_LIKE_THE_LIVING, NOT_A_KIND_OF_HEAD
from ._normalize import Name, parse_name, words
from ._wholes import LIVING

#: ``_lexicon.MADE_LIKE_THE_LIVING``: the words right before a living head
#: that make it a made thing (there since round 23: ``_letters`` guesses
#: them too, and reads no rule).

#: Look nouns that end a name of a likeness: "cat_pattern", "flower_pattern"
#: is a pattern of them. A shape is a likeness of a living thing only: a
#: "star_shape" or a "heart_shape" added is how one says a star or a heart.
PATTERN_ENDS = frozenset({"pattern", "patterned"})
SHAPE_ENDS = frozenset({"shape", "shaped"})

#: Other heads, each with the words that make it another kind than the bare
#: head, and the words by which a gold says it is the common kind: a hot air
#: balloon is no toy balloon. A gold called only "balloon" may be either
#: (round 11 judged "hot air balloon" to find it), but the generator's toy
#: balloon is also known as "toy_balloon", and never meets a hot air balloon
#: in one scene, so a blind "hot_air_balloon" found it.
OTHER_KINDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "balloon": (frozenset({"air"}), frozenset({"toy", "party"})),
}


#: Two-word names of another thing named after their head: a folded paper
#: plane or boat, a cable car, a fairground's bumper car (red team round 22:
#: each removed found the aeroplane, the boat or the car removed), and a
#: motorbike or a dirt bike ("bike" reads "bicycle"), a spaceship. One way:
#: the hand-written set's paper airplane is found by "airplane", as a
#: child's drawing of one would be called. Written as the words read.
#: Round 23 added the toy cars named by their make or their kind: a
#: "die-cast_car", a "matchbox_car", an "rc_car" (remote control) or a
#: "slot_car" removed found the car removed.
NAMED_AFTER = frozenset(
    tuple(pair.split("_"))
    for pair in """
    paper_airplane paper_boat cable_car bumper_car motor_bicycle dirt_bicycle space_ship
    diecast_car cast_car matchbox_car rc_car control_car slot_car
    """.split()
)


#: What grows, and the food toys copy: before such a head a material makes
#: a made thing, as before a living one. Red team round 24: a
#: "plastic_apple", a "paper_flower" or a "plastic_egg" removed found the
#: apple, the flower or the egg.
GROWN = frozenset(
    """
    fruit apple banana orange pear peach plum cherry grape strawberry lemon lime melon
    watermelon pineapple pumpkin tomato carrot corn potato vegetable mushroom
    flower rose tulip daisy sunflower lily plant tree cactus leaf
    egg cake cupcake donut pie bread cookie pizza burger sandwich
    """.split()
)
#: The materials that make such a thing a made one: those of
#: ``MADE_LIKE_THE_LIVING`` but "rubber", "wax" and "stuffed", which name
#: real plants and dishes (a rubber tree, a wax plant, a stuffed pepper).
MADE_LIKE_THE_GROWN = frozenset(
    "plastic paper silk fabric felt foam ceramic porcelain clay cardboard origami plush "
    "plushie inflatable lego".split()
)

#: Makes of toys: a toy so named is a toy whatever its head, one way as a
#: matchbox car. "lego" made only a living thing a toy (round 22), so a
#: "lego_car" or a "tonka_truck" removed found the car or the truck (round 24).
TOY_MAKES = frozenset({"lego", "tonka", "playmobil", "duplo", "hotwheel"})


def _imitates(before: str, head: str, g: Profile) -> bool:
    """``before`` makes ``head`` another thing than the gold's ``head``.

    A gold that is itself an imitation in one of its names (a teddy bear
    also known as "bear") may be told as any: a stuffed bear finds it.
    """
    if (before, head) in NAMED_AFTER or before in TOY_MAKES:
        return True
    if head in LIVING:
        return before in MADE_LIKE_THE_LIVING and g.all_words.isdisjoint(NOT_A_KIND_OF_HEAD)
    if head in GROWN and before in MADE_LIKE_THE_GROWN:
        return g.all_words.isdisjoint(NOT_A_KIND_OF_HEAD)
    other, common = OTHER_KINDS.get(head, (frozenset(), frozenset()))
    return before in other and not common.isdisjoint(g.all_words)


#: Every word that may make a name an imitation: most pairs have none.
_IMITATING = MADE_LIKE_THE_LIVING.union(
    TOY_MAKES,
    MADE_LIKE_THE_GROWN,
    *(other for other, _ in OTHER_KINDS.values()),
    (before for before, _ in NAMED_AFTER),
)


@lru_cache(maxsize=8192)
def _lead_name(description: str) -> Name:
    return parse_name(" ".join(lead_phrase(description)))


def _names_said(pred: Difference, p: Profile, g: Profile) -> tuple[Name, ...]:
    """The prediction's names, with its lead phrase when that names the gold.

    None at all when no word of them may imitate, as for nearly every pair.
    """
    told = pred.description and not g.heads.isdisjoint(p.lead_head)
    if _IMITATING.isdisjoint(p.name_words) and (not told or _IMITATING.isdisjoint(p.lead_words)):
        return ()
    return (*p.names, _lead_name(pred.description)) if told else p.names


def imitation(pred: Difference, gold: Difference, p: Profile, g: Profile) -> str | None:
    """Why the prediction names an imitation of the gold's object, or None.

    A name of the prediction with the gold's head, the word right before
    it imitating (:func:`_imitates`), which the gold says nowhere (before a
    living head any word of its phrase: a "robot_black_cat" is a robot);
    or an addition or removal of a name ending in a pattern or shape word
    the gold's subject does not end in.
    """
    for name in _names_said(pred, p, g):
        head = name.head
        if head not in g.heads:
            continue
        said = name.leading if head in LIVING else {name.before_head}
        for before in sorted(w for w in said if w is not None):
            if (
                before not in g.all_words
                and before not in g.lead_words
                and _imitates(before, head, g)
            ):
                return f"a {before} {head} is not a {head}"
    if p.is_presence and p.head in g.heads:
        last = words(pred.subject)[-1]
        likeness = last in PATTERN_ENDS or (last in SHAPE_ENDS and p.head in LIVING)
        if likeness and last not in words(gold.subject):
            return f"a {p.head} {last} is not a {p.head}"
    return None
