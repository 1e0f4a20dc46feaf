"""How many drafts the grounding gate needs per item, over a long run of items.

Builds items [--start, --stop) of one seed and difficulty (drawing and the
gate, no files written) on all CPUs, then prints the slowest items and any
item no draft could make. An item that needs more than 50 drafts is one the
generator could only make by avoiding the changes its first drafts showed
too small to see (see ``generator/item.py``).

Usage: python benchmarks/generator_drafts.py [--seed S] [--difficulty D] [--start A] [--stop B]
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from multiprocessing import Pool

from spotdiff_eval.errors import SpotDiffError
from spotdiff_eval.generator.item import MAX_ATTEMPTS, build_item


def drafts(job: tuple[int, int, str]) -> tuple[int, int | None, str]:
    seed, index, difficulty = job
    try:
        return index, build_item(seed, index, difficulty).attempts, ""
    except SpotDiffError as exc:
        return index, None, exc.one_line()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="example: python benchmarks/generator_drafts.py --seed 0 --stop 20000",
    )
    parser.add_argument("--seed", type=int, default=0, help="the dataset seed (default: 0)")
    parser.add_argument(
        "--difficulty", choices=("easy", "medium", "hard"), default="medium", help="as generate's"
    )
    parser.add_argument("--start", type=int, default=0, help="first item index (default: 0)")
    parser.add_argument(
        "--stop", type=int, default=2000, help="item index to stop before (default: 2000)"
    )
    args = parser.parse_args()

    jobs = [(args.seed, i, args.difficulty) for i in range(args.start, args.stop)]
    counts: Counter[int] = Counter()
    slow: list[tuple[int, int]] = []
    failed: list[str] = []
    start = time.perf_counter()
    with Pool(os.cpu_count()) as pool:
        for index, attempts, error in pool.imap_unordered(drafts, jobs, chunksize=50):
            if attempts is None:
                failed.append(error)
                continue
            counts[attempts] += 1
            if attempts > MAX_ATTEMPTS:
                slow.append((index + 1, attempts))
    elapsed = time.perf_counter() - start
    made = sum(counts.values())
    mean = sum(a * n for a, n in counts.items()) / max(made, 1)
    print(f"built {made} of {len(jobs)} {args.difficulty} items, seed {args.seed}: {elapsed:.0f} s")
    print(f"drafts per item: mean {mean:.2f}, max {max(counts, default=0)}")
    print(f"items past the first {MAX_ATTEMPTS} drafts: {sorted(slow) or 'none'}")
    print(f"items no draft could make: {failed or 'none'}")


if __name__ == "__main__":
    main()
