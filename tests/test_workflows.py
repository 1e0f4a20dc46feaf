"""The GitHub Actions workflows follow the trust model, and both linters pass them.

The policy is checked by :func:`violations`, which reads the workflow YAML as
data; each rule is also shown to catch a workflow that breaks it, so a rule
that silently stopped matching would fail here too.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import REPO

from spotdiff_eval.ci.api_changes import MAX_API_FILES
from spotdiff_eval.ci.publish import COMMIT_MESSAGE
from spotdiff_eval.ci.summary import MARKER
from spotdiff_eval.cli import build_parser
from spotdiff_eval.leaderboard.scoring import SCORER_PACKAGES

GITHUB = REPO / ".github"
WORKFLOWS = GITHUB / "workflows"
ACTIONS_MD = REPO.parent / "shared" / "ACTIONS.md"

#: The pins of ACTIONS.md (action: (version, commit)). A Dependabot update
#: changes the workflows and this table in the same pull request.
PINS = {
    "actions/checkout": ("v7.0.1", "3d3c42e5aac5ba805825da76410c181273ba90b1"),
    "actions/setup-python": ("v7.0.0", "5fda3b95a4ea91299a34e894583c3862153e4b97"),
    "actions/upload-artifact": ("v7.0.2", "cf430e030ddbb5b0abf93d22962f4752f3646cd9"),
    "actions/download-artifact": ("v8.0.2", "9000827ccba6bdab643e8b6fd33ac0654aef8333"),
    "actions/configure-pages": ("v6.0.0", "45bfe0192ca1faeb007ade9deae92b16b8254a0d"),
    "actions/upload-pages-artifact": ("v5.0.0", "fc324d3547104276b827a68afc52ff2a11cc49c9"),
    "actions/deploy-pages": ("v5.0.1", "368f82528645a54fb793d4d04e342629a3f51346"),
    "actions/github-script": ("v9.0.0", "3a2844b7e9c422d3c10d287c895573f7108da1b3"),
    "actions/cache": ("v6.1.0", "55cc8345863c7cc4c66a329aec7e433d2d1c52a9"),
}

#: Every job's permissions, exactly. Write access exists only where a job
#: must write: the sticky comment, the LEADERBOARD.md commit, the Pages deploy.
PERMISSIONS = {
    "ci.yml": {"test": {"contents": "read"}},
    "verify-submission.yml": {"verify": {"contents": "read"}},
    "comment.yml": {"comment": {"actions": "read", "pull-requests": "write"}},
    "outdate-comments.yml": {"outdate": {"pull-requests": "write"}},
    "publish.yml": {
        "build": {"contents": "read", "actions": "read"},
        "commit": {"contents": "write"},
        "deploy": {"pages": "write", "id-token": "write"},
    },
}
#: The only place a secret is used: the hidden split's token and the secret
#: signing the report cache (red team round 19), in the publish build job,
#: which runs in a dedicated environment.
SECRET_USES = {("publish.yml", "build"): {"HF_TOKEN", "REPORT_CACHE_SECRET"}}
#: The one zizmor finding silenced, with its reason next to it in the file.
ZIZMOR_IGNORES = {("comment.yml", "dangerous-triggers")}
_USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+?)@(\S+)(?:\s+#\s*(\S+))?\s*$")
_PR_REF = re.compile(r"pull_request|head_sha|head_ref|head\.|workflow_run")


def load(path: Path) -> dict[str, Any]:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    if True in doc:  # YAML 1.1 reads the key `on` as a boolean
        doc["on"] = doc.pop(True)
    return doc


def workflows() -> dict[str, tuple[str, dict[str, Any]]]:
    """Each workflow file: its raw text and its parsed document."""
    return {
        path.name: (path.read_text(encoding="utf-8"), load(path))
        for path in sorted(WORKFLOWS.glob("*.yml"))
    }


def steps(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(job, step) for job, spec in doc["jobs"].items() for step in spec.get("steps", [])]


def action(step: dict[str, Any]) -> str:
    return step.get("uses", "").split("@")[0]


def triggers(doc: dict[str, Any]) -> dict[str, Any]:
    on = doc["on"]
    return {name: None for name in on} if isinstance(on, list) else dict(on)


# -- the policy --------------------------------------------------------------------


def violations(files: dict[str, tuple[str, dict[str, Any]]]) -> list[str]:
    """Every way the workflows break the policy, one line each; empty when they follow it."""
    found: list[str] = []
    for name, (text, doc) in files.items():
        found += _common_rules(name, text, doc)
    found += _verify_rules(files)
    found += _comment_rules(files)
    found += _outdate_rules(files)
    found += _publish_rules(files)
    found += _install_rules(files)
    return found


#: The hash-pinned lock every job that holds a secret, a write token or the
#: workflow_run trigger installs from, and how to install from it.
LOCK = ".github/requirements-privileged.txt"
_FROM_LOCK = re.compile(
    r"python -I -m pip install --no-cache-dir --require-hashes --only-binary :all: -r "
    r"(\S+)$"
)
_PACKAGE_ONLY = re.compile(
    r"python -I -m pip install --no-cache-dir --no-deps --no-build-isolation (\S+|\"[^\"]+\")$"
)


def _install_rules(files: dict[str, tuple[str, dict[str, Any]]]) -> list[str]:
    """Privileged jobs install dependencies from the lock (hash-checked) and the package alone."""
    found = []
    for name, (_, doc) in files.items():
        on = triggers(doc)
        for job, spec in doc["jobs"].items():
            writes = "write" in (spec.get("permissions") or {}).values()
            secret = "secrets." in yaml.safe_dump(spec)
            if not (writes or secret or "workflow_run" in on or name == "verify-submission.yml"):
                continue
            runs = [s for s in spec.get("steps", []) if "pip install" in s.get("run", "")]
            locked = []
            for step in runs:
                lock = _FROM_LOCK.fullmatch(step["run"])
                if lock:
                    locked.append(step)
                    source = step.get("env", {}).get("LOCK", "") if "$LOCK" in lock[1] else lock[1]
                    if not source.endswith(LOCK):
                        found.append(f"{name}: {job}: installs from {source}, not {LOCK}")
                elif not _PACKAGE_ONLY.fullmatch(step["run"]):
                    found.append(f"{name}: {job}: pip install outside the hash-pinned lock")
            if runs and (not locked or runs[0] is not locked[0]):
                found.append(f"{name}: {job}: must install the hash-pinned lock first")
    return found


def _common_rules(name: str, text: str, doc: dict[str, Any]) -> list[str]:
    found = []
    on = triggers(doc)
    if "pull_request_target" in on:
        found.append(f"{name}: pull_request_target runs with write access on pull request code")
    if doc.get("permissions") != {}:
        found.append(f"{name}: top-level permissions must be {{}} (each job states its own)")
    expected = PERMISSIONS.get(name, {})
    for job, spec in doc["jobs"].items():
        timeout = spec.get("timeout-minutes")
        if not isinstance(timeout, int) or not 1 <= timeout <= 60:
            found.append(f"{name}: {job}: needs timeout-minutes between 1 and 60")
        if spec.get("permissions") != expected.get(job):
            found.append(
                f"{name}: {job}: permissions {spec.get('permissions')} != {expected.get(job)}"
            )
        secrets = set(re.findall(r"secrets\.([A-Za-z_]+)", yaml.safe_dump(spec)))
        if secrets and (secrets != SECRET_USES.get((name, job)) or "environment" not in spec):
            found.append(f"{name}: {job}: uses secrets {sorted(secrets)}")
    writes = any(
        "write" in (spec.get("permissions") or {}).values() for spec in doc["jobs"].values()
    )
    privileged = writes or "workflow_run" in on
    for job, step in steps(doc):
        where = f"{name}: {job}: {step.get('name', step.get('uses', '?'))}"
        run = step.get("run")
        if run is not None:
            if "${{" in run:
                found.append(f"{where}: expression inside run: (pass it through env:)")
            if "\n" in run.strip():
                found.append(f"{where}: run: must be one line calling a command")
        if action(step) == "actions/github-script" and "${{" in step["with"]["script"]:
            found.append(f"{where}: expression inside a github-script script")
        if action(step) == "actions/checkout":
            options = step.get("with", {})
            if options.get("persist-credentials") is not False:
                found.append(f"{where}: checkout needs persist-credentials: false")
            if "allow-unsafe-pr-checkout" in options:
                found.append(f"{where}: allow-unsafe-pr-checkout")
            if privileged and _PR_REF.search(str(options.get("ref", ""))):
                found.append(f"{where}: checks out pull request code in a privileged workflow")
    for number, line in enumerate(text.splitlines(), start=1):
        match = _USES.match(line)
        if match:
            uses, ref, version = match.groups()
            # A sub-action (actions/cache/restore) is pinned as its repository.
            if PINS.get("/".join(uses.split("/")[:2])) != (version, ref):
                found.append(
                    f"{name}:{number}: {uses}@{ref} # {version} is not pinned as in ACTIONS.md"
                )
        for rule in re.findall(r"zizmor: ignore\[([a-z-]+)\]", line):
            if (name, rule) not in ZIZMOR_IGNORES:
                found.append(f"{name}:{number}: zizmor finding {rule} silenced")
    used = [step["uses"] for _, step in steps(doc) if "uses" in step]
    if len(used) != len([line for line in text.splitlines() if _USES.match(line)]):
        found.append(f"{name}: a uses: line is not of the form owner/repo@sha # version")
    return found


#: The pull_request activity types verify-submission.yml runs on: GitHub's default
#: three, and edited (a pull request retargeted to another base branch).
VERIFY_EVENT_TYPES = ("opened", "synchronize", "reopened", "edited")


def _verify_rules(files: dict[str, tuple[str, dict[str, Any]]]) -> list[str]:
    name = "verify-submission.yml"
    text, doc = files[name]
    found = []
    if set(triggers(doc)) != {"pull_request"}:
        found.append(f"{name}: must run on pull_request only")
    elif (triggers(doc)["pull_request"] or {}) != {"types": list(VERIFY_EVENT_TYPES)}:
        # a paths filter let a push that took the submission out leave "Verified" standing
        # (round 17); without edited, retargeting the base branch kept the old verdict (18)
        found.append(
            f"{name}: must run on every pull request push and edit, with no filter "
            f"(types exactly {', '.join(VERIFY_EVENT_TYPES)})"
        )
    concurrency = doc.get("concurrency") or {}
    if "github.event.pull_request.number" not in str(concurrency.get("group")):
        found.append(f"{name}: concurrency must be per pull request")
    if concurrency.get("cancel-in-progress") is not True:
        found.append(f"{name}: a new push must cancel the running verification")
    if "secrets." in text:
        found.append(f"{name}: uses a secret")
    checkouts = {
        step.get("with", {}).get("path"): step.get("with", {})
        for _, step in steps(doc)
        if action(step) == "actions/checkout"
    }
    trusted, pr = checkouts.get("trusted", {}), checkouts.get("pr", {})
    if trusted.get("ref") != "${{ github.event.pull_request.base.sha }}" or "sparse-checkout" in (
        trusted
    ):
        found.append(f"{name}: the trusted tree must be the full base commit")
    if pr.get("ref") != "${{ github.event.pull_request.head.sha }}" or (
        pr.get("sparse-checkout", "").split() != ["/submissions/"]
    ):
        found.append(f"{name}: the pull request must be checked out sparsely (submissions/)")
    for _, step in steps(doc):
        run = step.get("run", "")
        if not run:
            continue
        if step.get("working-directory") != "trusted":
            found.append(f"{name}: {step.get('name')}: must run in the trusted tree")
        if not run.startswith("python -I -m "):
            found.append(f"{name}: {step.get('name')}: must run python in isolated mode (-I)")
        if re.search(r"(?<!--pr )\.\./pr|(?<![\w-])pr/", run):
            found.append(f"{name}: {step.get('name')}: uses the pull request other than as data")
    uploads = [s for _, s in steps(doc) if action(s) == "actions/upload-artifact"]
    if len(uploads) != 1 or uploads[0].get("if") != "always()":
        found.append(f"{name}: must upload the artifact, also when verification fails")
    return found


def _comment_rules(files: dict[str, tuple[str, dict[str, Any]]]) -> list[str]:
    name = "comment.yml"
    _, doc = files[name]
    _, verify = files["verify-submission.yml"]
    found = []
    run_on = triggers(doc).get("workflow_run") or {}
    if set(triggers(doc)) != {"workflow_run"} or run_on.get("workflows") != [verify["name"]]:
        found.append(f"{name}: must run on workflow_run of {verify['name']} only")
    if run_on.get("types") != ["completed"]:
        found.append(f"{name}: must run when the verification completed")
    used = [action(step) for _, step in steps(doc)]
    if "actions/checkout" in used or "actions/cache" in used:
        found.append(f"{name}: no checkout and no cache in the privileged comment workflow")
    for _, step in steps(doc):
        options = step.get("with", {})
        if "cache" in options:
            found.append(f"{name}: {step.get('name')}: no cache")
        if action(step) == "actions/download-artifact":
            upload = next(s for _, s in steps(verify) if action(s) == "actions/upload-artifact")
            if options.get("name") != upload["with"]["name"]:
                found.append(f"{name}: downloads another artifact than verify uploads")
            if not {"github-token", "run-id", "repository"} <= set(options):
                found.append(f"{name}: download-artifact needs github-token, run-id, repository")
            if "runner.temp" not in options.get("path", ""):
                found.append(f"{name}: the artifact belongs in a temporary folder")
        script = options.get("script", "")
        if "createComment" in script and MARKER not in script:
            found.append(f"{name}: the comment step does not look for {MARKER}")
        if "createComment" in script and step.get("env", {}).get("MODE") != (
            "${{ steps.body.outputs.mode }}"
        ):
            found.append(f"{name}: the comment step must create a comment only in mode post")
        if "pulls.list" in script and "head.sha === run.head_sha" not in script:
            found.append(f"{name}: the pull request must be found by the run's head SHA")
        if step.get("id") == "pr" and step.get("env") != {
            "CLAIMED_PR": "${{ steps.claimed.outputs.number }}"
        }:
            found.append(f"{name}: the lookup must check the pull request the artifact names")
        if "pulls.listFiles" in script and f"slice(0, {MAX_API_FILES})" not in script:
            found.append(f"{name}: pass at most {MAX_API_FILES} files to comment-body")
        run = step.get("run", "")
        if "comment-body" in run and not {"--head-sha", "--changed-files-env"} <= set(run.split()):
            found.append(f"{name}: comment-body must check the head SHA and the API's file list")
        if "comment-body" in run and not {"--base-ref-env", "--default-branch-env"} <= set(
            run.split()
        ):
            found.append(f"{name}: comment-body must check the pull request's base branch")
    return found


def _outdate_rules(files: dict[str, tuple[str, dict[str, Any]]]) -> list[str]:
    """outdate-comments.yml runs from the default branch only and runs nothing of a PR."""
    name = "outdate-comments.yml"
    _, doc = files[name]
    found = []
    if set(triggers(doc)) != {"schedule", "workflow_dispatch"}:
        found.append(f"{name}: must run on a schedule (or by hand) only")
    for _, step in steps(doc):
        if action(step) != "actions/github-script" or "run" in step:
            found.append(f"{name}: only github-script steps (no checkout, no commands)")
        if "${{" in step.get("with", {}).get("script", ""):
            found.append(f"{name}: no expressions in the script")
    return found


def _publish_rules(files: dict[str, tuple[str, dict[str, Any]]]) -> list[str]:
    name = "publish.yml"
    _, doc = files[name]
    found = []
    on = triggers(doc)
    push = on.get("push") or {}
    if set(on) != {"push", "workflow_dispatch"} or push.get("branches") != ["main"]:
        found.append(f"{name}: must run on push to main and on manual dispatch")
    if "LEADERBOARD.md" not in push.get("paths-ignore", []) or "[skip ci]" not in COMMIT_MESSAGE:
        found.append(f"{name}: its own LEADERBOARD.md commit could start it again")
    used = [action(step) for _, step in steps(doc)]
    for needed in ("configure-pages", "upload-pages-artifact", "deploy-pages"):
        if f"actions/{needed}" not in used:
            found.append(f"{name}: does not use actions/{needed}")
    runs = " ".join(step.get("run", "") for _, step in steps(doc))
    if f'leaderboard build --cache-dir "{CACHE_DIR}" --jobs 0' not in runs:
        found.append(f"{name}: must score in parallel behind {CACHE_DIR} (--jobs 0)")
    found += _cache_rules(files)
    return found


#: The one cache: publish.yml's reports, carried from one publish run to the
#: next as an artifact named by the evaluator version and the scorer's source
#: (the packages ``leaderboard.scoring.SCORER_PACKAGES`` names).
#: Outside the checkout: nothing committed is ever read as a cache entry.
CACHE_DIR = "$RUNNER_TEMP/spotdiff-cache"
CACHE_PATH = "${{ runner.temp }}/spotdiff-cache/reports"
CACHE_ARTIFACT = (
    "report-cache-${{ hashFiles('spotdiff_eval/version.py', "
    + ", ".join(f"'spotdiff_eval/{package}/**'" for package in SCORER_PACKAGES)
    + ") }}"
)
#: What the lookup of the previous run must ask for: a run of publish.yml
#: pushed to main that succeeded, in this repository.
PREVIOUS_RUN = (
    "workflow_id: 'publish.yml'",
    "branch: 'main'",
    "event: 'push'",
    "status: 'success'",
    "context.payload.repository.full_name",
)


def _cache_step(doc: dict[str, Any], uses: str) -> dict[str, Any]:
    return next(
        step
        for _, step in steps(doc)
        if action(step) == uses and str(step.get("with", {}).get("name", "")).startswith("report-")
    )


def _cache_rules(files: dict[str, tuple[str, dict[str, Any]]]) -> list[str]:
    """No workflow uses actions/cache; publish carries its reports as its own artifact.

    Any job running on main can save a cache that restore-keys picks up, and
    restoring it unpacks whatever it holds, anywhere on the runner, in the
    job holding the secrets (red team round 19). A run's artifacts can be
    added only by that run's own jobs.
    """
    found = []
    for name, (_, doc) in files.items():
        for job, step in steps(doc):
            if action(step).startswith("actions/cache") or "cache" in step.get("with", {}):
                found.append(f"{name}: {job}: {step.get('name')}: no actions/cache")
    name = "publish.yml"
    _, doc = files[name]
    found += [f"{name}: {line}" for line in _report_artifact_rules(doc)]
    return found


def _report_artifact_rules(doc: dict[str, Any]) -> list[str]:
    """The publish build downloads the reports of its last run on main and uploads its own."""
    found = []
    build = {"jobs": {"build": doc["jobs"]["build"]}}
    lookup = next((s for _, s in steps(build) if s.get("id") == "previous"), {})
    script = lookup.get("with", {}).get("script", "")
    if action(lookup) != "actions/github-script" or not all(p in script for p in PREVIOUS_RUN):
        found.append("the report cache must come from a successful publish run pushed to main")
    for uses in ("actions/download-artifact", "actions/upload-artifact"):
        try:
            step = _cache_step(build, uses)
        except StopIteration:
            found.append(f"build: no {uses} of the report cache")
            continue
        options = step.get("with", {})
        if options.get("path") != CACHE_PATH:
            found.append(f"build: the report cache holds {CACHE_PATH} only")
        if options.get("name") != CACHE_ARTIFACT:
            found.append(f"build: the report cache must be named {CACHE_ARTIFACT}")
        if uses == "actions/download-artifact" and (
            options.get("run-id") != "${{ steps.previous.outputs.run-id }}"
        ):
            found.append("build: the report cache must come from the run found")
        if (
            uses == "actions/upload-artifact"
            and step.get("if") != "github.ref == 'refs/heads/main'"
        ):
            found.append("build: the report cache is saved on main only")
    return found


# -- tests ---------------------------------------------------------------------------


def test_pins_are_those_of_actions_md() -> None:
    if not ACTIONS_MD.is_file():  # the shared notes sit beside the repository in development
        return
    rows = re.findall(r"^\| (\S+) \| (v\S+) \| ([0-9a-f]{40}) \|$", ACTIONS_MD.read_text(), re.M)
    assert {uses: (version, sha) for uses, version, sha in rows} == PINS


def test_the_workflows_follow_the_policy() -> None:
    files = workflows()
    assert set(files) == set(PERMISSIONS)
    assert violations(files) == []


def _mutate(name: str, change: Any) -> dict[str, tuple[str, dict[str, Any]]]:
    files = copy.deepcopy(workflows())
    text, doc = files[name]
    result = change(text, doc)
    if isinstance(result, str):
        files[name] = (result, doc)
    return files


def _step(doc: dict[str, Any], uses: str) -> dict[str, Any]:
    return next(step for _, step in steps(doc) if action(step) == uses)


def _run_step(doc: dict[str, Any], needle: str) -> dict[str, Any]:
    return next(step for _, step in steps(doc) if needle in step.get("run", ""))


MUTATIONS = {
    "expression-in-run": (
        "verify-submission.yml",
        lambda t, d: _run_step(d, "verify-pr").update(
            run="echo ${{ github.event.pull_request.title }}"
        ),
        "expression inside run:",
    ),
    "multi-line-run": (
        "publish.yml",
        lambda t, d: _run_step(d, "leaderboard build").update(run="git add .\ngit push\n"),
        "must be one line",
    ),
    "no-timeout": (
        "comment.yml",
        lambda t, d: d["jobs"]["comment"].pop("timeout-minutes"),
        "comment: needs timeout-minutes",
    ),
    "write-token-in-verify": (
        "verify-submission.yml",
        lambda t, d: d["jobs"]["verify"]["permissions"].update({"pull-requests": "write"}),
        "verify: permissions",
    ),
    "pages-outside-deploy": (
        "publish.yml",
        lambda t, d: d["jobs"]["build"]["permissions"].update({"pages": "write"}),
        "build: permissions",
    ),
    "checkout-in-comment": (
        "comment.yml",
        lambda t, d: d["jobs"]["comment"]["steps"].insert(
            0,
            {
                "uses": f"actions/checkout@{PINS['actions/checkout'][1]}",
                "with": {
                    "ref": "${{ github.event.workflow_run.head_sha }}",
                    "persist-credentials": False,
                },
            },
        ),
        "checks out pull request code in a privileged workflow",
    ),
    "persisted-credentials": (
        "ci.yml",
        lambda t, d: _step(d, "actions/checkout")["with"].pop("persist-credentials"),
        "persist-credentials: false",
    ),
    "unpinned-action": (
        "publish.yml",
        lambda t, d: t.replace(
            "actions/deploy-pages@368f82528645a54fb793d4d04e342629a3f51346 # v5.0.1",
            "actions/deploy-pages@v5",
        ),
        "actions/deploy-pages@v5 # None is not pinned",
    ),
    "secret-in-verify": (
        "verify-submission.yml",
        lambda t, d: t + "# ${{ secrets.HF_TOKEN }}\n",
        "verify-submission.yml: uses a secret",
    ),
    "pr-code-installed": (
        "verify-submission.yml",
        lambda t, d: _run_step(d, "pip install").update({"working-directory": "pr"}),
        "must run in the trusted tree",
    ),
    "not-isolated": (
        "verify-submission.yml",
        lambda t, d: _run_step(d, "verify-pr").update(
            run=_run_step(d, "verify-pr")["run"].replace("python -I", "python")
        ),
        "isolated mode",
    ),
    "pull-request-target": (
        "verify-submission.yml",
        lambda t, d: d.update(on={"pull_request_target": None}),
        "pull_request_target runs with write access",
    ),
    "verify-only-for-submissions": (
        "verify-submission.yml",
        lambda t, d: d["on"].update(pull_request={"paths": ["submissions/**"]}),
        "must run on every pull request push",
    ),
    "verify-only-when-opened": (
        "verify-submission.yml",
        lambda t, d: d["on"].update(pull_request={"types": ["opened"]}),
        "must run on every pull request push",
    ),
    "verify-not-when-retargeted": (
        "verify-submission.yml",
        lambda t, d: d["on"].update(pull_request={"types": ["opened", "synchronize", "reopened"]}),
        "must run on every pull request push and edit",
    ),
    "comment-ignores-the-mode": (
        "comment.yml",
        lambda t, d: (
            next(s for _, s in steps(d) if "createComment" in str(s))
            .get("env", {})
            .pop("MODE", None)
        ),
        "must create a comment only in mode post",
    ),
    "no-concurrency": (
        "verify-submission.yml",
        lambda t, d: d.pop("concurrency"),
        "concurrency must be per pull request",
    ),
    "comment-ignores-the-claimed-number": (
        "comment.yml",
        lambda t, d: next(s for _, s in steps(d) if s.get("id") == "pr").pop("env"),
        "must check the pull request the artifact names",
    ),
    "unpinned-install-in-comment": (
        "comment.yml",
        lambda t, d: _run_step(d, "--require-hashes").update(
            run="python -I -m pip install --no-cache-dir requests"
        ),
        "pip install outside the hash-pinned lock",
    ),
    "unpinned-install-with-the-token": (
        "publish.yml",
        lambda t, d: _run_step(d, "--no-deps").update(run="python -I -m pip install ."),
        "build: pip install outside the hash-pinned lock",
    ),
    "another-lock": (
        "publish.yml",
        lambda t, d: _run_step(d, "--require-hashes").update(
            run=_run_step(d, "--require-hashes")["run"].replace(LOCK, "requirements.txt")
        ),
        "installs from requirements.txt",
    ),
    "comment-trusts-artifact": (
        "comment.yml",
        lambda t, d: _run_step(d, "comment-body").update(
            run="python -I -m spotdiff_eval ci comment-body --artifact x --github-output body"
        ),
        "must check the head SHA",
    ),
    "cache-in-a-pull-request-job": (
        "verify-submission.yml",
        lambda t, d: d["jobs"]["verify"]["steps"].insert(
            0, {"name": "c", "uses": "actions/cache/restore@x", "with": {"path": CACHE_PATH}}
        ),
        "verify-submission.yml: verify: c: no actions/cache",
    ),
    "actions-cache-in-publish": (
        "publish.yml",
        lambda t, d: d["jobs"]["build"]["steps"].insert(
            4, {"name": "c", "uses": "actions/cache/restore@x", "with": {"path": CACHE_PATH}}
        ),
        "publish.yml: build: c: no actions/cache",
    ),
    "cache-saved-off-main": (
        "publish.yml",
        lambda t, d: _cache_step(d, "actions/upload-artifact").pop("if"),
        "the report cache is saved on main only",
    ),
    "cache-holds-the-datasets": (
        "publish.yml",
        lambda t, d: _cache_step(d, "actions/download-artifact")["with"].update(
            path="${{ runner.temp }}/spotdiff-cache"
        ),
        f"the report cache holds {CACHE_PATH} only",
    ),
    "cache-not-keyed-by-version": (
        "publish.yml",
        lambda t, d: _cache_step(d, "actions/download-artifact")["with"].update(
            name="report-cache"
        ),
        "the report cache must be named",
    ),
    "cache-from-any-run": (
        "publish.yml",
        lambda t, d: next(s for _, s in steps(d) if s.get("id") == "previous")["with"].update(
            script="core.setOutput('run-id', '1')"
        ),
        "must come from a successful publish run pushed to main",
    ),
    "cache-from-a-pull-request-run": (
        "publish.yml",
        lambda t, d: next(s for _, s in steps(d) if s.get("id") == "previous")["with"].update(
            script=next(s for _, s in steps(d) if s.get("id") == "previous")["with"][
                "script"
            ].replace("event: 'push'", "event: 'pull_request'")
        ),
        "must come from a successful publish run pushed to main",
    ),
    "publish-loop": (
        "publish.yml",
        lambda t, d: d["on"]["push"].pop("paths-ignore"),
        "could start it again",
    ),
    "another-silenced-finding": (
        "ci.yml",
        lambda t, d: t.replace("  test:\n", "  test:  # zizmor: ignore[excessive-permissions]\n"),
        "zizmor finding excessive-permissions silenced",
    ),
}


@pytest.mark.parametrize("case", sorted(MUTATIONS))
def test_the_policy_catches_a_broken_workflow(case: str) -> None:
    name, change, expected = MUTATIONS[case]
    found = violations(_mutate(name, change))
    assert any(expected in line for line in found), found


#: Values for the variables the run: lines use (the rest are folders).
SAMPLE_ENV = {"HIDDEN_DATASET": "example-org/spotdiff-hidden", "HEAD_SHA": "a" * 40}


def test_every_spotdiff_step_is_a_real_command() -> None:
    """Each `python -I -m spotdiff_eval ...` line parses with the real command line."""
    parser = build_parser()
    seen = set()
    for name, (_, doc) in workflows().items():
        for _, step in steps(doc):
            run = step.get("run", "")
            if run.startswith("python -I -m spotdiff_eval "):
                run = re.sub(r"\$([A-Z_]+)", lambda m: SAMPLE_ENV.get(m[1], "/tmp/x"), run)
                argv = shlex.split(run)[4:]
                args = parser.parse_args(argv)
                seen.add((name, argv[0], getattr(args, "ci_command", None)))
    assert {(n, cmd, sub) for n, cmd, sub in seen} >= {
        ("verify-submission.yml", "ci", "verify-pr"),
        ("comment.yml", "ci", "pull-request"),
        ("comment.yml", "ci", "comment-body"),
        ("publish.yml", "leaderboard", None),
        ("publish.yml", "ci", "commit-leaderboard"),
    }


def test_dependabot_keeps_the_actions_current() -> None:
    config = yaml.safe_load((GITHUB / "dependabot.yml").read_text(encoding="utf-8"))
    assert config["version"] == 2
    actions = [u for u in config["updates"] if u["package-ecosystem"] == "github-actions"]
    assert len(actions) == 1 and actions[0]["directory"] == "/"
    assert actions[0]["schedule"]["interval"] in {"daily", "weekly"}


def test_codeowners_and_pr_template_exist() -> None:
    owners = (GITHUB / "CODEOWNERS").read_text(encoding="utf-8")
    rules = dict(
        line.split(None, 1) for line in owners.splitlines() if line and not line.startswith("#")
    )
    for path in ("*", "/.github/", "/spotdiff_eval/", "/data/", "/submissions/"):
        assert rules.get(path, "").startswith("@"), path
    template = (GITHUB / "pull_request_template.md").read_text(encoding="utf-8")
    assert "submissions/<id>/" in template and "spotdiff validate" in template


def test_the_lock_pins_every_package_by_hash_and_covers_the_dependencies() -> None:
    text = (REPO / LOCK).read_text(encoding="utf-8")
    entries = re.split(r"\n(?=[^\s#])", text.split("\n", 2)[2].strip())
    pinned = {}
    for entry in entries:
        first = entry.split(" ", 1)[0]
        name, _, version = first.partition("==")
        assert re.fullmatch(r"[a-z0-9][a-z0-9._-]*", name) and version, entry
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", entry)
        assert hashes and len(hashes) == entry.count("--hash="), entry
        pinned[name] = version
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    block = pyproject.split("\ndependencies = [", 1)[1].split("]", 1)[0]
    wanted = {re.split(r"[<>=!~ \[]", d.strip().strip('",'))[0] for d in block.splitlines()}
    normal = {re.sub(r"[-_.]+", "-", w.lower()) for w in wanted if w} | {"hatchling"}
    assert normal <= set(pinned), normal - set(pinned)
    assert "refresh" in (REPO / ".github" / "requirements-privileged.in").read_text().lower()


# -- the comment workflow's pull request lookup, run in Node ---------------------------

#: Runs a github-script ``script`` as the action does (an async function body
#: given github, context and core), against a fake API serving FIXTURE.
NODE_HARNESS = """
const fixture = JSON.parse(process.env.FIXTURE);
const outputs = {};
const notices = [];
const core = {
  setOutput: (name, value) => { outputs[name] = value; },
  notice: (message) => { notices.push(message); },
  setFailed: (message) => { outputs.failed = message; },
};
const calls = [];
const github = {
  paginate: async (method, args) => method(args),
  rest: {
    pulls: {
      list: (args) => fixture.pulls.filter((pull) => pull.state === args.state),
      listFiles: (args) => fixture.files[String(args.pull_number)] || [],
      get: async (args) => ({
        data: fixture.pulls.find((pull) => pull.number === args.pull_number),
      }),
    },
    issues: {
      listComments: (args) => fixture.comments[String(args.issue_number)] || [],
      updateComment: async (a) => { calls.push({ update: a.comment_id, body: a.body }); },
      createComment: async (a) => { calls.push({ create: a.issue_number, body: a.body }); },
    },
  },
};
const context = { repo: { owner: 'o', repo: 'r' }, payload: { workflow_run: fixture.run } };
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
new AsyncFunction('github', 'context', 'core', process.env.SCRIPT)(github, context, core)
  .then(() => console.log(JSON.stringify({ outputs, notices, calls })));
