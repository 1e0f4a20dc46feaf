"""The prompt a submission declares, taken from the run that made its predictions.

``spotdiff submit`` used to write ``spotdiff_v1`` for every file, even one a
run made with ``--prompt-file``: the leaderboard then credited the built-in
prompt with another prompt's score. A file written by ``spotdiff run`` (or
``merge``) records the prompt's name and sha256, so those are used, and a
flag that contradicts them is refused rather than silently preferred.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..datasets import read_bytes_limited, read_json
from ..errors import SpotDiffError
from .inputs import BUILTIN_PROMPT, MAX_PROMPT_BYTES
from .output import RUN_FORMAT


def submission_prompt(
    predictions: Path, name: str | None, prompt_file: Path | None
) -> tuple[str, str | None]:
    """``(name, sha256)`` for submission.json from the run's provenance and the flags.

    Without provenance (a file made by other code) the flags decide, as
    before: ``name`` or the built-in prompt's, and the sha256 of ``prompt_file``.
    """
    file_sha = None
    if prompt_file is not None:
        file_sha = hashlib.sha256(read_bytes_limited(prompt_file, MAX_PROMPT_BYTES)).hexdigest()
    recorded = _recorded_prompt(predictions)
    if recorded is None:
        return name or BUILTIN_PROMPT, file_sha
    run_name, run_sha = recorded
    if file_sha is not None and file_sha != run_sha:
        raise SpotDiffError(
            prompt_file,
            "",
            f"is not the prompt the run used ({run_name}, sha256 {run_sha[:12]}...) as "
            f"{predictions} records it",
        )
    builtin = run_name == BUILTIN_PROMPT
    if name is not None and name != run_name and (builtin or name == BUILTIN_PROMPT):
        used = "the built-in prompt" if builtin else f'its own prompt "{run_name}"'
        raise SpotDiffError(
            "--prompt-name", "", f'is "{name}", but the run used {used} ({predictions} /run/prompt)'
        )
    return name or run_name, run_sha


def _recorded_prompt(predictions: Path) -> tuple[str, str] | None:
    data = read_json(predictions)
    run = data.get("run")
    if not isinstance(run, dict) or run.get("format") != RUN_FORMAT:
        return None
    prompt = run.get("prompt")
    if not isinstance(prompt, dict):
        return None
    name, sha = prompt.get("name"), prompt.get("sha256")
    return (name, sha) if isinstance(name, str) and isinstance(sha, str) else None
