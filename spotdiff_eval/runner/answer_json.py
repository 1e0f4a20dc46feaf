"""Finding the list of differences in a model's answer text.

Models put their JSON alone, in a code fence or inside prose, and revise
themselves; :func:`find_differences` finds the list wherever it is, and
raises :class:`AnswerError` only when there is none (``answers`` then
reads each entry).

Whatever JSON text allows is read, so that one odd value costs its field
and not the whole answer: ``NaN`` and ``Infinity`` read as floats (read as
null, their field vanished without a warning), and an integer of more
digits than Python reads as a :class:`LongNumber` (refused, it made the
answer "no JSON list"). ``answers`` drops each with a warning.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: Longest answer text searched for JSON (a runaway answer is cut here).
MAX_ANSWER_CHARS = 1_000_000

_THINKING = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.S | re.I)
_FENCE = re.compile(r"```[ \t]*[A-Za-z0-9_-]*[ \t]*\r?\n(.*?)```", re.S)


class AnswerError(ValueError):
    """The answer holds no readable list of differences; the item fails."""


class LongNumber(float):
    """An integer of more digits than Python reads (4,300 by default): infinity, as
    ``1e999`` reads, so that every check for numbers JSON cannot write catches it, and
    its length, for the warning."""

    digits: int


def _integer(literal: str) -> int | float:
    """The JSON reader's integers: ``int`` refuses a long one, and with it the whole text."""
    try:
        return int(literal)
    except ValueError:  # above sys.get_int_max_str_digits()
        number = LongNumber(literal)  # a float of that many digits is +-infinity
        number.digits = len(literal.lstrip("-"))
        return number


#: NaN and Infinity read as floats (not as null, which dropped their field unsaid).
_DECODER = json.JSONDecoder(parse_int=_integer)


def read_json(text: str) -> Any:
    """A whole JSON text read as answers are: a long integer is a :class:`LongNumber`.

    For the reply around the answer: a token count of 5,000 digits is no
    count (``protocols`` takes only ``int`` counts), not a reply that "is
    not JSON".
    """
    return _DECODER.decode(text)


def find_differences(text: str) -> list[Any]:
    """The list of differences in the answer: JSON alone, in a fence, or inside prose.

    Where several candidates exist, the last one wins: models that revise
    themselves ("wait, let me correct that") put the final answer last.
    Reasoning blocks (``<think>...</think>``) are ignored.
    """
    text = _THINKING.sub(" ", text[:MAX_ANSWER_CHARS]).strip()
    if not text:
        raise AnswerError("the answer is empty")
    whole = _decode(text)
    if whole is not _NOTHING:
        found = _as_list(whole, strict=False)
        if found is not None:
            return found
    for block in reversed(_FENCE.findall(text)):
        found = _as_list(_decode(block.strip()), strict=False)
        if found is not None:
            return found
    candidates = [
        found
        for value in _embedded_json(text)
        if (found := _as_list(value, strict=True)) is not None
    ]
    if candidates:
        return candidates[-1]
    raise AnswerError(f"no JSON list of differences in the answer: {_excerpt(text)}")


_NOTHING = object()


def _decode(text: str) -> Any:
    try:
        return _DECODER.decode(text)
    except (ValueError, RecursionError):
        return _NOTHING


def _embedded_json(text: str) -> list[Any]:
    """Every complete JSON object or list found by scanning the text left to right.

    After a value parses, the scan continues behind it, so the entries of an
    answer are not mistaken for answers of their own.
    """
    values, position = [], 0
    while True:
        starts = [i for i in (text.find("{", position), text.find("[", position)) if i >= 0]
        if not starts:
            return values
        start = min(starts)
        try:
            value, end = _DECODER.raw_decode(text, start)
        except (ValueError, RecursionError):
            position = start + 1
            continue
        values.append(value)
        position = end


def _as_list(value: Any, *, strict: bool) -> list[Any] | None:
    """The differences ``value`` holds, if it has the shape of an answer.

    ``strict`` (for JSON found inside prose) asks a bare list to hold objects,
    so a citation like ``[1]`` is not taken for an answer.
    """
    if isinstance(value, list):
        if strict and not all(isinstance(entry, dict) for entry in value):
            return None
        return value
    if not isinstance(value, dict):
        return None
    for key, entries in value.items():
        if isinstance(key, str) and key.strip().lower() == "differences":
            return entries if isinstance(entries, list) else None
    if any(isinstance(k, str) and k.strip().lower() in ("kind", "type") for k in value):
        return [value]  # a single difference on its own
    lists = [v for v in value.values() if isinstance(v, list)]
    if len(lists) == 1 and lists[0] and all(isinstance(e, dict) for e in lists[0]):
        return lists[0]  # {"changes": [...]}
    return None


def _excerpt(text: str) -> str:
    flat = " ".join(text.split())
    return f'"{flat}"' if len(flat) <= 120 else f'"{flat[:117]}..."'
