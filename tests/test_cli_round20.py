"""Red team round 20 of the command line: bad input to evaluate, explain, merge,
validate, generate, submit and leaderboard build."""

from __future__ import annotations

import json
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
