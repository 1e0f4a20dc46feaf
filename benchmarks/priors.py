"""Priors of a dataset: how often a blind guess of the most common objects lands.

For the bundled ``data/`` (or any ``--manifest``) and for fresh sets made
with unseen seeds, prints the share of golden differences whose head noun is
among the K = 6, 10, 15 head nouns most frequent in the OTHER items of the
same theme (leave-one-out; ``spotdiff_eval.generator.priors``), the same
learnt from every other item whatever its theme, and the share whose head
noun some other item has at all (high by construction: the scorer's
per-item prediction budget is what makes guessing every known noun cost
recall). Target: at most 10% for every K, same theme.

Usage::

    python benchmarks/priors.py                       # bundled data/ and seeds 101 202 303
    python benchmarks/priors.py --manifest old/data/manifest.json --seeds 101 202 303 404
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from spotdiff_eval.generator import generate_dataset
from spotdiff_eval.generator.priors import Priors, blind_hits

KS = (6, 10, 15)
TARGET = 0.10


def row(name: str, p: Priors) -> str:
    same = "  ".join(f"{p.same_theme[k]:6.1%}" for k in KS)
    anywhere = "  ".join(f"{p.any_theme[k]:6.1%}" for k in KS)
    counts = f"{p.items:>5} {p.differences:>5} {p.heads:>5}"
    return f"{name:<34} {counts}   {same}   {anywhere}   {p.seen_anywhere:6.1%}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--manifest", type=Path, action="append", help="a dataset (repeatable)")
    parser.add_argument("--seeds", type=int, nargs="*", default=[101, 202, 303])
    parser.add_argument("--items", type=int, default=28, help="items per fresh set (28)")
    args = parser.parse_args()
    ks = "  ".join(f"{'K=' + str(k):>6}" for k in KS)
    print(f"{'dataset':<34} items diffs heads   {ks}   {ks}   seen anywhere")
    print(f"{'':<52} {'same theme':<22}   {'any theme':<22}")
    worst = 0.0
    results = [(str(m), blind_hits(m, KS)) for m in args.manifest or [Path("data/manifest.json")]]
    with tempfile.TemporaryDirectory() as folder:
        for seed in args.seeds:
            out = Path(folder) / str(seed)
            generate_dataset(out, items=args.items, seed=seed)
            results.append((f"fresh set, seed {seed}", blind_hits(out / "data/manifest.json", KS)))
    for name, priors in results:
        worst = max(worst, *priors.same_theme.values())
        print(row(name, priors))
    verdict = "met" if worst <= TARGET else "NOT met"
    print(f"worst same-theme share: {worst:.1%} (target at most {TARGET:.0%}: {verdict})")


if __name__ == "__main__":
    main()
