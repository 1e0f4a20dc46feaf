"""Red team round 23: the pull request check, and the scorer it trusts.

Ids the validator refuses that the scorer took, a head commit that starts no
check, and what an outsider's pull request could shape to pass the check.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import read_json, run_cli, write_json

PARK = "scene_0001_park"


# -- ids that differ only in case: refused by validate, and now by evaluate too ------------


def _predictions(tmp_path: Path) -> Path:
    return write_json(
        tmp_path / "predictions.json",
        {"schema_version": "1.0", "model": "m", "items": []},
    )


@pytest.mark.parametrize("command", ["validate", "evaluate"])
def test_difference_ids_differing_only_in_case_are_refused_by_both_commands(
    dataset_manifest: Path, tmp_path: Path, command: str
) -> None:
    """Round 19 made ``validate`` refuse ``d01`` next to ``D01``; ``evaluate`` scored the
    item with both, so a dataset the validator refuses still produced a report."""
    path = (dataset_manifest.parent / "annotations" / f"{PARK}.json").resolve()
    data = read_json(path)
    data["differences"][1]["id"] = "D01"
    write_json(path, data)
    args = ["--manifest", dataset_manifest, "--predictions", _predictions(tmp_path)]
    done = run_cli(command, *(args if command == "evaluate" else [dataset_manifest]))
    assert done.returncode == 1
    line = (
        f'{path}: /differences/1/id: id "D01" differs only in case from "d01" (/differences/0/id)'
    )
    assert f"spotdiff: error: {line}" in done.stderr.splitlines()
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["validate", "evaluate"])
def test_item_ids_differing_only_in_case_are_refused_by_both_commands(
    dataset_manifest: Path, tmp_path: Path, command: str
) -> None:
    """The same rule for the manifest's item ids (one item to anyone reading a report)."""
    manifest = read_json(dataset_manifest)
    twin = dict(manifest["items"][0], item_id=PARK.upper(), annotation="data/annotations/twin.json")
    manifest["items"].append(twin)
    write_json(dataset_manifest, manifest)
    annotation = read_json(dataset_manifest.parent / "annotations" / f"{PARK}.json")
    write_json(
        dataset_manifest.parent / "annotations" / "twin.json",
        {**annotation, "item_id": PARK.upper()},
    )
    args = ["--manifest", dataset_manifest, "--predictions", _predictions(tmp_path)]
    done = run_cli(command, *(args if command == "evaluate" else [dataset_manifest]))
    assert done.returncode == 1
    index = len(manifest["items"]) - 1
    line = (
        f'{dataset_manifest}: /items/{index}/item_id: item_id "{PARK.upper()}" differs only in '
        f'case from "{PARK}" (/items/0/item_id)'
    )
    assert f"spotdiff: error: {line}" in done.stderr.splitlines()
    assert "Traceback" not in done.stderr
