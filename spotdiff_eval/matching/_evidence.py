"""What each difference says, precomputed once for all its pairings.

A :class:`Profile` gathers the normalised evidence of one difference: its
names (a gold difference also has its aliases), their head nouns, the words of
its change (attribute, from, to) and of its description, and what kind of
change it is. The matching rules in ``relation.py`` read only profiles.

A profile is built from three parts, each cached by the strings it comes
from: what the names state (:func:`_named`), what the change states
(:func:`_changed`), and what the description tells (:func:`_told`).
Subjects and values recur across items and submissions, so the first two
are nearly always cache hits (:func:`_stated` joins them). A description is
read once, in one pass over its clauses (``reading.py``): descriptions are
nearly all distinct, and at 10k items reading them was most of the scorer's
time.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import NamedTuple

from ..datasets import Difference, GoldDifference
from ._counted import counted_in, counted_nouns
from ._lead import head_of_phrase, phrase_told, told_of_lead, words_of_phrase
from ._lexicon import ATTRIBUTE_WORDS, CHANGE_WORDS, FILLER, POSITION, VAGUE_NOUNS
from ._modifiers import (
    Looks,
    Modifiers,
    about_itself,
    lead_looks,
    name_modifiers,
    phrase_kinds,
    value_looks,
    with_kinds,
    with_looks,
    with_places,
)
from ._normalize import SHOWN_IN, Name, content_words, parse_name, words
from ._reading import read_text
from ._values import attribute_category
from ._word_runs import counted_glasses

#: Added, removed and count changes all say "how many of X are there":
#: an addition reported as a count change from 0 is the same claim.
PRESENCE_KINDS = frozenset({"object_added", "object_removed", "count_change"})


class Profile(NamedTuple):
    """Normalised evidence of one difference.

    ``head`` is the head noun of the stated subject (None when vague);
    ``heads`` adds those of the aliases; ``spelled`` holds every name as a
    tuple of normalised words. ``lead_words`` are the words of the phrase the
    description is about (see :func:`lead.lead_words`): only they may
    name the object, while ``description_words`` (all of it) only rank pairs.
    ``lead_head`` is the head of the description's lead phrase, the one
    object a description names (the values name theirs by direction,
    ``relation._named_outside_subject``; an attribute never names one, it
    names a property). ``attached`` are the nouns that modify the head of a
    name directly (``Name.attached``); ``counted`` the
    nouns its description or values count ("four chimneys"). ``modifiers``
    are what the difference says the object is like.

    Immutable like a frozen dataclass, but a named tuple: some 160,000 are
    built at 10k items, and a frozen dataclass's ``__init__`` alone cost 2 µs
    of each.
    """

    kind: str
    head: str | None
    spelled: frozenset[tuple[str, ...]]
    names: tuple[Name, ...]
    heads: frozenset[str]
    name_words: frozenset[str]
    change_words: frozenset[str]
    description_words: frozenset[str]
    lead_words: frozenset[str]
    lead_head: frozenset[str]
    attached: frozenset[str]
    counted: frozenset[str]
    all_words: frozenset[str]
    category: str | None
    values: tuple[str, ...]
    modifiers: Modifiers

    @property
    def vague(self) -> bool:
        """No name with a head: "object_3" says nothing of what it is."""
        return not self.heads

    @property
    def is_presence(self) -> bool:
        return self.kind in PRESENCE_KINDS

    @property
    def leading(self) -> frozenset[str]:
        """The words that narrow the head's kind, of every name (``Name.leading``)."""
        return frozenset().union(*(name.leading for name in self.names))


class _Named(NamedTuple):
    """What a difference's names state."""

    head: str | None
    spelled: frozenset[tuple[str, ...]]
    names: tuple[Name, ...]
    heads: frozenset[str]
    words: frozenset[str]
    attached: frozenset[str]
    modifiers: Modifiers


class _Changed(NamedTuple):
    """What a difference's change states: its sort, values, and what they count."""

    words: frozenset[str]
    counted: frozenset[str]
    category: str | None
    values: tuple[str, ...]
    looks: Looks


