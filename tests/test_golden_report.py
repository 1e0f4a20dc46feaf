"""The example predictions' report, byte for byte, pinned to ``EVALUATOR_VERSION``.

Any change of a scoring decision changes this report. That is allowed only
with a new evaluator version (and a CHANGELOG.md entry): bump
``spotdiff_eval/version.py``, then refresh the snapshot with
``python tests/test_golden_report.py --update`` and review its diff. A
refactoring must leave it untouched.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SNAPSHOT = REPO / "tests" / "data" / "golden" / "example-report.json"
MANIFEST = REPO / "data" / "manifest.json"
PREDICTIONS = REPO / "predictions" / "example.json"


def current_report() -> str:
    from spotdiff_eval.datasets._jsonio import dumps_layered
    from spotdiff_eval.scoring._pipeline import evaluate_files
    from spotdiff_eval.scoring._report import build_report

    return dumps_layered(build_report(evaluate_files(MANIFEST, PREDICTIONS)))


def test_example_report_is_pinned_to_the_evaluator_version() -> None:
    from spotdiff_eval.version import EVALUATOR_VERSION

    pinned = SNAPSHOT.read_text(encoding="utf-8")
    assert json.loads(pinned)["evaluator_version"] == EVALUATOR_VERSION, (
        "EVALUATOR_VERSION changed: refresh the snapshot (see this file's docstring)"
    )
    assert current_report() == pinned, (
        "a scoring decision changed without a new EVALUATOR_VERSION (see this file's docstring)"
    )


if __name__ == "__main__" and sys.argv[1:] == ["--update"]:
    SNAPSHOT.write_text(current_report(), encoding="utf-8")
    print(f"wrote {SNAPSHOT.relative_to(REPO)}")
