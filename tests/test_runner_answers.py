"""The pure parts of `spotdiff run`: reading answers and replies, retry timing, redaction.

The loopback tests in test_runner.py cover these end to end; here each rule
is pinned down with the edge case that motivated it.
"""

from __future__ import annotations

import base64
import json
import math
import random
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spotdiff_eval._util.redaction import Redactor, url_secrets
from spotdiff_eval.datasets._schema import validate_document
from spotdiff_eval.runner.answers import (
    ALIASES,
    FIELDS,
    MAX_DIFFERENCES,
    AnswerError,
    normalise_kind,
    read_answer,
)
from spotdiff_eval.runner.backoff import RetryPolicy, retry_after_seconds
from spotdiff_eval.runner.journal import record_line
from spotdiff_eval.runner.output import ItemRecord
from spotdiff_eval.runner.protocols import ResponseError, read_reply, request_url
from spotdiff_eval.runner.tracebacks import clipped, formatted_traceback

REMOVAL = {"kind": "object_removed", "subject": "kite"}


@pytest.mark.parametrize(
    ("spelling", "kind"),
    [
        ("object_removed", "object_removed"),
        ("removed", "object_removed"),
        ("Missing", "object_removed"),
        ("object-removed", "object_removed"),
        ("added", "object_added"),
        ("New object", "object_added"),
        ("objectAdded", "object_added"),
        ("color change", "attribute_change"),
        ("new color", "attribute_change"),  # a property word beats "new"
        ("changed", "attribute_change"),
        ("count change", "count_change"),
        ("number changed", "count_change"),
        ("teleported", None),
        (3, None),
    ],
)
def test_kind_spellings(spelling: object, kind: str | None) -> None:
    assert normalise_kind(spelling) == kind


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"differences": [REMOVAL]}),
        json.dumps([REMOVAL]),
        json.dumps(REMOVAL),  # a single difference on its own
        json.dumps({"changes": [REMOVAL]}),
        "```json\n" + json.dumps([REMOVAL]) + "\n```",
        "Here you go:\n```\n" + json.dumps({"differences": [REMOVAL]}) + "\n```\nHope it helps.",
        "Per the rules [1], the answer is " + json.dumps({"differences": [REMOVAL]}) + ".",
        # a draft, then the final answer: the last one wins
        'Draft: {"differences": []}. Corrected: ' + json.dumps({"differences": [REMOVAL]}),
        '<think>maybe {"differences": []}</think>' + json.dumps([REMOVAL]),
    ],
)
def test_answer_shapes_and_wrappings(text: str) -> None:
    assert read_answer(text).differences == (REMOVAL,)


def test_an_empty_list_is_a_valid_answer() -> None:
    answer = read_answer('{"differences": []}')
    assert answer.differences == () and answer.warnings == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("   ", "the answer is empty"),
        (
            "I cannot see any image, sorry.",
            'no JSON list of differences in the answer: "I cannot see any image, sorry."',
        ),
        ('{"differences": [{"kind": ', 'no JSON list of differences in the answer: "{"differences'),
        ('{"differences": null}', "no JSON list of differences in the answer"),
    ],
)
def test_unreadable_answers_fail_the_item(text: str, message: str) -> None:
    with pytest.raises(AnswerError) as caught:
        read_answer(text)
    assert str(caught.value).startswith(message)


def test_entries_are_repaired_or_dropped_with_a_warning() -> None:
    answer = read_answer(
        json.dumps(
            [
                {"Type": "removed", "Object": "cat", "count": "3", "panel": 2, "bbox": [1]},
                {"kind": "added", "subject": "bird", "count": "three", "confidence": "0.5"},
                {"kind": "count_change", "subject": "apples", "from": 3, "to": 4.0},
                {"kind": "added", "subject": 7, "count": 0, "confidence": "high"},
                {"kind": "attribute_change", "subject": "car", "from": {"r": 1}, "to": True},
                {"kind": "object_added"},
                "a kite went missing",
                {"subject": "tree"},
            ]
        )
    )
    assert answer.differences == (
        {"kind": "object_removed", "subject": "cat", "count": 3},
        {"kind": "object_added", "subject": "bird", "count": 3, "confidence": 0.5},
        {"kind": "count_change", "subject": "apples", "from": 3, "to": 4},
        {"kind": "object_added", "subject": "7"},
        {"kind": "attribute_change", "subject": "car"},
    )
    assert answer.warnings == (
        "differences[0]: dropped unknown field(s) bbox, panel",
        "differences[3]: count 0 is not a whole number >= 1; field dropped",
        'differences[3]: confidence "high" is not a number from 0 to 1; field dropped',
        'differences[4]: from {"r": 1} is not text; field dropped',
        "differences[4]: to true is not text; field dropped",
        "differences[5]: no subject; dropped",
        "differences[6]: not an object; dropped",
        "differences[7]: no kind; dropped",
    )


