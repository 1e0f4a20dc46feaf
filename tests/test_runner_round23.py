"""Red team round 23: what `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` on 127.0.0.1
and pins one fix; the attack is in its docstring.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from fake_endpoints import (
    TOKEN,
    Drop,
    Fail,
    FakeEndpoint,
    Raw,
    Reply,
    Slow,
    make_run_dataset,
    run,
    run_arguments,
    run_scripted,
    settings_for,
    statuses,
)

from spotdiff_eval.cli import main
from spotdiff_eval.runner.answers import read_answer

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


# -- an endpoint that is down --------------------------------------------------------


@pytest.mark.parametrize("failure", [Fail(503, "upstream down"), Drop()], ids=["503", "drop"])
def test_an_endpoint_down_for_many_items_in_a_row_stops_the_run(failure, tmp_path: Path) -> None:
    """An endpoint answering 503 (or dropping every connection) after it had
    answered once failed every remaining item in turn, each after its full
    retries: hours for a large run. Ten items in a row failing that way stop
    the run with one line, and --resume continues once the endpoint is back."""
    dataset = make_run_dataset(tmp_path / "ds", 30)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: failure) as fake:
        fake.script("item_000", Reply())  # it worked once: not a wrong address
        result, _ = run(settings_for(fake, dataset, output, retries=1, concurrency=1))
        asked = fake.counts()
    assert result.error is not None
    line = result.error.one_line()
    assert "\n" not in line
    assert "10 items in a row failed with a server error, a timeout or no connection" in line
    assert "--resume" in line
    assert len(asked) == 11  # the good one, then ten down
    entries = statuses(output)
    assert entries["item_000"]["status"] == "ok"
    assert [entries[f"item_{i:03d}"]["status"] for i in (1, 10, 11, 29)] == [
        "failed",
        "failed",
        "skipped",
        "skipped",
    ]
    with FakeEndpoint("openai_compatible", dataset) as back:
        again, _ = run(settings_for(back, dataset, output, resume=True))
    assert again.error is None and again.ok == 30 and again.earlier == 1


def test_failures_between_answers_do_not_stop_the_run(tmp_path: Path) -> None:
    """The other side: a flaky endpoint whose failures come between answers is
    not down; every item is asked."""
    dataset = make_run_dataset(tmp_path / "ds", 24)
    output = tmp_path / "out.json"

    def flaky(item: str | None) -> Fail | Reply:
        return Fail(503) if item and int(item[-3:]) % 3 else Reply()

    with FakeEndpoint("openai_compatible", dataset, default=flaky) as fake:
        result, _ = run(settings_for(fake, dataset, output, retries=0, concurrency=1))
    assert result.error is None
    assert (result.ok, result.failed, result.skipped) == (8, 16, 0)


@pytest.mark.parametrize(("given", "stops"), [("0", False), ("3", True)])
def test_the_outage_limit_is_a_flag(
    given: str,
    stops: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--stop-after-outage N sets how many items in a row stop a run; 0 never."""
    dataset = make_run_dataset(tmp_path / "ds", 12)
    output = tmp_path / "out.json"
    monkeypatch.setenv("SPOTDIFF_API_TOKEN", TOKEN)
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: Fail(500)) as fake:
        fake.script("item_000", Reply())
        extra = ("--retries", "0", "--concurrency", "1", "--stop-after-outage", given)
        code = main(run_arguments(fake, dataset, output, *extra))
        asked = len(fake.counts())
    err = capsys.readouterr().err
    assert code == 1
    assert asked == (4 if stops else 12)
    assert ("3 items in a row failed" in err) is stops
    assert "Traceback" not in err


# -- an HTML page instead of the API -----------------------------------------------------

SIGN_IN = (
    b"<!DOCTYPE html>\n<html><head><meta charset=utf-8><title>Sign in &ndash; Corp Proxy"
    b"</title></head><body><form>...</form></body></html>"
)


