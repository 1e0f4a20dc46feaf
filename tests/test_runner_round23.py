"""Red team round 23: what `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` on 127.0.0.1
and pins one fix; the attack is in its docstring.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fake_endpoints import Reply, run_scripted

CAT = {"kind": "object_removed", "subject": "cat"}
DOG = {"kind": "object_added", "subject": "dog"}
ANSWER = json.dumps([CAT, DOG])


# -- a remark after the answer ---------------------------------------------------------


@pytest.mark.parametrize(
    "remark",
    [
        'I hope this helps [{"ref": 1}]',
        'Note: [{"the cat": "is grey, and sits on the left"}]',
        "An empty answer would have been [].",
        'With no difference the answer is {"differences": []}.',
        "If you see none, reply:\n```json\n[]\n```",
        "(see [{}])",
        'Each entry is like {"differences": [{"kind": "..."}]}',
        'For example {"kind": "object_added", "subject": "dog"} means a dog appeared.',
    ],
    ids=[
        "citation",
        "note",
        "empty-example",
        "empty-wrapped",
        "fenced-empty",
        "empty-object",
        "template",
        "lone-example",
    ],
)
def test_a_remark_after_an_unfenced_answer_does_not_replace_it(remark: str, tmp_path: Path) -> None:
    """A bare JSON list, then a sentence quoting JSON: the last candidate won
    whatever it held, so the remark replaced the answer. The item failed
    ("none of the differences could be read") or, worse, read as an answer
    that saw no difference. A later candidate replaces the answer only if it
    is one itself (it lists a readable difference, or the words before it
    revise the answer)."""
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [Reply(f"{ANSWER}\n{remark}")]})
    assert done.entries["item_000"]["status"] == "ok"
    assert done.answers["item_000"] == [CAT, DOG]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"{ANSWER}\nWait, I was wrong: there are none. []", []),
        (f"{ANSWER}\nActually, only this one: {json.dumps(CAT)}", [CAT]),
        (f"{json.dumps([CAT])}\nLet me add the dog: {ANSWER}", [CAT, DOG]),
        (f'[{{"note": 1}}]\nHere it is: {ANSWER}', [CAT, DOG]),
    ],
    ids=["revised-to-none", "revised-to-one", "longer-list", "after-junk"],
)
def test_a_later_answer_still_replaces_an_earlier_one(
    text: str, expected: list, tmp_path: Path
) -> None:
    """The other side of the rule: a model that corrects itself still has its
    last answer read."""
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.entries["item_000"]["status"] == "ok"
    assert done.answers["item_000"] == expected
