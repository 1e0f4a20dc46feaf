"""Red team round 18 on ``spotdiff download`` and the dataset loader.

The real huggingface_hub client runs against the loopback hub
(``hub_fixtures.py``), in a ``spotdiff`` subprocess as a user runs it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import REPO as REPO_ROOT
from conftest import run_cli

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


# -- whole numbers written as floats --------------------------------------------------


def test_boxes_written_as_whole_floats_validate_as_integers(tmp_path: Path) -> None:
    """``[0.0, 0, 480.0, 360]``, as an export through numpy or JavaScript writes whole
    numbers, passes the schema (JSON Schema's "integer" takes 10.0): validate's
    pixel audit, and with it ``spotdiff download`` of such a dataset, ended in a
    traceback ("slice indices must be integers")."""
    root = tmp_path / "root"
    shutil.copytree(REPO_ROOT / "data", root / "data")
    before = run_cli("validate", root / "data")
    for path in sorted((root / "data" / "annotations").glob("*.json")):
        annotation = json.loads(path.read_text(encoding="utf-8"))
        annotation["panel_boxes"] = [[float(v) for v in box] for box in annotation["panel_boxes"]]
        for difference in annotation["differences"]:
            difference["bbox"] = [float(v) for v in difference["bbox"]]
        path.write_text(json.dumps(annotation, indent=2), encoding="utf-8")

    result = run_cli("validate", root / "data")

    assert (result.returncode, result.stdout) == (0, f"{root / 'data'}: valid\n")
    assert "Traceback" not in result.stderr
    assert result.stderr == before.stderr
