"""Red team round 20 of the command line: bad input to evaluate, explain, merge,
validate, generate, submit and leaderboard build."""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from conftest import REPO, run_cli

MANIFEST = REPO / "data" / "manifest.json"
EXAMPLE = REPO / "predictions" / "example.json"


def test_explaining_an_item_the_file_does_not_answer_is_no_traceback(tmp_path: Path) -> None:
    """Attack: ``explain --item`` an item the predictions file leaves out (the
    example file skips one; an empty ``items`` list skips all). The note naming
    an answer under another spelling read its first candidate even when there
    was none: an IndexError traceback instead of "no answer for item"."""
    empty = tmp_path / "empty.json"
    empty.write_text('{"schema_version": "1.0", "model": "m", "items": []}', encoding="utf-8")
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    answered = {item["item_id"] for item in example["items"]}
    skipped = next(i["item_id"] for i in manifest["items"] if i["item_id"] not in answered)
    for predictions, item in ((empty, "scene_0001"), (EXAMPLE, skipped)):
        result = run_cli(
            "explain", "--manifest", MANIFEST, "--predictions", predictions, "--item", item
        )
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        first = result.stdout.splitlines()[0]
        assert first == f"{predictions}: no answer for item {item!r}: every difference missed"


def _file_size_limit(limit: int) -> Callable[[], None]:
    """For ``preexec_fn``: writes past ``limit`` bytes fail with EFBIG, as on a full disk."""

    def limit_writes() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an error, not a killed process
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limit_writes


def _checkout(tmp_path: Path) -> Path:
    """A copy of the repository's dataset and submissions, for commands that write into them."""
    root = tmp_path / "repo"
    shutil.copytree(REPO / "data", root / "data")
    shutil.copytree(REPO / "submissions", root / "submissions")
    return root


def test_submit_on_a_full_disk_names_the_file_and_keeps_the_old_folder(tmp_path: Path) -> None:
    """Attack: ``submit --force`` over an existing submission with the disk full
    (RLIMIT_FSIZE). The old folder came back, but the error read
    "spotdiff: error: spotdiff: File too large", naming no file."""
    root = _checkout(tmp_path)
    folder = root / "submissions" / "synthetic-dev" / "example-baseline"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    result = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "submit", "--predictions", EXAMPLE,
         "--model", "example-model", "--provider", "Me", "--submitter", "octocat",
         "--board", "synthetic-dev", "--id", "example-baseline", "--force"],
        cwd=root, capture_output=True, text=True, timeout=120,
        preexec_fn=_file_size_limit(3_000),
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr == (
        "spotdiff: error: submissions/synthetic-dev/example-baseline/predictions.json: "
        "cannot write: File too large\n"
    ), result.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(os.listdir(folder.parent)) == sorted(
        os.listdir(REPO / "submissions" / "synthetic-dev")
    )
