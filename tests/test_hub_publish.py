"""``spotdiff publish-dataset`` against a loopback Hub (see ``hub_fixtures.py``)."""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli
from fake_hub import FakeHub
from hub_fixtures import (
    OWNER,
    OWNER_TOKEN,
    READER_TOKEN,
    assert_one_error,
    dataset_files,
    download,
    publish,
    published,
    tree,
    write_tree,
)

#: The fixtures ``hub``, ``in_process`` and ``hub_env`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)

# -- publish --------------------------------------------------------------------------


def test_publish_uploads_exactly_the_dataset_and_downloads_back(
    hub: FakeHub, tmp_path: Path
) -> None:
    files = dataset_files()
    root = write_tree(tmp_path / "project", files)
    write_tree(root, {"README.md": b"# the project, not the card\n", "data/notes.txt": b"todo\n"})
    write_tree(root, {"data/.DS_Store": b"\0", "predictions/x.json": b"{}"})
    repo = f"{OWNER}/new-set"

    result = publish(root, "--dataset", repo, "--message", "First publication")

    assert result.returncode == 0, result.stderr
    head = hub.repos[repo].refs["main"]
    assert hub.files(repo) == published(files)
    assert hub.repos[repo].commits[head].message == "First publication"
    assert not hub.repos[repo].private
    assert result.stdout.splitlines() == [
        f"Published {len(published(files)) - 1} files to {repo} at commit {head}",
        f"Commit: {hub.url}/datasets/{repo}/commit/{head}",
        f"Users can pin this version with: spotdiff download --dataset {repo} --revision {head}",
    ]
    assert result.stderr == (
        f"spotdiff: warning: {root}: data/notes.txt: not named by the manifest; not published\n"
    )
    assert {r.headers.get("authorization") for r in hub.requests} == {f"Bearer {OWNER_TOKEN}"}
    assert OWNER_TOKEN not in result.stdout + result.stderr

    out = tmp_path / "copy"
    fetched = download("--dataset", repo, "--output", out)
    assert fetched.returncode == 0, fetched.stderr
    assert tree(out) == published(files)


def test_publish_without_hf_xet_takes_the_single_commit_path(hub: FakeHub, tmp_path: Path) -> None:
    # Without hf_xet (platforms with no wheel, or HF_HUB_DISABLE_XET=1) upload_folder
    # makes one create_commit instead of its pipelined upload.
    files = dataset_files()
    root = write_tree(tmp_path / "ds", files)
    result = run_cli(
        "publish-dataset",
        root,
        "--dataset",
        f"{OWNER}/no-xet",
        env={"HF_TOKEN": OWNER_TOKEN, "HF_HUB_DISABLE_XET": "1"},
    )
    assert result.returncode == 0, result.stderr
    assert hub.files(f"{OWNER}/no-xet") == published(files)


def test_publish_again_mirrors_the_dataset_and_skips_unchanged(
    hub: FakeHub, tmp_path: Path
) -> None:
    root = write_tree(tmp_path / "ds", dataset_files("1.0"))
    repo = f"{OWNER}/evolving"
    assert publish(root, "--dataset", repo).returncode == 0
    # Version 1.1 drops an item: its files must leave the repository too.
    smaller = dataset_files("1.1", drop=("scene_b_kitchen",))
    for path in ("data/images/scene_b_kitchen.png", "data/annotations/scene_b_kitchen.json"):
        (root / path).unlink()
    write_tree(root, smaller)

    result = publish(root, "--dataset", repo)

    assert result.returncode == 0, result.stderr
    assert hub.files(repo) == published(smaller)
    head = hub.repos[repo].refs["main"]
    assert hub.repos[repo].commits[head].message == "Publish tiny 1.1 with spotdiff"
    commits = len(hub.repos[repo].commits)
    unchanged = publish(root, "--dataset", repo)
    assert unchanged.returncode == 0, unchanged.stderr
    assert len(hub.repos[repo].commits) == commits
    assert f"at commit {head}" in unchanged.stdout


