"""Listing every schema error of a large, broken predictions file.

``spotdiff validate`` lists all schema errors of a file (the first 50, the
rest counted). Running jsonschema over the whole document takes seconds on
100,000 differences; ``schema_errors`` descends only into failing nodes. This
prints both times and their ratio (goal: the walk at least 10x faster), for
a file with a few errors and for one broken everywhere.

Usage: python benchmarks/validate_errors.py [--items N] [--per-item K]
"""

from __future__ import annotations

import argparse
import time

from spotdiff_eval.datasets import load_schema, precise_validator, schema_errors


def document(items: int, per_item: int, broken_every: int) -> dict:
    difference = {"kind": "attribute_change", "subject": "car", "from": "red", "to": "blue"}
    doc = {
        "schema_version": "1.0",
        "model": "m",
        "items": [
            {"item_id": f"i{i}", "differences": [dict(difference) for _ in range(per_item)]}
            for i in range(items)
        ],
    }
    for index, item in enumerate(doc["items"]):
        if index % broken_every == 0:
            item["differences"][0]["kind"] = "moved"
    return doc


def timed(call) -> tuple[float, object]:
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--per-item", type=int, default=10)
    args = parser.parse_args()
    full = precise_validator(load_schema("prediction"))
    for label, every in (("3 errors", args.items // 3 + 1), ("every item broken", 1)):
        doc = document(args.items, args.per_item, every)
        walk, found = timed(lambda d=doc: schema_errors(d, "prediction", "p.json"))
        whole, errors = timed(lambda d=doc: sum(1 for _ in full.iter_errors(d)))
        print(
            f"{label}: schema_errors {walk:.2f} s ({len(found.shown)} shown + {found.more} more), "
            f"jsonschema over the whole file {whole:.2f} s ({errors} errors): "
            f"ratio {whole / walk:.1f}x"
        )


if __name__ == "__main__":
    main()
