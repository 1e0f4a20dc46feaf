"""What a board's dataset fetch leaves on disk: the cached commit, and nothing else.

A fetch stages a whole dataset in ``<cache>/datasets/<repo>/.fetch-*`` and
swaps it in; SIGKILL skips every ``finally``, so that folder stayed behind
for good, one dataset's worth of disk per killed build; so did every
build without a cache, in the temp folder. The real
huggingface_hub client runs against the loopback hub (``hub_fixtures.py``).
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fake_hub import FakeHub
from hub_fixtures import write_tree
from leaderboard_helpers import make_board
from published_shape import REPO as PUBLISHED_REPO
from published_shape import published_files

from spotdiff_eval.datasets import load_board
from spotdiff_eval.hub import board_dataset

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


@pytest.fixture
def board(hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A board on the published dataset's main branch, and the commit it resolves to."""
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "ENDPOINT", hub.url)
    monkeypatch.setattr(constants, "HF_HUB_DISABLE_TELEMETRY", True)
    head = hub.add_dataset(PUBLISHED_REPO, published_files())
    folder = make_board(tmp_path / "submissions", "v1-dev", "public",
                        dataset={"huggingface": PUBLISHED_REPO, "revision": "main"})  # fmt: skip
    return load_board(folder), head


def test_a_killed_fetchs_staging_folder_is_deleted_but_not_a_live_ones(
    board, tmp_path: Path
) -> None:
    board, head = board
    repo = tmp_path / "cache" / "datasets" / PUBLISHED_REPO
    write_tree(repo / ".fetch-killed", {"data/manifest.json": b"{}", "data/images/a.jpg": b"x"})
    write_tree(repo / ".fetch-running", {"data/manifest.json": b"{}"})
    live = os.open(repo / ".fetch-running", os.O_RDONLY)  # another build, still fetching
    fcntl.flock(live, fcntl.LOCK_EX)
    try:
        fetched = board_dataset(board, tmp_path, cache_dir=tmp_path / "cache")
    finally:
        os.close(live)

    assert fetched.commit == head
    assert sorted(p.name for p in repo.iterdir()) == [".fetch-running", head]


def test_a_cached_commit_a_killed_swap_set_aside_is_put_back(board, tmp_path: Path) -> None:
    """Where the folders cannot be exchanged, the old copy is renamed aside first; a
    kill between the two renames left the commit only in ``.<commit>.old-*``."""
    board, head = board
    repo = tmp_path / "cache" / "datasets" / PUBLISHED_REPO
    board_dataset(board, tmp_path, cache_dir=tmp_path / "cache")
    aside = repo / f".{head}.old-killed"
    aside.mkdir()
    os.rename(repo / head, aside / head)

    fetched = board_dataset(board, tmp_path, cache_dir=tmp_path / "cache")

    assert fetched.commit == head
    assert sorted(p.name for p in repo.iterdir()) == [head]


def test_no_cache_leaves_no_dataset_in_the_temp_folder(board, tmp_path: Path) -> None:
    """Without a cache the dataset is fetched into a folder for this run only, which
    every build left in the temp folder: a whole dataset each time."""
    board, head = board
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from spotdiff_eval.datasets import load_board\n"
        "from spotdiff_eval.hub import board_dataset\n"
        "board = load_board(Path(sys.argv[1]))\n"
        "fetched = board_dataset(board, Path(sys.argv[2]), cache_dir=None)\n"
        "print(fetched.commit, fetched.dataset.manifest_path)\n"
    )
    env = {**os.environ, "TMPDIR": str(scratch)}
    result = subprocess.run(
        [sys.executable, "-c", script, board.folder, tmp_path],
        env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    commit, manifest = result.stdout.split()
    assert commit == head
    assert Path(manifest).is_relative_to(scratch)  # it was fetched there, and is gone
    assert list(scratch.iterdir()) == []
