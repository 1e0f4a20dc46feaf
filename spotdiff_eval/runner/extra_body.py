"""Extra request fields (``--extra-body``): what one provider needs beyond the common ones.

OpenAI's reasoning models take ``reasoning_effort``, Gemini a
``generationConfig.thinkingConfig``, routers their own options. The fields
are merged into every request body, objects key by key (so a Gemini
``generationConfig`` joins the one ``--temperature`` fills), but never over
a field the runner sets itself: a prompt, image, model or parameter that
differs from what the run's provenance records would make its answers
unverifiable. Such a field is refused before any request is sent.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..datasets import parse_json_text, read_json
from ..errors import SpotDiffError

#: Fields the runner owns, per protocol, and the flag that sets each one
#: (None: the runner fills it from the dataset and the prompt).
OWNED: dict[str, dict[tuple[str, ...], str | None]] = {
    "openai_compatible": {
        ("model",): "--model",
        ("messages",): None,
        ("temperature",): "--temperature",
        ("max_tokens",): "--max-tokens",
        ("max_completion_tokens",): "--max-completion-tokens",
        ("stream",): None,
        ("n",): None,
    },
    "gemini_native": {
        ("contents",): None,
        ("generationConfig", "temperature"): "--temperature",
        ("generationConfig", "maxOutputTokens"): "--max-tokens",
        ("generationConfig", "candidateCount"): None,
    },
    "anthropic": {
        ("model",): "--model",
        ("messages",): None,
        ("max_tokens",): "--max-tokens",
        ("temperature",): "--temperature",
        ("stream",): None,
    },
}


def load_extra_body(text: str | None, path: Path | None, protocol: str) -> dict[str, Any] | None:
    """The extra fields of ``--extra-body`` (JSON text) or ``--extra-body-file``, checked."""
    if text is None and path is None:
        return None
    if text is not None and path is not None:
        raise SpotDiffError("--extra-body", "", "give --extra-body or --extra-body-file, not both")
    source: Path | str = path if path is not None else "--extra-body"
    data = read_json(path) if path is not None else parse_json_text(text or "", source)
    for keys, flag in OWNED[protocol].items():
        if _has(data, keys):
            how = f"use {flag}" if flag else "the runner fills it"
            raise SpotDiffError(
                source, "/" + "/".join(keys), f"is set by spotdiff run itself ({how})"
            )
    return data


def merge_extra(body: dict[str, Any], extra: Mapping[str, Any] | None, source: str = "") -> None:
    """Merge ``extra`` into ``body`` in place; a clash with a value already there is refused."""
    for key, value in (extra or {}).items():
        where = f"{source}/{key}"
        if key not in body:
            body[key] = copy.deepcopy(value)
        elif isinstance(body[key], dict) and isinstance(value, Mapping):
            merge_extra(body[key], value, where)
        else:
            raise SpotDiffError("--extra-body", where, "is set by spotdiff run itself")


def _has(data: Any, keys: tuple[str, ...]) -> bool:
    for key in keys:
        if not isinstance(data, dict) or key not in data:
            return False
        data = data[key]
    return True