def test_long_texts_are_cut_and_runaway_lists_capped() -> None:
    answer = read_answer(json.dumps([{**REMOVAL, "description": "x" * 3000}]))
    assert len(answer.differences[0]["description"]) == 2000
    assert answer.warnings == ("differences[0]: description cut to 2000 characters",)
    many = read_answer(json.dumps([REMOVAL] * (MAX_DIFFERENCES + 5)))
    assert len(many.differences) == MAX_DIFFERENCES
    assert many.warnings == (
        f"answer lists {MAX_DIFFERENCES + 5} differences; kept the first {MAX_DIFFERENCES}",
    )


def test_numbers_too_big_for_a_float_and_lone_surrogates_are_repaired_with_a_warning() -> None:
    """1e999 reads as infinity and "\\udc00" as half a UTF-16 pair: neither can be written
    as JSON and UTF-8, and once let through they crashed the run at its final write."""
    text = (
        '{"differences": ['
        '{"kind": "count_change", "subject": "apples", "from": 1e999, "to": -1e999},'
        '{"kind": "object_removed", "subject": "flag\\udc00", "colour\\ud800": "red"},'
        '{"kind": "count_change", "subject": 1e999, "count": 1e999, "confidence": 1e999},'
        '{"kind": "object_added", "subject": "kite", "from": NaN, "to": Infinity}'
        "]}"
    )
    answer = read_answer(text)
    assert answer.differences == (
        {"kind": "count_change", "subject": "apples"},
        {"kind": "object_removed", "subject": "flag\ufffd"},
        {"kind": "object_added", "subject": "kite"},
    )
    assert answer.warnings == (
        "differences[0]: from Infinity is not a finite number; field dropped",
        "differences[0]: to -Infinity is not a finite number; field dropped",
        "differences[1]: 2 invalid character(s) (lone UTF-16 surrogates, which UTF-8 cannot "
        "hold) replaced with U+FFFD",
        "differences[1]: dropped unknown field(s) colour\ufffd",
        "differences[2]: subject Infinity is not a finite number; field dropped",
        "differences[2]: no subject; dropped",
        "differences[3]: from NaN is not a finite number; field dropped",
        "differences[3]: to Infinity is not a finite number; field dropped",
    )
    # A surrogate in the answer text itself (the server's JSON held "\\udc00" in a string)
    raw = read_answer('[{"kind": "removed", "subject": "kite\udc00"}] \udfff')
    assert raw.differences == ({"kind": "object_removed", "subject": "kite\ufffd"},)
    assert raw.warnings == (
        "answer: 2 invalid character(s) (lone UTF-16 surrogates, which UTF-8 cannot hold) "
        "replaced with U+FFFD",
    )
    with pytest.raises(AnswerError) as caught:
        read_answer("no list here \udc00")
    str(caught.value).encode("utf-8")  # the item's error can be written


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_confidence_json_cannot_write_is_dropped_with_a_warning(constant: str) -> None:
    """NaN and Infinity were read as null, so the field vanished without a word."""
    answer = read_answer(f'[{{"kind": "removed", "subject": "kite", "confidence": {constant}}}]')
    assert answer.differences == ({"kind": "object_removed", "subject": "kite"},)
    assert answer.warnings == (
        f"differences[0]: confidence {constant} is not a finite number; field dropped",
    )


