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
INVISIBLE = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ud800-\udfff]"
)


def safe_text(text: str, limit: int = 80) -> str:
    """One printable line: unsafe characters escaped, long text shortened with '…'."""
    cleaned = INVISIBLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    # Other format characters (zero-width joiners, soft hyphens...) become "?".
    cleaned = "".join("?" if unicodedata.category(ch) == "Cf" else ch for ch in cleaned)
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"
