"""`spotdiff run` and `spotdiff merge` against real loopback servers of all three protocols.

Every test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` on
127.0.0.1: the requests are checked as the server received them, and the
server answers with good, fenced, prose and broken answers, 429s, 5xx,
slow answers and dropped connections. Waits are kept short by tiny backoff
bases and timeouts; the CLI's defaults are not used for those.
"""

from __future__ import annotations

import base64
import email.utils
import io
import json
import shlex
import subprocess
import sys
import time
import zipfile
from contextlib import ExitStack
from pathlib import Path

import pytest
from conftest import REPO, read_json, run_cli
from fake_endpoints import (
    PROTOCOLS,
    TOKEN,
    TOKEN_HEADERS,
    Drop,
    Fail,
    FakeEndpoint,
    Raw,
    Reply,
    RunDataset,
    Slow,
    Trickle,
    answered,
    good_answer,
    make_run_dataset,
    run,
    settings_for,
    statuses,
)

from spotdiff_eval.cli import build_parser, main
from spotdiff_eval.datasets._predictions import load_predictions
from spotdiff_eval.errors import SpotDiffError
from spotdiff_eval.runner import run_model, summary_line

LAYOUT_SENTENCES = {
    "side_by_side": "The first panel is the left one and the second panel is the right one.",
    "top_bottom": "The first panel is the top one and the second panel is the bottom one.",
}


@pytest.fixture
def dataset(tmp_path: Path) -> RunDataset:
    return make_run_dataset(tmp_path / "ds", 4)


# -- the request on the wire ----------------------------------------------------------


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_request_shape_is_exactly_the_protocol(
    protocol: str, dataset: RunDataset, tmp_path: Path
) -> None:
    with FakeEndpoint(protocol, dataset) as fake:
        result, _ = run(
            settings_for(
                fake, dataset, tmp_path / "out.json", limit=2, temperature=0.2, max_tokens=777
            )
        )
    assert result.ok == 2
    header, prefix = TOKEN_HEADERS[protocol]
    for seen in fake.seen:
        item = seen.item_id
        assert item in ("item_000", "item_001")
        data = base64.b64encode(dataset.images[item]).decode()
        assert seen.headers[header.lower()] == prefix + TOKEN
        assert seen.headers["content-type"] == "application/json"
        if header != "Authorization":
            assert "authorization" not in seen.headers
        if protocol == "openai_compatible":
            assert seen.path == "/v1/chat/completions"
            prompt = seen.body["messages"][0]["content"][1]["text"]
            assert seen.body == {
                "model": "test-model",
                "messages": [
                    {
                        "role": "user",
                        "content": [
                            {
                                "type": "image_url",
                                "image_url": {"url": f"data:image/png;base64,{data}"},
                            },
                            {"type": "text", "text": prompt},
                        ],
                    }
                ],
                "temperature": 0.2,
                "max_tokens": 777,
            }
        elif protocol == "gemini_native":
            assert seen.path == "/v1beta/models/test-model:generateContent"
            prompt = seen.body["contents"][0]["parts"][1]["text"]
            assert seen.body == {
                "contents": [
                    {
                        "role": "user",
                        "parts": [
                            {"inline_data": {"mime_type": "image/png", "data": data}},
                            {"text": prompt},
                        ],
                    }
                ],
                "generationConfig": {"temperature": 0.2, "maxOutputTokens": 777},
            }
        else:
            assert seen.path == "/v1/messages"
            assert seen.headers["anthropic-version"] == "2023-06-01"
            prompt = seen.body["messages"][0]["content"][1]["text"]
            assert seen.body == {
                "model": "test-model",
                "max_tokens": 777,
                "messages": [
                    {
                        "role": "user",
                        "content": [
                            {
                                "type": "image",
                                "source": {
                                    "type": "base64",
                                    "media_type": "image/png",
                                    "data": data,
                                },
                            },
                            {"type": "text", "text": prompt},
                        ],
                    }
                ],
                "temperature": 0.2,
            }
        assert LAYOUT_SENTENCES[dataset.layouts[item]] in prompt
        assert "{first}" not in prompt and '"differences"' in prompt


