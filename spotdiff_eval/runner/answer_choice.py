"""Which JSON value in a model's answer is the answer, and what holds its list.

Moved out of ``answer_json`` (which finds the JSON values in the text) in red
team round 23, when choosing among several values grew rules of its own:
lone objects joined into one list (:func:`candidates`), and a later value
replacing an earlier one only if it is an answer itself (:func:`final`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .json_reader import DECODER


def is_object(entry: Any) -> bool:
    """The default test of an entry (:func:`find_differences`): an object at least."""
    return isinstance(entry, dict)


#: Words in the text between two lone objects that make the second a revision of
#: the first ("wait, that is wrong; it is:"), not the next entry of a list.
#: Only words a label cannot well hold: "Wrong colour: {...}", "Dog instead of
#: cat: {...}" or "Light fixture: {...}" label the next entry, they revise nothing.
REVISION = re.compile(
    r"\b(?:wait|actually|correction|corrected|sorry|apolog\w*|mistake\w*|oops|"
    r"scratch that|on second thought|I mean|I meant|revis\w*|let me re\w*)\b",
    re.I,
)


@dataclass
class Candidate:
    """A list of differences found in prose, where it ends, and whether it is one
    object standing alone (which the next one alone may continue)."""

    entries: list[Any]
    repaired: str | None
    start: int
    end: int
    alone: bool


def candidates(text: str, values: list[tuple[Any, str | None, bool, int, int]]) -> list[Candidate]:
    """The lists of differences the scan found, in order.

    Red team round 20: objects one a line (JSON Lines), or separated by commas
    or bullets without brackets around them, were each an answer of their
    own, the last one winning: every difference but the last was lost. Lone
    objects with nothing but such separators between them became one list.
    Red team round 22: a label before each ("1. Cat removed: {...}", "**Dog**:
    {...}") or a fence around each still lost every difference but the last,
    silently. Lone objects are one list now unless the words between them
    revise the first (:data:`REVISION`: "wait, that is wrong; it is:"),
    when the last still wins.
    """
    found: list[Candidate] = []
    for value, repaired, in_broken, start, end in values:
        entries = as_list(value, strict=True)
        if entries is None:
            continue
        alone = len(entries) == 1 and entries[0] is value
        if in_broken and alone:
            continue  # an entry of a broken answer is not an answer of its own
        last = found[-1] if found else None
        if alone and last and last.alone and not REVISION.search(text, last.end, start):
            last.entries.append(value)
            last.repaired = last.repaired or repaired
            last.end = end
        else:
            found.append(Candidate(list(entries), repaired, start, end, alone))
    return found


def final(text: str, candidates: list[Candidate], readable: Callable[[Any], bool]) -> Candidate:
    """The candidate that is the answer: the last one that is an answer of its own.

    Red team round 23: the last candidate won whatever it held, so a remark
    after an unfenced answer replaced it: "I hope this helps [{"ref": 1}]"
    (no entry reads as a difference: the item failed), "An empty answer
    would be []" or a fenced ``[]`` example (the item read as "no difference
    seen"). A later candidate replaces the one standing only if it is an
    answer itself:

    - one that lists a difference the reader can read (``readable``) does,
      unless it is a lone object after a list (a remark quoting an example
      entry), which replaces the list only when the words before it revise it
      (:data:`REVISION`: "wait, it is only {...}");
    - an empty list does only when the words before it revise the answer
      ("wait, actually there are none: []");
    - one whose entries none can read never does;
    - and anything replaces such an unreadable one.
    """
    standing, previous = candidates[0], candidates[0]
    standing_useful = any(readable(entry) for entry in standing.entries)
    for later in candidates[1:]:
        # Only the words just before it (since the previous candidate) are read:
        # from the standing one, thousands of ``[]`` after it took quadratic time.
        gap = (previous.end, later.start)
        previous = later
        useful = any(readable(entry) for entry in later.entries)
        if standing.entries and not standing_useful:
            replace = True  # anything is a better answer than entries none can read
        elif useful and not (later.alone and not standing.alone):
            replace = True
        elif useful or not later.entries:
            replace = REVISION.search(text, *gap) is not None
        else:
            replace = False
        if replace:
            standing, standing_useful = later, useful
    return standing


def as_list(value: Any, *, strict: bool) -> list[Any] | None:
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
            entries = unstrung(entries)
            return entries if isinstance(entries, list) else None
    if any(isinstance(k, str) and k.strip().lower() in ("kind", "type") for k in value):
        return [value]  # a single difference on its own
    nested = _nested_differences(value)
    if nested is not None:
        return nested
    lists = [v for v in map(unstrung, value.values()) if isinstance(v, list)]
    if len(lists) == 1 and lists[0] and all(isinstance(e, dict) for e in lists[0]):
        return lists[0]  # {"changes": [...]}
    return None


def unstrung(value: Any) -> Any:
    """A string that is JSON text of a list or object, read; any other value as it is.

    Red team round 23: tool parsers (vLLM's for Llama and Hermes models among
    them) pass a nested value on as a string, ``{"differences": "[{...}]"}``,
    and Hermes-style calls written in the text hold ``"arguments": "{...}"``;
    each failed its item as "no JSON list", the answer in plain sight.
    """
    if not isinstance(value, str):
        return value
    text = value.strip()
    if text[:1] not in ("[", "{"):
        return value
    try:
        return DECODER.decode(text)
    except (ValueError, RecursionError):
        return value


#: How deep a "differences" list is looked for inside a wrapper.
_NESTING = 4


def _nested_differences(value: dict[Any, Any]) -> list[Any] | None:
    """The one ``differences`` list at the shallowest depth that has one, inside
    wrappers (``{"result": {"differences": [...]}}``) and lists (the predictions
    file's ``items``); None when there is none, or several side by side.

    Red team round 19: a wrapper failed the item, and the predictions file's
    shape, copied by a model shown it, read as a list of unreadable entries:
    "ok" with no difference at all.
    """
    level: list[Any] = list(value.values())
    for _depth in range(_NESTING):
        found: list[Any] = []
        deeper: list[Any] = []
        for node in map(unstrung, level):
            if isinstance(node, list):
                deeper.extend(node)
            elif isinstance(node, dict):
                for key, entries in node.items():
                    if isinstance(key, str) and key.strip().lower() == "differences":
                        found.append(entries)
                    else:
                        deeper.append(entries)
        if found:
            entries = unstrung(found[0]) if len(found) == 1 else None
            return entries if isinstance(entries, list) else None
        level = deeper
    return None
