"""The README's promises: its quick start, its worked example, its commands."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, run_cli

from spotdiff_eval.datasets._domain import Annotation
from spotdiff_eval.datasets._records import difference_from_json, gold_difference_from_json
from spotdiff_eval.scoring._evaluation import score_item

README = (REPO / "README.md").read_text(encoding="utf-8")
#: The README and the reference pages in docs/ it links to.
DOCS = README + "".join(p.read_text(encoding="utf-8") for p in sorted((REPO / "docs").glob("*.md")))


def block_after(marker: str) -> str:
    """The first fenced block after ``<!-- marker -->``."""
    tail = DOCS.split(f"<!-- {marker} -->", 1)[1]
    return re.search(r"```\w*\n(.*?)```", tail, re.S).group(1)


def test_quick_start_is_two_commands_and_ci_runs_the_second() -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.*?)\n```", quick, re.S)
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    assert "spotdiff evaluate" in commands[0]
    assert commands[1].endswith("pytest")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci.splitlines()


def test_worked_example_numbers_are_what_the_scorer_says() -> None:
    gold = [gold_difference_from_json(g) for g in json.loads(block_after("worked-example:gold"))]
    predicted = [
        difference_from_json(p) for p in json.loads(block_after("worked-example:predictions"))
    ]
    result = score_item(Annotation("x", "x.png", "side_by_side", tuple(gold)), predicted)
    assert [(m.prediction_index, m.gold_id) for m in result.match.matches] == [
        (0, "d01"),
        (1, "d02"),
        (2, "d03"),
    ]
    assert result.match.extra == (3,)
    row = DOCS.split("<!-- worked-example:result -->", 1)[1].splitlines()[3]
    stated = [float(x) for x in re.findall(r"= (\d\.\d{3})", row)]
    m = result.metrics
    actual = [m.recall, m.precision, m.attribute_accuracy, m.difference_coverage, m.overall_score]
    assert stated == [round(v, 3) for v in actual]


def _commands() -> list[str]:
    """Every top-level ``spotdiff`` command, as the parser knows them."""
    from spotdiff_eval.cli import build_parser

    parser = build_parser()
    (group,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(group.choices)


@pytest.mark.parametrize("command", _commands())
def test_every_command_has_help_with_examples_and_a_readme_section(command: str) -> None:
    result = run_cli(command, "--help")
    assert result.returncode == 0
    assert "examples:" in result.stdout and f"spotdiff {command}" in result.stdout
    assert f"spotdiff {command}" in README


def test_code_is_lint_clean() -> None:
    # Beside the interpreter first: `.venv/bin/pytest` runs without the venv on PATH.
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert ruff, "ruff is a test dependency: pip install -e '.[test]'"
    result = subprocess.run([ruff, "check", "."], cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_the_scoring_core_type_checks() -> None:
    """mypy over matching and scoring (``[tool.mypy]``): a wrong type there is a wrong score."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
