"""Pull requests with hand-shaped git histories: what merging does is what gets checked.

Each case is a real repository whose history an attacker shaped (criss-cross
and octopus merges, merges that revert, renames, mode changes, gitlinks,
deletions, unrelated roots). The first runs the whole verify step; the others
call the change check on the contributor's clone directly, which is what the
step calls.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from ci_repos import (
    BOARD,
    SCORER_FILE,
    Repos,
    commit_all,
    git,
    half_right_predictions,
    make_repos,
    verify,
    write_submission,
)

from spotdiff_eval.ci.pull_request import pull_request_changes

FIXED_SCORER = "def overall_score(counts):\n    return 0.6 * counts.recall  # fixed\n"
#: The attacker's earlier, merged pull request carries a committer date in the
#: future: ``git merge-base`` then prints it rather than main's fix.
FUTURE = "2030-01-01T00:00:00+00:00"


def _fix_scorer(up: Path) -> str:
    """Commit the scorer fix on ``up``'s current branch; its commit id."""
    (up / SCORER_FILE).write_text(FIXED_SCORER, encoding="utf-8")
    return commit_all(up, "Fix the scorer")


def _criss_cross(repos: Repos, *extra_parents: str) -> tuple[str, str, str]:
    """(main, head, fix): main merged the attacker's earlier branch A after a scorer fix F.

    The head is ``git commit-tree A^{tree} + a new folder -p A -p F``: a
    merge whose tree still has the scorer from before F.
    """
    up = repos.upstream
    git(up, "checkout", "-q", "-b", "earlier", repos.base_sha)
    write_submission(up / "submissions" / BOARD / "earlier-model", model="earlier-model")
    earlier = commit_all(up, "earlier-model", date=FUTURE)
    git(up, "checkout", "-q", "main")
    fix = _fix_scorer(up)
    git(up, "merge", "-q", "--no-ff", "-m", "Merge earlier-model", "earlier")
    main = git(up, "rev-parse", "HEAD")
    contributor = repos.contributor
    git(contributor, "fetch", "-q", "origin")
    git(contributor, "checkout", "-q", "--detach", earlier)
    write_submission(contributor / "submissions" / BOARD / "second-model", model="second-model")
    git(contributor, "add", "-A")
    tree = git(contributor, "write-tree")
    parents = [arg for sha in (earlier, fix, *extra_parents) for arg in ("-p", sha)]
    head = git(contributor, "commit-tree", tree, *parents, "-m", "Merge main")
    return main, head, fix


def test_a_criss_cross_merge_cannot_revert_a_fix_on_main(tmp_path: Path) -> None:
    repos = make_repos(tmp_path)
    main, head, fix = _criss_cross(repos)
    # the attack: git's two-point diff sees only the new folder...
    bases = git(repos.contributor, "merge-base", "--all", main, head).split()
    assert len(bases) == 2 and fix in bases
    shown = git(repos.contributor, "merge-base", main, head)
    assert shown != fix
    assert git(repos.contributor, "diff", "--name-only", shown, head) == (
        "submissions/tiny-dev/second-model/predictions.json\n"
        "submissions/tiny-dev/second-model/submission.json"
    )
    # ...while merging it reverts the fix
    merged = tmp_path / "merged"
    git(tmp_path, "clone", "-q", str(repos.contributor), str(merged))
    git(merged, "checkout", "-q", "--detach", main)
    git(merged, "merge", "-q", "--no-edit", head)
    assert (merged / SCORER_FILE).read_text(encoding="utf-8") != FIXED_SCORER

    run = verify(repos, head, tmp_path / "run", base_sha=main)
    assert run.step.returncode == 1
    assert run.result["verdict"] == "rejected"
    assert run.result["problems"] == [
        "(pull request): its history has 2 merge bases with the base branch (a criss-cross "
        "merge), so what it shows is not what merging does: rebase the submission onto the "
        "base branch without merge commits",
        f"(pull request): merge commit {head[:12]} is not the automatic merge of two parents "
        "(an octopus, a conflict resolution or a hand-edited merge): rebase the submission "
        "onto the base branch without merge commits",
        f"{SCORER_FILE}: modifies the scorer and the package code: a submission pull request "
        "changes only its own folder",
    ]


