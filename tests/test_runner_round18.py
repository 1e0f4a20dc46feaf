"""Red team round 18: real-world replies and user trouble that `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` on 127.0.0.1,
as in test_runner.py, and pins one fix.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fake_endpoints import (
    TOKEN,
    Drop,
    EarlyHints,
    FakeEndpoint,
    Raw,
    Reply,
    RunDataset,
    answered,
    make_run_dataset,
    predicted,
    run,
    settings_for,
    statuses,
)


@pytest.fixture
def dataset(tmp_path: Path) -> RunDataset:
    return make_run_dataset(tmp_path / "ds", 3)


# -- HTTP ---------------------------------------------------------------------------


@pytest.mark.parametrize("status", [999, 600])
def test_a_status_the_file_cannot_hold_still_leaves_a_resumable_output(
    status: int, dataset: RunDataset, tmp_path: Path
) -> None:
    """LinkedIn answers 999; recorded as it was, the output failed its own schema
    and --resume (and merge) refused it for good."""
    output = tmp_path / "out.json"
    body = json.dumps({"error": {"message": "request denied"}}).encode()
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Raw(status, body), Raw(status, body))
        result, _ = run(settings_for(fake, dataset, output, retries=1))
        entry = statuses(output)["item_000"]
        assert (entry["status"], entry["http_status"]) == ("failed", None)
        assert entry["error"] == f"HTTP {status}: request denied (gave up after 2 attempts)"
        assert result.failed == 1
        result, _ = run(settings_for(fake, dataset, output, resume=True))
    assert result.ok == 3 and answered(output) == dataset.item_ids


@pytest.mark.parametrize("protocol", ["openai_compatible", "gemini_native", "anthropic"])
def test_a_reply_starting_with_a_byte_order_mark_is_read(
    protocol: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """A UTF-8 byte order mark before the JSON (RFC 8259 lets a reader ignore it)
    failed the item as "the reply is not JSON"."""
    output = tmp_path / "out.json"
    with FakeEndpoint(protocol, dataset) as fake:
        reply = fake.success_body(json.dumps({"differences": [CAT]}), (10, 5))
        fake.script("item_000", Raw(200, b"\xef\xbb\xbf" + json.dumps(reply).encode()))
        error = {"error": {"message": "busy"}}
        fake.script("item_001", Raw(503, b"\xef\xbb\xbf" + json.dumps(error).encode()))
        result, _ = run(settings_for(fake, dataset, output, retries=0))
    assert result.ok == 2, statuses(output)
    items = predicted(output)
    assert items["item_000"]["differences"] == [CAT]
    assert statuses(output)["item_001"]["error"] == "HTTP 503: busy (gave up after 1 attempts)"


# -- replies a filter stopped --------------------------------------------------------

#: Two differences, cut after the first: the rest of the list is missing.
PARTIAL = '{"differences": [{"kind": "object_removed", "subject": "cat"}, {"kind": "obj'


def _filtered_body(protocol: str, reason: str) -> dict:
    if protocol == "openai_compatible":
        return {
            "choices": [
                {"message": {"role": "assistant", "content": PARTIAL}, "finish_reason": reason}
            ]
        }
    if protocol == "gemini_native":
        return {"candidates": [{"content": {"parts": [{"text": PARTIAL}]}, "finishReason": reason}]}
    return {"content": [{"type": "text", "text": PARTIAL}], "stop_reason": reason}


@pytest.mark.parametrize(
    ("protocol", "reason"),
    [
        ("openai_compatible", "content_filter"),
        ("gemini_native", "SAFETY"),
        ("gemini_native", "RECITATION"),
        ("anthropic", "refusal"),
    ],
)
def test_an_answer_a_filter_stopped_fails_its_item_instead_of_keeping_a_part(
    protocol: str, reason: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """Its first difference read as a whole answer of one, recorded "ok"."""
    output = tmp_path / "out.json"
    with FakeEndpoint(protocol, dataset) as fake:
        fake.script("item_000", Raw(200, json.dumps(_filtered_body(protocol, reason)).encode()))
        result, stream = run(settings_for(fake, dataset, output))
    entry = statuses(output)["item_000"]
    assert entry["status"] == "failed"
    assert entry["error"] == (
        f"the provider stopped the answer (finish reason {reason}), so it may be incomplete"
    )
    assert answered(output) == dataset.item_ids[1:] and result.failed == 1
    assert f"item_000: the provider stopped the answer (finish reason {reason})" in stream


# -- answers whose JSON is not quite JSON ---------------------------------------------

CAT, DOG, HAT = (
    {"kind": "object_removed", "subject": "cat"},
    {"kind": "object_added", "subject": "dog"},
    {"kind": "object_removed", "subject": "hat"},
)
TRAILING_COMMAS = "\n".join(
    [
        "```json",
        '{"differences": [',
        f"  {json.dumps(CAT)}, // the cat",
        f"  {json.dumps(DOG)},",
        f"  {json.dumps(HAT)}, /* the hat */",
        "],}",
        "```",
    ]
)


def test_comments_and_trailing_commas_keep_every_difference(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Such an answer did not parse, and the scan for JSON in prose kept its
    last entry alone, with no warning."""
    output = tmp_path / "out.json"
    with FakeEndpoint("anthropic", dataset) as fake:
        fake.script("item_000", Reply(TRAILING_COMMAS))
        run(settings_for(fake, dataset, output))
    items = predicted(output)
    assert items["item_000"]["differences"] == [CAT, DOG, HAT]
    assert statuses(output)["item_000"]["warnings"] == [
        "answer: its JSON had comments or trailing commas, which were removed"
    ]


