"""Words of a description that are verbs here, though they read as nouns.

A description's lead phrase ends at its verb (``_lead._about``); the words
below may be either, and each rule says from its neighbours which it is.
"""

from __future__ import annotations

from ._lexicon import ADJECTIVES, POSITION, PREPOSITIONS
from ._wholes import LIVING

#: Scene verbs that are nouns too: "bird feed", "flip phone", "gear shift",
#: "fall foliage" (red team round 15). One that acts on something is a verb
#: only before it ("kicks *a* ball", "feed *the* ducks": "the bird feed in
#: the tray" is feed); one that need not, also before where or at the end
#: ("falls *from* the tree", "shifts *left*", "the price rises").
_ACTS_ON = frozenset("kick feed flip lose swap".split())
_MOVES = frozenset("fall rise shift move increase decrease".split())
WHAT_IT_ACTS_ON = frozenset(
    "a an the this that these those his her its their my our your some".split()
)
_WHERE = PREPOSITIONS | POSITION


def noun_here(clause: tuple[str, ...], index: int) -> bool:
    """The word at ``index`` is a noun here, though it may be a verb (:data:`_ACTS_ON`)."""
    word = clause[index]
    if word not in _ACTS_ON and word not in _MOVES:
        return False
    following = clause[index + 1] if index + 1 < len(clause) else None
    if following is None:
        return word in _ACTS_ON
    if following in WHAT_IT_ACTS_ON or following.isdigit():
        return False
    return word in _ACTS_ON or following not in _WHERE


#: Scene verbs whose "-s" form reads as a plural noun once made singular:
#: "The cat leaves" was about a leaf, "The bird flies away" a fly, "The boat
#: sinks" a sink (red team round 24). Each is a verb only right after what
#: acts (:data:`_ACTORS`), and only before what it acts on, where it goes, or
#: the end of its clause: "the tree leaves", "the kitchen sink" and "the cat
#: leaves are ..." stay nouns. Not "light", "stop", "sail", "nest", "park"
#: or "watch", whose compounds after an actor are common ("car lights",
#: "bus stop", "boat sails", "bird nests", "car park", "man's watch").
ACTS_AS_NOUN_TOO = frozenset(
    "leaf leave fly sink land wave drop roll slide jump dive hop step dance drive bark hide "
    "run".split()
)
#: What acts: the living, and what moves by itself.
_ACTORS = LIVING | frozenset(
    "car bus truck train boat ship airplane helicopter rocket bicycle motorcycle kite balloon "
    "ball".split()
)
#: What follows such a verb: what it acts on, where it goes, or nothing.
_AFTER_A_VERB = (
    WHAT_IT_ACTS_ON
    | PREPOSITIONS
    | frozenset(
        "away off out up down back around into onto through across toward towards past "
        "high higher low lower far fast again goodbye underwater home".split()
    )
)
#: The compounds of an actor and such a noun: a horse fly is a fly.
_ACTOR_COMPOUNDS = frozenset({("horse", "fly")})


def acts(clause: tuple[str, ...], index: int, phrase: list[str]) -> bool:
    """The word at ``index`` (of :data:`ACTS_AS_NOUN_TOO`) is the verb of the actor before it."""
    actor = phrase[-1] if phrase else None
    if actor not in _ACTORS or (actor, clause[index]) in _ACTOR_COMPOUNDS:
        return False
    following = clause[index + 1] if index + 1 < len(clause) else None
    return (
        following is None
        or following.isdigit()
        or following in _AFTER_A_VERB
        or following.endswith("ly")  # "the cat leaves *quickly*"
    )


#: Past tenses a scene description uses that no "-ed" ending gives away.
_IRREGULAR_PASTS = frozenset(
    "sat ran flew drove broke went got took came gave made stood threw caught held hid bit".split()
)
#: Nouns in "-ed" a phrase may hold after its first noun: "flower bed", "sea weed".
_NOUN_ENDINGS = ("bed", "eed", "shed", "sled")
#: What follows a verb in "-ed", and no adjective in "-ed": "kicked *the* ball",
#: "jumped *away*", "painted *red*", "perched *on* a branch".
_AFTER_AN_ACT = (
    WHAT_IT_ACTS_ON
    | PREPOSITIONS
    | ADJECTIVES
    | frozenset("away off out up down back over around as".split())  # "dressed *as* a cat"
)


#: The words :func:`tells_an_act` may call a verb without an "-ed" ending;
#: ``_lead._about`` asks it of no other word, as most words of a text fail it.
ACTS_UNENDED = _IRREGULAR_PASTS | {"left"}


def tells_an_act(clause: tuple[str, ...], index: int) -> bool:
    """The word at ``index``, after a noun, is a verb in the past: "kicked", "sat", "left the".

    Read as part of the name, what the verb acts on was the head: "The boy
    kicked the ball" was about the ball, "The cat left the bench" about the
    bench, and "The cat sat on the mat" about a "sat" (red team round 19).
    "Left" is a verb only before what it leaves: "the cat left of the tree"
    is a place.
    """
    word = clause[index]
    following = clause[index + 1] if index + 1 < len(clause) else None
    if word == "left":
        return following in WHAT_IT_ACTS_ON
    if word in _IRREGULAR_PASTS:
        return True
    if len(word) < 5 or not word.endswith("ed") or word.endswith(_NOUN_ENDINGS):
        return False
    # Before a noun it is a look: "a cat-shaped balloon" is a balloon.
    return following is None or following.isdigit() or following in _AFTER_AN_ACT
