"""What a description is about: the phrase that names its object.

A description names the object its first phrase is about, and only its
head noun: "The yellow kite flying in the sky is gone" is about a kite, "The
cat dog bird ... changed" about a lamp at most. The rest of a description
only ranks pairs a route already accepted (``similarity.py``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from ._lexicon import (
    ATTRIBUTE_WORDS,
    CHANGE_WORDS,
    FILLER,
    NOT_A_KIND_OF_HEAD,
    PICTURE_WORDS,
    POSITION,
    PREPOSITIONS,
    VAGUE_NOUNS,
    VERB_MARKERS,
)
from ._normalize import NOT_HEADS, head_of
from ._reading import read_text


def _about(clause: tuple[str, ...]) -> tuple[list[str], bool, bool]:
    """The words a clause is about, whether they name something, whether it is vague.

    The phrase ends at a preposition other than "of" ("the kite *in* the
    sky", but "the top *of* the tower"), and, once a noun has been seen, at
    a verb ("the cat *that* sat", "the shelf *holds*", "... *changed*"): a
    phrase is a name, not a sentence. Position words alone name nothing.
    """
    phrase: list[str] = []
    named = vague = False
    for word in clause:
        if word in PREPOSITIONS:
            if word == "of" and named:
                phrase.append(word)
                continue
            if named or vague:
                break
        elif word in VAGUE_NOUNS:
            vague = True
        elif word in VERB_MARKERS or word in CHANGE_WORDS:
            if named or vague:
                break
        elif word in NOT_A_KIND_OF_HEAD or (word not in FILLER and not word.isdigit()):
            # A depiction word is what it is about: "a picture of a dog".
            phrase.append(word)
            named = named or word not in POSITION
    return phrase, named, vague


def phrase_in(clauses: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The words of the phrase a text of these clauses is about (:func:`lead_phrase`)."""
    clauses = tuple(c for c in clauses if c)
    for index, clause in enumerate(clauses):
        if clause[0] in PREPOSITIONS and index + 1 < len(clauses):
            continue
        phrase, named, vague = _about(clause)
        if named or vague:
            # "Several things differ:" and "Something near ..." name no object.
            return tuple(phrase)
    return ()


#: What a part of a phrase before "of" never names: "the colour of the car"
#: and "the size of the dog" are about the car and the dog (red team round 14).
_NOT_HEADS_BEFORE_OF = NOT_HEADS | ATTRIBUTE_WORDS


def head_of_phrase(phrase: tuple[str, ...]) -> str | None:
    """The head noun of a lead phrase (:func:`lead_head`): before "of" unless only generic."""
    part: list[str] = []
    for index, word in enumerate((*phrase, "of")):
        if word != "of":
            part.append(word)
            continue
        head = head_of(part, _NOT_HEADS_BEFORE_OF if index < len(phrase) else NOT_HEADS)
        if head is not None:
            return head
        part = []  # "the top of the tower", "the number of birds"
    return None


def words_of_phrase(phrase: tuple[str, ...]) -> frozenset[str]:
    """The content words of a lead phrase (:func:`lead_words`)."""
    return frozenset(w for w in phrase if w not in PREPOSITIONS)


def lead_phrase(description: str) -> tuple[str, ...]:
    """The words of the phrase a description is about, "of" kept; () if it names nothing.

    A description names the object its first phrase is about: "The yellow
    kite flying in the sky is gone" is about a kite, not the sky. The lead
    phrase ends at the first clause or list break ("the kite, the boat, the
    dog" lists objects and singles none out), at a preposition ("something
    near the kite" is about something, not the kite) or at a verb. An
    opening clause that starts with a preposition ("In the bottom image,",
    "On the right side of the street,") sets the scene and is skipped, as is
    a phrase of panel or position words only.
    """
    return phrase_in(read_text(description)[0])


def lead_words(description: str) -> frozenset[str]:
    """The content words of the phrase a description is about (:func:`lead_phrase`)."""
    return words_of_phrase(lead_phrase(description))


def lead_head(description: str) -> str | None:
    """The one object a description names: the head noun of its lead phrase.

    A phrase names only its head: "The cat dog bird tree ... changed" is
    about a lamp at most, never about each noun it lists (case "a run-on
    noun list with no separators names none").
    """
    return head_of_phrase(lead_phrase(description))


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
            head = head_of(phrase)
            if head is not None:
                found.add(head)
            phrase = None
        elif word not in FILLER or word in PICTURE_WORDS:  # "three framed pictures"
            phrase.append(word)
    return frozenset(found)
