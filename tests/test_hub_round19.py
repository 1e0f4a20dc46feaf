"""Red team round 19 on ``spotdiff download`` and the dataset loader.

The real huggingface_hub client runs against the loopback hub
(``hub_fixtures.py``), in a ``spotdiff`` subprocess as a user runs it.
"""

from __future__ import annotations

import base64
import json
import socket
from pathlib import Path

import pytest
from fake_hub import FakeHub
from hub_fixtures import (
    OWNER,
    REPO,
    assert_one_error,
    dataset_files,
    download,
    publish,
    published,
    tree,
    write_tree,
)

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


# -- a refused dataset's problems printed as the dataset wrote them -------------------------


def test_the_problems_of_a_refused_download_are_printed_escaped(
    hub: FakeHub, tmp_path: Path
) -> None:
    """A manifest path holding a line break and terminal escapes: ``download``
    printed each problem raw, so a hostile dataset coloured or cleared the
    terminal and added a forged ``spotdiff: error:`` line of its own
    (``validate`` escapes the same findings)."""
    files = published(dataset_files())
    image = "data/images/x\x1b[31m\nspotdiff: error: forged\x1b[0m.png"
    manifest = json.loads(files["data/manifest.json"])
    manifest["items"][0]["image"] = image
    files["data/manifest.json"] = json.dumps(manifest).encode()
    annotation = json.loads(files["data/annotations/scene_a_park.json"])
    annotation["image"] = image
    files["data/annotations/scene_a_park.json"] = json.dumps(annotation).encode()
    head = hub.add_dataset(REPO, files)
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    shown = "x\\x1b[31m\\nspotdiff: error: forged\\x1b[0m.png"
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"spotdiff: error: {out}/data/images/{shown}: image of item scene_a_park not found",
        f"spotdiff: error: {REPO}: commit {head}: 1 problem(s) found in the downloaded "
        f"dataset; nothing was written to {out}",
    ]
    assert "\x1b" not in result.stderr
    assert not out.exists()


def test_publish_prints_the_names_of_unlisted_files_escaped(hub: FakeHub, tmp_path: Path) -> None:
    """A stray file under data/ whose name holds a line break and a terminal escape
    (an archive unpacked from elsewhere): its "not named by the manifest" warning
    printed the name raw, a forged line after it."""
    stray = "notes\x1b[2J\nspotdiff: error: forged.txt"
    root = write_tree(tmp_path / "ds", {**dataset_files(), f"data/{stray}": b"x"})

    result = publish(root, "--dataset", f"{OWNER}/escaped")

    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        f"spotdiff: warning: {root}: data/notes\\x1b[2J\\nspotdiff: error: forged.txt: "
        "not named by the manifest; not published"
    ]


# -- the hub reached, its storage not --------------------------------------------------------


def test_storage_that_cannot_be_reached_is_named_not_the_hub(
    hub: FakeHub, dead_storage: str, tmp_path: Path
) -> None:
    """The Hub keeps large files on other hosts (its LFS and Xet storage), which a
    firewall or proxy allowing only the hub's own host blocks: the line read
    "<endpoint>: cannot reach the hub ...; check ... HF_ENDPOINT", though the hub
    had just answered, and the host to let through went unsaid. (Round 22: and the
    file being fetched there is named.)"""
    hub.lfs_suffixes = ("scene_a_park.png",)
    hub.add_dataset(REPO, published(dataset_files()))
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"spotdiff: error: {REPO}: data/images/scene_a_park.png: cannot reach {dead_storage}, "
        "where the hub redirected (its storage of large files?), though the hub itself "
        "answered ([Errno 111] Connection refused); check that the network, firewall or "
        "proxy lets it through"
    )
    assert not out.exists()


# -- a folder that holds another dataset ------------------------------------------------------


def test_a_folder_holding_another_downloaded_dataset_is_not_mixed_with_it(
    hub: FakeHub, tmp_path: Path
) -> None:
    """``download --dataset OTHER`` into the folder of an earlier download (the
    default --output is "."): the other dataset's manifest, card and version
    file silently replaced the first one's, whose other files stayed, a folder
    mixing two datasets that still validated. The same dataset again (another
    revision) still updates the folder."""
    hub.add_dataset(REPO, published(dataset_files("1.0")))
    other = f"{OWNER}/other-set"
    hub.add_dataset(other, published(dataset_files("9.0", drop=("scene_b_kitchen",))))
    out = tmp_path / "out"
    assert download("--dataset", REPO, "--output", out).returncode == 0
    before = tree(out)

    result = download("--dataset", other, "--output", out)

    assert_one_error(
        result,
        f"{out}: holds the dataset {REPO}, downloaded there earlier; downloading {other} "
        "into it would mix the two: choose another folder with --output",
    )
    assert tree(out) == before
    assert not [r for r in hub.requests if "/resolve/" in r.path and other in r.path]
    hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    again = download("--dataset", REPO, "--output", out)
    assert again.returncode == 0, again.stderr
    assert json.loads((out / "data/manifest.json").read_bytes())["dataset_version"] == "1.1"


# -- a pinned commit answered with another --------------------------------------------------


