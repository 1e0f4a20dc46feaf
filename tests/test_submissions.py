"""``spotdiff submit``, the baseline submissions, and finding submission folders."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ITEMS, read_json, run_cli, write_json
from leaderboard_helpers import (
    half_right,
    make_board,
    make_submission,
    perfect,
    predictions,
    snapshot,
    standard_submissions,
)

from spotdiff_eval.cli import main
from spotdiff_eval.errors import SpotDiffError
from spotdiff_eval.leaderboard.baselines import BASELINES, write_baselines
from spotdiff_eval.leaderboard.build import compute_leaderboard
from spotdiff_eval.leaderboard.scaffold import derive_submission_id
from spotdiff_eval.leaderboard.submissions import BASELINE_IDS, discover
from spotdiff_eval.validation._validate import validate_target


@pytest.fixture
def predictions_file(tmp_path: Path) -> Path:
    return write_json(tmp_path / "preds" / "acme.json", half_right("Acme Vision 2 (beta)"))


def submit(
    tmp_path: Path, manifest: Path, *args: str | Path, board: str = "tiny-dev"
) -> list[str | Path]:
    """``spotdiff submit`` in a checkout with a public and a hidden board of the tiny set."""
    submissions = tmp_path / "submissions"
    if not submissions.exists():
        make_board(submissions, "tiny-dev", dataset={"path": "dataset/data"})
        make_board(
            submissions,
            "tiny-hidden",
            "hidden",
            dataset={"huggingface": "Abnik/x", "revision": "main"},
            dataset_name="tiny-hidden",
            dataset_version="1.0",
        )
    return ["submit", "--board", board, "--manifest", manifest, "--submissions", submissions, *args]


def board_folder(tmp_path: Path, board: str = "tiny-dev") -> Path:
    return tmp_path / "submissions" / board


BASIC = ("--model", "Acme Vision 2 (beta)", "--provider", "Acme", "--submitter", "octocat")


def test_submit_scaffolds_a_valid_folder_and_prints_the_score(
    tmp_path: Path, dataset_manifest: Path, predictions_file: Path
) -> None:
    result = run_cli(
        *submit(tmp_path, dataset_manifest, "--predictions", predictions_file, *BASIC),
        "--model-version", "2025-06", "--runtime", "local", "--date", "2025-06-02",
        "--link", "Model card=https://example.org/acme", "--notes", "Temperature 0.",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    folder = board_folder(tmp_path) / "acme-vision-2-beta"
    assert sorted(p.name for p in folder.iterdir()) == ["predictions.json", "submission.json"]
    assert (folder / "predictions.json").read_bytes() == predictions_file.read_bytes()
    assert read_json(folder / "submission.json") == {
        "schema_version": "1.0",
        "submission_id": "acme-vision-2-beta",
        "model": {"name": "Acme Vision 2 (beta)", "version": "2025-06"},
        "organisation": "Acme",
        "runtime": "local",
        "submitter": "octocat",
        "date": "2025-06-02",
        "dataset": {"name": "tiny", "version": "1.0", "track": "dev"},
        "prompt": {"name": "spotdiff_v1"},
        "links": [{"label": "Model card", "url": "https://example.org/acme"}],
        "notes": "Temperature 0.",
    }
    assert validate_target(folder, manifest=dataset_manifest) == []
    # The score printed is the one `spotdiff evaluate` computes for the same file.
    evaluated = run_cli(
        "evaluate", "--manifest", dataset_manifest, "--predictions", folder / "predictions.json"
    )
    head = evaluated.stdout.split("\n\n")[:3]
    assert "Overall score" in head[1] and "95% CI" in head[1]
    assert result.stdout == "\n".join(
        [
            f"Created {folder}/ (submission.json, predictions.json): valid",
            "",
            "The score CI will compute:",
            "",
            "\n\n".join(head),
            "",
            "Items answered: 2 of 2",
            "",
            f"Next: commit {folder}/ and open a pull request; CI scores it again with",
            "the trusted scorer, and the leaderboard is rebuilt after the merge.",
            "",
        ]
    )
    assert result.stderr == ""


def test_submit_states_unanswered_items(
    tmp_path: Path, dataset_manifest: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = predictions("partial-model", {"scene_0002_kitchen": []})
    path = write_json(tmp_path / "partial.json", doc)
    args = ("--model", "partial-model", "--provider", "Acme", "--submitter", "octocat")
    assert main([*map(str, submit(tmp_path, dataset_manifest, "--predictions", path)), *args]) == 0
    metadata = read_json(board_folder(tmp_path) / "partial-model" / "submission.json")
    assert metadata["unanswered_items"] == 1
    assert "Items answered: 1 of 2 (the others score as missed)" in capsys.readouterr().out


def test_submit_on_the_hidden_board_needs_no_annotations(
    tmp_path: Path, dataset_manifest: Path, predictions_file: Path
) -> None:
    # The hidden split publishes its manifest (and images) but never its annotations.
    hidden = read_json(dataset_manifest)
    hidden["dataset_name"] = "tiny-hidden"
    hidden_manifest = write_json(tmp_path / "hidden" / "data" / "manifest.json", hidden)
    result = run_cli(
        *submit(tmp_path, hidden_manifest, "--predictions", predictions_file, *BASIC,
                board="tiny-hidden"),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    folder = board_folder(tmp_path, "tiny-hidden") / "acme-vision-2-beta"
    assert result.stdout == (
        f"Created {folder}/ (submission.json, predictions.json): valid\n\n"
        "Hidden track: the annotations are not public, so the score is computed only\n"
        "after the merge, by the publish job, and published as aggregates.\n"
    )
    assert read_json(folder / "submission.json")["dataset"] == {
        "name": "tiny-hidden",
        "version": "1.0",
        "track": "hidden",
    }
    # validate checks a hidden board's folder against its board, not data/manifest.json.
    assert validate_target(folder, default_manifest=dataset_manifest) == []


def test_submit_to_the_hidden_board_refuses_another_dataset(
    tmp_path: Path, dataset_manifest: Path, predictions_file: Path
) -> None:
    """The bug: without --manifest it recorded the bundled dev set and said "valid"."""
    args = submit(tmp_path, dataset_manifest, "--predictions", predictions_file, *BASIC,
                  board="tiny-hidden")  # fmt: skip
    without = [a for a in args if a not in ("--manifest", dataset_manifest)]
    result = run_cli(*without)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "spotdiff: error: --manifest: board tiny-hidden is hidden: pass the manifest of its "
        "dataset (tiny-hidden 1.0), whose items you answered\n"
    )
    wrong = run_cli(*args)  # the tiny dev set's manifest
    assert wrong.returncode == 1
    assert wrong.stderr == (
        f"spotdiff: error: {dataset_manifest}: /dataset_name: dataset tiny 1.0 is not board "
        "tiny-hidden's tiny-hidden 1.0; pass the --manifest of Abnik/x@main\n"
    )
    assert sorted(p.name for p in board_folder(tmp_path, "tiny-hidden").iterdir()) == ["board.json"]
    track = run_cli(*submit(tmp_path, dataset_manifest, "--predictions", predictions_file,
                            *BASIC, "--track", "hidden"))  # fmt: skip
    assert track.returncode == 1
    assert 'board tiny-dev is on the dev track, not "hidden"' in track.stderr


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Acme Vision 2 (beta)", "acme-vision-2-beta"),
        ("GPT-4o mini", "gpt-4o-mini"),
        ("__x__", "x-model"),
        ("视觉", "model"),
        ("a" * 80, "a" * 64),
        ("org/model:7b", "org-model-7b"),
    ],
)
def test_derived_ids_are_valid(name: str, expected: str) -> None:
    assert derive_submission_id(name) == expected


@pytest.fixture
def submitted(
    tmp_path: Path,
    dataset_manifest: Path,
    predictions_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> tuple[list[str], Path]:
    """The arguments of a first, successful submit, and the folder it made."""
    args = [*map(str, submit(tmp_path, dataset_manifest, "--predictions", predictions_file))]
    assert main([*args, *BASIC]) == 0
    capsys.readouterr()
    return [*args, *BASIC], board_folder(tmp_path) / "acme-vision-2-beta"


def test_submit_refuses_an_existing_folder_unless_forced(
    submitted: tuple[list[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    args, folder = submitted
    before = snapshot(folder)

    assert main([*args, "--date", "2024-01-01"]) == 1
    assert capsys.readouterr().err == (
        f"spotdiff: error: {folder}: already exists; choose another --id, or pass --force "
        "to replace it\n"
    )
    assert snapshot(folder) == before

    assert main([*args, "--date", "2024-01-01", "--force"]) == 0
    assert read_json(folder / "submission.json")["date"] == "2024-01-01"


def test_a_failed_forced_submit_keeps_the_old_folder(
    submitted: tuple[list[str], Path],
    predictions_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    args, folder = submitted
    before = snapshot(folder)
    # Answers for an item the dataset does not have: found by validating the new folder.
    doc = half_right("Acme Vision 2 (beta)")
    doc["items"].append({"item_id": "scene_9999_moon", "differences": []})
    write_json(predictions_file, doc)

    assert main([*args, "--force"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"spotdiff: error: {folder / 'predictions.json'}: /items/2/item_id: item "
        '"scene_9999_moon" is not in dataset tiny 1.0',
        "submission not created",
    ]
    assert snapshot(folder) == before
    assert sorted(p.name for p in folder.parent.iterdir()) == ["acme-vision-2-beta", "board.json"]


@pytest.mark.parametrize(
    ("extra", "line"),
    [
        (("--model", "other-name"), None),
        (("--notes", "x" * 2001), "spotdiff submit: --notes: "),
        (("--id", "Bad Id"), "spotdiff submit: --id: "),
        (("--provider", " "), "spotdiff submit: --provider: "),
    ],
)
def test_submit_input_errors(
    tmp_path: Path,
    dataset_manifest: Path,
    predictions_file: Path,
    capsys: pytest.CaptureFixture[str],
    extra: tuple[str, ...],
    line: str | None,
) -> None:
    args = [
        *map(str, submit(tmp_path, dataset_manifest, "--predictions", predictions_file)),
        *BASIC,
    ]
    assert main([*args, *extra]) == 1
    err = capsys.readouterr().err
    if line is None:
        line = (
            f'{predictions_file}: /model: model "Acme Vision 2 (beta)" differs from --model '
            '"other-name"; a submission\'s name must be the one its predictions carry'
        )
    assert err.startswith(f"spotdiff: error: {line}")
    assert err.count("\n") == 1
    assert [p.name for p in board_folder(tmp_path).iterdir()] == ["board.json"]


def test_submit_needs_a_submitter(
    tmp_path: Path, dataset_manifest: Path, predictions_file: Path
) -> None:
    args = submit(tmp_path, dataset_manifest, "--predictions", predictions_file)
    result = run_cli(*args, "--model", "Acme Vision 2 (beta)", "--provider", "Acme",
                     env={"GITHUB_ACTOR": ""})  # fmt: skip
    assert result.returncode == 1
    assert result.stderr == (
        "spotdiff: error: spotdiff submit: --submitter: your GitHub handle is required "
        "(without @)\n"
    )
    with_actor = run_cli(*args, "--model", "Acme Vision 2 (beta)", "--provider", "Acme",
                         env={"GITHUB_ACTOR": "ci-bot"})  # fmt: skip
    assert with_actor.returncode == 0, with_actor.stderr
    folder = board_folder(tmp_path) / "acme-vision-2-beta"
    assert read_json(folder / "submission.json")["submitter"] == "ci-bot"


@pytest.mark.parametrize(
    ("flag", "value", "what"),
    [
        ("--date", "2025-02-30", '"2025-02-30" is not a calendar date written YYYY-MM-DD'),
        ("--link", "card:http://x", '"card:http://x" is not LABEL=URL with an https:// URL'),
        ("--submitter", "not a handle", '"not a handle" is not a GitHub handle'),
    ],
)
def test_submit_usage_errors(
    tmp_path: Path,
    dataset_manifest: Path,
    predictions_file: Path,
    capsys: pytest.CaptureFixture[str],
    flag: str,
    value: str,
    what: str,
) -> None:
    args = [
        *map(str, submit(tmp_path, dataset_manifest, "--predictions", predictions_file)),
        *BASIC,
    ]
    with pytest.raises(SystemExit) as exit_info:
        main([*args, flag, value])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spotdiff: error: spotdiff submit: argument {flag}: {what}")
    assert err.count("\n") == 1


# -- baselines ------------------------------------------------------------------------


@pytest.fixture
def predictions_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "predictions"
    write_json(folder / "perfect.json", perfect("perfect-baseline"))
    write_json(folder / "example.json", half_right("example-model"))
    return folder


def test_baselines_are_valid_labelled_and_reproducible(
    tmp_path: Path, dataset_manifest: Path, predictions_dir: Path
) -> None:
    submissions = tmp_path / "submissions"
    folders = write_baselines(dataset_manifest, predictions_dir, submissions, date="2025-05-05")
    assert [f.name for f in folders] == [
        "perfect-baseline",
        "empty-baseline",
        "blind-baseline",
        "example-baseline",
    ]
    for folder in folders:
        assert validate_target(folder, manifest=dataset_manifest) == []
        metadata = read_json(folder / "submission.json")
        assert metadata["baseline"] is True
        assert metadata["notes"].startswith("**Baseline, not a model")
        assert "submitter" not in metadata
    empty = read_json(submissions / "empty-baseline" / "predictions.json")
    assert empty["items"] == [{"item_id": i, "differences": []} for i in sorted(ITEMS)]
    assert (submissions / "example-baseline" / "predictions.json").read_bytes() == (
        predictions_dir / "example.json"
    ).read_bytes()

    before = snapshot(submissions)
    write_baselines(dataset_manifest, predictions_dir, submissions)  # no date: kept
    assert snapshot(submissions) == before

    board = compute_leaderboard(submissions, dataset_manifest)
    scores = {e["submission_id"]: e["metrics"]["overall_score"] for e in board.data["entries"]}
    assert scores["perfect-baseline"] == 1.0
    assert scores["empty-baseline"] == 0.0
    blind = read_json(submissions / "blind-baseline" / "predictions.json")
    for item in blind["items"]:  # guesses come from the other items' annotations only
        others = {
            d["subject"]
            for other, spec in ITEMS.items()
            if other != item["item_id"]
            for d in spec["differences"]
        }
        guessed = {g["subject"] for g in item["differences"]}
        assert guessed <= others
    assert all(e["baseline"] and e["submitter"] is None for e in board.data["entries"])


def test_only_the_project_baselines_may_claim_to_be_one(
    tmp_path: Path, dataset_manifest: Path
) -> None:
    assert {b.submission_id for b in BASELINES} == BASELINE_IDS
    root = tmp_path / "submissions"
    standard_submissions(root)
    folder = make_submission(root, "sneaky-model", perfect("sneaky-model"), baseline=True)
    board = compute_leaderboard(root, dataset_manifest)
    assert list(board.skipped) == [
        f"{folder / 'submission.json'}: /baseline: only the project's baselines "
        "(blind-baseline, empty-baseline, example-baseline, perfect-baseline) on a public board "
        "may be marked"
    ]
    assert "sneaky-model" not in {e["submission_id"] for e in board.data["entries"]}


def test_baselines_command_stops_on_a_broken_source(
    tmp_path: Path, dataset_manifest: Path, predictions_dir: Path
) -> None:
    submissions = tmp_path / "submissions"
    write_baselines(dataset_manifest, predictions_dir, submissions, date="2025-05-05")
    before = snapshot(submissions)
    (predictions_dir / "example.json").write_text('{"model": "x"', encoding="utf-8")
    result = run_cli(
        "leaderboard", "baselines", "--manifest", dataset_manifest,
        "--predictions-dir", predictions_dir, "--submissions", tmp_path, "--board", "submissions",
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr.startswith(
        f"spotdiff: error: {predictions_dir / 'example.json'}: line 1 column 14: invalid JSON"
    )
    assert snapshot(submissions) == before


# -- finding submission folders ---------------------------------------------------------


def test_discover_lists_folders_by_name_and_skips_hidden_entries(tmp_path: Path) -> None:
    root = make_board(tmp_path / "submissions")
    for name in ("zeta", "alpha", ".alpha.old-123", "mid"):
        (root / name).mkdir(parents=True)
    (root / "README.md").write_text("how to submit", encoding="utf-8")
    (root / ".gitkeep").write_text("", encoding="utf-8")
    assert discover(root) == ([root / "alpha", root / "mid", root / "zeta"], [])

    (root / "stray.json").write_text("{}", encoding="utf-8")
    assert discover(root)[1] == [
        f"{root / 'stray.json'}: unexpected file: a board holds board.json and one folder per "
        "submission"
    ]
    with pytest.raises(SpotDiffError, match="folder not found"):
        discover(tmp_path / "missing")


def test_a_hidden_track_claim_on_a_public_board_is_left_out(
    tmp_path: Path, dataset_manifest: Path
) -> None:
    root = tmp_path / "submissions"
    standard_submissions(root)
    hidden = {"name": "tiny", "version": "1.0", "track": "hidden"}
    folder = make_submission(root, "secret-model", perfect("secret-model"), dataset=hidden)
    board = compute_leaderboard(root, dataset_manifest)
    assert sorted(e["submission_id"] for e in board.data["entries"]) == [
        "acme-perfect",
        "beta-half",
        "zeta-perfect",
    ]
    assert list(board.skipped) == [
        f'{folder / "submission.json"}: /dataset/track: track "hidden" does not fit board '
        'board, whose track is public (use "dev", or move the folder to a hidden board)'
    ]


def test_every_broken_folder_is_reported_and_the_rest_is_scored(
    tmp_path: Path, dataset_manifest: Path
) -> None:
    root = tmp_path / "submissions"
    standard_submissions(root)
    write_json(root / "no-metadata" / "predictions.json", perfect("no-metadata"))
    (root / "Bad Name").mkdir()
    board = compute_leaderboard(root, dataset_manifest)
    assert list(board.skipped) == [
        f'{root / "Bad Name"}: folder name "Bad Name" is not a valid submission id (3 to 64 '
        "lowercase letters, digits, '.', '_' or '-', starting with a letter or digit)",
        f"{root / 'Bad Name' / 'submission.json'}: missing: a submission needs this file",
        f"{root / 'Bad Name' / 'predictions.json'}: missing: a submission needs this file",
        f"{root / 'no-metadata' / 'submission.json'}: missing: a submission needs this file",
    ]
    assert len(board.data["entries"]) == 3