"""

HEAD = "c" * 40
FILES = {
    "7": [{"filename": "submissions/seven/predictions.json", "status": "added"}],
    "8": [{"filename": "submissions/eight/predictions.json", "status": "added"}],
}


def run_script(step: dict[str, Any], fixture: dict[str, Any], env: dict[str, str]) -> Any:
    """A github-script step of comment.yml in Node: its outputs, notices and API writes."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (GitHub's runners have it)")
    done = subprocess.run(
        [node, "-e", NODE_HARNESS],
        env={
            "PATH": os.environ.get("PATH", ""),
            "SCRIPT": step["with"]["script"],
            "FIXTURE": json.dumps(
                {"run": {"head_sha": HEAD}, "pulls": [], "comments": {}, **fixture}
            ),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def find_pull_request(claimed: str, pulls: list[dict[str, Any]]) -> dict[str, Any]:
    _, doc = workflows()["comment.yml"]
    step = next(s for _, s in steps(doc) if s.get("id") == "pr")
    return run_script(step, {"pulls": pulls, "files": FILES}, {"CLAIMED_PR": claimed})["outputs"]


def post_comment(body: str, mode: str, comments: list[dict[str, Any]]) -> Any:
    """comment.yml's last step on pull request 7, with the body and mode of comment-body."""
    _, doc = workflows()["comment.yml"]
    step = next(s for _, s in steps(doc) if "createComment" in s.get("with", {}).get("script", ""))
    env = {"PR_NUMBER": "7", "BODY": body, "MODE": mode}
    return run_script(step, {"comments": {"7": comments}, "pulls": [_pull(7)]}, env)


def _pull(number: int, sha: str = HEAD, state: str = "open") -> dict[str, Any]:
    return {"number": number, "state": state, "head": {"sha": sha}}


def test_two_pull_requests_with_one_head_each_get_their_comment() -> None:
    pulls = [_pull(7), _pull(8), _pull(9, sha="d" * 40)]
    for number in ("7", "8"):
        outputs = find_pull_request(number, pulls)
        assert outputs["number"] == number
        assert json.loads(outputs["files"]) == {"total": 1, "files": FILES[number]}


@pytest.mark.parametrize(
    ("claimed", "why"),
    [("9", "open, but another head"), ("10", "closed"), ("", "no number"), ("7e0", "not one")],
)
def test_a_claimed_pull_request_the_api_does_not_confirm_gets_no_comment(
    claimed: str, why: str
) -> None:
    pulls = [_pull(7), _pull(9, sha="d" * 40), _pull(10, state="closed")]
    assert find_pull_request(claimed, pulls) == {"number": ""}, why


BOT = {"login": "github-actions[bot]"}
EARLIER = {"id": 41, "user": BOT, "body": f"{MARKER}\n\n## ✅ Verified (head aaa)"}
OTHERS = [
    {"id": 39, "user": {"login": "someone"}, "body": f"{MARKER}\n\nquoting the bot"},
    {"id": 40, "user": BOT, "body": "another bot comment"},
]


def test_a_result_creates_the_sticky_comment_or_updates_it() -> None:
    body = f"{MARKER}\n\n## ❌ Not accepted yet\n"
    assert post_comment(body, "post", OTHERS)["calls"] == [{"create": 7, "body": body}]
    assert post_comment(body, "post", [*OTHERS, EARLIER])["calls"] == [{"update": 41, "body": body}]


def test_a_pull_request_that_is_no_longer_a_submission_only_updates_its_comment() -> None:
    """Red team round 17: the "Verified" comment of an earlier head is replaced with the
    outdated notice; a pull request that never had one (any code change) gets no comment."""
    body = f"{MARKER}\n\n## ⚠️ Outdated: this pull request no longer changes `submissions/`\n"
    run = post_comment(body, "update", [*OTHERS, EARLIER])
    assert run["calls"] == [{"update": 41, "body": body}]
    run = post_comment(body, "update", OTHERS)
    assert run["calls"] == [] and "outputs" in run and "failed" not in run["outputs"]


@pytest.mark.parametrize("mode", ["", "create", "Post"])
def test_an_unknown_mode_posts_nothing(mode: str) -> None:
    run = post_comment(f"{MARKER}\n\nbody\n", mode, [EARLIER])
    assert run["calls"] == [] and "mode" in run["outputs"]["failed"]


# -- the linters ---------------------------------------------------------------------


def tool(name: str) -> str:
    """A linter installed with the test extra, next to this Python or on PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.is_file() else shutil.which(name)
    assert found, f'{name} is missing: pip install -e ".[test]"'
    return found


def lint(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=300, check=False)


BAD_WORKFLOW = """\
name: bad
on:
  pull_request_target:
jobs:
  greet:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
        with:
          ref: ${{ github.event.pull_request.head.sha }}
      - run: echo "${{ github.event.pull_request.title }}"
"""


def test_zizmor_finds_nothing_of_medium_or_higher_severity(tmp_path: Path) -> None:
    zizmor = tool("zizmor")
    done = lint(zizmor, "--offline", "--min-severity", "medium", str(WORKFLOWS))
    assert done.returncode == 0, done.stdout + done.stderr
    for path in WORKFLOWS.glob("*.yml"):
        assert f"completed {path}" in done.stderr or path.name in done.stderr
    # the same audit on a workflow that breaks the rules does report them
    (tmp_path / "bad.yml").write_text(BAD_WORKFLOW, encoding="utf-8")
    bad = lint(zizmor, "--offline", "--min-severity", "medium", str(tmp_path / "bad.yml"))
    assert bad.returncode != 0
    for audit in ("dangerous-triggers", "template-injection", "unpinned-uses", "artipacked"):
        assert audit in bad.stdout


def test_check_jsonschema_accepts_the_workflows(tmp_path: Path) -> None:
    checker = tool("check-jsonschema")
    files = sorted(str(p) for p in WORKFLOWS.glob("*.yml"))
    done = lint(checker, "--builtin-schema", "vendor.github-workflows", *files)
    assert done.returncode == 0, done.stdout + done.stderr
    bad = tmp_path / "bad.yml"
    bad.write_text(BAD_WORKFLOW.replace("runs-on:", "timeout-minutes: soon\n    runs-on:"))
    refused = lint(checker, "--builtin-schema", "vendor.github-workflows", str(bad))
    assert refused.returncode != 0 and "timeout-minutes" in refused.stdout
