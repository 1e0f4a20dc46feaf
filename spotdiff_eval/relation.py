"""Does a prediction refer to a golden difference? The acceptance rules.

A pair is accepted only through one of the routes below; everything else is
forbidden before the assignment is solved. Each route names the worked case
(``shared/scoring-cases.json``) that motivated it. The guiding principle: the
prediction must name the golden object (or something the golden difference
itself mentions, with the object named in the change), and must not claim a
clearly different change. Sharing a common word is never enough.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .domain import Difference
from .evidence import Profile
from .normalize import values_match

#: How much each route says about identity; feeds the similarity used to
#: choose between competing accepted pairs.
ROUTE_STRENGTH = {
    "same_object": 1.0,
    "names_gold_in_subject": 0.8,
    "part_of_name": 0.7,
    "container": 0.6,
    "described": 0.6,
}


@dataclass(frozen=True)
class Relation:
    route: str

    @property
    def strength(self) -> float:
        return ROUTE_STRENGTH[self.route]


def any_value_agrees(pred: Difference, gold: Difference) -> bool:
    """At least one stated value matches one of the gold's, in either direction."""
    pred_values = [v for v in (pred.from_value, pred.to_value) if v]
    gold_values = [v for v in (gold.from_value, gold.to_value) if v]
    return any(values_match(p, g) for p in pred_values for g in gold_values)


def change_conflicts(p: Profile, g: Profile, pred: Difference, gold: Difference) -> bool:
    """Both state a change of a known, different sort, and no value agrees.

    Case "same object, different change": a size change is not the colour
    change, even on the same object. A count change read as "number of rays"
    is a count (no conflict); an addition has no category (no conflict).
    """
    if p.category is None or g.category is None or p.category == g.category:
        return False
    return not any_value_agrees(pred, gold)


def change_corroborates(p: Profile, g: Profile, pred: Difference, gold: Difference) -> bool:
    """The change itself is specific and the same: same sort, and a value agrees."""
    return p.category is not None and p.category == g.category and any_value_agrees(pred, gold)


def relate(pred: Difference, gold: Difference, p: Profile, g: Profile) -> Relation | None:
    """The route by which ``pred`` refers to ``gold``, or None (an extra)."""
    # 0. The same name, word for word after normalisation ("Cloud-Small" is
    #    not needed here; "street_lamp" for street_lamp is). This also covers
    #    names with no head at all, which no other route can match.
    if not p.spelled.isdisjoint(g.spelled):
        return None if change_conflicts(p, g, pred, gold) else Relation("same_object")

    # 1. The prediction's head noun is the gold's (or an alias's): "Cloud-Small"
    #    for small_cloud, "living_room_couch" for sofa (alias couch), and also
    #    "bottom_right_mug" for bottom_left_mug (positions weigh little).
    if p.head is not None and p.head in g.heads:
        if change_conflicts(p, g, pred, gold):
            return None
        return Relation("same_object")

    # 2. The prediction names a word of a compound gold name: "lamp" for
    #    lamp_shade. Accepted only with more evidence: the gold's head named
    #    in the change or description ("tower_top ... from flag to knob"), or
    #    the same specific change. "house_window" turning yellow is not the
    #    missing window_curtain (case "a shared common word is not a match").
    if p.head is not None and p.head in g.name_words:
        said_elsewhere = not g.heads.isdisjoint(p.change_words | p.description_words)
        if said_elsewhere or change_corroborates(p, g, pred, gold):
            return Relation("part_of_name")
        return None

    # 3. The gold's head is a modifier in the prediction's subject, and either
    #    the gold mentions the prediction's own head ("car_door" when the gold
    #    says "the car's door turns green") or the change is the same specific
    #    one ("clock_face" turning square for the clock turning square).
    #    "red_car_wheel" growing for a red car turning green names the wheel,
    #    which the gold never mentions, and another change (case "same
    #    object, different change").
    if p.head is not None and not g.heads.isdisjoint(p.name_words):
        if p.head in g.all_words and not change_conflicts(p, g, pred, gold):
            return Relation("names_gold_in_subject")
        if change_corroborates(p, g, pred, gold):
            return Relation("names_gold_in_subject")
        return None

    # 4. An addition or removal reported as a change of the thing that holds
    #    it: "tree_crown" pattern "plain green" -> "with red apples" for added
    #    tree apples. The container must be mentioned by the gold and the
    #    object named in the prediction's change or description.
    if (
        g.is_presence
        and pred.kind in ("attribute_change", "count_change")
        and p.head is not None
        and p.head in g.all_words
        and not g.heads.isdisjoint(p.change_words | p.description_words)
    ):
        return Relation("container")

    # 5. A vague subject ("object_3") with a clear description: the gold's
    #    head noun must be in what the prediction says ("The yellow kite
    #    flying in the sky is gone"). A vague description matches nothing.
    if p.vague and not g.heads.isdisjoint(p.description_words | p.change_words):
        return Relation("described")
    return None


def candidates(p: Profile, golds: Sequence[Profile]) -> list[int]:
    """Indices of the golds ``p`` may relate to; the others need no :func:`relate`.

    What every route needs: the same spelling (0), a vague subject (5), the
    prediction's head among the gold's words (1, 2, 3, 4), or the gold's head
    in the prediction's subject (3). Most pairs fail this at once, which is
    why it is checked here, in one pass, instead of pair by pair.
    """
    if p.head is None:
        return list(range(len(golds)))
    head, spelled, name_words = p.head, p.spelled, p.name_words
    return [
        i
        for i, g in enumerate(golds)
        if head in g.all_words
        or not g.heads.isdisjoint(name_words)
        or not spelled.isdisjoint(g.spelled)
    ]
