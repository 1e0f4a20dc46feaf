"""How far the scorer's 4x goal is from what any Python scorer of the contract must spend.

``benchmarks/scoring.py`` compares ``spotdiff evaluate`` with the bare JSON
parse of its files. This script asks the other question: on the same
synthetic set (``scoring.build``: eight golden differences per item and
descriptions of about 18 words), what do the steps cost that no scorer of
DESIGN.md's contract can skip, each as a multiple of that parse?

* **parse**: the 1x, the very measure of ``benchmarks/scoring.py``: the
  CPU time of a whole process that parses every file and keeps the result
  (its start-up included, which favours the goal: the other steps are timed
  alone, inside a process);
* **load**: ``load_dataset`` and ``load_predictions``, which check every
  path, field and schema and build the domain objects (what the loader
  costs as built; a leaner one would still validate);
* **touch each word**: every description split at whitespace and each word
  looked up once in a dict, the least any reader of descriptions does;
* **a set test per pair**: one ``frozenset.isdisjoint`` per prediction and
  golden difference of each item, the least any pairwise judge does;
* **read descriptions**: the matcher's own reading of every description
  (``matching._evidence._told``, uncached), lead phrase and all;
* **profile**: every difference's whole evidence (``matching._evidence.profile``);
* **match**: ``match_item`` of every item, the whole matcher.

Each runs in a fresh process with the collector paused, as the command runs
them, and prints CPU seconds and the ratio to the parse. The last line sums
what the scorer as built cannot skip (load and read) against the 4x budget.

Usage: python benchmarks/scoring_floors.py [--items 10000] [--runs 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from scoring import PARSE, best_of, build  # the scorer benchmark's set and floor

#: Loads what the floors need, then times ``BODY`` alone and prints its CPU seconds.
_FRAME = """
import gc, json, sys, time
from pathlib import Path
root = Path(sys.argv[1])
gc.disable()
clock = time.process_time
{setup}
begin = clock()
{body}
print(clock() - begin)
"""

_LOADED = """
from spotdiff_eval.datasets import load_dataset, load_predictions
dataset = load_dataset(root / "data" / "manifest.json")
loaded = load_predictions(root / "predictions.json", max_bytes=2**31)
golds = {a.item_id: a.differences for a in dataset.annotations}
work = [(golds[i.item_id], i.differences) for i in loaded.items]
diffs = [d for gold, predicted in work for d in (*gold, *predicted)]
texts = [d.description for d in diffs if d.description]
"""

#: name -> (setup, timed body) of each step after the parse
FLOORS: dict[str, tuple[str, str]] = {
    "load": (
        "from spotdiff_eval.datasets import load_dataset, load_predictions",
        "dataset = load_dataset(root / 'data' / 'manifest.json')\n"
        "loaded = load_predictions(root / 'predictions.json', max_bytes=2**31)",
    ),
    "touch each word": (
        _LOADED + "vocabulary = {}",
        "for text in texts:\n    for word in text.split():\n        vocabulary.get(word)",
    ),
    "a set test per pair": (
        _LOADED + "named = [([frozenset(d.subject.split('_')) for d in gold],"
        " [frozenset(d.subject.split('_')) for d in predicted]) for gold, predicted in work]",
        "for gold, predicted in named:\n"
        "    for mine in predicted:\n"
        "        for theirs in gold:\n"
        "            mine.isdisjoint(theirs)",
    ),
    "read descriptions": (
        _LOADED + "from spotdiff_eval.matching._evidence import _told\nread = _told.__wrapped__",
        "for text in texts:\n    read(text)",
    ),
    "profile": (
        _LOADED + "from spotdiff_eval.matching._evidence import profile",
        "for d in diffs:\n    profile(d)",
    ),
    "match": (
        _LOADED + "from spotdiff_eval.matching import match_item",
        "for gold, predicted in work:\n    match_item(gold, predicted)",
    ),
}


def cpu_seconds(name: str, root: Path, runs: int) -> float:
    """The least CPU time of ``runs`` fresh processes timing floor ``name``."""
    setup, body = FLOORS[name]
    code = _FRAME.format(setup=setup, body=body)
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code, str(root)], check=True, capture_output=True, text=True
        )
        times.append(float(out.stdout.split()[-1]))
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--per-item", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="take the least of this many runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build(root, args.items, args.per_item, args.seed)
        parse = best_of(args.runs, [sys.executable, "-c", PARSE, str(root / "files.txt")])[1]
        seconds = {"parse": parse} | {name: cpu_seconds(name, root, args.runs) for name in FLOORS}
    print(f"{args.items:,} items, CPU seconds and multiples of the parse:")
    for name, spent in seconds.items():
        print(f"  {name:<20} {spent:6.2f} s  {spent / parse:5.2f}x")
    unavoidable = seconds["load"] + seconds["read descriptions"]
    print(
        f"load + read descriptions: {unavoidable / parse:.2f}x the parse, "
        f"against a budget of 4x for the whole command"
    )


if __name__ == "__main__":
    main()
