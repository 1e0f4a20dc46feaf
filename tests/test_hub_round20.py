"""Red team round 20: loading real published data, and what a download does to a folder.

Each test names the published variant or the attack it plays; the hub is the
loopback one of ``hub_fixtures.py``, spoken to by the real huggingface_hub.
"""

from __future__ import annotations

import json
import shutil
import signal
import tempfile
from pathlib import Path

import pytest
from conftest import run_cli
from fake_hub import FakeHub, lfs_pointer
from hub_fixtures import (
    REPO,
    assert_one_error,
    assert_refused,
    dataset_files,
    download,
    download_moving_slowly,
    json_bytes,
    published,
    tree,
    write_tree,
)
from leaderboard_helpers import make_board
from published_shape import REPO as PUBLISHED_REPO
from published_shape import published_files

from spotdiff_eval.datasets import load_board
from spotdiff_eval.hub import board_dataset

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


# -- a new version that drops files ------------------------------------------------------


def test_files_a_new_version_dropped_leave_the_folder(hub: FakeHub, tmp_path: Path) -> None:
    """Published variant: version 1.1 drops an item (its annotation and image).
    Downloaded over 1.0, the folder kept the dropped item's files: it said "at
    commit <1.1>" while holding files no commit of 1.1 has, and publishing it
    again listed them as strays."""
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    head = hub.commit(
        REPO, published(dataset_files("1.1", drop=("scene_b_kitchen",))), "Drop the kitchen"
    )
    out = tmp_path / "out"
    assert download("--dataset", REPO, "--revision", first, "--output", out).returncode == 0
    assert "data/images/scene_b_kitchen.png" in tree(out)

    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 0, result.stderr
    assert tree(out) == hub.files(REPO, head)
    assert not list((out / ".cache" / "huggingface" / "download").rglob("scene_b_kitchen*"))
    # and back: the older version's files return whole
    result = download("--dataset", REPO, "--revision", first, "--output", out)
    assert result.returncode == 0, result.stderr
    assert tree(out) == hub.files(REPO, first)


def test_a_dropped_file_changed_since_is_kept(hub: FakeHub, tmp_path: Path) -> None:
    """The dropped annotation was fixed by hand after the first download: the
    user's edit is theirs, never deleted by a download."""
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    hub.commit(REPO, published(dataset_files("1.1", drop=("scene_b_kitchen",))), "Drop")
    out = tmp_path / "out"
    assert download("--dataset", REPO, "--revision", first, "--output", out).returncode == 0
    edited = out / "data" / "annotations" / "scene_b_kitchen.json"
    edited.write_bytes(edited.read_bytes().replace(b"apples", b"pears"))

    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 0, result.stderr
    assert b"pears" in edited.read_bytes()
    assert not (out / "data" / "images" / "scene_b_kitchen.png").exists()


def test_folders_a_new_version_emptied_are_removed(hub: FakeHub, tmp_path: Path) -> None:
    """Published variant: nested folders (``data/extras/2024/``) that a new version
    no longer has; their files gone, the empty folders were left behind."""
    first = hub.add_dataset(
        REPO, {**published(dataset_files()), "data/extras/2024/notes.txt": b"old notes\n"}
    )
    head = hub.commit(REPO, published(dataset_files()), "No more extras")
    out = tmp_path / "out"
    assert download("--dataset", REPO, "--revision", first, "--output", out).returncode == 0

    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 0, result.stderr
    assert tree(out) == hub.files(REPO, head)
    assert not (out / "data" / "extras").exists()
    assert not (out / ".cache" / "huggingface" / "download" / "data" / "extras").exists()


# -- Git LFS pointers the hub itself serves -------------------------------------------------


def test_pointers_the_hub_serves_are_blamed_on_the_repository(hub: FakeHub, tmp_path: Path) -> None:
    """Attack (or a careless upload): the repository holds LFS pointer texts as
    its images, committed from a clone without Git LFS. The download said of
    each one "the repository was cloned without Git LFS: run `git lfs pull` in
    it", advice for a git clone, about a folder that is none, where nothing
    the user runs can fetch the pictures: only the repository can be fixed."""
    files = published(dataset_files())
    names = ["data/images/scene_a_park.png", "data/images/scene_b_kitchen.png"]
    for name in names:
        files[name] = lfs_pointer(files[name])
    hub.add_dataset(REPO, files)
    out = tmp_path / "out"
    out.mkdir()

    result = download("--dataset", REPO, "--output", out)

    assert_one_error(
        result,
        f"{REPO}: {names[0]}: the repository holds a Git LFS pointer in place of this file "
        f"(and 1 more file): it was uploaded from a clone without Git LFS; its maintainer "
        f"must upload the files themselves; nothing was written to {out}",
    )
    assert list(out.iterdir()) == []


# -- a board's cached dataset that no longer matches ----------------------------------------


