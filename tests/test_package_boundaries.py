"""The package's shape: private modules stay private, and imports flow one way.

A subpackage's underscore modules (``matching/_relation.py``) are its own
business; everything else imports the names its ``__init__`` re-exports.
Tests may reach inside, to test a rule where it lives. Between subpackages
the imports follow the data: file -> records -> matching -> scoring ->
report -> leaderboard -> site, never back.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "spotdiff_eval"

#: Lower layers never import higher ones. Within a layer, no cycles.
LAYERS = [
    {"errors", "version", "_util"},
    {"datasets"},
    {"matching"},
    {"scoring", "validation"},
    {"hub", "blind", "blind_tricks"},
    {"generator", "runner", "leaderboard"},
    {"ci"},
    {"commands", "cli", "__main__", "__init__"},
]
LAYER_OF = {name: i for i, layer in enumerate(LAYERS) for name in layer}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path) -> list[str]:
    """Absolute names of the spotdiff_eval modules and packages ``path`` imports."""
    me = _module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if node.module is None:
                found.extend(f"{target}.{alias.name}" for alias in node.names)
            else:
                found.append(target)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return [t for t in found if t == "spotdiff_eval" or t.startswith("spotdiff_eval.")]


def _private_owner(module: str) -> str | None:
    parts = module.split(".")
    for i in range(1, len(parts)):
        if parts[i].startswith("_") and not parts[i].startswith("__"):
            return ".".join(parts[:i])
    return None


SOURCES = sorted([*PACKAGE.rglob("*.py"), *(REPO / "benchmarks").glob("*.py")])


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(REPO)) for p in SOURCES])
def test_no_module_reaches_into_another_packages_private_modules(path: Path) -> None:
    me = _module_name(path)
    for target in _imports(path):
        owner = _private_owner(target)
        assert owner is None or me == owner or me.startswith(owner + "."), (
            f"{me} imports {target}: import the names {owner}/__init__.py re-exports"
        )


def _top(module: str) -> str:
    """The subpackage (or root module) ``module`` lives in; a name of the root is ``__init__``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "__init__"
    path = PACKAGE / parts[1]
    return parts[1] if path.is_dir() or path.with_suffix(".py").is_file() else "__init__"


def test_imports_between_subpackages_flow_one_way() -> None:
    edges: set[tuple[str, str]] = set()
    for path in PACKAGE.rglob("*.py"):
        me = _top(_module_name(path))
        for target in _imports(path):
            other = _top(target)
            if other != me and target != "spotdiff_eval":
                edges.add((me, other))
    unknown = {n for edge in edges for n in edge if n not in LAYER_OF}
    assert not unknown, f"place these subpackages in LAYERS: {sorted(unknown)}"
    upward = sorted((a, b) for a, b in edges if LAYER_OF[a] < LAYER_OF[b])
    assert not upward, f"a lower layer imports a higher one: {upward}"
    same_layer = {(a, b) for a, b in edges if LAYER_OF[a] == LAYER_OF[b]}
    cycles = sorted((a, b) for a, b in same_layer if (b, a) in same_layer)
    assert not cycles, f"subpackages import each other: {cycles}"


def test_the_package_root_holds_only_its_doors() -> None:
    modules = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert modules == ["__init__", "__main__", "blind", "blind_tricks", "cli", "errors", "version"]
