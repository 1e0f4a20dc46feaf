"""`spotdiff validate` and bad input through the real command line: exit codes,
one-line messages, no tracebacks."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import REPO, run_cli, write_json


def assert_one_line_error(result, *, code: int = 1) -> str:
    assert result.returncode == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    errors = [ln for ln in result.stderr.splitlines() if ln.startswith("spotdiff: error:")]
    assert errors, result.stderr
    return errors[0]


def test_bundled_dataset_and_perfect_predictions_are_valid() -> None:
    for target in ("data/manifest.json", "data", "predictions/perfect.json"):
        result = run_cli("validate", target)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == f"{target}: valid"
        assert result.stderr == ""


def test_unanswered_items_warn_but_do_not_fail() -> None:
    result = run_cli("validate", "predictions/example.json")
    assert result.returncode == 0
    items = len(json.loads((REPO / "data" / "manifest.json").read_text(encoding="utf-8"))["items"])
    assert f"spotdiff: warning: predictions/example.json: /items: 1 of {items} dataset items" in (
        result.stderr
    )


def test_each_problem_is_one_line_and_the_exit_is_1(tmp_path: Path) -> None:
    doc = json.loads((REPO / "predictions" / "perfect.json").read_text(encoding="utf-8"))
    doc["items"][0]["item_id"] = "not_in_dataset"
    doc["items"][1]["differences"][0]["count"] = 0
    bad = write_json(tmp_path / "bad.json", doc)
    result = run_cli("validate", bad)
    line = assert_one_line_error(result)
    assert line == (
        f"spotdiff: error: {bad}: /items/1/differences/0/count: must be an integer >= 1, found 0"
    )


def test_submission_folder_with_a_symlink(tmp_path: Path) -> None:
    folder = tmp_path / "submissions" / "my-model"
    folder.mkdir(parents=True)
    (folder / "predictions.json").symlink_to(REPO / "predictions" / "perfect.json")
    result = run_cli("validate", folder)
    assert result.returncode == 1
    assert "symlink" in result.stderr and "Traceback" not in result.stderr


def test_unknown_kind_is_a_usage_error() -> None:
    result = run_cli("validate", "data", "--kind", "banana")
    assert result.returncode == 2
    assert result.stderr.startswith("spotdiff: error:") and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("deep.json", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("latin1.json", b'{"model": "caf\xe9"}', "not valid UTF-8"),
        (
            "kind.json",
            {
                "schema_version": "1.0",
                "model": "m",
                "items": [{"item_id": "x", "differences": [{"kind": "moved", "subject": "cat"}]}],
            },
            'unknown kind "moved"',
        ),
        (
            "blank.json",
            {
                "schema_version": "1.0",
                "model": "m",
                "items": [
                    {"item_id": "x", "differences": [{"kind": "object_added", "subject": "  "}]}
                ],
            },
            "must not be empty",
        ),
        (
            "notalist.json",
            {
                "schema_version": "1.0",
                "model": "m",
                "items": [{"item_id": "x", "differences": {"kind": "object_added"}}],
            },
            "must be a list",
        ),
    ],
    # Explicit ids: the 200,000-character document must not become the test id
    # (pytest puts it into PYTEST_CURRENT_TEST; see test_test_ids.py).
    ids=["deep", "latin1", "unknown-kind", "blank-subject", "differences-not-a-list"],
)
def test_evaluate_refuses_bad_predictions_cleanly(tmp_path: Path, name, content, expected):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        write_json(path, content)
    line = assert_one_line_error(run_cli("evaluate", "--predictions", path))
    assert line.startswith(f"spotdiff: error: {path}: ") and expected in line


def test_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(500 * 1024 * 1024)  # sparse: no disk used
    line = assert_one_line_error(run_cli("evaluate", "--predictions", huge))
    assert line == (
        f"spotdiff: error: {huge}: file is 500.0 MiB, above the 64 MiB limit; "
        "add --max-predictions-mib 500 to read it"
    )


def test_manifest_path_escaping_the_dataset_root(tmp_path: Path) -> None:
    data = tmp_path / "data"
    manifest = json.loads((REPO / "data" / "manifest.json").read_text(encoding="utf-8"))
    manifest["items"][0]["annotation"] = "../../etc/passwd"
    write_json(data / "manifest.json", manifest)
    line = assert_one_line_error(
        run_cli(
            "evaluate",
            "--manifest",
            data / "manifest.json",
            "--predictions",
            REPO / "predictions" / "perfect.json",
        )
    )
    assert "/items/0/annotation" in line and "outside the dataset root" in line
    assert os.path.exists("/etc/passwd")  # the refusal is not "file not found"
