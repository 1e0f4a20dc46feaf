"""Each shared fact and mechanism is written once, where its layer owns it.

Copies drift: a sixth metric added to the scorer but not to result.json, a
git call hardened in one CI module but not the other. These tests read the
source, so a copy that comes back fails here, not in a review.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from spotdiff_eval.leaderboard import site_views
from spotdiff_eval.scoring import METRIC_NAMES

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "spotdiff_eval"
SOURCES = sorted(
    p
    for p in [*PACKAGE.rglob("*.py"), *(REPO / "benchmarks").glob("*.py"), *REPO.glob("tests/*.py")]
    if p.name != Path(__file__).name
)


def _trees() -> Iterator[tuple[str, ast.AST]]:
    for path in SOURCES:
        yield str(path.relative_to(REPO)), ast.parse(path.read_text(encoding="utf-8"))


def _string_collections(tree: ast.AST) -> Iterator[ast.AST]:
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Tuple | ast.List | ast.Set)
            and node.elts
            and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
        ):
            yield node


def test_the_metric_names_are_listed_once() -> None:
    names = set(METRIC_NAMES)
    copies = [
        where
        for where, tree in _trees()
        for node in _string_collections(tree)
        if names <= {e.value for e in node.elts}  # type: ignore[attr-defined]
    ]
    assert copies == ["spotdiff_eval/scoring/_metrics.py"]


def test_the_site_labels_every_metric_and_no_other() -> None:
    """The site keeps its own column order and labels, but not its own list of metrics."""
    assert sorted(key for key, _ in site_views.METRICS) == sorted(METRIC_NAMES)
