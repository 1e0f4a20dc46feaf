"""Finding the list of differences in a model's answer text.

Models put their JSON alone, in a code fence or inside prose, and revise
themselves; :func:`find_differences` finds the list wherever it is, and
raises :class:`AnswerError` only when there is none (``answers`` then
reads each entry).

Whatever JSON text allows is read, so that one odd value costs its field
and not the whole answer: ``NaN`` and ``Infinity`` read as floats (read as
null, their field vanished without a warning), and an integer of more
digits than Python reads as a :class:`LongNumber` (refused, it made the
answer "no JSON list"). ``answers`` drops each with a warning. Comments
and trailing commas, which models write and JSON does not allow, are
removed, with a warning too; an answer whose JSON is cut off is no answer.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import Any

from .answer_choice import REVISION as REVISION
from .answer_choice import Candidate, as_list, candidates, final, is_object
from .json_reader import DECODER as _DECODER
from .reasoning import without_reasoning

#: Longest answer text searched for JSON (a runaway answer is cut here).
MAX_ANSWER_CHARS = 1_000_000

_FENCE = re.compile(r"```[ \t]*[A-Za-z0-9_-]*[ \t]*\r?\n(.*?)```", re.S)


class AnswerError(ValueError):
    """The answer holds no readable list of differences; the item fails."""


#: The warning for an answer whose JSON needed :func:`_repaired`.
REPAIRED = "answer: its JSON had comments or trailing commas, which were removed"
#: The warning for an answer written as a Python literal (:func:`_python_literal`).
PYTHON_LITERAL = "answer: its JSON was written with Python's quotes (a Python literal), read as one"
#: Longest text read as a Python literal, and most such reads in one answer
#: (the parser is much slower than JSON's).
MAX_LITERAL_CHARS = 200_000
MAX_LITERAL_READS = 100


def find_differences(
    text: str, readable: Callable[[Any], bool] = is_object
) -> tuple[list[Any], str | None]:
    """The list of differences in the answer: JSON alone, in a fence, or inside prose,
    and the warning if its JSON had to be repaired (:data:`REPAIRED`,
    :data:`PYTHON_LITERAL`), else None.

    Where several candidates exist, the last *answer* wins (:func:`final`):
    models that revise themselves ("wait, let me correct that") put the final
    answer last, but a remark after it quoting JSON that is no answer does not
    replace it. ``readable`` says whether an entry reads as a difference (the
    caller's reader, ``answers``). Reasoning blocks (``<think>...</think>``)
    are ignored.
    """
    overlong = len(text) > MAX_ANSWER_CHARS
    text, unended = without_reasoning(text[:MAX_ANSWER_CHARS])
    if unended is not None:
        raise AnswerError(
            f"the answer is only reasoning: its {unended} block never ends, and no answer follows"
        )
    text = text.strip()
    if not text:
        raise AnswerError("the answer is empty")
    whole, repaired = _decode(text)
    if isinstance(whole, str) and whole.strip() and whole != text:
        # Red team round 20: JSON encoded twice (some tool parsers, Gemini's JSON
        # mode with a string schema) is a string whose text is the answer.
        return find_differences(whole, readable)
    if whole is not _NOTHING:
        found = as_list(whole, strict=False)
        if found is not None:
            return found, repaired
    for fence in reversed(list(_FENCE.finditer(text))):
        value, repaired = _decode(fence.group(1).strip())
        found = as_list(value, strict=False)
        if found is not None and len(found) == 1 and found[0] is value:
            break  # one difference alone, maybe one fence of several: the scan joins them
        if found is not None:
            # Red team round 22: a fenced draft won over the answer written after
            # it in prose ("```json {draft}```, wait, I missed one: {final}"),
            # and gpt-oss's analysis channel over its final one: the last wins.
            # Only a whole answer that lists something, though: a lone object or
            # an empty list after the fence is more likely an example in a remark
            # ('a "kind" such as {"kind": ...}', 'none would be {"differences": []}').
            # Red team round 23: the same holds before the fence. An unfenced answer
            # followed by a fenced example ("if none, reply ```json\n[]\n```") lost
            # to the example: the fence is one candidate among those of the whole text.
            fenced = Candidate(found, repaired, fence.start(), fence.end(), False)
            before = candidates(text, _Scan(text[: fence.start()]).values())
            after = candidates(text, _values_after(text, fence.end()))
            answer = final(text, [*before, fenced, *after], readable)
            return answer.entries, answer.repaired
    scan = _Scan(text)
    found_all = candidates(text, scan.values())
    if found_all:
        answer = final(text, found_all, readable)
        return answer.entries, answer.repaired
    unfinished = ""
    if scan.unfinished:
        # red team round 18: cut here, not by the model, it was blamed on the model
        unfinished = (
            f"; the answer is longer than {MAX_ANSWER_CHARS:,} characters, and its JSON "
            "was cut there"
            if overlong
            else "; its JSON is unfinished, the answer was cut off"
        )
    raise AnswerError(f"no JSON list of differences in the answer: {_excerpt(text)}{unfinished}")


_NOTHING = object()


def _decode(text: str, *, bracketed: bool = False, literal: bool = True) -> tuple[Any, str | None]:
    """The JSON value ``text`` is, and the warning if it needed repairs;
    ``_NOTHING`` if it is none. ``bracketed``: ``text`` is known to be one
    bracketed value (:func:`_closing` found it); ``literal``: it may be read
    as a Python literal."""
    try:
        return _DECODER.decode(text), None
    except (ValueError, RecursionError):
        pass
    if bracketed or (text[:1] in ("{", "[") and _closing(text, 0) == len(text)):
        value = _repaired(text)
        if value is not _NOTHING:
            return value, REPAIRED
        value = _python_literal(text) if literal else _NOTHING
        if value is not _NOTHING:
            return value, PYTHON_LITERAL
    return _NOTHING, None


# Red team round 18: models write JSON with comments and trailing commas
# (``[{...}, {...},]``). Such an answer did not parse as a whole, and the scan
# of the text for JSON then found each of its entries as an answer of its
# own, the last one winning: every difference but the last was lost, without
# a warning. An answer cut off before its end (no token-limit flag from the
# server) lost its list the same way, leaving the last complete entry. Now a
# value that does not parse is found whole, by its brackets, and repaired if
# comments and trailing commas are all that is wrong with it. Inside one that
# stays broken or is cut off (it runs to the end of the text), a whole answer
# still counts (a model that starts over), a lone entry does not.

#: A JSON string (its escapes included), a comment, or a bracket.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|//[^\n]*|/\*.*?\*/|[\[\]{}]', re.S)
_STRING_OR_COMMENT = re.compile(r'("[^"\\]*(?:\\.[^"\\]*)*")|//[^\n]*|/\*.*?\*/', re.S)
_STRING_OR_TRAILING_COMMA = re.compile(r'("[^"\\]*(?:\\.[^"\\]*)*")|,(\s*[\]}])')
#: A bracket that opens JSON, not prose ("[see below"): what may follow it.
_OPENS_JSON = re.compile(r'(?:\{\s*["}]|\[\s*[\[{"\]])')
_START = re.compile(r"[\[{]")


def _closing(text: str, start: int, ends: dict[int, int | None] | None = None) -> int | None:
    """Where the value opened at ``start`` ends (None: the text ends first), by its
    brackets, strings and comments. ``ends`` learns where every bracket met on the
    way ends, so that a scan need not walk the same text again."""
    ends = {} if ends is None else ends
    opened: list[int] = []
    for token in _TOKEN.finditer(text, start):
        bracket = token.group()
        if bracket in ("[", "{"):
            opened.append(token.start())
        elif bracket in ("]", "}"):
            ends[opened.pop()] = token.end()
            if not opened:
                return token.end()
    for position in opened:
        ends[position] = None
    return None


#: Where the value opened at a position ends, by its brackets (None: it runs to the
#: end of the text), for the reply's own JSON too (``reply_text``).
closing = _closing


def _repaired(text: str) -> Any:
    """``text`` read as JSON without its comments and trailing commas; ``_NOTHING``
    if that is not enough."""
    text = _STRING_OR_COMMENT.sub(lambda m: m.group(1) or " ", text)
    text = _STRING_OR_TRAILING_COMMA.sub(lambda m: m.group(1) or m.group(2), text)
    try:
        return _DECODER.decode(text)
    except (ValueError, RecursionError):
        return _NOTHING


def _python_literal(text: str) -> Any:
    """``text`` read as a Python literal holding only what JSON can (red team round 18:
    models write ``{'kind': 'object_removed', 'subject': 'cat'}``, which failed
    the item as "no JSON list"); ``_NOTHING`` if it is not one. ``literal_eval``
    runs no code."""
    if "'" not in text or len(text) > MAX_LITERAL_CHARS:
        return _NOTHING
    try:
        value = ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOTHING
    return value if _json_like(value) else _NOTHING


def _json_like(value: Any, depth: int = 0) -> bool:
    if depth > 100:
        return False
    if value is None or isinstance(value, str | int | float):  # bool is an int
        return True
    if isinstance(value, list):
        return all(_json_like(item, depth + 1) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_like(v, depth + 1) for k, v in value.items())
    return False


class _Scan:
    """The JSON values in prose, found left to right; ``unfinished`` once one was cut off."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.unfinished = False

    def values(self) -> list[tuple[Any, str | None, bool, int, int]]:
        """Every complete JSON object or list, the warning if it needed repairs,
        whether it lies inside a broken value (one that does not read, or is cut
        off), and where it starts and ends.

        After a value, the scan continues behind it, so the entries of an
        answer are not mistaken for answers of their own. Where each bracket
        ends is found once, and a value is read from its own text, with a
        budget in proportion to the text for values inside broken ones: a
        runaway answer of brackets (``[a[a[a...``) searched the rest of the
        text again for each of them, and each failed read counted the lines
        before it, minutes for a long answer.
        """
        text = self.text
        values: list[tuple[Any, str | None, bool, int, int]] = []
        ends: dict[int, int | None] = {}
        budget = 20 * len(text) + 10_000
        literals = MAX_LITERAL_READS
        broken_until = position = 0
        while (match := _START.search(text, position)) is not None:
            start = match.start()
            end = ends[start] if start in ends else _closing(text, start, ends)
            if end is None:
                if _OPENS_JSON.match(text, start):
                    self.unfinished = True  # cut off: it runs to the end of the text
                position = start + 1
                continue
            value, repaired = _NOTHING, None
            if budget > 0:
                budget -= end - start
                span = text[start:end]
                literal = literals > 0 and "'" in span
                if literal:
                    literals -= 1
                value, repaired = _decode(span, bracketed=True, literal=literal)
            if value is _NOTHING:  # broken: what it holds may still be read
                broken_until = max(broken_until, end)
                position = start + 1
                continue
            values.append((value, repaired, self.unfinished or start < broken_until, start, end))
            position = end
        return values


def _values_after(text: str, start: int) -> list[tuple[Any, str | None, bool, int, int]]:
    """The JSON values of ``text[start:]`` (:meth:`_Scan.values`), placed in ``text``."""
    return [
        (value, repaired, broken, begin + start, end + start)
        for value, repaired, broken, begin, end in _Scan(text[start:]).values()
    ]


def _excerpt(text: str) -> str:
    flat = " ".join(text.split())
    return f'"{flat}"' if len(flat) <= 120 else f'"{flat[:117]}..."'
