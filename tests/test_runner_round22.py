"""Red team round 22: replies that `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` (or, where the
reply needs headers the fake does not send, a small server of its own) on
127.0.0.1, and pins one fix; the attack is in its docstring.
"""

from __future__ import annotations

import json
import socketserver
import threading
from pathlib import Path
from typing import Any

import pytest
from event_replies import events, openai_chunk
from fake_endpoints import (
    Fail,
    FakeEndpoint,
    Raw,
    Reply,
    ScriptedRun,
    make_run_dataset,
    run,
    run_scripted,
    settings_for,
    statuses,
)
from urllib3.response import HTTPResponse

from spotdiff_eval.runner import RunSettings
from spotdiff_eval.runner.engine import RunResult

_Run = ScriptedRun
_run = run_scripted


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
    no answer of its own (a citation, a remark quoting one entry or the empty
    list) leaves the fenced one standing."""
    text = (
        f"```json\n{FINAL}\n```\nSee [1] for the layout; {{no more}} differences. "
        'Each entry has a kind, such as {"kind": "object_added"}; with no difference '
        'seen, the answer would have been {"differences": []}.'
    )
    done = _run(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.answers["item_000"] == [CAT, DOG]


@pytest.mark.parametrize(
    "text",
    [
        f"Differences:\n1. Cat removed: {json.dumps(CAT)}\n2. Dog added: {json.dumps(DOG)}",
        f"- **Cat**: {json.dumps(CAT)}\n- **Dog instead of the wrong light fixture**: "
        f"{json.dumps(DOG)}",
        f"**Difference 1**\n{json.dumps(CAT)}\n\n**Difference 2**\n{json.dumps(DOG)}",
        f"Difference 1:\n```json\n{json.dumps(CAT)}\n```\n"
        f"Difference 2:\n```json\n{json.dumps(DOG)}\n```",
    ],
    ids=["numbered-labels", "bulleted-labels", "headings", "a-fence-each"],
)
def test_labelled_differences_one_object_each_are_one_list(text: str, tmp_path: Path) -> None:
    """Round 20 joined objects written one a line, or after bullets, into one
    list; a label before each ("1. Cat removed: {...}"), a heading, or a code
    fence around each still made each object an answer of its own, and the
    last one won: every difference but the last was lost, with status ok and
    no warning."""
    done = _run(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.answers["item_000"] == [CAT, DOG]


@pytest.mark.parametrize(
    "between",
    ["\nWait, that is wrong; it is:\n", "\n```\nActually, I misread it:\n```json\n"],
    ids=["prose", "fences"],
)
def test_a_lone_difference_revised_in_words_is_still_replaced(between: str, tmp_path: Path) -> None:
    """The other side: words that revise the object before ("wait", "actually")
    make the next one its replacement, as round 20 had it, fenced or not."""
    fence = "```json\n" if "```" in between else ""
    close = "\n```" if fence else ""
    text = f"{fence}{json.dumps(CAT)}{between}{json.dumps(DOG)}{close}"
    done = _run(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.answers["item_000"] == [DOG]


# -- event streams cut in the middle of an event ----------------------------------------


def _cut_in_an_event(protocol: str) -> Raw:
    """A stream a proxy gave up on halfway through an event: half of its JSON, then
    the end of the body (a clean end: the length it announced was all it sent)."""
    if protocol == "anthropic":
        start = {"type": "message_start", "message": {"model": "claude-test", "usage": {}}}
        block = {"type": "content_block_start", "index": 0, "content_block": {"type": "text"}}
        delta = {"type": "content_block_delta", "index": 0}
        delta["delta"] = {"type": "text_delta", "text": FINAL}
        sent = [start, block, delta]
        cut = 'data: {"type": "message_delta", "delta": {"stop_re'
    else:
        sent = [openai_chunk({"content": FINAL})]
        cut = 'data: {"model": "gpt-test", "choices": [{"index": 0, "delta": {}, "fini'
    whole = events(*sent)
    return Raw(200, whole.body + cut.encode())


@pytest.mark.parametrize("protocol", ["openai_compatible", "anthropic"])
def test_a_stream_cut_inside_an_event_is_asked_again(protocol: str, tmp_path: Path) -> None:
    """A stream that stops before saying how the answer ended is asked again
    (round 19), but one that stopped in the middle of an event, half of a JSON
    object sent, failed its item at once as "the reply is not JSON": the half
    event was read as a whole one."""
    done = _run(tmp_path, protocol, {"item_000": [_cut_in_an_event(protocol), Reply(FINAL)]})
    assert done.entries["item_000"]["status"] == "ok"
    assert done.entries["item_000"]["attempts"] == 2
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_last_event_without_its_blank_line_is_still_read(tmp_path: Path) -> None:
    """The other side: a server that leaves out the blank line after its last,
    whole event (the one with the finish reason) is read as before, not asked again."""
    body = events(openai_chunk({"content": FINAL})).body
    last = json.dumps(openai_chunk({}, "stop"))
    reply = Raw(200, body + f"data: {last}\n".encode())
    done = _run(tmp_path, "openai_compatible", {"item_000": [reply]})
    assert (done.entries["item_000"]["status"], done.entries["item_000"]["attempts"]) == ("ok", 1)
    assert done.answers["item_000"] == [CAT, DOG]


# -- an error in the middle of a stream ---------------------------------------------------


def test_a_server_error_in_the_middle_of_a_stream_is_asked_again(tmp_path: Path) -> None:
    """OpenRouter reports a provider that failed after the stream began as an
    event with an ``error`` whose code is a word, ``server_error``, and a
    finish reason ``error``. Only numeric codes (429, 5xx) and Anthropic's
    types were retried, so the item failed on a passing fault."""
    failure = {
        "model": "gpt-test",
        "error": {"code": "server_error", "message": "Provider disconnected unexpectedly"},
        "choices": [{"index": 0, "delta": {"content": ""}, "finish_reason": "error"}],
    }
    cut = events(openai_chunk({"content": '{"differences": ['}), failure)
    done = _run(tmp_path, "openai_compatible", {"item_000": [cut, Reply(FINAL)]})
    assert (done.entries["item_000"]["status"], done.entries["item_000"]["attempts"]) == ("ok", 2)
    assert done.answers["item_000"] == [CAT, DOG]


def test_an_error_that_no_attempt_can_fix_is_not_asked_again(tmp_path: Path) -> None:
    """The other side: an error event with a code that says the request is wrong
    fails its item at once, with the server's message."""
    failure = {"error": {"code": "invalid_request_error", "message": "image too large"}}
    done = _run(tmp_path, "openai_compatible", {"item_000": [events(failure), Reply(FINAL)]})
    entry = done.entries["item_000"]
    assert (entry["status"], entry["attempts"]) == ("failed", 1)
    assert "image too large" in entry["error"]


