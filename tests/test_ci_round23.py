"""Red team round 23: the pull request check, and the scorer it trusts.

Ids the validator refuses that the scorer took, a head commit that starts no
check, and what an outsider's pull request could shape to pass the check.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from ci_repos import BOARD, Repos, commit_all, git, make_repos, verify, write_submission
from conftest import REPO, read_json, run_cli, write_json

PARK = "scene_0001_park"


# -- ids that differ only in case: refused by validate, and now by evaluate too ------------


def _predictions(tmp_path: Path) -> Path:
    return write_json(
        tmp_path / "predictions.json",
        {"schema_version": "1.0", "model": "m", "items": []},
    )


@pytest.mark.parametrize("command", ["validate", "evaluate"])
def test_difference_ids_differing_only_in_case_are_refused_by_both_commands(
    dataset_manifest: Path, tmp_path: Path, command: str
) -> None:
    """Round 19 made ``validate`` refuse ``d01`` next to ``D01``; ``evaluate`` scored the
    item with both, so a dataset the validator refuses still produced a report."""
    path = (dataset_manifest.parent / "annotations" / f"{PARK}.json").resolve()
    data = read_json(path)
    data["differences"][1]["id"] = "D01"
    write_json(path, data)
    args = ["--manifest", dataset_manifest, "--predictions", _predictions(tmp_path)]
    done = run_cli(command, *(args if command == "evaluate" else [dataset_manifest]))
    assert done.returncode == 1
    line = (
        f'{path}: /differences/1/id: id "D01" differs only in case from "d01" (/differences/0/id)'
    )
    assert f"spotdiff: error: {line}" in done.stderr.splitlines()
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["validate", "evaluate"])
def test_item_ids_differing_only_in_case_are_refused_by_both_commands(
    dataset_manifest: Path, tmp_path: Path, command: str
) -> None:
    """The same rule for the manifest's item ids (one item to anyone reading a report)."""
    manifest = read_json(dataset_manifest)
    twin = dict(manifest["items"][0], item_id=PARK.upper(), annotation="data/annotations/twin.json")
    manifest["items"].append(twin)
    write_json(dataset_manifest, manifest)
    annotation = read_json(dataset_manifest.parent / "annotations" / f"{PARK}.json")
    write_json(
        dataset_manifest.parent / "annotations" / "twin.json",
        {**annotation, "item_id": PARK.upper()},
    )
    args = ["--manifest", dataset_manifest, "--predictions", _predictions(tmp_path)]
    done = run_cli(command, *(args if command == "evaluate" else [dataset_manifest]))
    assert done.returncode == 1
    index = len(manifest["items"]) - 1
    line = (
        f'{dataset_manifest}: /items/{index}/item_id: item_id "{PARK.upper()}" differs only in '
        f'case from "{PARK}" (/items/0/item_id)'
    )
    assert f"spotdiff: error: {line}" in done.stderr.splitlines()
    assert "Traceback" not in done.stderr


# -- "[skip ci]" and its kin: a head GitHub starts no check for ---------------------------


def _submission_branch(repos: Repos, messages: list[str]) -> str:
    """@octocat's branch adding a folder in one commit per message (the last is the head)."""
    repo = repos.contributor
    git(repo, "checkout", "-q", "-B", "skip", repos.base_sha)
    head = ""
    for index, message in enumerate(messages):
        model = f"skip-model-{index}"
        write_submission(repo / "submissions" / BOARD / "skip-model", model=model)
        head = commit_all(repo, message)
    return head


@pytest.mark.parametrize(
    "messages",
    [
        ["Add my model [skip ci]"],
        ["Add my model", "tweak [CI Skip]"],
        ["first [no ci]", "Add my model"],
        ["Add my model [skip actions]"],
        ["Add my model [actions skip]"],
        ["Add my model\n\n\nskip-checks: true"],
    ],
    ids=["head", "head-upper", "earlier", "skip-actions", "actions-skip", "trailer"],
)
def test_a_branch_whose_commit_message_stops_actions_is_refused(
    tmp_path: Path, messages: list[str]
) -> None:
    """Attack: push a head whose message says "[skip ci]" to a verified pull request. GitHub
    starts no verify run for it, so nothing checks the new folder; squashed, the marker lands
    on main and the publish job does not start either. The check cannot run on that head,
    but it refuses every branch carrying a marker in any commit, so no verified branch lands
    one, and a maintainer re-running it sees why."""
    repos = make_repos(tmp_path)
    head = _submission_branch(repos, messages)
    run = verify(repos, head, tmp_path / "run")
    assert run.result["verdict"] == "rejected", run.result
    assert any("stops GitHub Actions from starting" in p for p in run.result["problems"]), (
        run.result
    )
    assert run.step.returncode == 1 and "Traceback" not in run.step.stderr


@pytest.mark.parametrize(
    ("title", "body", "where"),
    [
        ("Add my model [skip ci]", None, "title"),
        ("Add my model", "Thanks!\n[ci skip]", "description"),
    ],
)
def test_a_pull_request_whose_title_or_description_stops_actions_is_refused(
    tmp_path: Path, title: str, body: str | None, where: str
) -> None:
    """The merge button writes the title (and may write the description) into the commit
    on main: a marker there keeps the publish job from re-scoring after merge."""
    repos = make_repos(tmp_path)
    head = _submission_branch(repos, ["Add my model"])
    run = verify(repos, head, tmp_path / "run", title=title, body=body)
    assert run.result["verdict"] == "rejected", run.result
    assert any(f"its {where} carries" in p for p in run.result["problems"]), run.result


