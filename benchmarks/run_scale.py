"""How ``spotdiff run`` scales to a large dataset: wall time and bytes written.

Serves an OpenAI-compatible endpoint on 127.0.0.1 in a child process (so the
server does not compete with the runner for the GIL) that takes ``--latency``
seconds per answer and answers every item with ``--differences``
differences. Runs ``--items`` items at ``--concurrency`` through
``run_model`` and prints:

- wall time against the ideal ``ceil(items / concurrency) x latency``
  (goal: within 5 %, a ratio <= 1.05);
- bytes the run wrote to the output (predictions file and journal), counted
  by wrapping the two writers, against the final file's size (goal: <= 3x).

Usage: python benchmarks/run_scale.py [--items 5000] [--concurrency 32]
       [--latency 0.25] [--differences 8]
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

SERVER = """
import json, sys, time
sys.path.insert(0, {tests!r})
from fake_endpoints import FakeEndpoint, Reply
answer = {answer!r}
with FakeEndpoint("openai_compatible", delay={latency!r},
                  default=lambda _item: Reply(text=answer)) as server:
    print(server.endpoint(), flush=True)
    sys.stdin.read()
"""


def answer_text(count: int) -> str:
    """An answer of ``count`` fully described attribute changes (about 230 bytes each)."""
    return json.dumps(
        {
            "differences": [
                {
                    "kind": "attribute_change",
                    "subject": f"striped_umbrella_{n}",
                    "attribute": "color",
                    "from": "red and white stripes",
                    "to": "blue and yellow stripes",
                    "description": f"The umbrella number {n} near the sand castle changes "
                    "its stripes from red and white to blue and yellow.",
                    "location": "bottom left",
                }
                for n in range(count)
            ]
        }
    )


def build_dataset(root: Path, items: int) -> Path:
    """``items`` manifest entries, all pointing at one bundled image (hard links are free)."""
    source = json.loads((REPO / "data" / "manifest.json").read_text(encoding="utf-8"))
    first = source["items"][0]
    images = root / "data" / "images"
    images.mkdir(parents=True)
    original = images / "scene.png"
    original.write_bytes((REPO / first["image"]).read_bytes())
    entries = []
    for index in range(items):
        item_id = f"item_{index:05d}"
        os.link(original, images / f"{item_id}.png")
        entries.append(
            {
                "item_id": item_id,
                "image": f"data/images/{item_id}.png",
                "annotation": f"data/annotations/{item_id}.json",
                "panel_layout": first["panel_layout"],
            }
        )
    manifest = root / "data" / "manifest.json"
    manifest.write_text(json.dumps({**source, "items": entries}), encoding="utf-8")
    return manifest


class WriteCounter:
    """Counts the bytes passed to the runner's file writers."""

    def __init__(self) -> None:
        self.bytes = 0
        self.calls = 0

    def install(self) -> None:
        from spotdiff_eval.runner import output

        atomic = output.write_text_atomic

        def counted_atomic(path: Path | str, text: str) -> None:
            self.bytes += len(text.encode("utf-8"))
            self.calls += 1
            atomic(path, text)

        output.write_text_atomic = counted_atomic
        try:
            from spotdiff_eval.runner import journal
        except ImportError:  # the runner before the journal existed
            return
        append = journal.Journal.append_bytes

        def counted_append(this: journal.Journal, data: bytes) -> None:
            self.bytes += len(data)
            self.calls += 1
            append(this, data)

        journal.Journal.append_bytes = counted_append


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=5000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--latency", type=float, default=0.25)
    parser.add_argument("--differences", type=int, default=8)
    args = parser.parse_args()

    from spotdiff_eval.runner import RunSettings, run_model

    counter = WriteCounter()
    counter.install()
    code = SERVER.format(
        tests=str(REPO / "tests"), answer=answer_text(args.differences), latency=args.latency
    )
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        manifest = build_dataset(root, args.items)
        server = subprocess.Popen(
            [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        try:
            endpoint = server.stdout.readline().strip()
            output = root / "predictions.json"
            settings = RunSettings(
                endpoint=endpoint,
                model="benchmark-model",
                manifest=manifest,
                output=output,
                concurrency=args.concurrency,
                timeout=60,
            )
            started = time.perf_counter()
            result = run_model(settings, environ={}, stream=io.StringIO())
            seconds = time.perf_counter() - started
        finally:
            server.stdin.close()
            server.wait(timeout=30)
        if result.ok != result.selected:
            sys.exit(f"benchmark run failed: {result.failed} failed, {result.skipped} skipped")
        final = output.stat().st_size
        latencies = [e["latency_ms"] for e in json.loads(output.read_text())["run"]["items"]]
    ideal = math.ceil(args.items / args.concurrency) * args.latency
    print(
        f"items                {args.items} at {1000 * args.latency:.0f} ms, "
        f"concurrency {args.concurrency}, {args.differences} differences per answer"
    )
    print(f"wall time            {seconds:7.2f} s  (ideal {ideal:.2f} s)")
    print(f"time / ideal         {seconds / ideal:7.3f}  (goal <= 1.05)")
    mean = sum(latencies) / len(latencies)
    print(f"request latency      {mean:7.1f} ms mean, {max(latencies)} ms max")
    print(f"final file           {final / 1e6:7.2f} MB")
    print(f"bytes written        {counter.bytes / 1e6:7.2f} MB in {counter.calls} writes")
    print(f"written / final      {counter.bytes / final:7.3f}  (goal <= 3)")


if __name__ == "__main__":
    main()
