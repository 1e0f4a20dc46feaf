"""The human summary printed by ``spotdiff evaluate``: aligned text, not a JSON dump."""

from __future__ import annotations

from collections.abc import Iterable

from .._util.percent import percent
from .._util.spelling import folded
from .._util.terminal import safe_text
from ..version import EVALUATOR_VERSION
from ._evaluation import Evaluation


def _column(value: float) -> str:
    """A percentage five characters wide, so the summary's numbers line up."""
    return percent(value, width=5)


def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def misspelt_ids(unknown: Iterable[str], known: Iterable[str]) -> dict[str, str]:
    """Each id of ``unknown`` that is one of ``known`` spelt otherwise, and that id.

    Red team round 19: an answer keyed " SCENE_0001 " was ignored, its item
    scored 0 as unanswered, and the summary showed the id with its blanks
    invisible. Ids still match exactly; this only names the one meant.
    """
    by_folded: dict[str, str] = {}
    for item_id in sorted(known):
        by_folded.setdefault(folded(item_id), item_id)
    found = {item_id: by_folded.get(folded(item_id)) for item_id in unknown}
    return {item_id: meant for item_id, meant in found.items() if meant is not None}


def render_summary(evaluation: Evaluation) -> str:
    m, c, ci = evaluation.metrics, evaluation.counts, evaluation.confidence_intervals
    ds = evaluation.dataset
    low, high = ci["overall_score"]
    lines = [
        f"SpotDiff Eval (evaluator {EVALUATOR_VERSION})",
        f"  model    {safe_text(evaluation.predictions.model)}",
        f"  dataset  {safe_text(ds.name)} {safe_text(ds.version)}: "
        f"{len(evaluation.items)} items, {c.gold} golden differences",
        "",
        f"  Overall score        {_column(m.overall_score)}   "
        f"95% CI {percent(low)} to {percent(high)}",
        f"  Difference coverage  {_column(m.difference_coverage)}   "
        f"{c.fully_correct} of {c.gold} found with every detail right",
        f"  Recall               {_column(m.recall)}   {c.matched} of {c.gold} found",
        f"  Precision            {_column(m.precision)}   "
        f"{c.matched} of {c.predicted} predictions correct",
        f"  Attribute accuracy   {_column(m.attribute_accuracy)}   "
        f"detail correctness of the {c.matched} matches",
        f"  Macro overall        {_column(evaluation.macro.overall_score)}   mean over items",
        "",
        "Recall by kind",
    ]
    lines += _table(
        [
            [kind, _column(k.recall), f"{k.matched}/{k.gold}"]
            for kind, k in evaluation.per_kind.items()
        ],
        right={1, 2},
    )
    if evaluation.unanswered:
        shown = ", ".join(safe_text(i, 40) for i in evaluation.unanswered[:5])
        more = (
            f" and {len(evaluation.unanswered) - 5} more" if len(evaluation.unanswered) > 5 else ""
        )
        lines += ["", f"Items not answered: {len(evaluation.unanswered)} ({shown}{more})"]
    if evaluation.unknown_items:
        shown = ", ".join(safe_text(i, 40) for i in evaluation.unknown_items[:5])
        lines += [
            "",
            f"Ignored answers for items not in the dataset: "
            f"{len(evaluation.unknown_items)} ({shown})",
        ]
        known = (item.item_id for item in evaluation.items)
        misspelt = list(misspelt_ids(evaluation.unknown_items, known).items())
        lines += [
            f"  {safe_text(repr(given), 50)} is not {safe_text(meant, 48)}: "
            "item ids must match exactly"
            for given, meant in misspelt[:5]
        ]
        if len(misspelt) > 5:  # a file keyed all in capitals: five show the mistake
            lines.append(f"  and {len(misspelt) - 5} more ids spelt otherwise")

    lines += ["", "Per item"]
    rows = [["item", "score", "recall", "precision", "details", "found", "predicted"]]
    for item in evaluation.items:
        im = item.metrics
        rows.append(
            [
                safe_text(item.item_id, 48) + ("" if item.answered else " (not answered)"),
                _column(im.overall_score),
                _column(im.recall),
                _column(im.precision),
                _column(im.attribute_accuracy),
                f"{item.counts.matched}/{item.counts.gold}",
                str(item.counts.predicted),
            ]
        )
    lines += _table(rows, right={1, 2, 3, 4, 5, 6})

    missed = []
    for item in evaluation.items:
        gold_by_id = {d.id: d for d in item.annotation.differences}
        for gold_id in item.match.missed:
            d = gold_by_id[gold_id]
            missed.append(
                [
                    safe_text(item.item_id, 48),
                    d.id,
                    d.kind,
                    safe_text(d.subject, 40),
                    safe_text(d.description or "", 60),
                ]
            )
    lines += ["", f"Missed differences ({len(missed)})"]
    lines += _table(missed, right=set()) if missed else ["  none"]

    extra = [
        [
            safe_text(item.item_id, 48),
            f"#{i}",
            item.predicted[i].kind,
            safe_text(item.predicted[i].subject, 40),
        ]
        for item in evaluation.items
        for i in item.match.extra
    ]
    lines += ["", f"Extra predictions ({len(extra)})"]
    lines += _table(extra, right=set()) if extra else ["  none"]
    return "\n".join(lines) + "\n"
