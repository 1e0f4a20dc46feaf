"""What the publish workflow does after ``spotdiff leaderboard build``: commit LEADERBOARD.md.

Hidden boards are scored by the build itself (``leaderboard build --strict
--token-env HF_TOKEN``), which fetches their private dataset with the
workflow's secret and publishes aggregates only; a broken folder there is
left out and reported like on any board, instead of failing the job.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from urllib.parse import urlsplit

from ..datasets import read_bytes_limited, write_text_atomic
from ..errors import SpotDiffError
from ._git import run_git

#: Commits by the workflow's own token never trigger workflows; "[skip ci]"
#: and the publish workflow's ``paths-ignore: LEADERBOARD.md`` make sure of it
#: should the push ever use another token.
COMMIT_MESSAGE = "Rebuild LEADERBOARD.md [skip ci]"
BOT_NAME = "github-actions[bot]"
BOT_EMAIL = "41898282+github-actions[bot]@users.noreply.github.com"
LEADERBOARD_MAX_BYTES = 16 * 1024 * 1024
_BRANCH = re.compile(r"[A-Za-z0-9._][A-Za-z0-9._/-]{0,199}")


# -- committing LEADERBOARD.md -------------------------------------------------


def commit_leaderboard(
    repo: Path,
    built: Path,
    *,
    branch: str,
    push: bool,
    token: str | None = None,
) -> bool:
    """Copy the freshly built LEADERBOARD.md into ``repo``, commit and push if it changed.

    Returns whether a commit was made. "Changed" is judged against the
    committed file, not the one on disk: the build may have written it there.
    The token, when given, reaches git through ``GIT_CONFIG_*`` environment
    variables, as an HTTP header for the remote's host only: never on a command
    line, in ``.git/config`` or in output.
    """
    repo = Path(repo)
    if not _BRANCH.fullmatch(branch) or ".." in branch:
        raise SpotDiffError("--branch", "", f"not a branch name: {branch!r}")
    _require_top_level(repo)
    new = read_bytes_limited(Path(built), LEADERBOARD_MAX_BYTES)
    try:
        text = new.decode("utf-8")
    except UnicodeDecodeError:
        raise SpotDiffError(built, "", "not valid UTF-8") from None
    write_text_atomic(repo / "LEADERBOARD.md", text)
    run_git(repo, "add", "--", "LEADERBOARD.md")
    staged = run_git(repo, "diff", "--cached", "--name-only", "--", "LEADERBOARD.md")
    if not staged.strip():
        return False  # same as the committed file (first run: not committed yet is a change)
    identity = {
        "GIT_AUTHOR_NAME": BOT_NAME,
        "GIT_AUTHOR_EMAIL": BOT_EMAIL,
        "GIT_COMMITTER_NAME": BOT_NAME,
        "GIT_COMMITTER_EMAIL": BOT_EMAIL,
    }
    run_git(
        repo, "commit", "--no-verify", "-m", COMMIT_MESSAGE, "--", "LEADERBOARD.md", env=identity
    )
    if push:
        run_git(repo, "push", "origin", f"HEAD:refs/heads/{branch}", env=_auth_env(repo, token))
    return True


def _require_top_level(repo: Path) -> None:
    """Refuse, before writing anything, a ``--repo`` that is not the top of a work tree.

    Red team round 22: a plain folder had its LEADERBOARD.md overwritten before git
    said it was no repository, and a subfolder of a repository got a second
    LEADERBOARD.md committed (and pushed) there instead of the one at the top.
    """
    top = run_git(repo, "rev-parse", "--show-toplevel").decode("utf-8", "replace").strip()
    if Path(top).resolve() != repo.resolve():
        raise SpotDiffError(
            repo, "--repo", f"is inside the repository at {top}, not its top folder: pass that"
        )


def _auth_env(repo: Path, token: str | None) -> dict[str, str]:
    if not token:
        return {}
    remote = run_git(repo, "remote", "get-url", "origin").decode("utf-8", "replace").strip()
    parts = urlsplit(remote)
    if parts.scheme != "https" or not parts.hostname:
        return {}  # a local or ssh remote: the token is not for it
    basic = base64.b64encode(f"x-access-token:{token}".encode()).decode("ascii")
    return {
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": f"http.https://{parts.hostname}/.extraheader",
        "GIT_CONFIG_VALUE_0": f"AUTHORIZATION: basic {basic}",
    }
