"""Red team round 19: replies and reruns that `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` on 127.0.0.1,
as in test_runner.py, and pins one fix.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from event_replies import events
from fake_endpoints import (
    Fail,
    FakeEndpoint,
    Raw,
    Reply,
    RunDataset,
    make_run_dataset,
    predicted,
    run,
    settings_for,
    statuses,
)
from PIL import Image

from spotdiff_eval.errors import SpotDiffError
from spotdiff_eval.runner import merge_predictions


@pytest.fixture
def dataset(tmp_path: Path) -> RunDataset:
    return make_run_dataset(tmp_path / "ds", 3)


CAT, DOG = (
    {"kind": "object_removed", "subject": "cat"},
    {"kind": "object_added", "subject": "dog"},
)
DRAFT = json.dumps({"differences": [CAT]})
FINAL = json.dumps({"differences": [CAT, DOG]})


# -- reasoning the server did not take out ---------------------------------------------


def test_reasoning_whose_opening_tag_was_in_the_prompt_is_not_read_as_the_answer(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """DeepSeek-R1, QwQ and Qwen3 served without a reasoning parser (vLLM, Ollama,
    llama.cpp): the chat template opens ``<think>`` in the prompt, so the reply
    starts inside the reasoning and only ``</think>`` shows. A draft fenced in
    that reasoning was taken over the final answer after it."""
    text = f"The left panel has a cat...\n```json\n{DRAFT}\n```\nAnd a dog?</think>\n\n{FINAL}"
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Reply(text))
        run(settings_for(fake, dataset, output))
    assert predicted(output)["item_000"]["differences"] == [CAT, DOG]


def test_an_answer_that_never_leaves_its_reasoning_fails_its_item(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """A ``<think>`` block never closed (the server stopped at a stop sequence, or
    the model ran out of steam without a token-limit flag): a draft inside it
    was recorded as the answer."""
    output = tmp_path / "out.json"
    with FakeEndpoint("anthropic", dataset) as fake:
        fake.script("item_000", Reply(f"<think>\nMaybe {DRAFT}, let me check the dog"))
        result, _ = run(settings_for(fake, dataset, output))
    entry = statuses(output)["item_000"]
    assert entry["status"] == "failed" and result.failed == 1
    assert entry["error"] == (
        "the answer is only reasoning: its <think> block never ends, and no answer follows"
    )
    assert "item_000" not in predicted(output)


# -- --resume after the dataset changed ---------------------------------------------------


def test_resume_refuses_answers_to_images_that_have_changed_since(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """``spotdiff generate`` with another ``--seed`` (or a dataset revision that
    fixed an image) keeps the dataset's name, version and item ids: --resume
    kept the answers about the old images beside answers about the new ones."""
    output = tmp_path / "out.json"
    image = dataset.manifest.parent / "images" / "item_001.png"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_002", Fail(400, "bad request"))
        run(settings_for(fake, dataset, output))
        assert statuses(output)["item_001"]["image_sha256"] == (
            hashlib.sha256(image.read_bytes()).hexdigest()
        )
        before = output.read_bytes()
        Image.new("RGB", (4, 8), (250, 1, 1)).save(image)  # another picture
        with pytest.raises(SpotDiffError) as caught:
            run(settings_for(fake, dataset, output, resume=True))
        assert caught.value.one_line() == (
            f"{output}: /run/items/1: comes from a different dataset (the image of item "
            '"item_001" has changed since it was answered); choose another --output'
        )
        assert output.read_bytes() == before
        # the images of answered items may be gone: nothing to compare, nothing refused
        image.unlink()
        result, _ = run(settings_for(fake, dataset, output, resume=True))
    assert result.ok == 3 and result.earlier == 2
    assert fake.counts() == {"item_000": 1, "item_001": 1, "item_002": 2}


# -- answers cut off by another limit than the answer's -----------------------------------


@pytest.mark.parametrize(
    ("protocol", "reason"),
    [("anthropic", "model_context_window_exceeded"), ("openai_compatible", "model_length")],
)
def test_an_answer_cut_off_by_the_context_window_is_truncated(
    protocol: str, reason: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """Anthropic's ``model_context_window_exceeded`` and Mistral's ``model_length``
    stop an answer where the model's context ends: it was read as a whole
    answer (a complete draft before the cut was kept as "ok"), or failed as
    "unfinished" instead of being recorded as truncated."""
    text = f"{DRAFT}\nLet me check again: " + FINAL[:-20]
    if protocol == "anthropic":
        body = {"content": [{"type": "text", "text": text}], "stop_reason": reason}
    else:
        body = {"choices": [{"message": {"content": text}, "finish_reason": reason}]}
    output = tmp_path / "out.json"
    with FakeEndpoint(protocol, dataset) as fake:
        fake.script("item_000", Raw(200, json.dumps(body).encode()))
        result, _ = run(settings_for(fake, dataset, output))
    entry = statuses(output)["item_000"]
    assert (entry["status"], result.truncated) == ("truncated", 1)
    assert entry["error"].startswith("the answer was cut off at the token limit")
    assert "item_000" not in predicted(output)


# -- a streamed reply whose stream was cut -------------------------------------------------


def _cut_stream(protocol: str, text: str) -> Raw:
    """The first events of a stream of ``text``, without the ones that end it."""
    if protocol == "openai_compatible":
        delta = {"choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}]}
        return events({"choices": [{"index": 0, "delta": {"role": "assistant"}}]}, delta)
    if protocol == "anthropic":
        return events(
            {"type": "message_start", "message": {"model": "claude-x"}},
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text"}},
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "text_delta", "text": text},
            },
        )
    return events({"candidates": [{"content": {"parts": [{"text": text}]}}]})


@pytest.mark.parametrize("protocol", ["openai_compatible", "gemini_native", "anthropic"])
def test_a_stream_that_ends_before_its_last_event_is_asked_again(
    protocol: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """A proxy that gives up on a long stream (an idle timeout) and closes it
    cleanly: the stream never said how the answer ended (no finish reason,
    ``[DONE]`` or ``message_stop``), and the complete draft before the cut was
    kept as the answer, or the item failed as "unfinished", and was not retried."""
    output = tmp_path / "out.json"
    with FakeEndpoint(protocol, dataset) as fake:
        fake.script("item_000", _cut_stream(protocol, f"{DRAFT}\nWait, also " + FINAL[:20]))
        fake.script("item_001", _cut_stream(protocol, FINAL[:30]), _cut_stream(protocol, "{"))
        run(settings_for(fake, dataset, output, retries=1))
    seen = statuses(output)
    assert (seen["item_000"]["status"], seen["item_000"]["attempts"]) == ("ok", 2)
    assert predicted(output)["item_000"]["differences"] == [
        {"kind": "object_removed", "subject": "flag_of_item_000"}  # the server's good answer
    ]
    assert (seen["item_001"]["status"], seen["item_001"]["attempts"]) == ("failed", 2)
    assert seen["item_001"]["error"] == (
        "the reply's event stream ended before the answer did (gave up after 2 attempts)"
    )


# -- credentials in --extra-body ---------------------------------------------------------

SEARCH_KEY = "srch-9f8e7d6c5b4a39281706"


def test_a_credential_in_extra_body_is_sent_but_never_written(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Azure OpenAI's "On your data" takes the search service's key in the request
    body, and LiteLLM proxies an ``api_key``: --extra-body is the only way to
    send them, and the run object recorded them in the predictions file, the
    one a submission commits publicly. Only the token and URL credentials were
    redacted."""
    extra = {
        "data_sources": [
            {
                "type": "azure_search",
                "parameters": {
                    "index_name": "scenes",
                    "authentication": {"type": "api_key", "key": SEARCH_KEY},
                },
            }
        ],
        "metadata": {"apiKey": SEARCH_KEY[::-1], "max_tokens_note": "keep"},
    }
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(400, f"invalid search key {SEARCH_KEY}"))
        result, stream = run(settings_for(fake, dataset, output, extra_body=json.dumps(extra)))
        sent = fake.requests_for("item_001")[0].body
    assert sent["data_sources"] == extra["data_sources"]  # the provider still gets it
    text = output.read_text(encoding="utf-8")
    assert SEARCH_KEY not in text + stream and SEARCH_KEY[::-1] not in text + stream
    recorded = json.loads(text)["run"]["parameters"]["extra_body"]
    parameters = recorded["data_sources"][0]["parameters"]
    assert parameters["authentication"] == {"type": "api_key", "key": "[redacted]"}
    assert parameters["index_name"] == "scenes"
    assert recorded["metadata"] == {"apiKey": "[redacted]", "max_tokens_note": "keep"}
    assert statuses(output)["item_000"]["error"] == "HTTP 400: invalid search key [redacted]"
    assert result.ok == 2


