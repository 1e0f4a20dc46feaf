"""Start-up cost of ``spotdiff evaluate`` on a one-item dataset, above a bare Python.

Runs each command several times (after one warm-up, so the compiled-schema
cache is filled as it is on any second run) and prints the median wall
times and the difference. Goal: at most 120 ms above ``python -c pass``.

The package's bytecode is compiled first, as ``pip install`` does for an
installed copy: an editable install under ``PYTHONDONTWRITEBYTECODE=1`` (set
on this project's machines) otherwise compiles every module on every run,
which costs about 60 ms more. That case is printed too, for comparison.

Usage: python benchmarks/startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
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


def median_wall(
    command: list[str], runs: int, cwd: Path, env: dict[str, str] | None = None
) -> float:
    subprocess.run(command, check=True, capture_output=True, cwd=cwd, env=env)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=cwd, env=env)
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
        compileall.compile_dir(REPO / "spotdiff_eval", quiet=1)
        spotdiff = median_wall(evaluate, args.runs, Path(tmp))
        bare = median_wall([sys.executable, "-c", "pass"], args.runs, Path(tmp))
        # A copy of the package with no bytecode, which nothing may write.
        shutil.copytree(
            REPO / "spotdiff_eval",
            Path(tmp) / "uncompiled" / "spotdiff_eval",
            ignore=shutil.ignore_patterns("__pycache__"),
        )
        (Path(tmp) / "uncompiled" / "schemas").symlink_to(REPO / "schemas")
        no_bytecode = {
            **os.environ,
            "PYTHONPATH": str(Path(tmp) / "uncompiled"),
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        uncompiled = median_wall(evaluate, args.runs, Path(tmp), env=no_bytecode)
    print(f"spotdiff evaluate, one item: {spotdiff * 1000:.0f} ms (median of {args.runs})")
    print(f"python -c pass:              {bare * 1000:.0f} ms")
    print(f"above bare Python:           {(spotdiff - bare) * 1000:.0f} ms (goal <= 120 ms)")
    print(f"  package not compiled:      {(uncompiled - bare) * 1000:.0f} ms above bare Python")


if __name__ == "__main__":
    main()
