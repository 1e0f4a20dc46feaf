"""Red team round 19 of scoring from the command line: evaluate, explain, merge."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, run_cli

from spotdiff_eval import cli

MANIFEST = REPO / "data" / "manifest.json"
EXAMPLE = REPO / "predictions" / "example.json"


def test_evaluate_output_ending_in_a_slash_is_refused_before_scoring(tmp_path: Path) -> None:
    """``--output results/new/`` meant a folder: Path dropped the slash and a
    *file* named ``new`` held the report (run and merge refused it since round 18)."""
    target = tmp_path / "results" / "new"
    result = run_cli(
        "evaluate", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--output", f"{target}/"
    )
    assert result.returncode == 2, result.stderr
    assert "names a folder" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert not target.exists()


def test_a_dash_is_not_taken_for_a_file_named_dash(tmp_path: Path) -> None:
    """``--output -`` wrote a report into a file named ``-`` (no output goes
    to standard output), and ``--predictions -`` said ``-: file not found``."""
    for args in (
        ("evaluate", "--predictions", EXAMPLE, "--output", "-"),
        ("evaluate", "--predictions", "-"),
        ("explain", "--predictions", "-", "--item", "scene_0001"),
        ("merge", "-", "--output", "merged.json"),
        ("merge", str(EXAMPLE), "--output", "-"),
        ("evaluate", "--predictions", str(EXAMPLE), "--manifest", "-"),
    ):
        result = run_cli(*args[:1], "--manifest", MANIFEST, *args[1:], cwd=tmp_path)
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr.count("\n") == 1 and "standard" in result.stderr, result.stderr
        assert list(tmp_path.iterdir()) == []


def _padded(tmp_path: Path, mib: float) -> Path:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["padding"] = "x" * int(mib * 2**20)
    path = tmp_path / "padded.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_size_cap_error_names_the_flag_that_raises_it(tmp_path: Path) -> None:
    """ "file is 2.0 MiB, above the 1 MiB limit" did not say how to score it anyway."""
    padded = _padded(tmp_path, 2)
    result = run_cli(
        "evaluate", "--manifest", MANIFEST, "--predictions", padded, "--max-predictions-mib", "1"
    )
    assert result.returncode == 1
    assert "--max-predictions-mib 3" in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1


def test_explain_reads_a_file_as_large_as_evaluate_was_allowed_to(tmp_path: Path) -> None:
    """A file scored with ``--max-predictions-mib`` could not be explained:
    ``explain`` had no such flag and refused anything above 64 MiB."""
    padded = _padded(tmp_path, 2)

    def explain(cap: str) -> subprocess.CompletedProcess[str]:
        return run_cli(
            "explain", "--manifest", MANIFEST, "--predictions", padded,
            "--item", "scene_0001", "--max-predictions-mib", cap,
        )  # fmt: skip

    small = explain("1")
    assert small.returncode == 1 and "--max-predictions-mib 3" in small.stderr, small.stderr
    large = explain("3")
    assert large.returncode == 0, large.stderr
    assert large.stdout.startswith("Item scene_0001:")


def test_unicode_line_and_paragraph_separators_are_shown_escaped(tmp_path: Path) -> None:
    """U+2028 and U+2029 end a line for editors, log viewers and ``str.splitlines``:
    a subject or value holding one split ``explain``'s line in two, the second
    free to read like anything (NEL, U+0085, was already escaped)."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["model"] = "honest\u2029model"
    item = next(i for i in data["items"] if i["item_id"] == "scene_0002")
    item["differences"].append(
        {
            "kind": "attribute_change",
            "subject": "cat\u2028spotdiff: error: forged",
            "attribute": "colour",
            "from": "re\u2029d",
            "to": "blue",
        }
    )
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(data), encoding="utf-8")
    explained = run_cli(
        "explain", "--manifest", MANIFEST, "--predictions", hostile, "--item", "scene_0002"
    )
    evaluated = run_cli("evaluate", "--manifest", MANIFEST, "--predictions", hostile)
    for result in (explained, evaluated):
        assert result.returncode == 0, result.stderr
        assert "\u2028" not in result.stdout and "\u2029" not in result.stdout
    assert "cat\\u2028spotdiff: error: forged re\\u2029d -> blue" in explained.stdout
    assert "honest\\u2029model" in evaluated.stdout


