"""The submission rule on the GitHub API's list of a pull request's changed files.

The comment workflow cannot trust the verify run's artifact when the pull
request changed the workflow that wrote it, so it applies the rule again to
what the API says changed (``pulls.listFiles``).
"""

from __future__ import annotations

from ..errors import SpotDiffError
from .changes import REGULAR_FILE, ChangeCheck, FileChange, check_changes, problem

#: The comment workflow passes at most this many files from the API (a
#: submission changes two), which keeps the JSON within one environment
#: variable's limit (128 KiB) even for 4 KiB paths.
MAX_API_FILES = 20
_API_STATUS = {"added": "A", "copied": "A", "removed": "D", "modified": "M", "changed": "M"}


def api_changes(data: object, source: object) -> tuple[list[FileChange], int]:
    """Changes from ``{"total": N, "files": [{"filename", "status", "previous_filename"?}]}``.

    The comment workflow builds this from ``pulls.listFiles``. The API gives no
    file modes or sizes, so only the path rules apply; a rename counts as the
    removal of the old path and the addition of the new one.
    """

    def fail(where: str, what: str) -> None:
        raise SpotDiffError(source, where, what)

    if not isinstance(data, dict) or set(data) != {"total", "files"}:
        fail("/", 'expected an object with exactly "total" and "files"')
    total, files = data["total"], data["files"]  # type: ignore[index]
    if not isinstance(total, int) or isinstance(total, bool) or total < 0:
        fail("/total", "must be an integer >= 0")
    if not isinstance(files, list) or len(files) > MAX_API_FILES or len(files) > total:
        fail("/files", f"must be a list of at most {MAX_API_FILES} files and at most total")
    changes = []
    for index, entry in enumerate(files):
        where = f"/files/{index}"
        names = ("filename", "status", "previous_filename")
        if not isinstance(entry, dict) or not set(entry) <= set(names):
            fail(where, "must be an object with filename, status and previous_filename")
        for key in names:
            value = entry.get(key, "")
            if not isinstance(value, str) or len(value) > 4096:
                fail(f"{where}/{key}", "must be a string of at most 4096 characters")
        if not entry.get("filename"):
            fail(f"{where}/filename", "must not be empty")
        status = entry.get("status", "")
        if status == "renamed":
            if entry.get("previous_filename"):
                changes.append(
                    FileChange("D", entry["previous_filename"], REGULAR_FILE, "000000", "")
                )
            changes.append(FileChange("A", entry["filename"], "000000", REGULAR_FILE, ""))
        elif status != "unchanged":
            letter = _API_STATUS.get(status, "?")
            changes.append(FileChange(letter, entry["filename"], REGULAR_FILE, REGULAR_FILE, ""))
    return changes, total


def check_api_changes(changes: list[FileChange], total: int, listed: int) -> ChangeCheck:
    """The path rules on the API's list; more files than listed is refused too."""
    check = check_changes(changes, {})
    if total > listed:
        extra = problem("(pull request)", f"changes {total} files; a submission changes at most 2")
        return ChangeCheck(check.submission_id, (*check.problems, extra))
    return check
