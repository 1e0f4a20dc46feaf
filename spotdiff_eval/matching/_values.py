"""Reading attribute values: the objects they name, their numbers, their sort.

Values are free text ("dark blue", "icing with candles", "3 birds", "no
stripes"). The rules here say when two values agree and which object a value
is about; names themselves are read in ``normalize.py``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ._lexicon import (
    ATTRIBUTE_CATEGORIES,
    CARDINALS,
    COLOR_MODIFIERS,
    DENIALS,
    FILLER,
    ISH_COLOURS,
    NEGATIONS,
    PICTURE_WORDS,
    PREPOSITIONS,
    VALUE_CATEGORIES,
    VALUE_SYNONYMS,
    VERB_MARKERS,
)
from ._looks import LOOK_WORDS, adds_no_look, ambiguous_words
from ._normalize import NOT_HEADS, SLASHED, head_of, words

#: In a value, the names of attributes are no objects either: "normal size".
_NOT_VALUE_HEADS = NOT_HEADS.union(*ATTRIBUTE_CATEGORIES.values())


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
    with candles"), which say how it stands to the head before. A denial
    ends the value: what follows it is not there ("a dog without a collar").
    """
    heads: list[tuple[frozenset[str], str]] = []
    opened: set[str] = set()
    phrase: list[str] = []
    for word in (*words(value), None):
        if word in DENIALS:
            word = None  # "a dog without a collar" names no collar
        if word is None or word in breaks:
            head = head_of(phrase, _NOT_VALUE_HEADS)
            if head is not None:
                heads.append((frozenset(opened), head))
                opened = set()
            if word is None:
                break
            opened.add(word)
            phrase = []
        elif word not in FILLER or word in PICTURE_WORDS:
            # A picture is a thing in a value, as in a name: "a picture (an
            # image) of a dog" brings a picture, not a dog. Read as filler, it
            # left the dog the value's object, and a wall's contents turning to
            # it found the dog added (red team round 19).
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
    if "/" in value or "|" in value:
        value = SLASHED.sub(" or ", value)
    heads = _phrase_heads(value.replace(",", " and "), _VALUE_BREAKS)
    if not heads or (len(heads) > 1 and "or" in heads[1][0]):
        return None, None  # "a dog or a cat" hedges, and names neither (red team round 19)
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
    listed = _one_item_apart(from_value or "", to_value or "")
    if listed is not None:
        return listed
    before = _named_by(from_value, to_value, holder)
    after = _named_by(to_value, from_value, holder)
    if before is not None and before == after:
        return frozenset([before]), frozenset([before])
    taken = before is not None and before not in value_heads(to_value or "")
    brought = after is not None and after not in value_heads(from_value or "")
    return (
        frozenset([before]) if taken and before is not None else frozenset(),
        frozenset([after]) if brought and after is not None else frozenset(),
    )


#: What parts the items of a list in a value: "apples, oranges and a banana".
_ITEM_BREAK = re.compile(r",|;|&|\band\b", re.I)


@lru_cache(maxsize=65536)
def _listed(value: str) -> frozenset[str]:
    """The objects a value lists, each item's own object: "apples, oranges and a banana"."""
    items = (value_parts(item)[0] for item in _ITEM_BREAK.split(value))
    return frozenset(head for head in items if head is not None)