def test_an_answer_cut_off_without_a_token_limit_flag_fails_instead_of_keeping_a_part(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """A server that says "stop" for an answer cut short: the last complete
    entry was kept as the whole answer."""
    cut = json.dumps({"differences": [CAT, DOG, HAT]})[:-30]
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Reply(cut))
        result, _ = run(settings_for(fake, dataset, output))
    entry = statuses(output)["item_000"]
    assert entry["status"] == "failed" and result.failed == 1
    assert entry["error"].startswith("no JSON list of differences in the answer: ")
    assert entry["error"].endswith("; its JSON is unfinished, the answer was cut off")
    assert answered(output) == dataset.item_ids[1:]


@pytest.mark.parametrize(
    "text",
    [
        # a draft cut off, then the whole answer again
        '{"differences": [%s, ... wait, let me start over.\n{"differences": [%s, %s]}',
        # a wrapper that is not JSON around one that is
        '{answer: {"differences": [%s, %s]}, note: "%s"}',
    ],
    ids=["started-over", "broken-wrapper"],
)
def test_a_whole_answer_inside_broken_json_still_counts(
    text: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """Entries of a broken or unfinished value are no answers of their own; a
    whole answer inside one is, as before round 18."""
    cat, dog = json.dumps(CAT), json.dumps(DOG)
    text = text % ((cat, cat, dog) if text.startswith('{"') else (cat, dog, "x"))
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Reply(text))
        run(settings_for(fake, dataset, output))
    items = predicted(output)
    assert items["item_000"]["differences"] == [CAT, DOG]