def problems_of(repos: Repos, head: str, base: str | None = None) -> list[str]:
    return list(pull_request_changes(repos.contributor, base or repos.base_sha, head).problems)


def test_an_octopus_criss_cross_is_refused(tmp_path: Path) -> None:
    repos = make_repos(tmp_path)
    main, head, _ = _criss_cross(repos, repos.base_sha)
    assert git(repos.contributor, "cat-file", "-p", head).count("\nparent ") == 3
    problems = problems_of(repos, head, main)
    assert problems[0].startswith("(pull request): its history has 2 merge bases")
    assert any(p.startswith(f"{SCORER_FILE}: modifies the scorer") for p in problems)


def _branch(repos: Repos, name: str, start: str | None = None) -> Path:
    git(repos.contributor, "checkout", "-q", "-B", name, start or repos.base_sha)
    return repos.contributor


def test_an_octopus_merge_that_brings_a_scorer_change_is_refused(tmp_path: Path) -> None:
    repos = make_repos(tmp_path)
    repo = _branch(repos, "scorer")
    (repo / SCORER_FILE).write_text("def overall_score(counts):\n    return 1.0\n")
    commit_all(repo, "a better scorer")
    repo = _branch(repos, "octopus")
    write_submission(repo / "submissions" / BOARD / "octo-model", model="octo-model")
    commit_all(repo, "octo-model")
    git(repo, "merge", "-q", "--no-edit", "scorer", repos.base_sha)
    head = git(repo, "rev-parse", "HEAD")
    problems = problems_of(repos, head)
    # Round 22: the merge also joins two lines of the branch's own commits.
    assert problems[0].startswith("(pull request): merge commit "), problems
    assert "joins two lines of the branch's own commits" in problems[0]
    assert problems[1:] == [
        f"{SCORER_FILE}: modifies the scorer and the package code: a submission pull request "
        "changes only its own folder"
    ]


def test_a_merge_that_reverts_main_is_refused(tmp_path: Path) -> None:
    """An "update branch" merge resolved with the branch's side (``-s ours``) undoes main's fix."""
    repos = make_repos(tmp_path)
    up = repos.upstream
    main = _fix_scorer(up)
    repo = _branch(repos, "stale")
    write_submission(repo / "submissions" / BOARD / "stale-model", model="stale-model")
    commit_all(repo, "stale-model")
    git(repo, "fetch", "-q", "origin")
    git(repo, "merge", "-q", "-s", "ours", "--no-edit", main)
    head = git(repo, "rev-parse", "HEAD")
    assert problems_of(repos, head, main) == [
        f"(pull request): merge commit {head[:12]} is not the automatic merge of two parents "
        "(an octopus, a conflict resolution or a hand-edited merge): rebase the submission "
        "onto the base branch without merge commits",
        f"{SCORER_FILE}: modifies the scorer and the package code: a submission pull request "
        "changes only its own folder",
    ]


def _edit_and_check(tmp_path: Path, edit: object) -> tuple[list[str], str | None]:
    repos = make_repos(tmp_path)
    repo = _branch(repos, "shaped")
    edit(repo)  # type: ignore[operator]
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "shaped")
    head = git(repo, "rev-parse", "HEAD")
    check = pull_request_changes(repo, repos.base_sha, head)
    return list(check.problems), check.submission_id


def _rename_scorer(repo: Path) -> None:
    write_submission(repo / "submissions" / BOARD / "mover", model="mover")
    git(repo, "mv", SCORER_FILE, "submissions/tiny-dev/mover/notes.py")


def _rename_other_folder(repo: Path) -> None:
    git(repo, "mv", "submissions/tiny-dev/existing-model", "submissions/tiny-dev/taken-over")


def _executable(repo: Path) -> None:
    folder = write_submission(repo / "submissions" / BOARD / "exec-model", model="exec-model")
    os.chmod(folder / "predictions.json", 0o755)


