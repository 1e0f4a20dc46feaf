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
from itertools import chain

from ._lexicon import (
    ADJECTIVES,
    ATTRIBUTE_CATEGORIES,
    CHANGE_WORDS,
    COLLECTIVES,
    FILLER,
    GENERIC,
    IE_NOUNS,
    IRREGULAR_PLURALS,
    NAME_NEGATIONS,
    NAME_VERBS,
    NEGATIONS,
    NOT_PLURAL,
    NOT_PLURAL_SUFFIXES,
    NUMBER_WORDS,
    PANEL_WORDS,
    PICTURE_WORDS,
    POSITION,
    PREPOSITIONS,
    SYNONYMS,
    VAGUE_NOUNS,
    VALUE_CATEGORIES,
    VALUE_SYNONYMS,
    VERB_MARKERS,
)
from ._looks import LOOK_WORDS, adds_no_look, ambiguous_words

#: Words that are never the head of a name: modifiers, places, generic parts,
#: counting words and words that say *that* something changed.
_NOT_HEADS = ADJECTIVES | POSITION | GENERIC | ATTRIBUTE_CATEGORIES["count"] | CHANGE_WORDS
#: In a value, the names of attributes are no objects either: "normal size".
_NOT_VALUE_HEADS = _NOT_HEADS.union(*ATTRIBUTE_CATEGORIES.values())

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SPLIT = re.compile(r"[^a-z0-9]+")
_DIGITS_AND_LETTERS = re.compile(r"(?<=[0-9])(?=[a-z])|(?<=[a-z])(?=[0-9])")


@lru_cache(maxsize=65536)
def singular(word: str) -> str:
    """English singular by rule plus exceptions; good enough for scene nouns.

    "apples" -> "apple", "berries" -> "berry", "cookies" -> "cookie", "boxes" ->
    "box", "glass" stays.
    """
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if len(word) <= 3 or word in NOT_PLURAL or word.endswith(NOT_PLURAL_SUFFIXES):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-1] if word[:-1] in IE_NOUNS else word[:-3] + "y"
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
def _token_words(token: str) -> tuple[str, ...]:
    """The canonical words of one whitespace-free token ("Cloud-Small," -> cloud, small)."""
    text = _CAMEL.sub(" ", token).lower()
    text = _DIGITS_AND_LETTERS.sub(" ", text)
    return tuple(canonical_word(w) for w in _SPLIT.split(text) if w)


def read_words(text: str) -> tuple[str, ...]:
    """:func:`words`, uncached: for texts read once (the parts of a description).

    Read token by token, each token cached: descriptions are nearly all
    distinct, so a cache of whole texts thrashed past a few thousand items,
    while their tokens repeat. Splitting at whitespace first changes nothing:
    no rule joins or splits words across whitespace.
    """
    tokens = text.split()
    if len(tokens) == 1:
        return _token_words(tokens[0])
    return tuple(chain.from_iterable(map(_token_words, tokens)))


@lru_cache(maxsize=8192)
def words(text: str) -> tuple[str, ...]:
    """All words of ``text``, canonical, in order (fillers included)."""
    return read_words(text)


@lru_cache(maxsize=8192)
def content_words(text: str) -> frozenset[str]:
    """The words of ``text`` that can identify something (no fillers, no numbers)."""
    return frozenset(w for w in words(text) if w not in FILLER and not w.isdigit())


