"""Red team round 17 on ``spotdiff download`` and the dataset loader.

The real huggingface_hub client runs against the loopback hub
(``hub_fixtures.py``), in a ``spotdiff`` subprocess as a user runs it.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import REPO as REPO_ROOT
from conftest import run_cli
from fake_hub import FakeHub
from hub_fixtures import (
    OWNER_TOKEN,
    REPO,
    assert_one_error,
    cut_short,
    dataset_files,
    download,
    download_moving_slowly,
    published,
    tree,
    write_tree,
)
from leaderboard_helpers import make_board
from PIL import Image
from published_shape import REPO as PUBLISHED_REPO
from published_shape import published_files

from spotdiff_eval.datasets import load_board
from spotdiff_eval.errors import SpotDiffError
from spotdiff_eval.hub import board_dataset
from spotdiff_eval.runner.inputs import read_image

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


# -- a downloaded file changed by hand ----------------------------------------------------


def _edit(path: Path, *, keep_time: bool) -> bytes:
    """Change one byte of ``path`` (a description, or a pixel's JPEG/PNG tail); its bytes."""
    before = path.stat()
    if path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        data["differences"][0]["description"] = "Fixed by hand: the ball turns teal."
        content = json.dumps(data, indent=2).encode()
    else:
        content = path.read_bytes()[:-1] + b"\x00"
    path.write_bytes(content)
    if keep_time:  # as cp -p or rsync -t leave it
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    else:
        os.utime(path, (time.time() + 5, time.time() + 5))  # edited later, as a person would
    return content


@pytest.mark.parametrize("keep_time", [False, True], ids=["edited later", "time kept"])
@pytest.mark.parametrize(
    ("name", "lfs"),
    [("data/annotations/scene_a_park.json", False), ("data/images/scene_a_park.png", True)],
    ids=["annotation", "LFS image"],
)
def test_a_downloaded_file_changed_since_is_not_overwritten(
    hub: FakeHub, tmp_path: Path, name: str, lfs: bool, keep_time: bool
) -> None:
    """Edited later, the file was silently replaced by the hub's copy (the edit
    lost); edited with its time kept, it was silently kept while the download
    said "at commit <sha> ... (valid)". Images are LFS files on the Hub, whose
    ETag is a sha256 rather than a git blob sha1."""
    if lfs:
        hub.lfs_suffixes = (".png", ".jpg")
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    out = tmp_path / "out"
    assert download("--dataset", REPO, "--revision", first, "--output", out).returncode == 0
    if lfs:
        assert [r for r in hub.requests if r.path.startswith("/lfs-cdn/")], "served as LFS"
    edited = _edit(out / name, keep_time=keep_time)
    before = tree(out)

    for revision in ("main", first):
        result = download("--dataset", REPO, "--revision", revision, "--output", out)
        assert_one_error(
            result,
            f"{out}: would overwrite {name}, changed since an earlier download wrote it; "
            "move your version away or choose an empty folder with --output",
        )
    assert tree(out) == before
    assert (out / name).read_bytes() == edited

    (out / name).unlink()  # put away: the download goes on
    result = download("--dataset", REPO, "--output", out)
    assert result.returncode == 0, result.stderr
    assert tree(out) == hub.files(REPO)


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


# -- repository files where downloads keep their own ------------------------------------


@pytest.mark.parametrize(
    "planted",
    [
        {".spotdiff-download-x/moves.json": b'["notes.txt"]',
         ".spotdiff-download-x/files/notes.txt": b"replaced\n"},
        {".cache/huggingface/download/notes.txt.metadata": b"0\n0\n0\n"},
        {".Cache/HuggingFace/download/notes.txt.metadata": b"0\n0\n0\n"},
    ],
    ids=["a staging folder", "huggingface_hub's records", "records in another case"],
)  # fmt: skip
def test_a_repository_planting_download_work_files_is_refused(
    hub: FakeHub, tmp_path: Path, planted: dict[str, bytes]
) -> None:
    """A planted staging folder with a list of moves was "finished" by the next
    download into the same folder, replacing a file of the user's no download
    wrote (here notes.txt), whatever dataset that next download fetched."""
    evil = f"{REPO}-planted"
    head = hub.add_dataset(evil, {**published(dataset_files()), **planted})
    hub.add_dataset(REPO, published(dataset_files()))
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine\n", encoding="utf-8")

    result = download("--dataset", evil, "--output", out)

    names = ", ".join(sorted(planted))
    assert_one_error(
        result,
        f"{evil}: commit {head}: holds {names}, in a folder downloads keep their own files "
        "in, so it is not a SpotDiff dataset; nothing was downloaded",
    )
    assert not [r for r in hub.requests if "/resolve/" in r.path]
    assert download("--dataset", REPO, "--output", out).returncode == 0
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    assert tree(out) == {**hub.files(REPO), "notes.txt": b"mine\n"}


# -- huggingface_hub's timeouts ----------------------------------------------------------


@pytest.mark.parametrize("value", ["30s", "2.5", ""])
@pytest.mark.parametrize("name", ["HF_HUB_ETAG_TIMEOUT", "HF_HUB_DOWNLOAD_TIMEOUT"])
@pytest.mark.parametrize("command", ["download", "publish-dataset"])
def test_a_timeout_that_is_not_a_whole_number_is_one_line(
    hub: FakeHub, tmp_path: Path, name: str, value: str, command: str
) -> None:
    """huggingface_hub reads them with int() when imported: a traceback."""
    if command == "download":
        args: list[str | Path] = ["download", "--dataset", REPO, "--output", tmp_path / "out"]
    else:
        args = ["publish-dataset", "data", "--dataset", REPO]
    result = run_cli(*args, env={name: value, "HF_TOKEN": OWNER_TOKEN})
    assert_one_error(result, f"{name}: must be a whole number of seconds (or unset)")
    assert hub.requests == []
    assert not (tmp_path / "out").exists()


# -- the loader ---------------------------------------------------------------------------


def test_manifest_paths_with_backslashes_validate_as_they_load(tmp_path: Path) -> None:
    """The loader reads ``data\\images\\x.png`` (a manifest saved by a Windows tool);
    validate compared its file name unsplit with the annotation's ``image`` and
    refused every item."""
    files = dataset_files()
    manifest = json.loads(files["data/manifest.json"])
    for entry in manifest["items"]:
        entry["image"] = entry["image"].replace("/", "\\")
    files["data/manifest.json"] = json.dumps(manifest).encode()
    root = write_tree(tmp_path / "root", files)

    result = run_cli("validate", root / "data")

    assert (result.returncode, result.stdout) == (0, f"{root / 'data'}: valid\n")
    assert "differs" not in result.stderr


# -- two downloads into one folder -------------------------------------------------------


def test_two_downloads_into_one_folder_leave_one_commit_whole(hub: FakeHub, tmp_path: Path) -> None:
    """Each checked its own files, then both renamed theirs in at once: the folder
    ended with the manifest of one commit and files of the other, checked by
    neither. The first here moves its files in slowly; the second starts
    meanwhile, waits for it, and its commit is what the folder holds."""
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    out = tmp_path / "out"
    moving = download_moving_slowly(
        "--dataset", REPO, "--revision", first, "--output", out, first=0.2, each=0.2
    )
    with moving as slow:
        second = download("--dataset", REPO, "--output", out)
        _, stderr = slow.communicate(timeout=60)
    assert (slow.returncode, stderr) == (0, "")
    assert second.returncode == 0, second.stderr
    assert tree(out) == hub.files(REPO)
    assert [p.name for p in out.iterdir() if p.name.startswith(".spotdiff")] == []


# -- a file the hub refuses ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "headers", "what"),
    [
        (404, {"X-Error-Code": "EntryNotFound", "X-Error-Message": "gone"},
         "the hub answered HTTP 404: gone"),
        (403, {"X-Error-Message": "Blocked by policy"}, "access denied: Blocked by policy"),
    ],
    ids=["404", "403"],
)  # fmt: skip
def test_a_file_the_hub_refuses_is_named(
    hub: FakeHub, tmp_path: Path, status: int, headers: dict[str, str], what: str
) -> None:
    """The error named the dataset only: which of its files failed was not said."""
    hub.add_dataset(REPO, published(dataset_files()))
    hub.fail("scene_a_park.png", status, headers)
    out = tmp_path / "out"
    result = download("--dataset", REPO, "--output", out)
    assert_one_error(result, f"{REPO}: data/images/scene_a_park.png: {what}")
    assert not out.exists()