def _executable_manifest(repo: Path) -> None:
    write_submission(repo / "submissions" / BOARD / "mode-model", model="mode-model")
    os.chmod(repo / "data" / "manifest.json", 0o755)


def _gitlink(where: str) -> object:
    """An embedded repository at ``where``: ``git add`` records it as a gitlink (mode 160000)."""

    def edit(repo: Path) -> None:
        if where.count("/") == 3:
            write_submission(repo / "submissions" / BOARD / "linked-model", model="linked-model")
            (repo / where).unlink()
        (repo / where).mkdir()
        git(repo / where, "init", "-q")
        (repo / where / "x.py").write_text("print('pwned')\n", encoding="utf-8")
        commit_all(repo / where, "inner")

    return edit


def _delete_other(repo: Path) -> None:
    (repo / "submissions" / BOARD / "existing-model" / "predictions.json").unlink()


def _symlinked_submissions(repo: Path) -> None:
    git(repo, "rm", "-q", "-r", "submissions")
    (repo / "submissions").symlink_to("spotdiff_eval")


SHAPED = {
    "rename-scorer-into-folder": (
        _rename_scorer,
        f"{BOARD}/mover",
        [
            f"{SCORER_FILE}: deletes the scorer and the package code: a submission pull "
            "request changes only its own folder",
            "submissions/tiny-dev/mover/notes.py: unexpected file: a submission holds only "
            "submission.json and predictions.json",
        ],
    ),
    "rename-another-folder": (
        _rename_other_folder,
        None,
        [
            "submissions/: changes 2 submission folders (tiny-dev/existing-model, "
            "tiny-dev/taken-over): a pull request adds or updates exactly one; open one pull "
            "request per submission",
            "submissions/tiny-dev/existing-model/predictions.json: deletes a file a submission "
            "needs",
            "submissions/tiny-dev/existing-model/submission.json: deletes a file a submission "
            "needs",
        ],
    ),
    "executable-file": (
        _executable,
        f"{BOARD}/exec-model",
        [
            "submissions/tiny-dev/exec-model/predictions.json: executable files are not allowed "
            "in a submission (clear the executable bit)"
        ],
    ),
    "mode-change-outside": (
        _executable_manifest,
        f"{BOARD}/mode-model",
        [
            "data/manifest.json: modifies the dataset: a submission pull request changes only "
            "its own folder"
        ],
    ),
    "gitlink-file": (
        _gitlink("submissions/tiny-dev/linked-model/predictions.json"),
        f"{BOARD}/linked-model",
        [
            "submissions/tiny-dev/linked-model/predictions.json: submodules are not allowed in a "
            "submission"
        ],
    ),
    "gitlink-folder": (
        _gitlink("submissions/tiny-dev/gitlinked"),
        None,
        [
            "submissions/tiny-dev/gitlinked: submodules are not allowed in a submission; a "
            "submission is a folder submissions/<board>/<id>/",
            "submissions/: no submission folder added or updated: add one folder "
            "submissions/<board>/<id>/ with submission.json and predictions.json",
        ],
    ),
    "delete-from-another-folder": (
        _delete_other,
        f"{BOARD}/existing-model",
        ["submissions/tiny-dev/existing-model/predictions.json: deletes a file a submission needs"],
    ),
}


@pytest.mark.parametrize("case", sorted(SHAPED))
def test_shaped_changes_are_refused(tmp_path: Path, case: str) -> None:
    edit, submission_id, expected = SHAPED[case]
    problems, found_id = _edit_and_check(tmp_path, edit)
    assert (problems, found_id) == (expected, submission_id)


def test_a_symlink_in_place_of_submissions_is_refused(tmp_path: Path) -> None:
    problems, submission_id = _edit_and_check(tmp_path, _symlinked_submissions)
    assert submission_id is None  # every folder's files are deleted
    assert problems[0] == (
        "submissions: symlinks are not allowed in a submission; a submission is a folder "
        "submissions/<board>/<id>/"
    )
    assert (
        "submissions/tiny-dev/existing-model/predictions.json: deletes a file a submission needs"
        in (problems)
    )


