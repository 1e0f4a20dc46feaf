"""Why each prediction of one item matched what it did, or nothing.

The scorer's decision is :func:`matching.match_item`; this module replays the
same rules for one item and keeps everything a person needs to check them:
for each prediction, every golden difference it was weighed against, the
route that accepted the pair or the veto that refused it, and the
similarity that ranked the accepted pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .._util.terminal import safe_text
from ..datasets import Difference, GoldDifference
from ._evidence import profile
from ._match import ExtraReason, Match, golds_in_order, match_item, weigh
from ._relation import Relation


@dataclass(frozen=True, slots=True)
class Considered:
    """One golden difference a prediction was weighed against."""

    gold_id: str
    route: str | None
    veto: str | None
    detail: str
    similarity: float | None


@dataclass(frozen=True, slots=True)
class Explanation:
    """The verdict on one prediction and the pairs behind it."""

    prediction_index: int
    prediction: Difference
    match: Match | None
    reason: ExtraReason | None
    considered: tuple[Considered, ...]


def explain_item(
    gold: Sequence[GoldDifference], predicted: Sequence[Difference]
) -> tuple[Explanation, ...]:
    """One :class:`Explanation` per prediction, in the file's order."""
    result = match_item(gold, predicted)
    by_prediction = {m.prediction_index: m for m in result.matches}
    reasons = dict(zip(result.extra, result.extra_reasons, strict=True))
    golds, gold_profiles = golds_in_order(gold)
    explanations = []
    for index, pred in enumerate(predicted):
        p = profile(pred)
        considered = []
        for w in weigh(pred, p, golds, gold_profiles):
            gold_id, relation = golds[w.gold_index].id, w.relation
            if isinstance(relation, Relation):
                considered.append(Considered(gold_id, relation.route, None, "", w.similarity))
            else:
                considered.append(Considered(gold_id, None, relation.rule, relation.detail, None))
        explanations.append(
            Explanation(
                prediction_index=index,
                prediction=pred,
                match=by_prediction.get(index),
                reason=reasons.get(index),
                considered=tuple(considered),
            )
        )
    return tuple(explanations)


def explanation_as_json(explanation: Explanation) -> dict[str, Any]:
    """Plain data for ``spotdiff explain --json``; fractions rounded to six decimals."""
    match, reason = explanation.match, explanation.reason
    return {
        "prediction_index": explanation.prediction_index,
        "kind": explanation.prediction.kind,
        "subject": explanation.prediction.subject,
        "matched_gold_id": match.gold_id if match else None,
        "route": match.route if match else None,
        "match_score": round(match.match_score, 6) if match else None,
        "details_correct": match.details.fully_correct if match else None,
        "reason": reason.rule if reason else None,
        "reason_gold_id": reason.gold_id if reason else None,
        "reason_detail": reason.detail if reason else None,
        "considered": [
            {
                "gold_id": c.gold_id,
                "route": c.route,
                "veto": c.veto,
                "detail": c.detail,
                "similarity": None if c.similarity is None else round(c.similarity, 6),
            }
            for c in explanation.considered
        ],
    }


def _describe(diff: Difference) -> str:
    change = ""
    if diff.from_value or diff.to_value:
        change = (
            f" {safe_text(diff.from_value or '?', 30)} -> {safe_text(diff.to_value or '?', 30)}"
        )
    elif diff.count is not None:
        change = f" x{diff.count}"
    return f"{diff.kind} {safe_text(diff.subject, 40)}{change}"


def render_explanations(item_id: str, explanations: Sequence[Explanation]) -> str:
    """The terminal form of ``spotdiff explain``: a verdict and its candidates per prediction.

    Every string from a file passes through :func:`terminal.safe_text`.
    """
    lines = [f"Item {safe_text(item_id)}: {len(explanations)} predictions"]
    for e in explanations:
        lines.append("")
        lines.append(f"#{e.prediction_index}  {_describe(e.prediction)}")
        if e.match is not None:
            verdict = "details right" if e.match.details.fully_correct else "details wrong"
            lines.append(
                f"  matched {safe_text(e.match.gold_id)} by {e.match.route}, "
                f"similarity {e.match.match_score:.3f}, {verdict}"
            )
        elif e.reason is not None:
            about = f" ({safe_text(e.reason.gold_id)})" if e.reason.gold_id else ""
            lines.append(f"  extra: {e.reason.rule}{about}: {safe_text(e.reason.detail, 120)}")
        for c in e.considered:
            if c.route is not None:
                lines.append(
                    f"    {safe_text(c.gold_id):<8} accepted by {c.route}, "
                    f"similarity {c.similarity:.3f}"
                )
            else:
                lines.append(
                    f"    {safe_text(c.gold_id):<8} refused: {c.veto}: {safe_text(c.detail, 120)}"
                )
    return "\n".join(lines) + "\n"
