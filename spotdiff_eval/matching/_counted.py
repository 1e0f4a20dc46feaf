"""What a text counts, and where it puts things: the nouns after numbers and place words.

Read from the same clauses as the lead phrase (``reading.py``), but about
other nouns than the one a description names: "four *chimneys*" is what a
count is of, "on the *floor*" where a thing stands (``lead.py`` names the
object itself).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from ._lexicon import FILLER, PICTURE_WORDS, PLACE_WORDS, PREPOSITIONS, VERB_MARKERS
from ._normalize import name_head
from ._reading import read_text


@lru_cache(maxsize=8192)
def counted_nouns(text: str) -> frozenset[str]:
    """The nouns a text counts: the head of the phrase right after each number.

    "The house has four chimneys instead of two" counts chimneys: a count
    change said of the house is about its chimneys, not its windows (case
    "the description names another object than the corroborating count").
    """
    return counted_in(read_text(text)[0])


def counted_in(clauses: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    """The nouns a text of these clauses counts (:func:`counted_nouns`)."""
    if not any(map(str.isdigit, chain.from_iterable(clauses))):
        return frozenset()  # most descriptions count nothing
    found: set[str] = set()
    phrase: list[str] | None = None
    for word in (w for clause in clauses for w in (*clause, ".")):
        if word.isdigit():
            phrase = []
        elif phrase is None:
            continue
        elif word in PREPOSITIONS or word in VERB_MARKERS or word == ".":
            head = name_head(phrase)
            if head is not None:
                found.add(head)
            phrase = None
        elif word not in FILLER or word in PICTURE_WORDS:  # "three framed pictures"
            phrase.append(word)
    return frozenset(found)


@lru_cache(maxsize=8192)
def places_in(text: str) -> frozenset[str]:
    """The nouns a text puts something at: the head after each place word.

    "The red floor lamp on the floor on the left becomes larger" puts the
    lamp on the floor: there "floor" is where it stands, so the floor
    growing is no floor lamp growing (red team round 18).
    """
    found: set[str] = set()
    phrase: list[str] | None = None
    for word in (w for clause in read_text(text)[0] for w in (*clause, ".")):
        if word in PREPOSITIONS or word in VERB_MARKERS or word == ".":
            head = name_head(phrase) if phrase else None
            if head is not None:
                found.add(head)
            phrase = [] if word in PLACE_WORDS else None
        elif phrase is not None and word not in FILLER:
            phrase.append(word)
    return frozenset(found)
