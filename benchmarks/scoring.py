"""`spotdiff evaluate` against the floor of merely parsing its files, by size.

For each size (default 1,000, 10,000 and 50,000 items, eight golden
differences each) builds a synthetic dataset whose golden and predicted
differences carry realistic descriptions (about 18 words, nearly all
distinct, as a model or an annotator writes them) and noisy predictions
(renamed subjects, confused kinds, wrong details, misses and extras), then
runs two fresh processes:

* the parse floor: ``json.loads`` of every file the command reads, all kept
  in memory, as the scorer must;
* ``spotdiff evaluate --output`` (start-up, loading, validation, scoring,
  report), with ``--max-predictions-mib`` raised so the 50,000-item file is
  accepted (``--max-mib 0`` leaves it out, to measure an earlier version:
  ``PYTHONPATH=<its checkout> python benchmarks/scoring.py --max-mib 0``).

It prints the wall time, CPU time and peak resident memory (``rusage`` of
each child, from ``os.wait4``, its worker processes included) of both, their
ratios (goals: time <= 4x, memory <= 2x), and CPU microseconds per item
(linear scaling keeps it flat). The command matches on one process per core
from 2,000 items up, which shortens the wall time, not the CPU time;
``--jobs 1`` measures it on one (``--jobs 0`` passes no ``--jobs``, for
versions before the flag).

``--stages`` adds, for each size, the CPU time of each stage of the same
work run in one process with the collector paused, as the command runs it:
loading the dataset, loading the predictions, reading the descriptions
(the matcher's evidence, measured apart from the rest of matching), matching
and tallying, and writing the report. It shows where the time goes.

Usage: python benchmarks/scoring.py [--items 1000 10000 50000] [--runs 3] [--stages]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NOUNS = [
    "car",
    "tree",
    "kite",
    "lamp",
    "window",
    "curtain",
    "dog",
    "cat",
    "bird",
    "boat",
    "flag",
    "house",
    "cloud",
    "mug",
    "sofa",
    "balloon",
    "fence",
    "door",
    "apple",
    "bench",
    "clock",
    "hat",
    "umbrella",
    "bicycle",
    "duck",
    "pig",
    "rug",
    "book",
    "plant",
    "kettle",
]
PLACES = ["left", "right", "top", "bottom", "garden", "kitchen", "street", "sky", "table"]
COLORS = ["red", "green", "blue", "yellow", "purple", "orange", "white", "black"]
KINDS = ["object_added", "object_removed", "attribute_change", "count_change"]
ADJECTIVES = ["small", "large", "bright", "faded", "shiny", "wooden", "striped", "old", "tall"]
VERBS = ["appears", "disappears", "looks different", "has changed", "is now shown", "moved"]
TAILS = [
    "just beside the {a} {b}",
    "partly hidden behind the {a} {b}",
    "close to the edge of the picture near the {b}",
    "while the {a} {b} stays exactly where it was",
    "and the {b} next to it keeps its {a} colour",
    "which is easy to miss at first glance",
]


def description(rnd: random.Random, noun: str, place: str) -> str:
    """About 18 words, nearly always distinct: the cache cannot hide the work."""
    tail = rnd.choice(TAILS).format(a=rnd.choice(ADJECTIVES), b=rnd.choice(NOUNS))
    return (
        f"In the {rnd.choice(['second', 'right', 'lower'])} image the {rnd.choice(ADJECTIVES)} "
        f"{noun} on the {place} {rnd.choice(VERBS)} {tail}."
    )


def gold_difference(rnd: random.Random, index: int, used: set[str]) -> dict:
    while True:
        subject = f"{rnd.choice(PLACES)}_{rnd.choice(NOUNS)}"
        if subject not in used:
            used.add(subject)
            break
    kind = KINDS[index % 4]
    diff: dict = {
        "id": f"d{index + 1:02d}",
        "kind": kind,
        "subject": subject,
    }
    place, noun = subject.split("_", 1)
    diff["description"] = description(rnd, noun, place)
    if kind == "attribute_change":
        a, b = rnd.sample(COLORS, 2)
        diff.update(attribute="color", **{"from": a, "to": b})
    elif kind == "count_change":
        diff.update(
            attribute="count", **{"from": str(rnd.randint(1, 4)), "to": str(rnd.randint(5, 8))}
        )
    else:
        diff["count"] = rnd.randint(1, 3)
    return diff


def noisy_prediction(rnd: random.Random, gold: dict) -> dict:
    place, noun = gold["subject"].split("_", 1)
    subject = rnd.choice(
        [
            gold["subject"],
            f"{noun}s_in_{place}",
            f"{place.title()}{noun.title()}",
            f"{noun}-{place}",
            noun,
        ]
    )
    pred = {k: v for k, v in gold.items() if k not in ("id", "description")}
    pred["subject"] = subject
    if rnd.random() < 0.15:
        pred["kind"] = rnd.choice(KINDS)
    if "to" in pred and rnd.random() < 0.2:
        pred["to"] = rnd.choice(COLORS)
    if rnd.random() < 0.8:
        pred["description"] = description(rnd, noun, place)
    return pred


def build(root: Path, items: int, per_item: int, seed: int) -> tuple[Path, Path, Path]:
    rnd = random.Random(seed)
    (root / "data" / "annotations").mkdir(parents=True)
    manifest_items, predicted_items, files = [], [], []
    for n in range(items):
        item_id = f"scene_{n:05d}"
        used: set[str] = set()
        golds = [gold_difference(rnd, i, used) for i in range(per_item)]
        annotation = {
            "schema_version": "1.0",
            "item_id": item_id,
            "image": f"data/images/{item_id}.png",
            "panel_layout": "side_by_side",
            "differences": golds,
        }
        path = root / "data" / "annotations" / f"{item_id}.json"
        path.write_text(json.dumps(annotation), encoding="utf-8")
        files.append(path)
        manifest_items.append(
            {
                "item_id": item_id,
                "image": f"data/images/{item_id}.png",
                "annotation": f"data/annotations/{item_id}.json",
                "panel_layout": "side_by_side",
            }
        )
        preds = [noisy_prediction(rnd, g) for g in golds if rnd.random() < 0.8]
        preds += [
            {"kind": rnd.choice(KINDS), "subject": f"{rnd.choice(COLORS)}_{rnd.choice(NOUNS)}"}
            for _ in range(rnd.randint(0, 3))
        ]
        rnd.shuffle(preds)
        predicted_items.append({"item_id": item_id, "differences": preds})
    manifest = root / "data" / "manifest.json"
    manifest.write_text(
        json.dumps(
            {
                "schema_version": "1.0",
                "dataset_name": "bench",
                "dataset_version": "1",
                "items": manifest_items,
            }
        ),
        encoding="utf-8",
    )
    predictions = root / "predictions.json"
    predictions.write_text(
        json.dumps({"schema_version": "1.0", "model": "noisy", "items": predicted_items}),
        encoding="utf-8",
    )
    listing = root / "files.txt"
    listing.write_text("\n".join(str(f) for f in [manifest, predictions, *files]))
    return manifest, predictions, listing


#: The floor: parse every file and keep the results, as the scorer must.
PARSE = (
    "import json, sys\n"
    "paths = open(sys.argv[1]).read().split('\\n')\n"
    "kept = [json.loads(open(p, 'rb').read()) for p in paths]\n"
)


def measure(command: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MiB of one child process.

    CPU time (user + system) is what the ratios use: on a shared machine the
    wall time of either process depends on what else runs.
    """
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{command[:4]} failed with exit code {child.returncode}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # Linux: KiB


