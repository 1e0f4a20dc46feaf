"""SpotDiff Eval: a deterministic scorer and toolkit for visual spot-the-difference.

The public API is re-exported here and loaded lazily (PEP 562), so that
``spotdiff --help`` does not pay for numpy and scipy::

    from spotdiff_eval import load_dataset, load_predictions, evaluate, build_report

    evaluation = evaluate(load_dataset("data/manifest.json"),
                          load_predictions("predictions/example.json"))
    print(evaluation.metrics.overall_score)
"""

from __future__ import annotations

import importlib
from typing import Any

from .version import EVALUATOR_VERSION

__version__ = "1.0.0"

_EXPORTS = {
    "SpotDiffError": "errors",
    "Difference": "domain",
    "GoldDifference": "domain",
    "Annotation": "domain",
    "Dataset": "domain",
    "DatasetItem": "domain",
    "Predictions": "domain",
    "PredictedItem": "domain",
    "load_dataset": "dataset",
    "load_predictions": "predictions",
    "difference_from_json": "records",
    "gold_difference_from_json": "records",
    "match_item": "matching",
    "Match": "matching",
    "ItemMatch": "matching",
    "evaluate": "evaluation",
    "evaluate_files": "pipeline",
    "score_item": "evaluation",
    "Evaluation": "evaluation",
    "ItemResult": "evaluation",
    "Counts": "metrics",
    "Metrics": "metrics",
    "WEIGHTS": "metrics",
    "metrics_from_counts": "metrics",
    "build_report": "report",
    "render_summary": "summary",
    "validate_document": "schema",
    "validate_target": "validate",
}

__all__ = ["EVALUATOR_VERSION", "__version__", *sorted(_EXPORTS)]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'spotdiff_eval' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