def test_ctrl_c_while_the_command_line_is_read_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while the command's parser was built (it imports the command's
    module) printed a traceback: only the handler was inside the ``try``.
    The moment is forced here; a person meets it one run in forty when
    pressing Ctrl-C within 0.1 s of starting."""

    def interrupted(only: str | None = None) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert cli.main(["evaluate", "--predictions", str(EXAMPLE)]) == 130
    assert capsys.readouterr().err == "spotdiff: error: interrupted\n"


def test_an_answer_under_an_id_spelt_otherwise_is_named_with_the_dataset_id(
    tmp_path: Path,
) -> None:
    """An answer keyed " SCENE_0001 " or "scene-0002" was ignored and its item
    scored 0 as "not answered"; the summary listed the ignored id with its
    spaces invisible, and ``explain`` said only "no answer". Ids still match
    exactly (the report is unchanged); both now name the id meant."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["items"][0]["item_id"] = " SCENE_0001 "
    data["items"][1]["item_id"] = "scene-0002"
    data["items"].append({"item_id": "scene_9999", "differences": []})
    renamed = tmp_path / "renamed.json"
    renamed.write_text(json.dumps(data), encoding="utf-8")
    evaluated = run_cli("evaluate", "--manifest", MANIFEST, "--predictions", renamed)
    assert evaluated.returncode == 0, evaluated.stderr
    lines = evaluated.stdout.splitlines()
    assert "  ' SCENE_0001 ' is not scene_0001: item ids must match exactly" in lines
    assert "  'scene-0002' is not scene_0002: item ids must match exactly" in lines
    assert not any("'scene_9999' is not" in line for line in lines)
    explained = run_cli(
        "explain", "--manifest", MANIFEST, "--predictions", renamed, "--item", "scene_0001"
    )
    assert explained.returncode == 0, explained.stderr
    assert explained.stdout.splitlines()[0] == (
        f"{renamed}: no answer for item 'scene_0001' (' SCENE_0001 ' is not it: "
        "item ids must match exactly): every difference missed"
    )
    wrong_case = run_cli(
        "explain", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--item", "Scene_0001"
    )
    assert wrong_case.returncode == 1
    assert wrong_case.stderr == (
        f"spotdiff: error: {MANIFEST}: the dataset has no item 'Scene_0001' "
        "(item ids must match exactly: scene_0001?)\n"
    )


def test_merging_a_file_spotdiff_run_did_not_write_says_so(tmp_path: Path) -> None:
    """A hand-made predictions file given to ``merge`` was refused as one that
    "cannot be continued", the words of ``run --resume``."""
    merged = tmp_path / "merged.json"
    result = run_cli("merge", EXAMPLE, "--manifest", MANIFEST, "--output", merged)
    assert result.returncode == 1
    assert result.stderr == (
        f"spotdiff: error: {EXAMPLE}: /run: has no provenance written by spotdiff run, "
        "so it cannot be merged: merge joins the files of 'spotdiff run --shard'\n"
    )
    assert not merged.exists()


