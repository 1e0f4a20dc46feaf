"""Red team round 17 on ``spotdiff download`` and the dataset loader.

The real huggingface_hub client runs against the loopback hub
(``hub_fixtures.py``), in a ``spotdiff`` subprocess as a user runs it.
"""

from __future__ import annotations

import io
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO as REPO_ROOT
from conftest import run_cli
from fake_hub import FakeHub
from hub_fixtures import REPO, assert_one_error, dataset_files, download, published, tree
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


# -- a full disk ------------------------------------------------------------------------


def _big_dataset() -> dict[str, bytes]:
    return published({**dataset_files(), "data/viewer.jsonl": os.urandom(600_000)})


def _file_size_limit() -> None:
    """For ``preexec_fn``: writes past 100 kB fail with EFBIG, as on a full disk."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))


def test_a_write_refused_by_the_system_names_the_output_in_one_line(
    hub: FakeHub, tmp_path: Path
) -> None:
    """A real EFBIG from write(2): the error named no file ("spotdiff/tiny-dev:
    download failed: OSError: [Errno 27] File too large")."""
    hub.add_dataset(REPO, _big_dataset())
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "download", "--dataset", REPO, "--output", out],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_file_size_limit,
    )
    assert_one_error(result, f"{out}: cannot write: File too large")
    assert not out.exists()


def test_a_full_disk_is_one_line_and_keeps_the_output(hub: FakeHub, tmp_path: Path) -> None:
    """A 300 KB tmpfs in a private mount namespace (skipped where none can be made).

    huggingface_hub's "Not enough free disk space" UserWarning printed two
    lines of its source each time, naming the staging folder."""
    if (
        shutil.which("unshare") is None
        or subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False).returncode
    ):
        pytest.skip("cannot make a private mount namespace here")
    hub.add_dataset(REPO, _big_dataset())
    disk = tmp_path / "disk"
    disk.mkdir()
    out = disk / "out"
    script = (
        f'mount -t tmpfs -o size=300k tmpfs "{disk}" && mkdir "{out}" && '
        f'echo mine > "{out}/notes.txt" && cd "{REPO_ROOT}" && '
        f'"{sys.executable}" -m spotdiff_eval download --dataset {REPO} --output "{out}"; '
        f'echo "exit $?"; ls -A "{out}"; cat "{out}/notes.txt"'
    )
    result = subprocess.run(
        ["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.stderr == f"spotdiff: error: {out}: cannot write: No space left on device\n"
    assert result.stdout == "exit 1\nnotes.txt\nmine\n"


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
