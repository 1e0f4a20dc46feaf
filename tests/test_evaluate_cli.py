"""`spotdiff evaluate` end to end, as a user runs it on the bundled data."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from conftest import REPO, run_cli, write_json

from spotdiff_eval.scoring import METRIC_NAMES

SCHEMA = json.loads((REPO / "schemas" / "report.schema.json").read_text(encoding="utf-8"))


def evaluate_to(tmp_path: Path, predictions: Path, *extra: str, name: str = "report.json"):
    out = tmp_path / name
    result = run_cli(
        "evaluate",
        "--manifest",
        REPO / "data" / "manifest.json",
        "--predictions",
        predictions,
        "--output",
        out,
        *extra,
    )
    return result, out


def test_perfect_predictions_score_100_on_every_metric(tmp_path: Path) -> None:
    result, out = evaluate_to(tmp_path, REPO / "predictions" / "perfect.json")
    assert result.returncode == 0, result.stderr
    for label in (
        "Overall score",
        "Difference coverage",
        "Recall",
        "Precision",
        "Attribute accuracy",
    ):
        line = next(ln for ln in result.stdout.splitlines() if ln.strip().startswith(label))
        assert "100.0%" in line, line
    report = json.loads(out.read_text(encoding="utf-8"))
    assert all(report["metrics"][m] == 1.0 for m in METRIC_NAMES)
    assert report["confidence_intervals"]["overall_score"] == [1.0, 1.0]
    assert (
        report["counts"]["matched"] == report["counts"]["gold"] == report["dataset"]["differences"]
    )


def test_written_report_is_the_pinned_example_byte_for_byte(tmp_path: Path) -> None:
    """The command streams the report item by item; the bytes are those of the snapshot."""
    result, out = evaluate_to(tmp_path, REPO / "predictions" / "example.json")
    assert result.returncode == 0, result.stderr
    pinned = REPO / "tests" / "data" / "golden" / "example-report.json"
    assert out.read_bytes() == pinned.read_bytes()


def test_example_predictions_score_partially_and_list_mistakes(tmp_path: Path) -> None:
    result, out = evaluate_to(tmp_path, REPO / "predictions" / "example.json")
    assert result.returncode == 0, result.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    assert 0.2 < report["metrics"]["overall_score"] < 0.8
    assert report["unanswered_items"], "the example leaves one item unanswered"
    missed = sum(len(i["missed"]) for i in report["items"])
    extra = sum(len(i["extra"]) for i in report["items"])
    assert missed == report["counts"]["gold"] - report["counts"]["matched"]
    assert extra == report["counts"]["predicted"] - report["counts"]["matched"]
    assert f"Missed differences ({missed})" in result.stdout
    assert f"Extra predictions ({extra})" in result.stdout
    low, high = report["confidence_intervals"]["overall_score"]
    assert low <= report["metrics"]["overall_score"] <= high


def test_report_is_schema_valid(tmp_path: Path) -> None:
    _, out = evaluate_to(tmp_path, REPO / "predictions" / "example.json")
    jsonschema.Draft202012Validator(SCHEMA).validate(json.loads(out.read_text(encoding="utf-8")))


def test_report_bytes_do_not_depend_on_hash_seed_or_order(tmp_path: Path) -> None:
    first = run_cli(
        "evaluate",
        "--predictions",
        "predictions/example.json",
        "--output",
        tmp_path / "a.json",
        env={"PYTHONHASHSEED": "1"},
    )
    second = run_cli(
        "evaluate",
        "--predictions",
        "predictions/example.json",
        "--output",
        tmp_path / "b.json",
        env={"PYTHONHASHSEED": "987"},
    )
    assert first.returncode == second.returncode == 0
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()

    # Same content, every list shuffled: manifest items, predicted items,
    # and the differences inside each (their indices are remapped).
    dataset = tmp_path / "ds"
    shutil.copytree(REPO / "data", dataset / "data")
    manifest = json.loads((dataset / "data" / "manifest.json").read_text(encoding="utf-8"))
    rnd = random.Random(7)
    rnd.shuffle(manifest["items"])
    write_json(dataset / "data" / "manifest.json", manifest)
    preds = json.loads((REPO / "predictions" / "example.json").read_text(encoding="utf-8"))
    rnd.shuffle(preds["items"])
    for item in preds["items"]:
        rnd.shuffle(item["differences"])
    shuffled = write_json(tmp_path / "shuffled.json", preds)
    third = run_cli(
        "evaluate",
        "--manifest",
        dataset / "data" / "manifest.json",
        "--predictions",
        shuffled,
        "--output",
        tmp_path / "c.json",
    )
    assert third.returncode == 0, third.stderr
    a = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    c = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))
    assert c["metrics"] == a["metrics"]
    assert c["confidence_intervals"] == a["confidence_intervals"]
    assert c["dataset"]["fingerprint"] == a["dataset"]["fingerprint"]
    assert [i["item_id"] for i in c["items"]] == [i["item_id"] for i in a["items"]]
    for item_a, item_c in zip(a["items"], c["items"], strict=True):
        assert item_a["metrics"] == item_c["metrics"]
        assert sorted(m["gold_id"] for m in item_a["matched"]) == sorted(
            m["gold_id"] for m in item_c["matched"]
        )


def test_failed_run_leaves_existing_report_untouched(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    out.write_text('{"previous": true}\n', encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": "1.0", "model": "m", "items": [', encoding="utf-8")
    result = run_cli("evaluate", "--predictions", bad, "--output", out)
    assert result.returncode == 1
    assert out.read_text(encoding="utf-8") == '{"previous": true}\n'
    assert list(tmp_path.iterdir()) == sorted([out, bad]) or set(tmp_path.iterdir()) == {out, bad}


@pytest.mark.parametrize(
    ("content", "where", "what"),
    [
        ('{"schema_version": "1.0", "model": "m", "items": [', "line 1 column", "invalid JSON"),
        ("[1, 2]", "/", "expected a JSON object"),
        ('{"schema_version": "2.0", "model": "m", "items": []}', "/schema_version", "2.0"),
        pytest.param(  # more digits than Python reads as an integer (red team round 11)
            '{"model": "m", "items": [],\n "x": ' + "9" * 5000 + "}",
            "line 2 column 7",
            "too long",
            id="a-number-too-long-to-read",
        ),
    ],
)
def test_bad_predictions_give_one_line_error(
    tmp_path: Path, content: str, where: str, what: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    result = run_cli("evaluate", "--predictions", bad)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"spotdiff: error: {bad}: {where}")
    assert what in lines[0]
    assert "Traceback" not in result.stderr


def test_usage_error_exits_2_with_one_line() -> None:
    result = run_cli("evaluate")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("spotdiff: error:") and "--predictions" in result.stderr


def test_missing_predictions_file(tmp_path: Path) -> None:
    result = run_cli("evaluate", "--predictions", tmp_path / "nope.json")
    assert result.returncode == 1
    assert result.stderr.strip() == f"spotdiff: error: {tmp_path / 'nope.json'}: file not found"


def test_output_into_a_folder_is_a_clear_error(tmp_path: Path) -> None:
    result = run_cli("evaluate", "--predictions", "predictions/perfect.json", "--output", tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("spotdiff: error:") and "Traceback" not in result.stderr


def test_published_module_path_and_console_script(tmp_path: Path) -> None:
    via_cli_module = run_cli(
        "evaluate", "--predictions", "predictions/example.json", module="spotdiff_eval.cli"
    )
    assert via_cli_module.returncode == 0, via_cli_module.stderr
    script = shutil.which("spotdiff")
    assert script, "the console script `spotdiff` is not installed (pip install -e .)"
    import subprocess

    via_script = subprocess.run(
        [script, "evaluate", "--predictions", "predictions/example.json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert via_script.returncode == 0, via_script.stderr
    assert via_script.stdout == via_cli_module.stdout


def test_terminal_output_escapes_control_characters(tmp_path: Path) -> None:
    preds = json.loads((REPO / "predictions" / "example.json").read_text(encoding="utf-8"))
    preds["model"] = "evil\x1b[2J\u202emodel"
    preds["items"][0]["differences"].append({"kind": "object_added", "subject": "x\x1b[31mred"})
    path = write_json(tmp_path / "evil.json", preds)
    result = run_cli("evaluate", "--predictions", path)
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "\\x1b[2J" in result.stdout


def test_report_gets_ordinary_file_permissions(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = run_cli("evaluate", "--predictions", "predictions/perfect.json", "--output", out)
    assert result.returncode == 0, result.stderr
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # not mkstemp's private 0o600
    out.chmod(0o640)
    assert (
        run_cli("evaluate", "--predictions", "predictions/perfect.json", "--output", out).returncode
        == 0
    )
    assert out.stat().st_mode & 0o777 == 0o640  # a rewrite keeps the file's mode


def test_quiet_has_a_short_form() -> None:
    result = run_cli("evaluate", "--predictions", "predictions/perfect.json", "-q")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ("evaluate", "--predictions", "predictions/perfect.json", "--bogus"),
            "spotdiff: error: spotdiff evaluate: unrecognized arguments: --bogus "
            "(see 'spotdiff evaluate --help')\n",
        ),
        (
            ("leaderboard", "build", "-z"),
            "spotdiff: error: spotdiff leaderboard build: unrecognized arguments: -z "
            "(see 'spotdiff leaderboard build --help')\n",
        ),
        (
            ("--bogus",),
            "spotdiff: error: the following arguments are required: <command> "
            "(see 'spotdiff --help')\n",
        ),
    ],
    ids=["evaluate", "leaderboard-build", "top-level"],
)
def test_usage_errors_name_the_command_once(args: tuple[str, ...], expected: str) -> None:
    """The prefix is not repeated ("spotdiff: error: spotdiff: ..."), and unknown
    arguments are blamed on the command that got them, whose --help lists the rest."""
    result = run_cli(*args)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", expected)


def test_lone_surrogate_is_refused_before_scoring(tmp_path: Path) -> None:
    """It used to pass loading, then crash writing the report (UnicodeEncodeError)."""
    text = (REPO / "predictions" / "perfect.json").read_text(encoding="utf-8")
    text = text.replace('"model": "', '"model": "x\\ud800', 1)
    path = tmp_path / "p.json"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "report.json"
    result = run_cli("evaluate", "--predictions", path, "--output", out)
    assert result.returncode == 1
    assert result.stderr.startswith(f"spotdiff: error: {path}: line ")
    assert result.stderr.count("\n") == 1 and "lone UTF-16 surrogate" in result.stderr
    assert not out.exists()
    validated = run_cli("validate", path)
    assert validated.returncode == 1 and "lone UTF-16 surrogate" in validated.stderr


@pytest.mark.parametrize(
    "manifest", ["data", ".", "data/manifest.json"], ids=["data", "root", "file"]
)
def test_manifest_may_be_the_dataset_folder(manifest: str) -> None:
    """As `spotdiff validate data` does: the folder or the dataset root finds the manifest."""
    result = run_cli(
        "evaluate", "--manifest", manifest, "--predictions", "predictions/perfect.json"
    )
    assert result.returncode == 0, result.stderr
    assert "100.0%" in result.stdout


def test_folder_without_a_manifest(tmp_path: Path) -> None:
    result = run_cli(
        "evaluate", "--manifest", tmp_path, "--predictions", REPO / "predictions" / "perfect.json"
    )
    assert (result.returncode, result.stderr) == (
        1,
        f"spotdiff: error: {tmp_path / 'manifest.json'}: file not found\n",
    )


def _copy_dataset(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "data", tmp_path / "data")
    shutil.copy(REPO / "predictions" / "perfect.json", tmp_path / "p.json")
    return tmp_path


@pytest.mark.parametrize(
    "target",
    [
        "p.json",
        "data/manifest.json",
        "data/../p.json",
        "data/annotations/{first}.json",
        "data/images/{first}.png",
        "link.json",
        "hard.json",
    ],
    ids=["predictions", "manifest", "dotdot", "annotation", "image", "symlink", "hard-link"],
)
@pytest.mark.parametrize("force", [False, True], ids=["plain", "force"])
def test_output_never_replaces_an_input(tmp_path: Path, target: str, force: bool) -> None:
    root = _copy_dataset(tmp_path)
    first = json.loads((root / "data" / "manifest.json").read_text(encoding="utf-8"))["items"][0]
    (root / "link.json").symlink_to(root / "p.json")
    os.link(root / "p.json", root / "hard.json")
    output = root / target.format(first=first["item_id"])
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    extra = ["--force"] if force else []
    result = run_cli(
        "evaluate", "--manifest", "data", "--predictions", "p.json", "--output", output, *extra,
        cwd=root,
    )  # fmt: skip
    assert result.returncode == 1, result.stdout
    assert result.stderr.startswith(f"spotdiff: error: {output}: is an input of this evaluation")
    assert result.stderr.count("\n") == 1
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_bad_output_is_refused_before_scoring(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The inputs are known once loaded: scoring them first was time (and memory) lost."""
    from spotdiff_eval import cli
    from spotdiff_eval.scoring import _pipeline

    def no_scoring(*args: object, **kwargs: object) -> None:
        raise AssertionError("scored before the output was checked")

    monkeypatch.setattr(_pipeline, "evaluate", no_scoring)
    notes = tmp_path / "notes.json"
    notes.write_text('{"mine": true}\n', encoding="utf-8")
    predictions = REPO / "predictions" / "example.json"
    command = ["evaluate", "--manifest", str(REPO / "data"), "--predictions", str(predictions)]
    assert cli.main([*command, "--output", str(notes)]) == 1
    assert capsys.readouterr().err.startswith(f"spotdiff: error: {notes}: exists and is not")
    assert cli.main([*command, "--output", str(predictions)]) == 1
    assert "is an input of this evaluation" in capsys.readouterr().err