def test_an_answer_written_as_a_python_literal_is_read_with_a_warning(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Single quotes, as models that think in Python write: "no JSON list"."""
    text = (
        "Here you go: {'differences': [{'kind': 'object_removed', 'subject': 'cat'}, "
        "{'kind': 'object_added', 'subject': \"dog's bowl\", 'confidence': None}]}"
    )
    output = tmp_path / "out.json"
    with FakeEndpoint("gemini_native", dataset) as fake:
        fake.script("item_000", Reply(text))
        run(settings_for(fake, dataset, output))
    items = predicted(output)
    assert items["item_000"]["differences"] == [CAT, {**DOG, "subject": "dog's bowl"}]
    assert statuses(output)["item_000"]["warnings"] == [
        "answer: its JSON was written with Python's quotes (a Python literal), read as one"
    ]


@pytest.mark.parametrize(
    "runaway", ["[" * 50_000, "[a" * 200_000], ids=["brackets", "bracket-letter"]
)
def test_a_runaway_answer_of_brackets_is_read_in_linear_time(
    runaway: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """Each bracket started a new search of the rest of the text: 100 KB of them
    held a worker for about ten seconds, the 1 MB an answer may have for many minutes."""
    output = tmp_path / "out.json"
    with FakeEndpoint("gemini_native", dataset) as fake:
        fake.script("item_000", Reply(runaway))
        started = time.monotonic()
        result, _ = run(settings_for(fake, dataset, output))
        seconds = time.monotonic() - started
    assert statuses(output)["item_000"]["status"] == "failed" and result.ok == 2
    assert seconds < 4, f"{seconds:.1f} s"


# -- the user's disk ----------------------------------------------------------------------

#: ``spotdiff`` with files limited to a few KB: writing past that fails with
#: EFBIG ("File too large"), as a full disk fails with ENOSPC.
SMALL_FILES = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (3500, 3500))
from spotdiff_eval.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_journal_the_disk_cannot_hold_is_named_and_resume_finishes_the_run(
    tmp_path: Path,
) -> None:
    """The error was the bare "spotdiff: error: spotdiff: File too large", naming no file."""
    dataset = make_run_dataset(tmp_path / "ds", 12)
    output = tmp_path / "out.json"
    journal = tmp_path / "out.json.journal"
    env = {**os.environ, "SPOTDIFF_API_TOKEN": TOKEN}
    with FakeEndpoint("openai_compatible", dataset, delay=0.05) as fake:
        command = [
            *("run", "--endpoint", fake.endpoint(), "--model", "test-model"),
            *("--manifest", str(dataset.manifest), "--output", str(output)),
            *("--concurrency", "1"),
        ]
        done = subprocess.run(
            [sys.executable, "-c", SMALL_FILES, *command],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 1, done.stderr
        assert done.stderr == f"spotdiff: error: {journal}: cannot write: File too large\n"
        again = subprocess.run(
            [sys.executable, "-m", "spotdiff_eval", *command, "--resume"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert again.returncode == 0, again.stderr
        # the journal's answers are kept: only the items it could not hold are asked again
        assert sum(fake.counts().values()) <= 12 + 2
    assert answered(output) == dataset.item_ids and not journal.exists()


# -- an endpoint that is not there ------------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # closed again: connecting is refused


def test_a_wrong_port_stops_the_run_after_the_first_item(tmp_path: Path) -> None:
    """Each item was retried in turn, about 25 s each at the default backoff:
    a typo in the port kept a run of 1,000 items failing for hours."""
    dataset = make_run_dataset(tmp_path / "ds", 6)
    output = tmp_path / "out.json"
    endpoint = f"http://127.0.0.1:{_closed_port()}/v1/chat/completions"
    with FakeEndpoint("openai_compatible", dataset) as fake:  # for its settings only
        settings = settings_for(fake, dataset, output, endpoint=endpoint, concurrency=1, retries=1)
    result, _ = run(settings)
    seen = statuses(output)
    assert [seen[i]["status"] for i in dataset.item_ids] == ["failed"] + ["skipped"] * 5
    assert seen["item_000"]["error"] == (
        "connection failed: Connection refused (gave up after 2 attempts)"
    )
    assert result.error is not None
    assert result.error.one_line().startswith(
        "127.0.0.1: item_000: connection failed: Connection refused (gave up after 2 attempts); "
        "nothing has answered at --endpoint: check its host and port. The run stopped"
    )


def test_a_connection_lost_after_the_endpoint_answered_fails_only_its_item(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Once the endpoint has answered, a connection it drops is a flaky provider,
    not a wrong address: that item fails and the run goes on."""
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_001", Drop(), Drop())
        result, _ = run(settings_for(fake, dataset, output, concurrency=1, retries=1))
    assert [statuses(output)[i]["status"] for i in dataset.item_ids] == ["ok", "failed", "ok"]
    assert result.error is None


# -- an error sent as a success ---------------------------------------------------------


def test_an_error_sent_with_status_200_is_reported_and_retried_when_transient(
    tmp_path: Path,
) -> None:
    """OpenRouter-style upstream failures: status 200, {"error": {...}}. They failed
    as "the reply has no choices[0]", without the server's message, never retried."""
    dataset = make_run_dataset(tmp_path / "ds", 4)

    def error(message: str, **fields: object) -> Raw:
        return Raw(200, json.dumps({"error": {"message": message, **fields}}).encode())

    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", error("Provider returned error", code=502))
        fake.script("item_001", error("Rate limit exceeded", code="429"))
        fake.script("item_002", error("Overloaded", type="overloaded_error"))
        fake.script("item_003", error("Invalid image", code=400), error("Invalid image", code=400))
        result, _ = run(settings_for(fake, dataset, output))
    seen = statuses(output)
    assert [seen[i]["attempts"] for i in dataset.item_ids] == [2, 2, 2, 1]
    assert [seen[i]["status"] for i in dataset.item_ids] == ["ok"] * 3 + ["failed"]
    assert seen["item_003"]["error"] == "HTTP 200 with an error: Invalid image"
    assert result.error is None


# -- OpenAI message shapes ---------------------------------------------------------------


def test_an_answer_in_a_tool_call_is_read_and_a_refusal_part_is_named(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Servers that turn JSON output into a tool call put the answer in its
    arguments, and a refusal may come as a content part: both failed as "the
    reply holds no answer text"."""
    answer = json.dumps({"differences": [CAT, DOG]})
    tool_call = {
        "choices": [
            {
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": "report", "arguments": answer},
                        }
                    ],
                },
                "finish_reason": "tool_calls",
            }
        ]
    }
    refusal = {
        "choices": [
            {
                "message": {
                    "role": "assistant",
                    "content": [{"type": "refusal", "refusal": "I can't help with that."}],
                },
                "finish_reason": "stop",
            }
        ]
    }
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Raw(200, json.dumps(tool_call).encode()))
        fake.script("item_001", Raw(200, json.dumps(refusal).encode()))
        run(settings_for(fake, dataset, output))
    items = predicted(output)
    assert items["item_000"]["differences"] == [CAT, DOG]
    entry = statuses(output)["item_001"]
    assert (entry["status"], entry["error"]) == (
        "failed",
        "the model refused: I can't help with that.",
    )


