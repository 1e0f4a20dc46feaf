"""What each difference says, precomputed once for all its pairings.

A :class:`Profile` gathers the normalised evidence of one difference: its
names (a gold difference also has its aliases), their head nouns, the words of
its change (attribute, from, to) and of its description, and what kind of
change it is. The matching rules in ``relation.py`` read only profiles.

The parts are cached by the strings they come from: subjects and attribute
values repeat across items and submissions, so most profiles are assembled
from cache hits. Descriptions do not repeat: their caches are small (a
description is read for one item), and their words come from a cache per
token (``normalize.words``), which stays small whatever the dataset's size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..datasets import Difference, GoldDifference
from ._lead import counted_nouns, lead_head, lead_words, read_text
from ._lexicon import CHANGE_WORDS, FILLER
from ._modifiers import Modifiers, modifiers_of
from ._normalize import Name, attribute_category, content_words, parse_name, value_heads, words

#: Added, removed and count changes all say "how many of X are there":
#: an addition reported as a count change from 0 is the same claim.
PRESENCE_KINDS = frozenset({"object_added", "object_removed", "count_change"})


@dataclass(frozen=True, slots=True)
class Profile:
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


@lru_cache(maxsize=65536)
def _name_evidence(subject: str, aliases: tuple[str, ...]):
    names = tuple(parse_name(n) for n in (subject, *aliases))
    spelled = frozenset(words(n) for n in (subject, *aliases))
    heads = frozenset(n.head for n in names if n.head is not None)
    name_words = frozenset().union(*(n.core for n in names))
    attached = frozenset().union(*(n.attached for n in names))
    return names, spelled, heads, name_words, attached


@lru_cache(maxsize=65536)
def _change_evidence(
    kind: str, attribute: str | None, from_value: str | None, to_value: str | None
) -> tuple[frozenset[str], frozenset[str], str | None]:
    values = tuple(v for v in (from_value, to_value) if v)
    change_words = frozenset().union(*(content_words(v) for v in (attribute, *values) if v))
    heads = frozenset().union(*(value_heads(v) for v in values))
    if kind == "count_change":
        category: str | None = "count"
    elif kind == "attribute_change":
        category = attribute_category(attribute, values)
    else:
        category = None
    return change_words, heads, category


@lru_cache(maxsize=4096)
def _description_evidence(
    description: str | None,
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    if not description:
        return frozenset(), frozenset(), frozenset()
    said = frozenset(read_text(description)[1]).difference(FILLER, CHANGE_WORDS)
    head = lead_head(description)
    return (
        frozenset(w for w in said if not w.isdigit()),  # content_words(description) - CHANGE_WORDS
        lead_words(description),
        frozenset() if head is None else frozenset([head]),
    )


@lru_cache(maxsize=4096)
def _counted(description: str | None, values: tuple[str, ...]) -> frozenset[str]:
    return frozenset().union(*(counted_nouns(t) for t in (description, *values) if t))


def profile(diff: Difference) -> Profile:
    aliases = diff.aliases if isinstance(diff, GoldDifference) else ()
    names, spelled, heads, name_words, attached = _name_evidence(diff.subject, aliases)
    change_words, named_in_values, category = _change_evidence(
        diff.kind, diff.attribute, diff.from_value, diff.to_value
    )
    description_words, lead, named_in_lead = _description_evidence(diff.description)
    values = tuple(v for v in (diff.from_value, diff.to_value) if v)
    return Profile(
        kind=diff.kind,
        head=names[0].head,
        spelled=spelled,
        names=names,
        heads=heads,
        name_words=name_words,
        change_words=change_words,
        description_words=description_words,
        lead_words=lead,
        named=named_in_values | named_in_lead,
        lead_head=named_in_lead,
        attached=attached,
        counted=_counted(diff.description, values),
        all_words=name_words | change_words | description_words,
        category=category,
        values=values,
        modifiers=modifiers_of(names, heads, lead, values),
    )