def test_a_number_too_long_to_read_drops_its_field_with_a_warning() -> None:
    """Python reads no integer of more than 4,300 digits: one such number failed the whole
    item, as if the answer held "no JSON list of differences"."""
    long = "9" * 5000
    entries = (
        f'{{"kind": "count_change", "subject": "apples", "from": {long}, "to": 4}}, '
        f'{{"kind": "removed", "subject": "kite", "count": -{long}, "confidence": 0.5}}, '
        f'{{"kind": {long}, "subject": "flag"}}'
    )
    for text in (f"[{entries}]", f"Here it is: [{entries}] and that is all."):
        answer = read_answer(text)
        assert answer.differences == (
            {"kind": "count_change", "subject": "apples", "to": 4},
            {"kind": "object_removed", "subject": "kite", "confidence": 0.5},
        )
        assert answer.warnings == (
            "differences[0]: from is a number of 5,000 digits, too long to read; field dropped",
            "differences[1]: count is a number of 5,000 digits, too long to read; field dropped",
            "differences[2]: kind is a number of 5,000 digits, too long to read; field dropped",
            "differences[2]: no kind; dropped",
        )


def test_a_record_that_cannot_be_written_as_strict_json_is_refused_by_the_journal() -> None:
    for bad in ({"kind": "count_change", "subject": "a", "from": math.inf}, {"subject": "\udc00"}):
        with pytest.raises(ValueError):
            record_line(ItemRecord("x", "ok", differences=(bad,)))
    assert record_line(ItemRecord("x", "ok")).endswith(b"\n")


#: What JSON text can hold but Python reads into something JSON cannot write: a
#: number too big for a float (a marker, made 1e999 in the text), one too long for an
#: integer (made 5,000 digits) and lone surrogates.
_HUGE = "\x00huge"
_LONG = "\x00long"
_surrogates = st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1)
_unwritable = st.sampled_from([_HUGE, _LONG]) | st.builds(
    "".join, st.lists(_surrogates | st.text(), max_size=3)
)
_json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.floats(allow_nan=False)
    | (st.text(max_size=300))
    | _unwritable
)
#: Every field and alias the reader knows, in any case, plus fields it does not know.
_keys = st.sampled_from(sorted({*FIELDS, *ALIASES, "bbox", "Kind", "SUBJECT"})) | _surrogates
_entries = st.dictionaries(
    _keys,
    _json_scalars
    | st.sampled_from(["removed", "added", "color change", "count", "object_added"])
    | st.lists(_json_scalars, max_size=2),
    max_size=8,
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_entries | _json_scalars, max_size=6))
def test_whatever_the_model_says_the_output_is_schema_valid(entries: list[Any]) -> None:
    # json.dumps writes a surrogate as a \udXXX escape; the markers become numbers
    text = json.dumps({"differences": entries}).replace(json.dumps(_HUGE), "1e999")
    text = text.replace(json.dumps(_LONG), "9" * 5000)
    try:
        answer = read_answer(text)
    except AnswerError as exc:  # every entry dropped: the item fails (red team round 19)
        assert entries and str(exc).startswith(f"none of the {len(entries)} differences")
        return
    document = {
        "schema_version": "1.0",
        "model": "m",
        "items": [{"item_id": "x", "differences": list(answer.differences)}],
    }
    validate_document(document, "prediction", "answer")
    # ... and can be written: strict JSON (no Infinity, no NaN) in UTF-8
    json.dumps([document, answer.warnings], ensure_ascii=False, allow_nan=False).encode("utf-8")
    dropped = sum(w.endswith("; dropped") for w in answer.warnings)
    assert len(answer.differences) + dropped == len(entries)


# -- replies of the three protocols -----------------------------------------------------


def test_replies_skip_reasoning_and_report_usage() -> None:
    gemini = read_reply(
        "gemini_native",
        {
            "candidates": [
                {"content": {"parts": [{"text": "thinking...", "thought": True}, {"text": "[]"}]}}
            ],
            "usageMetadata": {
                "promptTokenCount": 10,
                "candidatesTokenCount": 5,
                "thoughtsTokenCount": 100,
            },
        },
    )
    assert (gemini.text, gemini.input_tokens, gemini.output_tokens) == ("[]", 10, 105)
    anthropic = read_reply(
        "anthropic",
        {
            "content": [{"type": "thinking", "thinking": "hm"}, {"type": "text", "text": "[]"}],
            "usage": {"input_tokens": 7, "output_tokens": 3},
        },
    )
    assert (anthropic.text, anthropic.input_tokens, anthropic.output_tokens) == ("[]", 7, 3)
    openai = read_reply(
        "openai_compatible",
        {"choices": [{"message": {"content": [{"type": "text", "text": "[]"}]}}]},
    )
    assert (openai.text, openai.input_tokens, openai.output_tokens) == ("[]", None, None)