@pytest.mark.parametrize(
    ("old", "new"), [(b'"purple"', b'"violet"'), (b"{", b"")], ids=["a value", "broken JSON"]
)
def test_a_cached_commit_changed_since_is_fetched_again(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: bytes, new: bytes
) -> None:
    """Attack (or a slip): an annotation in the board cache was edited (a user
    "fixing" a gold value there, a sync tool, a bad disk). The pinned commit,
    found complete in the cache, was loaded without a request and failed the
    board's fingerprint, on every build for good, the message blaming the
    dataset "fetched from" the Hub and never naming the cache; an annotation
    broken there failed to load, for good too."""
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "ENDPOINT", hub.url)
    head = hub.add_dataset(PUBLISHED_REPO, published_files())
    cache = tmp_path / "cache"
    unpinned = make_board(tmp_path / "submissions", "v1-dev", "public",
                          dataset={"huggingface": PUBLISHED_REPO, "revision": head})  # fmt: skip
    truth = board_dataset(load_board(unpinned), tmp_path, cache_dir=cache).dataset.fingerprint
    pinned = make_board(tmp_path / "submissions", "v1-dev", "public", fingerprint=truth,
                        dataset={"huggingface": PUBLISHED_REPO, "revision": head})  # fmt: skip
    cached = cache / "datasets" / PUBLISHED_REPO / head
    annotation = cached / "data" / "annotations" / "scene_0001_harbour.json"
    annotation.write_bytes(annotation.read_bytes().replace(old, new, 1))

    fetched = board_dataset(load_board(pinned), tmp_path, cache_dir=cache)

    assert fetched.dataset.fingerprint == truth
    assert (
        annotation.read_bytes()
        == hub.files(PUBLISHED_REPO)["data/annotations/scene_0001_harbour.json"]
    )
    assert [p.name for p in (cache / "datasets" / PUBLISHED_REPO).iterdir()] == [head]


def test_a_download_killed_while_dropping_files_is_finished_by_the_next_one(
    hub: FakeHub, tmp_path: Path
) -> None:
    """Attack on the removal above: SIGKILL in the middle of the move. The next
    download (even one that cannot reach the hub) finishes the commit: the new
    version whole, the dropped item's files gone, never a mix."""
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    head = hub.commit(
        REPO, published(dataset_files("1.1", drop=("scene_b_kitchen",))), "Drop the kitchen"
    )
    out = tmp_path / "out"
    assert download("--dataset", REPO, "--revision", first, "--output", out).returncode == 0
    with download_moving_slowly("--dataset", REPO, "--output", out, first=60) as process:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert (out / "data" / "manifest.json").read_bytes() != hub.files(REPO)["data/manifest.json"]
    hub.outage = True

    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 1
    assert tree(out) == hub.files(REPO, head)
    assert [p.name for p in out.iterdir() if p.name.startswith(".spotdiff")] == []


# -- a file name this filesystem cannot hold --------------------------------------------------


def test_a_file_name_too_long_to_write_names_the_repository_file(
    hub: FakeHub, tmp_path: Path
) -> None:
    """Attack (or a long caption turned file name): a file whose name is 250
    bytes, which the Hub and Linux allow, but not with the ``.lock`` or
    ``.metadata`` huggingface_hub adds for its record of it. The line named
    ``OUT/.cache/huggingface/download/...lock``, a path in the output that does
    not exist and that the user never asked for."""
    name = "data/notes/" + "n" * 246 + ".txt"
    hub.add_dataset(REPO, {**published(dataset_files()), name: b"notes\n"})
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    assert_refused(
        result,
        out,
        f"{REPO}: {name}: cannot write it: File name too long (with the suffix of "
        "huggingface_hub's record of it, the name is too long for this filesystem)",
    )


# -- JPEG images with boxes drawn tight -----------------------------------------------------


def test_jpeg_panels_with_tight_boxes_validate(tmp_path: Path) -> None:
    """Published variant: the JPEG set with ``panel_boxes`` and each difference's
    ``bbox`` drawn tight around the object (both optional, both allowed). JPEG
    keeps colour at half resolution and blurs an edge over a pixel or two: the
    pixel audit found 50 to 80 changed pixels just outside each coloured box,
    "which no difference's bbox covers", and refused the dataset (and its
    download)."""
    files = published_files()
    name = "data/annotations/scene_0001_harbour.json"
    annotation = json.loads(files[name])
    annotation["panel_boxes"] = [[0, 0, 96, 64], [96, 0, 192, 64]]
    kite, boat = annotation["differences"]
    kite["bbox"], boat["bbox"] = [10, 10, 31, 31], [5, 40, 36, 59]  # as drawn, x1/y1 exclusive
    files[name] = json_bytes(annotation)
    root = write_tree(tmp_path / "ds", files)

    result = run_cli("validate", root / "data")

    assert result.returncode == 0, result.stderr
    assert "bbox covers" not in result.stderr


# -- a folder of the output on another filesystem ---------------------------------------------


def test_a_data_folder_linked_to_another_filesystem_is_said_to_be_so(
    hub: FakeHub, tmp_path: Path
) -> None:
    """Variant of a user's folder: ``data/`` is a link to a larger disk. The files
    are staged inside ``--output`` and renamed into place, which cannot cross a
    filesystem: the line read "OUT: cannot write: Invalid cross-device link",
    naming neither the link nor what to do. Nothing is written either way."""
    shm = Path("/dev/shm")
    if not shm.is_dir() or shm.stat().st_dev == tmp_path.stat().st_dev:
        pytest.skip("needs /dev/shm on a filesystem of its own")
    hub.add_dataset(REPO, published(dataset_files()))
    out = tmp_path / "out"
    out.mkdir()
    elsewhere = Path(tempfile.mkdtemp(dir=shm))
    try:
        (out / "data").symlink_to(elsewhere)

        result = download("--dataset", REPO, "--output", out)

        assert_one_error(
            result,
            f"{out / 'data'}: is on another filesystem than {out} (through a link), and a "
            f"download moves its files in from {out}: choose an --output on the filesystem "
            "of the dataset's folders; nothing was written",
        )
        assert list(elsewhere.iterdir()) == []
        assert sorted(p.name for p in out.iterdir()) == ["data"]
    finally:
        shutil.rmtree(elsewhere)