def test_optional_parameters_are_sent_only_when_given(dataset: RunDataset, tmp_path: Path) -> None:
    bodies = {}
    for protocol in PROTOCOLS:
        with FakeEndpoint(protocol, dataset) as fake:
            run(settings_for(fake, dataset, tmp_path / f"{protocol}.json", limit=1))
        bodies[protocol] = fake.seen[0].body
    assert {"temperature", "max_tokens"}.isdisjoint(bodies["openai_compatible"])
    assert "generationConfig" not in bodies["gemini_native"]
    assert "temperature" not in bodies["anthropic"]
    assert bodies["anthropic"]["max_tokens"] == 4096  # the messages API requires one
    run_object = read_json(tmp_path / "anthropic.json")["run"]
    assert run_object["parameters"]["max_tokens"] == 4096
    assert run_object["parameters"]["temperature"] is None


def test_max_completion_tokens_and_extra_body_reach_the_request_and_the_provenance(
    dataset: RunDataset, tmp_path: Path
) -> None:
    output = tmp_path / "out.json"
    extra = {"reasoning_effort": "high", "metadata": {"run": "nightly"}}
    with FakeEndpoint("openai_compatible", dataset) as fake:
        result = run_cli(
            "run", "--endpoint", fake.endpoint(), "--model", "o4-mini",
            "--manifest", dataset.manifest, "--output", output, "--limit", "1",
            "--max-completion-tokens", "16000", "--extra-body", json.dumps(extra),
        )  # fmt: skip
    assert result.returncode == 0, result.stderr
    body = fake.seen[0].body
    assert body["max_completion_tokens"] == 16000 and "max_tokens" not in body
    assert (body["reasoning_effort"], body["metadata"]) == ("high", {"run": "nightly"})
    assert body["model"] == "o4-mini" and body["messages"][0]["role"] == "user"
    parameters = read_json(output)["run"]["parameters"]
    assert (parameters["max_completion_tokens"], parameters["max_tokens"]) == (16000, None)
    assert parameters["extra_body"] == extra
    # other extra fields are another question: --resume refuses to mix the answers
    with pytest.raises(SpotDiffError, match=r"parameters\.extra_body is"):
        run(
            settings_for(
                fake, dataset, output, model="o4-mini", resume=True, max_completion_tokens=16000
            )
        )


def test_gemini_extra_body_joins_the_generation_config(dataset: RunDataset, tmp_path: Path) -> None:
    options = tmp_path / "options.json"
    options.write_text('{"generationConfig": {"thinkingConfig": {"thinkingBudget": 0}}}')
    with FakeEndpoint("gemini_native", dataset) as fake:
        run(
            settings_for(
                fake, dataset, tmp_path / "g.json", limit=1, temperature=0.0,
                extra_body_file=options,
            )
        )  # fmt: skip
    assert fake.seen[0].body["generationConfig"] == {
        "temperature": 0.0,
        "thinkingConfig": {"thinkingBudget": 0},
    }


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["--extra-body", '{"messages": []}'],
            "--extra-body: /messages: is set by spotdiff run itself (the runner fills it)",
        ),
        (
            ["--extra-body", '{"temperature": 1}'],
            "--extra-body: /temperature: is set by spotdiff run itself (use --temperature)",
        ),
        (
            [
                "--protocol",
                "gemini_native",
                "--temperature",
                "0",
                "--extra-body",
                '{"generationConfig": 5}',
            ],
            "--extra-body: /generationConfig: is set by spotdiff run itself",
        ),
        (
            ["--extra-body", "[1]"],
            "--extra-body: /: expected a JSON object, found a list",
        ),
        (
            ["--extra-body", "{nope"],
            "--extra-body: line 1 column 2: invalid JSON: Expecting property name enclosed in "
            "double quotes",
        ),
        (
            ["--extra-body", "{}", "--extra-body-file", "x.json"],
            "--extra-body: give --extra-body or --extra-body-file, not both",
        ),
        (
            ["--protocol", "anthropic", "--max-completion-tokens", "100"],
            "--max-completion-tokens: is OpenAI's field, sent with --protocol openai_compatible "
            "only; use --max-tokens",
        ),
        (
            ["--max-tokens", "100", "--max-completion-tokens", "100"],
            "--max-completion-tokens: give it or --max-tokens, not both (reasoning models refuse "
            "max_tokens)",
        ),
    ],
)
def test_bad_extra_body_and_token_limits_are_refused_before_any_request(
    args: list[str], expected: str, dataset: RunDataset, tmp_path: Path
) -> None:
    with FakeEndpoint("openai_compatible", dataset) as fake:
        result = run_cli(
            "run", "--endpoint", fake.endpoint(), "--model", "m", "--manifest", dataset.manifest,
            "--output", tmp_path / "o.json", *args,
        )  # fmt: skip
    assert (result.returncode, result.stderr) == (1, f"spotdiff: error: {expected}\n")
    assert fake.seen == [] and not (tmp_path / "o.json").exists()