def test_a_pinned_commit_answered_with_another_is_refused(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mirror that ignores the revision (a proxy caching the dataset's page, a
    lagging mirror) answered ``--revision <sha>`` with its head: the download
    took the head's files and printed "(revision <sha>) at commit <head>", exit
    0, the version pinned for reproducibility silently another."""
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    head = hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    real = hub._info
    monkeypatch.setattr(hub, "_info", lambda repo, revision: real(repo, "main"))
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--revision", first, "--output", out)

    assert_one_error(
        result,
        f'{hub.url}: revision "{first}": the hub answered with commit {head}, '
        "not this one (a mirror that ignores the revision?); nothing was downloaded",
    )
    assert not [r for r in hub.requests if "/resolve/" in r.path]
    assert not out.exists()


def test_storage_refusing_a_file_is_named_not_the_hub(hub: FakeHub, tmp_path: Path) -> None:
    """The storage answered 403 (a signed link expired, as S3's "Request has
    expired"): the line read "access denied", which says to check the token,
    and named no host; a 404 there read "the hub answered HTTP 404". (Round 22:
    and the file refused is named.)"""
    hub.lfs_suffixes = ("scene_a_park.png",)
    hub.add_dataset(REPO, published(dataset_files()))
    hub.fail("/lfs-cdn/", 403, {}, b"<Error><Code>AccessDenied</Code></Error>")
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    assert_one_error(
        result,
        f"{REPO}: data/images/scene_a_park.png: {hub.storage_url}, where the hub redirected "
        "(its storage of large "
        "files?), refused the request (HTTP 403: <Error><Code>AccessDenied</Code></Error>), "
        "though the hub itself answered; the hub's link may have expired or a proxy refused "
        "it: try again",
    )
    assert not out.exists()


@pytest.mark.parametrize("storage", ["file:///etc/passwd", "ftp://files.example"])
def test_a_redirect_to_an_address_that_is_not_http_is_said_to_be_so(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, storage: str
) -> None:
    """A broken or hostile mirror redirecting a file to ``file://`` read "cannot
    reach the hub (Request URL is missing an 'http://' or 'https://' protocol.)",
    and to ``ftp://`` "check that the network, firewall or proxy lets it through"."""
    monkeypatch.setattr(FakeHub, "storage_url", property(lambda self: storage))
    hub.lfs_suffixes = (".png",)
    hub.add_dataset(REPO, published(dataset_files()))
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"spotdiff: error: {REPO}: the hub redirected to ")
    assert storage.partition("://")[2] + "/lfs-cdn/" in result.stderr
    assert result.stderr.endswith(
        ", which is no http:// or https:// address (a broken or hostile mirror?); "
        "is HF_ENDPOINT a Hugging Face Hub?\n"
    )
    assert not out.exists()


# -- credentials in HF_ENDPOINT -----------------------------------------------------------------


def test_credentials_in_hf_endpoint_are_never_printed(hub: FakeHub, tmp_path: Path) -> None:
    """A mirror behind basic auth (an Artifactory or Nexus proxy of the Hub) is
    set as ``HF_ENDPOINT=https://user:password@host``: every error naming the
    endpoint printed the password, into a CI log, and so did a mirror's answer
    echoing it."""
    hub.add_dataset(REPO, published(dataset_files()))
    with socket.socket() as bound:  # bound, never listening: connections are refused
        bound.bind(("127.0.0.1", 0))
        dead = f"127.0.0.1:{bound.getsockname()[1]}"
        unreachable = download(
            "--dataset", REPO, "--output", tmp_path / "a",
            env={"HF_ENDPOINT": f"http://mirror-user:s3cret-pw@{dead}"},
        )  # fmt: skip
    hub.fail("/api/", 500, {"X-Error-Message": "no access for mirror-user:s3cret-pw"})
    echoed = download(
        "--dataset", REPO, "--output", tmp_path / "b",
        env={"HF_ENDPOINT": hub.url.replace("//", "//mirror-user:s3cret-pw@")},
    )  # fmt: skip

    hub.failures.clear()
    basic = base64.b64encode(b"mirror-user:s3cret-pw").decode()
    hub.tokens[f"Basic {basic}"] = "reader"  # the mirror lets this user in
    passed = download(
        "--dataset", REPO, "--output", tmp_path / "c",
        env={"HF_ENDPOINT": hub.url.replace("//", "//mirror-user:s3cret-pw@")},
    )  # fmt: skip

    assert passed.returncode == 0, passed.stderr
    assert_one_error(
        unreachable,
        f"http://{dead}: cannot reach the hub ([Errno 111] Connection refused); check the "
        "network, proxy settings or HF_ENDPOINT",
    )
    assert_one_error(echoed, f"{REPO}: the hub answered HTTP 500: no access for [redacted]")
    for result in (unreachable, echoed, passed):
        assert "s3cret" not in result.stdout + result.stderr


# -- a dataset uploaded one folder too high or too low ------------------------------------------


@pytest.mark.parametrize(
    ("prefix", "found"),
    [
        ("spotdiff-v1-dev/", "spotdiff-v1-dev/data/manifest.json"),
        ("data/data/", "data/data/manifest.json"),
    ],
    ids=["its root in a folder", "data/ twice"],
)
def test_a_manifest_in_another_folder_is_named(
    hub: FakeHub, tmp_path: Path, prefix: str, found: str
) -> None:
    """A maintainer who uploaded the folder above the dataset root (or data/ into
    data/) read "has no data/manifest.json, so it is not a SpotDiff dataset",
    the manifest the repository does hold unmentioned."""
    # "data/data/": the files of data/ one folder down; else the whole root one down
    strip = "data/" if prefix == "data/data/" else ""
    files = {prefix + name.removeprefix(strip): data for name, data in dataset_files().items()}
    head = hub.add_dataset(REPO, files)
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    assert_one_error(
        result,
        f"{REPO}: commit {head}: has no data/manifest.json, so it is not a SpotDiff dataset "
        f"as published (it holds {found}: was the dataset uploaded from another folder? "
        "data/ must be at the top of the repository); nothing was downloaded",
    )
    assert not out.exists()