def test_an_unrelated_history_is_refused(tmp_path: Path) -> None:
    repos = make_repos(tmp_path)
    repo = repos.contributor
    git(repo, "checkout", "-q", "--orphan", "orphan")
    write_submission(repo / "submissions" / BOARD / "orphan-model", model="orphan-model")
    head = commit_all(repo, "a fresh root with the same files")
    assert problems_of(repos, head) == [
        "(pull request): shares no history with the base branch: branch off the base branch"
    ]


def test_a_conflicting_pull_request_is_refused(tmp_path: Path) -> None:
    repos = make_repos(tmp_path)
    up = repos.upstream
    main = _fix_scorer(up)
    repo = _branch(repos, "conflict")
    write_submission(repo / "submissions" / BOARD / "conflict-model", model="conflict-model")
    (repo / SCORER_FILE).write_text("def overall_score(counts):\n    return 1.0\n")
    head = commit_all(repo, "conflict")
    git(repo, "fetch", "-q", "origin")
    problems = problems_of(repos, head, main)
    assert problems[0] == (
        "(pull request): does not merge cleanly into the base branch: rebase it onto the base "
        "branch"
    )
    assert problems[1].startswith(f"{SCORER_FILE}: modifies the scorer")


def _evil_merge(repos: Repos) -> str:
    """C1 changes the scorer and adds a folder; a hand-made merge of C1 and the base drops the
    scorer change again. Merging gives only the folder; rebasing (GitHub's "Rebase and merge")
    drops merge commits and replays C1, scorer change included."""
    repo = _branch(repos, "evil")
    write_submission(repo / "submissions" / BOARD / "evil-model", model="evil-model")
    (repo / SCORER_FILE).write_text("def overall_score(counts):\n    return 1.0\n")
    first = commit_all(repo, "evil-model")
    git(repo, "checkout", "-q", repos.base_sha, "--", SCORER_FILE)
    git(repo, "add", "-A")
    tree = git(repo, "write-tree")
    return git(repo, "commit-tree", tree, "-p", first, "-p", repos.base_sha, "-m", "Merge main")


def test_a_merge_commit_that_undoes_its_own_branch_is_refused(tmp_path: Path) -> None:
    repos = make_repos(tmp_path)
    head = _evil_merge(repos)
    # the attack: rebasing the branch onto main puts the scorer change on main
    rebased = tmp_path / "rebased"
    git(tmp_path, "clone", "-q", str(repos.contributor), str(rebased))
    git(rebased, "checkout", "-q", "-B", "pr", head)
    git(rebased, "rebase", "-q", repos.base_sha)
    assert "return 1.0" in (rebased / SCORER_FILE).read_text(encoding="utf-8")

    problems = problems_of(repos, head)
    assert len(problems) == 1
    assert problems[0].startswith(f"(pull request): merge commit {head[:12]} is not")


def test_an_honest_update_branch_merge_is_accepted(tmp_path: Path) -> None:
    """GitHub's "Update branch" merges main into the branch automatically: nothing to refuse."""
    repos = make_repos(tmp_path)
    up = repos.upstream
    main = _fix_scorer(up)
    repo = _branch(repos, "updated")
    write_submission(repo / "submissions" / BOARD / "updated-model", model="updated-model")
    commit_all(repo, "updated-model")
    git(repo, "fetch", "-q", "origin")
    git(repo, "merge", "-q", "--no-edit", main)
    head = git(repo, "rev-parse", "HEAD")
    check = pull_request_changes(repo, main, head)
    assert (check.problems, check.submission_id) == ((), f"{BOARD}/updated-model")


FIX_LINE = "    # fixed on main after the branch left it\n"


def _main_fixes_scorer_and_adds(repos: Repos, folder: str) -> str:
    """Main, after the contributor's fork point: a scorer fix and someone else's folder."""
    up = repos.upstream
    scorer = up / SCORER_FILE
    scorer.write_text(scorer.read_text() + FIX_LINE)
    write_submission(up / "submissions" / BOARD / folder, model=folder, submitter="alice")
    main = commit_all(up, "scorer fix and alice's submission")
    git(repos.contributor, "fetch", "-q", "origin")
    return main


