"""Priors of a dataset: how often a blind guess of the most common objects lands.

A guesser who never looks at an image can still read the item id and see
the backdrop (the theme). It guesses the K head nouns most frequent among
the golden differences of the OTHER items of that theme (leave-one-out).
This script prints, for K = 6, 10 and 15, the fraction of golden
differences whose head noun (of the subject or of any alias, by
``spotdiff_eval.normalize.parse_name``) is among those K; the same over all
other items whatever their theme; and the fraction whose head noun was seen
anywhere in another item (high by construction: the scorer's per-item
prediction budget is what makes guessing every known noun cost recall).

The theme of an item is read from ``data/viewer.jsonl`` (it is what the
backdrop shows), else from the item id's suffix (``scene_0001_park``), else
it is unknown and only the overall figure applies.

Usage::

    python benchmarks/priors.py                       # bundled data/ and 3 fresh seeds
    python benchmarks/priors.py --manifest old/data/manifest.json --seeds 101 202 303 404
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from spotdiff_eval import load_dataset
from spotdiff_eval.generator import generate_dataset
from spotdiff_eval.normalize import parse_name

KS = (6, 10, 15)
#: The theme a pre-2.0 item id names: ``scene_0001_living_room`` -> ``living_room``.
ID_THEME = re.compile(r"^scene_\d+_([a-z_]+)$")


def heads(subject: str, aliases: Iterable[str]) -> frozenset[str]:
    """Every head noun a golden difference may be found by."""
    return frozenset(h for n in (subject, *aliases) if (h := parse_name(n).head) is not None)


def themes_of(manifest: Path, item_ids: Sequence[str]) -> dict[str, str | None]:
    viewer = manifest.parent / "viewer.jsonl"
    known: dict[str, str] = {}
    if viewer.is_file():
        for line in viewer.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("theme"):
                known[row["item_id"]] = row["theme"]
    out: dict[str, str | None] = {}
    for item_id in item_ids:
        match = ID_THEME.match(item_id)
        out[item_id] = known.get(item_id) or (match.group(1) if match else None)
    return out


def top(counts: Counter[str], k: int) -> set[str]:
    """The k most frequent heads; ties broken alphabetically, so the result is deterministic."""
    return {h for h, _ in sorted(counts.items(), key=lambda hc: (-hc[1], hc[0]))[:k]}


def priors(manifest: Path) -> dict[str, float | int]:
    """Leave-one-out hit rates of blind guesses over one dataset."""
    dataset = load_dataset(manifest)
    items = {
        a.item_id: [heads(d.subject, d.aliases) for d in a.differences] for a in dataset.annotations
    }
    theme = themes_of(manifest, list(items))
    golds = sum(len(diffs) for diffs in items.values())
    same = {k: 0 for k in KS}
    overall = {k: 0 for k in KS}
    seen = 0
    for item_id, diffs in items.items():
        others = [i for i in items if i != item_id]
        everywhere: Counter[str] = Counter(h for i in others for d in items[i] for h in d)
        mine = [i for i in others if theme[item_id] is not None and theme[i] == theme[item_id]]
        themed: Counter[str] = Counter(h for i in mine for d in items[i] for h in d)
        for k in KS:
            best_themed = top(themed if theme[item_id] is not None else everywhere, k)
            best_overall = top(everywhere, k)
            same[k] += sum(bool(d & best_themed) for d in diffs)
            overall[k] += sum(bool(d & best_overall) for d in diffs)
        seen += sum(bool(d & everywhere.keys()) for d in diffs)
    distinct = len({h for diffs in items.values() for d in diffs for h in d})
    result: dict[str, float | int] = {"items": len(items), "differences": golds, "heads": distinct}
    result |= {f"theme@{k}": same[k] / golds for k in KS}
    result |= {f"overall@{k}": overall[k] / golds for k in KS}
    result["seen anywhere"] = seen / golds
    return result


def row(name: str, figures: dict[str, float | int]) -> str:
    rates = "  ".join(f"{figures[f'theme@{k}']:6.1%}" for k in KS)
    overall = "  ".join(f"{figures[f'overall@{k}']:6.1%}" for k in KS)
    return (
        f"{name:<28} {figures['items']:>5} {figures['differences']:>5} {figures['heads']:>5}  "
        f"{rates}   {overall}   {figures['seen anywhere']:6.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--manifest", type=Path, action="append", help="a dataset to measure (repeatable)"
    )
    parser.add_argument("--seeds", type=int, nargs="*", default=[101, 202, 303])
    parser.add_argument("--items", type=int, default=28, help="items per fresh set (28)")
    args = parser.parse_args()
    manifests = args.manifest or [Path("data/manifest.json")]
    ks = " ".join(f"{'K=' + str(k):>7}" for k in KS)
    print(f"{'dataset':<28} {'items':>5} {'diffs':>5} {'heads':>5}  {ks}   {ks}   seen anywhere")
    print(f"{'':<46}  {'same theme (leave-one-out)':<23}   {'any theme':<23}")
    worst = 0.0
    for manifest in manifests:
        figures = priors(manifest)
        worst = max(worst, *(figures[f"theme@{k}"] for k in KS))
        print(row(str(manifest), figures))
    with tempfile.TemporaryDirectory() as folder:
        for seed in args.seeds:
            out = Path(folder) / str(seed)
            generate_dataset(out, items=args.items, seed=seed)
            figures = priors(out / "data" / "manifest.json")
            worst = max(worst, *(figures[f"theme@{k}"] for k in KS))
            print(row(f"fresh seed {seed}", figures))
    print(f"worst same-theme rate: {worst:.1%} (target: at most 10%)")


if __name__ == "__main__":
    main()
