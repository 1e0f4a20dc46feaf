"""Red team round 17 on ``spotdiff download`` and the dataset loader.

The real huggingface_hub client runs against the loopback hub
(``hub_fixtures.py``), in a ``spotdiff`` subprocess as a user runs it.
"""

from __future__ import annotations

from pathlib import Path

from fake_hub import FakeHub
from hub_fixtures import REPO, dataset_files, download, published, tree

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


def test_unchanged_lfs_files_are_kept_across_versions(hub: FakeHub, tmp_path: Path) -> None:
    """Images served as the Hub serves LFS files (a 302 to its storage, a sha256
    ETag) download, switch versions and come back."""
    hub.lfs_suffixes = (".png", ".jpg")
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    out = tmp_path / "out"
    for revision in (first, "main", first):
        result = download("--dataset", REPO, "--revision", revision, "--output", out)
        assert result.returncode == 0, result.stderr
        assert tree(out) == hub.files(REPO, revision)
