"""An output whose folder is a file: one line naming the output and the file, before any work.

``spotdiff evaluate --output notes.txt/report.json`` scored everything and
then printed ``notes.txt: File exists``; ``leaderboard build --markdown
notes.txt/LEADERBOARD.md`` swapped in the new site before failing the same
way. Every command now checks its outputs first (``_util/folders.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli
from leaderboard_helpers import checkout, snapshot

from spotdiff_eval.datasets._jsonio import write_text_atomic
from spotdiff_eval.errors import SpotDiffError

#: The fixtures ``hub`` and ``in_process`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)

KEEP = "my notes\n"


@pytest.fixture
def in_the_way(tmp_path: Path) -> Path:
    """A regular file where a command's output folder should be."""
    path = tmp_path / "notes.txt"
    path.write_text(KEEP, encoding="utf-8")
    return path


def assert_refused(result, line: str, in_the_way: Path) -> None:
    assert (result.returncode, result.stdout, result.stderr) == (
        1,
        "",
        f"spotdiff: error: {line}\n",
    )
    assert in_the_way.read_text(encoding="utf-8") == KEEP


def test_evaluate_names_the_report_and_its_parent_before_scoring(in_the_way: Path) -> None:
    report = in_the_way / "report.json"
    result = run_cli(
        "evaluate", "-q", "--predictions", "predictions/example.json", "--output", report
    )
    assert_refused(result, f"{report}: its parent {in_the_way} is not a folder", in_the_way)

    deeper = in_the_way / "runs" / "report.json"
    result = run_cli(
        "evaluate", "-q", "--predictions", "predictions/example.json", "--output", deeper
    )
    assert_refused(
        result, f"{deeper}: its folder cannot be made: {in_the_way} is not a folder", in_the_way
    )


def test_evaluate_refuses_a_folder_as_the_report(tmp_path: Path) -> None:
    """Even with --force, which used to end in ``results: Is a directory``."""
    (tmp_path / "results").mkdir()
    result = run_cli(
        "evaluate", "--predictions", "predictions/example.json", "--output", tmp_path / "results",
        "--force",
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (
        1,
        f"spotdiff: error: {tmp_path / 'results'}: is a folder; give the name of a file\n",
    )


@pytest.mark.parametrize("option", ["--output", "--markdown", "--cache-dir"])
def test_leaderboard_build_checks_every_output_before_writing_any(
    tmp_path: Path, make_dataset, in_the_way: Path, option: str
) -> None:
    repo = checkout(tmp_path, make_dataset)
    target = (
        in_the_way / {"--output": "site", "--markdown": "LB.md", "--cache-dir": "cache"}[option]
    )
    result = run_cli(
        "leaderboard", "build", "-q", "--output", repo / "site", "--markdown", repo / "LB.md",
        option, target, cwd=repo,
    )  # fmt: skip
    assert_refused(result, f"{target}: its parent {in_the_way} is not a folder", in_the_way)
    assert sorted(p.name for p in repo.iterdir()) == ["data", "submissions"], "nothing written"


def test_run_names_the_predictions_and_their_parent_before_any_request(
    in_the_way: Path,
) -> None:
    """The output lock came first and said only "cannot create its lock file: File exists"."""
    output = in_the_way / "predictions.json"
    result = run_cli(
        "run", "--endpoint", "http://127.0.0.1:9/v1", "--model", "m", "--output", output
    )
    assert_refused(result, f"{output}: its parent {in_the_way} is not a folder", in_the_way)


def test_generate_names_the_output_folder(in_the_way: Path) -> None:
    output = in_the_way / "set"
    result = run_cli("generate", "--items", "1", "--output", output)
    assert_refused(result, f"{output}: its parent {in_the_way} is not a folder", in_the_way)


def test_download_is_refused_before_any_network_access(hub, in_process, in_the_way: Path) -> None:
    output = in_the_way / "spotdiff-data"
    result = in_process("download", "--dataset", "spotdiff/tiny-dev", "--output", output)
    assert_refused(result, f"{output}: its parent {in_the_way} is not a folder", in_the_way)
    assert hub.requests == []


def test_library_writes_say_the_same(in_the_way: Path) -> None:
    """``spotdiff run`` and ``merge`` write their outputs through the same function."""
    with pytest.raises(SpotDiffError) as refused:
        write_text_atomic(in_the_way / "out.json", "{}")
    assert refused.value.one_line() == (
        f"{in_the_way / 'out.json'}: its parent {in_the_way} is not a folder"
    )
    assert snapshot(in_the_way.parent) == {"notes.txt": KEEP.encode()}
