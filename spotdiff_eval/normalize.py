"""Turning free-form names and values into comparable tokens.

Models name things their own way: ``Cloud-Small``, ``small_cloud``,
``apples_in_tree``, ``livingRoomCouch``. Everything the matcher compares goes
through :func:`words` (split camel/snake/kebab case and punctuation, lower
case, singular, canonical spelling) and :func:`parse_name` (which word is the
head noun). All functions are pure and cached: the same string is normalised
once per process.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .lexicon import (
    ADJECTIVES,
    ATTRIBUTE_CATEGORIES,
    FILLER,
    GENERIC,
    IRREGULAR_PLURALS,
    NEGATIONS,
    NOT_PLURAL,
    NOT_PLURAL_SUFFIXES,
    NUMBER_WORDS,
    POSITION,
    PREPOSITIONS,
    SYNONYMS,
    VAGUE_NOUNS,
    VALUE_CATEGORIES,
    VALUE_SYNONYMS,
)

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SPLIT = re.compile(r"[^a-z0-9]+")
_DIGITS_AND_LETTERS = re.compile(r"(?<=[0-9])(?=[a-z])|(?<=[a-z])(?=[0-9])")
#: Where a description's first phrase ends: punctuation that separates
#: clauses or list entries, and the words that join two of them.
_PHRASE_BREAK = re.compile(r"[,;:.!?()\[\]/]|\s(?:and|or|but|while|whereas|as well as)\s", re.I)


@lru_cache(maxsize=65536)
def singular(word: str) -> str:
    """English singular by rule plus exceptions; good enough for scene nouns.

    "apples" -> "apple", "berries" -> "berry", "boxes" -> "box", "glass" stays.
    """
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if len(word) <= 3 or word in NOT_PLURAL or word.endswith(NOT_PLURAL_SUFFIXES):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes", "zzes")):
        return word[:-2]
    if word.endswith("s"):
        return word[:-1]
    return word


@lru_cache(maxsize=65536)
def canonical_word(word: str) -> str:
    """One spelling per meaning: number words to digits, synonyms, singular."""
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    word = SYNONYMS.get(word, word)
    word = singular(word)
    return SYNONYMS.get(word, word)


@lru_cache(maxsize=65536)
def words(text: str) -> tuple[str, ...]:
    """All words of ``text``, canonical, in order (fillers included)."""
    text = _CAMEL.sub(" ", text).lower()
    text = _DIGITS_AND_LETTERS.sub(" ", text)
    return tuple(canonical_word(w) for w in _SPLIT.split(text) if w)


@lru_cache(maxsize=65536)
def content_words(text: str) -> frozenset[str]:
    """The words of ``text`` that can identify something (no fillers, no numbers)."""
    return frozenset(w for w in words(text) if w not in FILLER and not w.isdigit())


@lru_cache(maxsize=65536)
def lead_words(description: str) -> frozenset[str]:
    """The content words of the phrase a description is about.

    A description names the object its first phrase is about: "The yellow
    kite flying in the sky is gone" is about a kite, not the sky. The lead
    phrase ends at the first clause or list break ("the kite, the boat, the
    dog" lists objects and singles none out) or at a preposition ("something
    near the kite" is about something, not the kite). Phrases with no content
    word ("In the second panel, ...") are skipped.
    """
    for clause in _PHRASE_BREAK.split(description):
        phrase: list[str] = []
        vague = False
        for word in words(clause):
            if word in PREPOSITIONS and word != "of":
                if phrase or vague:
                    break
            elif word in VAGUE_NOUNS:
                vague = True
            elif word not in FILLER and not word.isdigit():
                phrase.append(word)
        if phrase or vague:
            # "Several things differ:" and "Something near ..." name no object.
            return frozenset(phrase)
    return frozenset()


@dataclass(frozen=True, slots=True)
class Name:
    """A parsed subject name.

    ``head`` is the noun the name is about ("apple" in "apples_in_tree",
    "mug" in "bottom_left_mug"); ``core`` are its identifying words (no
    fillers, no positions); ``positions`` are kept apart because they weigh
    little. A vague name such as "object_3" has no head and an empty core.
    """

    head: str | None
    core: frozenset[str]
    positions: frozenset[str]
    all_words: frozenset[str]  # core and positions

    @property
    def vague(self) -> bool:
        return self.head is None


def _head_of(phrase: list[str]) -> str | None:
    """The last word that is a noun-like identity word, not a modifier."""
    for word in reversed(phrase):
        if word in ADJECTIVES or word in POSITION or word in GENERIC or word.isdigit():
            continue
        if word in ATTRIBUTE_CATEGORIES["count"]:
            continue
        return word
    return None


@lru_cache(maxsize=65536)
def parse_name(text: str) -> Name:
    """Parse a subject or alias into head, core words and position words."""
    all_words = [w for w in words(text) if not w.isdigit()]
    # The head lives before the first preposition ("apples_in_tree"); if that
    # part holds only positions or generic words ("top_of_tower",
    # "number_of_rays"), it lives after it.
    phrases: list[list[str]] = [[]]
    for word in all_words:
        if word in PREPOSITIONS:
            phrases.append([])
        elif word not in FILLER:
            phrases[-1].append(word)
    head = None
    for phrase in phrases:
        head = _head_of(phrase)
        if head is not None:
            break
    kept = [w for w in all_words if w not in FILLER and w not in PREPOSITIONS]
    core = frozenset(w for w in kept if w not in POSITION and w not in GENERIC)
    positions = frozenset(w for w in kept if w in POSITION)
    return Name(head=head, core=core, positions=positions, all_words=core | positions)


@lru_cache(maxsize=65536)
def value_words(text: str) -> frozenset[str]:
    """Words of an attribute value, for comparing "dark blue" with "blue".

    Value synonyms apply here only: "round" and "circular" are one shape.
    """
    return frozenset(
        VALUE_SYNONYMS.get(w, w) for w in words(text) if w not in FILLER or w.isdigit()
    )


@lru_cache(maxsize=65536)
def numbers_in(text: str) -> frozenset[str]:
    """The numbers a value states, digits or words: "8 rays" and "eight" agree."""
    return frozenset(w for w in words(text) if w.isdigit())


@lru_cache(maxsize=4096)
def attribute_category(attribute: str | None, values: tuple[str, ...] = ()) -> str | None:
    """What an attribute is about: by its name, else by its values.

    "colour", "hue" -> "color"; "number_of_rays" -> "count"; an attribute named
    "appearance" from "red" to "blue" is read as "color" from its values.
    """
    if attribute:
        attr_words = set(words(attribute))
        for category, names in ATTRIBUTE_CATEGORIES.items():
            if attr_words & names:
                return category
    value_set: set[str] = set()
    for value in values:
        value_set |= value_words(value)
    if value_set and all(w.isdigit() for w in value_set):
        return "count"
    for category, vocabulary in VALUE_CATEGORIES.items():
        if value_set & vocabulary:
            return category
    return None


@lru_cache(maxsize=65536)
def negated(value: str) -> bool:
    """The value says what is absent: "no stripes", "without a handle"."""
    return not NEGATIONS.isdisjoint(words(value))


def values_match(a: str | None, b: str | None) -> bool:
    """Two attribute values say the same thing.

    Numbers must agree exactly ("8 rays" = "eight"); otherwise one value's
    words must contain the other's ("dark blue" ~ "blue", "red apples" ~ "red"),
    and both must say the same about absence: "no stripes" shares the word
    with "striped" but says the opposite (case "negation is not agreement").
    """
    if not a or not b:
        return False
    if words(a) == words(b):
        return True
    if negated(a) != negated(b):
        return False
    numbers_a, numbers_b = numbers_in(a), numbers_in(b)
    if numbers_a or numbers_b:
        return numbers_a == numbers_b
    wa, wb = value_words(a), value_words(b)
    if not wa or not wb:
        return False
    return wa <= wb or wb <= wa
