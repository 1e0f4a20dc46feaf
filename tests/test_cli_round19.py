"""Red team round 19 of scoring from the command line: evaluate, explain, merge."""

from __future__ import annotations

from pathlib import Path

from conftest import REPO, run_cli

MANIFEST = REPO / "data" / "manifest.json"
EXAMPLE = REPO / "predictions" / "example.json"


def test_evaluate_output_ending_in_a_slash_is_refused_before_scoring(tmp_path: Path) -> None:
    """``--output results/new/`` meant a folder: Path dropped the slash and a
    *file* named ``new`` held the report (run and merge refused it since round 18)."""
    target = tmp_path / "results" / "new"
    result = run_cli(
        "evaluate", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--output", f"{target}/"
    )
    assert result.returncode == 2, result.stderr
    assert "names a folder" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert not target.exists()


def test_a_dash_is_not_taken_for_a_file_named_dash(tmp_path: Path) -> None:
    """``--output -`` wrote a report into a file named ``-`` (no output goes
    to standard output), and ``--predictions -`` said ``-: file not found``."""
    for args in (
        ("evaluate", "--predictions", EXAMPLE, "--output", "-"),
        ("evaluate", "--predictions", "-"),
        ("explain", "--predictions", "-", "--item", "scene_0001"),
        ("merge", "-", "--output", "merged.json"),
        ("merge", str(EXAMPLE), "--output", "-"),
    ):
        result = run_cli(*args[:1], "--manifest", MANIFEST, *args[1:], cwd=tmp_path)
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr.count("\n") == 1 and "standard" in result.stderr, result.stderr
        assert list(tmp_path.iterdir()) == []
