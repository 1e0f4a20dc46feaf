"""What the publish workflow does after ``spotdiff leaderboard build``.

Two jobs of its own: scoring the hidden-track submissions against a private
dataset (only the publish workflow ever has its annotations, downloaded with
a secret token), and committing a changed ``LEADERBOARD.md`` back to main.

The hidden results are aggregates only. A per-item report lists missed
golden differences by subject, which would publish the private annotations
one miss at a time.
"""

from __future__ import annotations

import base64
import os
import re
import stat
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..errors import SpotDiffError
from ..jsonio import read_bytes_limited, read_json, write_text_atomic
from ..pipeline import evaluate_files
from ..report import build_report
from ..submission_checks import SUBMISSION_JSON_MAX_BYTES, validate_submission
from ..version import EVALUATOR_VERSION
from .artifact import METRICS
from .verify import declared

#: Commits by the workflow's own token never trigger workflows; "[skip ci]"
#: and the publish workflow's ``paths-ignore: LEADERBOARD.md`` make sure of it
#: should the push ever use another token.
COMMIT_MESSAGE = "Rebuild LEADERBOARD.md [skip ci]"
BOT_NAME = "github-actions[bot]"
BOT_EMAIL = "41898282+github-actions[bot]@users.noreply.github.com"
LEADERBOARD_MAX_BYTES = 16 * 1024 * 1024
_BRANCH = re.compile(r"[A-Za-z0-9._][A-Za-z0-9._/-]{0,199}")


# -- hidden track --------------------------------------------------------------


def hidden_submissions(submissions: Path) -> list[Path]:
    """Submission folders whose submission.json declares the hidden track, by id.

    Anything else (dev-track, broken, not a folder) is ``leaderboard build``'s.
    """
    folders = sorted(Path(submissions).iterdir(), key=lambda p: p.name)
    return [
        folder
        for folder in folders
        if stat.S_ISDIR(os.lstat(folder).st_mode) and declared(folder)[0] == "hidden"
    ]


def score_hidden(manifest: Path, submissions: Path) -> dict[str, Any]:
    """Score every hidden-track submission; aggregates only, best first."""
    entries = []
    dataset_info: dict[str, Any] | None = None
    for folder in hidden_submissions(submissions):
        findings = validate_submission(folder, manifest=manifest)
        if findings:
            raise SpotDiffError(folder, "", f"{len(findings)} problem(s), first: {findings[0]}")
        meta = read_json(folder / "submission.json", max_bytes=SUBMISSION_JSON_MAX_BYTES)
        report = build_report(evaluate_files(manifest, folder / "predictions.json"))
        dataset_info = {
            key: report["dataset"][key] for key in ("name", "version", "items", "differences")
        }
        entries.append(
            {
                "submission_id": folder.name,
                "model": meta["model"]["name"],
                "organisation": meta["organisation"],
                "date": meta["date"],
                "metrics": {name: report["metrics"][name] for name in METRICS},
                "confidence_interval": report["confidence_intervals"]["overall_score"],
                "items_answered": report["counts"]["items_answered"],
                "items_total": report["counts"]["items"],
            }
        )
    entries.sort(key=lambda e: (-e["metrics"]["overall_score"], e["submission_id"]))
    return {
        "schema_version": "1.0",
        "evaluator_version": EVALUATOR_VERSION,
        "dataset": dataset_info,
        "entries": entries,
    }


def render_hidden(standings: dict[str, Any]) -> str:
    """The hidden standings as Markdown for the publish job's summary (untrusted names escaped)."""
    from .summary import md_code

    lines = ["## Hidden split", ""]
    dataset = standings["dataset"]
    if dataset is None:
        return "\n".join([*lines, "No hidden-track submissions.", ""])
    lines += [
        f"Dataset {md_code(dataset['name'])} {md_code(dataset['version'])}: "
        f"{dataset['items']} items, {dataset['differences']} golden differences.",
        "",
    ]
    for rank, entry in enumerate(standings["entries"], start=1):
        low, high = entry["confidence_interval"]
        lines.append(
            f"{rank}. {md_code(entry['model'], 100)} ({md_code(entry['submission_id'])}): "
            f"{100 * entry['metrics']['overall_score']:.1f}% "
            f"(95% CI {100 * low:.1f}% to {100 * high:.1f}%)"
        )
    return "\n".join(lines) + "\n"


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
    new = read_bytes_limited(Path(built), LEADERBOARD_MAX_BYTES)
    try:
        text = new.decode("utf-8")
    except UnicodeDecodeError:
        raise SpotDiffError(built, "", "not valid UTF-8") from None
    write_text_atomic(repo / "LEADERBOARD.md", text)
    _git(repo, ["add", "--", "LEADERBOARD.md"])
    staged = _git(repo, ["diff", "--cached", "--name-only", "--", "LEADERBOARD.md"])
    if not staged.strip():
        return False  # same as the committed file (first run: not committed yet is a change)
    identity = {
        "GIT_AUTHOR_NAME": BOT_NAME,
        "GIT_AUTHOR_EMAIL": BOT_EMAIL,
        "GIT_COMMITTER_NAME": BOT_NAME,
        "GIT_COMMITTER_EMAIL": BOT_EMAIL,
    }
    _git(repo, ["commit", "--no-verify", "-m", COMMIT_MESSAGE, "--", "LEADERBOARD.md"], identity)
    if push:
        _git(repo, ["push", "origin", f"HEAD:refs/heads/{branch}"], _auth_env(repo, token))
    return True


def _auth_env(repo: Path, token: str | None) -> dict[str, str]:
    if not token:
        return {}
    remote = _git(repo, ["remote", "get-url", "origin"]).strip()
    parts = urlsplit(remote)
    if parts.scheme != "https" or not parts.hostname:
        return {}  # a local or ssh remote: the token is not for it
    basic = base64.b64encode(f"x-access-token:{token}".encode()).decode("ascii")
    return {
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": f"http.https://{parts.hostname}/.extraheader",
        "GIT_CONFIG_VALUE_0": f"AUTHORIZATION: basic {basic}",
    }


def _git(repo: Path, args: list[str], extra_env: dict[str, str] | None = None) -> str:
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", **(extra_env or {})}
    done = subprocess.run(
        ["git", "-C", str(repo), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or ["no message"]
        raise SpotDiffError(repo, f"git {args[0]}", lines[-1])
    return done.stdout