@dataclass(frozen=True, slots=True)
class Name:
    """A parsed subject name.

    ``head`` is the noun the name is about ("apple" in "apples_in_tree",
    "mug" in "bottom_left_mug"); ``core`` are its identifying words (no
    fillers, no positions); ``positions`` are kept apart because they weigh
    little. A vague name such as "object_3" has no head and an empty core.
    ``attached`` are the nouns that modify the head directly: the word right
    before it and the head of the phrase right after it ("car" in both
    red_car_wheel and door_of_car); ``before_head`` is the word right
    before the head, the only place a word like "toy" or "hot" can make the
    head another kind of thing. ``leading`` are the core words before the
    head in its own phrase and those of an "of" phrase right after it, the
    only words that can narrow its kind: "pine" in pine_tree, "cookie" in
    plate_of_cookies, never "stove" in kettle_on_stove (a place) nor
    "beard" in man_with_beard.
    """

    head: str | None
    core: frozenset[str]
    positions: frozenset[str]
    all_words: frozenset[str]  # core and positions
    attached: frozenset[str] = frozenset()
    before_head: str | None = None
    leading: frozenset[str] = frozenset()

    @property
    def vague(self) -> bool:
        return self.head is None


def head_of(phrase: list[str], skip: frozenset[str] = _NOT_HEADS) -> str | None:
    """The last word that is a noun-like identity word, not a modifier.

    Words that say *that* something changed are not heads either:
    "red_balloon_missing" is a balloon, "new_object" is vague.
    """
    for word in reversed(phrase):
        if word in skip or word.isdigit():
            continue
        return word
    return None


def _without_panel_positions(raw: list[str]) -> list[str]:
    """Drop the position words that name a panel: "bottom panel", "right image".

    "red_balloon_in_bottom_panel" says where the balloon is in the pair of
    pictures, not at the bottom of the scene (case "a panel named in the
    subject is not a place in the scene").
    """
    kept: list[str] = []
    naming_panel = False
    for word in reversed(raw):
        if word in PANEL_WORDS:
            naming_panel = True
        elif word in POSITION and naming_panel:
            continue
        else:
            naming_panel = False
        kept.append(word)
    return kept[::-1]


#: Prepositions after which a name says what kind its head is: its contents
#: or stuff ("plate_of_cookies", "loaf_of_bread"). Not "with": what a thing
#: bears is no kind of it (man_with_beard is any man; red team round 6).
_OF_KIND = frozenset({"of"})


@lru_cache(maxsize=65536)
def parse_name(text: str) -> Name:
    """Parse a subject or alias into head, core words and position words."""
    all_words = _without_panel_positions([w for w in words(text) if not w.isdigit()])
    # The head lives before the first preposition ("apples_in_tree"); if that
    # part holds only positions or generic words ("top_of_tower",
    # "number_of_rays"), it lives after it. A part that holds a vague noun
    # ("item_on_counter", "new_object") makes the name vague: the item is
    # unnamed, and it is not the counter.
    #
    # A name does not name what it denies or hedges between: the phrase after
    # a negation ("not_a_cat", "rug_without_cat") never holds the head, and
    # "dog_or_cat" names neither (red team G6). "no" is no negation here: a
    # no_parking_sign is a sign.
    phrases: list[list[str]] = [[]]
    joins: list[str] = [""]  # the word that opened each phrase
    vague = [False]
    denied: set[int] = set()
    hedged = False
    for word in all_words:
        if word in PREPOSITIONS or word in NAME_VERBS or word in NAME_NEGATIONS:
            phrases.append([])
            joins.append(word)
            vague.append(False)
            if word in NAME_NEGATIONS:
                denied.add(len(phrases) - 1)
        elif word in VAGUE_NOUNS:
            vague[-1] = True
        elif word == "or":
            hedged = True
        elif word not in FILLER or (word in PICTURE_WORDS and len(phrases) == 1):
            phrases[-1].append(word)
    for index in denied:
        phrases[index] = []
    if hedged:
        phrases = [[]]
    head = before = None
    attached: set[str] = set()
    leading: list[str] = []
    for index, phrase in enumerate(phrases):
        head = head_of(phrase)
        following = head_of(phrases[index + 1]) if index + 1 < len(phrases) else None
        if head in COLLECTIVES and following is not None:
            continue  # "flock_of_birds" is about birds
        if head is not None:
            position = len(phrase) - 1 - phrase[::-1].index(head)
            leading = phrase[:position]
            if index + 1 < len(phrases) and joins[index + 1] in _OF_KIND:
                leading = leading + phrases[index + 1]  # plate_of_cookies
            if position > 0:
                before = phrase[position - 1]
            modifier = head_of(phrase[:position])
            if modifier is not None:
                attached.add(modifier)
            if following is not None:
                attached.add(following)
            break
        if vague[index]:
            break
    said = set(chain.from_iterable(phrases))
    kept = [
        w
        for w in all_words
        if (w not in FILLER or w in said) and w not in PREPOSITIONS and w not in NAME_VERBS
    ]
    if denied or hedged:
        kept = [w for w in kept if w in said or w in POSITION]
    core = frozenset(
        w for w in kept if w not in POSITION and w not in GENERIC and w not in CHANGE_WORDS
    )
    positions = frozenset(w for w in kept if w in POSITION)
    return Name(
        head=head,
        core=core,
        positions=positions,
        all_words=core | positions,
        attached=frozenset(attached),
        before_head=before,
        leading=core.intersection(leading),
    )


