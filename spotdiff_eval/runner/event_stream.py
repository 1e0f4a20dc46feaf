"""A reply sent as server-sent events, read as the one reply it streams.

A proxy set to stream every answer, or Gemini's ``?alt=sse`` URL, answers a
request for one JSON reply with an event stream: ``data:`` lines, each a
partial reply. Every item failed as "the reply is not JSON: data: ..."
(red team round 18). The events are joined into the reply the same server
sends unstreamed, told apart by their shape, so the rest of the runner reads
it as any other: OpenAI's chunks into ``choices[0].message``, Anthropic's
content block deltas into ``content``, and Gemini's partial replies into the
JSON array ``streamGenerateContent`` sends, joined by :func:`gemini_joined`.
An error sent as an event is the reply, as an error sent with status 200.

A stream that stops before the event saying how the answer ended (a finish
reason, ``[DONE]``, Anthropic's ``message_stop``) was cut, by a proxy's idle
timeout say, even when the connection closed cleanly: :class:`StreamCut`
(red team round 19: the text so far was read as the whole answer, and a
complete draft in it was kept).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: An event stream starts with a field or a comment ("data:", "event:", ": ping").
_STREAM_START = re.compile(r"\s*(?:data|event|id|retry)?:")
LINE_BREAK = re.compile(r"\r\n|\r|\n")


class StreamCut(ValueError):
    """The event stream ended before the event that ends the answer (or, red team
    round 22, a JSON reply before its JSON did): another attempt may get the
    whole answer."""

    def __init__(self, message: str = "the reply's event stream ended before the answer did"):
        super().__init__(message)


@dataclass(frozen=True)
class EventStream:
    """The data of each event (``[DONE]`` left out), whether ``[DONE]`` came, and
    the data of a last event the stream stopped in (no blank line after it), if any."""

    events: list[str]
    done: bool
    unended: str | None = None


def stream_events(text: str) -> EventStream | None:
    """The events of an event stream; None if ``text`` is not one. Each event's
    ``data:`` lines are joined by line breaks.

    Red team round 22: a proxy that gave up in the middle of an event sent
    half of its JSON, which failed the item at once as "the reply is not
    JSON" instead of being asked again like any other cut stream. The event
    standing last without the blank line that ends an event is kept apart
    (``unended``): :func:`~spotdiff_eval.runner.reply_text.decoded` reads it
    only if it is whole, as a server that leaves out the last blank line sends it.
    """
    if not _STREAM_START.match(text):
        return None
    events: list[str] = []
    data: list[str] = []
    done = False
    lines = LINE_BREAK.split(text)
    for line in lines[:-1]:  # the last is what follows the last line break
        if not line:  # a blank line ends an event
            payload = "\n".join(data)
            if payload.strip() == "[DONE]":
                done = True
            elif data:
                events.append(payload)
            data = []
            continue
        _data_line(line, data)
    _data_line(lines[-1], data)
    payload = "\n".join(data)
    if payload.strip() == "[DONE]":
        return EventStream(events, True)
    return EventStream(events, done, payload if data else None)


def _data_line(line: str, data: list[str]) -> None:
    """Add the value of a ``data:`` line to the event's ``data``; other fields are ignored."""
    field, _, value = line.partition(":")
    if field == "data":
        data.append(value[1:] if value.startswith(" ") else value)


def joined(events: list[Any], *, done: bool = False) -> Any:
    """The unstreamed reply these decoded events make up (see the module's docstring);
    ``done``: the stream sent ``[DONE]``. Raises :class:`StreamCut`."""
    chunks = [event for event in events if isinstance(event, dict)]
    for chunk in chunks:
        if chunk.get("error"):
            return {"error": chunk["error"]}
    if any(chunk.get("type") == "message_start" for chunk in chunks):
        reply = _anthropic(chunks)
        ended = "stop_reason" in reply or any(c.get("type") == "message_stop" for c in chunks)
    elif any("choices" in chunk for chunk in chunks):
        reply = _openai(chunks)
        ended = not reply["choices"] or reply["choices"][0]["finish_reason"] is not None
    elif chunks and all(ollama_native(chunk) for chunk in chunks):
        return chunks[-1]  # red team round 24: a shape no protocol speaks, ``protocols`` says
    else:
        reply = events  # Gemini's partial replies, or something read as it is
        ended = _gemini_ended(chunks)
    if not (ended or done):
        raise StreamCut()
    return reply


def ollama_native(data: Any) -> bool:
    """Whether a reply (or a chunk of one) has the shape of Ollama's own ``/api/chat``:
    ``{"message": {...}, "done": ...}``."""
    return isinstance(data, dict) and isinstance(data.get("message"), dict) and "done" in data


def _gemini_ended(chunks: list[dict[str, Any]]) -> bool:
    """Whether Gemini's partial replies end with a finish reason (or hold no answer
    at all: a blocked prompt, or a shape of some other server, is read as it is)."""
    finishes = [
        chunk["candidates"][0].get("finishReason")
        for chunk in chunks
        if isinstance(chunk.get("candidates"), list)
        and chunk["candidates"]
        and isinstance(chunk["candidates"][0], dict)
    ]
    return not finishes or any(finish is not None for finish in finishes)


