"""Red team round 24: what `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` on 127.0.0.1
and pins one fix; the attack is in its docstring.
"""

from __future__ import annotations

import gzip
import json
import time
import zlib
from pathlib import Path

import pytest
from event_replies import events, openai_chunk
from fake_endpoints import (
    TOKEN,
    Drop,
    Fail,
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


HALF = len(ANSWER) // 2
STREAMS = {
    "openai_compatible": _lines(
        openai_chunk({"role": "assistant", "content": ANSWER[:HALF]}),
        openai_chunk({"content": ANSWER[HALF:]}),
        openai_chunk({}, "stop"),
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
    cut = _lines(openai_chunk({"content": json.dumps({"differences": [CAT]})}))
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


OLLAMA_WHOLE = Raw(
    200,
    json.dumps(
        {"model": "llava", "message": {"role": "assistant", "content": ANSWER}, "done": True}
    ).encode(),
)


@pytest.mark.parametrize("reply", [OLLAMA, OLLAMA_WHOLE], ids=["streamed", "whole"])
def test_ollamas_own_api_stops_the_run_naming_the_endpoint_to_use(
    reply: Raw, tmp_path: Path
) -> None:
    """Ollama's native ``/api/chat`` streams its own shape (``message`` and
    ``done`` a line), or sends it whole, which no protocol here speaks: every
    item failed alike, as "the reply is not JSON" or "has no choices[0]". The
    run stops at once, saying which endpoint to use."""
    dataset = make_run_dataset(tmp_path / "ds", 4)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: reply) as fake:
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


@pytest.mark.parametrize(
    "answer",
    [
        _http(
            "200 OK", _openai_body(), "Content-Type: application/json"
        ),  # no length: to the close
        _http("200 OK", _openai_body(), "Content-Type: application/json", "Content-Length: lots"),
    ],
    ids=["no-length", "length-not-a-number"],
)
def test_an_answer_whose_length_is_not_said_is_read_to_its_end(
    answer: Wire, tmp_path: Path
) -> None:
    """The other side: a body of no (or no readable) length runs to the close."""
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [answer]})
    assert (done.entries["item_000"]["status"], done.entries["item_000"]["attempts"]) == ("ok", 1)
    assert done.answers["item_000"] == [CAT, DOG]


# -- waits the server asks for ---------------------------------------------------------------


@pytest.mark.parametrize(
    "wait",
    ["1e308", "1e400", "Fri, 31 Dec 9999 23:59:59 GMT", "99999999999999999999"],
    ids=["huge", "infinite", "year-9999", "many-digits"],
)
def test_a_retry_after_of_ages_stops_the_run_in_a_short_line(wait: str, tmp_path: Path) -> None:
    """``Retry-After: 1e308`` stopped the run with a wait of 309 digits in its
    line, and ``1e400`` (infinity) was not read at all: the item was retried at
    once, as if the server had asked for nothing. Both ask for longer than a
    run waits, which stops it, saying so in a few words."""
    dataset = make_run_dataset(tmp_path / "ds", 3)
    output = tmp_path / "out.json"
    limited = Fail(429, "slow down", headers=(("Retry-After", wait),))
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: limited) as fake:
        result, said = run(settings_for(fake, dataset, output, concurrency=1))
        asked = sum(fake.counts().values())
    assert result.error is not None and asked == 1
    line = result.error.one_line()
    assert "longer than a run waits" in line and "--resume" in line
    assert len(line) < 600 and "Traceback" not in said


def test_a_429_with_a_json_error_body_is_retried_and_named(tmp_path: Path) -> None:
    """A 429 whose body is the provider's JSON error: retried, and when it
    persists the item's error is the provider's message, not the body's bytes."""
    limited = Fail(429, "Rate limit reached for requests per min")
    done = run_scripted(
        tmp_path,
        "openai_compatible",
        {"item_000": [limited, Reply(ANSWER)], "item_001": [limited] * 3},
        retries=2,
    )
    assert (done.entries["item_000"]["status"], done.entries["item_000"]["attempts"]) == ("ok", 2)
    assert done.entries["item_001"]["error"] == (
        "HTTP 429: Rate limit reached for requests per min (gave up after 3 attempts)"
    )


