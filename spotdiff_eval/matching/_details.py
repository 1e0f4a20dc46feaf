"""Detail (attribute) accuracy of a matched pair.

Detection asks "did the model find this difference?"; details ask "did it
describe it right?". A matched pair scores the fraction of the gold's
applicable fields the prediction got right:

* every kind: the ``kind`` itself (a removal reported as an attribute change
  is found, but its kind is wrong);
* ``object_added`` / ``object_removed``: the ``count`` (absent means 1);
* ``attribute_change``: the attribute (same sort: "colour" is "color"; one
  that hedges, "colour maybe red or blue", is wrong: round 23), and
  ``from`` and ``to`` each (swapped values are wrong, case "wrong direction";
  a hedged one, "maybe red" or "red?", is wrong: round 24);
* ``count_change``: ``from`` and ``to`` as numbers ("8 rays" = "eight").

A field the gold leaves out is not applicable: details are judged against
what the annotation states, never against a guess.

A pair is *fully correct* (it counts toward difference coverage) when every
applicable field is right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..datasets import Difference
from ._lexicon import HEDGES
from ._normalize import content_words, words
from ._values import attribute_category, values_match


@dataclass(frozen=True, slots=True)
class DetailScore:
    correct: int
    applicable: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.applicable

    @property
    def fully_correct(self) -> bool:
        return self.correct == self.applicable


#: What offers one attribute in place of another: "colour or size", "colour/size".
_ALTERNATIVES = re.compile(r"\bor\b|[/|]", re.I)


def _hedged(attribute: str) -> bool:
    """The attribute does not commit to one property.

    Red team round 23: "colour maybe red or blue" (and "red or blue", or
    "colour or size") earned the attribute's credit against a colour
    change, as if the answer had said "colour". A hedge word ("maybe",
    "perhaps" ...) hedges whatever follows it; alternatives ("or", "/") hedge
    unless each is a name of the same property ("colour or hue", "color/colour").
    """
    if not (HEDGES - {"or"}).isdisjoint(words(attribute)):
        return True
    parts = [part for part in _ALTERNATIVES.split(attribute) if part.strip()]
    if len(parts) < 2 and not _ALTERNATIVES.search(attribute):
        return False
    named = {attribute_category(part) for part in parts}
    return len(named) != 1 or None in named


#: What makes a value a guess: a word of doubt (as :func:`words` reads it),
#: or a question mark. A set test on the value's cached words, not an
#: expression: every accepted pair asks it.
_DOUBTS = (HEDGES - {"or"}) | frozenset(
    "likely presumably seemingly apparently might could unsure uncertain unclear guess "
    "think".split()
)


def _committed(mine: str) -> bool:
    """``mine``, a value that states the gold's, commits to it.

    Red team round 24: a hedged value ("maybe red", "red?", "possibly
    blue", "red, I think") earned the value's credit, where the round 23
    rule (:func:`_hedged`) gives a hedged attribute none. Matching does not
    read it (a guess at a value contradicts nothing); only details do.
    """
    return "?" not in mine and _DOUBTS.isdisjoint(words(mine))


def _attribute_agrees(pred: Difference, gold: Difference) -> bool:
    if not pred.attribute or _hedged(pred.attribute):
        return False
    if words(pred.attribute) == words(gold.attribute or ""):
        return True
    gold_values = tuple(v for v in (gold.from_value, gold.to_value) if v)
    pred_values = tuple(v for v in (pred.from_value, pred.to_value) if v)
    gold_category = attribute_category(gold.attribute, gold_values)
    pred_category = attribute_category(pred.attribute, pred_values)
    if gold_category is not None and pred_category is not None:
        return gold_category == pred_category
    return not content_words(gold.attribute or "").isdisjoint(content_words(pred.attribute))


def detail_score(pred: Difference, gold: Difference) -> DetailScore:
    """Score ``pred``'s details against the fields the gold states."""
    checks = [pred.kind == gold.kind]
    if gold.kind in ("object_added", "object_removed"):
        checks.append((pred.count or 1) == (gold.count or 1))
    else:
        if gold.kind == "attribute_change" and gold.attribute:
            checks.append(_attribute_agrees(pred, gold))
        for mine, theirs in ((pred.from_value, gold.from_value), (pred.to_value, gold.to_value)):
            if theirs:
                checks.append(mine is not None and values_match(mine, theirs) and _committed(mine))
    return DetailScore(correct=sum(checks), applicable=len(checks))
