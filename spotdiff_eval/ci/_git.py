"""Running git for the CI commands: one way, hardened once.

The pull-request check reads a clone an outsider shaped (its refs, its
``.gitattributes``); the publish job commits and pushes with a token. Both
go through here so a safeguard added for one (no prompt for a password, no
replace refs, no optional locks) holds for the other too.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from pathlib import Path

from .._util.terminal import safe_text
from ..errors import SpotDiffError

#: A clone of a large repository answers in seconds; a hung remote must not
#: hold the job until GitHub's six-hour limit.
TIMEOUT_SECONDS = 300


def run_git(
    repo: Path,
    *args: str,
    stdin: bytes | None = None,
    ok: tuple[int, ...] = (0,),
    env: Mapping[str, str] | None = None,
) -> bytes:
    """git's standard output for ``git -C repo args``; its output is data, never executed.

    No terminal prompt (a missing credential fails instead of waiting);
    replace refs are ignored so the objects mean what their ids say. Exit
    codes in ``ok`` are not errors; any other one raises SpotDiffError with
    git's last line of complaint, escaped. ``env`` adds variables (an
    identity, an auth header) for this call only.
    """
    full_env = {
        **os.environ,
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_NO_REPLACE_OBJECTS": "1",
        # A path is a name, never pathspec magic: a file an outsider named
        # ":(exclude)x" stopped the check without a verdict (red team round 14).
        "GIT_LITERAL_PATHSPECS": "1",
        **(env or {}),
    }
    try:
        done = subprocess.run(
            ["git", "--no-optional-locks", "-C", str(repo), *args],
            input=stdin,
            capture_output=True,
            env=full_env,
            timeout=TIMEOUT_SECONDS,
            check=False,
        )
    except FileNotFoundError:
        raise SpotDiffError("git", "", "git is not installed") from None
    except subprocess.TimeoutExpired:
        # One line like every other git failure, not a traceback (red team round 17).
        raise SpotDiffError(
            repo, f"git {args[0]}", f"gave no answer within {TIMEOUT_SECONDS:g} seconds"
        ) from None
    if done.returncode not in ok:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines() or ["no message"]
        raise SpotDiffError(repo, f"git {args[0]}", safe_text(lines[-1], 200))
    return done.stdout


def batch_objects(raw: bytes) -> list[tuple[str, bytes]]:
    """``(id, content)`` of each object ``git cat-file --batch`` printed (a missing one is
    left out): ``<id> <type> <size>\\n<content>\\n`` each."""
    objects = []
    position = 0
    while position < len(raw):
        end = raw.index(b"\n", position)
        header = raw[position:end].decode("ascii", "replace").split(" ")
        if len(header) != 3:  # "<id> missing"
            position = end + 1
            continue
        size = int(header[2])
        objects.append((header[0], raw[end + 1 : end + 1 + size]))
        position = end + 1 + size + 1
    return objects
