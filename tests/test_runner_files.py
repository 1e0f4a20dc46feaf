"""`spotdiff run` output on disk: the journal, kills and --resume, shards and `spotdiff merge`.

Every test runs against a :class:`fake_endpoints.FakeEndpoint` on 127.0.0.1,
as in test_runner.py; here the subject is what is written and read back.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import read_json, run_cli
from fake_endpoints import (
    TOKEN,
    Fail,
    FakeEndpoint,
    Reply,
    RunDataset,
    Slow,
    answered,
    journaled,
    make_run_dataset,
    run,
    run_arguments,
    settings_for,
    statuses,
)
from leaderboard_helpers import make_board

from spotdiff_eval.datasets._predictions import load_predictions
from spotdiff_eval.datasets._schema import validate_document
from spotdiff_eval.errors import SpotDiffError
from spotdiff_eval.runner import merge_predictions


@pytest.fixture
def dataset(tmp_path: Path) -> RunDataset:
    return make_run_dataset(tmp_path / "ds", 4)


def test_killed_run_keeps_finished_items_and_resume_does_not_repeat_them(
    tmp_path: Path,
) -> None:
    dataset = make_run_dataset(tmp_path / "ds", 6)
    output = tmp_path / "out.json"
    journal = tmp_path / "out.json.journal"
    env = {**os.environ, "SPOTDIFF_API_TOKEN": TOKEN}
    with FakeEndpoint("openai_compatible", dataset, delay=0.25) as fake:
        command = _run_command(fake, dataset, output)
        process = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        _wait_for(lambda: len(journaled(output)) >= 2)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        before = fake.counts()
    partial = journaled(output)
    assert 2 <= len(partial) < 6
    assert partial == dataset.item_ids[: len(partial)]  # one worker: in manifest order
    assert load_predictions(output).items == ()  # a valid file, as written at the start
    assert all(before[item] == 1 for item in partial)
    # A kill in the middle of a line leaves half a line: it is ignored.
    with journal.open("a", encoding="utf-8") as handle:
        handle.write('{"item_id": "item_005", "sta')

    with FakeEndpoint("openai_compatible", dataset) as fake:
        command = _run_command(fake, dataset, output)
        resumed = run_cli(*command[3:], "--resume", env={"SPOTDIFF_API_TOKEN": TOKEN})
        after = fake.counts()
    assert resumed.returncode == 0, resumed.stderr
    assert answered(output) == dataset.item_ids
    assert not journal.exists()
    assert set(after) == set(dataset.item_ids) - set(partial)
    assert all(count == 1 for count in after.values())
    assert f"folded in {len(partial)} item(s) from the journal" in resumed.stderr
    assert f"{len(partial)} of 6 items already answered" in resumed.stderr
    assert f"6 ok ({len(partial)} from an earlier run)" in resumed.stderr.splitlines()[-1]


def test_a_finished_run_leaves_no_journal_and_a_foreign_journal_is_refused(
    dataset: RunDataset, tmp_path: Path
) -> None:
    output = tmp_path / "out.json"
    journal = tmp_path / "out.json.journal"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, output, limit=2))
        assert not journal.exists()
        original = output.read_bytes()
        # a journal left by a run of another model into the same file
        other = {**read_json(output)["run"], "model": "other"}
        journal.write_text(json.dumps({"format": "spotdiff-run-journal/1", "run": other}) + "\n")
        with pytest.raises(SpotDiffError) as caught:
            run(settings_for(fake, dataset, output, resume=True))
        assert caught.value.one_line() == (
            f'{journal}: line 1: comes from a different run (model is "other" there but '
            '"test-model" here)'
        )
        journal.write_text('{"format": "spotdiff-run-jour')  # killed while starting it
        result, stream = run(settings_for(fake, dataset, output, limit=2, resume=True))
        assert result.earlier == 2 and "folded in 0 item(s)" in stream
        original = output.read_bytes()
        journal.write_text("not json\n")
        with pytest.raises(SpotDiffError) as caught:
            run(settings_for(fake, dataset, output, resume=True))
        assert caught.value.one_line().startswith(f"{journal}: line 1: invalid JSON")
        assert output.read_bytes() == original
        # the output is gone but its journal is not: hours of answers may be in it
        output.unlink()
        with pytest.raises(SpotDiffError) as caught:
            run(settings_for(fake, dataset, output))
        assert caught.value.one_line() == (
            f"{journal}: holds answers of an interrupted run, but out.json is gone; restore it "
            "and add --resume, or delete the journal"
        )
    assert fake.counts() == {"item_000": 1, "item_001": 1}


def test_a_resumed_journal_gives_the_file_an_unbroken_run_gives(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """Folding in a journal must not change a byte but the timings."""
    straight, resumed = tmp_path / "straight.json", tmp_path / "resumed.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, straight))
        run(settings_for(fake, dataset, resumed, limit=1))
        # what a killed run leaves: the journal of three more answers
        journal = resumed.with_name("resumed.json.journal")
        header = {**read_json(resumed)["run"]}
        for key in ("finished", "model_versions", "items", "totals"):
            header.pop(key)
        lines = [{"format": "spotdiff-run-journal/1", "run": header}]
        for item_id in dataset.item_ids[1:]:
            lines.append({**statuses(straight)[item_id], "differences": []})
        answers = {i["item_id"]: i["differences"] for i in read_json(straight)["items"]}
        for line in lines[1:]:
            line["differences"] = answers[line["item_id"]]
        journal.write_text("".join(json.dumps(line) + "\n" for line in lines))
        result, _ = run(settings_for(fake, dataset, resumed, resume=True))
    assert result.earlier == 4 and not journal.exists()

    def timeless(path: Path) -> str:
        document = read_json(path)
        for key in ("started", "finished"):
            document["run"].pop(key)
        for entry in document["run"]["items"]:
            entry.pop("latency_ms")
        return json.dumps(document)

    assert timeless(resumed) == timeless(straight)


def test_resume_asks_again_only_for_failed_items(dataset: RunDataset, tmp_path: Path) -> None:
    output = tmp_path / "out.json"
    with FakeEndpoint("anthropic", dataset) as fake:
        fake.script("item_002", Fail(400, "try again"))
        first, _ = run(settings_for(fake, dataset, output))
        started = read_json(output)["run"]["started"]
        second, _ = run(settings_for(fake, dataset, output, resume=True))
    assert (first.failed, second.ok, second.earlier) == (1, 4, 3)
    assert fake.counts() == {"item_000": 1, "item_001": 1, "item_002": 2, "item_003": 1}
    assert answered(output) == dataset.item_ids
    assert read_json(output)["run"]["started"] == started


def test_existing_output_and_mismatched_resume_are_refused(
    dataset: RunDataset, tmp_path: Path
) -> None:
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, output, limit=1))
        original = output.read_bytes()
        prompt = tmp_path / "mine.txt"
        prompt.write_text("Find the differences. First panel: {first}.", encoding="utf-8")
        cases = [
            (
                {},
                f"{output}: already exists; add --resume to continue it, or choose another "
                "--output",
            ),
            (
                {"resume": True, "model": "other-model"},
                f'{output}: /run: comes from a different run (model is "test-model" there but '
                '"other-model" here); choose another --output',
            ),
            (
                {"resume": True, "prompt_file": prompt},
                f"{output}: /run: comes from a different run (prompt.sha256 is ",
            ),
            (
                {"resume": True, "shard": (1, 2)},
                f"{output}: /run/shard: covers the whole dataset, not shard 1/2",
            ),
        ]
        for options, expected in cases:
            with pytest.raises(SpotDiffError) as caught:
                run(settings_for(fake, dataset, output, **options))
            assert caught.value.one_line().startswith(expected)
            assert output.read_bytes() == original
    assert fake.counts() == {"item_000": 1}


def test_submit_declares_the_prompt_the_run_used(dataset: RunDataset, tmp_path: Path) -> None:
    prompt = tmp_path / "mine.txt"
    prompt.write_bytes(b"List every difference; the first panel is the {first} one.\n")
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, output, prompt_file=prompt))
    sha = hashlib.sha256(prompt.read_bytes()).hexdigest()

    board = {"huggingface": "owner/run-set", "revision": "main"}  # not checked: unpinned
    make_board(tmp_path / "subs", "run-set", dataset=board)

    def submit(*flags: object):
        return run_cli(
            "submit", "--predictions", output, "--model", "test-model", "--provider", "Lab",
            "--submitter", "octocat", "--manifest", dataset.manifest, "--board", "run-set",
            "--submissions", tmp_path / "subs", "--force", *flags,
        )  # fmt: skip

    result = submit()
    assert result.returncode == 0, result.stderr
    written = read_json(tmp_path / "subs" / "run-set" / "test-model" / "submission.json")
    assert written["prompt"] == {"name": "mine.txt", "sha256": sha}
    assert submit("--prompt-name", "terse-v2").returncode == 0
    written = read_json(tmp_path / "subs" / "run-set" / "test-model" / "submission.json")
    assert written["prompt"] == {"name": "terse-v2", "sha256": sha}
    result = submit("--prompt-name", "spotdiff_v1")
    assert result.stderr == (
        'spotdiff: error: --prompt-name: is "spotdiff_v1", but the run used its own prompt '
        f'"mine.txt" ({output} /run/prompt)\n'
    )
    other = tmp_path / "other.txt"
    other.write_text("Something else {first} {second}")
    result = submit("--prompt-file", other)
    assert result.returncode == 1
    assert result.stderr.startswith(
        f"spotdiff: error: {other}: is not the prompt the run used (mine.txt, sha256 {sha[:12]}"
    )


def test_missing_image_is_reported_before_any_request(dataset: RunDataset, tmp_path: Path) -> None:
    image = dataset.manifest.parent / "images" / "item_002.png"
    image.unlink()
    with FakeEndpoint("openai_compatible", dataset) as fake, pytest.raises(SpotDiffError) as caught:
        run(settings_for(fake, dataset, tmp_path / "out.json"))
    assert caught.value.one_line() == (
        f"{dataset.manifest}: /items/2/image: image file not found: {image}"
    )
    assert fake.seen == [] and not (tmp_path / "out.json").exists()


def test_shards_merge_into_the_full_run(tmp_path: Path) -> None:
    dataset = make_run_dataset(tmp_path / "ds", 5)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, tmp_path / "full.json"))
        run(settings_for(fake, dataset, tmp_path / "s2.json", shard=(2, 2)))
        run(settings_for(fake, dataset, tmp_path / "s1.json", shard=(1, 2)))
    assert answered(tmp_path / "s1.json") == ["item_000", "item_002", "item_004"]
    assert answered(tmp_path / "s2.json") == ["item_001", "item_003"]
    merged = tmp_path / "merged.json"
    result = merge_predictions(
        [tmp_path / "s2.json", tmp_path / "s1.json"], merged, dataset.manifest
    )
    assert (result.ok, result.unanswered) == (5, 0)
    document = read_json(merged)
    assert document["items"] == read_json(tmp_path / "full.json")["items"]
    assert document["run"]["merged_from"] == ["1/2", "2/2"]
    assert document["run"]["shard"] is None
    validate_document(document, "prediction", merged)

    with pytest.raises(SpotDiffError) as caught:
        merge_predictions([tmp_path / "s1.json", tmp_path / "full.json"], merged, dataset.manifest)
    assert caught.value.one_line() == (
        f'{tmp_path / "full.json"}: /run/items/0: item "item_000" is also in {tmp_path / "s1.json"}'
    )


def test_merge_of_an_incomplete_set_says_what_is_missing_and_fails(tmp_path: Path) -> None:
    dataset = make_run_dataset(tmp_path / "ds", 6)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(400, "bad image"))
        run(settings_for(fake, dataset, tmp_path / "s1.json", shard=(1, 3)))
        run(settings_for(fake, dataset, tmp_path / "s2.json", shard=(2, 3)))
    merged = tmp_path / "merged.json"

    def merge(*shards: str):
        return run_cli(
            "merge", *[tmp_path / s for s in shards], "--manifest", dataset.manifest,
            "--output", merged,
        )  # fmt: skip

    result = merge("s2.json")
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"spotdiff: error: {merged}: incomplete: shards 1/3, 3/3 missing; 4 dataset item(s) in "
        "no shard (item_000, item_002, item_003, item_005)"
    )
    assert answered(merged) == ["item_001", "item_004"]  # written all the same, to be scored
    result = merge("s1.json", "s2.json")
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"spotdiff: error: {merged}: incomplete: shard 3/3 missing; 2 dataset item(s) in no "
        "shard (item_002, item_005); 1 item(s) failed, truncated or skipped: resume their "
        "shards with --resume"
    )
    # a shard killed before it finished: its journal holds answers its file lacks
    (tmp_path / "s2.json.journal").write_text("{}\n")
    result = merge("s1.json", "s2.json")
    assert result.stderr == (
        f"spotdiff: error: {tmp_path / 's2.json.journal'}: holds answers of an interrupted run "
        "not yet in its file: finish that shard with --resume first\n"
    )


def test_merge_refuses_shards_of_different_runs(dataset: RunDataset, tmp_path: Path) -> None:
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, tmp_path / "a.json", shard=(1, 2)))
        run(settings_for(fake, dataset, tmp_path / "b.json", shard=(2, 2), temperature=0.5))
    result = run_cli(
        "merge",
        tmp_path / "a.json",
        tmp_path / "b.json",
        "--manifest",
        dataset.manifest,
        "--output",
        tmp_path / "m.json",
    )
    assert result.returncode == 1
    assert result.stderr == (
        f"spotdiff: error: {tmp_path / 'b.json'}: /run: does not match {tmp_path / 'a.json'}: "
        "parameters.temperature is null there but 0.5 here\n"
    )
    assert not (tmp_path / "m.json").exists()


def test_output_does_not_depend_on_arrival_order(dataset: RunDataset, tmp_path: Path) -> None:
    """Random delays and 4 workers vs. one worker: the same file but for timings."""
    delays = random.Random(3)

    def jittery(item: str | None) -> Reply:
        return Reply(delay=delays.random() * 0.05)

    documents = []
    for name, concurrency in (("serial", 1), ("parallel", 4)):
        with FakeEndpoint("gemini_native", dataset, default=jittery) as fake:
            run(settings_for(fake, dataset, tmp_path / f"{name}.json", concurrency=concurrency))
        document = read_json(tmp_path / f"{name}.json")
        for key in ("started", "finished"):
            document["run"].pop(key)
        document["run"]["parameters"].pop("concurrency")
        for entry in document["run"]["items"]:
            entry.pop("latency_ms")
        documents.append(document)
    assert documents[0] == documents[1]
    assert answered(tmp_path / "parallel.json") == dataset.item_ids


# -- answers that cannot be written, as they are -----------------------------------------


def test_infinite_numbers_and_lone_surrogates_in_answers_never_stop_the_run(
    dataset: RunDataset, tmp_path: Path
) -> None:
    """1e999 and "\\udc00" are valid JSON text but no writable JSON: they crashed the run
    at its final write (leaving ``items: []``) or at the journal, and every --resume after.
    A number of 5,000 digits failed its item ("no JSON list"); a NaN vanished unsaid."""
    output = tmp_path / "out.json"
    answers = {
        "item_000": f'[{{"kind":"object_removed","subject":"flag","count":{"9" * 5000},'
        '"confidence":NaN}]',
        # the model's JSON: a number too big for a float, a surrogate escape
        "item_001": '[{"kind":"count_change","subject":"flag","from":1e999,"to":2}]',
        "item_002": '[{"kind":"object_removed","subject":"flag\\udc00"}]',
        # the server's JSON: a surrogate escape in the answer text itself
        "item_003": '[{"kind":"object_removed","subject":"flag\udc00"}]',
    }
    command = ["run", "--model", "m", "--manifest", dataset.manifest, "--output", output]
    with FakeEndpoint(
        "openai_compatible",
        dataset,
        default=lambda item: Reply(answers.get(item or "")),
        version="fake-\udc00-vision",  # the server's model version holds one too
    ) as fake:
        first = run_cli(*command, "--endpoint", fake.endpoint())
        again = run_cli(*command, "--endpoint", fake.endpoint(), "--resume")
    assert first.returncode == 0, first.stderr
    assert "Traceback" not in first.stderr
    assert "4 ok, 0 failed, 0 skipped, 5 answer warning(s)" in first.stderr
    document = read_json(output)  # the strict reader: no Infinity, no lone surrogate
    assert [item["differences"] for item in document["items"]] == [
        [{"kind": "object_removed", "subject": "flag"}],
        [{"kind": "count_change", "subject": "flag", "to": 2}],
        [{"kind": "object_removed", "subject": "flag\ufffd"}],
        [{"kind": "object_removed", "subject": "flag\ufffd"}],
    ]
    warnings = {i: entry["warnings"] for i, entry in statuses(output).items()}
    assert warnings["item_000"] == [
        "differences[0]: count is a number of 5,000 digits, too long to read; field dropped",
        "differences[0]: confidence NaN is not a finite number; field dropped",
    ]
    assert warnings["item_001"] == [
        "differences[0]: from Infinity is not a finite number; field dropped"
    ]
    assert warnings["item_002"][0].startswith("differences[0]: 1 invalid character(s)")
    assert warnings["item_003"][0].startswith("answer: 1 invalid character(s)")
    assert document["run"]["model_versions"] == ["fake-\ufffd-vision"]
    assert not output.with_name("out.json.journal").exists()
    assert again.returncode == 0, again.stderr
    assert "4 ok (4 from an earlier run)" in again.stderr
    assert fake.counts() == dict.fromkeys(dataset.item_ids, 1)


def test_a_record_the_journal_cannot_write_fails_its_item_alone(
    dataset: RunDataset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should a bug let infinity through the answer reader, one item fails, not the run."""
    from spotdiff_eval.runner import engine

    real = engine.read_answer

    def leaky(text: str) -> engine.Answer:
        if text != "LEAK":
            return real(text)
        return engine.Answer(({"kind": "count_change", "subject": "x", "from": math.inf},), ())

    monkeypatch.setattr(engine, "read_answer", leaky)
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_001", Reply("LEAK"))
        result, _ = run(settings_for(fake, dataset, output, concurrency=1))
        assert result.ok == 3 and result.failed == 1
        failed = statuses(output)["item_001"]
        assert failed["error"] == (
            "internal error: ValueError: Out of range float values are not JSON compliant"
        )
        assert "record_line" in failed["traceback"]
        result, _ = run(settings_for(fake, dataset, output, resume=True))
    assert result.ok == 4 and answered(output) == dataset.item_ids


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (  # what the runner wrote before it refused non-finite numbers
            '{"item_id": "item_001", "differences": [{"from": Infinity}]}',
            "invalid JSON: Infinity is not valid JSON",
        ),
        ("RECORD_WITH_1e999", "invalid JSON: 1e999 is too large for a number"),
        ('{"item_id": "item_001"}', "is not an item record written by spotdiff run"),
    ],
)
def test_a_complete_bad_journal_line_is_an_error_that_says_how_to_go_on(
    line: str, problem: str, dataset: RunDataset, tmp_path: Path
) -> None:
    """Only a kill's half line (the last, without its newline) is skipped: a complete line
    was written whole, so a bad one is damage a person should see, not something to skip."""
    output = tmp_path / "out.json"
    journal = tmp_path / "out.json.journal"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, output, limit=1))
        header = read_json(output)["run"]
        for key in ("finished", "model_versions", "items", "totals"):
            header.pop(key)
        record = {**statuses(output)["item_000"], "item_id": "item_002"}
        del record["image_sha256"]  # item_000's picture: --resume would see it is not item_002's
        good = json.dumps({**record, "differences": []})
        if line == "RECORD_WITH_1e999":
            line = json.dumps({**record, "item_id": "item_001", "differences": [{"from": 7}]})
            line = line.replace('"from": 7', '"from": 1e999')
        lines = [json.dumps({"format": "spotdiff-run-journal/1", "run": header}), line, good]
        journal.write_text("".join(f"{text}\n" for text in lines))
        original = output.read_bytes()
        with pytest.raises(SpotDiffError) as caught:
            run(settings_for(fake, dataset, output, resume=True))
        assert caught.value.one_line() == (
            f"{journal}: line 2: {problem}; delete that line to ask its item again (or the "
            "journal, to ask all of its items again)"
        )
        assert output.read_bytes() == original
        # as the message says
        journal.write_text("".join(f"{text}\n" for text in (lines[0], lines[2])))
        result, stream = run(settings_for(fake, dataset, output, resume=True))
    assert "folded in 1 item(s)" in stream
    assert result.ok == 4 and result.earlier == 2


