"""Manifest paths: folder listings and cached folders decide as an ``lstat`` per file would.

``DatasetPaths`` finds files from one listing of each folder and normalises
each folder a manifest names once. Whatever a manifest writes (links inside
and outside the root, broken links, loops, ``..``, missing folders, a file
used as a folder, a NUL character, case variants), it must return the same
real path, or refuse with the same message, as the plain route: the
resolver written before the listings (``reference_find`` below, kept here
as the specification) and ``DatasetPaths(list_folders=False)``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spotdiff_eval.datasets._paths import DatasetPaths, PathProblem, is_data_style


def reference_find(folder: Path, root: Path, text: str, kind: str, *, must_exist: bool) -> str:
    """The resolver before folder listings: an ``lstat`` per candidate, nothing cached."""
    if text.startswith(("/", "\\")) or (len(text) > 1 and text[1] == ":"):
        raise PathProblem(f'absolute path "{text}" is not allowed')
    prefix = str(root).rstrip(os.sep) + os.sep

    def within(real: str) -> bool:
        return real == str(root) or real.startswith(prefix)

    def outside() -> PathProblem:
        return PathProblem(f'path "{text}" leads outside the dataset root {root}')

    relative = text.replace("\\", "/")
    dotdot = ".." in relative.split("/")
    bases = (str(folder), str(folder.parent))
    if is_data_style(text, folder.name):
        bases = bases[::-1]
    missing = []
    try:
        for base in bases:
            candidate = os.path.normpath(os.path.join(base, relative))
            mode = None
            if not dotdot:
                try:
                    mode = os.lstat(candidate).st_mode
                except (OSError, ValueError):
                    mode = None
            if dotdot or (mode is not None and stat.S_ISLNK(mode)):
                real = str(Path(candidate).resolve())
                exists = os.path.exists(real)
            else:
                parent, name = os.path.split(candidate)
                real, exists = os.path.join(str(Path(parent).resolve()), name), mode is not None
            if exists:
                if not within(real):
                    raise outside()
                return real
            missing.append((candidate, real))
    except (OSError, RuntimeError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise PathProblem(f'cannot resolve path "{text}": {reason}') from None
    inside = [(candidate, real) for candidate, real in missing if within(real)]
    if not inside:
        raise outside()
    if must_exist:
        raise PathProblem(f"{kind} file not found: {inside[0][0]}")
    return inside[0][1]


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dataset root ``ds`` (manifest in ``ds/data``) with every kind of path trouble."""
    top = tmp_path_factory.mktemp("paths")
    outside = top / "outside"
    outside.mkdir()
    (outside / "x.json").write_text("{}")
    data = top / "ds" / "data"
    annotations = data / "annotations"
    annotations.mkdir(parents=True)
    (data / "images").mkdir()
    (data / "empty").mkdir()
    for name in ("a.json", "b.json", "Up.json"):
        (annotations / name).write_text("{}")
    (data / "a.json").write_text("{}")
    (data / "images" / "a.png").write_bytes(b"")
    (annotations / "in.json").symlink_to(annotations / "a.json")
    (annotations / "out.json").symlink_to(outside / "x.json")
    (annotations / "broken.json").symlink_to(top / "nowhere.json")
    (annotations / "loop.json").symlink_to(annotations / "loop.json")
    (data / "linked").symlink_to(outside, target_is_directory=True)
    (data / "inner").symlink_to(annotations, target_is_directory=True)
    (annotations / "sub").mkdir()
    (annotations / "sub" / "a.json").write_text("{}")
    return top / "ds"


PARTS = [
    "data",
    "annotations",
    "images",
    "a.json",
    "b.json",
    "a.png",
    "up.json",
    "Up.json",
    "in.json",
    "out.json",
    "broken.json",
    "loop.json",
    "x.json",
    "linked",
    "inner",
    "sub",
    "empty",
    "missing",
    "ds",
    "outside",
    "..",
    ".",
    "",
    "a\x00.json",
]

texts = st.lists(st.sampled_from(PARTS), min_size=1, max_size=5).flatmap(
    lambda parts: st.sampled_from(["/", "\\"]).map(lambda sep: sep.join(parts))
)


def outcome(find, text: str, kind: str, must_exist: bool) -> str:
    try:
        return "found " + find(text, kind, must_exist=must_exist)
    except PathProblem as problem:
        return "refused " + str(problem)


@pytest.mark.parametrize("where", ["data", "."])
@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(paths=st.lists(st.tuples(texts, st.booleans()), min_size=1, max_size=8))
def test_listings_decide_as_lstat_per_file(
    tree: Path, where: str, paths: list[tuple[str, bool]]
) -> None:
    folder = (tree / where).absolute()
    root = tree.resolve()
    listed, plain = DatasetPaths(folder, root), DatasetPaths(folder, root, list_folders=False)
    for text, must_exist in paths:  # one instance for all: its caches are exercised too
        expected = outcome(
            lambda t, k, must_exist: reference_find(folder, root, t, k, must_exist=must_exist),
            text,
            "annotation",
            must_exist,
        )
        assert outcome(listed.find, text, "annotation", must_exist) == expected, text
        assert outcome(plain.find, text, "annotation", must_exist) == expected, text


@pytest.mark.parametrize(
    "text",
    [
        "data/annotations/a.json",
        "annotations/a.json",
        "data/annotations/in.json",
        "data/annotations/out.json",
        "data/annotations/broken.json",
        "data/annotations/loop.json",
        "data/annotations/missing.json",
        "data/missing/a.json",
        "data/a.json/a.json",
        "data/linked/x.json",
        "data/inner/sub/a.json",
        "data/images/a.png",
        "data/annotations/../a.json",
        "data/annotations/",
        "data/annotations/.",
        "data\\annotations\\b.json",
        "data/annotations/a\x00.json",
        "data/ann\x00otations/a.json",
    ],
)
@pytest.mark.parametrize("must_exist", [True, False])
def test_each_kind_of_path_decides_as_before(tree: Path, text: str, must_exist: bool) -> None:
    """The cases the fuzzing above must reach, named."""
    folder, root = (tree / "data").absolute(), tree.resolve()
    expected = outcome(
        lambda t, k, must_exist: reference_find(folder, root, t, k, must_exist=must_exist),
        text,
        "image",
        must_exist,
    )
    assert outcome(DatasetPaths(folder, root).find, text, "image", must_exist) == expected


def test_a_folder_is_listed_once(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many files of one folder cost one listing and no ``lstat`` of a file
    (resolving a folder's real path still asks of each of its components)."""
    listed: list[str] = []
    asked: list[str] = []
    real_scandir, real_lstat = os.scandir, os.lstat
    monkeypatch.setattr(os, "scandir", lambda p: listed.append(p) or real_scandir(p))
    monkeypatch.setattr(os, "lstat", lambda p: asked.append(str(p)) or real_lstat(p))
    paths = DatasetPaths((tree / "data").absolute(), tree.resolve())
    for _ in range(3):
        for name in ("a.json", "b.json", "Up.json"):
            paths.find(f"data/annotations/{name}", "annotation", must_exist=True)
        paths.find("data/nowhere/a.png", "image", must_exist=False)
    assert [p for p in asked if p.endswith((".json", ".png"))] == []
    assert len(listed) == 3  # annotations/, and nowhere/ under both bases
