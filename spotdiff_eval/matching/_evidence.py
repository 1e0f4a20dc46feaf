"""What each difference says, precomputed once for all its pairings.

A :class:`Profile` gathers the normalised evidence of one difference: its
names (a gold difference also has its aliases), their head nouns, the words of
its change (attribute, from, to) and of its description, and what kind of
change it is. The matching rules in ``relation.py`` read only profiles.

A profile is built from two halves, each cached by the strings it comes
from. What the name and the change state (:func:`_stated`) repeats across
items and submissions: subjects and values recur, so that half is nearly
always a cache hit. What the description tells (:func:`_told`) is read once
per description, in one pass over its clauses (``reading.py``): descriptions
are nearly all distinct, and at 10k items reading them was most of the
scorer's time.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..datasets import Difference, GoldDifference
from ._lead import counted_in, counted_nouns, head_of_phrase, phrase_in, words_of_phrase
from ._lexicon import CHANGE_WORDS, FILLER
from ._modifiers import Modifiers, lead_looks, stated_modifiers, with_lead
from ._normalize import Name, attribute_category, content_words, parse_name, value_heads, words
from ._reading import read_text

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
    ``named`` are the objects the difference names outside its subject: the
    head of its description's lead phrase and the heads of its values (never
    its attribute, which names a property); ``lead_head`` the first alone.
    ``attached`` are the nouns that
    modify the head of a name directly (``Name.attached``); ``counted`` the
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
    named: frozenset[str]
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


class _Stated(NamedTuple):
    """What a difference's names and change state: everything but its description."""

    head: str | None
    spelled: frozenset[tuple[str, ...]]
    names: tuple[Name, ...]
    heads: frozenset[str]
    name_words: frozenset[str]
    change_words: frozenset[str]
    named: frozenset[str]
    attached: frozenset[str]
    counted: frozenset[str]
    category: str | None
    values: tuple[str, ...]
    modifiers: Modifiers


class _Told(NamedTuple):
    """What a description tells: its words, its lead phrase and head, what it counts."""

    words: frozenset[str]
    lead_words: frozenset[str]
    lead_head: frozenset[str]
    counted: frozenset[str]
    looks: tuple[tuple[str, frozenset[str]], ...]


_SAYS_NOTHING = _Told(frozenset(), frozenset(), frozenset(), frozenset(), ())


@lru_cache(maxsize=65536)
def _stated(
    kind: str,
    subject: str,
    aliases: tuple[str, ...],
    attribute: str | None,
    from_value: str | None,
    to_value: str | None,
) -> _Stated:
    names = tuple(parse_name(n) for n in (subject, *aliases))
    heads = frozenset(n.head for n in names if n.head is not None)
    values = tuple(v for v in (from_value, to_value) if v)
    change_words = frozenset().union(*(content_words(v) for v in (attribute, *values) if v))
    if kind == "count_change":
        category: str | None = "count"
    elif kind == "attribute_change":
        category = attribute_category(attribute, values)
    else:
        category = None
    return _Stated(
        head=names[0].head,
        spelled=frozenset(words(n) for n in (subject, *aliases)),
        names=names,
        heads=heads,
        name_words=frozenset().union(*(n.core for n in names)),
        change_words=change_words,
        named=frozenset().union(*(value_heads(v) for v in values)),
        attached=frozenset().union(*(n.attached for n in names)),
        counted=frozenset().union(*(counted_nouns(v) for v in values)),
        category=category,
        values=values,
        modifiers=stated_modifiers(names, heads, values),
    )


@lru_cache(maxsize=4096)
def _told(description: str | None) -> _Told:
    if not description:
        return _SAYS_NOTHING
    clauses, every = read_text(description)
    phrase = phrase_in(clauses)
    head = head_of_phrase(phrase)
    lead = words_of_phrase(phrase)
    said = frozenset(every).difference(FILLER, CHANGE_WORDS)
    return _Told(
        words=frozenset(w for w in said if not w.isdigit()),  # content words but change words
        lead_words=lead,
        lead_head=frozenset() if head is None else frozenset([head]),
        counted=counted_in(clauses),
        looks=lead_looks(lead),
    )


def profile(diff: Difference) -> Profile:
    stated = _stated(
        diff.kind,
        diff.subject,
        diff.aliases if isinstance(diff, GoldDifference) else (),
        diff.attribute,
        diff.from_value,
        diff.to_value,
    )
    told = _told(diff.description)
    return Profile(
        diff.kind,
        stated.head,
        stated.spelled,
        stated.names,
        stated.heads,
        stated.name_words,
        stated.change_words,
        told.words,
        told.lead_words,
        stated.named | told.lead_head,
        told.lead_head,
        stated.attached,
        stated.counted | told.counted,
        stated.name_words | stated.change_words | told.words,
        stated.category,
        stated.values,
        with_lead(stated.modifiers, stated.heads, told.lead_words, told.looks),
    )