@pytest.mark.parametrize(
    ("page", "content_type", "said"),
    [
        (SIGN_IN, "text/html; charset=utf-8", 'an HTML page titled "Sign in \u2013 Corp Proxy"'),
        (SIGN_IN, "application/json", 'an HTML page titled "Sign in \u2013 Corp Proxy"'),
        (b"<body><h1>It works!</h1></body>", "text/html", 'an HTML page ("<body><h1>It works!'),
    ],
    ids=["sign-in", "mislabelled", "fragment"],
)
@pytest.mark.parametrize("protocol", ["openai_compatible", "gemini_native", "anthropic"])
def test_an_html_page_with_status_200_stops_the_run(
    protocol: str, page: bytes, content_type: str, said: str, tmp_path: Path
) -> None:
    """A wrong base URL or a proxy's sign-in wall answers every request with
    status 200 and an HTML page; each item failed in turn as "the reply is not
    JSON". The run stops, naming the URL asked and the page: since round 24,
    after ten pages in a row (the outage limit), since one page is retried."""
    dataset = make_run_dataset(tmp_path / "ds", 6)
    output = tmp_path / "out.json"
    html = Raw(200, page, content_type)
    with FakeEndpoint(protocol, dataset, default=lambda _item: html) as fake:
        endpoint = fake.endpoint() + "?key=url-secret-123456789"
        result, _ = run(settings_for(fake, dataset, output, concurrency=1, endpoint=endpoint))
        asked = sum(fake.counts().values())
        url = fake.endpoint().replace("{model}", "test-model")
    assert result.error is not None
    line = result.error.one_line()
    assert f"{url} answered HTTP 200 with {said}" in line
    assert "not an API reply" in line and "--resume" in line
    assert "url-secret" not in line and "\n" not in line
    assert asked == 10  # item_000's six attempts, then four of item_001's
    assert result.failed == 2 and result.skipped == 4


# -- an answer given as a tool call beside some text ----------------------------------------

EXAMPLE = 'Each entry looks like {"kind": "object_added", "subject": "dog"}.'
NONE_SEEN = {"differences": []}


def _tool_reply(protocol: str, text: str, answer: dict) -> bytes:
    """A reply whose text is ``text`` and whose tool call carries ``answer``."""
    if protocol == "openai_compatible":
        call = {"type": "function", "function": {"name": "report", "arguments": json.dumps(answer)}}
        message = {"role": "assistant", "content": text, "tool_calls": [call]}
        body: dict = {"choices": [{"message": message, "finish_reason": "tool_calls"}]}
    elif protocol == "gemini_native":
        parts = [{"text": text}, {"functionCall": {"name": "report", "args": answer}}]
        body = {"candidates": [{"content": {"parts": parts}, "finishReason": "STOP"}]}
    else:
        blocks = [{"type": "text", "text": text}, {"type": "tool_use", "input": answer}]
        body = {"content": blocks, "stop_reason": "tool_use"}
    return json.dumps(body).encode()


@pytest.mark.parametrize("protocol", ["openai_compatible", "gemini_native", "anthropic"])
@pytest.mark.parametrize(
    ("text", "answer", "expected"),
    [
        ("Sure, calling the tool now.", {"differences": [CAT, DOG]}, [CAT, DOG]),
        (EXAMPLE, NONE_SEEN, []),
        (f"Draft: {json.dumps([CAT])}", {"differences": [DOG]}, [DOG]),
        (ANSWER, {}, [CAT, DOG]),  # a call without input leaves the text the answer
    ],
    ids=["prose", "example-then-none", "draft", "empty-call"],
)
def test_a_tool_call_is_the_answer_whatever_text_is_beside_it(
    protocol: str, text: str, answer: dict, expected: list, tmp_path: Path
) -> None:
    """A model forced to answer through a tool may write a sentence too. An
    OpenAI-compatible reply read the tool's arguments only when its content
    was empty, so "Sure, calling the tool now." failed the item as "no JSON
    list"; and a call saying "none seen" lost to an example entry quoted in
    the text beside it (the text and the input were read as one answer). The
    call is the answer."""
    reply = Raw(200, _tool_reply(protocol, text, answer))
    done = run_scripted(tmp_path, protocol, {"item_000": [reply]})
    assert done.entries["item_000"]["status"] == "ok", done.entries["item_000"]
    assert done.answers.get("item_000", []) == expected


def test_many_empty_lists_after_an_answer_are_read_in_linear_time() -> None:
    """The rule above first looked for revising words in all the text between
    the answer standing and each later candidate: an answer followed by
    20,000 ``[]`` took 17 s, quadratic in their number. Only the words since
    the previous candidate are read now."""
    text = ANSWER + " []" * 50_000
    started = time.monotonic()
    answer = read_answer(text)
    assert time.monotonic() - started < 5
    assert list(answer.differences) == [CAT, DOG]


# -- a reply in another protocol's shape ------------------------------------------------------