def test_a_hub_limiting_requests_says_to_try_again_later(hub: FakeHub, tmp_path: Path) -> None:
    hub.add_dataset(REPO, published(dataset_files()))
    hub.fail("/api/datasets/", 429, {"X-Error-Message": "Too Many Requests"})
    result = download("--dataset", REPO, "--output", tmp_path / "out")
    assert_one_error(result, f"{REPO}: the hub limits requests (HTTP 429); try again later")


# -- a clone made without Git LFS ---------------------------------------------------------


def _pointer(content: bytes) -> bytes:
    oid = hashlib.sha256(content).hexdigest()
    spec = "https://git-lfs.github.com/spec/v1"
    return f"version {spec}\noid sha256:{oid}\nsize {len(content)}\n".encode()


def test_git_lfs_pointers_are_named_as_such(tmp_path: Path) -> None:
    """``git clone`` of the dataset repository without git-lfs leaves a pointer for
    each image: validate said "cannot identify image file", run "not a PNG, JPEG,
    GIF or WebP image", and a JSON file "line 1 column 1: invalid JSON"."""
    files = published(dataset_files())
    image, annotation = "data/images/scene_a_park.png", "data/annotations/scene_b_kitchen.json"
    for name in (image, annotation):
        files[name] = _pointer(files[name])
    root = write_tree(tmp_path / "clone", files)
    said = (
        "is a Git LFS pointer, not the file itself (the repository was cloned without Git "
        "LFS: run `git lfs pull` in it; spotdiff download fetches a dataset whole)"
    )

    result = run_cli("validate", root / "data")

    assert result.returncode == 1
    errors = [line for line in result.stderr.splitlines() if "error" in line]
    assert errors == [
        f"spotdiff: error: {root / annotation}: {said}",
        f"spotdiff: error: {root / image}: {said}",
    ]
    with pytest.raises(SpotDiffError) as raised:
        read_image(root / image)
    assert raised.value.one_line() == f"{root / image}: {said}"