@lru_cache(maxsize=65536)
def value_heads(value: str) -> frozenset[str]:
    """The objects a value names: the head of each of its phrases.

    "icing with candles" names icing and candles, "2 windows" windows,
    "plain green" nothing. A value names an object only through its heads,
    and an attribute name never does: it names a property (case "a noun
    list in the attribute field names none").
    """
    return frozenset(head for _, head in _phrase_heads(value, PREPOSITIONS))


def _phrase_heads(value: str, breaks: frozenset[str]) -> list[tuple[frozenset[str], str]]:
    """The head of each phrase of ``value`` that has one, in order.

    A word of ``breaks`` ends a phrase; each head comes with the words that
    opened its phrase and any headless ones before it ("with" in "icing
    with candles"), which say how it stands to the head before.
    """
    heads: list[tuple[frozenset[str], str]] = []
    opened: set[str] = set()
    phrase: list[str] = []
    for word in (*words(value), None):
        if word is None or word in breaks:
            head = head_of(phrase, _NOT_VALUE_HEADS)
            if head is not None:
                heads.append((frozenset(opened), head))
                opened = set()
            if word is not None:
                opened.add(word)
            phrase = []
        elif word not in FILLER:
            phrase.append(word)
    return heads


#: Words that list: each item of a list is a phrase of its own.
_LISTING = frozenset({"and", "or"})

#: What ends a phrase of a value when :func:`value_parts` reads its object.
_VALUE_BREAKS = PREPOSITIONS | VERB_MARKERS | _LISTING

#: Words after which a value says what its object holds: "floor with a cat",
#: "rug now has a cat", "tray holding cups".
_HOLDING = frozenset("with has have had hold holding contain containing carry carrying".split())


@lru_cache(maxsize=65536)
def value_parts(value: str) -> tuple[str | None, str | None]:
    """The object a value is about (its first phrase's head), and what it holds, if said.

    "a cat on the rug" is a cat holding nothing; "icing with candles" is
    icing holding candles; "plain green" names nothing. The verbs of scene
    descriptions and the words of a list end a phrase: "a cat sitting on
    it" is a cat, "a globe and books" a globe (red team round 4).
    """
    heads = _phrase_heads(value.replace(",", " and "), _VALUE_BREAKS)
    if not heads:
        return None, None
    held = heads[1][1] if len(heads) > 1 and not _HOLDING.isdisjoint(heads[1][0]) else None
    return heads[0][1], held


def _named_by(value: str | None, other: str | None, holder: frozenset[str]) -> str | None:
    """The one object ``value`` names in a change whose other value is ``other``.

    What it holds when its own object is the holder (the prediction's
    subject: "floor with a cat" for the floor) or stays on the other side
    ("plain icing" -> "icing with candles"); else its own object ("a cat
    with a red collar" is a cat; red team round 3).
    """
    if not value:
        return None
    head, held = value_parts(value)
    if held is not None and (head in holder or head in value_heads(other or "")):
        return held
    return head