# -- an answer that is not HTTP -------------------------------------------------------------


class _RawAnswer(socketserver.StreamRequestHandler):
    """Reads one request whole, then answers with the server's ``answer`` bytes and closes."""

    def handle(self) -> None:
        length = 0
        while (line := self.rfile.readline(65537)) not in (b"\r\n", b"\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        self.rfile.read(length)
        self.wfile.write(self.server.answer)  # type: ignore[attr-defined]


def _serve_once(answer: bytes, tmp_path: Path) -> tuple[RunResult, dict[str, Any]]:
    """Run one item against a server that answers ``answer`` (whole HTTP bytes)."""
    dataset = make_run_dataset(tmp_path / "ds", 1)
    output = tmp_path / "out.json"
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), _RawAnswer) as server:
        server.daemon_threads = True
        server.answer = answer  # type: ignore[attr-defined]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            endpoint = f"http://127.0.0.1:{server.server_address[1]}/v1/chat/completions"
            settings = RunSettings(
                endpoint=endpoint,
                model="test-model",
                manifest=dataset.manifest,
                output=output,
                timeout=5.0,
                retries=1,
                backoff_base=0.01,
                backoff_max=0.02,
            )
            result, _ = run(settings)
        finally:
            server.shutdown()
    return result, statuses(output)["item_000"]


