"""A reply's bytes as text, even when a few of them are not UTF-8, and as the
data they hold (JSON, or the reply server-sent events make up).

Red team round 20: llama.cpp and other local servers cut a character made
of several bytes between two tokens and send half of it. One such byte made
the whole reply "not JSON", and the item failed without another try for
the sake of one letter of a description. A reply is UTF-8 (JSON allows no
other encoding); bytes that are not are replaced by U+FFFD, and the item
records a warning saying how many, so the answer is kept and the damage is
in plain sight.
"""

from __future__ import annotations

import codecs
import email.message
import json
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from .answer_json import closing
from .event_stream import LINE_BREAK as _LINE_BREAK
from .event_stream import StreamCut, joined, stream_events
from .json_reader import read_json

REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
#: The byte order marks of UTF-16 (and UTF-32, which start alike).
_BOMS = (b"\xff\xfe", b"\xfe\xff")


@dataclass(frozen=True)
class ReplyText:
    """The text of a reply, and the warning about bytes replaced in it (else None)."""

    text: str
    warning: str | None = None


def reply_text(raw: bytes, content_type: str | None = None) -> ReplyText:
    """``raw`` decoded as UTF-8 (a byte order mark before it dropped, as some
    proxies on Windows send one), each run of bytes that are not UTF-8 replaced.

    Red team round 24: a reply in UTF-16 or UTF-32 (which RFC 7159 allowed, and
    .NET servers send) read as UTF-8 is every other byte a NUL, and the item
    failed as "the reply is not JSON". Such a reply is read in its encoding,
    told by its byte order mark or its NULs as JSON's own reader tells it.
    Bytes that are not UTF-8 in a reply whose ``Content-Type`` names another
    charset (``charset=iso-8859-1``) are read in it: each é became U+FFFD in
    the kept answer.
    """
    encoding = json.detect_encoding(raw[:4]) if raw[:4].count(0) or raw[:2] in _BOMS else "utf-8"
    if encoding != "utf-8":
        with suppress(UnicodeDecodeError):
            return ReplyText(raw.decode(encoding).removeprefix("\ufeff"))
    try:
        return ReplyText(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        pass
    declared = _charset(content_type)
    if declared is not None:
        with suppress(UnicodeDecodeError):
            return ReplyText(raw.decode(declared))
    text = raw.decode("utf-8-sig", "replace")
    places = text.count(REPLACEMENT) - raw.decode("utf-8", "ignore").count(REPLACEMENT)
    where = "1 place" if places == 1 else f"{places:,} places"
    return ReplyText(
        text, f"reply: bytes that are not UTF-8 were replaced by {REPLACEMENT} in {where}"
    )


def _charset(content_type: str | None) -> str | None:
    """The codec of the ``charset`` a ``Content-Type`` names, if Python has it and it
    is not UTF-8 (or a codec of bytes, such as ``base64``, which text is not in)."""
    message = email.message.Message()
    message["Content-Type"] = content_type or ""
    name = message.get_param("charset")
    if not isinstance(name, str):
        return None
    try:
        info = codecs.lookup(name.strip())
    except LookupError:
        return None
    text_codec = getattr(info, "_is_text_encoding", True)
    return None if info.name in ("utf-8", "utf-8-sig") or not text_codec else info.name


def decoded(text: str) -> Any:
    """A reply's JSON, or the one reply its server-sent events make up (``event_stream``)."""
    stream = stream_events(text)
    if stream is None:
        try:
            value = read_json(text)
        except ValueError:
            lines = _json_lines(text)
            if lines is not None:
                return joined(lines)
            if _cut_short(text):
                raise StreamCut("the reply ended before its JSON did") from None
            raise
        # One line of JSON lines, the rest cut off: read as the stream it starts.
        return joined([value]) if _chunk(value) else _unwrapped(value)
    values = _readable_events(stream.events)
    if stream.unended is not None:
        # Cut in the middle of the event, it is dropped: ``joined`` finds the stream unfinished.
        with suppress(ValueError, RecursionError):
            values.append(read_json(stream.unended))
    return joined(values, done=stream.done)


def _readable_events(events: list[str]) -> list[Any]:
    """The JSON of each event, those that are not JSON skipped; ValueError if none is.

    Red team round 24: a gateway keeping a stream alive with ``data: ping``
    events (not the comments the format has for that) failed the whole reply
    as "not JSON", answer and all. Skipped, they cost nothing: a stream whose
    answer events are missing is still found unfinished (``joined``).
    """
    values = []
    for event in events:
        with suppress(ValueError, RecursionError):
            values.append(read_json(event))
    if events and not values:
        raise ValueError("no event of the stream is JSON")
    return values


def _json_lines(text: str) -> list[Any] | None:
    """The chunks of a stream sent as JSON lines, or None if ``text`` is not one.

    Red team round 24: a server or proxy that streams without the ``data:``
    of server-sent events (newline-delimited JSON, as Ollama and some
    gateways do) sent a JSON object a line, and every item failed as "the
    reply is not JSON". Two or more lines, each an object, are the events of a
    stream (``event_stream.joined``); a last line cut in the middle is
    dropped, and ``joined`` then finds the stream unfinished. Only text that
    is not one JSON value is read so: a reply printed over many lines is not
    a stream.
    """
    lines = [line for line in _LINE_BREAK.split(text) if line.strip()]
    if len(lines) < 2 or not all(line.lstrip().startswith("{") for line in lines):
        return None
    chunks = []
    for number, line in enumerate(lines, 1):
        try:
            chunks.append(read_json(line))
        except (ValueError, RecursionError):
            if number < len(lines):
                return None
    return chunks


def _unwrapped(value: Any) -> Any:
    """A reply a gateway encoded once more as a JSON string, read; any other as it is.

    Red team round 24: an API gateway whose function returned the reply's text
    as its body sent ``"{\\"choices\\": ...}"``, and the item failed as "the
    reply is not a JSON object".
    """
    if isinstance(value, str) and value.lstrip()[:1] == "{":
        with suppress(ValueError, RecursionError):
            return read_json(value)
    return value


def _chunk(value: Any) -> bool:
    """Whether a whole reply is one chunk of a stream: an OpenAI ``delta`` with no
    ``message``, or an Anthropic event (``message_start``)."""
    if not isinstance(value, dict):
        return False
    choices = value.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    if isinstance(first, dict) and "delta" in first and "message" not in first:
        return True
    return value.get("type") == "message_start"


def _cut_short(text: str) -> bool:
    """Whether ``text`` is the start of a JSON object or list that never closes.

    Red team round 22: a proxy whose upstream died mid-answer may end its own
    reply cleanly (the last chunk of a chunked body, or a close that ends a
    body of no stated length), and half a JSON reply failed its item at once
    as "the reply is not JSON" instead of being asked again, like a stream
    cut the same way (``event_stream``).
    """
    start = len(text) - len(text.lstrip())
    return text[start : start + 1] in ("{", "[") and closing(text, start) is None


def decoded_or_none(raw: bytes) -> Any:
    """An error body's JSON (``decoded``), or None if it is not JSON."""
    try:
        return decoded(reply_text(raw).text)
    except (ValueError, RecursionError):
        return None
