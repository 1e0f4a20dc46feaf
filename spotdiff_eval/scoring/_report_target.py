"""Where ``spotdiff evaluate --output`` may write: never over its own inputs.

``--output`` used to replace whatever it named: ``--output p.json`` over the
predictions being scored, or over ``data/manifest.json``, destroyed the input
with no way back. An input (the predictions, the manifest, any annotation or
image of the dataset) is refused always; any other existing file only with
``--force``, unless it is an earlier report, which a re-run naturally replaces.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from .._util.folders import check_file
from ..datasets import Dataset, Predictions, read_json
from ..errors import FileTooLarge, SpotDiffError
from ._evaluation import Evaluation

#: Top-level fields every report has (``schemas/report.schema.json``); a file
#: holding them all is taken for an earlier report.
REPORT_FIELDS = frozenset({"evaluator_version", "dataset", "predictions", "metrics", "items"})


def evaluation_inputs(evaluation: Evaluation) -> list[Path]:
    """Every file the evaluation read or names: predictions, manifest, annotations, images."""
    return inputs_of(evaluation.dataset, evaluation.predictions)


def inputs_of(dataset: Dataset, predictions: Predictions) -> list[Path]:
    """The inputs of an evaluation of ``predictions`` on ``dataset``, before scoring."""
    files = [predictions.path, dataset.manifest_path]
    files += [item.annotation_path for item in dataset.items]
    files += [item.image_path for item in dataset.items]
    return files


def check_report_target(output: Path, inputs: Iterable[Path], *, force: bool = False) -> None:
    """Raise :class:`SpotDiffError` unless writing a report to ``output`` is safe.

    Paths are compared resolved (symlinks, ``..``) and by file identity
    (hard links), so another spelling of an input is refused too. Resolving
    costs system calls per path component, and a dataset of 10,000 items
    names 20,000 files, so only inputs with the target's file name are
    resolved: another name can reach the target only through a symlink in
    its last component, and then the target exists and the identity check
    sees it. Inputs are handled as text: making a ``Path`` of each ``Path``
    again, as before, cost more than the ``stat`` calls.
    """
    output = Path(output)
    check_file(output)  # before scoring, not when the report is written
    target = output.resolve()
    target_text, target_name = str(target), target.name
    identity = _identity(output)
    for path in inputs:
        text = os.fspath(path)
        if (os.path.basename(text) == target_name and str(Path(text).resolve()) == target_text) or (
            identity and identity == _identity(text)
        ):
            raise SpotDiffError(
                output, "", f"is an input of this evaluation ({path}); choose another --output"
            )
    if identity is None or force or is_report(output):
        return
    raise SpotDiffError(
        output,
        "",
        "exists and is not a spotdiff report; choose another --output, "
        "or add --force to replace it",
    )


def is_report(path: Path) -> bool:
    """True if ``path`` holds a JSON object with every top-level report field.

    A file above the JSON cap is judged by its head as ``evaluate`` writes it
    (red team round 19: a report of some 50,000 items passes 64 MiB, and the
    re-run that had written it refused to replace it without ``--force``).
    """
    try:
        data = read_json(path)
    except FileTooLarge:
        return _written_as_report(path)
    except SpotDiffError:
        return False
    return data.keys() >= REPORT_FIELDS


#: How every report ``evaluate`` writes begins (``_report.py``, ``iter_layered``).
_REPORT_HEAD = (b'{\n  "schema_version": "', b'\n  "evaluator_version": "', b'\n  "dataset": {')


def _written_as_report(path: Path) -> bool:
    """True if the first KiB of ``path`` are those of a report ``evaluate`` wrote."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(1024)
    except OSError:
        return False
    return head.startswith(_REPORT_HEAD[0]) and all(part in head for part in _REPORT_HEAD[1:])


def _identity(path: Path | str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino
