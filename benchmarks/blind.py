"""How much an answer written without looking at any image scores.

Builds every blind strategy of ``spotdiff_eval.blind`` and
``spotdiff_eval.blind_tricks`` (public information only), those of
``blind_catalogue`` (the generator's public catalogue), and ones that
guess the likeliest objects of each scene's theme as learnt from another
set of the public generator, and scores them, with the official scorer, on
the bundled set and on a set freshly generated with a seed no bundled file
used. Prints one row per strategy and set, then the perfect answer, and
checks the targets: every blind answer at most 10% recall and 20% overall,
the perfect answer 100%.

Usage: python benchmarks/blind.py [--manifest data/manifest.json] [--seed 90210]
       [--items 28] [--prior-items 200] [--json]
Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

from blind_catalogue import CATALOGUE_GUESSES, learnt_by_theme, prior_subjects, removals_by_theme

from spotdiff_eval import evaluate, load_dataset, load_predictions
from spotdiff_eval.blind import STRATEGIES, DifferencesByItem, predictions_document
from spotdiff_eval.blind_tricks import TRICKS
from spotdiff_eval.datasets import Dataset
from spotdiff_eval.generator.priors import difference_heads, themes_of, top

MAX_RECALL, MAX_OVERALL = 0.10, 0.20


def perfect_answer(dataset: Dataset) -> DifferencesByItem:
    fields = ("kind", "subject", "attribute", "from_value", "to_value", "count", "description")
    keys = {"from_value": "from", "to_value": "to"}
    return {
        a.item_id: [
            {keys.get(f, f): getattr(d, f) for f in fields if getattr(d, f) is not None}
            for d in a.differences
        ]
        for a in dataset.annotations
    }


def score(dataset: Dataset, answer: DifferencesByItem, folder: Path, name: str) -> dict[str, float]:
    path = folder / f"{len(list(folder.glob('*.json')))}.json"
    path.write_text(json.dumps(predictions_document(answer, name)), encoding="utf-8")
    metrics = evaluate(dataset, load_predictions(path)).metrics
    return metrics.as_dict()


def prior_heads(prior: Path, k: int = 12) -> Callable[[Dataset, Path], DifferencesByItem]:
    """The ``k`` heads likeliest in a scene's theme, learnt from another generated set.

    Anyone can run the public generator and see an image's backdrop; each
    guess is one kind-agnostic removal. The red team's answer: 10% recall
    on the bundled set, before a removal stopped finding a change of look.
    """
    counts = learnt_by_theme(prior, lambda d: difference_heads(d.subject, d.aliases))
    return removals_by_theme(lambda theme: sorted(top(counts.get(theme) or counts["any theme"], k)))


def placed_guesses(prior: Path, guesses: int = 16) -> Callable[[Dataset, Path], DifferencesByItem]:
    """Three guessed objects per answer, tied to the place the scene's objects are on.

    Generated descriptions put their objects "on the floor" or "in the sky";
    red team round 16 named that place with two likely objects attached and
    a third in the description (`tambourine_floor_of_cat`, "The duck on the
    floor"), learnt from another generated set, and reached 10% to 12%
    recall before a place stopped counting as a part of what it holds.
    """
    learnt = load_dataset(prior / "data" / "manifest.json")
    themes = themes_of(prior / "data" / "manifest.json", [a.item_id for a in learnt.annotations])
    places: dict[str | None, Counter[str]] = defaultdict(Counter)
    held: dict[tuple[str | None, str], Counter[str]] = defaultdict(Counter)
    for a in learnt.annotations:
        for d in a.differences:
            found = re.search(r"\b(?:on|in) the (\w+)", (d.description or "").lower())
            if found:
                places[themes[a.item_id]][found[1]] += 1
                held[themes[a.item_id], found[1]].update(difference_heads(d.subject, d.aliases))

    def answers(theme: str | None) -> list[dict[str, str]]:
        common = places[theme].most_common(3)
        total = sum(n for _, n in common) or 1
        out = []
        for place, n in common:
            ranked = sorted(held[theme, place].items(), key=lambda hc: (-hc[1], hc[0]))
            nouns = [h for h, _ in ranked[: 3 * guesses] if h != place]
            for i in range(max(1, round(guesses * n / total))):
                a, b, c = (nouns[(3 * i + j) % len(nouns)] for j in range(3))
                out.append(
                    {
                        "kind": "attribute_change",
                        "subject": f"{a}_{place}_of_{b}",
                        "attribute": "number",
                        "description": f"The {c} on the {place}",
                    }
                )
        return out

    def guess(dataset: Dataset, manifest: Path) -> DifferencesByItem:
        ids = [a.item_id for a in dataset.annotations]
        seen = themes_of(manifest, ids)
        return {item_id: answers(seen[item_id]) for item_id in ids}

    return guess


def fresh_set(folder: Path, items: int, seed: int) -> Dataset:
    from spotdiff_eval.generator import generate_dataset

    generate_dataset(folder, items=items, seed=seed)
    return load_dataset(folder / "data" / "manifest.json")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="example: python benchmarks/blind.py --items 28 --prior-items 200",
    )
    parser.add_argument("--manifest", default="data/manifest.json")
    parser.add_argument("--seed", type=int, default=90210, help="seed of the fresh set")
    parser.add_argument("--items", type=int, default=28, help="items in the fresh set")
    parser.add_argument(
        "--prior-items", type=int, default=200, help="items of the set the priors are learnt from"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fresh = fresh_set(folder / "fresh", args.items, args.seed)
        sets = {
            "bundled": (load_dataset(args.manifest), Path(args.manifest)),
            f"fresh (seed {args.seed})": (fresh, folder / "fresh" / "data" / "manifest.json"),
        }
        fresh_set(folder / "prior", args.prior_items, args.seed + 1)
        with_priors = prior_heads(folder / "prior")
        placed = placed_guesses(folder / "prior")
        subjects = prior_subjects(folder / "prior")
        for set_name, (dataset, manifest) in sets.items():
            annotations = list(dataset.annotations)
            answers = {name: build(annotations) for name, build in {**STRATEGIES, **TRICKS}.items()}
            answers["generated priors, theme top-12"] = with_priors(dataset, manifest)
            answers["objects tied to their place"] = placed(dataset, manifest)
            answers["generated priors, theme top-16 subjects"] = subjects(dataset, manifest)
            for name, guess in CATALOGUE_GUESSES.items():
                answers[name] = guess(dataset, manifest)
            answers["perfect answer"] = perfect_answer(dataset)
            for strategy, answer in answers.items():
                metrics = score(dataset, answer, folder, f"{set_name}-{strategy}")
                rows.append({"set": set_name, "answer": strategy, **metrics})

    failures = [
        r
        for r in rows
        if (r["answer"] == "perfect answer" and r["overall_score"] < 1.0)
        or (
            r["answer"] != "perfect answer"
            and (r["recall"] > MAX_RECALL or r["overall_score"] > MAX_OVERALL)
        )
    ]
    if args.json:
        print(json.dumps({"rows": rows, "failures": len(failures)}, indent=2))
    else:
        print(f"{'set':<20} {'answer':<40} {'overall':>8} {'recall':>7} {'prec.':>6} {'attr.':>6}")
        for r in rows:
            print(
                f"{r['set']:<20} {r['answer']:<40} {r['overall_score']:>8.1%} "
                f"{r['recall']:>7.1%} {r['precision']:>6.1%} {r['attribute_accuracy']:>6.1%}"
            )
        worst = max((r for r in rows if r["answer"] != "perfect answer"), key=lambda r: r["recall"])
        print(
            f"\nhighest blind recall {worst['recall']:.1%} ({worst['answer']}, {worst['set']}); "
            f"targets: recall <= {MAX_RECALL:.0%}, overall <= {MAX_OVERALL:.0%}, perfect = 100%"
        )
        print("targets met" if not failures else f"{len(failures)} row(s) miss a target")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
