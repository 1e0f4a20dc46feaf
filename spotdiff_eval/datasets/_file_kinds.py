"""Which spotdiff file a JSON object is, to name a file given to the wrong option.

Red team round 19: a report (``results/my-model.json``, named like
``predictions/my-model.json``), the manifest or an annotation given as
``--predictions`` read 'missing required field "model"', and predictions
given as ``--manifest`` 'missing required field "dataset_name"': true, but
not the user's mistake, which is the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import SpotDiffError

#: Each kind with the fields that tell it apart and how it is named.
_KINDS: tuple[tuple[str, frozenset[str], str], ...] = (
    ("report", frozenset({"evaluator_version", "metrics", "items"}), "a spotdiff report"),
    ("manifest", frozenset({"dataset_name", "items"}), "a dataset manifest"),
    ("annotation", frozenset({"item_id", "differences"}), "the annotation of one item"),
    ("prediction", frozenset({"model", "items"}), "a predictions file"),
    ("board", frozenset({"board_id", "track"}), "a board's board.json"),
    ("submission", frozenset({"submission_id", "organisation"}), "a submission's submission.json"),
)
#: What to pass instead, per kind the option wanted.
_HINTS = {
    "prediction": "--predictions takes the answers a model gave (predictions/*.json)",
    "manifest": "--manifest takes the dataset's manifest.json or its folder",
}


class WrongKind(SpotDiffError):
    """A file that is plainly another kind of spotdiff file than the one wanted.

    Its own type so that ``validate``, which lists every schema error of a
    file, gives this one line instead: the errors of the wrong schema (30 of
    them for a report checked as predictions) only hid it (red team round 20).
    """


def is_kind(data: Any, kind: str) -> bool:
    """``data`` has every field that tells a ``kind`` file apart ("manifest", "report"...)."""
    fields = next(fields for name, fields, _ in _KINDS if name == kind)
    return isinstance(data, dict) and fields <= data.keys()


def require_kind(data: Any, path: Path | str, wanted: str) -> None:
    """Raise if ``data`` is plainly another kind of spotdiff file than ``wanted``.

    Only a file lacking a field ``wanted`` requires is judged, so a valid
    file with extra fields is never refused here; the schema decides the rest.
    """
    if not isinstance(data, dict) or is_kind(data, wanted):
        return
    for kind, fields, name in _KINDS:
        if kind != wanted and fields <= data.keys():
            wanted_name = next(n for k, _, n in _KINDS if k == wanted)
            raise WrongKind(path, "/", f"is {name}, not {wanted_name}; {_HINTS[wanted]}")