def test_an_honest_branch_mentioning_ci_is_verified(tmp_path: Path) -> None:
    """Control: words like "skip" and "ci" outside a marker are fine."""
    repos = make_repos(tmp_path)
    head = _submission_branch(repos, ["Add my model (skip the CI discussion)"])
    run = verify(repos, head, tmp_path / "run", title="Add my model", body="ci: skip nothing")
    assert run.result["verdict"] == "verified", run.result["problems"]


def test_the_outdate_sweep_is_not_stopped_by_markers_and_names_them() -> None:
    """The sweep that outdates a comment about an earlier head runs on a schedule, which no
    commit message stops, and its comment names the markers as a reason no run started."""
    text = (REPO / ".github" / "workflows" / "outdate-comments.yml").read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    assert set(doc[True]) == {"schedule", "workflow_dispatch"}  # YAML reads "on" as True
    assert "[skip ci]" in doc["jobs"]["outdate"]["steps"][0]["with"]["script"]
    contributing = " ".join((REPO / "CONTRIBUTING.md").read_text(encoding="utf-8").split())
    assert "verify-submission must be a required check" in contributing


# -- the round's attacks on the check, with an honest control --------------------------------


def _mine(repo: Path, **fields: object) -> Path:
    """@mallory's own folder, valid and honest unless ``fields`` say otherwise."""
    folder = repo / "submissions" / BOARD / "mallory-model"
    return write_submission(folder, **{"model": "mallory-model", "submitter": "mallory", **fields})


def _symlinked_predictions(repo: Path) -> None:
    path = _mine(repo) / "predictions.json"
    path.unlink()
    path.symlink_to("../existing-model/predictions.json")


def _submodule(repo: Path) -> None:
    _mine(repo)
    git(repo, "add", "-A")
    sha = git(repo, "rev-parse", "HEAD")
    where = f"submissions/{BOARD}/mallory-model/sub"
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{sha},{where}")


def _write(name: str, content: str | bytes, *, own: bool = True) -> Callable[[Path], None]:
    def edit(repo: Path) -> None:
        if own:
            _mine(repo)
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)

    return edit


def _executable(repo: Path) -> None:
    (_mine(repo) / "predictions.json").chmod(0o755)


def _renamed_entry(repo: Path) -> None:
    git(repo, "mv", f"submissions/{BOARD}/existing-model", f"submissions/{BOARD}/mallory-model")


LFS = "version https://git-lfs.github.com/spec/v1\noid sha256:" + "a" * 64 + "\nsize 9\n"
MINE = f"submissions/{BOARD}/mallory-model"
ATTACKS: dict[str, tuple[Callable[[Path], None], str, str]] = {
    # name: (edit, verdict, a phrase of the finding)
    "honest": (lambda repo: _mine(repo) and None, "verified", ""),
    "renamed-entry": (_renamed_entry, "rejected", "changes 2 submission folders"),
    "executable": (_executable, "rejected", "executable files are not allowed"),
    "symlink": (_symlinked_predictions, "rejected", "symlinks are not allowed"),
    "submodule": (_submodule, "rejected", "subfolders are not allowed"),
    "gitattributes-folder": (
        _write(f"{MINE}/.gitattributes", "* ident eol=crlf\n"),
        "rejected",
        "unexpected file",
    ),
    "gitattributes-root": (
        _write(".gitattributes", "submissions/** filter=x\n"),
        "rejected",
        "outside submissions/",
    ),
    "lfs-pointer": (_write(f"{MINE}/predictions.json", LFS), "rejected", "Git LFS pointer"),
    "binary": (_write(f"{MINE}/predictions.json", b"\x89PNG\r\n\x1a\n\0"), "rejected", "UTF-8"),
    "case-only": (
        _write(f"submissions/{BOARD}/Existing-Model/predictions.json", "{}", own=False),
        "rejected",
        "is not a valid submission id",
    ),
    "leaderboard": (_write("LEADERBOARD.md", "# me first\n"), "rejected", "generated leaderboard"),
    "workflow": (_write(".github/workflows/x.yml", "on: push\n"), "rejected", "the workflows"),
    "someone-elses-name": (
        lambda repo: _mine(repo, submitter="octocat") and None,
        "needs_maintainer",
        "names @octocat as its submitter",
    ),
}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_attacks_on_the_check_fail_and_the_honest_control_passes(
    tmp_path: Path, attack: str
) -> None:
    """Each attack of this round, by @mallory, is refused or sent to a maintainer; the
    honest folder beside them is verified, so the refusals are not the check refusing
    everything."""
    edit, verdict, phrase = ATTACKS[attack]
    repos = make_repos(tmp_path)
    git(repos.contributor, "checkout", "-q", "-B", attack, repos.base_sha)
    edit(repos.contributor)
    if attack == "submodule":  # `git add -A` would drop the gitlink
        git(repos.contributor, "commit", "-q", "-m", "add")
        head = git(repos.contributor, "rev-parse", "HEAD")
    else:
        head = commit_all(repos.contributor, "add")
    run = verify(repos, head, tmp_path / "run", author="mallory")
    found = [*run.result["problems"], *run.result.get("reviews", [])]
    assert run.result["verdict"] == verdict, found
    assert not phrase or any(phrase in line for line in found), found