def test_items_as_json_lines_or_a_bare_list_are_told_what_to_wrap_them_in(
    tmp_path: Path,
) -> None:
    """One answer per line (JSON Lines) read "line 2 column 1: invalid JSON:
    Extra data", and a bare list of items "expected a JSON object, found a
    list": neither said that the items belong inside the file's object."""
    items = json.loads(EXAMPLE.read_text(encoding="utf-8"))["items"]
    lines = tmp_path / "lines.json"
    lines.write_text("".join(json.dumps(i) + "\r\n" for i in items), encoding="utf-8")
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(items, indent=2), encoding="utf-8")
    shape = '{"schema_version": "1.0", "model": "<name>", "items": [...]}'
    for path, where, what in (
        (lines, "line 2 column 1", "invalid JSON: Extra data: this is JSON Lines"),
        (bare, "/", "expected a JSON object, found a list of items"),
    ):
        result = run_cli("evaluate", "--manifest", MANIFEST, "--predictions", path)
        assert result.returncode == 1
        assert result.stderr.startswith(f"spotdiff: error: {path}: {where}: {what}")
        assert result.stderr.count("\n") == 1 and shape in result.stderr, result.stderr


def test_a_reader_gone_before_the_summary_ends_still_gets_its_report(tmp_path: Path) -> None:
    """``evaluate --output r.json | head``: the summary was printed before the
    report was written, so a reader that went away (head, a closed pager)
    left no report at all, without a word. The report is now written first."""
    report = tmp_path / "report.json"
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line
    try:
        result = subprocess.run(
            [sys.executable, "-m", "spotdiff_eval", "evaluate", "--manifest", str(MANIFEST),
             "--predictions", str(EXAMPLE), "--output", str(report)],
            stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120, check=False,
        )  # fmt: skip
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr and result.stderr == ""
    quiet = tmp_path / "quiet.json"
    assert (
        run_cli(
            "evaluate", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--output", quiet, "-q"
        ).returncode
        == 0
    )
    assert report.read_bytes() == quiet.read_bytes()


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_a_console_that_cannot_show_a_name_shows_it_escaped(tmp_path: Path, encoding: str) -> None:
    """Windows writes a redirected stdout in its ANSI code page: a model name
    "modèle-日本" ended the run with "b'\\xe6...' is not valid UTF-8 text" (it
    is) and, with ``--output``, no report. Such characters are shown escaped."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["model"] = "modèle-日本"
    named = tmp_path / "named.json"
    named.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    report = tmp_path / "report.json"
    result = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "evaluate", "--manifest", str(MANIFEST),
         "--predictions", str(named), "--output", str(report)],
        env={**os.environ, "PYTHONIOENCODING": encoding, "PYTHONUTF8": "0"},
        capture_output=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    shown = "mod\\xe8le" if encoding == "ascii" else "modèle"
    stdout = result.stdout.decode(encoding)
    assert f"  model    {shown}-\\u65e5\\u672c" in stdout.splitlines()
    assert json.loads(report.read_text(encoding="utf-8"))["predictions"]["model"] == "modèle-日本"


def test_a_file_given_to_the_wrong_option_is_named_for_what_it_is(tmp_path: Path) -> None:
    """A report (results/my-model.json, named like predictions/my-model.json),
    the manifest or an annotation given as ``--predictions``, or predictions
    given as ``--manifest``, read 'missing required field "model"' (or
    "dataset_name"), which did not say the file was simply the wrong one."""
    report = tmp_path / "my-model.json"
    assert (
        run_cli(
            "evaluate", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--output", report, "-q"
        ).returncode
        == 0
    )
    annotation = REPO / "data" / "annotations" / "scene_0001.json"
    for option, path, what in (
        ("--predictions", report, "is a spotdiff report, not a predictions file"),
        ("--predictions", MANIFEST, "is a dataset manifest, not a predictions file"),
        ("--predictions", annotation, "is the annotation of one item, not a predictions file"),
        ("--manifest", EXAMPLE, "is a predictions file, not a dataset manifest"),
    ):
        args = {"--manifest": MANIFEST, "--predictions": EXAMPLE, option: path}
        result = run_cli("evaluate", *(x for pair in args.items() for x in pair))
        assert result.returncode == 1
        assert result.stderr.startswith(f"spotdiff: error: {path}: /: {what}"), result.stderr
        assert result.stderr.count("\n") == 1


def test_the_default_manifest_missing_says_it_was_the_default(tmp_path: Path) -> None:
    """Run from another folder, ``evaluate --predictions p.json`` said only
    "data/manifest.json: file not found", a path the user never typed."""
    for args in (("evaluate",), ("explain", "--item", "scene_0001")):
        result = run_cli(*args, "--predictions", EXAMPLE, cwd=tmp_path)
        assert result.returncode == 1
        assert result.stderr == (
            "spotdiff: error: data/manifest.json: file not found; --manifest defaults to "
            "data/manifest.json under the current folder: pass --manifest PATH "
            "(the manifest or its dataset's folder)\n"
        ), result.stderr
    typed = run_cli("evaluate", "--predictions", EXAMPLE, "--manifest", "elsewhere.json")
    assert typed.stderr == "spotdiff: error: elsewhere.json: file not found\n"


def test_a_closed_standard_output_is_no_traceback(tmp_path: Path) -> None:
    """Started with stdout closed (``>&-``, some schedulers and launchers),
    Python has no ``sys.stdout``: evaluate and explain ended in an
    AttributeError traceback. What would be printed goes nowhere, the
    report is written, and the run succeeds."""
    report = tmp_path / "report.json"
    command = [sys.executable, "-m", "spotdiff_eval"]
    for args in (
        ["evaluate", "--manifest", str(MANIFEST), "--predictions", str(EXAMPLE), "--output",
         str(report)],
        ["explain", "--manifest", str(MANIFEST), "--predictions", str(EXAMPLE), "--item",
         "scene_0001"],
    ):  # fmt: skip
        result = subprocess.run(
            ["sh", "-c", 'exec "$@" >&-', "sh", *command, *args],
            cwd=REPO, stderr=subprocess.PIPE, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert (result.returncode, result.stderr) == (0, ""), result.stderr
    assert json.loads(report.read_text(encoding="utf-8"))["predictions"]["model"]


def test_ids_spelt_otherwise_are_shown_five_at_most(tmp_path: Path) -> None:
    """A file keyed all in capitals added a line per item to the summary."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for item in data["items"]:
        item["item_id"] = item["item_id"].upper()
    upper = tmp_path / "upper.json"
    upper.write_text(json.dumps(data), encoding="utf-8")
    result = run_cli("evaluate", "--manifest", MANIFEST, "--predictions", upper)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert sum("item ids must match exactly" in line for line in lines) == 5
    assert f"  and {len(data['items']) - 5} more ids spelt otherwise" in lines


