"""Reading a model's answer into schema-valid predicted differences.

Models wrap their JSON in prose or code fences, spell the kinds their own
way, quote numbers and add fields of their own. Refusing the whole answer for
one stray entry would throw away every good difference of the item, so this
reader keeps every entry it can make sense of and records a warning for each
thing it drops or repairs; the run's provenance then says what happened.
Only an answer with no readable list at all fails the item, and (red team
round 19) one whose list has entries but none readable: kept, it read as an
answer that saw no difference.

This is also the edge where values that cannot be written are stopped: a
number too big for a float (``1e999``, or an integer of more than 4,300
digits, reads as infinity), ``NaN`` and a lone UTF-16 surrogate
(``"\\udc00"``, half of a pair) are valid to Python's JSON reader but not to
the JSON and UTF-8 the journal and the predictions file are written in; let
through, they crashed the run at its final write. Each costs only its field
(a surrogate becomes U+FFFD), with a warning.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from ..datasets import KINDS, Kind, load_schema
from ..matching import CARDINALS
from .answer_json import AnswerError as AnswerError  # raised by read_answer
from .answer_json import find_differences
from .json_reader import LongNumber

#: Keep at most this many differences per item: a model caught in a loop
#: can emit thousands of entries, which would swamp the file and the scorer.
MAX_DIFFERENCES = 200
#: Keep at most this many warnings per item (the rest are counted).
MAX_WARNINGS = 100

#: The fields of a predicted difference, from the schema (the one source of
#: truth): their order is the output's key order, so equal answers serialise
#: identically, and their limits are the lengths texts are cut to.
_PROPERTIES = load_schema("prediction")["$defs"]["difference"]["properties"]
FIELDS = tuple(_PROPERTIES)
_TEXT_LIMITS = {
    name: spec["maxLength"] for name, spec in _PROPERTIES.items() if "maxLength" in spec
}
#: Other names models use for our fields ("type" for kind, "before" for from...).
ALIASES = {
    "type": "kind",
    "change_type": "kind",
    "difference_type": "kind",
    "object": "subject",
    "name": "subject",
    "item": "subject",
    "property": "attribute",
    "before": "from",
    "from_value": "from",
    "old_value": "from",
    "after": "to",
    "to_value": "to",
    "new_value": "to",
    "quantity": "count",
}

# Kind spellings. Count words win ("number changed" is a count change), then
# words naming a property ("new color" is a change, not an addition), then
# removal and addition words, then generic change words.
_COUNT_WORDS = frozenset({"count", "counts", "number", "quantity", "amount"})
_PROPERTY_WORDS = frozenset(
    (
        "attribute attributes color colour size shape pattern texture material style "
        "orientation position"
    ).split()
)
_REMOVED_WORDS = frozenset(
    (
        "removed remove removal missing deleted delete deletion disappeared disappears "
        "disappear gone absent omitted vanished"
    ).split()
)
_ADDED_WORDS = frozenset(
    ("added add addition new appeared appears appear inserted extra additional").split()
)
_CHANGE_WORDS = frozenset(
    (
        "change changed changes modified modification altered different replaced swapped moved"
    ).split()
)
#: Counts a model spells out reach twelve ("a dozen" is not read); larger
#: ones come as digits.
_NUMBER_WORDS = {word: n for n, word in enumerate(CARDINALS[:13])}

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
#: A UTF-16 surrogate: in a Python string always a lone half, never writable as UTF-8.
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class Answer:
    """The differences read from one answer, and what had to be repaired or dropped."""

    differences: tuple[dict[str, Any], ...]
    warnings: tuple[str, ...]


def read_answer(text: str) -> Answer:
    """Parse a model's answer text; raise :class:`AnswerError` if nothing usable is in it."""
    warnings: list[str] = []
    text, replaced = _SURROGATE.subn("\ufffd", text)
    if replaced:
        warnings.append(f"answer: {_invalid_characters(replaced)}")
    entries, repaired = find_differences(text, _readable)
    if repaired is not None:
        warnings.append(repaired)
    if len(entries) > MAX_DIFFERENCES:
        warnings.append(
            f"answer lists {len(entries)} differences; kept the first {MAX_DIFFERENCES}"
        )
        entries = entries[:MAX_DIFFERENCES]
    differences = []
    for index, entry in enumerate(entries):
        where = f"differences[{index}]"
        entry, replaced = _valid_unicode(entry)
        if replaced:
            warnings.append(f"{where}: {_invalid_characters(replaced)}")
        difference = _difference(entry, where, warnings)
        if difference is not None:
            differences.append(difference)
    if entries and not differences:
        # red team round 19: kept as "ok" with no difference, it read as "none seen"
        raise AnswerError(
            f"none of the {len(entries)} differences in the answer could be read: "
            + "; ".join(warnings[:3])
            + ("; ..." if len(warnings) > 3 else "")
        )
    if len(warnings) > MAX_WARNINGS:
        more = len(warnings) - MAX_WARNINGS + 1
        warnings = [*warnings[: MAX_WARNINGS - 1], f"... and {more} more warnings"]
    return Answer(tuple(differences), tuple(warnings))