def test_a_branch_that_copies_then_undoes_a_fix_on_main_is_refused(tmp_path: Path) -> None:
    """Red team round 11: the merged result keeps main's fix, "Rebase and merge" drops it.

    C1 copies main's change, C2 undoes it, C3 adds the folder. Merging (merge
    commit or squash) lands only the folder; rebasing replays C1 as empty on
    main and C2 then takes the fix and alice's folder out of main.
    """
    repos = make_repos(tmp_path)
    main = _main_fixes_scorer_and_adds(repos, "alice-model")
    repo = _branch(repos, "copy-undo")
    (repo / SCORER_FILE).write_text((repo / SCORER_FILE).read_text() + FIX_LINE)
    write_submission(
        repo / "submissions" / BOARD / "alice-model", model="alice-model", submitter="alice"
    )
    copy = commit_all(repo, "C1: the same as main")
    git(repo, "rm", "-q", "-r", f"submissions/{BOARD}/alice-model")
    (repo / SCORER_FILE).write_text((repo / SCORER_FILE).read_text().replace(FIX_LINE, ""))
    undo = commit_all(repo, "C2: undo C1")
    write_submission(repo / "submissions" / BOARD / "mallory-model", model="mallory-model")
    head = commit_all(repo, "C3: the submission")
    # the attack: what merging lands is only the folder...
    merged = git(repo, "merge-tree", "--write-tree", main, head).split("\n")[0]
    assert git(repo, "diff", "--name-only", main, merged).split("\n") == [
        f"submissions/{BOARD}/mallory-model/predictions.json",
        f"submissions/{BOARD}/mallory-model/submission.json",
    ]
    # ...while rebasing the branch onto main, as "Rebase and merge" does, undoes main's fix
    git(repo, "checkout", "-q", "-B", "rebased", head)
    git(repo, "rebase", "-q", main)
    assert FIX_LINE not in (repo / SCORER_FILE).read_text()
    assert not (repo / "submissions" / BOARD / "alice-model").exists()

    problems = problems_of(repos, head, main)
    assert [p.split(" changes ")[0] for p in problems] == [
        f"(pull request): commit {copy[:12]}",
        f"(pull request): commit {undo[:12]}",
    ]
    assert problems[0].endswith(
        f"changes {SCORER_FILE}, submissions/{BOARD}/alice-model/predictions.json, "
        f"submissions/{BOARD}/alice-model/submission.json, outside "
        f"submissions/{BOARD}/mallory-model/: every commit of a submission stays in its folder, "
        'since "Rebase and merge" lands them one by one; rebase onto the base branch and drop '
        "or split that commit"
    )


def test_a_copy_of_a_folder_main_has_since_removed_is_refused(tmp_path: Path) -> None:
    """Red team round 11: a branch made before a delisting carries the delisted folder.

    Checked while main still has the folder, the merged result shows only the
    new entry; once main removes it, merging would bring it back.
    """
    repos = make_repos(tmp_path)
    main = _main_fixes_scorer_and_adds(repos, "cheater")
    repo = _branch(repos, "resurrect")
    write_submission(repo / "submissions" / BOARD / "cheater", model="cheater", submitter="alice")
    write_submission(repo / "submissions" / BOARD / "new-model", model="new-model")
    head = commit_all(repo, "new-model (and a copy of cheater)")
    problems = problems_of(repos, head, main)
    assert len(problems) == 1
    assert problems[0].startswith(f"(pull request): commit {head[:12]} changes submissions/")
    assert f"outside submissions/{BOARD}/new-model/" in problems[0]