@pytest.mark.parametrize(
    ("served", "asked"),
    [
        ("gemini_native", "openai_compatible"),
        ("anthropic", "openai_compatible"),
        ("openai_compatible", "anthropic"),
        ("openai_compatible", "gemini_native"),
    ],
)
def test_a_reply_in_another_protocols_shape_stops_the_run(
    served: str, asked: str, tmp_path: Path
) -> None:
    """--protocol left at its default for an endpoint whose replies have another
    protocol's shape (a proxy that takes one protocol's requests and answers in
    another's) failed every item in turn as "the reply has no choices[0]"."""
    dataset = make_run_dataset(tmp_path / "ds", 5)
    output = tmp_path / "out.json"
    with FakeEndpoint(served, dataset) as fake:
        result, _ = run(settings_for(fake, dataset, output, protocol=asked, concurrency=1))
        count = sum(fake.counts().values())
    assert result.error is not None
    line = result.error.one_line()
    assert f"the reply has the shape of {served}'s, not {asked}'s: check --protocol" in line
    assert count == 1 and result.skipped == 4


# -- JSON written as a string inside the answer ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"differences": json.dumps([CAT, DOG])}),
        "<tool_call>\n"
        + json.dumps({"name": "report", "arguments": json.dumps({"differences": [CAT, DOG]})})
        + "\n</tool_call>",
        json.dumps({"answer": json.dumps({"differences": [CAT, DOG]})}),
    ],
    ids=["stringified-list", "hermes-call", "wrapped-string"],
)
def test_an_answer_holding_its_json_as_a_string_is_read(text: str, tmp_path: Path) -> None:
    """Tool parsers (vLLM's for Llama and Hermes models) pass a nested value on
    as a string, ``{"differences": "[{...}]"}``, and a Hermes-style call written
    in the text holds ``"arguments": "{...}"``: each failed its item as "no
    JSON list", the answer in plain sight."""
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.entries["item_000"]["status"] == "ok", done.entries["item_000"]
    assert done.answers["item_000"] == [CAT, DOG]


def test_an_outage_of_timeouts_names_the_timeout(tmp_path: Path) -> None:
    """Items that all time out may mean a model slower than --timeout, not one
    that is down: the stop says which option to raise."""
    dataset = make_run_dataset(tmp_path / "ds", 6)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: Slow(1.0)) as fake:
        fake.script("item_000", Reply())
        options = {"retries": 0, "concurrency": 1, "timeout": 0.2, "stop_after_outage": 2}
        result, _ = run(settings_for(fake, dataset, output, **options))
    assert result.error is not None
    line = result.error.one_line()
    assert "2 items in a row failed" in line
    assert "no answer within 0.2 s" in line
    assert "if the model is only slow, raise --timeout (now 0.2 s)" in line


def test_an_entry_holding_a_deeply_nested_value_keeps_its_difference(tmp_path: Path) -> None:
    """An entry with a field nested 500 lists deep (a model caught in a loop)
    exhausted Python's recursion limit while its strings were checked, and the
    item failed as an internal error with a traceback. The field is dropped, the
    difference kept."""
    deep = "[" * 500 + "]" * 500
    text = f'[{{"kind": "object_removed", "subject": "cat", "from": {deep}, "x": {deep}}}]'
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    entry = done.entries["item_000"]
    assert entry["status"] == "ok", entry
    assert done.answers["item_000"] == [CAT]
    assert any("from" in warning and "field dropped" in warning for warning in entry["warnings"])


def _calls_reply(protocol: str, answers: list) -> bytes:
    """A reply making one tool call for each of ``answers``, at once."""
    if protocol == "openai_compatible":
        calls = [{"type": "function", "function": {"arguments": json.dumps(a)}} for a in answers]
        message = {"role": "assistant", "content": None, "tool_calls": calls}
        body: dict = {"choices": [{"message": message, "finish_reason": "tool_calls"}]}
    elif protocol == "gemini_native":
        parts = [{"functionCall": {"name": "report", "args": a}} for a in answers]
        body = {"candidates": [{"content": {"parts": parts}, "finishReason": "STOP"}]}
    else:
        blocks = [{"type": "tool_use", "input": a} for a in answers]
        body = {"content": blocks, "stop_reason": "tool_use"}
    return json.dumps(body).encode()


@pytest.mark.parametrize("protocol", ["openai_compatible", "gemini_native", "anthropic"])
def test_several_tool_calls_made_at_once_are_one_answer(protocol: str, tmp_path: Path) -> None:
    """A model answering in several calls at once (parallel tool calls), each
    with a list of its own: joined as text, each read as an answer of its own
    and the last won, the cat of the first call lost. Calls of one turn
    cannot revise each other: their entries are one list, a repeat kept once."""
    calls = [{"differences": [CAT]}, {"differences": [DOG, CAT]}]
    reply = Raw(200, _calls_reply(protocol, calls))
    done = run_scripted(tmp_path, protocol, {"item_000": [reply]})
    assert done.answers["item_000"] == [CAT, DOG]