#: What a TLS server sends to a client that speaks plain HTTP to it: an alert record.
TLS_ALERT = b"\x15\x03\x01\x00\x02\x02\x46"


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (TLS_ALERT, "the server's answer is not HTTP (is the address https://"),
        (
            b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(150)) + b"\r\n",
            "more header lines than a client reads (100)",
        ),
        (b"HTTP/1.1 200 OK\r\nX-Long: " + b"a" * 70_000 + b"\r\n\r\n", "a line too long"),
    ],
    ids=["tls-port", "many-headers", "long-header"],
)
def test_an_answer_that_is_not_http_says_so(answer: bytes, said: str, tmp_path: Path) -> None:
    """Attack: ``--endpoint http://host:443/...``, a TLS port spoken to in plain
    HTTP (or a server sending more header lines, or a longer line, than a client
    reads). Every item failed as "connection failed: ConnectionError", the name
    of a wrapper exception that says nothing of what went wrong."""
    result, entry = _serve_once(answer, tmp_path)
    error = entry["error"]
    assert said in error, error
    assert "ConnectionError" not in error
    assert result.error is not None and said in result.error.what


@pytest.mark.parametrize(("coding", "package"), [("br", "brotli"), ("zstd", "zstandard")])
def test_a_reply_compressed_in_a_way_not_offered_says_so(
    coding: str, package: str, tmp_path: Path
) -> None:
    """Attack: a server or CDN that compresses with Brotli or Zstandard although the
    request did not offer it. The bytes were read as text, and the item failed as
    "the reply is not JSON: \\x1b\\x00...", which says nothing of the cause."""
    if coding in HTTPResponse.CONTENT_DECODERS:
        pytest.skip(f"urllib3 undoes {coding} here ({package} is installed)")
    body = b"\x1b\x00\xf8\x25\x00\xa2\x91\x9c\x58\x9f\x03"  # not JSON, as any such body
    head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: {coding}"
    answer = f"{head}\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body
    _, entry = _serve_once(answer, tmp_path)
    assert entry["status"] == "failed"
    assert entry["error"].startswith(f"the reply is compressed as {coding}, "), entry["error"]
    assert f"pip install {package}" in entry["error"]


def test_a_plain_reply_labelled_with_such_a_coding_is_read(tmp_path: Path) -> None:
    """The other side: the coding is named only when the bytes do not read; a
    reply whose label is wrong but whose body is plain JSON is read as before."""
    text = json.dumps({"choices": [{"message": {"content": FINAL}, "finish_reason": "stop"}]})
    body = text.encode()
    head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: zstd"
    answer = f"{head}\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body
    if "zstd" in HTTPResponse.CONTENT_DECODERS:
        pytest.skip("urllib3 undoes zstd here, and would refuse the plain body")
    _, entry = _serve_once(answer, tmp_path)
    assert entry["status"] == "ok"


# -- a JSON reply cut short, its connection closed cleanly -------------------------------


