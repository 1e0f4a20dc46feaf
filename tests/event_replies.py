"""Replies sent as server-sent events, for the runner tests that stream."""

from __future__ import annotations

import json

from fake_endpoints import Raw


def events(*events: dict) -> Raw:
    """An event stream, sent whole with its length: it ends cleanly, wherever it stops."""
    return Raw(200, "".join(f"data: {json.dumps(event)}\n\n" for event in events).encode())


def openai_chunk(delta: dict, finish: str | None = None) -> dict:
    """One chunk of an OpenAI-compatible stream: the first choice's ``delta``."""
    return {"model": "gpt-test", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