@pytest.mark.parametrize(
    ("protocol", "data", "message"),
    [
        (
            "gemini_native",
            {"promptFeedback": {"blockReason": "SAFETY"}},
            "the prompt was blocked (SAFETY)",
        ),
        (
            "gemini_native",
            {"candidates": [{"content": {"parts": []}, "finishReason": "SAFETY"}]},
            "the reply holds no answer text (finish reason SAFETY)",
        ),
        (
            "openai_compatible",
            {"choices": [{"message": {"content": None, "refusal": "No."}}]},
            "the model refused: No.",
        ),
        ("openai_compatible", {"choices": []}, "the reply has no choices[0]"),
        ("anthropic", {"content": "text"}, "the reply has no content list"),
        ("anthropic", [], "the reply is not a JSON object"),
    ],
)
def test_replies_without_an_answer(protocol: str, data: Any, message: str) -> None:
    with pytest.raises(ResponseError) as caught:
        read_reply(protocol, data)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("protocol", "data"),
    [
        (
            "openai_compatible",
            {
                "model": "gpt-4o-2024-08-06",
                "choices": [
                    {"message": {"content": '{"differences": ['}, "finish_reason": "length"}
                ],
            },
        ),
        (
            "gemini_native",
            {
                "modelVersion": "gemini-2.5-flash-001",
                "candidates": [{"content": {"parts": []}, "finishReason": "MAX_TOKENS"}],
            },
        ),
        (
            "anthropic",
            {
                "model": "claude-sonnet-4-5-20250929",
                "content": [{"type": "text", "text": "[]"}],
                "stop_reason": "max_tokens",
            },
        ),
    ],
)
def test_an_answer_cut_off_at_the_token_limit_is_truncated(protocol: str, data: Any) -> None:
    """Even a parseable answer ("[]") is not complete when the token limit stopped it."""
    reply = read_reply(protocol, data)
    assert reply.truncated
    assert reply.model_version == (data.get("model") or data.get("modelVersion"))


@pytest.mark.parametrize(
    ("protocol", "data"),
    [
        (
            "openai_compatible",
            {"choices": [{"message": {"content": "[]"}, "finish_reason": "stop"}]},
        ),
        ("gemini_native", {"candidates": [{"content": {"parts": [{"text": "[]"}]}}]}),
        ("anthropic", {"content": [{"type": "text", "text": "[]"}], "stop_reason": "end_turn"}),
    ],
)
def test_a_complete_answer_is_not_truncated(protocol: str, data: Any) -> None:
    reply = read_reply(protocol, data)
    assert (reply.truncated, reply.model_version) == (False, None)


def test_model_names_are_quoted_into_the_endpoint() -> None:
    template = "https://h/v1beta/models/{model}:generateContent"
    assert request_url(template, "gemini-2.5-flash") == (
        "https://h/v1beta/models/gemini-2.5-flash:generateContent"
    )
    assert request_url(template, "a b/c") == "https://h/v1beta/models/a%20b%2Fc:generateContent"


# -- retry timing -------------------------------------------------------------------------


def test_retry_after_in_seconds_or_as_an_http_date() -> None:
    now = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)
    assert retry_after_seconds("120", now) == 120
    assert retry_after_seconds(" 2 ", now) == 2
    assert retry_after_seconds("Wed, 01 Jan 2025 12:00:30 GMT", now) == 30
    assert retry_after_seconds("Wed, 01 Jan 2025 11:00:00 GMT", now) == 0  # in the past
    for unreadable in (None, "soon", "nan", "inf", ""):
        assert retry_after_seconds(unreadable, now) is None


def test_backoff_grows_with_jitter_and_honours_retry_after() -> None:
    policy = RetryPolicy(backoff_base=1.0, backoff_max=8.0, retry_after_max=60.0)
    rng = random.Random(5)
    for failures, ceiling in ((1, 1), (2, 2), (3, 4), (4, 8), (9, 8)):
        delays = [policy.delay(failures, None, rng) for _ in range(50)]
        assert all(ceiling / 2 <= d <= ceiling for d in delays)
        assert len(set(delays)) == 50  # jittered
    assert all(3 <= policy.delay(1, 3, rng) <= 4 for _ in range(20))
    assert all(60 <= policy.delay(1, 3600, rng) <= 61 for _ in range(20))


