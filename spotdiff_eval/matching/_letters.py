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
"""

from __future__ import annotations

import unicodedata

from .._util.lookalike import AS_LATIN

#: Latin letters that no accent stripping makes plain: "straße", "æon".
_LETTERS_SPELLED_OUT = str.maketrans(
    {"ß": "ss", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L"}
)

#: Cyrillic and Greek letters that look Latin: the small ones from the table
#: the leaderboard tells model names apart with (letters that draw nothing
#: read as a space, as there), and the capitals that look like Latin
#: capitals, which keep "rоbotCat" two words.
_CAPITALS = zip("АВЕКМНОРСТУХІЈЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEKMHOPCTYXIJSABEZHIKMNOPTYX", strict=True)
_LOOKALIKES: dict[int, str] = {
    **{code: str(latin) for code, latin in AS_LATIN.items()},
    **{ord(other): latin for other, latin in _CAPITALS},
}

#: The Unicode category of characters that format text and show nothing:
#: zero-width spaces and joiners, the soft hyphen, direction marks.
_FORMAT = "Cf"


def plain_letters(token: str) -> str:
    """``token`` (not ASCII) as the plain letters it shows; other characters stay.

    Compatibility forms and accents first (NFKD), then the look-alikes: a
    Cyrillic "й" is "и" and a breve before it is anything Latin.
    """
    decomposed = unicodedata.normalize("NFKD", token.translate(_LETTERS_SPELLED_OUT))
    shown = "".join(
        c for c in decomposed if not unicodedata.combining(c) and unicodedata.category(c) != _FORMAT
    )
    return shown.translate(_LOOKALIKES)
