"""How well ``spotdiff run`` keeps a slow endpoint busy.

Builds a 64-item dataset from the bundled images (each used several times),
serves an OpenAI-compatible endpoint on 127.0.0.1 that takes 250 ms per
answer, and runs the whole dataset through ``run_model`` at concurrency 1
and 8. Prints both wall times and the efficiency at concurrency 8: the ideal
time (items x latency / concurrency) divided by the measured one.
Goal: efficiency >= 0.8.

Usage: python benchmarks/runner.py [--items 64] [--latency 0.25] [--concurrency 8]
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from spotdiff_eval.runner import RunSettings, run_model

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
from fake_endpoints import FakeEndpoint  # noqa: E402 (a test helper, found above)


def build_dataset(root: Path, items: int) -> Path:
    """``items`` manifest entries cycling through the bundled images and annotations."""
    source = json.loads((REPO / "data" / "manifest.json").read_text(encoding="utf-8"))
    (root / "data" / "images").mkdir(parents=True)
    entries = []
    for index in range(items):
        base = source["items"][index % len(source["items"])]
        item_id = f"{base['item_id']}_{index:03d}"
        image = f"data/images/{item_id}.png"
        shutil.copyfile(REPO / base["image"], root / image)
        entries.append(
            {
                "item_id": item_id,
                "image": image,
                "annotation": f"data/annotations/{item_id}.json",
                "panel_layout": base["panel_layout"],
            }
        )
    manifest = root / "data" / "manifest.json"
    manifest.write_text(json.dumps({**source, "items": entries}), encoding="utf-8")
    return manifest


def timed_run(manifest: Path, endpoint: str, output: Path, concurrency: int) -> float:
    settings = RunSettings(
        endpoint=endpoint,
        model="benchmark-model",
        manifest=manifest,
        output=output,
        concurrency=concurrency,
        timeout=30,
    )
    started = time.perf_counter()
    result = run_model(settings, environ={}, stream=io.StringIO())
    seconds = time.perf_counter() - started
    if result.ok != result.selected:
        sys.exit(f"benchmark run failed: {result.failed} failed, {result.skipped} skipped")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=64)
    parser.add_argument("--latency", type=float, default=0.25)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        manifest = build_dataset(root, args.items)
        # The loopback OpenAI-compatible server of the test suite, 250 ms per answer.
        with FakeEndpoint("openai_compatible", delay=args.latency) as server:
            endpoint = server.endpoint()
            serial = timed_run(manifest, endpoint, root / "serial.json", 1)
            parallel = timed_run(manifest, endpoint, root / "parallel.json", args.concurrency)
    ideal = args.items * args.latency / args.concurrency
    print(f"items                {args.items} at {1000 * args.latency:.0f} ms per answer")
    print(f"concurrency 1        {serial:6.2f} s  (ideal {args.items * args.latency:.2f} s)")
    print(f"concurrency {args.concurrency:<8} {parallel:6.2f} s  (ideal {ideal:.2f} s)")
    print(f"efficiency at {args.concurrency}      {ideal / parallel:.2f}  (goal >= 0.8)")


if __name__ == "__main__":
    main()