# -- a hub that names no commit -------------------------------------------------------------


@pytest.mark.parametrize(
    "sha", [None, "", "main", "../../etc"], ids=["absent", "empty", "a name", "a path"]
)
def test_a_hub_that_names_no_commit_is_said_to_be_odd(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sha: str | None
) -> None:
    """A mirror whose dataset info lacks a sha had the transfer ask for revision
    "None", and the user read: revision "main": not found."""
    hub.add_dataset(REPO, published(dataset_files()))
    real_info = hub._info

    def info(repo: object, revision: str) -> tuple[int, dict[str, str], bytes]:
        status, headers, body = real_info(repo, revision)
        data = json.loads(body)
        if sha is None:
            del data["sha"]
        else:
            data["sha"] = sha
        return status, headers, json.dumps(data).encode()

    monkeypatch.setattr(hub, "_info", info)
    out = tmp_path / "out"
    result = download("--dataset", REPO, "--output", out)
    assert_one_error(
        result,
        f'{hub.url}: revision "main": the hub\'s answer names no commit sha for it; '
        "is HF_ENDPOINT a Hugging Face Hub?",
    )
    assert not [r for r in hub.requests if "/resolve/" in r.path]
    assert not out.exists()


# -- the boards' dataset cache ------------------------------------------------------------


