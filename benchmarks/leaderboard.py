"""Leaderboard build time, incremental rebuild time, and the index page's size.

Builds a synthetic dataset of 100 items (small PNG composites with panel
boxes and difference boxes) and 300 submissions of varying skill, then prints:

* the full build (``build_leaderboard`` with an empty cache: validate and
  score every submission, paired bootstrap, LEADERBOARD.md, the whole site);
* the rebuild after adding one submission (cache warm), and its share of the
  full build. Goal: under 5%;
* the size of the site's ``index.html``. Goal: under 300 KB.

Each build is given in wall and CPU seconds (CPU time varies less on a busy
machine), with the CPU time of ``render_site`` shown apart from the rest
(validation, scoring, standings, LEADERBOARD.md, downloads, the swap).

Usage: python benchmarks/leaderboard.py [--items N] [--submissions N] [--seed S]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image
from scoring import KINDS, NOUNS, gold_difference, noisy_prediction

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


def write_submission(submissions: Path, index: int, golds: list[dict], rnd: random.Random) -> None:
    """One submission whose model finds each difference with its own skill."""
    submission_id = f"model-{index:04d}"
    skill = rnd.uniform(0.2, 0.95)
    items = []
    for item in golds:
        found = [g for g in item["differences"] if rnd.random() < skill]
        # Golden boxes are not part of a prediction.
        preds = [{k: v for k, v in noisy_prediction(rnd, g).items() if k != "bbox"} for g in found]
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
        "dataset": {"name": "bench", "version": "1", "track": "dev"},
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=100)
    parser.add_argument("--per-item", type=int, default=6)
    parser.add_argument("--submissions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # `spotdiff leaderboard build` pauses the cyclic collector around the
    # build; the library leaves that to its caller, so this one does it too.
    gc.disable()
    rnd = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        golds = write_dataset(root, args.items, args.per_item, rnd)
        submissions = root / "submissions" / "bench"
        submissions.mkdir(parents=True)
        (submissions / "board.json").write_text(json.dumps(BOARD))
        for index in range(args.submissions):
            write_submission(submissions, index, golds, rnd)
        paths = {
            "submissions_dir": root / "submissions",
            "markdown": root / "LEADERBOARD.md",
            "output": root / "site",
            "cache_dir": root / ".spotdiff-cache",
        }
        print(
            f"{args.submissions} submissions on {args.items} items "
            f"({args.items * args.per_item} golden differences)",
            file=sys.stderr,
        )
        clock = Clock()
        board = None

        def build() -> None:
            nonlocal board
            board = build_leaderboard(**paths, render_site=clock.render_site)

        full = clock.run(build)
        write_submission(submissions, args.submissions, golds, rnd)
        again = clock.run(build)
        assert board is not None and board.rescored == 1
        index_kb = (root / "site" / "bench" / "index.html").stat().st_size / 1000
        for label, (wall, cpu, in_site) in (
            ("full build (empty cache)", full),
            ("rebuild after adding one submission", again),
        ):
            print(
                f"{label}: {wall:.2f} s wall, {cpu:.2f} s CPU "
                f"(site rendering {in_site:.2f} s CPU, the rest {cpu - in_site:.2f} s CPU)"
            )
        print(
            f"rebuild / full build: {100 * again[0] / full[0]:.1f}% wall, "
            f"{100 * again[1] / full[1]:.1f}% CPU (goal < 5%)"
        )
        print(f"index.html: {index_kb:.0f} KB (goal < 300 KB)")


if __name__ == "__main__":
    main()
