"""Matching one item's predictions to its golden differences.

Order independence is built in, not hoped for: golds are sorted by id and
predictions by their content before the assignment, so shuffling either list
gives the same pairs. Identical duplicate predictions are interchangeable;
the earliest in the file is the one reported as matched.

Every extra prediction carries the reason it did not count (an
:class:`ExtraReason`), so a submitter can see which rule refused it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..datasets import Difference, GoldDifference
from ._assignment import SCALE, assign
from ._details import DetailScore, detail_score
from ._evidence import Profile, profile
from ._relation import NO_ROUTE, Relation, relate_all
from ._similarity import pair_similarity
from ._vetoes import Veto


@dataclass(frozen=True, slots=True)
class Match:
    prediction_index: int
    gold_id: str
    match_score: float
    details: DetailScore
    route: str


@dataclass(frozen=True, slots=True)
class ExtraReason:
    """Why a prediction matched nothing, for people reading a report.

    ``rule`` is a veto's name (``vetoes.py``), ``no_route`` (no route in
    ``relation.py`` reached a golden difference), ``no_candidate`` (no
    golden difference shares a word with it) or ``closer_match_taken`` (it
    could refer to ``gold_id``, but another prediction is the closer reading
    of it). ``gold_id`` is the golden difference the reason is about.
    """

    rule: str
    gold_id: str | None
    detail: str


@dataclass(frozen=True)
class ItemMatch:
    """Matched pairs (by prediction index), missed gold ids, extra prediction indices.

    ``extra_reasons`` runs parallel to ``extra``.
    """

    matches: tuple[Match, ...]
    missed: tuple[str, ...]
    extra: tuple[int, ...]
    extra_reasons: tuple[ExtraReason, ...] = ()


@dataclass(frozen=True, slots=True)
class Weighed:
    """One golden difference a prediction was weighed against.

    ``relation`` is the route that accepted the pair or the veto that refused
    it; only an accepted pair has ``details`` and a ``similarity``.
    """

    gold_index: int
    relation: Relation | Veto
    details: DetailScore | None = None
    similarity: float | None = None


def weigh(
    pred: Difference, p: Profile, golds: Sequence[GoldDifference], gold_profiles: Sequence[Profile]
) -> Iterator[Weighed]:
    """Every golden difference ``pred`` may refer to, accepted or refused, and how close.

    The one place the scorer and ``spotdiff explain`` both read pairs from,
    so an explanation can never tell another story than the score.
    """
    for gi, relation in relate_all(pred, p, golds, gold_profiles):
        if not isinstance(relation, Relation):
            yield Weighed(gi, relation)
            continue
        details = detail_score(pred, golds[gi])
        yield Weighed(
            gi, relation, details, pair_similarity(p, gold_profiles[gi], relation, details)
        )


def golds_in_order(
    gold: Sequence[GoldDifference],
) -> tuple[list[GoldDifference], list[Profile]]:
    """The golds in the canonical order (by id) every pairing walks, and their profiles."""
    golds = sorted(gold, key=lambda g: g.id)
    return golds, [profile(g) for g in golds]


NO_CANDIDATE = ExtraReason("no_candidate", None, "no golden difference shares a word with it")


def _extra_reason(
    accepted: list[tuple[float, str]], refused: list[tuple[str, Veto]]
) -> ExtraReason:
    """The most telling reason: a lost match, else a contradiction, else no route."""
    if accepted:
        _, gold_id = min(accepted, key=lambda entry: (-entry[0], entry[1]))
        return ExtraReason(
            "closer_match_taken", gold_id, "another prediction is the closer reading of it"
        )
    vetoed = [(gold_id, v) for gold_id, v in refused if v is not NO_ROUTE]
    if vetoed:
        gold_id, v = min(vetoed, key=lambda entry: entry[0])
        return ExtraReason(v.rule, gold_id, v.detail)
    if refused:
        return ExtraReason(NO_ROUTE.rule, min(g for g, _ in refused), NO_ROUTE.detail)
    return NO_CANDIDATE


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
    pred_order = sorted(range(len(predicted)), key=lambda i: (_content_key(predicted[i]), i))
    golds, gold_profiles = golds_in_order(gold)

    edges: dict[tuple[int, int], int] = {}
    found: dict[tuple[int, int], tuple[float, DetailScore, str]] = {}
    refused: dict[int, list[tuple[str, Veto]]] = {}
    for pi, pred_index in enumerate(pred_order):
        pred = predicted[pred_index]
        p = profile(pred)
        for w in weigh(pred, p, golds, gold_profiles):
            gi, relation = w.gold_index, w.relation
            if not isinstance(relation, Relation):
                refused.setdefault(pred_index, []).append((golds[gi].id, relation))
                continue
            similarity, details = w.similarity, w.details
            assert similarity is not None and details is not None  # an accepted pair has both
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
    extra = tuple(i for i in range(len(predicted)) if i not in matched_pred)
    accepted: dict[int, list[tuple[float, str]]] = {}
    for (pi, gi), (similarity, _, _) in found.items():
        accepted.setdefault(pred_order[pi], []).append((similarity, golds[gi].id))
    return ItemMatch(
        matches=tuple(matches),
        missed=tuple(d.id for d in gold if d.id not in matched_gold),
        extra=extra,
        extra_reasons=tuple(_extra_reason(accepted.get(i, []), refused.get(i, [])) for i in extra),
    )
