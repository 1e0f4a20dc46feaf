"""Red team round 24: what `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` on 127.0.0.1
and pins one fix; the attack is in its docstring.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from fake_endpoints import (
    Drop,
    FakeEndpoint,
    Raw,
    Reply,
    Slow,
    Wire,
    make_run_dataset,
    predicted,
    run,
    run_scripted,
    settings_for,
    statuses,
)

CAT = {"kind": "object_removed", "subject": "cat"}
DOG = {"kind": "object_added", "subject": "dog"}
ANSWER = json.dumps({"differences": [CAT, DOG]})

NO_CHOICES = Raw(200, b'{"id": "chatcmpl-1", "object": "chat.completion", "choices": []}')


# -- a 200 reply with no choices ------------------------------------------------------------


def test_a_reply_with_no_choices_is_asked_again(tmp_path: Path) -> None:
    """Routers answer an upstream hiccup with status 200 and ``"choices": []``;
    the item failed at once as "the reply has no choices[0]". It is retried
    like a 5xx now."""
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [NO_CHOICES, Reply(ANSWER)]})
    entry = done.entries["item_000"]
    assert (entry["status"], entry["attempts"]) == ("ok", 2), entry
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_reply_with_no_choices_every_time_fails_its_item_after_the_retries(
    tmp_path: Path,
) -> None:
    """The same retry budget as a 5xx: then the item fails, and the run goes on."""
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [NO_CHOICES] * 3}, retries=2)
    entry = done.entries["item_000"]
    assert (entry["status"], entry["attempts"]) == ("failed", 3), entry
    assert "no choices" in entry["error"] and "gave up after 3 attempts" in entry["error"]
    assert done.entries["item_001"]["status"] == "ok"
    assert done.result.error is None


# -- an HTML page once -----------------------------------------------------------------------

PORTAL = Raw(
    200,
    b"<!DOCTYPE html><html><head><title>Hotel Wi-Fi</title></head><body>...</body></html>",
    "text/html",
)


def test_one_html_page_is_asked_again(tmp_path: Path) -> None:
    """A captive portal or a proxy's hiccup served one HTML page with status
    200, and the whole run stopped at it. One page is retried now."""
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [PORTAL, Reply(ANSWER)]})
    assert done.result.error is None
    entry = done.entries["item_000"]
    assert (entry["status"], entry["attempts"]) == ("ok", 2), entry
    assert done.entries["item_001"]["status"] == "ok"


def test_html_pages_in_a_row_stop_the_run_at_the_outage_limit(tmp_path: Path) -> None:
    """The other side: a wrong base URL answers every request with a page. As
    many pages in a row as --stop-after-outage stop the run, with the page
    and the URL asked (without its query) named."""
    dataset = make_run_dataset(tmp_path / "ds", 6)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: PORTAL) as fake:
        endpoint = fake.endpoint() + "?key=url-secret-123456789"
        options = {"concurrency": 1, "retries": 1, "stop_after_outage": 3, "endpoint": endpoint}
        result, _ = run(settings_for(fake, dataset, output, **options))
        asked = sum(fake.counts().values())
    assert result.error is not None
    line = result.error.one_line()
    assert f'{fake.endpoint()} answered HTTP 200 with an HTML page titled "Hotel Wi-Fi"' in line
    assert "url-secret" not in line and "--resume" in line
    assert asked == 3
    assert (result.failed, result.skipped) == (2, 4)


# -- the outage message ----------------------------------------------------------------------


def test_an_outage_with_timeouts_in_it_names_the_timeout_whatever_failed_last(
    tmp_path: Path,
) -> None:
    """The breaker's message chose its hint from the start of the last error's
    text ("no answer within"): a reworded message lost the hint, and a streak
    of timeouts ended by one dropped connection said nothing of --timeout.
    Each failure's own category decides now."""
    dataset = make_run_dataset(tmp_path / "ds", 6)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: Slow(1.0)) as fake:
        fake.script("item_000", Reply())
        fake.script("item_002", Drop())
        options = {"retries": 0, "concurrency": 1, "timeout": 0.2, "stop_after_outage": 2}
        result, _ = run(settings_for(fake, dataset, output, **options))
    assert result.error is not None
    line = result.error.one_line()
    assert "2 items in a row failed" in line
    assert "if the model is only slow, raise --timeout (now 0.2 s)" in line