# -- a server that asks for a longer wait than a run makes -----------------------------------


def test_a_wait_longer_than_a_run_waits_stops_the_run(dataset: RunDataset, tmp_path: Path) -> None:
    """A daily quota used up: Gemini's 429 asks for hours. The wait was cut to
    ``retry_after_max`` (10 minutes), every worker paused for it, the retries
    failed alike and the next item started over: hours per item, for a run
    that could only fail. The run now stops at once, saying why and for how long."""
    body = {
        "error": {
            "code": 429,
            "message": "Quota exceeded for metric: generate_content_requests_per_day",
            "status": "RESOURCE_EXHAUSTED",
            "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "30s"}],
        }
    }
    output = tmp_path / "out.json"
    quota = Raw(429, json.dumps(body).encode())
    with FakeEndpoint("gemini_native", dataset, default=lambda _item: quota) as fake:
        settings = settings_for(fake, dataset, output, concurrency=1, retry_after_max=0.2)
        result, stream = run(settings)
    assert sum(fake.counts().values()) == 1
    assert result.error is not None and result.ok == 0
    assert "asks to wait 30 s" in stream
    entry = statuses(output)["item_000"]
    assert (entry["status"], entry["http_status"]) == ("failed", 429)
    assert entry["error"] == (
        "HTTP 429: Quota exceeded for metric: generate_content_requests_per_day (the server "
        "asks to wait 30 s, longer than a run waits, 0.2 s: run again with --resume later)"
    )
    assert [statuses(output)[i]["status"] for i in dataset.item_ids[1:]] == ["skipped"] * 2


