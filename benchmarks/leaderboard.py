"""Leaderboard build time, incremental rebuild time, and the standings page's size.

For each size (by default 200 and 500 submissions of varying skill) on the
bundled dataset (``data/``; ``--items N`` generates a synthetic one instead),
prints:

* the cold build (``build_leaderboard`` with an empty cache and no site:
  validate and score every submission, paired bootstrap, LEADERBOARD.md,
  the whole site);
* a rebuild with nothing changed, its share of the cold build, and how many
  files of the site it wrote (a file counts as written when its inode
  changed: unchanged pages are carried over as hard links). Goal: none;
* a rebuild after one submission's predictions changed, and its share of the
  cold build. Goal: under 5%;
* the size of the board's ``index.html`` (the standings page). Goal: at most
  150 KB at 500 entries.

Each build is given in wall and CPU seconds (CPU time varies less on a busy
machine), with the CPU time of ``render_site`` shown apart from the rest.

Usage: python benchmarks/leaderboard.py [--sizes 200,500] [--items N] [--seed S]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image
from scoring import COLORS, KINDS, NOUNS, PLACES, gold_difference, noisy_prediction

from spotdiff_eval.leaderboard import site
from spotdiff_eval.leaderboard.build import build_leaderboard

PANEL = (160, 120)


def write_dataset(root: Path, items: int, per_item: int, rnd: random.Random) -> list[dict]:
    """The manifest, annotations and images; returns each item's golden differences."""
    data = root / "data"
    (data / "annotations").mkdir(parents=True)
    (data / "images").mkdir()
    entries, golds = [], []
    for n in range(items):
        item_id = f"scene_{n:04d}"
        used: set[str] = set()
        diffs = [gold_difference(rnd, i, used) for i in range(per_item)]
        for d in diffs:
            x, y = rnd.randrange(0, PANEL[0] - 30), rnd.randrange(0, PANEL[1] - 30)
            d["bbox"] = [x, y, x + 30, y + 30]
        image = f"data/images/{item_id}.png"
        Image.new("RGB", (2 * PANEL[0], PANEL[1]), (rnd.randrange(256), 200, 180)).save(
            root / image
        )
        annotation = {
            "schema_version": "1.0",
            "item_id": item_id,
            "image": image,
            "panel_layout": "side_by_side",
            "review_status": "approved",
            "panel_boxes": [[0, 0, PANEL[0], PANEL[1]], [PANEL[0], 0, 2 * PANEL[0], PANEL[1]]],
            "differences": diffs,
        }
        (data / "annotations" / f"{item_id}.json").write_text(json.dumps(annotation))
        entries.append(
            {
                "item_id": item_id,
                "image": image,
                "annotation": f"data/annotations/{item_id}.json",
                "panel_layout": "side_by_side",
            }
        )
        golds.append({"item_id": item_id, "differences": diffs})
    manifest = {
        "schema_version": "1.0",
        "dataset_name": "bench",
        "dataset_version": "1",
        "review_status": "approved",
        "items": entries,
    }
    (data / "manifest.json").write_text(json.dumps(manifest))
    return golds


#: The name and version submissions state: the dataset's, set once it is written.
DATASET = {"name": "bench", "version": "1"}

#: Prediction fields copied from a golden difference (boxes and ids are not predicted).
FIELDS = ("kind", "subject", "attribute", "from", "to", "count")


def predict(rnd: random.Random, gold: dict) -> dict:
    """A prediction of ``gold``: noisy for the synthetic set, the golden fields otherwise."""
    if "_" in gold["subject"] and gold["subject"].split("_", 1)[0] in PLACES:
        return {k: v for k, v in noisy_prediction(rnd, gold).items() if k != "bbox"}
    prediction = {k: gold[k] for k in FIELDS if k in gold}
    if "to" in prediction and rnd.random() < 0.3:
        prediction["to"] = rnd.choice(COLORS)  # a wrong detail on the right difference
    return prediction


def write_submission(submissions: Path, index: int, golds: list[dict], rnd: random.Random) -> None:
    """One submission whose model finds each difference with its own skill."""
    submission_id = f"model-{index:04d}"
    skill = rnd.uniform(0.2, 0.95)
    items = []
    for item in golds:
        found = [g for g in item["differences"] if rnd.random() < skill]
        # Golden boxes are not part of a prediction.
        preds = [predict(rnd, g) for g in found]
        preds += [
            {"kind": rnd.choice(KINDS), "subject": f"stray_{rnd.choice(NOUNS)}"}
            for _ in range(rnd.randint(0, 2))
        ]
        items.append({"item_id": item["item_id"], "differences": preds})
    folder = submissions / submission_id
    folder.mkdir(parents=True)
    predictions = {"schema_version": "1.0", "model": f"Model {index}", "items": items}
    (folder / "predictions.json").write_text(json.dumps(predictions))
    metadata = {
        "schema_version": "1.0",
        "submission_id": submission_id,
        "model": {"name": f"Model {index}", "version": f"v{index % 7}"},
        "organisation": f"Lab {index % 23}",
        "runtime": "api" if index % 3 else "local",
        "submitter": f"user{index}",
        "date": f"2025-{1 + index % 12:02d}-{1 + index % 28:02d}",
        "dataset": {**DATASET, "track": "dev"},
        "prompt": {"name": "spotdiff_v1", "sha256": f"{index:064x}"},
        "links": [{"label": "Model card", "url": f"https://example.org/model-{index}"}],
        "notes": f"Synthetic entry {index}: finds about {100 * skill:.0f}% of the differences.",
    }
    (folder / "submission.json").write_text(json.dumps(metadata, indent=2))