def _one_item_apart(from_value: str, to_value: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """What a list of contents loses and gains, when it keeps some of its items; else None.

    "apples and oranges" -> "apples, oranges and a banana" brings a banana:
    read by first phrases, both values were about apples, so the fruit
    bowl's honest report of the added banana was refused, and it found an
    added apple instead (red team round 18). One item gained or lost is
    named; two or more name none, like any list: "apples" -> "apples,
    pears and kiwis" brings no apple, and which of the others the answer
    means it does not say. Lists with nothing kept are read a phrase a
    side (:func:`exchanged`).
    """
    before, after = _listed(from_value), _listed(to_value)
    if max(len(before), len(after)) < 2 or before == after or before.isdisjoint(after):
        return None  # a count or a look of the same items, or a trade
    went, came = before - after, after - before
    if len(went) + len(came) != 1:
        return frozenset(), frozenset()
    return went, came


@lru_cache(maxsize=65536)
def value_words(text: str) -> frozenset[str]:
    """Words of an attribute value, for comparing "dark blue" with "blue".

    Value synonyms apply here only: "round" and "circular" are one shape,
    "lit" and "on" one state. A value of one word keeps it even when it is
    a filler elsewhere: a lamp's state "on" is no preposition; alone,
    "bluish" is blue.
    """
    found = words(text)
    if all(w in ISH_COLOURS or w in COLOR_MODIFIERS for w in found):
        found = tuple(ISH_COLOURS.get(w, w) for w in found)  # "bluish", "light bluish"
    if len(found) == 1:
        return frozenset([VALUE_SYNONYMS.get(found[0], found[0])])
    return frozenset(VALUE_SYNONYMS.get(w, w) for w in found if w not in FILLER or w.isdigit())


@lru_cache(maxsize=65536)
def numbers_in(text: str) -> frozenset[str]:
    """The numbers a value states, digits or words: "8 rays" and "eight" agree."""
    return frozenset(w for w in words(text) if w.isdigit())


#: A time on a clock: "3:00", "15:00", "3 pm", "3 o'clock" (number words read as digits).
_CLOCK = re.compile(
    r"\b(?P<hour>\d{1,2})(?::(?P<minute>\d{2}))?\s*"
    r"(?:(?P<half>[ap]\.?\s?m\b\.?)|(?P<oclock>o\W?\s?clock\b))?",
    re.I,
)
_SPELLED_HOURS = re.compile(rf"\b({'|'.join(CARDINALS[1:13])})\b", re.I)
#: Times told in words, as the marked times they are (red team round 13).
_SAID_TIMES = (
    (re.compile(r"\bhalf past (\d{1,2})\b", re.I), lambda m: f"{m[1]}:30"),
    (re.compile(r"\bquarter past (\d{1,2})\b", re.I), lambda m: f"{m[1]}:15"),
    (re.compile(r"\bquarter to (\d{1,2})\b", re.I), lambda m: f"{(int(m[1]) - 1) % 12 or 12}:45"),
    (re.compile(r"\b(?:noon|midday)\b", re.I), lambda m: "12 pm"),
    (re.compile(r"\bmidnight\b", re.I), lambda m: "12 am"),
)


class ClockTime(NamedTuple):
    """A time read off a value: its place on a 12-hour dial, and on 24 hours if known."""

    dial: tuple[int, int]
    day: tuple[int, int] | None


@lru_cache(maxsize=65536)
def clock_time(value: str) -> ClockTime | None:
    """The one time a value reads ("15:00", "3 pm", "three o'clock" are 3:00 on the dial).

    A clock's time was read as a count ("3 o'clock" -> "5 o'clock" differ in a
    number) or refused ("15:00" is no "3:00"): red team round 11. Only a
    value marked as a time counts: minutes, am/pm or o'clock. The 24-hour
    time is known from am/pm or an hour past 12, so "7 pm" is no "7:00 am";
    a value listing several times reads none (round 12).
    """
    text = _SPELLED_HOURS.sub(lambda m: str(CARDINALS.index(m.group(1).lower())), value)
    for said, marked in _SAID_TIMES:
        text = said.sub(marked, text)
    found: set[ClockTime] = set()
    for match in _CLOCK.finditer(text):
        if not (match["minute"] or match["half"] or match["oclock"]):
            continue
        hour, minute = int(match["hour"]), int(match["minute"] or 0)
        if hour > 24 or minute > 59:
            continue
        day: int | None = hour % 24 if hour > 12 else None
        if match["half"] and hour <= 12:
            day = hour % 12 + (12 if match["half"].lower().startswith("p") else 0)
        found.add(ClockTime((hour % 12, minute), None if day is None else (day, minute)))
    return next(iter(found)) if len(found) == 1 else None


def same_time(a: ClockTime, b: ClockTime) -> bool:
    """On 24 hours when both tell it, else on the dial."""
    if a.day is not None and b.day is not None:
        return a.day == b.day
    return a.dial == b.dial


@lru_cache(maxsize=4096)
def attribute_category(attribute: str | None, values: tuple[str, ...] = ()) -> str | None:
    """What an attribute is about: by its name, else by its values.

    "colour", "hue" -> "color"; "number_of_rays" -> "count"; an attribute named
    "appearance" from "red" to "blue" is read as "color" from its values.
    Values that differ only in a number make a count whatever the attribute
    is called: "decoration" from "one candle" to "five candles" (case "a count
    reported as an attribute whose values carry the noun").
    """
    if any(map(clock_time, values)):
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
    time_a, time_b = clock_time(a), clock_time(b)
    if time_a is not None and time_b is not None:
        return same_time(time_a, time_b)
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