def test_text_that_is_not_utf8_is_placed_by_line_and_column(tmp_path: Path) -> None:
    """A file saved as Windows-1252 read "byte 2279: not valid UTF-8": the docs
    promise a line and column, and a byte offset is no place an editor shows."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["items"][3]["differences"][0]["subject"] = "café_sign"
    text = json.dumps(data, indent=2, ensure_ascii=False)
    latin = tmp_path / "latin.json"
    latin.write_bytes(text.encode("cp1252"))
    line_no = next(n for n, line in enumerate(text.splitlines(), 1) if "café" in line)
    column = text.splitlines()[line_no - 1].index("é") + 1
    offset = text.encode("cp1252").index("é".encode("cp1252"))
    result = run_cli("evaluate", "--manifest", MANIFEST, "--predictions", latin)
    assert result.returncode == 1
    assert result.stderr == (
        f"spotdiff: error: {latin}: line {line_no} column {column}: not valid UTF-8 "
        f"(byte {offset} is 0xe9); save the file as UTF-8\n"
    )


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("Object Added", "object_added"),
        ("COUNT-CHANGE", "count_change"),
        (" object_removed", "object_removed"),
    ],
)
def test_a_kind_written_otherwise_names_the_kind_meant(
    tmp_path: Path, written: str, meant: str
) -> None:
    """'unknown kind "Object Added" (expected one of ...)' left the user to see
    that case and a space were all that was wrong. Kinds stay exact."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["items"][0]["differences"][0]["kind"] = written
    path = tmp_path / "kinds.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run_cli("evaluate", "--manifest", MANIFEST, "--predictions", path)
    assert result.returncode == 1
    assert result.stderr == (
        f"spotdiff: error: {path}: /items/0/differences/0/kind: unknown kind "
        f"{json.dumps(written)} (did you mean {meant}? expected one of object_added, "
        "object_removed, attribute_change, count_change)\n"
    )


