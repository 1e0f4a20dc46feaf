"""The assignment solver against exhaustive search on small graphs."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from spotdiff_eval.matching._assignment import SCALE, assign, hungarian


def brute_force_best(edges: dict[tuple[int, int], int]) -> tuple[int, int]:
    """(most matches, best total similarity) over every one-to-one choice of edges."""
    preds = sorted({p for p, _ in edges})
    golds = sorted({g for _, g in edges})
    best = (0, 0)
    slots = golds + [None] * len(preds)
    for perm in set(permutations(slots, len(preds))):
        chosen = [
            (p, g) for p, g in zip(preds, perm, strict=True) if g is not None and (p, g) in edges
        ]
        best = max(best, (len(chosen), sum(edges[e] for e in chosen)))
    return best


edge_sets = st.dictionaries(
    st.tuples(st.integers(0, 4), st.integers(0, 3)), st.integers(1, SCALE), max_size=12
)


@settings(max_examples=300, deadline=None)
@given(edge_sets)
def test_assign_is_optimal_and_one_to_one(edges) -> None:
    chosen = assign(edges)
    assert all(edge in edges for edge in chosen)
    assert len({p for p, _ in chosen}) == len(chosen) == len({g for _, g in chosen})
    assert (len(chosen), sum(edges[e] for e in chosen)) == brute_force_best(edges)


def test_more_matches_beat_higher_similarity() -> None:
    # One strong pair (0,0) or two weak ones (0,1)+(1,0): two matches win.
    edges = {(0, 0): SCALE, (0, 1): 1, (1, 0): 1}
    assert assign(edges) == [(0, 1), (1, 0)]


def test_hungarian_square_matrix() -> None:
    assert hungarian([[4, 1, 3], [2, 0, 5], [3, 2, 2]]) == [(0, 0), (1, 2), (2, 1)]