class _Stated(NamedTuple):
    """What a difference's names and change state together: all but its description."""

    named: _Named
    changed: _Changed
    words: frozenset[str]
    modifiers: Modifiers


class _Told(NamedTuple):
    """What a description tells: its words, its lead phrase and head, what it counts."""

    words: frozenset[str]
    lead_words: frozenset[str]
    lead_head: frozenset[str]
    counted: frozenset[str]
    looks: Looks
    phrase: tuple[str, ...] = ()
    placed: bool = False  # the lead phrase holds a position word
    shown_in: tuple[str, ...] = ()  # "in the painting" after it: round 23


#: Attributes that say a thing holds something, not what: "contents", "items".
_HOLDS = frozenset({"content", "load", "inventory"}) | VAGUE_NOUNS

#: Words that tell nothing of what changed: fillers, and words saying *that* it changed.
_NOT_TOLD = FILLER | CHANGE_WORDS
_SAYS_NOTHING = _Told(frozenset(), frozenset(), frozenset(), frozenset(), ())


@lru_cache(maxsize=65536)
def _named(subject: str, aliases: tuple[str, ...]) -> _Named:
    names = tuple(parse_name(n) for n in (subject, *aliases))
    heads = frozenset(n.head for n in names if n.head is not None)
    if heads and aliases:
        # A gold named by its own head and by a pair is one object made of
        # both: the teacup known as "cup_and_saucer" is found by "saucer",
        # the pair's last thing and its head before round 23 paired it
        # (round 24). Not by "cup": the catalogue's mugs are cups too, and a
        # blind "cup" found teacups. Only in an alias of a named gold: a
        # pair alone names neither thing (``_normalize._names_two``).
        heads = heads.union(*(n.paired for n in names[1:]))
    return _Named(
        head=names[0].head,
        spelled=frozenset(words(n) for n in (subject, *aliases)),
        names=names,
        heads=heads,
        words=frozenset().union(*(n.core for n in names)),
        attached=frozenset().union(*(n.attached for n in names)),
        modifiers=name_modifiers(names),
    )


@lru_cache(maxsize=65536)
def _changed(
    kind: str, attribute: str | None, from_value: str | None, to_value: str | None
) -> _Changed:
    values = tuple(v for v in (from_value, to_value) if v)
    if kind == "count_change":
        category: str | None = "count"
    elif kind == "attribute_change":
        category = attribute_category(attribute, values)
    else:
        category = None
    counted = frozenset().union(*(counted_nouns(v) for v in values))
    if category == "count":
        counted |= attribute_counts(attribute)
    return _Changed(
        words=frozenset().union(*(content_words(v) for v in (attribute, *values) if v)),
        counted=counted,
        category=category,
        values=values,
        looks=value_looks(values),
    )


@lru_cache(maxsize=4096)
def attribute_counts(attribute: str | None) -> frozenset[str]:
    """What a count's attribute counts: "number of ducks" counts ducks.

    Only a count's attribute says what is counted; any other attribute
    names a property, never an object (case "a noun list in the attribute
    field names none"). A house counting "number of bicycles" is no count
    of its windows (red team round 12).
    """
    head = parse_name(attribute).head if attribute else None
    if head is None or head in ATTRIBUTE_WORDS or head in _HOLDS:
        return frozenset()  # "count", "colour", "contents": no thing counted
    return frozenset([head])


@lru_cache(maxsize=4096)
def _stated(
    subject: str,
    aliases: tuple[str, ...],
    kind: str,
    attribute: str | None,
    from_value: str | None,
    to_value: str | None,
) -> _Stated:
    """The two halves joined: a miss here is two hits below, as names and changes recur apart.

    Small caches here and in :func:`_told`: at 10k items, caches of 65,536
    entries held 46 MiB of evidence that was never asked for again.
    """
    if kind == "count_change":  # a count of "glasses" counts drinking glasses
        subject, aliases = counted_glasses(subject), tuple(map(counted_glasses, aliases))
    named = _named(subject, aliases)
    changed = _changed(kind, attribute, from_value, to_value)
    return _Stated(
        named, changed, named.words | changed.words, with_looks(named.modifiers, changed.looks)
    )


