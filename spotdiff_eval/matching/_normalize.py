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
from itertools import chain, pairwise

from ._joined import JOINT, PLURAL_BEFORE_AND, joined
from ._letters import digits_as_letters, plain_letters
from ._lexicon import (
    ADJECTIVES,
    ARTICLES,
    ATTRIBUTE_CATEGORIES,
    CHANGE_WORDS,
    COLLECTIVES,
    COLOUR_NOUNS,
    FILLER,
    GENERIC,
    HEDGES,
    IE_NOUNS,
    IRREGULAR_PLURALS,
    LIGHT_KINDS,
    LIKENESS,
    NAME_NEGATIONS,
    NAME_VERBS,
    NOT_PLURAL,
    NOT_PLURAL_SUFFIXES,
    NUMBER_WORDS,
    PICTURE_WORDS,
    PLACE_WORDS,
    POSITION,
    POSITION_NOUNS,
    PREPOSITIONS,
    QUANTITY_COMPARISONS,
    SYNONYMS,
    THING_COLOURS,
    VAGUE_NOUNS,
)
from ._panels import without_panel_positions
from ._word_runs import by_neighbours

#: Words that are never the head of a name: modifiers, places, generic parts,
#: counting words and words that say *that* something changed.
NOT_HEADS = ADJECTIVES | POSITION | GENERIC | ATTRIBUTE_CATEGORIES["count"] | CHANGE_WORDS

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SPLIT = re.compile(r"[^a-z0-9]+")
_HAS_DIGIT = re.compile(r"[0-9]")
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


#: A possessive ending, straight or curly apostrophe: "cat's", "boy’s".
_POSSESSIVE = re.compile(r"['\u2019\u2018`\u00b4]s(?![a-z0-9])", re.I)


@lru_cache(maxsize=65536)
def _token_words(token: str) -> tuple[str, ...]:
    """The canonical words of one whitespace-free token ("Cloud-Small," -> cloud, small).

    Full-width and other compatibility forms read as their plain letters
    first: a model may answer "ｃａｔ" (red team round 11). Accents go too, and
    a few letters become the two they stand for: "café" and "piñata" were
    read as "caf" and "pi ata" (round 16), and Cyrillic or Greek look-alikes
    and invisible characters read as what they show, "toy_car" with a
    Cyrillic "o" a toy car (round 22; ``_letters``). A possessive's "s" is no word:
    read as one, it stood between the owner and the head, so "woman's_hat"
    was the man's hat (the shared "s" its kind), and "cat's fur" turning
    black no part of the cat turning black (red team round 19).
    """
    if not token.isascii():
        token = plain_letters(token)
    if "s" in token or "S" in token:
        token = _POSSESSIVE.sub("", token)  # after NFKD: a full-width "＇ｓ" too
    digits = _HAS_DIGIT.search(token) is not None
    text = _CAMEL.sub(" ", digits_as_letters(token) if digits else token).lower()
    if digits:
        text = _DIGITS_AND_LETTERS.sub(" ", digits_as_letters(text))  # "t0y": round 23
    return tuple(canonical_word(w) for w in _SPLIT.split(text) if w)


def words_apart(token: str) -> tuple[str, ...]:
    """The canonical words of one whitespace-free token, each read alone.

    For a reader that reads a whole clause by neighbours itself
    (``_reading.read_text``), so that the words of two tokens read
    together as :func:`read_words` reads them ("bA A" is "baa" either way).
    """
    return _token_words(token)


