"""Matching decisions from red team round 20, each as a careful judge decides it.

Round 20 looked again for answers that earn points without looking and
wrong objects the matcher accepts, on the bundled set, fresh generated sets
and the hand-written battery. Format as in shared/scoring-cases.json.
"""

from __future__ import annotations

import pytest
from conftest import assert_judged, removed
from conftest import one_gold_case as _case

_CAT_GONE = removed("cat", description="The black cat on the sofa is missing.")


def _vague(description: str) -> dict:
    return removed("object", description=description)


CASES_LISTS = [
    # _lead._lists: a vague subject whose description lists objects, by
    # commas, "and" or question marks, named the first of them (route
    # described), so a blind answer of six vague subjects, each listing the
    # everyday nouns from another start, found 9.9% of the bundled set. A
    # judge reads "The cat, the dog or the bird is gone" as a guess at three
    # objects: it singles none out, so it finds none (DESIGN §4).
    *(
        _case(f"L1 '{text}' is no cat", _CAT_GONE, _vague(text), None)
        for text in [
            "The cat, dog, bird, lamp, tree.",
            "The cat, the dog or the bird is gone.",
            "The cat, the dog, the bird changed.",
            "The cat and the dog are gone.",
            "Cat? Dog? Bird?",
            "One of the cat, the dog is gone.",
            "In the second panel, the cat, the lamp and the vase changed.",
        ]
    ),
    # What follows the lead phrase in a clause of its own still says more
    # of the same object: a place, looks, a relative clause, a hedge
    # between changes. A judge reads each as the cat.
    *(
        _case(f"L1 '{text}' is the cat", _CAT_GONE, _vague(text), "d01")
        for text in [
            "The cat, on the sofa, is gone.",
            "The cat, black and white, is gone.",
            "The cat, which sat on the sofa, is gone.",
            "The cat is gone, and the sofa is empty.",
            "The black cat is missing from the sofa.",
        ]
    ),
]


@pytest.mark.parametrize("case", CASES_LISTS, ids=[c["name"] for c in CASES_LISTS])
def test_lists(case: dict) -> None:
    assert_judged(case)


CASES_HEDGES_ACROSS_CLAUSES = [
    # _lead._offers_another: "or" after the lead's own clause, before
    # another object, hedges between objects as "The cat or the dog is
    # gone" does (round 19). Read by its first clause, "Either the cat is
    # gone, or the lamp" named the cat: a guess at two objects in one answer.
    *(
        _case(f"H2 '{text}' is no cat", _CAT_GONE, _vague(text), None)
        for text in [
            "Either the cat is gone, or the lamp.",
            "The cat is gone, or maybe the dog.",
            "The cat is gone, or the dog is.",
            "The cat is gone; or the dog.",
            "The cat is gone. Or the dog.",
        ]
    ),
    # An "or" before a change, or a pronoun for the same object, offers no
    # other object: the cat was seen, its fate is what is doubted.
    *(
        _case(f"H2 '{text}' is the cat", _CAT_GONE, _vague(text), "d01")
        for text in [
            "The cat is gone, or hidden behind the sofa.",
            "The cat is gone, or it moved behind the lamp.",
            "The cat is missing or moved.",
        ]
    ),
]


@pytest.mark.parametrize(
    "case", CASES_HEDGES_ACROSS_CLAUSES, ids=[c["name"] for c in CASES_HEDGES_ACROSS_CLAUSES]
)
def test_hedges_across_clauses(case: dict) -> None:
    assert_judged(case)