# -- tracebacks of unexpected errors ---------------------------------------------------------


def test_a_traceback_names_no_folder_and_an_overlong_one_keeps_its_end() -> None:
    source = "def crash():\n    raise OSError('disk')\n"
    code = compile(source, "/home/alice/secret-project/plugin.py", "exec")
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    try:
        namespace["crash"]()
    except OSError as exc:
        trace = formatted_traceback(exc)
    assert 'File "plugin.py", line 2, in crash' in trace  # outside the import path
    assert "alice" not in trace and trace.endswith("OSError: disk\n")
    long = "".join(f"frame {n}\n" for n in range(2000)) + "KeyError: 'x'\n"
    cut = clipped(long, 500)
    assert len(cut) == 500 and cut.startswith("[start cut]\n")
    assert cut.endswith("frame 1999\nKeyError: 'x'\n")
    assert clipped("short\n", 500) == "short\n"


# -- redaction -------------------------------------------------------------------------------


def test_url_credentials_are_secrets_but_ordinary_parameters_are_not() -> None:
    found = url_secrets("https://user:pa%24%24word@h/x?key=AIza123&alt=json&sig=abcd%2Bef")
    assert set(found) == {
        "user",
        "pa%24%24word",
        "pa$$word",
        "user:pa%24%24word",  # sent as Authorization: Basic base64(user:password)
        "user:pa$$word",
        "AIza123",
        "abcd%2Bef",
        "abcd+ef",
    }
    redactor = Redactor([*found, "ab"])  # too short to be a secret
    assert (
        redactor.text("bad key AIza123 for alt=json, ab") == "bad key [redacted] for alt=json, ab"
    )
    assert redactor.data({"AIza123": ["x AIza123", 1]}) == {"[redacted]": ["x [redacted]", 1]}


TOKEN = "sk-test-4f9a1c0ffee5ecret77"


def test_a_secret_is_caught_in_any_case_in_base64_and_by_its_pieces() -> None:
    redactor = Redactor([TOKEN, *url_secrets("http://alice:s3cr3t-pw@host/v1")])
    basic = base64.b64encode(b"alice:s3cr3t-pw").decode()
    cases = [
        f"bad key {TOKEN.upper()}!",
        f"Authorization: Basic {basic}",
        f"key ends in ...{TOKEN[-12:]}",
        f"key starts {TOKEN[:10]}...",
        f"middle {TOKEN[6:18].swapcase()} here",
        f"İİ {TOKEN} after a character that lower() would lengthen",
    ]
    for text in cases:
        assert "[redacted]" in redactor.text(text), text
    assert redactor.text(f"İİ {TOKEN} x") == "İİ [redacted] x"
    assert redactor.text(f"only {TOKEN[:9]} of it") == f"only {TOKEN[:9]} of it"  # 9 < PIECE
    assert redactor.text("an ordinary message") == "an ordinary message"


@pytest.mark.parametrize("before", [b"", b"a", b"ab", b"abc"])
@pytest.mark.parametrize("after", [b"", b"z", b"zz"])
def test_a_secret_inside_base64_data_is_caught_at_any_offset(before: bytes, after: bytes) -> None:
    redactor = Redactor([TOKEN])
    for encode in (base64.b64encode, base64.urlsafe_b64encode):
        blob = encode(before + TOKEN.encode() + after).decode()
        cleaned = redactor.text(f"header {blob}")
        assert "[redacted]" in cleaned
        assert len(cleaned) < len(blob)  # most of it is gone, not one stray piece


@settings(max_examples=200, deadline=None)
@given(
    st.text(min_size=16, max_size=40, alphabet=st.characters(min_codepoint=33, max_codepoint=126)),
    st.text(max_size=30),
    st.text(max_size=30),
)
def test_no_case_variant_of_a_secret_survives(secret: str, before: str, after: str) -> None:
    cleaned = Redactor([secret]).text(before + secret.swapcase() + after)
    assert secret.lower() not in cleaned.lower()