def test_items_keyed_by_id_are_told_the_list_they_should_be(tmp_path: Path) -> None:
    """``"items": {"scene_0001": [...]}`` read "/items: must be a list, found an
    object", not the shape each entry must have."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["items"] = {i["item_id"]: i["differences"] for i in data["items"]}
    path = tmp_path / "keyed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run_cli("evaluate", "--manifest", MANIFEST, "--predictions", path)
    assert result.returncode == 1
    assert result.stderr == (
        f"spotdiff: error: {path}: /items: must be a list, found an object keyed by item id; "
        'write [{"item_id": "scene_0001", "differences": [...]}, ...]\n'
    )


def test_an_earlier_report_above_the_json_cap_is_still_replaced(tmp_path: Path) -> None:
    """A report of some 50,000 items passes 64 MiB: the re-run read it with
    the JSON cap to recognise it, failed, and refused it as "not a spotdiff
    report" unless --force, though evaluate itself had written it."""
    report = tmp_path / "report.json"
    assert (
        run_cli(
            "evaluate", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--output", report, "-q"
        ).returncode
        == 0
    )
    text = report.read_text(encoding="utf-8")
    fresh = report.read_bytes()
    # as a large report looks: its head as written, then far more items
    report.write_text(text[:-3] + " " * (65 * 2**20) + text[-3:], encoding="utf-8")
    result = run_cli(
        "evaluate", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--output", report, "-q"
    )
    assert result.returncode == 0, result.stderr
    assert report.read_bytes() == fresh
    notes = tmp_path / "notes.json"
    notes.write_text('{"notes": "' + "x" * (65 * 2**20) + '"}', encoding="utf-8")
    refused = run_cli("evaluate", "--predictions", EXAMPLE, "--output", notes, "-q")
    assert refused.returncode == 1 and "is not a spotdiff report" in refused.stderr


