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

from .domain import Difference
from .normalize import canonical_word, words

#: Shortest part of a closed compound: "can" in trashcan, never "a" or "in".
_MIN_PART = 3


def _split(word: str, vocabulary: frozenset[str]) -> tuple[str, str] | None:
    for cut in range(_MIN_PART, len(word) - _MIN_PART + 1):
        first, second = canonical_word(word[:cut]), canonical_word(word[cut:])
        if first in vocabulary and second in vocabulary:
            return first, second
    return None


@lru_cache(maxsize=65536)
def respelled(subject: str, vocabulary: frozenset[str]) -> str | None:
    """``subject`` spelled with the compounds of ``vocabulary``, or None if nothing changes."""
    spelled = words(subject)
    out: list[str] = []
    index = 0
    while index < len(spelled):
        word = spelled[index]
        joined = word + spelled[index + 1] if index + 1 < len(spelled) else ""
        if joined in vocabulary and word not in vocabulary:
            out.append(joined)
            index += 2
            continue
        split = None if word in vocabulary else _split(word, vocabulary)
        out.extend(split or (word,))
        index += 1
    return "_".join(out) if out != list(spelled) else None


def as_gold_spells_it(pred: Difference, gold_words: frozenset[str]) -> Difference | None:
    """``pred`` with its subject's compounds spelled as the gold's, or None."""
    subject = respelled(pred.subject, gold_words)
    return None if subject is None else replace(pred, subject=subject)