# -- answers ------------------------------------------------------------------------


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_good_fenced_prose_and_invalid_answers(
    protocol: str, dataset: RunDataset, tmp_path: Path
) -> None:
    removal = {"kind": "object_removed", "subject": "kite"}
    change = {"kind": "attribute_change", "subject": "car", "from": "red", "to": "green"}
    with FakeEndpoint(protocol, dataset) as fake:
        fake.script("item_000", Reply(json.dumps({"differences": [removal]})))
        fake.script("item_001", Reply("```json\n" + json.dumps([change]) + "\n```"))
        fake.script(
            "item_002",
            Reply(
                'I compared both panels.\n{"differences": [{"kind": "removed", '
                '"subject": "kite"}]}\nThat is all.'
            ),
        )
        fake.script("item_003", Reply('{"differences": [{"kind": "object_removed", "subj'))
        output = tmp_path / "out.json"
        result, _ = run(settings_for(fake, dataset, output))
    assert (result.ok, result.failed, result.skipped) == (3, 1, 0)
    assert (result.input_tokens, result.output_tokens) == (4000, 200)
    loaded = load_predictions(output)
    assert [item.item_id for item in loaded.items] == ["item_000", "item_001", "item_002"]
    document = read_json(output)
    assert document["items"][0]["differences"] == [removal]
    assert document["items"][1]["differences"] == [change]
    assert document["items"][2]["differences"] == [removal]
    failed = statuses(output)["item_003"]
    assert failed["status"] == "failed" and failed["http_status"] == 200
    assert failed["error"].startswith("no JSON list of differences in the answer: ")
    assert failed["usage"] == {"input_tokens": 1000, "output_tokens": 50}


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_truncated_answer_is_not_an_answer_and_resume_asks_again(
    protocol: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """A complete-looking list cut off by the token limit may lack differences."""
    output = tmp_path / "out.json"
    with FakeEndpoint(protocol, dataset) as fake:
        fake.script("item_001", Reply(truncated=True))
        first, _ = run(settings_for(fake, dataset, output, max_tokens=50))
        entry = statuses(output)["item_001"]
        totals = read_json(output)["run"]["totals"]
        second, _ = run(settings_for(fake, dataset, output, max_tokens=50, resume=True))
    assert (first.ok, first.truncated, first.failed, first.unanswered) == (3, 1, 0, 1)
    assert entry["status"] == "truncated"
    assert (
        entry["error"] == "the answer was cut off at the token limit; raise --max-tokens (now 50)"
    )
    assert entry["usage"] == {"input_tokens": 1000, "output_tokens": 50}
    assert (totals["ok"], totals["truncated"]) == (3, 1)
    assert "truncated" in summary_line(first)
    assert fake.counts()["item_001"] == 2
    assert (second.ok, second.truncated, second.earlier) == (4, 0, 3)
    assert answered(output) == dataset.item_ids


def test_the_model_version_the_server_names_is_recorded(
    dataset: RunDataset, tmp_path: Path
) -> None:
    for protocol in PROTOCOLS:
        output = tmp_path / f"{protocol}.json"
        with FakeEndpoint(protocol, dataset, version=f"{protocol}-v7") as fake:
            run(settings_for(fake, dataset, output, limit=2))
        run_object = read_json(output)["run"]
        assert run_object["model_versions"] == [f"{protocol}-v7"]
        assert [e["model_version"] for e in run_object["items"]] == [f"{protocol}-v7"] * 2
    with FakeEndpoint("openai_compatible", dataset, version=None) as fake:
        run(settings_for(fake, dataset, tmp_path / "none.json", limit=1))
    assert read_json(tmp_path / "none.json")["run"]["model_versions"] == []


def test_repairs_are_kept_and_recorded_as_warnings(dataset: RunDataset, tmp_path: Path) -> None:
    answer = [
        {"type": "Added", "object": "Bird", "count": "3", "bbox": [1, 2]},
        {"kind": "teleported", "subject": "cat"},
        {"kind": "color change", "subject": "door", "from": "red", "to": "blue"},
    ]
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Reply(json.dumps(answer)))
        result, _ = run(settings_for(fake, dataset, tmp_path / "out.json", limit=1))
    assert result.ok == 1 and result.warnings == 2
    assert read_json(tmp_path / "out.json")["items"][0]["differences"] == [
        {"kind": "object_added", "subject": "Bird", "count": 3},
        {"kind": "attribute_change", "subject": "door", "from": "red", "to": "blue"},
    ]
    assert statuses(tmp_path / "out.json")["item_000"]["warnings"] == [
        "differences[0]: dropped unknown field(s) bbox",
        'differences[1]: unknown kind "teleported"; dropped',
    ]