@lru_cache(maxsize=65536)
def exchanged(
    from_value: str | None, to_value: str | None, holder: frozenset[str] = frozenset()
) -> tuple[frozenset[str], frozenset[str]]:
    """The object a change takes away and the one it brings; each side one object or none.

    Each value names one object (:func:`_named_by`), whatever else it lists:
    "cat on dog on bear" -> "boat on fox" takes a cat and brings a boat,
    never five guesses at once (a blind answer of such lists for "the
    floor's contents" found one golden difference in six, red team G1). An
    object still named on the other side is neither taken nor brought:
    "plain icing" -> "icing with candles" brings candles and keeps the
    icing. "2 apples" -> "5 apples" takes and brings the apples it counts.
    ``holder`` are the words of the prediction's subject, the thing that
    holds what comes and goes.
    """
    before = _named_by(from_value, to_value, holder)
    after = _named_by(to_value, from_value, holder)
    if before is not None and before == after:
        return frozenset([before]), frozenset([before])
    taken = before is not None and before not in value_heads(to_value or "")
    brought = after is not None and after not in value_heads(from_value or "")
    return (
        frozenset([before]) if taken else frozenset(),
        frozenset([after]) if brought else frozenset(),
    )


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


_TIME_OF_DAY = re.compile(r"\b\d{1,2}:\d{2}\b")


@lru_cache(maxsize=4096)
def attribute_category(attribute: str | None, values: tuple[str, ...] = ()) -> str | None:
    """What an attribute is about: by its name, else by its values.

    "colour", "hue" -> "color"; "number_of_rays" -> "count"; an attribute named
    "appearance" from "red" to "blue" is read as "color" from its values.
    Values that differ only in a number make a count whatever the attribute
    is called: "decoration" from "one candle" to "five candles" (case "a count
    reported as an attribute whose values carry the noun").
    """
    if any(map(_TIME_OF_DAY.search, values)):
        return "time"  # "3:00" -> "5:00" is a clock's time, not a count (red team round 5)
    if len(values) == 2 and _counted(*values):
        return "count"
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


def _counted(from_value: str, to_value: str) -> bool:
    """The two values differ in their number and in nothing else, and state no look."""
    numbers_from, numbers_to = numbers_in(from_value), numbers_in(to_value)
    if not numbers_from or not numbers_to or numbers_from == numbers_to:
        return False
    rest = value_words(from_value) - numbers_from
    return rest == value_words(to_value) - numbers_to and rest.isdisjoint(LOOK_WORDS)


@lru_cache(maxsize=65536)
def negated(value: str) -> bool:
    """The value says what is absent: "no stripes", "without a handle"."""
    return not NEGATIONS.isdisjoint(words(value))


def values_match(a: str | None, b: str | None) -> bool:
    """Two attribute values say the same thing.

    Numbers must agree exactly ("8 rays" = "eight"); otherwise one value's
    words must contain the other's, adding only modifiers and words that are
    no look ("dark blue" ~ "blue", "red apples" ~ "red", but "red stripes" is
    not "red"), and both must say the same about absence: "no stripes" shares
    the word with "striped" but says the opposite (case "negation is not
    agreement"). A value stating several values of one dimension ("red
    orange yellow ...") states none of them (case "a value listing every
    colour agrees with none").
    """
    if not a or not b:
        return False
    if negated(a) != negated(b):
        return False
    numbers_a, numbers_b = numbers_in(a), numbers_in(b)
    if numbers_a or numbers_b:
        return numbers_a == numbers_b
    wa, wb = value_words(a), value_words(b)
    wa, wb = wa - ambiguous_words(wa), wb - ambiguous_words(wb)
    if not wa or not wb:
        return words(a) == words(b) and not value_words(a)
    if wa <= wb:
        return adds_no_look(wa, wb)
    return wb <= wa and adds_no_look(wb, wa)