def test_a_folder_main_changed_since_the_branch_left_is_refused(tmp_path: Path) -> None:
    """Red team round 11: git merges two versions of predictions.json line by line.

    The owner's earlier update landed on main after this branch left it; the
    merged file is neither version, and the head's (checked and scored) is
    not what lands.
    """
    repos = make_repos(tmp_path)
    up = repos.upstream
    theirs = up / "submissions" / BOARD / "existing-model" / "predictions.json"
    theirs.write_text(theirs.read_text().replace('"green"', '"blue"'))
    main = commit_all(up, "earlier update")
    git(repos.contributor, "fetch", "-q", "origin")
    repo = _branch(repos, "later-update")
    mine = repo / "submissions" / BOARD / "existing-model" / "predictions.json"
    mine.write_text(mine.read_text().replace('"to": 5', '"to": 4'))
    head = commit_all(repo, "later update")
    merged, clean = git(repo, "merge-tree", "--write-tree", main, head), True
    assert clean and "\n" not in merged  # merges cleanly, into a third version
    assert problems_of(repos, head, main) == [
        f"submissions/{BOARD}/existing-model: changed on the base branch since this branch "
        "left it, so merging would land a mix of both versions rather than the files checked "
        "here: rebase onto the base branch"
    ]


def test_a_plain_line_of_commits_in_the_folder_is_accepted(tmp_path: Path) -> None:
    """The honest counterpart: several commits, each inside the folder, after main moved on."""
    repos = make_repos(tmp_path)
    main = _main_fixes_scorer_and_adds(repos, "alice-model")
    repo = _branch(repos, "honest")
    folder = write_submission(repo / "submissions" / BOARD / "honest-model", model="honest-model")
    commit_all(repo, "first try")
    (folder / "predictions.json").write_text(
        json.dumps(half_right_predictions("honest-model"), indent=2) + "\n"
    )
    head = commit_all(repo, "second try")
    assert problems_of(repos, head, main) == []


@pytest.mark.parametrize("stray", [".DS_Store", ":(exclude)x", ":(glob)*"])
def test_a_stray_file_committed_and_deleted_on_the_branch_is_refused_cleanly(
    tmp_path: Path, stray: str
) -> None:
    """Red team round 12 let this pass: the path is as main has it when checked.
    Round 20 refuses it (``test_ci_round20``: a copy of a change main had yet to
    land, then its undo, looked the same); the contributor drops the two commits.

    Round 14: a name that reads as git pathspec magic stopped the check
    without a verdict; git now takes every path literally.
    """
    repos = make_repos(tmp_path)
    main = _main_fixes_scorer_and_adds(repos, "alice-model")
    repo = _branch(repos, "stray")
    (repo / stray).write_bytes(b"\0\1")
    write_submission(repo / "submissions" / BOARD / "tidy-model", model="tidy-model")
    first = commit_all(repo, "the submission, and a stray file")
    (repo / stray).unlink()
    head = commit_all(repo, "drop the stray file")
    problems = problems_of(repos, head, main)
    assert [p.split(" changes ")[0] for p in problems] == [
        f"(pull request): commit {first[:12]}",
        f"(pull request): commit {head[:12]}",
    ]
    assert all(
        f" changes {stray}, outside submissions/{BOARD}/tidy-model/: " in p for p in problems
    )


def test_a_merge_of_an_unrelated_history_is_refused_cleanly(tmp_path: Path) -> None:
    """Red team round 12: git merge-tree refused the merge's parents and the step crashed."""
    repos = make_repos(tmp_path)
    repo = _branch(repos, "orphan-merge")
    write_submission(repo / "submissions" / BOARD / "orphan-model", model="orphan-model")
    commit_all(repo, "orphan-model")
    git(repo, "checkout", "-q", "--orphan", "stranger")
    git(repo, "rm", "-q", "-r", "--cached", ".")
    (repo / "stranger.txt").write_text("unrelated\n")
    git(repo, "add", "stranger.txt")
    stranger = commit_all(repo, "an unrelated root")
    git(repo, "checkout", "-q", "-f", "orphan-merge")
    git(repo, "merge", "-q", "--allow-unrelated-histories", "--no-edit", stranger)
    head = git(repo, "rev-parse", "HEAD")
    problems = problems_of(repos, head)
    assert problems[0] == (
        f"(pull request): merge commit {head[:12]} joins a history unrelated to the base branch: "
        "branch off the base branch and rebase the submission onto it"
    )
