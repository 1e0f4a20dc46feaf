"""SpotDiff Eval: a deterministic scorer and toolkit for visual spot-the-difference.

The public API is re-exported here and loaded lazily (PEP 562), so that
``spotdiff --help`` does not pay for numpy::

    from spotdiff_eval import load_dataset, load_predictions, evaluate, build_report

    evaluation = evaluate(load_dataset("data/manifest.json"),
                          load_predictions("predictions/example.json"))
    print(evaluation.metrics.overall_score)
"""

from __future__ import annotations

import importlib
from typing import Any

from .version import EVALUATOR_VERSION, __version__

_EXPORTS = {
    "SpotDiffError": "errors",
    "Difference": "datasets",
    "GoldDifference": "datasets",
    "Annotation": "datasets",
    "Dataset": "datasets",
    "DatasetItem": "datasets",
    "Predictions": "datasets",
    "PredictedItem": "datasets",
    "load_dataset": "datasets",
    "load_predictions": "datasets",
    "difference_from_json": "datasets",
    "gold_difference_from_json": "datasets",
    "validate_document": "datasets",
    "match_item": "matching",
    "Match": "matching",
    "ItemMatch": "matching",
    "explain_item": "matching",
    "evaluate": "scoring",
    "evaluate_files": "scoring",
    "score_item": "scoring",
    "Evaluation": "scoring",
    "ItemResult": "scoring",
    "Counts": "scoring",
    "Metrics": "scoring",
    "WEIGHTS": "scoring",
    "metrics_from_counts": "scoring",
    "build_report": "scoring",
    "render_summary": "scoring",
    "validate_target": "validation",
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
