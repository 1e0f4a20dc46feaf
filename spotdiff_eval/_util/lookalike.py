"""Telling apart the model names leaderboard rows show: lookalike letters, accents, pairs.

A row shows an entry's model name and version, not who submitted it, so two
names a reader cannot tell apart make two rows that pose as one model. The
pull request check (``ci/ownership.py``) asks a maintainer about a new name
like an existing one; the leaderboard build flags such pairs once both have
landed (red team round 21). Both compare names with the keys made here.
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: Letters that look like Latin ones in the fonts GitHub uses (Cyrillic, Greek), and
#: digits and pairs read as letters at a glance, after case folding. Not every
#: confusable (Unicode lists thousands): those an impostor reaches for first.
_LATIN = {
    **dict(zip("аьсԁеһіјкӏмոорԛѕтսѵԝху", "abcdehijklmnopqstuvwxy", strict=True)),
    **dict(zip("αβεηικνορτυχ", "abenikvoptux", strict=True)),
}
#: Letters to Unicode (category Lo) that draw nothing or a space: the Hangul fillers,
#: ignorable by default. "Existing\u3164Model" reads "Existing Model" (red team round 21).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")
#: Only the letters of other scripts made Latin, and the blank letters spaces (red team
#: round 21: "(\u3164baseline\u3164)"): what the row marks are matched in.
AS_LATIN = str.maketrans({**_LATIN, **dict.fromkeys(BLANK_LETTERS, " ")})
_LOOKALIKE = str.maketrans(
    {
        **_LATIN,
        "0": "o",
        "1": "l",
        "і": "l",  # Cyrillic i, and with "i" below: a capital I reads as l
        "ι": "l",
        "i": "l",
        "|": "l",  # not a letter, so it was dropped: "existing-mode|" (red team round 21)
    }
)
_LOOKALIKE_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))


def plain_letters(text: str) -> str:
    """``text`` case folded, in NFKD, without its accents and other combining marks."""
    text = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def shown_name(metadata: dict[str, Any] | None) -> str | None:
    """The model as a leaderboard row shows it (name, then version), reduced to what a
    reader tells apart: case folded, NFKD without its accents and other combining marks
    ("é" is "e", red team round 20), lookalike letters made Latin, letters and digits
    only, the blank letters dropped like spaces (red team round 21). None if there is
    none."""
    model = (metadata or {}).get("model")
    if not isinstance(model, dict) or not isinstance(model.get("name"), str):
        return None
    version = model.get("version")
    text = model["name"] + (f" {version}" if isinstance(version, str) else "")
    key = "".join(
        ch
        for ch in plain_letters(text).translate(_LOOKALIKE)
        if ch.isalnum() and ch not in BLANK_LETTERS
    )
    for pair, letter in _LOOKALIKE_PAIRS:
        key = key.replace(pair, letter)
    return key or None


#: Letters outside ASCII that :func:`names_alike` lets stand for any letter, at most
#: one in this many of a name's: an impostor's several, never a whole name.
_UNKNOWN_SHARE = 2


def names_alike(mine: str | None, other: str | None) -> bool:
    """Whether two :func:`shown_name` keys read alike: equal, or equal but where one
    of them has a letter outside ASCII, in at most half of the letters.

    Red team round 20: the lookalike table is not every confusable (dotless i,
    script g, Armenian o, l with stroke ...), and "existing-mode\u0142" passed as
    a name of its own. A letter outside ASCII beside plain letters that agree
    reads as whatever the other name has there; two names wholly in another
    script (Chinese, say) still differ where their letters differ.
    """
    if mine is None or other is None:
        return False
    if mine == other:
        return True
    if len(mine) != len(other) or (mine.isascii() and other.isascii()):
        return False  # two plain names differ in a plain letter: the build compares every pair
    differing = [(a, b) for a, b in zip(mine, other, strict=True) if a != b]
    if any(a.isascii() and b.isascii() for a, b in differing):
        return False
    return len(differing) * _UNKNOWN_SHARE <= len(mine)