def best_of(runs: int, command: list[str]) -> tuple[float, float, float]:
    results = [measure(command) for _ in range(runs)]
    return tuple(min(r[k] for r in results) for k in range(3))  # type: ignore[return-value]


#: The stages of ``spotdiff evaluate``, timed one after another in one process.
STAGES = r"""
import dataclasses, gc, sys, time
from spotdiff_eval.datasets import load_dataset, load_predictions
from spotdiff_eval.scoring import evaluate, write_report

manifest, predictions, report = sys.argv[1:4]
gc.disable()
clock = time.process_time
marks = [("start", clock())]
dataset = load_dataset(manifest)
marks.append(("load dataset", clock()))
loaded = load_predictions(predictions, max_bytes=2**31)
marks.append(("load predictions", clock()))
evaluation = evaluate(dataset, loaded)
marks.append(("match and tally", clock()))
write_report(report, evaluation)
marks.append(("write the report", clock()))
del evaluation


def mute(diffs):
    return tuple(dataclasses.replace(d, description=None) for d in diffs)


dataset = dataclasses.replace(dataset, annotations=tuple(
    dataclasses.replace(a, differences=mute(a.differences)) for a in dataset.annotations))
loaded = dataclasses.replace(loaded, items=tuple(
    dataclasses.replace(i, differences=mute(i.differences)) for i in loaded.items))
begin = clock()
evaluate(dataset, loaded)
marks.append(("(match and tally, no description)", clock() - begin + marks[-1][1]))
spans = zip(marks, marks[1:])
print("   " + ", ".join(f"{name} {end - begin:.2f} s" for (_, begin), (name, end) in spans))
"""


def one_size(items: int, args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        manifest, predictions, listing = build(root, items, args.per_item, args.seed)
        files = listing.read_text().split("\n")
        size = sum(Path(f).stat().st_size for f in files) / 2**20
        parse = best_of(args.runs, [sys.executable, "-c", PARSE, str(listing)])
        command = [
            sys.executable,
            "-m",
            "spotdiff_eval",
            "evaluate",
            "--quiet",
            *(["--max-predictions-mib", str(args.max_mib)] if args.max_mib else []),
            *(["--jobs", str(args.jobs)] if args.jobs else []),
            "--manifest",
            str(manifest),
            "--predictions",
            str(predictions),
            "--output",
            str(root / "report.json"),
        ]
        full = best_of(args.runs, command)
        print(
            f"{items:>7,} items {size:6.1f} MiB | parse: {parse[0]:5.2f} s wall "
            f"{parse[1]:5.2f} s CPU {parse[2]:5.0f} MiB | evaluate: {full[0]:6.2f} s wall "
            f"{full[1]:6.2f} s CPU {full[2]:5.0f} MiB | CPU x{full[1] / parse[1]:4.1f}, "
            f"wall x{full[0] / parse[0]:4.1f} (goal <= 4), memory x{full[2] / parse[2]:4.2f} "
            "(goal <= 2), "
            f"{full[1] / items * 1e6:5.0f} us CPU/item",
            flush=True,
        )
        if args.stages:
            stages = [sys.executable, "-c", STAGES, str(manifest), str(predictions)]
            subprocess.run([*stages, str(root / "stages.json")], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, nargs="+", default=[1_000, 10_000, 50_000])
    parser.add_argument("--per-item", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="take the best of this many runs")
    parser.add_argument(
        "--max-mib",
        type=int,
        default=1024,
        help="--max-predictions-mib for the command; 0 passes none (versions before the flag)",
    )
    parser.add_argument("--stages", action="store_true", help="also time each stage in-process")
    parser.add_argument(
        "--jobs", type=int, help="--jobs for the command (default: its own choice; 0 passes none)"
    )
    args = parser.parse_args()
    for items in args.items:
        one_size(items, args)


if __name__ == "__main__":
    main()