# -- odd JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        {
            "changeType": "attributeChange",
            "subject": "car",
            "attribute": "color",
            "oldValue": "red",
            "newValue": "blue",
        },
        {
            "ChangeType": "AttributeChange",
            "Subject": "car",
            "Attribute": "color",
            "FromValue": "red",
            "ToValue": "blue",
        },
        {
            "KIND": "ATTRIBUTE_CHANGE",
            "SUBJECT": "car",
            "ATTRIBUTE": "color",
            "FROM": "red",
            "TO": "blue",
        },
    ],
    ids=["camel", "pascal", "upper"],
)
def test_keys_in_another_casing_are_read(entry: dict, tmp_path: Path) -> None:
    """A model trained on JavaScript writes ``changeType`` and ``oldValue``:
    unknown fields, so the entry had no kind and the item failed."""
    text = json.dumps({"Differences": [entry]})
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [Reply(text)]})
    assert done.entries["item_000"]["status"] == "ok", done.entries["item_000"]
    expected = {"kind": "attribute_change", "subject": "car", "attribute": "color"}
    assert done.answers["item_000"] == [{**expected, "from": "red", "to": "blue"}]


@pytest.mark.parametrize(
    "answer",
    [
        Raw(200, b"\xef\xbb\xbf" + _openai_body()),
        Raw(
            200,
            b"\xef\xbb\xbf"
            + b"".join(
                b"data: " + json.dumps(chunk).encode() + b"\n\n"
                for chunk in (openai_chunk({"content": ANSWER}), openai_chunk({}, "stop"))
            ),
            "text/event-stream",
        ),
        Raw(200, _openai_body("\ufeff" + ANSWER)),
        Raw(200, _openai_body().decode().encode("utf-16"), "application/json; charset=utf-16"),
        Raw(200, _openai_body().decode().encode("utf-16-le"), "application/json"),
        Raw(200, json.dumps(_openai_body().decode()).encode()),
    ],
    ids=[
        "bom",
        "bom-before-stream",
        "bom-in-answer",
        "utf-16",
        "utf-16-no-bom",
        "json-in-a-string",
    ],
)
def test_a_reply_in_an_odd_encoding_is_read(answer: Raw, tmp_path: Path) -> None:
    """A byte order mark before the JSON (or the stream, or the answer); a
    reply in UTF-16, which RFC 7159 allowed and .NET servers send; a reply
    whose JSON a gateway encoded once more as a JSON string. Each failed its
    item as "the reply is not JSON" (or "not a JSON object")."""
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [answer]})
    entry = done.entries["item_000"]
    assert entry["status"] == "ok", entry
    assert done.answers["item_000"] == [CAT, DOG]


def test_nan_and_infinity_in_a_reply_cost_their_fields_only(tmp_path: Path) -> None:
    """NaN and Infinity (which Python's JSON writes) in the usage and in the
    answer: the item is answered, each odd field dropped with a warning, and
    the file is strict JSON."""
    text = '{"differences": [{"kind": "object_removed", "subject": "cat", "confidence": NaN}]}'
    message = json.dumps({"role": "assistant", "content": text})
    body = (
        '{"choices": [{"message": ' + message + ', "finish_reason": "stop"}], '
        '"usage": {"prompt_tokens": NaN, "completion_tokens": Infinity}}'
    )
    dataset = make_run_dataset(tmp_path / "ds", 1)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Raw(200, body.encode()))
        run(settings_for(fake, dataset, output))

    def refuse(constant: str) -> None:
        raise ValueError(constant)

    document = json.loads(output.read_text(encoding="utf-8"), parse_constant=refuse)
    entry = document["run"]["items"][0]
    assert entry["status"] == "ok" and entry["usage"]["input_tokens"] is None
    assert document["items"][0]["differences"] == [CAT]
    assert any("confidence NaN" in warning for warning in entry["warnings"])