def test_a_complete_cached_commit_is_kept_not_replaced_under_its_readers(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unpinned board fetches its branch on every build; the cached copy of the
    commit it resolves to was deleted and replaced each time, under any other
    build reading it then (its annotations vanished mid-load)."""
    from huggingface_hub import constants

    # Read from the environment when first imported, perhaps by an earlier test without
    # hub_env: with telemetry on, a request asks the hub for its agent-harnesses list.
    monkeypatch.setattr(constants, "ENDPOINT", hub.url)
    monkeypatch.setattr(constants, "HF_HUB_DISABLE_TELEMETRY", True)
    head = hub.add_dataset(PUBLISHED_REPO, published_files())
    folder = make_board(tmp_path / "submissions", "v1-dev", "public",
                        dataset={"huggingface": PUBLISHED_REPO, "revision": "main"})  # fmt: skip
    board = load_board(folder)
    cache = tmp_path / "cache"

    first = board_dataset(board, tmp_path, cache_dir=cache)
    cached = cache / "datasets" / PUBLISHED_REPO / head
    reader = os.open(cached / "data" / "manifest.json", os.O_RDONLY)  # another build's view
    try:
        before = os.fstat(reader)
        second = board_dataset(board, tmp_path, cache_dir=cache)
        assert os.path.samestat(os.stat(cached / "data" / "manifest.json"), before)
    finally:
        os.close(reader)
    assert first.commit == second.commit == head
    assert second.dataset.fingerprint == first.dataset.fingerprint
    assert sorted(p.name for p in cached.parent.iterdir()) == [head]


def test_an_incomplete_cached_commit_is_replaced_whole(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fetch killed before it marked its copy complete: the next one puts a
    complete copy in its place, and leaves no work folder behind."""
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "ENDPOINT", hub.url)
    monkeypatch.setattr(constants, "HF_HUB_DISABLE_TELEMETRY", True)
    head = hub.add_dataset(PUBLISHED_REPO, published_files())
    folder = make_board(tmp_path / "submissions", "v1-dev", "public",
                        dataset={"huggingface": PUBLISHED_REPO, "revision": "main"})  # fmt: skip
    cache = tmp_path / "cache"
    cached = cache / "datasets" / PUBLISHED_REPO / head
    write_tree(cached, {"data/manifest.json": b"{", "half.txt": b"from a killed fetch"})

    fetched = board_dataset(load_board(folder), tmp_path, cache_dir=cache)
    assert fetched.commit == head
    assert not (cached / "half.txt").exists()
    assert (cached / "data" / "manifest.json").read_bytes() == published_files()[
        "data/manifest.json"
    ]
    assert sorted(p.name for p in cached.parent.iterdir()) == [head]


