"""Real git repositories shaped like the project, and the workflow steps run on them.

A base repository holds the tiny dataset, one existing submission (by
octocat), one project baseline, a LEADERBOARD.md and a stand-in for the
scorer's code; pull requests are branches of a contributor's clone. The
helpers check the two folders out the way verify-submission.yml does (the
base commit in full as the trusted tree, the head sparsely, ``/submissions/``
only) and run the same one-line ``python -I -m spotdiff_eval ci ...``
commands with ``GITHUB_*`` files in tmp_path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conftest import ITEMS, write_json

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test Author",
    "GIT_AUTHOR_EMAIL": "author@example.invalid",
    "GIT_COMMITTER_NAME": "Test Author",
    "GIT_COMMITTER_EMAIL": "author@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
}
#: The stand-in scorer module in the base repository; pull requests "fix" it.
SCORER_FILE = "spotdiff_eval/scoring/_metrics.py"


def git(cwd: Path, *args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        ["git", *args],
        cwd=cwd,
        env={**os.environ, **GIT_ENV, **(env or {})},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, f"git {' '.join(args)} failed: {done.stderr}"
    return done.stdout.strip()


def commit_all(repo: Path, message: str, date: str | None = None) -> str:
    """Commit everything; ``date`` (ISO 8601) sets the commit's dates, as anyone can."""
    dates = {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date} if date else {}
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message, env=dates)
    return git(repo, "rev-parse", "HEAD")


# -- files -----------------------------------------------------------------------


def write_dataset(root: Path) -> Path:
    """The tiny dataset in the published layout (annotations only: scoring needs no images)."""
    entries = []
    for item_id, spec in ITEMS.items():
        annotation = f"data/annotations/{item_id}.json"
        write_json(
            root / annotation,
            {
                "schema_version": "1.0",
                "item_id": item_id,
                "image": f"data/images/{item_id}.png",
                "panel_layout": spec["panel_layout"],
                **spec["extra"],
                "differences": spec["differences"],
            },
        )
        entries.append(
            {
                "item_id": item_id,
                "image": f"data/images/{item_id}.png",
                "annotation": annotation,
                "panel_layout": spec["panel_layout"],
            }
        )
    return write_json(
        root / "data" / "manifest.json",
        {
            "schema_version": "1.0",
            "dataset_name": "tiny",
            "dataset_version": "1.0",
            "review_status": "approved",
            "items": entries,
        },
    )


def half_right_predictions(model: str) -> dict[str, Any]:
    """Finds the car's colour change, misses the flag, adds an extra, answers the kitchen."""
    return {
        "schema_version": "1.0",
        "model": model,
        "items": [
            {
                "item_id": "scene_0001_park",
                "differences": [
                    {
                        "kind": "attribute_change",
                        "subject": "car",
                        "attribute": "colour",
                        "from": "red",
                        "to": "green",
                    },
                    {"kind": "object_added", "subject": "balloon"},
                ],
            },
            {
                "item_id": "scene_0002_kitchen",
                "differences": [{"kind": "count_change", "subject": "apples", "from": 3, "to": 5}],
            },
        ],
    }


def write_submission(
    folder: Path,
    *,
    model: str = "test-model",
    track: str = "dev",
    predictions: Any = None,
    dataset: str = "tiny",
    submitter: str | None = "octocat",
    baseline: bool = False,
    **extra: Any,
) -> Path:
    """A valid submission folder answering the tiny dataset (a baseline has no submitter)."""
    meta: dict[str, Any] = {
        "schema_version": "1.0",
        "submission_id": folder.name,
        "model": {"name": model},
        "organisation": "Test Lab",
        "runtime": "api",
        "submitter": submitter,
        "date": "2026-01-15",
        "dataset": {"name": dataset, "version": "1.0", "track": track},
        "prompt": {"name": "spotdiff_v1"},
        **extra,
    }
    if baseline:
        meta["baseline"] = True
    write_json(folder / "submission.json", {k: v for k, v in meta.items() if v is not None})
    write_json(folder / "predictions.json", predictions or half_right_predictions(model))
    return folder


#: The public board of the tiny dataset, and a hidden one, in every upstream.
BOARD, HIDDEN_BOARD = "tiny-dev", "tiny-hidden"


def write_boards(submissions: Path) -> None:
    common = {"schema_version": "1.0", "description": "Test board."}
    write_json(
        submissions / BOARD / "board.json",
        {**common, "board_id": BOARD, "title": "Tiny", "track": "public",
         "dataset": {"path": "data"}},
    )  # fmt: skip
    write_json(
        submissions / HIDDEN_BOARD / "board.json",
        {**common, "board_id": HIDDEN_BOARD, "title": "Tiny hidden", "track": "hidden",
         "dataset": {"huggingface": "spotdiff/tiny-hidden", "revision": "a" * 40},
         "dataset_name": "tiny-hidden", "dataset_version": "1.0"},
    )  # fmt: skip


# -- repositories ----------------------------------------------------------------


@dataclass(frozen=True)
class Repos:
    """The upstream repository, a contributor's clone, and the base commit."""

    upstream: Path
    contributor: Path
    base_sha: str


