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