#: The one board the benchmark's submissions sit on, the dataset in data/.
BOARD = {
    "schema_version": "1.0",
    "board_id": "bench",
    "title": "Benchmark",
    "description": "Generated submissions.",
    "track": "public",
    "dataset": {"path": "data"},
}


class Clock:
    """Wall and CPU seconds (CPU time is steadier on a busy machine), and site time."""

    def __init__(self) -> None:
        self.site = 0.0

    def render_site(self, *args: object, **kwargs: object) -> None:
        start = time.process_time()
        site.render_site(*args, **kwargs)  # type: ignore[arg-type]
        self.site += time.process_time() - start

    def run(self, fn) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
        self.site = 0.0
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        return time.perf_counter() - wall, time.process_time() - cpu, self.site


def copy_bundled(root: Path) -> list[dict]:
    """The bundled dataset copied under ``root/data``; returns each item's golden differences."""
    source = Path(__file__).resolve().parent.parent / "data"
    shutil.copytree(source, root / "data")
    manifest = json.loads((root / "data" / "manifest.json").read_text())
    golds = []
    DATASET.update(name=manifest["dataset_name"], version=manifest["dataset_version"])
    for entry in manifest["items"]:
        annotation = json.loads((root / entry["annotation"]).read_text())
        golds.append({"item_id": entry["item_id"], "differences": annotation["differences"]})
    return golds


def inodes(folder: Path) -> dict[str, int]:
    """Every file of the site by relative path, with its inode number."""
    return {
        p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob("*") if p.is_file()
    }


def measure(args: argparse.Namespace, count: int) -> None:
    rnd = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if args.items:
            golds = write_dataset(root, args.items, args.per_item, rnd)
        else:
            golds = copy_bundled(root)
        submissions = root / "submissions" / "bench"
        submissions.mkdir(parents=True)
        (submissions / "board.json").write_text(json.dumps(BOARD))
        for index in range(count):
            write_submission(submissions, index, golds, rnd)
        paths = {
            "submissions_dir": root / "submissions",
            "markdown": root / "LEADERBOARD.md",
            "output": root / "site",
            "cache_dir": root / ".spotdiff-cache",
        }
        print(f"{count} submissions on {len(golds)} items", file=sys.stderr)
        clock = Clock()
        board = None

        def build() -> None:
            nonlocal board
            board = build_leaderboard(**paths, render_site=clock.render_site)

        cold = clock.run(build)
        before = inodes(root / "site")
        same = clock.run(build)
        after = inodes(root / "site")
        written = sum(before.get(path) != ino for path, ino in after.items())
        # One submission's predictions change: its folder is rewritten in place.
        changed = submissions / f"model-{count // 2:04d}"
        shutil.rmtree(changed)
        write_submission(submissions, count // 2, golds, random.Random(args.seed + 1))
        one = clock.run(build)
        assert board is not None and board.rescored == 1, "the changed submission is rescored"
        index_kb = (root / "site" / "bench" / "index.html").stat().st_size / 1000
        print(f"== {count} entries on {len(golds)} items")
        for label, (wall, cpu, in_site) in (
            ("cold build (empty cache)", cold),
            ("rebuild, nothing changed", same),
            ("rebuild, one submission changed", one),
        ):
            print(
                f"{label}: {wall:.2f} s wall, {cpu:.2f} s CPU "
                f"(site rendering {in_site:.2f} s CPU, the rest {cpu - in_site:.2f} s CPU)"
            )
        for label, (wall, cpu, _) in (("nothing changed", same), ("one changed", one)):
            print(
                f"{label} / cold: {100 * wall / cold[0]:.1f}% wall, "
                f"{100 * cpu / cold[1]:.1f}% CPU (goal < 5% for one changed)"
            )
        print(f"files written by the rebuild with nothing changed: {written} of {len(after)}")
        print(f"index.html: {index_kb:.0f} KB (goal <= 150 KB at 500 entries)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200,500", help="entry counts, e.g. 200,500")
    parser.add_argument("--items", type=int, default=0, help="a synthetic dataset of N items")
    parser.add_argument("--per-item", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # `spotdiff leaderboard build` pauses the cyclic collector around the
    # build; the library leaves that to its caller, so this one does it too.
    gc.disable()
    for count in (int(n) for n in args.sizes.split(",")):
        measure(args, count)


if __name__ == "__main__":
    main()
