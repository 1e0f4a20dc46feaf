"""``spotdiff explain``: the verdict, the route or veto, and the candidates of each prediction."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import read_json, run_cli, write_json


def _predictions(path: Path) -> Path:
    return write_json(
        path,
        {
            "schema_version": "1.0",
            "model": "m",
            "items": [
                {
                    "item_id": "scene_0001_park",
                    "differences": [
                        {
                            "kind": "attribute_change",
                            "subject": "blue_car",
                            "attribute": "color",
                            "from": "blue",
                            "to": "yellow",
                        },
                        {"kind": "object_removed", "subject": "flag"},
                        {"kind": "object_removed", "subject": "flag_on_playground"},
                        {"kind": "object_added", "subject": "submarine\u001b[31m"},
                    ],
                }
            ],
        },
    )


def test_explain_shows_routes_vetoes_and_reasons(dataset_manifest: Path, tmp_path: Path) -> None:
    predictions = _predictions(tmp_path / "p.json")
    args = ["explain", "--manifest", dataset_manifest, "--predictions", predictions]
    result = run_cli(*args, "--item", "scene_0001_park")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "refused: values_disagree" in out and "d01" in out
    assert "by same_object" in out or "by part_of_name" in out
    assert "closer_match_taken" in out
    assert "no_candidate" in out
    assert "\u001b" not in out, "prediction text reaches the terminal escaped"

    as_json = run_cli(*args, "--item", "scene_0001_park", "--json")
    assert as_json.returncode == 0, as_json.stderr
    document = json.loads(as_json.stdout)
    verdicts = {p["prediction_index"]: p for p in document["predictions"]}
    assert verdicts[0]["matched_gold_id"] is None and verdicts[0]["reason"] == "values_disagree"
    assert verdicts[0]["considered"][0]["veto"] == "values_disagree"
    matched = [p for p in verdicts.values() if p["matched_gold_id"] == "d02"]
    assert len(matched) == 1 and matched[0]["route"] is not None


def test_explain_agrees_with_the_report(dataset_manifest: Path, tmp_path: Path) -> None:
    predictions = _predictions(tmp_path / "p.json")
    report = tmp_path / "r.json"
    run_cli(
        "evaluate",
        "--manifest",
        dataset_manifest,
        "--predictions",
        predictions,
        "--output",
        report,
        "--quiet",
    )
    item = next(i for i in read_json(report)["items"] if i["item_id"] == "scene_0001_park")
    result = run_cli(
        "explain",
        "--manifest",
        dataset_manifest,
        "--predictions",
        predictions,
        "--item",
        "scene_0001_park",
        "--json",
    )
    verdicts = json.loads(result.stdout)["predictions"]
    assert {m["prediction_index"]: m["gold_id"] for m in item["matched"]} == {
        v["prediction_index"]: v["matched_gold_id"] for v in verdicts if v["matched_gold_id"]
    }
    assert {e["prediction_index"]: e["reason"] for e in item["extra"]} == {
        v["prediction_index"]: v["reason"] for v in verdicts if v["reason"]
    }


def test_unknown_item_is_one_clean_line(dataset_manifest: Path, tmp_path: Path) -> None:
    predictions = _predictions(tmp_path / "p.json")
    result = run_cli(
        "explain", "--manifest", dataset_manifest, "--predictions", predictions, "--item", "nope"
    )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "no item 'nope'" in result.stderr
    assert "Traceback" not in result.stderr
