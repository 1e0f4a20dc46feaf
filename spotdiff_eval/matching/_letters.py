"""Reading any letters of a name as the plain Latin letters they show.

Models answer in Unicode, and a name reads the same however its letters are
encoded: full-width and other compatibility forms are their plain letters
("ｃａｔ", red team round 11), accents go and a few letters become the two
they stand for ("café", "straße", round 16). Red team round 22: a letter of
another script that looks Latin split a word in two (only ASCII letters make
words), as did a character that shows nothing; "toy_car" spelt with a
Cyrillic "o", or with a zero-width space inside "toy", read "t y car" and
found the real car, the "toy" that makes it no car gone. On screen each is
"toy_car", so each now reads so.

Red team round 23: the table was the leaderboard's, the look-alikes an
impostor reaches for first, and "tօy_car" with an Armenian "օ" found the
car. More of the letters that draw a Latin one are read so (Armenian, the
Latin small capitals and script letters, a few more Cyrillic, Greek and
Cherokee ones), and a letter still unknown inside a Latin word is guessed
from the few words that make a name another thing ("toy", "fake", "not",
"robot", "dog" of a dog house ...): "t?y" can only be "toy" among them. Unicode
lists thousands of confusables; a word the guess does not reach still
splits at its unknown letter, as before.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .._util.lookalike import AS_LATIN, BLANK_LETTERS
from ._lexicon import (
    HEDGES,
    MADE_LIKE_THE_LIVING,
    NAME_NEGATIONS,
    NOT_A_KIND_OF,
    NOT_A_KIND_OF_HEAD,
)

#: Latin letters that no accent stripping makes plain: "straße", "æon".
#: Round 23: and the marks that draw an apostrophe, read as one before NFKD
#: (which makes the acute accent a space and a combining mark): "womanʼs_hat"
#: and "cat´s toy" read "woman s hat" and "cat s toy", the "s" the word
#: before the head that round 19 dropped with the possessive.
APOSTROPHES = "\u02bc\u02b9\u02bb\u2032\u055a\u05f3\ua78c\u00b4"
_LETTERS_SPELLED_OUT = str.maketrans(
    {
        "ß": "ss",
        "æ": "ae",
        "Æ": "Ae",
        "œ": "oe",
        "Œ": "Oe",
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        **dict.fromkeys(APOSTROPHES, "'"),
    }
)

#: Cyrillic and Greek letters that look Latin: the small ones from the table
#: the leaderboard tells model names apart with, and the capitals that look like Latin
#: capitals, which keep "rоbotCat" two words.
_CAPITALS = zip("АВЕКМНОРСТУХІЈЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEKMHOPCTYXIJSABEZHIKMNOPTYX", strict=True)
#: Round 23: letters outside that table that draw a Latin letter, as NFKD
#: leaves them ("ϲ", the lunate sigma, is "ς" by then).
_MORE = zip(
    "օսցհոզՕՍɑɡıɩᴀʙᴄᴅᴇɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢѡүҽςϳꭰᎪᏟᎬᎻᏦᎷᏢᏚᏔᏃꓚꓐꓮꓳ",
    "oughnqOUagiiabcdeghijklmnoprstuvwyzwyecjaACEHKMPSWZCBAO",
    strict=True,
)
_LOOKALIKES: dict[int, str] = {
    **{code: str(latin) for code, latin in AS_LATIN.items()},
    **{ord(other): latin for other, latin in _CAPITALS},
    **{ord(other): latin for other, latin in _MORE},
    # Round 23: the Hangul fillers are default-ignorable, drawn as nothing
    # (or, in some fonts, a gap), so "to\u115fy_car" shows "toy_car"; read
    # as a space (the leaderboard's reading, right between words of a
    # model's name) they split it into "to y car", a car. No reader takes a
    # gap inside "toy" for two words.
    **dict.fromkeys(map(ord, BLANK_LETTERS), ""),
}

#: The words whose loss makes a name another thing's: replica and depiction
#: words, what makes an animal a made thing ("robot", "plush"), the first
#: words of compounds that are no kind of their head, negations and hedges.
#: A letter no table knows is guessed among them only.
DECIDING = tuple(
    sorted(
        NOT_A_KIND_OF_HEAD
        | MADE_LIKE_THE_LIVING
        | {first for first, _ in NOT_A_KIND_OF}
        | NAME_NEGATIONS
        | HEDGES
    )
)
_WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=4096)
def _guessed(word: str) -> str:
    """``word`` (letters, some Latin, some unknown or digits) as the one deciding word it can be."""
    lower = word.lower()
    fits = {
        w
        for w in DECIDING
        if len(w) == len(lower)
        and all(a == b or not b.isascii() or b.isdigit() for a, b in zip(w, lower, strict=True))
    }
    return fits.pop() if len(fits) == 1 else word


#: A run of Latin letters with digits inside: "t0y", "r0b0t", "f4ke".
_DIGITS_INSIDE = re.compile(r"[a-z]+(?:[0-9]+[a-z]+)+", re.I)


def digits_as_letters(text: str) -> str:
    """``text`` with each word that writes letters as digits read as the deciding
    word it spells.

    Red team round 23: "t0y_car" read "t 0 y car", a car, and found the real
    car, as "r0b0t_cat" and "n0t_a_cat" found the cat. A reader sees "toy",
    "robot" and "not". Only a deciding word (:data:`DECIDING`) is read so,
    and only one with a letter before and after the digits: "car2", "b52"
    and "r2d2" stay as they are. Read before camel case splits a word
    ("T0Y" would be "T0 Y") and after ("t0yCar" is "t0y Car").
    """
    return _DIGITS_INSIDE.sub(lambda m: _guessed(m[0]), text)


def unknown_letters_guessed(text: str) -> str:
    """Each word of ``text`` with Latin and unknown letters read as :func:`_guessed`."""
    return _WORD.sub(
        lambda m: _guessed(m[0]) if not m[0].isascii() and re.search("[A-Za-z]", m[0]) else m[0],
        text,
    )


#: The Unicode category of characters that format text and show nothing:
#: zero-width spaces and joiners, the soft hyphen, direction marks.
_FORMAT = "Cf"
#: Marks that draw nothing of their own: round 23 found the combining
#: grapheme joiner (U+034F) and the variation selectors (U+FE0F), marks of
#: combining class 0 that the accent stripping kept, splitting "t\u034foy_car"
#: into "t oy car", a car.
_INVISIBLE_MARKS = frozenset({"Mn", "Me"})


def plain_letters(token: str) -> str:
    """``token`` (not ASCII) as the plain letters it shows; other characters stay.

    Compatibility forms and accents first (NFKD), then the look-alikes: a
    Cyrillic "й" is "и" and a breve before it is anything Latin.
    """
    decomposed = unicodedata.normalize("NFKD", token.translate(_LETTERS_SPELLED_OUT))
    shown = "".join(
        c
        for c in decomposed
        if not unicodedata.combining(c)
        and unicodedata.category(c) != _FORMAT
        and unicodedata.category(c) not in _INVISIBLE_MARKS
    )
    latin = shown.translate(_LOOKALIKES)
    return latin if latin.isascii() else unknown_letters_guessed(latin)
