"""Printing untrusted text on a terminal safely.

Model names, subjects and descriptions come from prediction files anyone can
write. Control characters (escape sequences, carriage returns) and bidi
overrides could rewrite what a reviewer sees, so they are shown escaped.
"""

from __future__ import annotations

import re
import unicodedata

#: Control characters and the bidi marks, embeddings, overrides and isolates
#: that can make a reader see text in another order than it is stored. Every
#: place that shows untrusted text (terminal, LEADERBOARD.md, the site)
#: neutralises these. Lone surrogates are how Python spells a file name that
#: is not UTF-8 (``os.scandir``); they cannot be written as UTF-8 at all.
#: The line and paragraph separators U+2028 and U+2029 end a line for
#: editors, log viewers and ``str.splitlines``, like NEL (U+0085): red team
#: round 19, a subject holding one split ``explain``'s line in two.
INVISIBLE = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029"
    r"\ud800-\udfff]"
)


#: Characters that draw nothing though they are not format characters (Cf):
#: Hangul fillers and the blank braille pattern (letters and symbols that
#: render as blank), the combining grapheme joiner, Khmer's inherent vowels
#: and the variation selectors (marks with no glyph). Red team round 19: a
#: model name with one after it looked exactly like the name without, so a
#: copycat entry passed for the original; variation selectors also carry
#: hidden text, one byte each.
BLANK = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u2800\u3164"
    "\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)


#: Five or more combining diacritics in a row ("Zalgo" text), from the blocks
#: such text is made of: red team round 19, a name so written draws far above
#: and below its line, over the neighbouring rows. Words need two at most.
_MARK = "[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]"
STACKED = re.compile(f"({_MARK}{{2}}){_MARK}{{3,}}")


#: Pictographs: the symbol blocks emoji come from (arrows to dingbats and
#: miscellaneous symbols, and the emoji planes, skin tones included).
_PICTOGRAPH = "\u2190-\u2bff\U0001f000-\U0001faff"
#: The characters that glue an emoji of several characters into one picture:
#: the emoji selector (U+FE0F) right after a pictograph, and the zero-width
#: joiner between two ("👩‍🔬" is woman, joiner, microscope). Red team round 23:
#: both showed as "?" ("👨?👩?👧"), as if hidden; elsewhere they still are.
#: Red team round 24: also the selector of a keycap ("1️⃣" is 1, U+FE0F, U+20E3, as are
#: "#️⃣" and "*️⃣"), shown "1?⃣"; a selector after a digit and before no keycap mark
#: draws nothing and is still marked ("GPT-4o\ufe0f").
#: And the tags after a black flag that make the flags of England, Scotland and Wales
#: (U+1F3F4, "gbeng", "gbsct" or "gbwls" in tag letters, then the cancel tag), shown
#: "🏴??????": those three only, as tag letters are otherwise hidden text.
_FLAG_TAGS = (
    "\U000e0065\U000e006e\U000e0067|\U000e0073\U000e0063\U000e0074|\U000e0077\U000e006c\U000e0073"
)
_EMOJI_GLUE = re.compile(
    f"((?<=[{_PICTOGRAPH}])\ufe0f"
    "|(?<=[0-9#*])\ufe0f(?=\u20e3)"
    f"|(?<=\U0001f3f4)\U000e0067\U000e0062(?:{_FLAG_TAGS})\U000e007f"
    f"|(?:(?<=[{_PICTOGRAPH}])|(?<=[{_PICTOGRAPH}]\ufe0f))\u200d(?=[{_PICTOGRAPH}]))"
)


def safe_text(text: str, limit: int = 80) -> str:
    """One printable line: unsafe characters escaped, long text shortened with '…'."""
    parts = _EMOJI_GLUE.split(text)  # the glue at odd places, kept as it is
    cleaned = "".join(part if odd else _cleaned(part) for odd, part in _alternate(parts))
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


def _alternate(parts: list[str]) -> list[tuple[bool, str]]:
    return [(index % 2 == 1, part) for index, part in enumerate(parts)]


def _cleaned(text: str) -> str:
    """``text`` with its unsafe characters escaped or made "?" (see :func:`safe_text`)."""
    cleaned = INVISIBLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    # Other format characters (zero-width joiners, soft hyphens...) and the
    # characters that draw nothing become "?".
    cleaned = BLANK.sub("?", cleaned)
    cleaned = STACKED.sub(r"\1?", cleaned)  # the first two marks, then "?"
    return "".join("?" if unicodedata.category(ch) == "Cf" else ch for ch in cleaned)
