"""Every worked case of shared/scoring-cases.json, decided as a careful judge would.

The cases are read from ``../shared`` when the checkout sits beside it (as in
the project's CI) and from the copy in ``tests/data`` otherwise; the copy must
not drift from the original.
"""

from __future__ import annotations

import json

import pytest
from conftest import REPO, assert_judged

SHARED = REPO.parent / "shared" / "scoring-cases.json"
BUNDLED = REPO / "tests" / "data" / "scoring-cases.json"
CASES = json.loads((SHARED if SHARED.is_file() else BUNDLED).read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_judge_decision(case: dict) -> None:
    assert_judged(case)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_judge_decision_ignores_order(case: dict) -> None:
    reversed_case = {
        "gold": case["gold"][::-1],
        "predictions": case["predictions"][::-1],
        "expected": case["expected"][::-1],
        "details_correct": case.get("details_correct", [])[::-1],
    }
    assert_judged(reversed_case)


def test_bundled_copy_matches_shared_cases() -> None:
    if not SHARED.is_file():
        pytest.skip("no ../shared beside this checkout")
    assert json.loads(BUNDLED.read_text(encoding="utf-8")) == json.loads(
        SHARED.read_text(encoding="utf-8")
    )