# -- one run at a time per output -----------------------------------------------------------


def _run_command(fake: FakeEndpoint, dataset: RunDataset, output: Path, *extra: str) -> list[str]:
    arguments = run_arguments(fake, dataset, output, "--concurrency", "1", *extra)
    return [sys.executable, "-m", "spotdiff_eval", *arguments]


def _wait_for(condition: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_second_run_into_the_same_output_is_refused_while_the_first_runs(
    tmp_path: Path,
) -> None:
    """Two --resume runs of one file both asked every item (22 requests for 10 items)."""
    dataset = make_run_dataset(tmp_path / "ds", 6)
    output = tmp_path / "out.json"
    lock = tmp_path / "out.json.lock"
    # One second a request: the first run still has four to go when the second
    # has started, even on a busy machine (at 0.2 s it had finished first).
    with FakeEndpoint("openai_compatible", dataset, delay=1.0) as fake:
        assert run_cli(*_run_command(fake, dataset, output, "--limit", "2")[3:]).returncode == 0
        first = subprocess.Popen(
            _run_command(fake, dataset, output, "--resume"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        _wait_for(lambda: sum(fake.counts().values()) > 2)  # the first is under way
        second = run_cli(*_run_command(fake, dataset, output, "--resume")[3:])
        _, first_err = first.communicate(timeout=60)
        requests = sum(fake.counts().values())
    assert second.returncode == 1
    assert second.stderr == (
        f"spotdiff: error: {output}: another run (process {first.pid}) is writing it; wait "
        "for it to finish, or choose another --output\n"
    )
    assert first.returncode == 0, first_err
    assert requests == 6 and answered(output) == dataset.item_ids
    assert not lock.exists() and not output.with_name("out.json.journal").exists()


def test_the_lock_goes_with_the_run_however_it_ends(tmp_path: Path) -> None:
    """Ctrl-C, SIGTERM, a refusal and even kill -9 leave nothing that stops the next run.

    SIGTERM (a timeout, a CI runner stopping) saves the items answered, as Ctrl-C does.
    """
    dataset = make_run_dataset(tmp_path / "ds", 6)
    output = tmp_path / "out.json"
    lock = tmp_path / "out.json.lock"
    with FakeEndpoint("openai_compatible", dataset, delay=0.2) as fake:
        stops = ((signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGKILL, -signal.SIGKILL))
        for stop, code in stops:
            process = subprocess.Popen(
                _run_command(fake, dataset, output, "--resume"),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            _wait_for(lambda: lock.exists() and len(journaled(output)) >= 1)
            process.send_signal(stop)
            _, stderr = process.communicate(timeout=30)
            assert process.returncode == code, stderr
            assert "Traceback" not in stderr
            if stop != signal.SIGKILL:  # what was answered is in the predictions file
                assert len(answered(output)) >= 1
            # the kernel drops a killed process's flock; only kill -9 leaves the file
            assert lock.exists() == (stop == signal.SIGKILL)
        # refused for another reason: the lock (kill -9's file, which blocks nobody) that
        # was taken to read the output is given back
        refused = run_cli(*_run_command(fake, dataset, output)[3:])
        assert refused.returncode == 1 and "already exists" in refused.stderr
        assert not lock.exists()
        finished = run_cli(*_run_command(fake, dataset, output, "--resume")[3:])
    assert finished.returncode == 0, finished.stderr
    assert answered(output) == dataset.item_ids
    assert not lock.exists()


def test_a_lock_file_deleted_under_a_waiting_run_is_not_trusted(tmp_path: Path) -> None:
    """A run that opened the lock file just before the holder deleted it must not run
    beside a third one that made a new lock file: it checks the name still means its file."""
    from spotdiff_eval.runner.lock import OutputLock

    output = tmp_path / "out.json"
    holder = OutputLock(output).acquire()
    with pytest.raises(SpotDiffError) as caught:
        OutputLock(output).acquire()
    assert caught.value.one_line() == (
        f"{output}: another run (process {os.getpid()}) is writing it; wait for it to finish, "
        "or choose another --output"
    )
    # what the late run holds: the old file, locked only after the holder let it go
    stale = os.open(holder.path, os.O_RDWR)
    holder.release()
    assert not holder.path.exists()
    with OutputLock(output).acquire() as third:
        assert third.path.exists()
        import fcntl

        fcntl.flock(stale, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the late run's lock succeeds...
        assert not os.path.samestat(os.fstat(stale), os.stat(third.path))  # ...on a dead file
        with pytest.raises(SpotDiffError):
            OutputLock(output).acquire()  # and the name is still the third's
        os.close(stale)
    assert not third.path.exists()


def test_a_merge_into_an_output_a_run_is_writing_is_refused(tmp_path: Path) -> None:
    """``merge`` took no lock: it replaced the file of a run under way, whose next write
    replaced the merge's in turn."""
    dataset = make_run_dataset(tmp_path / "ds", 4)
    shards = [tmp_path / "s1.json", tmp_path / "s2.json"]
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, shards[0], shard=(1, 2)))
        run(settings_for(fake, dataset, shards[1], shard=(2, 2)))
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_001", Slow(5))  # the run is under way while the merge starts
        writing = subprocess.Popen(
            _run_command(fake, dataset, output),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        _wait_for(lambda: fake.counts()["item_001"] == 1)
        merge = ("merge", *shards, "--manifest", dataset.manifest, "--output", output)
        refused = run_cli(*merge)
        _, run_err = writing.communicate(timeout=60)
    assert refused.returncode == 1
    assert refused.stderr == (
        f"spotdiff: error: {output}: another run (process {writing.pid}) is writing it; wait "
        "for it to finish, or choose another --output\n"
    )
    assert writing.returncode == 0, run_err
    assert "merged_from" not in read_json(output)["run"]  # the run's file, whole
    # the run is over: the merge goes through, and takes its lock file with it
    merged = run_cli(*merge)
    assert merged.returncode == 0, merged.stderr
    assert read_json(output)["run"]["merged_from"] == ["1/2", "2/2"]
    assert not output.with_name("out.json.lock").exists()


def test_a_merge_gives_the_lock_back_however_it_ends(tmp_path: Path) -> None:
    """A refused or incomplete merge leaves nothing that stops the next writer, and a run
    refused by a merge's lock names the merge."""
    from spotdiff_eval.runner.lock import OutputLock

    dataset = make_run_dataset(tmp_path / "ds", 4)
    shard = tmp_path / "s1.json"
    output = tmp_path / "out.json"
    lock = tmp_path / "out.json.lock"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, shard, shard=(1, 2)))
        for shards, problem in (
            ([tmp_path / "nowhere.json"], "file not found"),
            ([shard], "incomplete: shard 2/2 missing"),
        ):
            result = run_cli("merge", *shards, "--manifest", dataset.manifest, "--output", output)
            assert result.returncode == 1 and problem in result.stderr
            assert not lock.exists()
        with OutputLock(output, "merge").acquire(), pytest.raises(SpotDiffError) as caught:
            run(settings_for(fake, dataset, output, resume=True))
        assert caught.value.one_line() == (
            f"{output}: another merge (process {os.getpid()}) is writing it; wait for it to "
            "finish, or choose another --output"
        )
        assert not lock.exists()
        result, _ = run(settings_for(fake, dataset, output, resume=True))
    assert result.ok == 4


# -- names as long as a file name can be ----------------------------------------------------


def test_an_output_of_the_longest_name_runs_resumes_and_merges(tmp_path: Path) -> None:
    """The journal (``NAME.journal``), the lock (``NAME.lock``) and the temporary file of
    each write were named after the output: from 242 bytes on, one of them could not be
    made, and the run failed before its first request."""
    dataset = make_run_dataset(tmp_path / "ds", 4)
    output = tmp_path / ("r" * 250 + ".json")  # 255 bytes
    command = ("run", "--model", "m", "--manifest", dataset.manifest, "--output", output)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        first = run_cli(*command, "--endpoint", fake.endpoint(), "--shard", "1/2", "--limit", "1")
        again = run_cli(*command, "--endpoint", fake.endpoint(), "--shard", "1/2", "--resume")
        other = tmp_path / "s2.json"
        run(settings_for(fake, dataset, other, model="m", shard=(2, 2)))
    assert first.returncode == 0, first.stderr
    assert again.returncode == 0, again.stderr
    assert "1 of 2 items already answered" in again.stderr
    assert answered(output) == ["item_000", "item_002"]
    merged = tmp_path / ("m" * 250 + ".json")
    result = run_cli("merge", output, other, "--manifest", dataset.manifest, "--output", merged)
    assert result.returncode == 0, result.stderr
    assert answered(merged) == dataset.item_ids
    assert sorted(os.listdir(tmp_path)) == sorted(["ds", output.name, other.name, merged.name])


def test_an_output_name_longer_than_a_file_name_can_be_is_refused_in_one_line(
    dataset: RunDataset, tmp_path: Path
) -> None:
    output = tmp_path / ("r" * 251 + ".json")  # 256 bytes
    with FakeEndpoint("openai_compatible", dataset) as fake:
        ran = run_cli(
            "run", "--endpoint", fake.endpoint(), "--model", "m",
            "--manifest", dataset.manifest, "--output", output,
        )  # fmt: skip
        run(settings_for(fake, dataset, tmp_path / "s.json"))
    merged = run_cli(
        "merge", tmp_path / "s.json", "--manifest", dataset.manifest, "--output", output
    )
    for result in (ran, merged):
        assert result.returncode == 1
        assert result.stderr.splitlines()[-1] == (
            f"spotdiff: error: {output}: its name is 256 bytes, longer than a file name can "
            "be (255)"
        )
    assert len(fake.seen) == 4  # the requests of s.json only
    assert sorted(os.listdir(tmp_path)) == ["ds", "s.json"]


@pytest.mark.parametrize("existing", ["manifest", "report", "readme"])
def test_a_merge_replaces_only_an_earlier_run_or_merge_output(
    tmp_path: Path, existing: str
) -> None:
    """``--output`` over the dataset's manifest, a report or a README replaced it with
    predictions; only a file spotdiff run or merge wrote may be replaced."""
    dataset = make_run_dataset(tmp_path / "ds", 4)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, tmp_path / "s1.json", shard=(1, 2)))
        run(settings_for(fake, dataset, tmp_path / "s2.json", shard=(2, 2)))
    shards = [tmp_path / "s1.json", tmp_path / "s2.json"]
    merged = tmp_path / "merged.json"
    first = run_cli("merge", *shards, "--manifest", dataset.manifest, "--output", merged)
    assert first.returncode == 0, first.stderr
    again = run_cli("merge", *shards, "--manifest", dataset.manifest, "--output", merged)
    assert again.returncode == 0, again.stderr  # an earlier merge is replaced
    assert (
        run_cli(
            "merge", *shards, "--manifest", dataset.manifest, "--output", tmp_path / "s1.json"
        ).returncode
        == 1
    )  # a shard never
    report = tmp_path / "report.json"
    assert (
        run_cli(
            "evaluate", "--manifest", dataset.manifest, "--predictions", merged, "--output", report
        ).returncode
        == 0
    )
    target = {
        "manifest": Path(dataset.manifest),
        "report": report,
        "readme": tmp_path / "README.md",
    }[existing]
    if existing == "readme":
        target.write_text("# My notes\n", encoding="utf-8")
    before = target.read_bytes()

    result = run_cli("merge", *shards, "--manifest", dataset.manifest, "--output", target)

    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"spotdiff: error: {target}: exists and is not a predictions file written by spotdiff "
        "run or merge; choose another --output\n"
    )
    assert target.read_bytes() == before


def test_a_merge_over_a_run_with_a_journal_is_refused(tmp_path: Path) -> None:
    """A merge replaced the file of an interrupted run and left its journal beside the
    merged file, looking current: the next --resume folded the old run's answers into
    the merge. The journal's answers are now kept and the merge refused."""
    dataset = make_run_dataset(tmp_path / "ds", 4)
    target = tmp_path / "target.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, tmp_path / "s1.json", shard=(1, 2)))
        run(settings_for(fake, dataset, tmp_path / "s2.json", shard=(2, 2)))
        run(settings_for(fake, dataset, target))
    journal = tmp_path / "target.json.journal"
    journal.write_text("{}\n", encoding="utf-8")  # answers the killed run had not saved
    before = target.read_bytes()

    result = run_cli(
        "merge", tmp_path / "s1.json", tmp_path / "s2.json", "--manifest", dataset.manifest,
        "--output", target,
    )  # fmt: skip

    assert (result.returncode, result.stderr) == (
        1,
        f"spotdiff: error: {journal}: holds answers of an interrupted run not yet in "
        f"{target.name}: finish it with --resume, or choose another --output\n",
    )
    assert target.read_bytes() == before
    assert journal.read_text(encoding="utf-8") == "{}\n"
