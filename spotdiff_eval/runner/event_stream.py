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
"""

from __future__ import annotations

import re
from typing import Any

#: An event stream starts with a field or a comment ("data:", "event:", ": ping").
_STREAM_START = re.compile(r"\s*(?:data|event|id|retry)?:")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def stream_events(text: str) -> list[str] | None:
    """The data of each event of an event stream (``[DONE]`` left out); None if
    ``text`` is not one. Each event's ``data:`` lines are joined by line breaks."""
    if not _STREAM_START.match(text):
        return None
    events: list[str] = []
    data: list[str] = []
    for line in [*_LINE_BREAK.split(text), ""]:
        if not line:  # a blank line ends an event
            payload = "\n".join(data)
            if data and payload.strip() != "[DONE]":
                events.append(payload)
            data = []
            continue
        field, _, value = line.partition(":")
        if field == "data":
            data.append(value[1:] if value.startswith(" ") else value)
    return events


def joined(events: list[Any]) -> Any:
    """The unstreamed reply these decoded events make up (see the module's docstring)."""
    chunks = [event for event in events if isinstance(event, dict)]
    for chunk in chunks:
        if chunk.get("error"):
            return {"error": chunk["error"]}
    if any(chunk.get("type") == "message_start" for chunk in chunks):
        return _anthropic(chunks)
    if any("choices" in chunk for chunk in chunks):
        return _openai(chunks)
    return events  # Gemini's partial replies, or something read as it is


def _openai(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    text: list[str] = []
    refusal: list[str] = []
    arguments: dict[int, list[str]] = {}
    reply: dict[str, Any] = {}
    finish = None
    for chunk in chunks:
        reply.setdefault("model", chunk.get("model"))
        if chunk.get("usage") is not None:
            reply["usage"] = chunk["usage"]
        choices = chunk.get("choices")
        choice = choices[0] if isinstance(choices, list) and choices else None
        if not isinstance(choice, dict):
            continue
        finish = choice.get("finish_reason") or finish
        delta = choice.get("delta")
        if not isinstance(delta, dict):
            continue
        for pieces, key in ((text, "content"), (refusal, "refusal")):
            if isinstance(delta.get(key), str):
                pieces.append(delta[key])
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
    reply["choices"] = [{"message": message, "finish_reason": finish}]
    return reply


def _anthropic(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    blocks: dict[int, list[str]] = {}
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
            if (
                isinstance(part, dict)
                and part.get("type") in ("text", "text_delta")
                and isinstance(part.get("text"), str)
            ):
                blocks.setdefault(index, []).append(part["text"])
        elif kind == "message_delta":
            delta = chunk.get("delta")
            if isinstance(delta, dict) and delta.get("stop_reason") is not None:
                reply["stop_reason"] = delta["stop_reason"]
            if isinstance(chunk.get("usage"), dict):
                usage.update(chunk["usage"])
    reply["content"] = [{"type": "text", "text": "".join(blocks[i])} for i in sorted(blocks)]
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