def test_an_extremely_long_line_is_read_in_time(tmp_path: Path) -> None:
    """A runaway model's answer: the list, then 8 MB on one line without a
    break. The answer is read (the text past a million characters is not
    searched), in seconds."""
    text = ANSWER + " and" + "-" * 8_000_000
    started = time.monotonic()
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [Reply(text)]}, timeout=30.0)
    assert time.monotonic() - started < 20
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_redirect_to_another_host_stops_the_run_without_following_it(tmp_path: Path) -> None:
    """A 307 to another host: followed, the token would go with the request to
    a host the user never named. Not followed; the run stops at once."""
    elsewhere = _http(
        "307 Temporary Redirect",
        b"",
        "Location: http://127.0.0.2:9/v1/chat/completions",
        "Content-Length: 0",
    )
    dataset = make_run_dataset(tmp_path / "ds", 3)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: elsewhere) as fake:
        result, said = run(settings_for(fake, dataset, output, concurrency=1))
        asked = sum(fake.counts().values())
    assert result.error is not None and asked == 1
    line = result.error.one_line()
    assert "HTTP 307: the endpoint redirects elsewhere; give the final URL as --endpoint" in line
    assert TOKEN not in said and TOKEN not in output.read_text()


@pytest.mark.parametrize(
    "content",
    [{"differences": [CAT, DOG]}, [CAT, DOG]],
    ids=["object", "list"],
)
def test_an_answer_sent_as_json_rather_than_text_is_read(content: object, tmp_path: Path) -> None:
    """Servers with structured output (llama.cpp's and LM Studio's, some
    gateways) may put the parsed JSON in ``message.content`` rather than its
    text: the item failed as "the reply holds no answer text"."""
    message = {"role": "assistant", "content": content}
    body = json.dumps({"choices": [{"message": message, "finish_reason": "stop"}]}).encode()
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [Raw(200, body)]})
    assert done.entries["item_000"]["status"] == "ok", done.entries["item_000"]
    assert done.answers["item_000"] == [CAT, DOG]


def test_an_answer_sent_as_json_whose_entries_say_type_is_read(tmp_path: Path) -> None:
    """An entry naming its kind ``type`` is not a content part."""
    entries = [
        {"type": "object_removed", "subject": "cat"},
        {"type": "object_added", "subject": "dog"},
    ]
    message = {"role": "assistant", "content": entries}
    body = json.dumps({"choices": [{"message": message, "finish_reason": "stop"}]}).encode()
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [Raw(200, body)]})
    assert done.answers["item_000"] == [CAT, DOG]


XHTML = Raw(
    200,
    b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN">'
    b'<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Log in</title></head></html>',
    "application/xhtml+xml",
)


def test_an_xhtml_page_is_a_page_too(tmp_path: Path) -> None:
    """A portal's page in XHTML starts with an XML declaration: it was not
    known for a page, and its item failed at once as "the reply is not JSON"."""
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [XHTML, Reply(ANSWER)]})
    entry = done.entries["item_000"]
    assert (entry["status"], entry["attempts"]) == ("ok", 2), entry


