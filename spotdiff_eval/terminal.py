"""Printing untrusted text on a terminal safely.

Model names, subjects and descriptions come from prediction files anyone can
write. Control characters (escape sequences, carriage returns) and bidi
overrides could rewrite what a reviewer sees, so they are shown escaped.
"""

from __future__ import annotations

import re
import unicodedata

_BIDI = {
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
}
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def safe_text(text: str, limit: int = 80) -> str:
    """One printable line: unsafe characters escaped, long text shortened with '…'."""
    cleaned = _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    cleaned = "".join(
        ch if unicodedata.category(ch) != "Cf" or ch in _BIDI else "?" for ch in cleaned
    )
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


def percent(value: float) -> str:
    return f"{100 * value:5.1f}%"