def test_an_outage_without_timeouts_does_not_name_the_timeout(tmp_path: Path) -> None:
    """The other side: dropped connections alone say nothing of --timeout."""
    dataset = make_run_dataset(tmp_path / "ds", 6)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: Drop()) as fake:
        fake.script("item_000", Reply())
        options = {"retries": 0, "concurrency": 1, "stop_after_outage": 2}
        result, _ = run(settings_for(fake, dataset, output, **options))
    assert result.error is not None
    assert "--timeout" not in result.error.one_line()
    assert statuses(output)["item_003"]["status"] == "skipped"


# -- newline-delimited JSON streams ----------------------------------------------------------


def _lines(*chunks: dict) -> Raw:
    """Chunks one a line, as Ollama-style servers stream them (no ``data:``)."""
    return Raw(
        200, "".join(json.dumps(chunk) + "\n" for chunk in chunks).encode(), "application/x-ndjson"
    )


def _openai_chunk(delta: dict, finish: str | None = None) -> dict:
    return {
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


HALF = len(ANSWER) // 2
STREAMS = {
    "openai_compatible": _lines(
        _openai_chunk({"role": "assistant", "content": ANSWER[:HALF]}),
        _openai_chunk({"content": ANSWER[HALF:]}),
        _openai_chunk({}, "stop"),
    ),
    "anthropic": _lines(
        {"type": "message_start", "message": {"model": "m", "usage": {"input_tokens": 9}}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "text_delta", "text": ANSWER[:HALF]},
        },
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "text_delta", "text": ANSWER[HALF:]},
        },
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn"},
            "usage": {"output_tokens": 5},
        },
        {"type": "message_stop"},
    ),
    "gemini_native": _lines(
        {"candidates": [{"content": {"parts": [{"text": ANSWER[:HALF]}]}}]},
        {"candidates": [{"content": {"parts": [{"text": ANSWER[HALF:]}]}, "finishReason": "STOP"}]},
    ),
}


@pytest.mark.parametrize("protocol", sorted(STREAMS))
def test_a_stream_of_json_lines_is_read_as_the_reply_it_streams(
    protocol: str, tmp_path: Path
) -> None:
    """A proxy that streams every answer as JSON lines (no ``data:`` prefix, as
    Ollama-style servers do) failed every item as "the reply is not JSON". The
    lines are joined as the events of a server-sent stream are."""
    done = run_scripted(tmp_path, protocol, {"item_000": [STREAMS[protocol]]})
    entry = done.entries["item_000"]
    assert entry["status"] == "ok", entry
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_stream_of_json_lines_cut_short_is_asked_again(tmp_path: Path) -> None:
    """JSON lines that stop before the finish reason were cut: asked again, as a
    cut event stream is, never kept as the whole answer."""
    cut = _lines(_openai_chunk({"content": json.dumps({"differences": [CAT]})}))
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [cut, Reply(ANSWER)]})
    entry = done.entries["item_000"]
    assert (entry["status"], entry["attempts"]) == ("ok", 2), entry
    assert done.answers["item_000"] == [CAT, DOG]


OLLAMA = _lines(
    {"model": "llava", "message": {"role": "assistant", "content": ANSWER[:HALF]}, "done": False},
    {"model": "llava", "message": {"role": "assistant", "content": ANSWER[HALF:]}, "done": False},
    {
        "model": "llava",
        "message": {"role": "assistant", "content": ""},
        "done": True,
        "done_reason": "stop",
    },
)