def read_words(text: str) -> tuple[str, ...]:
    """:func:`words`, uncached: for texts read once (the parts of a description).

    Read token by token, each token cached: descriptions are nearly all
    distinct, so a cache of whole texts thrashed past a few thousand items,
    while their tokens repeat. Splitting at whitespace first changes nothing:
    no rule joins or splits words across whitespace.
    """
    tokens = text.split()
    if len(tokens) == 1:
        return by_neighbours(_token_words(tokens[0]), canonical_word)
    return by_neighbours(tuple(chain.from_iterable(map(_token_words, tokens))), canonical_word)


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
    "beard" in man_with_beard. ``landmarks`` are the attached nouns that
    only say where the head is: "mop" in cake_near_mop, "stove" in
    kettle_on_stove (after a word of :data:`PLACE_WORDS`).
    """

    head: str | None
    core: frozenset[str]
    positions: frozenset[str]
    all_words: frozenset[str]  # core and positions
    attached: frozenset[str] = frozenset()
    before_head: str | None = None
    leading: frozenset[str] = frozenset()
    landmarks: frozenset[str] = frozenset()
    paired: frozenset[str] = frozenset()  # a pair's last thing: "saucer" in "cup_and_saucer"

    @property
    def vague(self) -> bool:
        return self.head is None


#: Compounds whose second word, a look or a place elsewhere, is the head.
_NOUN_COMPOUNDS = COLOUR_NOUNS | POSITION_NOUNS


#: A generic word that is the head after a noun: red team round 23 counted
#: "apple_pieces" from 3 to 5 as apples from 3 to 5, "piece" being no head.
#: Before "of" and a noun too ("pieces_of_apple"); alone or after a look
#: it names nothing ("red_piece"), and a "part" or an "area" is never a
#: head ("wall_area" is the wall).
_PIECE = "piece"


def _noun_like(word: str, skip: frozenset[str]) -> bool:
    return word not in skip and not word.isdigit() and word not in FILLER


def head_of(phrase: list[str], skip: frozenset[str] = NOT_HEADS) -> str | None:
    """The last word that is a noun-like identity word, not a modifier.

    Words that say *that* something changed are not heads either:
    "red_balloon_missing" is a balloon, "new_object" is vague. A colour
    or a position that a compound makes a thing is one ("ice_cream" is
    cream, never ice; a "tank_top" a top: ``COLOUR_NOUNS``, ``POSITION_NOUNS``),
    and so is a "piece" after a noun: "apple_pieces" are pieces (:data:`_PIECE`).
    """
    for index in range(len(phrase) - 1, -1, -1):
        word = phrase[index]
        if index > 0 and (phrase[index - 1], word) in _NOUN_COMPOUNDS:
            return word
        if word == _PIECE and index > 0 and _noun_like(phrase[index - 1], skip):
            return word  # "apple_pieces" are pieces: 3 -> 5 of them count no apples
        if word in skip or word.isdigit():
            continue
        return word
    return None


def name_head(phrase: list[str], skip: frozenset[str] = NOT_HEADS) -> str | None:
    """The head of a phrase that names an object: :func:`head_of`, with "light" a noun at the end.

    "light" is a modifier in "light blue car", but "traffic_light",
    "ceiling_light" and "light" alone are lights: read as a modifier,
    "traffic_light" was a traffic and "light" named nothing, so a cone found
    the traffic light and a wall the light (red team round 14). After a noun
    that is no kind of light it is the light that thing gives:
    "candle_light" is the candle, "car_light" the car (round 15). Only names
    and descriptions read it so; in a value, "dark" -> "light" is a look,
    and a wall made lighter is no wall light.
    """
    if phrase and phrase[-1] == "light":
        before = phrase[-2] if len(phrase) > 1 else None
        if before is None or before in LIGHT_KINDS or before in skip:
            return "light"
    return head_of(phrase, skip)


def _thing_colour(phrase: list[str]) -> str | None:
    """A phrase that is one colour word naming a thing: "orange", "lime"."""
    return phrase[0] if len(phrase) == 1 and phrase[0] in THING_COLOURS else None


#: Red team round 23: what a thing is shown in or on, and the word that
#: makes a thing so shown no such thing. "cat_in_painting",
#: "cat_on_poster" and "cat_in_mirror" removed found the real cat removed,
#: as "painting_cat" or "cat_reflection" did not: read as their replica
#: word before the head ("painting", "reflected"). "Picture", "photo" and
#: "image" are not here: after a preposition they are the panels
#: ("cat_in_the_picture" is the cat), nor a screen or a TV, which a cat
#: may sit on.
SHOWN_IN = {
    "painting": "painting",
    "mural": "painting",
    "poster": "poster",
    "drawing": "drawing",
    "sketch": "sketch",
    "mirror": "reflected",
    "reflection": "reflected",
    # printed on (round 24: "dog_on_calendar" removed found the dog)
    "calendar": "picture",
    "stamp": "picture",
    "sticker": "picture",
    "postcard": "picture",
    "tattoo": "picture",
}
_INSIDE_A_PICTURE = frozenset({"in", "on"})


#: Prepositions after which a name says what kind its head is: its contents
#: or stuff ("plate_of_cookies", "loaf_of_bread"). Not "with": what a thing
#: bears is no kind of it (man_with_beard is any man; red team round 6).
_OF_KIND = frozenset({"of"})


def _compares(name: list[str], index: int) -> bool:
    """The word at ``index`` compares with what follows: "like" before an article.

    "dog_like_a_cat" is a dog, and "something_like_a_cat" no cat at all (red
    team round 20: both were the cat); "cat_like_animal" stays an animal.
    """
    return index + 1 < len(name) and name[index + 1] in ARTICLES


def _names_two(phrase: list[str], at: int, plurals: frozenset[str]) -> bool:
    """The "and" at ``at`` joins two things: a noun before it, one noun after it.

    Red team round 23: "and" was a filler, so "cat_and_dog" was a dog and
    "cup_and_saucer" a saucer: the dog removed, or the saucer, found the
    answer that both went. As "The cat and the dog are gone" names no single
    object, such a name is a pair, neither of its things alone: it is found
    by the same pair (an alias "cup_and_saucer" of a teacup), vague for the
    rest. After the "and" only one noun may stand, or the two are the kinds
    of what follows: a "salt_and_pepper_shaker" is a shaker, as a
    "black_and_white_cat" (no noun before the "and") is a cat. Round 24: a
    plural before the "and" is a thing of its own whatever follows
    ("candies_and_easter_eggs" counted eggs), and a word that says the two
    are counted together is no noun ("candies_and_eggs_combined").
    """
    tail = [w for w in phrase[at:] if w not in JOINT]
    if at and phrase[at - 1] in plurals and name_head(tail) is not None:
        return True
    after = [w for w in tail if w not in NOT_HEADS and not w.isdigit()]
    return len(after) == 1 and name_head(tail) == after[0]


#: A slash or a bar between two words offers one in place of the other:
#: "dog/cat" named the cat, as a hedge "dog_or_cat" names neither (red team
#: round 19). Between digits it is no hedge: "1/2_cup".
SLASHED = re.compile(r"(?<=[^\W\d_])\s*[/|]\s*(?=[^\W\d_])")


def _plurals_before_and(text: str) -> frozenset[str]:
    """The words written as plurals right before an "and": "candies" in "candies_and_eggs"."""
    found = (m.lower() for m in PLURAL_BEFORE_AND.findall(text))
    return frozenset(canonical_word(w) for w in found if singular(w) != w)


@lru_cache(maxsize=65536)
def parse_name(text: str) -> Name:
    """Parse a subject or alias into head, core words and position words."""
    if "/" in text or "|" in text:
        text = SLASHED.sub(" or ", text)  # "dog/cat" hedges as "dog_or_cat"
    text = joined(text)  # "cat_&_dog" pairs as "cat_and_dog"
    all_words = without_panel_positions(list(words(text)))
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
    #
    # A part that counts but names nothing is vague too, unless "of" names
    # what it counts ("pair_of_shoes"): a "couple" (read as 2) on a bench is
    # no bench, nor are "two_near_tree" a tree (red team round 19). So is a
    # part of looks or places alone before where it is: "red_on_table" is
    # something red, not the table; "top_of_tower" is still the tower.
    phrases: list[list[str]] = [[]]
    joins: list[str] = [""]  # the word that opened each phrase
    vague = [False]
    counts = [False]
    denied: set[int] = set()
    hedged = doubted = False
    joined_at: list[tuple[int, int]] = []  # where an "and" follows a noun
    for index, (previous, word) in enumerate(zip(["", *all_words], all_words, strict=False)):
        denies = (
            word in NAME_NEGATIONS and not (word == "than" and previous in QUANTITY_COMPARISONS)
        ) or (word in LIKENESS and _compares(all_words, index))
        if word in PREPOSITIONS or word in NAME_VERBS or denies:
            phrases.append([])
            joins.append(word)
            vague.append(False)
            counts.append(False)
            if denies:
                denied.add(len(phrases) - 1)
        elif word in VAGUE_NOUNS:
            vague[-1] = True
        elif word == "and" and name_head(phrases[-1]) is not None:
            joined_at.append((len(phrases) - 1, len(phrases[-1])))
        elif word in HEDGES:
            # after a name, it hedges once another follows: "dog_or_cat",
            # "dog/cat", "dog_maybe_cat"; but "black/white_cat" is a cat
            doubted = doubted or name_head(phrases[-1]) is not None
        elif word.isdigit():
            counts[-1] = True
        elif word not in FILLER or (word in PICTURE_WORDS and joins[-1] not in PREPOSITIONS):
            # "picture" is a thing but after a preposition ("cat_in_the_picture"),
            # even after a verb: "tilted_picture" (red team round 19)
            phrases[-1].append(word)
            hedged = hedged or doubted
    for index in denied:
        phrases[index] = []
    if hedged:
        phrases = [[]]
    head = before = None
    attached: set[str] = set()
    landmarks: set[str] = set()
    leading: list[str] = []
    plurals = _plurals_before_and(text) if joined_at else frozenset()
    paired = {index for index, at in joined_at if _names_two(phrases[index], at, plurals)}
    pair: frozenset[str] = frozenset()
    for index, phrase in enumerate(phrases):
        if index in paired:
            at = next(at for i, at in joined_at if i == index)
            last = name_head(phrase[at:])
            pair = frozenset() if last is None else frozenset([last])
            break  # "cup_and_saucer" names the pair, not the saucer
        head = name_head(phrase) or _thing_colour(phrase)
        following = name_head(phrases[index + 1]) if index + 1 < len(phrases) else None
        if head in COLLECTIVES and following is not None:
            continue  # "flock_of_birds" is about birds
        if head is None and phrase[-1:] == [_PIECE] and following and joins[index + 1] == "of":
            head = _PIECE  # "pieces_of_apple" are pieces, as "apple_pieces" are
        if head is not None:
            position = len(phrase) - 1 - phrase[::-1].index(head)
            leading = phrase[:position]
            if index + 1 < len(phrases) and joins[index + 1] in _OF_KIND:
                leading = leading + phrases[index + 1]  # plate_of_cookies
            if position > 0:
                before = phrase[position - 1]
            if following in SHOWN_IN and joins[index + 1] in _INSIDE_A_PICTURE:
                before = SHOWN_IN[following]  # "cat_in_painting" is a painted cat
            modifier = head_of(phrase[:position])
            if modifier is not None:
                attached.add(modifier)
            if following is not None:
                attached.add(following)
                if joins[index + 1] in PLACE_WORDS:
                    landmarks.add(following)
            break
        opened_by = joins[index + 1] if index + 1 < len(phrases) else ""
        placed = bool(phrase) and opened_by in PREPOSITIONS and opened_by not in _OF_KIND
        if vague[index] or (counts[index] and opened_by not in _OF_KIND) or placed:
            break
    said = set(chain.from_iterable(phrases))
    kept = [
        w
        for w in all_words
        if (w not in FILLER or w in said)
        and w not in PREPOSITIONS
        and w not in NAME_VERBS
        and w not in HEDGES
        and not w.isdigit()
    ]
    if denied or hedged:
        kept = [w for w in kept if w in said or w in POSITION]
    # A position a compound makes a thing is none: a "tank_top" is at no top.
    things = {second for first, second in pairwise(kept) if (first, second) in POSITION_NOUNS}
    core = frozenset(
        w
        for w in kept
        if (w not in POSITION or w in things)
        and (w not in GENERIC or w == head)
        and w not in CHANGE_WORDS
    )
    positions = frozenset(w for w in kept if w in POSITION and w not in things)
    return Name(
        head=head,
        core=core,
        positions=positions,
        all_words=core | positions,
        attached=frozenset(attached),
        before_head=before,
        leading=core.intersection(leading),
        landmarks=frozenset(landmarks),
        paired=pair,
    )
