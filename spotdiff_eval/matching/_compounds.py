"""Closed and open compounds: "lamppost" is "lamp_post", "bookshelf" a book shelf.

English writes many two-noun names either way ("trash can", "trashcan"),
and a model may pick the other spelling than the annotation. Before a
prediction is weighed against a golden difference, each word of its subject
that the gold spells as two of its words is split ("lamppost" against
lamp_post), and two words the gold writes as one are joined ("lamp_post"
against lamppost). Only the gold's own words are used, so no word list can
make an unrelated name land (case "closed compounds and spelling of
multiword names").
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

from ..datasets import Difference
from ._normalize import words

#: Shortest part of a closed compound: "can" in trashcan, never "a" or "in".
_MIN_PART = 3


@lru_cache(maxsize=65536)
def _closed_forms(vocabulary: frozenset[str]) -> dict[str, tuple[str, str]]:
    """Each pair of the gold's words written as one: "lamppost" -> (lamp, post).

    Sorted, so that the one split kept when two pairs spell the same word
    does not depend on the hash seed.
    """
    ordered = sorted(vocabulary)
    return {
        first + second: (first, second)
        for first in ordered
        for second in ordered
        if first != second and len(first) >= _MIN_PART and len(second) >= _MIN_PART
    }


@lru_cache(maxsize=65536)
def respelled(subject: str, vocabulary: frozenset[str]) -> str | None:
    """``subject`` spelled with the compounds of ``vocabulary``, or None if nothing changes."""
    spelled = words(subject)
    closed = _closed_forms(vocabulary)
    out: list[str] = []
    index = 0
    while index < len(spelled):
        word = spelled[index]
        joined = word + spelled[index + 1] if index + 1 < len(spelled) else ""
        if joined in vocabulary and word not in vocabulary:
            out.append(joined)
            index += 2
            continue
        out.extend(closed.get(word, (word,)) if word not in vocabulary else (word,))
        index += 1
    return "_".join(out) if out != list(spelled) else None


@lru_cache(maxsize=65536)
def _spellings(subject: str) -> tuple[frozenset[str], frozenset[str]]:
    """The subject's words, and each two neighbours written as one."""
    spelled = words(subject)
    return frozenset(spelled), frozenset(a + b for a, b in pairwise(spelled))


@lru_cache(maxsize=64)
def _item_forms(vocabularies: tuple[frozenset[str], ...]) -> tuple[frozenset[str], frozenset[str]]:
    """Every gold's closed forms and every gold's words, of one item, each in one set."""
    closed = frozenset().union(*map(_closed_forms, vocabularies))
    return closed, frozenset().union(*vocabularies)


def as_golds_spell_it(
    pred: Difference, gold_words: tuple[frozenset[str], ...]
) -> list[Difference | None]:
    """``pred`` with its subject's compounds spelled as each gold's, or None where nothing changes.

    Most predictions share no compound with any gold of their item: two set
    lookups against the item's golds together say so, before any gold alone.
    """
    single, joined = _spellings(pred.subject)
    closed, vocabulary = _item_forms(gold_words)
    if single.isdisjoint(closed) and joined.isdisjoint(vocabulary):
        return [None] * len(gold_words)
    found: list[Difference | None] = []
    for vocabulary in gold_words:
        subject = None
        if not (single.isdisjoint(_closed_forms(vocabulary)) and joined.isdisjoint(vocabulary)):
            subject = respelled(pred.subject, vocabulary)
        found.append(None if subject is None else replace(pred, subject=subject))
    return found
