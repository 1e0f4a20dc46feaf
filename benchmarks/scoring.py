"""Scorer throughput and `spotdiff evaluate` overhead on a large synthetic set.

Builds 10,000 items with 80,000 golden differences and noisy predictions
(renamed subjects, confused kinds, wrong details, misses and extras), then
prints:

* the scorer's throughput in golden differences per second (matching,
  metrics and bootstrap, in process);
* the ratio of one full ``spotdiff evaluate --output`` run (a new process:
  start-up, loading, validation, scoring, report) to merely parsing the same
  JSON files with ``json.loads``. Goal: under 10.

Usage: python benchmarks/scoring.py [--items N] [--per-item K] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from spotdiff_eval import evaluate, load_dataset, load_predictions

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
        "description": f"The {subject.replace('_', ' ')} changes.",
    }
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
    if rnd.random() < 0.3:
        pred["description"] = f"The {noun} near the {place} looks different."
    return pred


def build(root: Path, items: int, per_item: int, seed: int) -> tuple[Path, Path, list[Path]]:
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
    return manifest, predictions, [manifest, predictions, *files]


def best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--per-item", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="take the best of this many runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        manifest, predictions, files = build(root, args.items, args.per_item, args.seed)
        size = sum(f.stat().st_size for f in files) / 1e6
        print(
            f"dataset: {args.items} items, {args.items * args.per_item} golden differences, "
            f"{len(files)} JSON files, {size:.1f} MB"
        )

        parse = best_of(args.runs, lambda: [json.loads(f.read_bytes()) for f in files])
        dataset, preds = load_dataset(manifest), load_predictions(predictions)
        score = best_of(args.runs, lambda: evaluate(dataset, preds))
        command = [
            sys.executable,
            "-m",
            "spotdiff_eval",
            "evaluate",
            "--quiet",
            "--manifest",
            str(manifest),
            "--predictions",
            str(predictions),
            "--output",
            str(root / "report.json"),
        ]
        full = best_of(args.runs, lambda: subprocess.run(command, check=True))

        gold = args.items * args.per_item
        print(f"parse only (json.loads of every file): {parse:.2f} s")
        print(
            f"scoring in process (match, metrics, bootstrap): {score:.2f} s "
            f"= {gold / score:,.0f} golden differences/s"
        )
        print(f"spotdiff evaluate --output, whole command: {full:.2f} s")
        print(f"ratio evaluate / parse: {full / parse:.1f} (goal < 10)")


if __name__ == "__main__":
    main()