def test_a_gzip_bomb_is_refused_without_filling_memory(tmp_path: Path) -> None:
    """1 MB of gzip that unpacks to 1 GiB: refused once 32 MiB came out."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    bomb = b"".join(packer.compress(b"\0" * (1 << 20)) for _ in range(1024)) + packer.flush()
    answer = _http(
        "200 OK",
        bomb,
        "Content-Type: application/json",
        "Content-Encoding: gzip",
        f"Content-Length: {len(bomb)}",
    )
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [answer]}, timeout=30.0)
    assert done.entries["item_000"]["error"] == "the reply is larger than 32 MiB"
    assert done.entries["item_001"]["status"] == "ok"


def test_token_counts_of_thousands_of_digits_are_no_counts(tmp_path: Path) -> None:
    """Counts of 4,299 digits each (Python reads up to 4,300) were kept: their
    sum over a few items had more digits than Python writes, and the run
    crashed writing its file. A count no model could reach is no count."""
    huge = "9" * 4299
    message = json.dumps({"role": "assistant", "content": ANSWER})
    body = (
        '{"choices": [{"message": ' + message + ', "finish_reason": "stop"}], '
        f'"usage": {{"prompt_tokens": {huge}, "completion_tokens": {huge}}}}}'
    ).encode()
    dataset = make_run_dataset(tmp_path / "ds", 12)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset, default=lambda _item: Raw(200, body)) as fake:
        result, said = run(settings_for(fake, dataset, output))
    assert result.ok == 12 and "Traceback" not in said
    entries = statuses(output)
    assert entries["item_000"]["usage"] == {"input_tokens": None, "output_tokens": None}


def test_a_reply_in_the_charset_its_content_type_names_is_read_in_it(tmp_path: Path) -> None:
    """A server that says ``charset=iso-8859-1`` and sends Latin-1: each é became
    U+FFFD in the kept answer (with a warning), a description damaged for good."""
    text = json.dumps(
        {"differences": [{"kind": "object_removed", "subject": "café"}]}, ensure_ascii=False
    )
    message = {"role": "assistant", "content": text}
    reply_json = {"choices": [{"message": message, "finish_reason": "stop"}]}
    body = json.dumps(reply_json, ensure_ascii=False).encode("latin-1")
    reply = Raw(200, body, "application/json; charset=ISO-8859-1")
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [reply]})
    assert done.answers["item_000"] == [{"kind": "object_removed", "subject": "café"}]
    assert done.entries["item_000"]["warnings"] == []


def test_a_whole_reply_sent_as_one_event_is_read(tmp_path: Path) -> None:
    """A proxy that streams by wrapping the whole reply in one event (its
    choice holds a ``message``, not a ``delta``): the stream read as an empty
    answer, and the item failed as "the reply holds no answer text"."""
    reply = json.loads(_openai_body())
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [events(reply)]})
    assert done.entries["item_000"]["status"] == "ok", done.entries["item_000"]
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_stream_with_heartbeats_that_are_not_json_is_read(tmp_path: Path) -> None:
    """A gateway that keeps a stream alive with ``data: ping`` events (not the
    comments the format has for that): the whole reply failed as "the reply is
    not JSON", answer and all. Events that are not JSON are skipped."""
    chunks = [openai_chunk({"content": ANSWER[:HALF]}), openai_chunk({"content": ANSWER[HALF:]})]
    body = "data: ping\n\n".join(f"data: {json.dumps(c)}\n\n" for c in chunks)
    body += f"data: keep-alive\n\ndata: {json.dumps(openai_chunk({}, 'stop'))}\n\ndata: [DONE]\n\n"
    done = run_scripted(tmp_path, "openai_compatible", {"item_000": [Raw(200, body.encode())]})
    assert done.entries["item_000"]["status"] == "ok", done.entries["item_000"]
    assert done.answers["item_000"] == [CAT, DOG]


def test_a_stream_with_no_choice_in_any_chunk_is_asked_again(tmp_path: Path) -> None:
    """The streamed form of ``"choices": []``: every chunk without a choice,
    then ``[DONE]``. It read as an answer with no text, and the item failed at
    once; it is retried as the unstreamed one is."""
    body = b'data: {"choices": [], "usage": null}\n\ndata: {"choices": []}\n\ndata: [DONE]\n\n'
    done = run_scripted(
        tmp_path, "openai_compatible", {"item_000": [Raw(200, body), Reply(ANSWER)]}
    )
    entry = done.entries["item_000"]
    assert (entry["status"], entry["attempts"]) == ("ok", 2), entry
