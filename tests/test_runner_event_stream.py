"""Replies sent as server-sent events, as a proxy set to stream everything sends them.

A request for one JSON reply answered with ``data:`` events failed every item
as "the reply is not JSON: data: ...". Each test talks HTTP to a
:class:`fake_endpoints.FakeEndpoint` on 127.0.0.1 that sends the stream
as raw bytes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fake_endpoints import (
    FakeEndpoint,
    Raw,
    RunDataset,
    make_run_dataset,
    predicted,
    run,
    settings_for,
)
from fake_endpoints import statuses as statuses_of

CAT = {"kind": "object_removed", "subject": "cat"}
DOG = {"kind": "object_added", "subject": "dog"}
ANSWER = json.dumps({"differences": [CAT, DOG]})
HALF = len(ANSWER) // 2


def _stream(*events: object, done: bool = False) -> Raw:
    """An event stream: one ``data:`` line per event (a comment and ``event:`` lines
    between them, as servers send), ``[DONE]`` last if asked."""
    lines = [": keep-alive", ""]
    for event in events:
        kind = event.get("type") if isinstance(event, dict) else None
        lines += ([f"event: {kind}"] if kind else []) + [f"data: {json.dumps(event)}", ""]
    lines += ["data: [DONE]", ""] if done else []
    return Raw(200, "\r\n".join(lines).encode())


def _openai(finish: str) -> Raw:
    def chunk(delta: dict, finish_reason: str | None = None, **more: object) -> dict:
        choice = {"index": 0, "delta": delta, "finish_reason": finish_reason}
        return {"object": "chat.completion.chunk", "model": "gpt-x", "choices": [choice], **more}

    usage = {"prompt_tokens": 300, "completion_tokens": 40}
    return _stream(
        chunk({"role": "assistant", "content": ""}),
        chunk({"content": ANSWER[:HALF]}),
        chunk({"content": ANSWER[HALF:]}),
        chunk({}, finish),
        {"object": "chat.completion.chunk", "model": "gpt-x", "choices": [], "usage": usage},
        done=True,
    )


def _anthropic(stop: str) -> Raw:
    message = {"model": "claude-x", "usage": {"input_tokens": 300, "output_tokens": 1}}
    block = {"type": "content_block_delta", "index": 0}
    return _stream(
        {"type": "message_start", "message": message},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "ping"},
        {**block, "delta": {"type": "text_delta", "text": ANSWER[:HALF]}},
        {**block, "delta": {"type": "text_delta", "text": ANSWER[HALF:]}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": stop}, "usage": {"output_tokens": 40}},
        {"type": "message_stop"},
    )


def _gemini(finish: str) -> Raw:
    def chunk(text: str, **more: object) -> dict:
        return {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, **more}]}

    usage = {"promptTokenCount": 300, "candidatesTokenCount": 40}
    return _stream(
        chunk(ANSWER[:HALF]),
        {**chunk(ANSWER[HALF:], finishReason=finish), "usageMetadata": usage},
    )


@pytest.fixture
def dataset(tmp_path: Path) -> RunDataset:
    return make_run_dataset(tmp_path / "ds", 2)


@pytest.mark.parametrize(
    ("protocol", "stream", "done", "cut"),
    [
        ("openai_compatible", _openai, "stop", "length"),
        ("anthropic", _anthropic, "end_turn", "max_tokens"),
        ("gemini_native", _gemini, "STOP", "MAX_TOKENS"),
    ],
)
def test_a_streamed_reply_is_read_as_the_reply_it_streams(
    dataset: RunDataset, tmp_path: Path, protocol: str, stream, done: str, cut: str
) -> None:
    output = tmp_path / "out.json"
    with FakeEndpoint(protocol, dataset) as fake:
        fake.script("item_000", stream(done))
        fake.script("item_001", stream(cut))
        run(settings_for(fake, dataset, output))
    items = predicted(output)
    assert items["item_000"]["differences"] == [CAT, DOG]
    seen = statuses_of(output)
    assert seen["item_000"]["status"] == "ok"
    assert seen["item_000"]["usage"] == {"input_tokens": 300, "output_tokens": 40}
    assert seen["item_001"]["status"] == "truncated"  # the stream's own finish reason


def test_an_error_sent_as_an_event_is_the_reply_and_retried_when_overloaded(
    dataset: RunDataset, tmp_path: Path
) -> None:
    overloaded = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    refused = {"type": "error", "error": {"type": "invalid_request_error", "message": "Bad image"}}
    start = {"type": "message_start", "message": {"model": "claude-x"}}
    output = tmp_path / "out.json"
    with FakeEndpoint("anthropic", dataset) as fake:
        fake.script("item_000", _stream(start, overloaded))  # then the good answer
        fake.script("item_001", _stream(start, refused), _stream(start, refused))
        run(settings_for(fake, dataset, output))
    seen = statuses_of(output)
    assert (seen["item_000"]["status"], seen["item_000"]["attempts"]) == ("ok", 2)
    assert (seen["item_001"]["status"], seen["item_001"]["attempts"]) == ("failed", 1)
    assert seen["item_001"]["error"] == "HTTP 200 with an error: Bad image"


def test_an_event_that_is_not_json_fails_its_item_saying_so(
    dataset: RunDataset, tmp_path: Path
) -> None:
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Raw(200, b"data: {not json\n\n"))
        run(settings_for(fake, dataset, output))
    entry = statuses_of(output)["item_000"]
    assert entry["status"] == "failed"
    assert entry["error"].startswith("the reply is not JSON: data: {not json")
