"""Matching one item's predictions to its golden differences.

Order independence is built in, not hoped for: golds are sorted by id and
predictions by their content before the assignment, so shuffling either list
gives the same pairs. Identical duplicate predictions are interchangeable;
the earliest in the file is the one reported as matched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .assignment import SCALE, assign
from .details import DetailScore, detail_score
from .domain import Difference, GoldDifference
from .evidence import profile
from .relation import candidates, relate
from .similarity import pair_similarity


@dataclass(frozen=True, slots=True)
class Match:
    prediction_index: int
    gold_id: str
    match_score: float
    details: DetailScore
    route: str


@dataclass(frozen=True)
class ItemMatch:
    """Matched pairs (by prediction index), missed gold ids, extra prediction indices."""

    matches: tuple[Match, ...]
    missed: tuple[str, ...]
    extra: tuple[int, ...]


def _content_key(diff: Difference) -> tuple[str, ...]:
    return (
        diff.kind,
        diff.subject,
        diff.attribute or "",
        diff.from_value or "",
        diff.to_value or "",
        str(diff.count or ""),
        diff.description or "",
    )


def match_item(gold: Sequence[GoldDifference], predicted: Sequence[Difference]) -> ItemMatch:
    """Optimal one-to-one matching of ``predicted`` against ``gold``."""
    gold_order = sorted(range(len(gold)), key=lambda i: gold[i].id)
    pred_order = sorted(range(len(predicted)), key=lambda i: (_content_key(predicted[i]), i))
    golds = [gold[i] for i in gold_order]
    gold_profiles = [profile(g) for g in golds]

    edges: dict[tuple[int, int], int] = {}
    found: dict[tuple[int, int], tuple[float, DetailScore, str]] = {}
    for pi, pred_index in enumerate(pred_order):
        pred = predicted[pred_index]
        p = profile(pred)
        for gi in candidates(p, gold_profiles):
            g = gold_profiles[gi]
            relation = relate(pred, golds[gi], p, g)
            if relation is None:
                continue
            details = detail_score(pred, golds[gi])
            similarity = pair_similarity(p, g, relation, details)
            edges[(pi, gi)] = round(similarity * SCALE)
            found[(pi, gi)] = (similarity, details, relation.route)

    matches = []
    for pi, gi in assign(edges):
        similarity, details, route = found[(pi, gi)]
        matches.append(
            Match(
                prediction_index=pred_order[pi],
                gold_id=golds[gi].id,
                match_score=similarity,
                details=details,
                route=route,
            )
        )
    matches.sort(key=lambda m: m.prediction_index)
    matched_gold = {m.gold_id for m in matches}
    matched_pred = {m.prediction_index for m in matches}
    return ItemMatch(
        matches=tuple(matches),
        missed=tuple(d.id for d in gold if d.id not in matched_gold),
        extra=tuple(i for i in range(len(predicted)) if i not in matched_pred),
    )
