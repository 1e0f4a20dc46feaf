"""The prediction budget: guessing must cost recall.

The official formula pays recall (0.60) far more than precision (0.25), so
without a budget an answer that lists every object it has ever heard of, as
added and as removed, finds most differences without looking at the image.

Each item allows ``2 × golden differences + 2`` predictions. An answer within
the budget is scored as it is, so an honest model that lists up to about
twice the real differences (a few near misses, a change reported twice) loses
nothing. Beyond the budget, the item's matches earn recall (and coverage) in
the proportion ``budget / predictions``: what scoring a random subset of
``budget`` predictions would earn on average. The rule reads only the two
counts, never which predictions come first, so it cannot depend on order.

Precision needs no budget (it already divides by the predictions), and
attribute accuracy is a mean over matched pairs, unchanged: a single lucky
match of a blind guess still earns up to its 0.15 share.
"""

from __future__ import annotations

#: Predictions allowed per golden difference, and allowed on top of that.
PER_DIFFERENCE = 2
SPARE = 2


def prediction_budget(gold: int) -> int:
    """How many predictions an item allows before they dilute each other."""
    return PER_DIFFERENCE * gold + SPARE


def credit_factor(gold: int, predicted: int) -> float:
    """The share of recall each match of this item earns: 1 within the budget."""
    budget = prediction_budget(gold)
    return 1.0 if predicted <= budget else budget / predicted