# -- a flaky provider ---------------------------------------------------------------


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_retries_429_5xx_timeouts_and_dropped_connections(protocol: str, tmp_path: Path) -> None:
    dataset = make_run_dataset(tmp_path / "ds", 5)
    with FakeEndpoint(protocol, dataset) as fake:
        fake.script("item_000", Fail(429, "slow down", headers=(("Retry-After", "1"),)))
        fake.script("item_001", Fail(500, "internal"), Fail(503, "overloaded"))
        fake.script("item_002", Slow(0.8))
        fake.script("item_003", Drop(), Drop(mid_body=True))
        fake.script("item_004", Fail(400, "image too large"))
        output = tmp_path / "out.json"
        result, stream = run(settings_for(fake, dataset, output, concurrency=5, timeout=0.3))
    seen = statuses(output)
    assert [seen[i]["attempts"] for i in dataset.item_ids] == [2, 3, 2, 3, 1]
    assert [seen[i]["status"] for i in dataset.item_ids] == ["ok"] * 4 + ["failed"]
    assert fake.counts() == {
        "item_000": 2,
        "item_001": 3,
        "item_002": 2,
        "item_003": 3,
        "item_004": 1,
    }
    first, second = fake.requests_for("item_000")
    assert second.at - first.at >= 1.0, "Retry-After: 1 was not honoured"
    assert seen["item_004"]["http_status"] == 400
    assert seen["item_004"]["error"] == "HTTP 400: image too large"
    assert "spotdiff: warning: item_004: HTTP 400: image too large\n" in stream
    assert result.error is None and (result.ok, result.failed) == (4, 1)


@pytest.mark.parametrize("form", ["seconds", "date"])
def test_a_retry_after_pauses_every_worker(form: str, dataset: RunDataset, tmp_path: Path) -> None:
    """The server asks the whole client to slow down, not only the worker it answered."""
    value = "2" if form == "seconds" else email.utils.formatdate(time.time() + 3, usegmt=True)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(429, "slow down", headers=(("Retry-After", value),)))
        fake.script("item_001", Reply(delay=0.3))  # the other worker's next item comes later
        output = tmp_path / "out.json"
        result, _ = run(settings_for(fake, dataset, output, concurrency=2))
    told = fake.requests_for("item_000")[0].at
    later = [fake.requests_for(i)[0].at - told for i in ("item_002", "item_003")]
    assert min(later) >= 1.0, f"another worker asked {min(later):.2f} s into the pause"
    assert fake.requests_for("item_000")[1].at - told >= 1.0
    assert result.ok == 4 and statuses(output)["item_000"]["attempts"] == 2