@pytest.mark.parametrize("protocol", ["openai_compatible", "gemini_native"])
def test_a_json_reply_cut_short_is_asked_again(protocol: str, tmp_path: Path) -> None:
    """Attack: a proxy whose upstream died mid-answer ends its own reply cleanly
    (the last chunk of a chunked body, or the close that ends a body of no stated
    length), half of the JSON sent. The item failed at once as "the reply is not
    JSON" instead of being asked again, as a stream cut so already was; for
    Gemini's ``streamGenerateContent`` the half is an unfinished array."""
    with FakeEndpoint(protocol) as fake:
        whole = json.dumps(fake.success_body(FINAL, (1000, 50)))
    if protocol == "gemini_native":
        whole = f"[{whole},\r\n{whole}]"
    cut = Raw(200, whole[: len(whole) * 2 // 3].encode())
    done = _run(tmp_path, protocol, {"item_000": [cut, Reply(FINAL)]})
    assert (done.entries["item_000"]["status"], done.entries["item_000"]["attempts"]) == ("ok", 2)
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_reply_that_is_no_json_at_all_is_not_asked_again(tmp_path: Path) -> None:
    """The other side: a reply that is whole but not JSON (trailing text after a
    closed object) fails its item at once, as before."""
    done = _run(tmp_path, "openai_compatible", {"item_000": [Raw(200, b'{"choices": []} ok')]})
    entry = done.entries["item_000"]
    assert (entry["status"], entry["attempts"]) == ("failed", 1)
    assert entry["error"].startswith("the reply is not JSON")


# -- a parameter the model refuses ---------------------------------------------------------


def _openai_error(message: str, code: str, param: str) -> Raw:
    error = {"message": message, "type": "invalid_request_error", "param": param, "code": code}
    return Raw(400, json.dumps({"error": error}).encode())


MAX_TOKENS_REFUSED = _openai_error(
    "Unsupported parameter: 'max_tokens' is not supported with this model. "
    "Use 'max_completion_tokens' instead.",
    "unsupported_parameter",
    "max_tokens",
)


ANTHROPIC_LIMIT = Raw(
    400,
    json.dumps(
        {
            "type": "error",
            "error": {
                "type": "invalid_request_error",
                "message": "max_tokens: 100000 > 64000, which is the maximum allowed number "
                "of output tokens for claude-test",
            },
        }
    ).encode(),
)
GEMINI_LIMIT = Raw(
    400,
    json.dumps(
        {
            "error": {
                "code": 400,
                "status": "INVALID_ARGUMENT",
                "message": "max_output_tokens is out of range",
                "details": [
                    {
                        "@type": "type.googleapis.com/google.rpc.BadRequest",
                        "fieldViolations": [{"field": "generation_config.max_output_tokens"}],
                    }
                ],
            }
        }
    ).encode(),
)


@pytest.mark.parametrize(
    ("protocol", "refusal", "said"),
    [
        ("openai_compatible", MAX_TOKENS_REFUSED, "Use 'max_completion_tokens' instead"),
        ("anthropic", ANTHROPIC_LIMIT, "max_tokens: 100000 > 64000"),
        ("gemini_native", GEMINI_LIMIT, "max_output_tokens is out of range"),
    ],
    ids=["openai", "anthropic", "gemini"],
)
def test_a_parameter_the_model_refuses_stops_the_run(
    protocol: str, refusal: Raw, said: str, tmp_path: Path
) -> None:
    """Attack: --max-tokens sent to an OpenAI reasoning model, which answers 400
    ``unsupported_parameter`` (the mistake the documentation warns of), or a
    --max-tokens above what a Claude or Gemini model allows. Every request
    carries the same parameters, yet each item failed in turn, for the whole
    dataset; the run stops at the first, saying what to check."""
    scripts = {item: [refusal] * 3 for item in ("item_000", "item_001")}
    done = _run(tmp_path, protocol, scripts, items=4, concurrency=1, max_tokens=100_000)
    assert done.asked == {"item_000": 1}
    assert [entry["status"] for entry in done.entries.values()] == ["failed"] + ["skipped"] * 3
    assert done.result.error is not None
    what = done.result.error.what
    assert said in what
    assert "every request carries the same parameters: check --max-tokens" in what


def test_a_refused_part_of_the_message_fails_only_its_item(tmp_path: Path) -> None:
    """The other side: a refusal of the message itself (its image, say) may be the
    item's own, and the run goes on to the next item."""
    refused = _openai_error(
        "Unsupported value: the image format is not supported.",
        "unsupported_value",
        "messages[0].content[0].image_url",
    )
    done = _run(tmp_path, "openai_compatible", {"item_000": [refused]}, concurrency=1)
    assert [entry["status"] for entry in done.entries.values()] == ["failed", "ok"]
    assert done.result.error is None
    image = {"type": "invalid_request_error", "message": "messages.0.content.0.image: too big"}
    refused = Raw(400, json.dumps({"type": "error", "error": image}).encode())
    done = _run(tmp_path / "claude", "anthropic", {"item_000": [refused]}, concurrency=1)
    assert [entry["status"] for entry in done.entries.values()] == ["failed", "ok"]


# -- a wait asked for in milliseconds -------------------------------------------------------


def test_a_wait_asked_for_in_milliseconds_is_honoured(tmp_path: Path) -> None:
    """Attack: a 429 saying how long to wait only as ``retry-after-ms`` (OpenAI's
    and Azure OpenAI's header, which their client reads first). It was ignored:
    the next attempt came after the backoff alone, inside the window, and with
    the default backoff an item could use up its retries there."""
    dataset = make_run_dataset(tmp_path / "ds", 1)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(429, "slow down", headers=(("retry-after-ms", "700"),)))
        result, _ = run(settings_for(fake, dataset, tmp_path / "out.json"))
    first, second = fake.requests_for("item_000")
    assert second.at - first.at >= 0.7, "retry-after-ms: 700 was not honoured"
    assert result.ok == 1


def test_an_unreadable_wait_in_milliseconds_leaves_retry_after_to_say_it(tmp_path: Path) -> None:
    """The other side: a ``retry-after-ms`` that is no number is passed over for
    the ``Retry-After`` beside it."""
    dataset = make_run_dataset(tmp_path / "ds", 1)
    headers = (("retry-after-ms", "soon"), ("Retry-After", "1"))
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(429, "slow down", headers=headers))
        run(settings_for(fake, dataset, tmp_path / "out.json"))
    first, second = fake.requests_for("item_000")
    assert second.at - first.at >= 1.0