def test_ollamas_own_stream_stops_the_run_naming_the_endpoint_to_use(tmp_path: Path) -> None:
    """Ollama's native ``/api/chat`` streams its own shape (``message`` and
    ``done`` a line), which no protocol here speaks: every item would fail
    alike, so the run stops at once, saying which endpoint to use."""
    dataset = make_run_dataset(tmp_path / "ds", 4)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: OLLAMA) as fake:
        result, _ = run(settings_for(fake, dataset, output, concurrency=1))
        asked = sum(fake.counts().values())
    assert result.error is not None
    line = result.error.one_line()
    assert "\n" not in line
    assert "Ollama" in line and "/v1/chat/completions" in line and "--protocol" in line
    assert asked == 1 and result.skipped == 3
    assert (
        "items" not in json.loads(output.read_text()) or not json.loads(output.read_text())["items"]
    )


# -- hostile answers on the wire -------------------------------------------------------------


def _http(head: str, body: bytes, *headers: str) -> Wire:
    """An answer as sent: ``head`` (the status line's code and reason), the headers, the body."""
    lines = [f"HTTP/1.1 {head}", *headers, "Connection: close"]
    return Wire(("\r\n".join(lines) + "\r\n\r\n").encode() + body)


def _openai_body(text: str = ANSWER) -> bytes:
    message = {"role": "assistant", "content": text}
    return json.dumps({"choices": [{"message": message, "finish_reason": "stop"}]}).encode()


GZIPPED = gzip.compress(_openai_body())
HALF_BODY = _openai_body()[: len(_openai_body()) // 2]


def _chunked(*pieces: bytes, end: bool = True) -> bytes:
    body = b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for piece in pieces)
    return body + (b"0\r\n\r\n" if end else b"")


BROKEN_ON_THE_WIRE = {
    "gzip-length-too-long": _http(
        "200 OK",
        GZIPPED,
        "Content-Type: application/json",
        "Content-Encoding: gzip",
        f"Content-Length: {len(GZIPPED) + 500}",
    ),
    "gzip-length-too-short": _http(
        "200 OK",
        GZIPPED,
        "Content-Type: application/json",
        "Content-Encoding: gzip",
        f"Content-Length: {len(GZIPPED) // 2}",
    ),
    "gzip-not-gzip": _http(
        "200 OK",
        _openai_body(),
        "Content-Type: application/json",
        "Content-Encoding: gzip",
        f"Content-Length: {len(_openai_body())}",
    ),
    "chunked-cut-mid-json-ended": _http(
        "200 OK",
        _chunked(HALF_BODY),
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
    ),
    "chunked-cut-mid-json-closed": _http(
        "200 OK",
        _chunked(HALF_BODY, end=False),
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
    ),
    "chunked-bad-size": _http(
        "200 OK",
        b"zz\r\n" + _openai_body() + b"\r\n0\r\n\r\n",
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
    ),
    "two-lengths": _http(
        "200 OK",
        _openai_body(),
        "Content-Type: application/json",
        f"Content-Length: {len(_openai_body())}",
        "Content-Length: 7",
    ),
}


@pytest.mark.parametrize("answer", list(BROKEN_ON_THE_WIRE.values()), ids=list(BROKEN_ON_THE_WIRE))
def test_an_answer_broken_on_the_wire_is_asked_again_and_never_kept(
    answer: Wire, tmp_path: Path
) -> None:
    """A body whose gzip, length or chunks lie (a proxy cut it, or mislabelled
    it): the attempt fails, the item is asked again, and half an answer is
    never kept as one."""
    dataset = make_run_dataset(tmp_path / "ds", 2)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", answer, Reply(ANSWER))
        result, said = run(settings_for(fake, dataset, output, concurrency=1))
    entry = statuses(output)["item_000"]
    assert "Traceback" not in said and result.error is None
    assert (entry["status"], entry["attempts"]) == ("ok", 2), entry
    assert predicted(output)["item_000"]["differences"] == [CAT, DOG]