def test_merge_takes_the_predictions_cap_flag(tmp_path: Path) -> None:
    """A run of 50,000 items writes about 100 MiB: evaluate reads it with
    --max-predictions-mib, but merge refused shards (and its own earlier
    output) above 64 MiB with no flag to raise the cap."""
    from fake_endpoints import FakeEndpoint, make_run_dataset, run, settings_for

    dataset = make_run_dataset(tmp_path / "ds", 4)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, tmp_path / "s1.json", shard=(1, 2)))
        run(settings_for(fake, dataset, tmp_path / "s2.json", shard=(2, 2)))
    shard = json.loads((tmp_path / "s1.json").read_text(encoding="utf-8"))
    shard["padding"] = "x" * (3 * 2**20 // 2)  # a shard of 1.5 MiB stands for one of 100
    (tmp_path / "s1.json").write_text(json.dumps(shard), encoding="utf-8")
    merged = tmp_path / "merged.json"

    def merge(*flags: str):
        return run_cli(
            "merge", tmp_path / "s1.json", tmp_path / "s2.json", "--manifest", dataset.manifest,
            "--output", merged, *flags,
        )  # fmt: skip

    refused = merge("--max-predictions-mib", "1")
    assert refused.returncode == 1
    assert refused.stderr.endswith(
        f"spotdiff: error: {tmp_path / 's1.json'}: file is 1.5 MiB, above the 1 MiB limit; "
        "add --max-predictions-mib 2 to read it\n"
    ), refused.stderr
    assert not merged.exists()
    assert merge("--max-predictions-mib", "2").returncode == 0
    merged.write_text(merged.read_text(encoding="utf-8")[:-2] + " " * 2**21 + "}\n")
    again = merge("--max-predictions-mib", "2")  # its own earlier output, now 2 MiB
    assert again.returncode == 1 and "add --max-predictions-mib 3" in again.stderr, again.stderr
    assert merge("--max-predictions-mib", "3").returncode == 0


def test_explain_lists_the_differences_no_prediction_found(tmp_path: Path) -> None:
    """``explain`` of an item answered with no difference printed only "Item
    scene_0001: 0 predictions": nothing said what was there to find, which
    evaluate's summary lists. Both forms now list the missed differences."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["items"][0]["differences"] = []
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps(data), encoding="utf-8")
    gold = json.loads((REPO / "data" / "annotations" / "scene_0001.json").read_text("utf-8"))
    args = ("explain", "--manifest", MANIFEST, "--predictions", empty, "--item", "scene_0001")
    text = run_cli(*args)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[:3] == [
        "Item scene_0001: 0 predictions",
        "",
        f"Missed ({len(gold['differences'])})",
    ]
    for d in gold["differences"]:
        assert any(line.startswith(f"  {d['id']}  {d['kind']} {d['subject']}") for line in lines)
    as_json = json.loads(run_cli(*args, "--json").stdout)
    assert [m["gold_id"] for m in as_json["missed"]] == [d["id"] for d in gold["differences"]]
    found = json.loads(run_cli(*args[:4], EXAMPLE, *args[5:], "--json").stdout)
    matched = {p["matched_gold_id"] for p in found["predictions"]} - {None}
    assert {m["gold_id"] for m in found["missed"]} == {
        d["id"] for d in gold["differences"]
    } - matched


def test_a_shard_named_twice_is_said_to_be_named_twice(tmp_path: Path) -> None:
    """``merge shards/*.json shards/s1.json`` read 's1.json: /run/items/0: item
    "item_000" is also in s1.json', as if two runs had answered it."""
    from fake_endpoints import FakeEndpoint, make_run_dataset, run, settings_for

    dataset = make_run_dataset(tmp_path / "ds", 2)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, tmp_path / "s1.json", shard=(1, 2)))
        run(settings_for(fake, dataset, tmp_path / "s2.json", shard=(2, 2)))
    link = tmp_path / "link.json"
    link.symlink_to("s1.json")
    for again, also in ((tmp_path / "s1.json", ""), (link, f" (also as {link})")):
        result = run_cli(
            "merge", tmp_path / "s1.json", tmp_path / "s2.json", again,
            "--manifest", dataset.manifest, "--output", tmp_path / "merged.json",
        )  # fmt: skip
        assert result.returncode == 1
        assert result.stderr == (
            f"spotdiff: error: {tmp_path / 's1.json'}: is named twice among the shards{also}; "
            "name each shard once\n"
        ), result.stderr
        assert not (tmp_path / "merged.json").exists()


def test_predictions_given_through_a_pipe_are_told_to_be_saved_first(tmp_path: Path) -> None:
    """``--predictions <(jq ... p.json)`` or ``--predictions /dev/stdin`` from a
    pipe read only "is not a regular file", which a shell user need not
    recognise as their pipe."""
    result = subprocess.run(
        ["sh", "-c", 'cat "$1" | "$2" -m spotdiff_eval evaluate --manifest "$3" '
         "--predictions /dev/stdin", "sh", str(EXAMPLE), sys.executable, str(MANIFEST)],
        cwd=REPO, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr == (
        "spotdiff: error: /dev/stdin: is a pipe, not a regular file; save what it gives "
        "to a file and name that\n"
    )
