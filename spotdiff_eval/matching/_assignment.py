"""Optimal one-to-one assignment of predictions to golden differences.

The objective is lexicographic: first the *number* of accepted matches, then
their total similarity. Only accepted pairs are edges; a forbidden pair is
never an edge, so it can neither be chosen nor displace an accepted one.
Greedy matching fails case "optimal, not greedy, assignment"; this does not.

Each edge weighs ``K + similarity`` with similarity in integer micro-units and
``K`` larger than any possible total similarity, so one more match always
beats any gain in similarity. Integer weights keep the solver exact.

The graph is split into connected components: most are a single edge, and
only real conflicts reach the Hungarian algorithm below. It is ours rather
than scipy's ``linear_sum_assignment`` because importing scipy.optimize costs
half a second per command, more than scoring a whole dataset; the tests check
it against exhaustive search.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

SCALE = 1_000_000


def hungarian(weights: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """Maximum-weight assignment of every row of a rows <= columns matrix.

    The classic shortest-augmenting-path form with potentials, O(rows^2 * cols).
    Returns ``(row, column)`` pairs; zero-weight pairs are the caller's to drop.
    """
    n, m = len(weights), len(weights[0])
    assert n <= m, "transpose first: rows must not outnumber columns"
    top = max(max(row) for row in weights)
    cost = [[top - w for w in row] for row in weights]  # minimise cost = maximise weight
    inf = float("inf")
    u: list[float] = [0] * (n + 1)  # ints, but for the float('inf') delta mypy sees
    v: list[float] = [0] * (m + 1)
    owner = [0] * (m + 1)  # owner[j] = row (1-based) assigned to column j; 0 = free
    way = [0] * (m + 1)
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        minv = [inf] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = owner[j0], inf, 0
            row = cost[i0 - 1]
            for j in range(1, m + 1):
                if not used[j]:
                    reduced = row[j - 1] - u[i0] - v[j]
                    if reduced < minv[j]:
                        minv[j], way[j] = reduced, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(m + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    return sorted((owner[j] - 1, j - 1) for j in range(1, m + 1) if owner[j])


def _components(edges: Mapping[tuple[int, int], int]) -> list[list[tuple[int, int]]]:
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(x: tuple[str, int]) -> tuple[str, int]:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for p, g in edges:
        root_p, root_g = find(("p", p)), find(("g", g))
        if root_p != root_g:
            parent[root_p] = root_g
    groups: dict[tuple[str, int], list[tuple[int, int]]] = defaultdict(list)
    for edge in sorted(edges):
        groups[find(("p", edge[0]))].append(edge)
    return [groups[root] for root in sorted(groups)]


def _solve_component(component: list[tuple[int, int]], edges: Mapping[tuple[int, int], int]):
    preds = sorted({p for p, _ in component})
    golds = sorted({g for _, g in component})
    bonus = (min(len(preds), len(golds)) + 1) * SCALE
    weight = {edge: bonus + edges[edge] for edge in component}
    transpose = len(preds) > len(golds)
    rows, cols = (golds, preds) if transpose else (preds, golds)
    matrix = [[weight.get((c, r) if transpose else (r, c), 0) for c in cols] for r in rows]
    for i, j in hungarian(matrix):
        if matrix[i][j] > 0:
            yield (cols[j], rows[i]) if transpose else (rows[i], cols[j])


def assign(edges: Mapping[tuple[int, int], int]) -> list[tuple[int, int]]:
    """Choose pairs ``(pred, gold)`` from ``edges`` (pair -> similarity in micro-units).

    Indices must already be in canonical order (see ``matching.py``), which
    makes the result independent of the order of the input lists.
    """
    if len({p for p, _ in edges}) == len(edges) == len({g for _, g in edges}):
        return sorted(edges)  # no prediction or gold has two edges: nothing to choose
    chosen: list[tuple[int, int]] = []
    for component in _components(edges):
        if len(component) == 1:
            chosen.append(component[0])
        else:
            chosen.extend(_solve_component(component, edges))
    return sorted(chosen)
