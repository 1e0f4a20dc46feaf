"""Red team round 17 on ``spotdiff download`` and the dataset loader.

The real huggingface_hub client runs against the loopback hub
(``hub_fixtures.py``), in a ``spotdiff`` subprocess as a user runs it.
"""

from __future__ import annotations

import io
from pathlib import Path

from conftest import run_cli
from fake_hub import FakeHub
from hub_fixtures import REPO, dataset_files, download, published, tree
from PIL import Image
from published_shape import REPO as PUBLISHED_REPO
from published_shape import published_files

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


# -- a JPEG carrying more pictures (MPF) is a JPEG ------------------------------------


def _with_gain_map(jpeg: bytes) -> bytes:
    """``jpeg`` re-saved with a second, smaller picture in an MPF segment, as phones
    save an HDR gain map or a depth map (Pillow opens such a file as "MPO")."""
    image = Image.open(io.BytesIO(jpeg))
    out = io.BytesIO()
    image.save(out, format="MPO", save_all=True, append_images=[image.resize((48, 32))])
    assert Image.open(io.BytesIO(out.getvalue())).format == "MPO"
    return out.getvalue()


def test_a_jpeg_with_a_gain_map_downloads_and_validates(hub: FakeHub, tmp_path: Path) -> None:
    """It was refused ("image format is MPO, expected PNG or JPEG"), and with it the
    whole download."""
    files = published_files()
    image = "data/images/scene_0001_harbour.jpg"
    files[image] = _with_gain_map(files[image])
    hub.add_dataset(PUBLISHED_REPO, files)
    out = tmp_path / "spotdiff-data"

    result = download("--dataset", PUBLISHED_REPO, "--output", out)

    assert result.returncode == 0, result.stderr
    assert (out / image).read_bytes() == files[image]
    validated = run_cli("validate", out / "data")
    assert (validated.returncode, validated.stdout) == (0, f"{out / 'data'}: valid\n")
    assert "MPO" not in validated.stderr


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