@pytest.mark.parametrize(
    "spaced", [" {url}", "{url} ", "{url}\n"], ids=["before", "after", "newline"]
)
@pytest.mark.parametrize("command", ["download", "publish-dataset"])
def test_an_hf_endpoint_with_spaces_around_is_one_line(
    hub: FakeHub, tmp_path: Path, spaced: str, command: str
) -> None:
    """As a .env file or a copy and paste leaves it: the check passed it (it
    strips), huggingface_hub did not ("Port could not be cast": a traceback)."""
    if command == "download":
        args: list[str | Path] = ["download", "--dataset", REPO, "--output", tmp_path / "out"]
    else:
        args = ["publish-dataset", "data", "--dataset", REPO]
    endpoint = spaced.format(url=hub.url)
    result = run_cli(*args, env={"HF_ENDPOINT": endpoint, "HF_TOKEN": OWNER_TOKEN})
    assert_one_error(result, "HF_ENDPOINT: must not start or end with a space or line break")
    assert hub.requests == []
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["download", "publish-dataset"])
@pytest.mark.parametrize("token_env", ["HF_TOKEN", "MY_HF"])
def test_a_token_no_header_can_carry_is_one_line_naming_its_variable(
    hub: FakeHub, tmp_path: Path, command: str, token_env: str
) -> None:
    """It was "'ascii' codec can't encode character '\\xf6' in position 11"."""
    flags = [] if token_env == "HF_TOKEN" else ["--token-env", token_env]
    if command == "download":
        args: list[str | Path] = ["download", "--dataset", REPO, "--output", tmp_path / "out"]
    else:
        args = ["publish-dataset", "data", "--dataset", REPO]
    result = run_cli(*args, *flags, env={token_env: "hf_tökén0123456789"})
    assert_one_error(
        result,
        f"{token_env}: holds a character no Hugging Face token has (not ASCII, or a control "
        "character); check its value",
    )
    assert hub.requests == []
    assert not (tmp_path / "out").exists()


def test_the_published_shape_downloads_with_its_images_served_as_lfs(
    hub: FakeHub, tmp_path: Path
) -> None:
    """As the Hub serves the published set: its JPEGs through LFS (a 302 to storage)."""
    hub.lfs_suffixes = (".jpg", ".png")
    files = published_files()
    head = hub.add_dataset(PUBLISHED_REPO, files)
    out = tmp_path / "spotdiff-data"

    result = download("--dataset", PUBLISHED_REPO, "--output", out)

    assert result.returncode == 0, result.stderr
    assert f"at commit {head}" in result.stdout
    assert tree(out) == files
    assert len([r for r in hub.requests if r.path.startswith("/lfs-cdn/")]) == 2
    again = download("--dataset", PUBLISHED_REPO, "--output", out)
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize("lfs", [False, True], ids=["regular", "LFS"])
def test_a_file_cut_short_is_one_line(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lfs: bool
) -> None:
    """A proxy that sends fewer bytes than the hub announced, every time: the line
    was huggingface_hub's message cut at 200 characters ("... Please retry wit…",
    about an option spotdiff does not have). A regular file is named; an LFS
    file comes from storage, under its hash, named by its base name (the file
    went unnamed before red team round 20)."""
    name = "data/images/scene_a_park.png"
    hub.lfs_suffixes = (".png",) if lfs else ()
    files = published(dataset_files())
    hub.add_dataset(REPO, files)
    route = "_lfs_object" if lfs else "_resolve"
    cut_short(hub, monkeypatch, route, files[name], len(files[name]) - 10)
    out = tmp_path / "out"
    result = download("--dataset", REPO, "--output", out)
    size = len(files[name])
    assert_one_error(
        result,
        f"{REPO}: {name}: a file's download was cut short ({size - 10:,} of {size:,} bytes): "
        "a network or proxy problem; try again",
    )
    assert not out.exists()


@pytest.mark.parametrize(
    ("revision", "what"),
    [
        ("", "is empty: give a branch, a tag or a commit sha"),
        (" main", '" main" has spaces around it'),
        ("v1.0\n", '"v1.0\\n" has spaces around it'),
    ],
    ids=["empty", "space", "newline"],
)
def test_an_empty_or_spaced_revision_is_a_usage_error(
    in_process: Callable[..., subprocess.CompletedProcess[str]],
    hub: FakeHub,
    tmp_path: Path,
    revision: str,
    what: str,
) -> None:
    """``--revision "$REV"`` with REV unset asked the hub for ``.../revision/``:
    "the hub answered HTTP 404"."""
    result = in_process("download", "--dataset", REPO, "--revision", revision,
                        "--output", tmp_path / "out")  # fmt: skip
    assert_one_error(
        result,
        f"spotdiff download: argument --revision: {what} (see 'spotdiff download --help')",
        status=2,
    )
    assert hub.requests == []
