"""Validation: every problem of a predictions file, a dataset or a submission, collected.

Loading (``datasets``) stops at the first error, as scoring must; validation
goes on and lists every finding, with the pixel audit of a dataset's images
and the rules of a submission folder.
"""

from ._board_checks import BASELINE_IDS, TRACKS, check_on_board
from ._findings import Findings, listing, unanswered_items
from ._grounding import MIN_CHANGED_PIXELS, boxes_overlap, check_grounding
from ._submission_checks import (
    PREDICTIONS_JSON_MAX_BYTES,
    SUBMISSION_ID_RE,
    SUBMISSION_JSON_MAX_BYTES,
    SUBMISSION_LIMITS,
    valid_id,
    validate_submission,
    windows_name_problem,
)
from ._validate import validate_target

__all__ = [
    "BASELINE_IDS",
    "MIN_CHANGED_PIXELS",
    "PREDICTIONS_JSON_MAX_BYTES",
    "SUBMISSION_ID_RE",
    "SUBMISSION_JSON_MAX_BYTES",
    "SUBMISSION_LIMITS",
    "TRACKS",
    "Findings",
    "boxes_overlap",
    "check_grounding",
    "check_on_board",
    "listing",
    "unanswered_items",
    "valid_id",
    "validate_submission",
    "validate_target",
    "windows_name_problem",
]
