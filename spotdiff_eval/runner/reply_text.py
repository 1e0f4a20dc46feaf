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

from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from .answer_json import closing
from .event_stream import StreamCut, joined, stream_events
from .json_reader import read_json

REPLACEMENT = "\N{REPLACEMENT CHARACTER}"


@dataclass(frozen=True)
class ReplyText:
    """The text of a reply, and the warning about bytes replaced in it (else None)."""

    text: str
    warning: str | None = None


def reply_text(raw: bytes) -> ReplyText:
    """``raw`` decoded as UTF-8 (a byte order mark before it dropped, as some
    proxies on Windows send one), each run of bytes that are not UTF-8 replaced."""
    try:
        return ReplyText(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        pass
    text = raw.decode("utf-8-sig", "replace")
    places = text.count(REPLACEMENT) - raw.decode("utf-8", "ignore").count(REPLACEMENT)
    where = "1 place" if places == 1 else f"{places:,} places"
    return ReplyText(
        text, f"reply: bytes that are not UTF-8 were replaced by {REPLACEMENT} in {where}"
    )


def decoded(text: str) -> Any:
    """A reply's JSON, or the one reply its server-sent events make up (``event_stream``)."""
    stream = stream_events(text)
    if stream is None:
        try:
            return read_json(text)
        except ValueError:
            if _cut_short(text):
                raise StreamCut("the reply ended before its JSON did") from None
            raise
    values = [read_json(event) for event in stream.events]
    if stream.unended is not None:
        # Cut in the middle of the event, it is dropped: ``joined`` finds the stream unfinished.
        with suppress(ValueError, RecursionError):
            values.append(read_json(stream.unended))
    return joined(values, done=stream.done)


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
