"""Reasoning left in an answer's text, taken out before the answer is searched.

Moved out of ``answer_json`` (which finds the list of differences) when red
team round 22 took that module past 400 lines.

Red team round 19: models served without a reasoning parser (DeepSeek-R1,
QwQ, Qwen3 on vLLM, Ollama, llama.cpp) have ``<think>`` opened by the chat
template, in the prompt; their reply starts inside the reasoning and only
``</think>`` shows, so a draft fenced in the reasoning won over the answer
after it. A block never closed held a draft read as the answer.
"""

from __future__ import annotations

import re

_THINKING = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.S | re.I)
_THINKING_OPENS = re.compile(r"<(?:think|thinking|reasoning)>", re.I)
_THINKING_CLOSES = re.compile(r"</(?:think|thinking|reasoning)>", re.I)


def without_reasoning(text: str) -> tuple[str, str | None]:
    """``text`` without its reasoning: whole ``<think>`` blocks, what comes before a
    closing tag left alone, and an opened block that never closes; and that
    block's opening tag when nothing but reasoning came (else None)."""
    text = _THINKING.sub(" ", text)
    closes = list(_THINKING_CLOSES.finditer(text))
    if closes:
        text = text[closes[-1].end() :]
    opened = _THINKING_OPENS.search(text)
    if opened is not None:
        text = text[: opened.start()]
        if not text.strip():
            return text, opened.group()
    return text, None
