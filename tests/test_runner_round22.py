"""Red team round 22: replies that `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` (or, where the
reply needs headers the fake does not send, a small server of its own) on
127.0.0.1, and pins one fix; the attack is in its docstring.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fake_endpoints import (
    Action,
    FakeEndpoint,
    Reply,
    make_run_dataset,
    predicted,
    run,
    settings_for,
    statuses,
)

from spotdiff_eval.runner.engine import RunResult


@dataclass(frozen=True)
class _Run:
    """What a run against a fake server left: its result, each item's entry in
    the file's run object, the differences of each answered item, and how
    often each item was asked."""

    result: RunResult
    entries: dict[str, dict[str, Any]]
    answers: dict[str, list[Any]]
    asked: Counter[str | None]


def _run(
    tmp_path: Path, protocol: str, scripts: dict[str, list[Action]], items: int = 2, **options: Any
) -> _Run:
    """Run on a dataset of ``items`` items, each item met by its script of actions."""
    dataset = make_run_dataset(tmp_path / "ds", items)
    output = tmp_path / "out.json"
    with FakeEndpoint(protocol, dataset) as fake:
        for item_id, actions in scripts.items():
            fake.script(item_id, *actions)
        result, _ = run(settings_for(fake, dataset, output, **options))
    answers = {item_id: item["differences"] for item_id, item in predicted(output).items()}
    return _Run(result, statuses(output), answers, fake.counts())


CAT = {"kind": "object_removed", "subject": "cat"}
DOG = {"kind": "object_added", "subject": "dog"}
DRAFT = json.dumps({"differences": [CAT]})
FINAL = json.dumps({"differences": [CAT, DOG]})


# -- which of several answers is the answer ---------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        f"Draft:\n```json\n{DRAFT}\n```\nWait, I missed the dog. Final answer: {FINAL}",
        # gpt-oss served without a parser for its channels: the analysis comes first
        "<|channel|>analysis<|message|>Let me draft it:\n```json\n"
        f"{DRAFT}\n```<|end|><|start|>assistant<|channel|>final<|message|>{FINAL}",
    ],
    ids=["prose-after-fence", "harmony-channels"],
)
def test_an_answer_after_a_fenced_draft_wins(text: str, tmp_path: Path) -> None:
    """The last answer wins (a model correcting itself puts its final answer
    last), but a fenced block was searched before the prose around it: a draft
    in a fence beat the corrected answer written after it, and the dog the
    model added on second thought was lost."""
    done = _run(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.entries["item_000"]["status"] == "ok"
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_fenced_answer_followed_by_prose_is_still_read(tmp_path: Path) -> None:
    """The other side of the rule above: prose after a fenced answer that holds
    no answer of its own (a citation, a remark) leaves the fenced one standing."""
    text = f"```json\n{FINAL}\n```\nSee [1] for the layout; {{no more}} differences."
    done = _run(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.answers["item_000"] == [CAT, DOG]