@lru_cache(maxsize=4096)
def _told(description: str | None) -> _Told:
    if not description:
        return _SAYS_NOTHING
    clauses, breaks = read_text(description)
    seen = frozenset(chain(breaks, *clauses))
    phrase = phrase_told(description, clauses, breaks, seen)
    head = head_of_phrase(phrase)
    lead = words_of_phrase(phrase)
    said = seen - _NOT_TOLD
    counts = any(map(str.isdigit, said))  # no word of _NOT_TOLD is a number (tested)
    if counts:
        said = frozenset(w for w in said if not w.isdigit())
    return _Told(
        shown_in=_shown_in(description, said),
        words=said,  # its content words, but not those that say *that* it changed
        lead_words=lead,
        lead_head=frozenset() if head is None else frozenset([head]),
        counted=counted_in(clauses) if counts else frozenset(),
        looks=lead_looks(lead - {head}),
        phrase=phrase,
        placed=not POSITION.isdisjoint(phrase),
    )


#: Before what a description's object is shown in: "The dog *in the* painting".
_SHOWN_ON = frozenset({"in", "on"})
#: Participles right after the lead that make it an image, read as the
#: picture or mirror that shows it: "The dog *reflected* in the window", "the
#: dog *printed* on the mug" named the real dog (red team round 24). Not
#: "shown" or "pictured", which may point at a panel ("shown in the left image").
_SHOWN_AS = {"reflected": ("in", "mirror"), "printed": ("on", "sticker")}
#: Every word that may show a description's object as an image: one set test per text.
_SHOWN_WORDS = frozenset(SHOWN_IN) | frozenset(_SHOWN_AS)


def _shown_in(description: str, said: frozenset[str]) -> tuple[str, ...]:
    """The picture or mirror the lead's own clause first shows its object in, as a phrase.

    "The dog in the painting is gone" names a painted dog, as a subject
    "dog_in_painting" does (``_normalize.SHOWN_IN``), though its lead phrase
    ends at "in" (red team round 23), and so does "The dog reflected in the
    window" (:data:`_SHOWN_AS`). Read only when the text holds such a word.
    """
    if said.isdisjoint(_SHOWN_WORDS):
        return ()
    rest = told_of_lead(description)
    if rest and rest[0] in _SHOWN_AS:
        return _SHOWN_AS[rest[0]]  # "The dog *reflected* in the window"
    if not rest or rest[0] not in _SHOWN_ON:
        return ()
    shown = next((word for word in rest[1:5] if word in SHOWN_IN), None)
    return () if shown is None else (rest[0], shown)


def profile(diff: Difference) -> Profile:
    stated = _stated(
        diff.subject,
        diff.aliases if isinstance(diff, GoldDifference) else (),
        diff.kind,
        diff.attribute,
        diff.from_value,
        diff.to_value,
    )
    named, changed = stated.named, stated.changed
    told = _told(diff.description)
    modifiers = stated.modifiers
    if told.looks and about_itself(named.heads, told.lead_words):
        modifiers = with_looks(modifiers, told.looks)
    if named.head is None and told.lead_head:
        # A vague subject names its object by its description, kind words
        # and all: "A toy car is gone" is no car (red team round 19).
        modifiers = with_kinds(modifiers, phrase_kinds(told.phrase + told.shown_in))
    elif told.placed and about_itself(named.heads, told.lead_words):
        # So does a named one its place: "The left dog is gone" said of a
        # "dog" is no right dog (red team round 19).
        modifiers = with_places(modifiers, phrase_kinds(told.phrase))
    return Profile(
        diff.kind,
        named.head,
        named.spelled,
        named.names,
        named.heads,
        named.words,
        changed.words,
        told.words,
        told.lead_words,
        told.lead_head,
        named.attached,
        changed.counted | told.counted,
        stated.words | told.words,
        changed.category,
        changed.values,
        modifiers,
    )
