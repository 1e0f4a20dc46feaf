"""Start-up cost of ``spotdiff evaluate`` on a one-item dataset, above a bare Python.

Runs each command several times (after one warm-up, so the compiled-schema
cache is filled as it is on any second run) and prints the median wall
times and the difference. Goal: at most 120 ms above ``python -c pass``.

Usage: python benchmarks/startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def one_item_dataset(folder: Path) -> tuple[Path, Path]:
    manifest = json.loads((REPO / "data" / "manifest.json").read_text(encoding="utf-8"))
    item = manifest["items"][0]
    (folder / "data" / "annotations").mkdir(parents=True)
    shutil.copy(REPO / item["annotation"], folder / item["annotation"])
    manifest["items"] = [item]
    (folder / "data" / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    predictions = json.loads((REPO / "predictions" / "example.json").read_text(encoding="utf-8"))
    predictions["items"] = [i for i in predictions["items"] if i["item_id"] == item["item_id"]]
    (folder / "p.json").write_text(json.dumps(predictions), encoding="utf-8")
    return folder / "data" / "manifest.json", folder / "p.json"


def median_wall(command: list[str], runs: int) -> float:
    subprocess.run(command, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        manifest, predictions = one_item_dataset(Path(tmp))
        evaluate = [
            sys.executable,
            "-m",
            "spotdiff_eval",
            "evaluate",
            "--manifest",
            str(manifest),
            "--predictions",
            str(predictions),
            "--quiet",
        ]
        spotdiff = median_wall(evaluate, args.runs)
        bare = median_wall([sys.executable, "-c", "pass"], args.runs)
    print(f"spotdiff evaluate, one item: {spotdiff * 1000:.0f} ms (median of {args.runs})")
    print(f"python -c pass:              {bare * 1000:.0f} ms")
    print(f"above bare Python:           {(spotdiff - bare) * 1000:.0f} ms (goal <= 120 ms)")


if __name__ == "__main__":
    main()
