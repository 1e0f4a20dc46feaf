"""A refused or stopped ``spotdiff download`` leaves its destination exactly as it was.

The files used to land straight in ``--output``: a dataset refused after
the transfer stayed there, and a stopped download left half a dataset, the
older files it was replacing already deleted. The real huggingface_hub
client runs against the loopback hub (``hub_fixtures.py``).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest
from fake_hub import FakeHub
from hub_fixtures import (
    REPO,
    dataset_files,
    download,
    download_moving_slowly,
    download_stalled,
    published,
)

from spotdiff_eval.errors import SpotDiffError
from spotdiff_eval.hub._errors import HubCall, transfer_failure
from spotdiff_eval.hub._staging import staged_download

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


def everything(root: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``root``, hidden ones included."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes() if path.is_file() else None
        for path in sorted(root.rglob("*"))
    }


def older_download(hub: FakeHub, out: Path) -> dict[str, bytes | None]:
    """``out`` after a good download of version 1.0; what it holds."""
    hub.add_dataset(REPO, published(dataset_files("1.0")))
    assert download("--dataset", REPO, "--output", out).returncode == 0
    return everything(out)


def broken(problem: str) -> tuple[dict[str, bytes], str]:
    """Version 1.1 with one problem, and the finding it gives (``{out}`` for the folder)."""
    files = published(dataset_files("1.1"))
    if problem == "missing image":
        del files["data/images/scene_b_kitchen.png"]
        return (
            files,
            "{out}/data/images/scene_b_kitchen.png: image of item scene_b_kitchen not found",
        )
    annotation = json.loads(files["data/annotations/scene_a_park.json"])
    annotation["differences"][0]["kind"] = "moved"
    files["data/annotations/scene_a_park.json"] = json.dumps(annotation).encode()
    return files, (
        '{out}/data/annotations/scene_a_park.json: /differences/0/kind: unknown kind "moved" '
        "(expected one of object_added, object_removed, attribute_change, count_change)"
    )


@pytest.mark.parametrize("problem", ["missing image", "wrong shape"])
@pytest.mark.parametrize("destination", ["new folder", "older download"])
def test_a_dataset_refused_after_the_transfer_leaves_the_destination_as_it_was(
    hub: FakeHub, tmp_path: Path, destination: str, problem: str
) -> None:
    out = tmp_path / "parent" / "out"
    before = older_download(hub, out) if destination == "older download" else None
    files, finding = broken(problem)
    if destination == "new folder":
        hub.add_dataset(REPO, files)
    head = hub.commit(REPO, files, "Version 1.1")

    result = download("--dataset", REPO, "--output", out)

    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.splitlines() == [
        f"spotdiff: error: {finding.format(out=out)}",
        f"spotdiff: error: {REPO}: commit {head}: 1 problem(s) found in the downloaded dataset; "
        f"nothing was written to {out}",
    ]
    if before is None:
        assert os.listdir(tmp_path) == [], "no folder made, no staging folder left"
    else:
        assert everything(out) == before


def test_unchanged_files_are_not_fetched_again(hub: FakeHub, tmp_path: Path) -> None:
    """The staging folder starts with links to the earlier download's files."""
    out = tmp_path / "out"
    older_download(hub, out)
    head = hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    hub.requests.clear()

    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 0, result.stderr
    fetched = sorted(
        r.path.rsplit(f"/{head}/", 1)[1]
        for r in hub.requests
        if r.method == "GET" and "/resolve/" in r.path
    )
    assert fetched == ["data/dataset_version.json", "data/manifest.json"]
    assert json.loads((out / "data" / "manifest.json").read_bytes())["dataset_version"] == "1.1"
    assert [p.name for p in out.iterdir() if p.name.startswith(".spotdiff")] == []


def test_a_commit_that_fails_half_way_puts_every_file_back(tmp_path: Path) -> None:
    """The move into place is one rename per file: a failure on the way undoes the others."""
    out = tmp_path / "out"
    (out / "data").mkdir(parents=True)
    (out / "data" / "manifest.json").write_text("old", encoding="utf-8")
    (out / "notes").write_text("a file where the download has a folder", encoding="utf-8")
    before = everything(out)
    staged = {"data/manifest.json": "new", "data/images/a.png": "new", "notes/b.json": "new"}

    with pytest.raises(SpotDiffError) as refused, staged_download(out) as stage:
        for name, text in staged.items():
            (stage.files / name).parent.mkdir(parents=True, exist_ok=True)
            (stage.files / name).write_text(text, encoding="utf-8")
        stage.commit()

    assert (
        refused.value.one_line()
        == f"{out / 'notes/b.json'}: its parent {out / 'notes'} is not a folder"
    )
    assert everything(out) == before


