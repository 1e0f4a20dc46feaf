"""How the scorer judges answers to golds written by hand, without aliases.

Reads ``tests/data/handwritten-battery.json`` (45 free-form golds, each with
answers a careful judge accepts, refuses, or finds with wrong details) and
scores every answer alone against its item's golds. Prints the share of
honest answers accepted, wrong ones refused and swapped ones found, and, with
``--list``, every honest answer refused with the rule that refused it: the
synonyms a hand-made set must give as aliases ("angler" for a fisherman), and
what the next rule change could take on. The tests pin the refusals and the
swapped answers; this prints what is measured, not pinned.

Usage: python benchmarks/handwritten.py [--list]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from spotdiff_eval.datasets import difference_from_json, gold_difference_from_json
from spotdiff_eval.matching import match_item

BATTERY = Path(__file__).resolve().parents[1] / "tests" / "data" / "handwritten-battery.json"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="example: python benchmarks/handwritten.py --list",
    )
    parser.add_argument("--list", action="store_true", help="list every honest answer refused")
    args = parser.parse_args()
    battery = json.loads(BATTERY.read_text(encoding="utf-8"))
    found: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    refusals: Counter[str] = Counter()
    listed = []
    for item in battery["items"]:
        golds = [gold_difference_from_json(entry["gold"]) for entry in item["golds"]]
        for entry in item["golds"]:
            gold_id = entry["gold"]["id"]
            for sort in ("honest", "wrong", "swapped"):
                for answer in entry[sort]:
                    result = match_item(golds, [difference_from_json(answer["prediction"])])
                    hit = any(m.gold_id == gold_id for m in result.matches)
                    asked[sort] += 1
                    found[sort] += hit if sort != "wrong" else not hit
                    if sort == "honest" and not hit:
                        rule = (
                            result.extra_reasons[0].rule if result.extra_reasons else "other gold"
                        )
                        refusals[rule] += 1
                        listed.append((item["item_id"], entry["gold"]["subject"], rule, answer))
    for sort, label in (("honest", "accepted"), ("wrong", "refused"), ("swapped", "found")):
        share = found[sort] / asked[sort]
        print(f"{sort:<8} answers {label}: {found[sort]}/{asked[sort]} = {share:.0%}")
    print("honest answers refused, by rule:", dict(sorted(refusals.items())))
    if args.list:
        for item_id, subject, rule, answer in listed:
            print(f"  {item_id} {subject}: {rule} <- {json.dumps(answer['prediction'])}")


if __name__ == "__main__":
    main()
