"""Each shared fact and mechanism is written once, where its layer owns it.

Copies drift: a sixth metric added to the scorer but not to result.json, a
git call hardened in one CI module but not the other. These tests read the
source, so a copy that comes back fails here, not in a review.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

from spotdiff_eval.leaderboard import site_views
from spotdiff_eval.scoring import METRIC_NAMES

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "spotdiff_eval"
SOURCES = sorted(
    p
    for p in [*PACKAGE.rglob("*.py"), *(REPO / "benchmarks").glob("*.py"), *REPO.glob("tests/*.py")]
    if p.name != Path(__file__).name
)


def _trees() -> Iterator[tuple[str, ast.AST]]:
    for path in SOURCES:
        yield str(path.relative_to(REPO)), ast.parse(path.read_text(encoding="utf-8"))


def _places(found: Callable[[ast.AST], bool], below: str = "spotdiff_eval/") -> list[str]:
    """The files below ``below`` in which some node is ``found``."""
    return sorted(
        {
            where
            for where, tree in _trees()
            if where.startswith(below) and any(found(node) for node in ast.walk(tree))
        }
    )


def _strings(node: ast.AST) -> set[str] | None:
    """The strings of a tuple, list or set written with string literals only."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set) and node.elts:
        values = [e.value if isinstance(e, ast.Constant) else None for e in node.elts]
        if all(isinstance(v, str) for v in values):
            return set(values)  # type: ignore[arg-type]
    return None


def test_the_metric_names_are_listed_once() -> None:
    copies = _places(lambda node: set(METRIC_NAMES) <= (_strings(node) or set()), below="")
    assert copies == ["spotdiff_eval/scoring/_metrics.py"]


def test_the_site_labels_every_metric_and_no_other() -> None:
    """The site keeps its own column order and labels, but not its own list of metrics."""
    assert sorted(key for key, _ in site_views.METRICS) == sorted(METRIC_NAMES)


def _spells_numbers(node: ast.AST) -> bool:
    """A list of number words, written as a tuple or as a string to split."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return "one two three" in " ".join(node.value.split())
    return {"one", "two", "three"} <= (_strings(node) or set())


def test_the_number_words_are_spelled_once() -> None:
    copies = _places(_spells_numbers, below="")
    assert copies == ["spotdiff_eval/matching/_lexicon.py"]


def test_one_walker_follows_exception_chains() -> None:
    walkers = _places(
        lambda node: isinstance(node, ast.Attribute) and node.attr in ("__cause__", "__context__")
    )
    assert walkers == ["spotdiff_eval/_util/exception_chain.py"]


def test_one_module_runs_git() -> None:
    """CI reads an outsider's clone with git: its safeguards live in one wrapper."""
    runners = _places(
        lambda node: (
            isinstance(node, ast.Import) and any(a.name == "subprocess" for a in node.names)
        )
    )
    assert runners == ["spotdiff_eval/ci/_git.py"]


def _formats_a_percentage(node: ast.AST) -> bool:
    """``f"{100 * x:.1f}"``: a share formatted as a percentage by hand."""
    if not (isinstance(node, ast.FormattedValue) and isinstance(node.value, ast.BinOp)):
        return False
    factors = (node.value.left, node.value.right)
    spec = ast.unparse(node.format_spec) if node.format_spec else ""
    return ".1f" in spec and any(isinstance(f, ast.Constant) and f.value == 100 for f in factors)


def test_one_function_formats_percentages() -> None:
    assert (
        _places(_formats_a_percentage)
        == ["spotdiff_eval/_util/percent.py"]
        == ["spotdiff_eval/_util/percent.py"]
    )


def test_the_shared_options_are_declared_once() -> None:
    """``--manifest`` and ``--quiet`` mean the same in every ``spotdiff`` command: one
    declaration each (``python -m spotdiff_eval.generator.example_answers``, a script of
    its own below the commands' layer, keeps its own)."""
    declared = sorted(
        (where, node.args[0].value)
        for where, tree in _trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "add_argument"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value in ("--manifest", "-q", "--quiet")
        and where.startswith("spotdiff_eval/commands/")
    )
    assert declared == [
        ("spotdiff_eval/commands/__init__.py", "--manifest"),
        ("spotdiff_eval/commands/__init__.py", "-q"),
    ]


def _top_level_names(tree: ast.AST) -> Iterator[str]:
    for node in tree.body:  # type: ignore[attr-defined]
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Assign):
            yield from (t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id


def test_names_that_meant_two_things_mean_one() -> None:
    """``KINDS`` was difference kinds, object kinds and validate's targets; the two
    ``token_from_env`` did opposite things when the variable was unset."""
    names = {
        "KINDS": ["spotdiff_eval/datasets/_domain.py"],
        "OBJECT_KINDS": ["spotdiff_eval/generator/catalogue.py"],
        "TARGET_KINDS": ["spotdiff_eval/validation/_validate.py"],
        "token_from_env": [],
        "optional_env_token": ["spotdiff_eval/hub/_transfer.py"],
        "required_env_token": ["spotdiff_eval/ci/steps.py"],
        "render_markdown": [],
        "render_result_markdown": ["spotdiff_eval/ci/summary.py"],
        "render_leaderboard_markdown": ["spotdiff_eval/leaderboard/markdown.py"],
    }
    defined: dict[str, list[str]] = {name: [] for name in names}
    for where, tree in _trees():
        for name in _top_level_names(tree):
            if name in defined and where.startswith("spotdiff_eval/"):
                defined[name].append(where)
    assert defined == names
