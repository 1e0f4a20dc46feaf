"""Who pauses the cyclic garbage collector: the command line, never the library.

Pausing the collector makes scoring much faster, but it is process-wide
state: a library call that switched it off would change the memory
behaviour of whatever program imported us (and of its other threads) for as
long as the call ran. So library calls leave ``gc`` as they found it, and
the commands that score in bulk pause it around their work.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO
from leaderboard_helpers import checkout

from spotdiff_eval.cli import main
from spotdiff_eval.leaderboard import scoring as leaderboard_scoring
from spotdiff_eval.leaderboard.build import build_leaderboard
from spotdiff_eval.scoring import _pipeline, evaluate_files


@pytest.fixture
def gc_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every ``gc.disable()`` / ``gc.enable()`` made while the test runs, in order."""
    calls: list[str] = []
    disable, enable = gc.disable, gc.enable
    monkeypatch.setattr(gc, "disable", lambda: (calls.append("disable"), disable())[1])
    monkeypatch.setattr(gc, "enable", lambda: (calls.append("enable"), enable())[1])
    was = gc.isenabled()
    yield calls
    enable() if was else disable()


@pytest.fixture
def scoring_gc(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """``gc.isenabled()`` at each moment an item set is scored (evaluate files, leaderboard)."""
    seen: list[bool] = []

    def spy(original: Callable[..., Any]) -> Callable[..., Any]:
        def evaluate(*args: Any, **kwargs: Any) -> Any:
            seen.append(gc.isenabled())
            return original(*args, **kwargs)

        return evaluate

    monkeypatch.setattr(_pipeline, "evaluate", spy(_pipeline.evaluate))
    monkeypatch.setattr(leaderboard_scoring, "evaluate", spy(leaderboard_scoring.evaluate))
    return seen


@pytest.fixture
def repo(tmp_path: Path, make_dataset) -> Path:  # type: ignore[no-untyped-def]
    """A checkout with the tiny dataset and three submissions on one board."""
    return checkout(tmp_path, make_dataset)


def _build(repo: Path) -> None:
    build_leaderboard(
        submissions_dir=repo / "submissions",
        markdown=repo / "LEADERBOARD.md",
        output=repo / "site",
        cache_dir=None,
    )


def _evaluate(_repo: Path) -> None:
    evaluate_files(REPO / "data" / "manifest.json", REPO / "predictions" / "example.json")


@pytest.mark.parametrize("enabled", [True, False], ids=["gc-on", "gc-off"])
@pytest.mark.parametrize("call", [_evaluate, _build], ids=["evaluate_files", "build_leaderboard"])
def test_library_calls_leave_the_collector_as_they_found_it(
    call: Callable[[Path], None],
    enabled: bool,
    repo: Path,
    gc_calls: list[str],
    scoring_gc: list[bool],
) -> None:
    (gc.enable if enabled else gc.disable)()
    gc_calls.clear()
    call(repo)
    assert gc_calls == [], "a library call switched the garbage collector"
    assert gc.isenabled() is enabled
    assert scoring_gc and set(scoring_gc) == {enabled}


def test_spotdiff_evaluate_pauses_the_collector_while_it_scores(
    gc_calls: list[str], scoring_gc: list[bool], capsys: pytest.CaptureFixture[str]
) -> None:
    gc.enable()
    code = main(["evaluate", "--quiet", "--predictions", str(REPO / "predictions/example.json")])
    assert code == 0 and capsys.readouterr().err == ""
    assert scoring_gc == [False]
    assert gc.isenabled(), "the command did not give the collector back"


def test_spotdiff_leaderboard_build_pauses_the_collector_while_it_scores(
    repo: Path, gc_calls: list[str], scoring_gc: list[bool], capsys: pytest.CaptureFixture[str]
) -> None:
    gc.enable()
    args = ["--submissions", repo / "submissions", "--markdown", repo / "LEADERBOARD.md"]
    args += ["--output", repo / "site", "--no-cache", "--quiet"]
    assert main(["leaderboard", "build", *map(str, args)]) == 0
    assert capsys.readouterr().err == ""
    assert len(scoring_gc) == 3 and not any(scoring_gc)
    assert gc.isenabled(), "the command did not give the collector back"