def make_repos(root: Path) -> Repos:
    upstream = root / "upstream"
    upstream.mkdir(parents=True)
    git(upstream, "init", "-q", "-b", "main")
    write_dataset(upstream)
    write_boards(upstream / "submissions")
    write_submission(upstream / "submissions" / BOARD / "existing-model", model="existing-model")
    write_submission(
        upstream / "submissions" / BOARD / "perfect-baseline", model="floor", baseline=True
    )
    (upstream / "LEADERBOARD.md").write_text("# Leaderboard\n\n(generated)\n", encoding="utf-8")
    scorer = upstream / SCORER_FILE
    scorer.parent.mkdir(parents=True)
    scorer.write_text("def overall_score(counts):\n    return 0.6 * counts.recall\n")
    base_sha = commit_all(upstream, "base")
    contributor = root / "contributor"
    git(root, "clone", "-q", str(upstream), str(contributor))
    return Repos(upstream, contributor, base_sha)


def open_pull_request(repos: Repos, branch: str, edit: Callable[[Path], None]) -> str:
    """Make a branch in the contributor's clone with ``edit`` applied; return its head sha."""
    git(repos.contributor, "checkout", "-q", "-B", branch, repos.base_sha)
    edit(repos.contributor)
    return commit_all(repos.contributor, f"{branch}: submission")


def checkout_like_the_workflow(
    repos: Repos, head_sha: str, root: Path, base_sha: str | None = None
) -> tuple[Path, Path]:
    """``trusted/`` at the base commit in full; ``pr/`` at the head, ``/submissions/`` only."""
    trusted, pr = root / "trusted", root / "pr"
    root.mkdir(parents=True, exist_ok=True)
    git(root, "clone", "-q", "--no-checkout", str(repos.upstream), str(trusted))
    git(trusted, "checkout", "-q", "--detach", base_sha or repos.base_sha)
    git(root, "clone", "-q", "--no-checkout", str(repos.contributor), str(pr))
    git(pr, "sparse-checkout", "set", "--no-cone", "/submissions/")
    git(pr, "checkout", "-q", "--detach", head_sha)
    return trusted, pr


# -- running the steps -----------------------------------------------------------


@dataclass(frozen=True)
class Step:
    returncode: int
    stdout: str
    stderr: str
    outputs: dict[str, str]
    summary: str


def run_step(args: list[str], cwd: Path, github: Path, env: dict[str, str] | None = None) -> Step:
    """Run ``python -I -m spotdiff_eval ...`` with GITHUB_* files in ``github``."""
    github.mkdir(parents=True, exist_ok=True)
    output, summary = github / "output", github / "step_summary"
    for path in (output, summary):
        path.write_text("", encoding="utf-8")
    full_env = {
        **os.environ,
        **GIT_ENV,
        "GITHUB_OUTPUT": str(output),
        "GITHUB_STEP_SUMMARY": str(summary),
        **(env or {}),
    }
    done = subprocess.run(
        [sys.executable, "-I", "-m", "spotdiff_eval", *args],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    return Step(
        done.returncode,
        done.stdout,
        done.stderr,
        parse_outputs(output.read_text(encoding="utf-8")),
        summary.read_text(encoding="utf-8"),
    )


def parse_outputs(text: str) -> dict[str, str]:
    """Read GITHUB_OUTPUT the way the runner does (``name<<DELIM`` blocks and ``name=value``)."""
    outputs: dict[str, str] = {}
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line:
            continue
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            value = []
            while lines[index] != delimiter:
                value.append(lines[index])
                index += 1
            index += 1
            outputs[name] = "\n".join(value)
        else:
            name, value = line.split("=", 1)
            outputs[name] = value
    return outputs


def write_event(
    path: Path,
    base_sha: str,
    head_sha: str,
    number: int = 7,
    author: str = "octocat",
    base_ref: str = "main",
    title: str = "Add a submission",
    body: str | None = None,
) -> Path:
    event = {
        "action": "synchronize",
        "number": number,
        "pull_request": {
            "number": number,
            "title": title,
            "body": body,
            "user": {"login": author},
            "base": {"sha": base_sha, "ref": base_ref},
            "head": {"sha": head_sha},
        },
        "repository": {"default_branch": "main"},
    }
    path.write_text(json.dumps(event), encoding="utf-8")
    return path


@dataclass(frozen=True)
class Verified:
    """One run of the verify step: its outcome, result.json and the folders it used."""

    step: Step
    result: dict[str, Any]
    trusted: Path
    pr: Path
    artifact: Path


def verify(
    repos: Repos,
    head_sha: str,
    root: Path,
    *,
    base_sha: str | None = None,
    author: str = "octocat",
    number: int = 7,
    base_ref: str = "main",
    title: str = "Add a submission",
    body: str | None = None,
) -> Verified:
    """Check out like verify-submission.yml and run its step, the author passed as it passes it."""
    base = base_sha or repos.base_sha
    trusted, pr = checkout_like_the_workflow(repos, head_sha, root / "work", base)
    artifact = root / "runner-temp" / "spotdiff-verify"
    event = write_event(
        root / "event.json",
        base,
        head_sha,
        number=number,
        author=author,
        base_ref=base_ref,
        title=title,
        body=body,
    )
    step = run_step(
        [
            *("ci", "verify-pr", "--trusted", ".", "--pr", "../pr"),
            *("--author-env", "PR_AUTHOR", "--artifact", str(artifact)),
        ],
        cwd=trusted,
        github=root / "github-verify",
        env={"GITHUB_EVENT_PATH": str(event), "PR_AUTHOR": author},
    )
    result = json.loads((artifact / "result.json").read_text(encoding="utf-8"))
    return Verified(step, result, trusted, pr, artifact)