def test_output_over_another_file_needs_force(tmp_path: Path) -> None:
    notes = tmp_path / "notes.json"
    notes.write_text('{"mine": true}\n', encoding="utf-8")
    result, _ = evaluate_to(tmp_path, REPO / "predictions" / "perfect.json", name="notes.json")
    assert result.returncode == 1
    assert result.stderr == (
        f"spotdiff: error: {notes}: exists and is not a spotdiff report; choose another "
        "--output, or add --force to replace it\n"
    )
    assert notes.read_text(encoding="utf-8") == '{"mine": true}\n'
    forced, _ = evaluate_to(
        tmp_path, REPO / "predictions" / "perfect.json", "--force", name="notes.json"
    )
    assert forced.returncode == 0, forced.stderr
    assert json.loads(notes.read_text(encoding="utf-8"))["metrics"]["overall_score"] == 1.0


def test_an_earlier_report_is_replaced_without_force(tmp_path: Path) -> None:
    first, out = evaluate_to(tmp_path, REPO / "predictions" / "example.json")
    assert first.returncode == 0, first.stderr
    again, _ = evaluate_to(tmp_path, REPO / "predictions" / "perfect.json")
    assert again.returncode == 0, again.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["metrics"]["overall_score"] == 1.0


def _big_predictions(tmp_path: Path, mib: float) -> Path:
    """A valid predictions file of about ``mib`` MiB: the bundled answers plus
    long descriptions on extra, unknown items."""
    data = json.loads((REPO / "predictions" / "example.json").read_text(encoding="utf-8"))
    note = "a long description of a small red kite near the fence " * 20
    padding = int(mib * 2**20 / len(note)) + 1
    data["items"] += [
        {
            "item_id": f"padding_{n:06d}",
            "differences": [{"kind": "object_added", "subject": "kite", "description": note}],
        }
        for n in range(padding)
    ]
    return write_json(tmp_path / "big.json", data, indent=None)


