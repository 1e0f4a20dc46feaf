"""Where in a JSON text a problem lies, for the errors ``json`` gives without a place.

``json.loads`` reports syntax errors with a line and column, but a duplicate
key, a NaN or a number too large for a float (``1e999``) is found by a
hook that sees values, not offsets, and a lone
surrogate escape (``"\\ud800"``) is accepted outright. These are rare, so
they are located afterwards by scanning the text again: the common, valid
path pays nothing.
"""

from __future__ import annotations

import json
import re

#: A JSON string (unrolled loop: fast on long strings), optionally a key.
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_TOKEN = re.compile(
    rf"(?P<key>{_STRING})\s*:|{_STRING}|(?P<open>\{{)|(?P<close>\}})|(?P<const>-?Infinity|NaN)"
    r"|(?P<number>-?\d+(?:\.\d+)?[eE][-+]?\d+)"  # in exponent form: the only ones to overflow
    r"|(?P<long>\d{4301,})",  # more digits than Python reads as an integer
    re.S,
)
#: Every backslash escape in order, so ``\\\\ud800`` (an escaped backslash,
#: then plain text) is not taken for an escape.
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|.)", re.S)
_SURROGATE_HINT = re.compile(r"\\u[dD][89a-fA-F]")
_RAW_SURROGATE = re.compile("[\ud800-\udfff]")


def line_column(text: str, offset: int) -> str:
    """``line L column C`` (both from 1), as ``json`` reports syntax errors."""
    line = text.count("\n", 0, offset) + 1
    return f"line {line} column {offset - text.rfind(chr(10), 0, offset)}"


def _first(text: str, group: str, literal: str | None = None) -> int | None:
    """Offset of the first token of ``group`` outside a string (written ``literal``, if given)."""
    for match in _TOKEN.finditer(text):
        found = match.group(group)
        if found is not None and (literal is None or found == literal):
            return match.start()
    return None


def find_constant(text: str) -> int | None:
    """Offset of the first NaN, Infinity or -Infinity outside a string."""
    return _first(text, "const")


def find_long_number(text: str) -> int | None:
    """Offset of the first number of more than 4,300 digits outside a string."""
    return _first(text, "long")


def find_number(text: str, literal: str) -> int | None:
    """Offset of the first number written ``literal`` outside a string."""
    return _first(text, "number", literal)


def find_duplicate_key(text: str, closed_index: int, key: str) -> int | None:
    """Offset of the repeated ``key`` in the ``closed_index``-th object to close.

    ``json`` builds objects as their ``}`` is read, so the hook that finds
    the duplicate counts objects in the order of their closing braces.
    """
    stack: list[list[int]] = []  # per open object: offsets of ``key`` in it
    closed = 0
    for match in _TOKEN.finditer(text):
        raw = match.group("key")
        if raw is not None:
            if stack and _decodes_to(raw, key):
                stack[-1].append(match.start())
        elif match.group("open"):
            stack.append([])
        elif match.group("close") and stack:
            offsets = stack.pop()
            if closed == closed_index:
                return offsets[1] if len(offsets) > 1 else None
            closed += 1
    return None


def _decodes_to(raw: str, key: str) -> bool:
    if "\\" not in raw:
        return raw[1:-1] == key
    try:
        return json.loads(raw) == key
    except ValueError:
        return False


def find_lone_surrogate(text: str) -> int | None:
    """Offset of a UTF-16 surrogate that is not half of a pair, or None.

    Such a string cannot be written as UTF-8: accepted on reading, it made
    every later write of a report or the site fail with UnicodeEncodeError.
    """
    if not text.isascii():  # ASCII text, the common case, holds no raw surrogate
        raw = _RAW_SURROGATE.search(text)  # text given as str may hold one as is
        if raw is not None:
            return raw.start()
    # A substring test is several times faster than the regular expression,
    # which runs only on text holding an escape at all.
    if "\\u" not in text or _SURROGATE_HINT.search(text) is None:
        return None
    pending: tuple[int, int] | None = None  # an unpaired high surrogate escape
    for match in _ESCAPE.finditer(text):
        code = int(match.group(1), 16) if match.group(1) else None
        if pending is not None:
            if code is not None and 0xDC00 <= code <= 0xDFFF and match.start() == pending[1]:
                pending = None
                continue
            return pending[0]
        if code is not None and 0xD800 <= code <= 0xDBFF:
            pending = (match.start(), match.end())
        elif code is not None and 0xDC00 <= code <= 0xDFFF:
            return match.start()
    return pending[0] if pending is not None else None
