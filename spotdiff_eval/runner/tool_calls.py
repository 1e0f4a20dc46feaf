"""The answer a model gave as a tool call: OpenAI's ``tool_calls`` (and the older
``function_call``), Anthropic's ``tool_use`` blocks, Gemini's ``functionCall`` parts.

Moved out of ``protocols`` in red team round 23, when joining several calls
took it past 400 lines.
"""

from __future__ import annotations

import json
from typing import Any

from .json_reader import read_json


def tool_arguments(message: dict[str, Any]) -> str:
    """The arguments of the tool calls (or the older ``function_call``) in a message."""
    calls = message.get("tool_calls")
    calls = [c for c in calls if isinstance(c, dict)] if isinstance(calls, list) else []
    functions = [c.get("function") for c in calls] + [message.get("function_call")]
    return _joined(
        [
            f["arguments"]
            for f in functions
            if isinstance(f, dict)
            and isinstance(f.get("arguments"), str)
            and _given(f["arguments"])
        ]
    )


def _given(value: Any) -> bool:
    """Whether a tool's input says something: not blank, nor an empty ``{}`` or ``[]``
    (a call with no input beside an answer in the text leaves the text the answer)."""
    if isinstance(value, str):
        return "".join(value.split()) not in ("", "{}", "[]")
    return isinstance(value, dict | list) and bool(value)


def with_tool_input(text: str, inputs: list[Any]) -> str:
    """The input of each tool the model called (Anthropic's ``tool_use``,
    Gemini's ``functionCall``) as JSON text, if it called one; else the text.

    Red team round 20: forcing a tool is how Anthropic's documentation gets
    JSON out of Claude, and Gemini's function calling does the same; the
    answer is the tool's input, and it failed as "no answer text". A string
    is the input as streamed (``event_stream``), read as it is. Red team
    round 23: the input was put after the text, as its last JSON, but the
    last JSON wins only if it is an answer (``answer_choice``): an empty
    list in the call lost to an example entry quoted in the text. The call
    is the answer, the text beside it a remark.
    """
    given = [
        value if isinstance(value, str) else json.dumps(value) for value in inputs if _given(value)
    ]
    return _joined(given) if given else text


def _joined(inputs: list[str]) -> str:
    """The inputs of the calls, as one answer.

    Red team round 23: a model may answer in several calls made at once
    (OpenAI's parallel tool calls, several ``tool_use`` blocks), each with a
    list of its own. Joined as text, each read as an answer of its own and the
    last won: every difference of the other calls was lost. Calls made in one
    turn cannot revise each other, so when each holds a list (bare, or as
    ``differences``) their entries are one list, an entry given twice kept
    once. Anything else is joined as text, where lone objects one a line are
    one list already (``answer_choice``).
    """
    if len(inputs) < 2:
        return "\n".join(inputs)
    merged: list[Any] = []
    seen: set[str] = set()
    for text in inputs:
        try:
            value = read_json(text)
        except (ValueError, RecursionError):
            return "\n".join(inputs)
        entries = value.get("differences") if isinstance(value, dict) else value
        if not isinstance(entries, list):
            return "\n".join(inputs)
        for entry in entries:
            key = json.dumps(entry, sort_keys=True)
            if key not in seen:
                seen.add(key)
                merged.append(entry)
    return json.dumps({"differences": merged})