def test_size_cap_is_checked_before_the_dataset(tmp_path: Path) -> None:
    """A file above the cap is refused first: a broken manifest is not even read."""
    big = _big_predictions(tmp_path, 1.5)
    result = run_cli(
        "evaluate",
        "--manifest",
        tmp_path / "missing" / "manifest.json",
        "--predictions",
        big,
        "--max-predictions-mib",
        "1",
    )
    assert result.returncode == 1
    size = f"{big.stat().st_size / 2**20:.1f} MiB"
    assert result.stderr == (
        f"spotdiff: error: {big}: file is {size}, above the 1 MiB limit; "
        "add --max-predictions-mib 2 to read it\n"
    )


def test_size_cap_flag_admits_a_larger_file(tmp_path: Path) -> None:
    big = _big_predictions(tmp_path, 1.5)
    refused = run_cli("evaluate", "--predictions", big, "--max-predictions-mib", "1")
    assert refused.returncode == 1 and "above the 1 MiB limit" in refused.stderr
    admitted = run_cli("evaluate", "--quiet", "--predictions", big, "--max-predictions-mib", "2")
    assert admitted.returncode == 0, admitted.stderr


def test_size_cap_flag_must_be_a_positive_whole_number() -> None:
    result = run_cli("evaluate", "--predictions", "p.json", "--max-predictions-mib", "0")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "--max-predictions-mib: must be at least 1, found 0" in result.stderr


def test_a_file_name_that_is_not_utf8_is_read_like_any_other(tmp_path: Path) -> None:
    """Only what is written must be UTF-8 (round 12 of the sweep: a global check refused
    reading such a file)."""
    name = os.fsdecode(b"caf\xe9.json")
    shutil.copyfile(REPO / "predictions" / "example.json", tmp_path / name)
    result = subprocess.run(
        [
            *(sys.executable, "-m", "spotdiff_eval", "evaluate"),
            *("--manifest", REPO / "data" / "manifest.json", "--predictions", os.fsencode(name)),
        ],
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert result.returncode == 0, result.stderr