# -- an answer stopped by something other than the model ----------------------------------


def _stopped(protocol: str, reason: str) -> Raw:
    """A 200 answer holding the whole readable list, stopped for ``reason``."""
    if protocol == "anthropic":
        body: dict[str, Any] = {
            "type": "message",
            "content": [{"type": "text", "text": FINAL}],
            "stop_reason": reason,
        }
    elif protocol == "gemini_native":
        body = {"candidates": [{"content": {"parts": [{"text": FINAL}]}, "finishReason": reason}]}
    else:
        body = {"choices": [{"message": {"content": FINAL}, "finish_reason": reason}]}
    return Raw(200, json.dumps(body).encode())


@pytest.mark.parametrize(
    ("protocol", "reason"),
    [
        ("openai_compatible", "abort"),
        ("openai_compatible", "error"),
        ("gemini_native", "OTHER"),
        ("gemini_native", "MALFORMED_FUNCTION_CALL"),
        ("anthropic", "pause_turn"),
    ],
)
def test_an_answer_stopped_before_its_end_is_no_answer(
    protocol: str, reason: str, tmp_path: Path
) -> None:
    """Attack: vLLM ends a request cancelled mid-answer with ``finish_reason:
    "abort"``, a router with ``"error"``, Gemini an answer stopped for a reason
    it does not name with ``OTHER``, Anthropic a paused turn with ``pause_turn``.
    The text so far read as a shorter list and was kept as the whole answer, as
    a filtered one was before round 18; it fails its item now, saying why."""
    done = _run(tmp_path, protocol, {"item_000": [_stopped(protocol, reason)]})
    entry = done.entries["item_000"]
    assert entry["status"] == "failed"
    assert f"(finish reason {reason}), so it may be incomplete" in entry["error"]
    assert "item_000" not in done.answers or done.answers["item_000"] == []


@pytest.mark.parametrize(
    ("protocol", "reason"),
    [("openai_compatible", "stop"), ("gemini_native", "STOP"), ("anthropic", "end_turn")],
)
def test_an_answer_the_model_ended_is_read(protocol: str, reason: str, tmp_path: Path) -> None:
    """The other side: the reasons of an answer the model ended itself read as before."""
    done = _run(tmp_path, protocol, {"item_000": [_stopped(protocol, reason)]})
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_model_the_server_does_not_have_stops_the_run_whatever_the_status(
    tmp_path: Path,
) -> None:
    """Attack: a local server with no model loaded answers 400 with OpenAI's code
    ``model_not_found`` (OpenAI itself sends a 404, which stops the run). Every
    item failed alike, one after another; the run stops at the first now."""
    error = {
        "message": "No models loaded. Please load a model in the developer page first.",
        "type": "invalid_request_error",
        "param": "model",
        "code": "model_not_found",
    }
    refusal = Raw(400, json.dumps({"error": error}).encode())
    done = _run(tmp_path, "openai_compatible", {"item_000": [refusal]}, items=3, concurrency=1)
    assert done.asked == {"item_000": 1}
    assert done.result.error is not None
    assert "the server has no such model: check --model" in done.result.error.what


def test_a_wait_sent_twice_is_honoured(tmp_path: Path) -> None:
    """Attack: a proxy adds its own ``Retry-After`` to the server's, and ``requests``
    joins the two ("1, 1"): that read as no wait, and the next attempt came after
    the backoff alone, inside the window. The longest of the values is the wait."""
    dataset = make_run_dataset(tmp_path / "ds", 1)
    headers = (("Retry-After", "1"), ("Retry-After", "1"))
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(429, "slow down", headers=headers))
        result, _ = run(settings_for(fake, dataset, tmp_path / "out.json"))
    first, second = fake.requests_for("item_000")
    assert second.at - first.at >= 1.0, "Retry-After: 1, 1 was not honoured"
    assert result.ok == 1