def _readable(entry: Any) -> bool:
    """Whether an entry reads as a difference (``answer_json`` keeps a later
    candidate only if it holds one: a remark quoting JSON is no answer)."""
    return _difference(entry, "", []) is not None


def valid_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so that it can be written as UTF-8."""
    return _SURROGATE.sub("\ufffd", text)


#: How deep :func:`_valid_unicode` goes into an entry. Only an entry's own fields
#: are kept, and only texts and numbers among them; a deeper value is dropped
#: as it is (red team round 23: an entry holding a list 500 deep exhausted
#: Python's recursion limit here, and the item failed as an internal error).
_UNICODE_DEPTH = 8


def _valid_unicode(value: Any, depth: int = 0) -> tuple[Any, int]:
    """``value`` with the lone surrogates in its strings (and keys) replaced; how many."""
    if isinstance(value, str):
        return _SURROGATE.subn("\ufffd", value)
    if depth >= _UNICODE_DEPTH:
        return value, 0
    if isinstance(value, list):
        pairs = [_valid_unicode(item, depth + 1) for item in value]
        return [item for item, _ in pairs], sum(n for _, n in pairs)
    if isinstance(value, dict):
        clean: dict[Any, Any] = {}
        total = 0
        for key, item in value.items():
            key, in_key = _valid_unicode(key, depth + 1)
            item, in_item = _valid_unicode(item, depth + 1)
            clean.setdefault(key, item)  # two keys equal once repaired: the first wins
            total += in_key + in_item
        return clean, total
    return value, 0


def _invalid_characters(count: int) -> str:
    return (
        f"{count} invalid character(s) (lone UTF-16 surrogates, which UTF-8 cannot hold) "
        "replaced with U+FFFD"
    )


def normalise_kind(value: object) -> Kind | None:
    """``"removed"`` -> ``object_removed``, ``"Color change"`` -> ``attribute_change``..."""
    if not isinstance(value, str):
        return None
    snake = _CAMEL.sub("_", value.strip()).lower()
    canonical = re.sub(r"[^a-z]+", "_", snake).strip("_")
    if canonical in KINDS:
        return canonical  # type: ignore[return-value]
    words = set(canonical.split("_"))
    for vocabulary, kind in (
        (_COUNT_WORDS, "count_change"),
        (_PROPERTY_WORDS, "attribute_change"),
        (_REMOVED_WORDS, "object_removed"),
        (_ADDED_WORDS, "object_added"),
        (_CHANGE_WORDS, "attribute_change"),
    ):
        if words & vocabulary:
            return kind  # type: ignore[return-value]
    return None


# -- one difference -------------------------------------------------------------


def _difference(entry: Any, where: str, warnings: list[str]) -> dict[str, Any] | None:
    """A schema-valid difference from one entry, or None (with a warning) to drop it."""
    if not isinstance(entry, dict):
        warnings.append(f"{where}: not an object; dropped")
        return None
    fields: dict[str, Any] = {}
    unknown = []
    for raw_key, value in entry.items():
        # Red team round 24: camelCase keys ("changeType", "oldValue"), as models
        # trained on JavaScript write them, were unknown fields: the item failed.
        key = re.sub(r"[\s-]+", "_", _CAMEL.sub("_", str(raw_key).strip()).lower())
        key = ALIASES.get(key, key)
        if key not in FIELDS:
            unknown.append(str(raw_key))
        elif key not in fields and value is not None:
            fields[key] = value
    if unknown:
        warnings.append(f"{where}: dropped unknown field(s) {', '.join(sorted(unknown))}")

    raw_kind = _finite(fields, "kind", where, warnings)
    kind = normalise_kind(raw_kind)
    if kind is None:
        what = "no kind" if raw_kind is None else f"unknown kind {_show(raw_kind)}"
        warnings.append(f"{where}: {what}; dropped")
        return None
    subject = _text_field(_finite(fields, "subject", where, warnings), "subject", where, warnings)
    if subject is None:
        warnings.append(f"{where}: no subject; dropped")
        return None

    out: dict[str, Any] = {"kind": kind, "subject": subject}
    for name in FIELDS:
        if name in ("kind", "subject") or name not in fields:
            continue
        value = _finite(fields, name, where, warnings)
        if value is None:
            continue
        if name == "count":
            value = _count(value, where, warnings)
        elif name == "confidence":
            value = _confidence(value, where, warnings)
        else:
            value = _text_field(value, name, where, warnings, numbers=name in ("from", "to"))
        if value is not None:
            out[name] = value
    return out


def _finite(fields: dict[str, Any], name: str, where: str, warnings: list[str]) -> Any:
    """``fields[name]``, or None with a warning for a number JSON cannot write
    (``1e999`` and too many digits read as infinity, and NaN), in every field alike."""
    value = fields.get(name)
    if not isinstance(value, float) or math.isfinite(value):
        return value
    if isinstance(value, LongNumber):
        what = f"is a number of {value.digits:,} digits, too long to read"
    else:
        what = f"{_show(value)} is not a finite number"
    warnings.append(f"{where}: {name} {what}; field dropped")
    return None


def _text_field(
    value: Any, name: str, where: str, warnings: list[str], *, numbers: bool = False
) -> str | int | float | None:
    """A text field, stripped and cut to the schema's limit; numbers become text
    unless the field takes numbers (``from``/``to``)."""
    if value is None:
        return None
    if isinstance(value, bool | dict | list):
        warnings.append(f"{where}: {name} {_show(value)} is not text; field dropped")
        return None
    if isinstance(value, int | float):
        if numbers:
            return int(value) if isinstance(value, float) and value.is_integer() else value
        value = str(value)
    text = " ".join(value.split())
    if not text:
        return None
    limit = _TEXT_LIMITS[name]
    if len(text) > limit:
        warnings.append(f"{where}: {name} cut to {limit} characters")
        text = text[: limit - 1] + "…"
    return text


def _count(value: Any, where: str, warnings: list[str]) -> int | None:
    """An integer >= 1 from 3, 3.0, "3" or "three"; anything else is dropped."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str):
        word = value.strip().lower()
        number = int(word) if word.isdecimal() else _NUMBER_WORDS.get(word)
    if number is None or number < 1:
        warnings.append(f"{where}: count {_show(value)} is not a whole number >= 1; field dropped")
        return None
    return number


def _confidence(value: Any, where: str, warnings: list[str]) -> float | int | None:
    number: float | None = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            number = None
    if number is None or not 0 <= number <= 1:
        warnings.append(
            f"{where}: confidence {_show(value)} is not a number from 0 to 1; field dropped"
        )
        return None
    return number


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (RecursionError, ValueError):  # nested past what the encoder walks
        return "(a value nested too deep to show)"
    return text if len(text) <= 60 else text[:57] + "..."