@pytest.mark.parametrize(
    ("status", "error", "hint"),
    [
        (403, "HTTP 403: forbidden", "check the token in $SPOTDIFF_API_TOKEN"),
        (404, "HTTP 404: no such model", "check --endpoint and --model"),
        (302, "HTTP 302: the endpoint redirects elsewhere; give the final URL as --endpoint", ""),
    ],
    ids=["forbidden", "not-found", "redirect"],
)
def test_forbidden_unknown_and_redirected_endpoints_stop_the_run_at_once(
    status: int, error: str, hint: str, dataset: RunDataset, tmp_path: Path
) -> None:
    message = error.removeprefix(f"HTTP {status}: ")
    headers = (("Location", "http://127.0.0.1:9/elsewhere"),) if status == 302 else ()
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(status, message, headers=headers))
        output = tmp_path / "out.json"
        result, _ = run(settings_for(fake, dataset, output, concurrency=1, retries=3))
    assert fake.counts() == {"item_000": 1}  # neither retried nor followed
    seen = statuses(output)
    assert (seen["item_000"]["error"], seen["item_000"]["http_status"]) == (error, status)
    assert [seen[i]["status"] for i in dataset.item_ids] == ["failed"] + ["skipped"] * 3
    assert result.error is not None and result.error.what.startswith(error)
    assert hint in result.error.what


def test_gives_up_after_the_retries_with_the_reason(dataset: RunDataset, tmp_path: Path) -> None:
    def always(item: str | None):
        return {
            "item_000": Fail(502, "bad gateway"),
            "item_001": Slow(1.0),
            "item_002": Drop(),
            # round 23: not an HTML page, which stops the run (test_runner_round23)
            "item_003": Raw(200, b"oops, not json"),
        }[item]

    with FakeEndpoint("openai_compatible", dataset, default=always) as fake:
        output = tmp_path / "out.json"
        result, _ = run(settings_for(fake, dataset, output, retries=1, timeout=0.3))
    seen = statuses(output)
    assert seen["item_000"]["error"] == "HTTP 502: bad gateway (gave up after 2 attempts)"
    assert seen["item_001"]["error"] == "no answer within 0.3 s (gave up after 2 attempts)"
    assert seen["item_002"]["error"] == (
        "connection failed: the server closed the connection without answering "
        "(gave up after 2 attempts)"
    )
    assert seen["item_003"]["error"] == "the reply is not JSON: oops, not json"
    assert seen["item_003"]["attempts"] == 1  # a 200 that is not JSON is not retried
    assert result.failed == 4 and answered(output) == []


def test_a_bug_fails_the_item_with_its_traceback_redacted_and_the_run_goes_on(
    dataset: RunDataset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected error keeps its exception chain, never the token or the machine's folders."""
    from spotdiff_eval.runner import engine

    real = engine.read_image

    def buggy(path: Path) -> tuple[bytes, str]:
        if path.name != "item_001.png":
            return real(path)
        try:
            {}["usage"]
        except KeyError as exc:
            raise ValueError(f"image of {TOKEN} not understood") from exc

    monkeypatch.setattr(engine, "read_image", buggy)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        output = tmp_path / "out.json"
        result, stream = run(settings_for(fake, dataset, output, concurrency=1))
    seen = statuses(output)
    assert [seen[i]["status"] for i in dataset.item_ids] == ["ok", "failed", "ok", "ok"]
    failed = seen["item_001"]
    assert failed["error"] == "internal error: ValueError: image of [redacted] not understood"
    trace = failed["traceback"]
    assert trace.startswith("Traceback (most recent call last):\n")
    assert "KeyError: 'usage'" in trace
    assert "The above exception was the direct cause of the following exception" in trace
    assert 'File "spotdiff_eval/runner/engine.py", line ' in trace
    assert 'File "test_runner.py", line ' in trace  # tests/ is on the import path
    assert trace.endswith("ValueError: image of [redacted] not understood\n")
    assert TOKEN not in output.read_text() + stream
    assert str(REPO) not in trace and str(tmp_path) not in trace
    assert all("traceback" not in seen[i] for i in ("item_000", "item_002", "item_003"))
    assert result.failed == 1 and result.ok == 3


@pytest.mark.parametrize("headers", [False, True], ids=["body", "headers"])
def test_timeout_bounds_the_whole_exchange_of_a_trickling_server(
    headers: bool, dataset: RunDataset, tmp_path: Path
) -> None:
    """A byte every 50 ms never lets one read time out; the attempt's deadline must."""
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Trickle(0.05, headers=headers))
        output = tmp_path / "out.json"
        started = time.monotonic()
        result, _ = run(settings_for(fake, dataset, output, limit=1, timeout=0.5, retries=0))
        elapsed = time.monotonic() - started
    assert elapsed < 2.0, f"the run took {elapsed:.1f} s under a 0.5 s timeout"
    what = "no answer" if headers else "no complete answer"
    assert (
        statuses(output)["item_000"]["error"] == f"{what} within 0.5 s (gave up after 1 attempts)"
    )
    assert result.failed == 1


