"""``spotdiff explain``: why each prediction of one item matched, or did not."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import (
    add_command,
    add_manifest_option,
    add_predictions_cap_option,
    input_path,
    with_hints,
)

if TYPE_CHECKING:
    from ..datasets import GoldDifference


def run(args: argparse.Namespace) -> int:
    from ..datasets import check_json_file, load_dataset, load_predictions
    from ..errors import SpotDiffError
    from ..matching import explain_item, explanation_as_json, render_explanations
    from ..scoring import misspelt_ids

    with with_hints(args):
        check_json_file(args.predictions, args.max_predictions_mib * 2**20)  # before the dataset
        dataset = load_dataset(args.manifest)
        predictions = load_predictions(args.predictions, max_bytes=args.max_predictions_mib * 2**20)
    annotation = next((a for a in dataset.annotations if a.item_id == args.item), None)
    if annotation is None:
        near = misspelt_ids([args.item], (a.item_id for a in dataset.annotations))
        from .._util.terminal import safe_text

        meant = f" (item ids must match exactly: {near[args.item]}?)" if near else ""
        # shortened: a 100,000-character --item was echoed whole (red team round 20)
        shown = safe_text(repr(args.item), 100)
        raise SpotDiffError(args.manifest, "", f"the dataset has no item {shown}{meant}")
    answer = next((i for i in predictions.items if i.item_id == args.item), None)
    predicted = answer.differences if answer is not None else ()
    explanations = explain_item(annotation.differences, predicted)
    found = {e.match.gold_id for e in explanations if e.match is not None}
    missed = [d for d in annotation.differences if d.id not in found]
    if args.json:
        document = {
            "item_id": args.item,
            "answered": answer is not None,
            "predictions": [explanation_as_json(e) for e in explanations],
            "missed": [{"gold_id": d.id, "kind": d.kind, "subject": d.subject} for d in missed],
        }
        sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=True) + "\n")
    else:
        if answer is None:
            given = [i.item_id for i in predictions.items]
            sys.stdout.write(_no_answer(args, misspelt_ids(given, [args.item])))
        sys.stdout.write(render_explanations(args.item, explanations) + _render_missed(missed))
    return 0


def _no_answer(args: argparse.Namespace, misspelt: dict[str, str]) -> str:
    """The line for an item the file does not answer, naming an answer under another spelling."""
    from .._util.terminal import safe_text

    near = [given for given, meant in misspelt.items() if meant == args.item]
    # Only when there is one: an item simply left out has no such answer, and
    # reading near[0] regardless was a traceback (red team round 20).
    why = (
        f" ({safe_text(repr(near[0]), 50)} is not it: item ids must match exactly)" if near else ""
    )
    return (
        f"{args.predictions}: no answer for item {safe_text(repr(args.item))}"
        f"{why}: every difference missed\n"
    )


def _render_missed(missed: Sequence[GoldDifference]) -> str:
    """The golden differences no prediction found (red team round 19: an item
    answered with none printed only "0 predictions", not what was to find)."""
    from .._util.terminal import safe_text

    if not missed:
        return ""
    lines = ["", f"Missed ({len(missed)})"]
    for d in missed:
        about = f": {safe_text(d.description, 80)}" if d.description else ""
        lines.append(f"  {safe_text(d.id)}  {d.kind} {safe_text(d.subject, 40)}{about}")
    return "\n".join(lines) + "\n"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = add_command(
        subparsers,
        "explain",
        "Show why each prediction of one item matched a golden difference, or why not.",
        "  spotdiff explain --predictions predictions/example.json --item scene_0001\n"
        "  spotdiff explain --predictions my.json --item scene_0001 --json | jq .\n",
    )
    add_manifest_option(p)
    p.add_argument("--predictions", type=input_path, required=True, help="predictions JSON file")
    p.add_argument("--item", required=True, help="the item id to explain")
    p.add_argument("--json", action="store_true", help="print the explanation as JSON")
    add_predictions_cap_option(p)
    p.set_defaults(handler=run)
