"""How well an accepted pair fits, to choose among competing pairs.

Similarity never decides *whether* a pair may match (``relation.py`` does);
it only ranks accepted pairs so the assignment prefers the closer reading:
the exact "kite" over "kite_in_sky" for the same gold (case "one change
reported twice"), "red_balloon" for red_balloon rather than blue_balloon
(case "order does not matter").
"""

from __future__ import annotations

from ._details import DetailScore
from ._evidence import Profile
from ._normalize import Name
from ._relation import Relation

#: Weights of the evidence in the similarity; they sum to 1.
W_ROUTE, W_NAME, W_DETAILS, W_DESCRIPTION = 0.35, 0.30, 0.20, 0.15
_HEAD_WEIGHT, _WORD_WEIGHT, _POSITION_WEIGHT = 2.0, 1.0, 0.3


def _weight(name: Name, word: str) -> float:
    if word == name.head:
        return _HEAD_WEIGHT
    return _POSITION_WEIGHT if word in name.positions else _WORD_WEIGHT


def _total_weight(name: Name) -> float:
    heads = name.head is not None
    return (
        _HEAD_WEIGHT * heads
        + _WORD_WEIGHT * (len(name.core) - heads)
        + _POSITION_WEIGHT * len(name.positions)
    )


def name_similarity(pred: Name, gold: Name) -> float:
    """Weighted Jaccard of two names' words: heads count double, positions little."""
    inter = sum(min(_weight(pred, w), _weight(gold, w)) for w in pred.all_words & gold.all_words)
    union = _total_weight(pred) + _total_weight(gold) - inter  # sum max = a + b - sum min
    return inter / union if union else 0.0


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def pair_similarity(p: Profile, g: Profile, relation: Relation, details: DetailScore) -> float:
    """A score in [0, 1]; higher means a closer reading of the same difference.

    Descriptions weigh in only when both sides have one: a prediction that
    restates the exact name without a description is not outranked by a
    looser name with a chatty description ("small_dog" vs "dog_on_sidewalk").
    """
    pred_name = p.names[0]
    name = max([name_similarity(pred_name, gold_name) for gold_name in g.names])
    score = W_ROUTE * relation.strength + W_NAME * name + W_DETAILS * details.accuracy
    if not (p.description_words and g.description_words):
        return score / (1.0 - W_DESCRIPTION)
    description = _jaccard(p.description_words | p.change_words, g.description_words)
    return score + W_DESCRIPTION * description