def test_merge_refuses_a_shard_whose_answered_images_have_changed_since(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Shards run on two machines, one of them on a dataset regenerated with
    another seed: the same name, version and item ids, other pictures."""
    image = dataset.manifest.parent / "images" / "item_001.png"
    shards = [tmp_path / "shard1.json", tmp_path / "shard2.json"]
    with FakeEndpoint("openai_compatible", dataset) as fake:
        for number, path in enumerate(shards, start=1):
            run(settings_for(fake, dataset, path, shard=(number, 2)))
    Image.new("RGB", (4, 8), (250, 1, 1)).save(image)
    with pytest.raises(SpotDiffError) as caught:
        merge_predictions(shards, tmp_path / "all.json", dataset.manifest)
    assert caught.value.one_line() == (
        f"{shards[1]}: /run/items/0: comes from a different dataset (the image of item "
        '"item_001" has changed since it was answered)'
    )


def test_resume_refuses_answers_from_another_endpoint_as_merge_does(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """``merge`` refuses shards run against different hosts, but --resume against
    another host wrote such a file, under the new host's name alone."""
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, output, limit=1))
        elsewhere = fake.endpoint().replace("127.0.0.1", "localhost")
        with pytest.raises(SpotDiffError) as caught:
            run(settings_for(fake, dataset, output, endpoint=elsewhere, resume=True))
    assert caught.value.one_line() == (
        f'{output}: /run/endpoint_host: comes from a run against "127.0.0.1", not '
        '"localhost"; choose another --output'
    )


# -- an answer whose list sits deeper ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"result": {"differences": [%s, %s]}}',
        # the predictions file's own shape, which a model shown it may copy
        '{"schema_version": "1.0", "model": "m", "items": [{"item_id": "item_000", '
        '"differences": [%s, %s]}]}',
    ],
    ids=["wrapped", "file-shape"],
)
def test_a_list_of_differences_inside_a_wrapper_is_read(
    text: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """A wrapper object failed the item as "no JSON list", and the predictions
    file's shape was read as a list of two unreadable differences: "ok", with
    no difference at all."""
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Reply(text % (json.dumps(CAT), json.dumps(DOG))))
        run(settings_for(fake, dataset, output))
    assert predicted(output)["item_000"]["differences"] == [CAT, DOG]
    assert statuses(output)["item_000"]["warnings"] == []


def test_an_answer_none_of_whose_differences_can_be_read_fails_its_item(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Every entry dropped left an "ok" item with no difference, which reads as
    "the model saw none" (and --resume never asked again)."""
    text = json.dumps(
        {"differences": [{"description": "The flag is gone"}, {"kind": "oddity", "subject": "x"}]}
    )
    output = tmp_path / "out.json"
    with FakeEndpoint("anthropic", dataset) as fake:
        fake.script("item_000", Reply(text), Reply(json.dumps({"differences": []})))
        result, _ = run(settings_for(fake, dataset, output))
        entry = statuses(output)["item_000"]
        assert entry["status"] == "failed" and result.failed == 1
        assert entry["error"] == (
            "none of the 2 differences in the answer could be read: differences[0]: no kind; "
            'dropped; differences[1]: unknown kind "oddity"; dropped'
        )
        result, _ = run(settings_for(fake, dataset, output, resume=True))
    # an empty list is an answer: the model saw no difference
    assert result.ok == 3 and predicted(output)["item_000"]["differences"] == []