@pytest.mark.parametrize("destination", ["new folder", "older download"])
def test_sigterm_during_the_transfer_leaves_the_destination_as_it_was(
    hub: FakeHub, tmp_path: Path, destination: str
) -> None:
    """SIGTERM (``timeout``, a cancelled CI job) half-way through a file: exit 143 at once.

    It left a partial folder (the older files it was replacing already
    deleted), and waited for the file in flight to finish first.
    """
    out = tmp_path / "parent" / "out"
    before = older_download(hub, out) if destination == "older download" else None
    if before is None:
        hub.add_dataset(REPO, published(dataset_files("1.0")))
    hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    with download_stalled(hub, out, "data/manifest.json") as process:
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=15)
    assert (process.returncode, stdout, stderr) == (
        143, "", "spotdiff: error: terminated (SIGTERM)\n"
    )  # fmt: skip
    if before is None:
        assert os.listdir(tmp_path) == [], "no folder made, no staging folder left"
    else:
        assert everything(out) == before


def test_an_unknown_failure_of_the_transfer_is_one_line_without_the_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The transfer's child process must not print a traceback, nor a token a message holds."""
    token = "hf_SecretTokenForTheTest0123456789ab"
    monkeypatch.setenv("HF_TOKEN", token)
    call = HubCall(REPO, "http://127.0.0.1:9", "HF_TOKEN", has_token=True)
    failure = transfer_failure(RuntimeError(f"odd state\nwith {token}"), call)
    assert failure.one_line() == f"{REPO}: download failed: RuntimeError: odd state with [redacted]"
    full = transfer_failure(OSError(28, "No space left on device", "/stage/data/a.png"), call)
    assert full.one_line() == "/stage/data/a.png: cannot write: No space left on device"


def stopped_in_the_move(out: Path, stop: signal.Signals) -> subprocess.CompletedProcess[str]:
    """``spotdiff download`` into ``out``, sent ``stop`` right after its first file was
    moved into place (the others still staged)."""
    with download_moving_slowly("--dataset", REPO, "--output", out, first=2) as process:
        process.send_signal(stop)
        stdout, stderr = process.communicate(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def repository_files(hub: FakeHub, out: Path) -> dict[str, bytes | None]:
    """The head commit's files as ``out`` holds them (None: missing)."""
    return {name: (out / name).read_bytes() if (out / name).is_file() else None
            for name in hub.files(REPO)}  # fmt: skip


def test_sigterm_while_the_files_are_moved_in_ends_with_every_new_file_in_place(
    hub: FakeHub, tmp_path: Path
) -> None:
    """A stop between two renames used to roll back, or, at a bad moment, leave the files
    half old and half new; now the move finishes, then the command stops (exit 143)."""
    out = tmp_path / "out"
    older_download(hub, out)
    hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")

    result = stopped_in_the_move(out, signal.SIGTERM)

    assert (result.returncode, result.stderr) == (143, "spotdiff: error: terminated (SIGTERM)\n")
    assert repository_files(hub, out) == hub.files(REPO)
    assert [p.name for p in out.iterdir() if p.name.startswith(".spotdiff")] == []


def test_a_download_killed_while_moving_in_is_finished_by_the_next_one(
    hub: FakeHub, tmp_path: Path
) -> None:
    """SIGKILL in the middle of the move left a mix of versions, and the next download
    deleted the staging folder with the old files put aside in it; it now finishes the
    move first, even when the hub cannot be reached."""
    out = tmp_path / "out"
    older_download(hub, out)
    hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    assert stopped_in_the_move(out, signal.SIGKILL).returncode == -signal.SIGKILL
    hub.outage = True

    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 1
    assert repository_files(hub, out) == hub.files(REPO)
    assert [p.name for p in out.iterdir() if p.name.startswith(".spotdiff")] == []
