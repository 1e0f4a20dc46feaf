"""Red team round 20: replies that `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` on 127.0.0.1,
as in test_runner.py, and pins one fix; the attack is in its docstring.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from event_replies import events
from fake_endpoints import (
    Fail,
    FakeEndpoint,
    Raw,
    Reply,
    ScriptedRun,
    make_run_dataset,
    run_scripted,
    statuses,
)

_Run = ScriptedRun
_run = run_scripted


def _stopped_at_first(done: _Run) -> str:
    """The error of a run that stopped at its first item (asked once, the others
    skipped), as the run reports it."""
    assert done.asked == {"item_000": 1}
    assert [entry["status"] for entry in done.entries.values()] == ["failed"] + ["skipped"] * 3
    assert done.result.error is not None
    return done.result.error.what


#: The two differences every answer here holds, and the answer as the prompt asks for it.
CAT = {"kind": "object_removed", "subject": "cat"}
DOG = {"kind": "object_added", "subject": "dog"}
ANSWER = {"differences": [CAT, DOG]}


# -- answers given as a tool call --------------------------------------------------------


def _anthropic_tool_use() -> Raw:
    body = {
        "type": "message",
        "model": "claude-test",
        "content": [
            {"type": "text", "text": "I'll report the differences."},
            {"type": "tool_use", "id": "toolu_1", "name": "report", "input": ANSWER},
        ],
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 900, "output_tokens": 40},
    }
    return Raw(200, json.dumps(body).encode())


def _anthropic_streamed_tool_use() -> Raw:
    partial = json.dumps(ANSWER)
    return events(
        {"type": "message_start", "message": {"model": "claude-test", "usage": {}}},
        {
            "type": "content_block_start",
            "index": 0,
            "content_block": {"type": "tool_use", "id": "toolu_1", "name": "report", "input": {}},
        },
        *(
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "input_json_delta", "partial_json": partial[i : i + 9]},
            }
            for i in range(0, len(partial), 9)
        ),
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {}},
        {"type": "message_stop"},
    )


def _gemini_function_call() -> Raw:
    call = {"functionCall": {"name": "report", "args": ANSWER}}
    body = {"candidates": [{"content": {"role": "model", "parts": [call]}, "finishReason": "STOP"}]}
    return Raw(200, json.dumps(body).encode())


@pytest.mark.parametrize(
    ("protocol", "reply"),
    [
        ("anthropic", _anthropic_tool_use),
        ("anthropic", _anthropic_streamed_tool_use),
        ("gemini_native", _gemini_function_call),
    ],
)
def test_an_answer_given_as_a_tool_call_is_read(protocol: str, reply: Any, tmp_path: Path) -> None:
    """Forcing a tool (``tool_choice`` or Gemini's ``toolConfig`` in --extra-body) is
    how Anthropic's documentation gets JSON out of Claude, and how Gemini's
    function calling does: the answer is the tool's ``input`` (``args``), not
    text. Round 18 read OpenAI's tool calls; these failed as "the reply holds
    no answer text (finish reason tool_use)"."""
    done = _run(tmp_path, protocol, {"item_000": [reply()]})
    assert (done.entries["item_000"]["status"], done.result.ok) == ("ok", 2)
    assert done.answers["item_000"] == [CAT, DOG]


# -- replies that are not UTF-8 ------------------------------------------------------------


def _openai_body(text: str) -> dict[str, Any]:
    return {"choices": [{"message": {"content": text}, "finish_reason": "stop"}]}


def test_a_reply_with_a_stray_byte_that_is_not_utf8_is_read_with_a_warning(
    tmp_path: Path,
) -> None:
    """llama.cpp and other local servers cut a character made of several bytes
    between two tokens and send the half: one byte that is not UTF-8 made the
    whole reply "not JSON", and the item failed without another try, for the
    sake of one letter of a description."""
    answer = {"differences": [{**CAT, "description": "the caf\u00e9 sign is gone"}]}
    body = json.dumps(_openai_body(json.dumps(answer, ensure_ascii=False)), ensure_ascii=False)
    raw = body.encode("utf-8").replace("\u00e9".encode(), b"\xc3")  # the first byte of two
    done = _run(tmp_path, "openai_compatible", {"item_000": [Raw(200, raw)]})
    entry = done.entries["item_000"]
    assert entry["status"] == "ok"
    assert entry["warnings"] == [
        "reply: bytes that are not UTF-8 were replaced by \N{REPLACEMENT CHARACTER} in 1 place"
    ]
    [difference] = done.answers["item_000"]
    assert difference["description"] == "the caf\N{REPLACEMENT CHARACTER} sign is gone"


# -- replies with nothing to read ----------------------------------------------------------


def test_an_empty_reply_with_status_200_is_asked_again(tmp_path: Path) -> None:
    """A proxy whose upstream died after the status line (Cloudflare, an ingress
    that restarted the model server) sends 200 with an empty body: the item
    failed at once as "the reply is not JSON: " (ending in nothing), though
    another attempt gets the answer."""
    empty = {"item_000": [Raw(200, b""), Raw(200, b" \r\n")], "item_001": [Raw(200, b"")] * 3}
    done = _run(tmp_path, "openai_compatible", empty, retries=2)
    seen = done.entries
    assert (seen["item_000"]["status"], seen["item_000"]["attempts"]) == ("ok", 3)
    assert seen["item_001"]["error"] == "HTTP 200 with an empty body (gave up after 3 attempts)"
    assert done.result.ok == 1


def test_an_html_error_page_is_named_by_its_title(tmp_path: Path) -> None:
    """Cloudflare, nginx and corporate proxies answer with an HTML page: the
    error was the page's first 200 characters, ``<!DOCTYPE html><html
    lang="en-US"><head><meta charset=...``, markup that says nothing. Its
    title says what happened."""
    page = (
        b'<!DOCTYPE html>\n<html lang="en-US"><head><meta charset="UTF-8" />'
        b'<meta name="viewport" content="width=device-width" /><style>body{margin:0}'
        + b" "
        * 300
        + b"</style>\n<title>api.example.com | 524: A timeout occurred</title></head>"
        b"<body><h1>A timeout occurred</h1></body></html>"
    )
    # round 23: with status 200 a page stops the run (test_runner_round23); a 400 fails its item
    sign_in = Raw(400, page.replace(b"524: A timeout occurred", b"Sign in"))
    pages = {"item_000": [Raw(524, page)] * 2, "item_001": [sign_in]}
    seen = _run(tmp_path, "openai_compatible", pages, retries=1).entries
    assert seen["item_000"]["error"] == (
        'HTTP 524: an HTML page titled "api.example.com | 524: A timeout occurred" '
        "(gave up after 2 attempts)"
    )
    assert seen["item_001"]["error"] == (
        'HTTP 400: an HTML page titled "api.example.com | Sign in"'
    )


# -- an answer written as one object a line ---------------------------------------------


@pytest.mark.parametrize(
    "separator",
    ["\n", ",\n", "\n\n", "\n- ", "\n2. "],
    ids=["lines", "commas", "blank lines", "bullets", "numbered"],
)
def test_an_answer_of_one_object_a_line_keeps_every_difference(
    separator: str, tmp_path: Path
) -> None:
    """Models asked for JSON write JSON Lines, or objects separated by commas
    without the brackets around them, or a bulleted list of objects: each
    object read as an answer of its own, and the last one won, so every
    difference but the last was lost, without a warning."""
    text = f"Here are the differences:\n{json.dumps(CAT)}{separator}{json.dumps(DOG)}\n"
    done = _run(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_corrected_single_difference_still_replaces_the_first(tmp_path: Path) -> None:
    """The other side of the fix above: objects with prose between them are a
    model revising itself, and the last still wins."""
    text = f"{json.dumps(CAT)}\nWait, that is wrong; it is:\n{json.dumps(DOG)}"
    done = _run(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.answers["item_000"] == [DOG]


# -- streamed content given as parts -----------------------------------------------------


def test_streamed_content_given_as_parts_is_read(tmp_path: Path) -> None:
    """Mistral's reasoning models (Magistral) stream ``delta.content`` as a list of
    parts, a ``thinking`` part then ``text`` ones, as their unstreamed replies
    do (which were read): streamed, every part was dropped, and the item failed
    as "no answer text"."""
    text = json.dumps(ANSWER)
    thinking = {"type": "thinking", "thinking": [{"type": "text", "text": "[1, 2] maybe"}]}
    reply = events(
        {"model": "magistral", "choices": [{"index": 0, "delta": {"content": [thinking]}}]},
        *(
            {"choices": [{"index": 0, "delta": {"content": [{"type": "text", "text": piece}]}}]}
            for piece in (text[:15], text[15:])
        ),
        {"choices": [{"index": 0, "delta": {"content": ""}, "finish_reason": "stop"}]},
    )
    done = _run(tmp_path, "openai_compatible", {"item_000": [reply]})
    assert done.entries["item_000"]["status"] == "ok"
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_stream_of_several_choices_is_read_as_its_first(tmp_path: Path) -> None:
    """``{"n": 2}`` in --extra-body (or a router that asks several upstreams)
    streams the choices interleaved, one choice a chunk, told apart by their
    ``index``: every delta was read as the first choice's, so the two answers
    were spliced together, letter runs of one inside the other."""
    first, second = json.dumps(ANSWER), json.dumps({"differences": [DOG]})
    chunks = [
        {"choices": [{"index": index, "delta": {"content": text[at : at + 8]}}]}
        for at in range(0, max(len(first), len(second)), 8)
        for index, text in ((1, second), (0, first))
        if text[at : at + 8]
    ]
    finish = [{"choices": [{"index": i, "delta": {}, "finish_reason": "stop"}]} for i in (1, 0)]
    done = _run(tmp_path, "openai_compatible", {"item_000": [events(*chunks, *finish)]})
    assert done.entries["item_000"]["status"] == "ok"
    assert done.answers["item_000"] == [CAT, DOG]


# -- an answer encoded twice -------------------------------------------------------------


def test_an_answer_encoded_as_a_json_string_is_read(tmp_path: Path) -> None:
    """Servers that turn JSON output into a tool call (some Ollama and vLLM tool
    parsers) encode the arguments twice, and Gemini's JSON mode with a string
    schema does the same: the answer is a JSON string whose text is the JSON.
    It failed as "no JSON list of differences"."""
    twice = json.dumps(json.dumps(ANSWER))
    call = {"function": {"name": "report", "arguments": twice}}
    message = {"role": "assistant", "content": None, "tool_calls": [call]}
    body = {"choices": [{"message": message, "finish_reason": "tool_calls"}]}
    replies = {
        "item_000": [Raw(200, json.dumps(body).encode())],
        "item_001": [Reply(json.dumps("no differences, sorry"))],
    }
    done = _run(tmp_path, "openai_compatible", replies)
    assert done.answers["item_000"] == [CAT, DOG]
    assert done.entries["item_001"]["error"].startswith("no JSON list of differences in the answer")


# -- what to retry: 408, 409 and the providers' own word ---------------------------------


def test_408_and_409_are_retried_and_x_should_retry_is_obeyed(tmp_path: Path) -> None:
    """A load balancer that waited too long for a large image upload answers 408,
    and OpenAI answers 409 to a request that met a lock: both failed their
    item at once ("any other 4xx"), though the official OpenAI and Anthropic
    clients retry them. Those clients also obey ``x-should-retry``, which the
    providers send to say whether another attempt can help: a 5xx saying
    ``false`` was asked again and again, a 4xx saying ``true`` was not."""
    never = (("x-should-retry", "false"),)
    failures = {
        "item_000": [Fail(408, "request timeout")],
        "item_001": [Fail(409, "conflict")],
        "item_002": [Fail(400, "try again", (("x-should-retry", "true"),))],
        "item_003": [Fail(500, "the input cannot be processed", never)] * 3,
    }
    seen = _run(tmp_path, "openai_compatible", failures, items=4, retries=2).entries
    assert [seen[f"item_00{i}"]["status"] for i in range(4)] == ["ok", "ok", "ok", "failed"]
    assert [seen[f"item_00{i}"]["attempts"] for i in range(4)] == [2, 2, 2, 1]
    assert seen["item_003"]["error"] == "HTTP 500: the input cannot be processed"


# -- an endpoint that takes no requests ---------------------------------------------------


def test_an_endpoint_that_does_not_take_posts_stops_the_run(tmp_path: Path) -> None:
    """``--endpoint http://localhost:11434`` (the server, not its API path) meets
    405 Method Not Allowed, as Ollama, nginx and most web frameworks answer a
    POST to a page: every item failed alike, one after another, where a 404
    stops the run at once with a hint."""
    refused = {"item_000": [Fail(405, "method not allowed")]}
    stopped = _stopped_at_first(
        _run(tmp_path, "openai_compatible", refused, items=4, concurrency=1)
    )
    assert stopped.startswith(
        "HTTP 405: method not allowed; --endpoint takes no POST requests: "
        "check its path (the API's, such as /v1/chat/completions, not the server's)"
    )


# -- an account out of credit -------------------------------------------------------------


def _error(kind: str, message: str, code: str | None = None) -> bytes:
    return json.dumps({"error": {"type": kind, "code": code, "message": message}}).encode()


@pytest.mark.parametrize(
    ("protocol", "status", "body"),
    [
        (
            "openai_compatible",
            429,
            _error("insufficient_quota", "You exceeded your current quota.", "insufficient_quota"),
        ),
        ("openai_compatible", 402, _error("payment_required", "Insufficient credits.")),
        (
            "anthropic",
            400,
            _error("invalid_request_error", "Your credit balance is too low to access the API."),
        ),
    ],
    ids=["openai quota", "openrouter credits", "anthropic credit"],
)
def test_an_account_out_of_credit_stops_the_run(
    protocol: str, status: int, body: bytes, tmp_path: Path
) -> None:
    """OpenAI answers a used-up quota with 429 ``insufficient_quota``, which was
    retried with backoff for every item in turn, for hours; OpenRouter's 402
    and Anthropic's "credit balance is too low" (a 400) failed item after
    item. Every item would meet it alike: the run stops at once, saying why."""
    done = _run(tmp_path, protocol, {"item_000": [Raw(status, body)] * 6}, items=4, concurrency=1)
    assert "; the account behind the token has no credit or quota left" in _stopped_at_first(done)


def test_a_gemini_key_refused_with_a_400_stops_the_run(tmp_path: Path) -> None:
    """Gemini answers a wrong or expired API key with 400 INVALID_ARGUMENT (reason
    ``API_KEY_INVALID``), not 401: every item failed alike, one after another,
    where a refused token stops the run at once with a hint about the token."""
    info = {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"}
    error = {
        "code": 400,
        "message": "API key not valid. Please pass a valid API key.",
        "status": "INVALID_ARGUMENT",
        "details": [info],
    }
    refused = {"item_000": [Raw(400, json.dumps({"error": error}).encode())]}
    stopped = _stopped_at_first(_run(tmp_path, "gemini_native", refused, items=4, concurrency=1))
    assert stopped.startswith(
        "HTTP 400: API key not valid. Please pass a valid API key. (the server refused the "
        "API key); check the token in "
        "$SPOTDIFF_API_TOKEN and --token-header/--token-prefix. The run stopped"
    )


def test_an_error_page_of_many_comments_is_read_in_linear_time(tmp_path: Path) -> None:
    """The title finder itself: the page start it looked for (comments, then
    ``<html``) matched a body of many ``<!--x-->`` and no page in time that
    doubled with each comment: 40 of them in a 502 body held the run for
    days, beyond the reach of --timeout, which bounds only the exchange.
    (The run is a process of its own: ``run_cli`` gives up on it after 120 s.)"""
    dataset = make_run_dataset(tmp_path / "ds", 1)
    output = tmp_path / "out.json"
    body = b"<!--x-->" * 40 + b"not a page"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _: Raw(502, body)) as fake:
        done = run_cli(
            "run",
            *("--endpoint", fake.endpoint(), "--model", "m", "--retries", "0"),
            *("--manifest", dataset.manifest, "--output", output),
        )
    assert done.returncode == 1, done.stderr
    assert statuses(output)["item_000"]["error"].startswith("HTTP 502: <!--x--><!--x-->")