def test_a_refused_token_stops_the_run_and_never_leaks(dataset: RunDataset, tmp_path: Path) -> None:
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(401, f"Incorrect API key provided: {TOKEN}."))
        output = tmp_path / "out.json"
        result, stream = run(settings_for(fake, dataset, output, concurrency=1))
    assert fake.counts() == {"item_000": 1}
    assert result.error is not None
    assert result.error.one_line() == (
        "127.0.0.1: item_000: HTTP 401: Incorrect API key provided: [redacted].; check the "
        "token in $SPOTDIFF_API_TOKEN and --token-header/--token-prefix. The run stopped; "
        f"finished items are saved in {output}: fix the problem and run again with --resume"
    )
    seen = statuses(output)
    assert [seen[i]["status"] for i in dataset.item_ids] == ["failed"] + ["skipped"] * 3
    assert seen["item_001"]["error"].startswith("not finished: the run stopped: HTTP 401")
    assert TOKEN not in output.read_text() + stream + result.error.one_line()


def test_token_and_url_key_never_reach_the_file_or_terminal(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Through the CLI: the server echoes the token in error bodies and in an answer."""
    url_key = "AIzaSyURLsecretKey123456"
    with FakeEndpoint("gemini_native", dataset) as fake:
        fake.script("item_000", Fail(500, f"backend saw key {TOKEN}"), Fail(400, f"bad {TOKEN}"))
        fake.script(
            "item_001",
            Reply(
                json.dumps(
                    [{"kind": "object_added", "subject": f"note {TOKEN}", "description": TOKEN}]
                )
            ),
        )
        output = tmp_path / "out.json"
        result = run_cli(
            "run",
            "--endpoint",
            fake.endpoint() + f"?key={url_key}",
            "--model",
            "gem",
            "--protocol",
            "gemini_native",
            "--token-header",
            "x-goog-api-key",
            "--token-prefix",
            "",
            "--manifest",
            dataset.manifest,
            "--output",
            output,
            "--concurrency",
            "1",
            "--retries",
            "1",
            env={"SPOTDIFF_API_TOKEN": TOKEN},
        )
    assert fake.seen[0].path.endswith(f"?key={url_key}")
    assert fake.seen[0].headers["x-goog-api-key"] == TOKEN
    text = output.read_text()
    for secret in (TOKEN, url_key):
        assert secret not in text + result.stdout + result.stderr
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"spotdiff: error: {output}: 1 of 4 items have no answer (see run.items); run the "
        "same command with --resume to ask again"
    )
    seen = statuses(output)
    assert seen["item_000"]["error"] == "HTTP 400: bad [redacted]"
    assert read_json(output)["items"][0]["differences"] == [
        {"kind": "object_added", "subject": "note [redacted]", "description": "[redacted]"}
    ]
    assert read_json(output)["run"]["endpoint_host"] == "127.0.0.1"


# -- the command line ------------------------------------------------------------------


def test_limit_one_writes_a_file_that_evaluate_scores(tmp_path: Path) -> None:
    output = tmp_path / "one.json"
    with FakeEndpoint("openai_compatible") as fake:
        result = run_cli(
            "run",
            "--endpoint",
            fake.endpoint(),
            "--model",
            "tiny-model",
            "--limit",
            "1",
            "--output",
            output,
            env={"SPOTDIFF_API_TOKEN": TOKEN},
        )
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith(
        "spotdiff run: 1 item: 1 ok, 0 failed, 0 skipped; tokens 1,000 in / 50 out; "
    )
    assert len(fake.seen) == 1
    report_path = tmp_path / "report.json"
    scored = run_cli("evaluate", "--predictions", output, "--output", report_path)
    assert scored.returncode == 0, scored.stderr
    report = read_json(report_path)
    assert report["predictions"]["model"] == "tiny-model"
    first = read_json(REPO / "data" / "manifest.json")["items"][0]["item_id"]
    assert first not in report["unanswered_items"]
    assert len(report["unanswered_items"]) == len(report["items"]) - 1


def _help_examples() -> list[list[str]]:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "command")
    text = subparsers.choices["run"].format_help()
    examples = text.split("examples:", 1)[1].replace("\\\n", " ")
    return [
        shlex.split(line)[1:]
        for line in examples.splitlines()
        if line.strip().startswith("spotdiff run") and "..." not in line
    ]


def test_help_examples_work_for_every_protocol(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    examples = _help_examples()
    protocols = [
        args[args.index("--protocol") + 1] if "--protocol" in args else "openai_compatible"
        for args in examples
    ]
    assert {"openai_compatible", "gemini_native", "anthropic"} <= set(protocols)
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("SPOTDIFF_API_TOKEN", TOKEN)
    with ExitStack() as stack:
        servers = {p: stack.enter_context(FakeEndpoint(p)) for p in PROTOCOLS}
        for args, protocol in zip(examples, protocols, strict=True):
            where = args.index("--endpoint") + 1
            scheme_and_host = "/".join(args[where].split("/", 3)[:3])
            args[where] = args[where].replace(scheme_and_host, servers[protocol].base)
            output = args.index("--output") + 1
            args[output] = str(tmp_path / Path(args[output]).name)
            if "--limit" not in args and "--resume" not in args:
                args += ["--limit", "1"]
            assert main(args) == 0, capsys.readouterr().err
            load_predictions(args[output])
    gemini = servers["gemini_native"].seen[0]
    assert gemini.path == "/v1beta/models/gemini-3.1-flash-lite:generateContent"
    assert gemini.headers["x-goog-api-key"] == TOKEN
    assert servers["anthropic"].seen[0].headers["x-api-key"] == TOKEN


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--shard", "3/2"], "argument --shard: shard 3/2: I must be between 1 and N"),
        (["--concurrency", "0"], "argument --concurrency: must be from 1 to 256, found 0"),
        # an absurd value is refused, not run: --retries 1e20 retried a dead endpoint for ever
        (
            ["--concurrency", "100000"],
            "argument --concurrency: must be from 1 to 256, found 100000",
        ),
        (
            ["--retries", "100000000000000000000"],
            "argument --retries: must be from 0 to 20, found 100000000000000000000",
        ),
        (["--retries", "-1"], "argument --retries: must be from 0 to 20, found -1"),
        (["--timeout", "nan"], "argument --timeout: must be a finite number, found 'nan'"),
        (["--protocol", "grpc"], "argument --protocol: invalid choice: 'grpc'"),
    ],
)
def test_bad_options_are_usage_errors(args: list[str], expected: str) -> None:
    result = run_cli(
        "run", "--endpoint", "http://127.0.0.1:9/x", "--model", "m", "--output", "o.json", *args
    )
    assert result.returncode == 2
    assert result.stderr.startswith(f"spotdiff: error: spotdiff run: {expected}")


def test_the_caps_are_checked_for_library_callers_too_and_documented(
    dataset: RunDataset, tmp_path: Path
) -> None:
    from spotdiff_eval.runner.settings import MAX_CONCURRENCY, MAX_RETRIES

    with FakeEndpoint("openai_compatible", dataset) as fake:
        for option, value, expected in (
            ("retries", MAX_RETRIES + 1, "--retries: must be from 0 to 20"),
            ("concurrency", MAX_CONCURRENCY + 1, "--concurrency: must be from 1 to 256"),
        ):
            with pytest.raises(SpotDiffError) as caught:
                run(settings_for(fake, dataset, tmp_path / "o.json", **{option: value}))
            assert caught.value.one_line() == expected
        result, _ = run(
            settings_for(fake, dataset, tmp_path / "o.json", retries=MAX_RETRIES, limit=1)
        )
    assert result.ok == 1 and fake.counts() == {"item_000": 1}
    assert not (tmp_path / "o.json.lock").exists()
    help_text = " ".join(run_cli("run", "--help").stdout.split())
    assert f"at once, at most {MAX_CONCURRENCY} (default: 4)" in help_text
    assert f"lost connection, at most {MAX_RETRIES} (default: 5)" in help_text
    guide = (REPO / "docs" / "running-models.md").read_text(encoding="utf-8")
    assert f"at most {MAX_CONCURRENCY}" in guide and f"at most {MAX_RETRIES}" in guide


def test_bad_endpoint_and_token_are_refused_without_echoing_them(tmp_path: Path) -> None:
    base = ["run", "--model", "m", "--output", tmp_path / "o.json"]
    result = run_cli(*base, "--endpoint", "ftp://host/x?key=hidden1234")
    assert result.stderr == (
        "spotdiff: error: --endpoint: must be a full http:// or https:// URL with a host name\n"
    )
    result = run_cli(
        *base, "--endpoint", "http://127.0.0.1:9/v1", env={"SPOTDIFF_API_TOKEN": "abc\ndef-secret"}
    )
    assert result.returncode == 1
    assert result.stderr == (
        "spotdiff: error: $SPOTDIFF_API_TOKEN: holds spaces, control or non-ASCII characters, "
        "which cannot be sent in a header\n"
    )


def test_wheel_carries_the_prompt(tmp_path: Path) -> None:
    """An installed package must find its prompt: hatch puts it in the wheel."""
    from hatchling.builders.wheel import WheelBuilder

    (wheel,) = WheelBuilder(str(REPO)).build(directory=str(tmp_path), versions=["standard"])
    with zipfile.ZipFile(wheel) as archive:
        packaged = archive.read("spotdiff_eval/prompts/spotdiff_v1.txt")
    assert packaged == (REPO / "spotdiff_eval" / "prompts" / "spotdiff_v1.txt").read_bytes()


def test_progress_and_note_go_to_a_terminal(dataset: RunDataset, tmp_path: Path) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_001", Fail(422, "unprocessable"))
        run_model(
            settings_for(fake, dataset, tmp_path / "o.json", concurrency=1),
            environ={},
            stream=stream,
        )
    text = stream.getvalue()
    assert text.startswith("spotdiff: note: $SPOTDIFF_API_TOKEN is not set; sending no token\n")
    assert "\rasking test-model 0/4 (0%)" in text
    assert "\r\x1b[Kspotdiff: warning: item_001: HTTP 422: unprocessable\n" in text
    assert "1 failed" in text and text.endswith("\r\x1b[K")
    assert "authorization" not in fake.seen[0].headers


@pytest.mark.parametrize("output", ["", ".", "/"])
def test_an_output_naming_a_folder_is_one_line(output: str, dataset: RunDataset) -> None:
    """Round 12's sweep: the output lock read an empty file name and raised a traceback.

    Since red team round 20 an empty path is a usage error (status 2) on every
    command, before any work: ``--output "$OUT"`` with ``OUT`` unset.
    """
    with FakeEndpoint("openai_compatible", dataset) as fake:
        result = run_cli(
            "run", "--endpoint", fake.endpoint(), "--model", "m",
            "--manifest", dataset.manifest, "--output", output, "--limit", "1",
        )  # fmt: skip
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    if output:
        assert result.returncode == 1
        assert result.stderr.strip().endswith("is a folder; --output must name a file")
    else:
        assert result.returncode == 2
        assert "--output: the path is empty" in result.stderr, result.stderr


def test_a_model_name_that_is_not_utf8_is_refused_before_asking() -> None:
    """Red team round 11: such a name crashed the final write, after the model was paid."""
    result = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "run", "--endpoint", "http://127.0.0.1:9/x",
         "--model", b"m\xff", "--output", "o.json"],
        capture_output=True,
        text=True,
        errors="replace",
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr == "spotdiff: error: --model: is not valid UTF-8\n"


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_reply_with_a_count_too_long_to_read_still_gives_its_answer(
    protocol: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """A token count of 5,000 digits is no count; the answer around it still counts."""
    with FakeEndpoint(protocol, dataset) as fake:
        first = dataset.item_ids[0]
        body = json.dumps(fake.success_body(good_answer(first), (1000, 50), False))
        body = body.replace("1000", "9" * 5000, 1)
        assert "9" * 5000 in body
        fake.script(first, Raw(200, body.encode()))
        output = tmp_path / "out.json"
        result, _ = run(settings_for(fake, dataset, output, concurrency=1))
    seen = statuses(output)
    assert seen[first]["status"] == "ok", seen[first]
    assert first in answered(output)
    assert result.input_tokens == 1000 * (len(dataset.item_ids) - 1)