# -- the user's command line --------------------------------------------------------------


@pytest.mark.parametrize("command", ["run", "merge"])
@pytest.mark.parametrize("folder", ["new/", "new/.", "new/.."])
def test_an_output_ending_in_a_slash_names_a_folder_and_is_refused(
    command: str, folder: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """``--output predictions/new/`` lost its slash to Path and wrote a file
    named ``predictions/new`` where the user meant a folder."""
    output = f"{tmp_path}/{folder}"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        if command == "run":
            args = [
                *("run", "--endpoint", fake.endpoint(), "--model", "m"),
                *("--manifest", str(dataset.manifest), "--output", output),
            ]
        else:
            args = ["merge", str(tmp_path / "part.json"), "--output", output]
        done = subprocess.run(
            [sys.executable, "-m", "spotdiff_eval", *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr == (
        f"spotdiff: error: spotdiff {command}: argument --output: '{output}' ends in '/', "
        "so it names a folder; name the file to write in it, e.g. predictions/my-model.json "
        f"(see 'spotdiff {command} --help')\n"
    )
    assert fake.seen == [] and sorted(p.name for p in tmp_path.iterdir()) == ["ds"]


@pytest.mark.parametrize("protocol", ["openai_compatible", "gemini_native", "anthropic"])
def test_an_answer_after_103_early_hints_is_read(
    protocol: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """http.client skips "100 Continue" only: a 103 before the answer failed
    every item as "HTTP 103: (empty body)"."""
    output = tmp_path / "out.json"
    with FakeEndpoint(protocol, dataset, default=lambda _item: EarlyHints()) as fake:
        result, _ = run(settings_for(fake, dataset, output, retries=0))
    assert result.ok == 3 and answered(output) == dataset.item_ids
    assert {entry["http_status"] for entry in statuses(output).values()} == {200}


def test_gemini_stream_generate_content_without_sse_is_read_whole(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """``:streamGenerateContent`` (AI Studio's "Get code" URL) answers a JSON array
    of partial replies: every item failed as "the reply is not a JSON object"."""
    answer = json.dumps({"differences": [CAT, DOG]})
    cut = len(answer) // 2
    chunks = [
        {"candidates": [{"content": {"role": "model", "parts": [{"text": answer[:cut]}]}}]},
        {
            "candidates": [
                {
                    "content": {"role": "model", "parts": [{"text": answer[cut:]}]},
                    "finishReason": "STOP",
                }
            ],
            "usageMetadata": {"promptTokenCount": 300, "candidatesTokenCount": 40},
            "modelVersion": "gemini-2.5-flash",
        },
    ]
    truncated = [
        {"candidates": [{"content": {"parts": [{"text": answer[:cut]}]}}]},
        {"candidates": [{"content": {"parts": []}, "finishReason": "MAX_TOKENS"}]},
    ]
    output = tmp_path / "out.json"
    with FakeEndpoint("gemini_native", dataset) as fake:
        fake.script("item_000", Raw(200, json.dumps(chunks).encode()))
        fake.script("item_001", Raw(200, json.dumps(truncated).encode()))
        run(settings_for(fake, dataset, output))
    items = predicted(output)
    assert items["item_000"]["differences"] == [CAT, DOG]
    entry = statuses(output)["item_000"]
    assert (entry["usage"], entry["model_version"]) == (
        {"input_tokens": 300, "output_tokens": 40},
        "gemini-2.5-flash",
    )
    assert statuses(output)["item_001"]["status"] == "truncated"


def test_gemini_retry_delay_in_the_error_body_is_honoured(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Gemini's 429 says how long to wait in its body (RetryInfo.retryDelay), not in
    a Retry-After header: the backoff ignored it and ran out before the quota came back."""
    body = {
        "error": {
            "code": 429,
            "message": "You exceeded your current quota",
            "status": "RESOURCE_EXHAUSTED",
            "details": [
                {"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": []},
                {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "1s"},
            ],
        }
    }
    output = tmp_path / "out.json"
    with FakeEndpoint("gemini_native", dataset) as fake:
        fake.script("item_000", Raw(429, json.dumps(body).encode()))
        result, _ = run(settings_for(fake, dataset, output, concurrency=1))
    first, second = fake.requests_for("item_000")
    assert second.at - first.at >= 1.0, f"retried after {second.at - first.at:.2f} s"
    assert result.ok == 3 and statuses(output)["item_000"]["attempts"] == 2


def test_an_answer_longer_than_is_read_fails_saying_so(dataset: RunDataset, tmp_path: Path) -> None:
    """Past 1,000,000 characters an answer is cut before reading; the entries before
    the cut were kept as the whole answer."""
    runaway = {**HAT, "description": "and so on " * 110_000}
    text = json.dumps({"differences": [CAT, DOG, runaway]})
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Reply(text))
        run(settings_for(fake, dataset, output))
    entry = statuses(output)["item_000"]
    assert entry["status"] == "failed"
    assert entry["error"].endswith(
        "; the answer is longer than 1,000,000 characters, and its JSON was cut there"
    )