def _openai(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    text: list[str] = []
    refusal: list[str] = []
    arguments: dict[int, list[str]] = {}
    reply: dict[str, Any] = {}
    finish = None
    chosen = False
    for chunk in chunks:
        reply.setdefault("model", chunk.get("model"))
        if chunk.get("usage") is not None:
            reply["usage"] = chunk["usage"]
        choice = _first_choice(chunk.get("choices"))
        if choice is None:
            continue
        chosen = True
        finish = choice.get("finish_reason") or finish
        delta = choice.get("delta")
        if not isinstance(delta, dict) and isinstance(choice.get("message"), dict):
            # Red team round 24: a proxy that streams by sending the whole reply as
            # one event; its message read as no text at all.
            delta = choice["message"]
        if not isinstance(delta, dict):
            continue
        for pieces, key in ((text, "content"), (refusal, "refusal")):
            if isinstance(delta.get(key), str):
                pieces.append(delta[key])
        text.extend(_text_parts(delta.get("content")))
        for call in delta.get("tool_calls") or ():
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict) and isinstance(function.get("arguments"), str):
                index = call.get("index") if isinstance(call.get("index"), int) else 0
                arguments.setdefault(index, []).append(function["arguments"])
    message: dict[str, Any] = {"content": "".join(text)}
    if refusal:
        message["refusal"] = "".join(refusal)
    if arguments:
        message["tool_calls"] = [
            {"function": {"arguments": "".join(arguments[index])}} for index in sorted(arguments)
        ]
    # Red team round 24: no chunk with a choice is the streamed ``"choices": []``,
    # retried as that is (``reply_status.no_choices``), not an answer with no text.
    reply["choices"] = [{"message": message, "finish_reason": finish}] if chosen else []
    return reply


def _first_choice(choices: Any) -> dict[str, Any] | None:
    """The delta of the first choice (``index`` 0, or no index) in a chunk.

    Red team round 20: with ``n`` above 1, choices stream interleaved, one a
    chunk; each chunk's ``choices[0]`` was read as the first choice, and the
    answers were spliced together.
    """
    for choice in choices if isinstance(choices, list) else ():
        if isinstance(choice, dict) and choice.get("index", 0) in (0, None):
            return choice
    return None


def _text_parts(content: Any) -> list[str]:
    """The text of a ``delta.content`` given as a list of parts.

    Red team round 20: Mistral's reasoning models stream their content as
    parts (``thinking``, then ``text``), as they send it unstreamed, which
    ``protocols`` reads; streamed, every part was dropped.
    """
    if not isinstance(content, list):
        return []
    return [
        part["text"]
        for part in content
        if isinstance(part, dict)
        and part.get("type") in ("text", "output_text")
        and isinstance(part.get("text"), str)
    ]


def _anthropic(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    """Text blocks from their deltas, and a ``tool_use`` block's input from its
    ``input_json_delta`` pieces, left as the JSON text they make (``protocols``
    reads it as the answer; red team round 20)."""
    blocks: dict[int, list[str]] = {}
    tools: dict[int, list[str]] = {}
    reply: dict[str, Any] = {}
    usage: dict[str, Any] = {}
    for chunk in chunks:
        kind = chunk.get("type")
        if kind == "message_start" and isinstance(chunk.get("message"), dict):
            reply["model"] = chunk["message"].get("model")
            if isinstance(chunk["message"].get("usage"), dict):
                usage.update(chunk["message"]["usage"])
        elif kind in ("content_block_start", "content_block_delta"):
            index = chunk.get("index") if isinstance(chunk.get("index"), int) else 0
            part = chunk.get("content_block" if kind == "content_block_start" else "delta")
            if not isinstance(part, dict):
                continue
            if part.get("type") in ("text", "text_delta") and isinstance(part.get("text"), str):
                blocks.setdefault(index, []).append(part["text"])
            elif part.get("type") == "tool_use":
                tools.setdefault(index, [])
            elif part.get("type") == "input_json_delta" and isinstance(
                part.get("partial_json"), str
            ):
                tools.setdefault(index, []).append(part["partial_json"])
        elif kind == "message_delta":
            delta = chunk.get("delta")
            if isinstance(delta, dict) and delta.get("stop_reason") is not None:
                reply["stop_reason"] = delta["stop_reason"]
            if isinstance(chunk.get("usage"), dict):
                usage.update(chunk["usage"])
    reply["content"] = [{"type": "text", "text": "".join(blocks[i])} for i in sorted(blocks)] + [
        {"type": "tool_use", "input": "".join(tools[i])} for i in sorted(tools)
    ]
    reply["usage"] = usage
    return reply


def gemini_joined(chunks: list[Any]) -> Any:
    """Gemini's ``streamGenerateContent`` answers (without ``alt=sse``) a JSON array
    of partial replies: their parts joined, the last finish reason, usage and version.

    Red team round 18: AI Studio's "Get code" gives that URL, and every item
    failed as "the reply is not a JSON object".
    """
    if not all(isinstance(chunk, dict) for chunk in chunks):
        return chunks
    joined: dict[str, Any] = {}
    parts: list[Any] = []
    finish: Any = None
    answered = False
    for chunk in chunks:
        candidates = chunk.get("candidates")
        if isinstance(candidates, list) and candidates and isinstance(candidates[0], dict):
            answered = True
            content = candidates[0].get("content")
            more = content.get("parts") if isinstance(content, dict) else None
            parts.extend(more if isinstance(more, list) else ())
            finish = candidates[0].get("finishReason", finish)
        for key in ("usageMetadata", "modelVersion", "promptFeedback"):
            if chunk.get(key) is not None:
                joined[key] = chunk[key]
    if answered:
        joined["candidates"] = [{"content": {"parts": parts}, "finishReason": finish}]
    return joined
