"""The files GitHub Actions hands a step: step summary, outputs, event payload.

``GITHUB_OUTPUT`` is a file of ``name<<DELIMITER`` blocks. A value that
contains the delimiter line could end its block early and forge further
outputs (``verdict=verified``), so every value gets a fresh random delimiter
and is refused, not written, if it still contains it.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path
from typing import Any

from ..datasets import read_json
from ..errors import SpotDiffError

#: GitHub's own limit for a webhook payload is 25 MB.
EVENT_MAX_BYTES = 25 * 1024 * 1024
_OUTPUT_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,99}")
#: Full commit ids (SHA-1 or SHA-256 repositories). Anything else, such as a
#: value starting with "-", would reach git as an option.
COMMIT_SHA = re.compile(r"[0-9a-f]{40}(?:[0-9a-f]{24})?")


def append_step_summary(markdown: str) -> bool:
    """Append to the job summary when running in Actions; False elsewhere."""
    path = os.environ.get("GITHUB_STEP_SUMMARY")
    if not path:
        return False
    with open(path, "a", encoding="utf-8", newline="\n") as handle:
        handle.write(markdown if markdown.endswith("\n") else markdown + "\n")
    return True


def output_block(name: str, value: str) -> str:
    """One ``GITHUB_OUTPUT`` entry whose delimiter the value cannot contain."""
    if not _OUTPUT_NAME.fullmatch(name):
        raise ValueError(f"invalid output name {name!r}")
    delimiter = f"ghadelimiter_{secrets.token_hex(16)}"
    if delimiter in value:  # 128 random bits: only a broken RNG gets here
        raise SpotDiffError("GITHUB_OUTPUT", name, "value contains the output delimiter")
    return f"{name}<<{delimiter}\n{value}\n{delimiter}\n"


def set_output(name: str, value: str) -> bool:
    """Write a step output when running in Actions; False elsewhere."""
    path = os.environ.get("GITHUB_OUTPUT")
    if not path:
        return False
    block = output_block(name, value)
    with open(path, "a", encoding="utf-8", newline="\n") as handle:
        handle.write(block)
    return True


def read_event(path: Path | str | None = None) -> dict[str, Any]:
    """The event payload (``GITHUB_EVENT_PATH``), read with the usual JSON limits."""
    if path is None:
        path = os.environ.get("GITHUB_EVENT_PATH")
        if not path:
            raise SpotDiffError(
                "GITHUB_EVENT_PATH", "", "not set: pass --base and --head outside GitHub Actions"
            )
    return read_json(path, max_bytes=EVENT_MAX_BYTES)


def pull_request_shas(event: dict[str, Any], source: object) -> tuple[str, str]:
    """``(base sha, head sha)`` of a ``pull_request`` event payload."""
    shas = []
    for side in ("base", "head"):
        node: Any = event
        for key in ("pull_request", side, "sha"):
            node = node.get(key) if isinstance(node, dict) else None
        shas.append(require_sha(node, source, f"/pull_request/{side}/sha"))
    return shas[0], shas[1]


def pull_request_number(event: dict[str, Any], source: object) -> int | None:
    """``pull_request.number`` of an event payload; None when it has none (not a PR event)."""
    node = event.get("pull_request")
    number = node.get("number") if isinstance(node, dict) else None
    if number is None:
        return None
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 10**9:
        shown = repr(number)[:60]
        raise SpotDiffError(source, "/pull_request/number", f"not a pull request number: {shown}")
    return number


def pull_request_branches(event: dict[str, Any]) -> tuple[object, object]:
    """``(the branch the pull request targets, the repository's default branch)`` of a
    ``pull_request`` event payload, each as the payload has it (None when absent)."""
    node = event.get("pull_request")
    base = node.get("base") if isinstance(node, dict) else None
    repository = event.get("repository")
    return (
        base.get("ref") if isinstance(base, dict) else None,
        repository.get("default_branch") if isinstance(repository, dict) else None,
    )


def pull_request_texts(event: dict[str, Any]) -> tuple[object, object]:
    """``(title, description)`` of a ``pull_request`` event payload, as it has them."""
    node = event.get("pull_request")
    node = node if isinstance(node, dict) else {}
    return node.get("title"), node.get("body")


def require_sha(value: object, source: object, where: str) -> str:
    """``value`` if it is a full commit id, else a one-line error."""
    if not isinstance(value, str) or not COMMIT_SHA.fullmatch(value):
        shown = repr(value)[:60]
        raise SpotDiffError(source, where, f"expected a full lowercase commit sha, found {shown}")
    return value
