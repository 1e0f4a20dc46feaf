"""Throughput of `spotdiff generate`: images generated per second, and the gate's redraws.

Generates N items (default 50) into a temporary folder with the library call
behind the command (drawing, the grounding gate, PNG encoding and every file
written), then prints:

* images generated per second (whole items: composite PNG plus annotation);
* the share of items the grounding gate sent back at least once, and the
  total number of drafts drawn per item written.

Usage: python benchmarks/generator.py [--items N] [--seed S] [--difficulty D]
"""

from __future__ import annotations

import argparse
import tempfile
import time

import spotdiff_eval.generator.item as item_module
from spotdiff_eval.generator import generate_dataset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--difficulty", choices=("easy", "medium", "hard"), default="medium")
    args = parser.parse_args()

    drafts = 0
    build = item_module.build_item

    def counting(seed: int, index: int, difficulty: str) -> item_module.Item:
        nonlocal drafts
        item = build(seed, index, difficulty)
        drafts += item.attempts
        return item

    item_module.build_item = counting
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        summary = generate_dataset(
            folder, items=args.items, seed=args.seed, difficulty=args.difficulty
        )
        elapsed = time.perf_counter() - start
    print(
        f"generated {summary.items} {args.difficulty} items ({summary.differences} differences) "
        f"in {elapsed:.2f} s"
    )
    print(f"images per second: {summary.items / elapsed:.1f}")
    print(
        f"gate regeneration rate: {summary.regenerated / summary.items:.1%} of items redrawn "
        f"at least once, {drafts / summary.items:.2f} drafts per item written"
    )


if __name__ == "__main__":
    main()