def test_publish_private(hub: FakeHub, tmp_path: Path) -> None:
    root = write_tree(tmp_path / "ds", dataset_files())
    repo = f"{OWNER}/hidden"
    assert publish(root, "--dataset", repo, "--private").returncode == 0
    assert hub.repos[repo].private
    anonymous = download("--dataset", repo, "--output", tmp_path / "out")
    assert anonymous.returncode == 1
    assert "or it is private or gated" in anonymous.stderr


def test_publish_private_into_an_existing_public_repository_is_refused(
    hub: FakeHub, tmp_path: Path
) -> None:
    repo = f"{OWNER}/public-set"
    head = hub.add_dataset(repo, {"README.md": b"# public\n"})
    root = write_tree(tmp_path / "ds", dataset_files())
    result = publish(root, "--dataset", repo, "--private")
    assert_one_error(
        result,
        f"{repo}: exists and is public, and --private does not change that; nothing was "
        "published (make it private on the hub first)",
    )
    assert hub.repos[repo].refs == {"main": head}
    assert not [r for r in hub.requests if "/commit/" in r.path or "/preupload/" in r.path]


def test_publish_refuses_an_invalid_dataset_before_any_request(
    hub: FakeHub, in_process, tmp_path: Path
) -> None:
    files = dataset_files()
    del files["data/images/scene_a_park.png"]
    root = write_tree(tmp_path / "ds", files)

    result = in_process("publish-dataset", root, "--dataset", f"{OWNER}/broken")

    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"spotdiff: error: {Path(root, 'data/images/scene_a_park.png').resolve()}: "
        "image of item scene_a_park not found",
        f"spotdiff: error: {root}: 1 problem(s) found; nothing was published",
    ]
    assert hub.requests == []


def test_publish_refuses_files_reached_through_a_symlink(
    hub: FakeHub, in_process, tmp_path: Path
) -> None:
    # The copy would hold the file at its real place, where the manifest does not look.
    files = dataset_files()
    root = write_tree(tmp_path / "ds", files)
    image = root / "data/images/scene_a_park.png"
    write_tree(root, {"data/shared/park.png": files["data/images/scene_a_park.png"]})
    image.unlink()
    image.symlink_to("../shared/park.png")

    result = in_process("publish-dataset", root, "--dataset", f"{OWNER}/linked")

    assert_one_error(
        result,
        f"{root}: the files to publish do not form a valid dataset on their own (a symlink?): "
        f"{image}: image of item scene_a_park not found",
    )
    assert hub.requests == []


def test_publish_without_token(hub: FakeHub, tmp_path: Path) -> None:
    root = write_tree(tmp_path / "ds", dataset_files())
    result = publish(root, "--dataset", f"{OWNER}/x", token=None)
    assert_one_error(result, "HF_TOKEN: no token: set it to a Hugging Face token with write access")
    assert hub.requests == []


def test_publish_to_a_namespace_the_token_cannot_write(hub: FakeHub, tmp_path: Path) -> None:
    root = write_tree(tmp_path / "ds", dataset_files())
    result = publish(root, "--dataset", f"{OWNER}/x", token=READER_TOKEN)
    assert_one_error(
        result,
        f"{OWNER}/x: the token in HF_TOKEN may not write to this dataset (it needs write access "
        f"to the {OWNER} namespace): You don't have the rights to create a dataset under the "
        f'namespace "{OWNER}"',
    )
    assert f"{OWNER}/x" not in hub.repos


def test_publish_folder_without_manifest(hub: FakeHub, in_process, tmp_path: Path) -> None:
    result = in_process("publish-dataset", tmp_path, "--dataset", f"{OWNER}/x")
    assert_one_error(
        result, f"{tmp_path}: no data/manifest.json (give the dataset root, which holds data/)"
    )
    assert hub.requests == []


def test_publish_bad_dataset_syntax(hub: FakeHub, in_process, tmp_path: Path) -> None:
    result = in_process("publish-dataset", tmp_path, "--dataset", "no-owner")
    assert_one_error(
        result,
        'spotdiff publish-dataset: argument --dataset: "no-owner" is not OWNER/NAME '
        "(for example Abnik/spotdiff-v1-dev) (see 'spotdiff publish-dataset --help')",
        status=2,
    )
    assert hub.requests == []
