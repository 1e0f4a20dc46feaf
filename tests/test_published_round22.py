"""Red team round 22: the published dataset as users keep it and as the Hub serves it.

Each test plays one way a real user or a real Hub meets the public
spotdiff-v1-dev shape (``published_shape.py``): the dataset is served by the
loopback hub of ``hub_fixtures.py`` and fetched by the real huggingface_hub
client, and every command runs as a user runs it, ``spotdiff`` in a
subprocess. An accepted variant must score byte for byte as the plain
download does; a refused one is one line naming the file and the place.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from pathlib import Path

import pytest
from conftest import run_cli, write_json
from fake_hub import FakeHub
from hub_fixtures import OWNER, OWNER_TOKEN, assert_one_error, json_bytes, perfect_predictions
from published_shape import REPO as HUB_REPO
from published_shape import published_files

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


def _download(folder: Path) -> None:
    """``spotdiff download --dataset Abnik/spotdiff-v1-dev --output folder``, which must pass."""
    downloaded = run_cli("download", "--dataset", HUB_REPO, "--output", folder)
    assert downloaded.returncode == 0, downloaded.stderr


def _report(folder: Path, predictions: Path, report: Path) -> bytes:
    """The bytes of ``spotdiff evaluate`` run in ``folder`` on its ``data/manifest.json``."""
    scored = run_cli(
        "evaluate", "--manifest", "data/manifest.json", "--predictions", predictions,
        "--output", report, cwd=folder,
    )  # fmt: skip
    assert scored.returncode == 0, scored.stderr
    return report.read_bytes()


# -- a data folder kept on another disk, linked into the project --------------------------


def _linked_download(tmp_path: Path) -> tuple[Path, Path]:
    """A download into a project whose ``data/`` links to a folder on a bigger disk."""
    project = tmp_path / "project"
    project.mkdir()
    big_disk = tmp_path / "big-disk" / "spotdiff-v1-dev"
    big_disk.mkdir(parents=True)
    (project / "data").symlink_to(big_disk, target_is_directory=True)
    _download(project)
    return project, big_disk


def test_a_linked_data_folder_validates_and_scores_as_the_plain_download(
    hub: FakeHub, tmp_path: Path
) -> None:
    """Variant of a user's folder that downloads already accept (red team round
    20): ``data/`` is a link to a larger disk. The download passed and printed
    "Manifest: data/manifest.json (valid)", then ``validate`` and ``evaluate``
    of that very manifest refused every image: 'path "data/images/..." leads
    outside the dataset root', the root being taken as the link's folder and
    the files as the link's target. Paths written relative to the manifest's
    folder worked in the same place; the published ``data/...`` ones did not."""
    hub.add_dataset(HUB_REPO, published_files())
    plain = tmp_path / "plain"
    _download(plain)
    predictions = write_json(
        tmp_path / "perfect.json", perfect_predictions(plain / "data" / "manifest.json")
    )
    project, big_disk = _linked_download(tmp_path)

    validated = run_cli("validate", "data", cwd=project)

    assert validated.returncode == 0, validated.stderr
    assert (big_disk / "manifest.json").is_file()
    assert _report(project, predictions, tmp_path / "linked.json") == _report(
        plain, predictions, tmp_path / "plain.json"
    )


def test_a_file_linked_out_of_a_linked_data_folder_is_still_refused(
    hub: FakeHub, tmp_path: Path
) -> None:
    """The linked ``data/`` makes its target the dataset's place, nothing more:
    an annotation inside it that is a link to a file elsewhere on the disk
    still leads outside the dataset, and is refused in one line."""
    hub.add_dataset(HUB_REPO, published_files())
    project, big_disk = _linked_download(tmp_path)
    name = "scene_0001_harbour.json"
    elsewhere = tmp_path / "elsewhere.json"
    (big_disk / "annotations" / name).rename(elsewhere)
    (big_disk / "annotations" / name).symlink_to(elsewhere)

    scored = run_cli(
        "evaluate", "--manifest", "data/manifest.json", "--predictions",
        write_json(tmp_path / "p.json", {"schema_version": "1.0", "model": "m", "items": []}),
        "--output", tmp_path / "report.json", cwd=project,
    )  # fmt: skip

    assert_one_error(
        scored,
        f'data/manifest.json: /items/0/annotation: path "data/annotations/{name}" leads '
        f"outside the dataset root {big_disk.parent}",
    )
    assert not (tmp_path / "report.json").exists()


# -- the Hub's storage of large files refusing one of them --------------------------------

HARBOUR = "data/images/scene_0001_harbour.jpg"


@pytest.mark.parametrize(
    ("status", "body", "what"),
    [
        (404, b"NoSuchKey", "refused the request (HTTP 404: NoSuchKey)"),
        (403, b"Request has expired", "refused the request (HTTP 403: Request has expired)"),
    ],
    ids=["404", "403"],
)
def test_a_file_its_storage_refuses_is_named(
    hub: FakeHub, tmp_path: Path, status: int, body: bytes, what: str
) -> None:
    """The published images are JPEG files the Hub serves from its storage of
    large files (a redirect to another host). When that storage answered 404
    (an object lost) or 403 (a signed link expired) for one image, the line
    named the storage's host and not the file: which of the dataset's images
    failed went unsaid. The storage's link names the file it serves (the
    ``response-content-disposition`` it asks for), as it names it to the
    client: the file is named from it."""
    files = published_files()
    hub.lfs_suffixes = (".jpg",)
    hub.add_dataset(HUB_REPO, files)
    hub.fail(f"/lfs-cdn/{hashlib.sha256(files[HARBOUR]).hexdigest()}", status, {}, body)
    out = tmp_path / "out"

    result = run_cli("download", "--dataset", HUB_REPO, "--output", out)

    assert_one_error(
        result,
        f"{HUB_REPO}: {HARBOUR}: {hub.storage_url}, where the hub redirected (its storage of "
        f"large files?), {what}, though the hub itself answered; the hub's link may have "
        "expired or a proxy refused it: try again",
    )
    assert not out.exists()


def test_a_file_its_unreachable_storage_holds_is_named(
    hub: FakeHub, dead_storage: str, tmp_path: Path
) -> None:
    """Storage that cannot be reached at all (a firewall letting only the hub
    through): the file that was being fetched from it is named too."""
    hub.lfs_suffixes = ("scene_0002_orchard.jpg",)
    hub.add_dataset(HUB_REPO, published_files())
    out = tmp_path / "out"

    result = run_cli("download", "--dataset", HUB_REPO, "--output", out)

    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"spotdiff: error: {HUB_REPO}: data/images/scene_0002_orchard.jpg: cannot reach "
        f"{dead_storage}, where the hub redirected (its storage of large files?), though the "
        "hub itself answered ([Errno 111] Connection refused); check that the network, "
        "firewall or proxy lets it through"
    )
    assert not out.exists()


# -- a schema_version written as a number ---------------------------------------------------


@pytest.mark.parametrize(
    ("path", "version", "found"),
    [
        ("data/manifest.json", 1.0, "1.0"),
        ("data/annotations/scene_0002_orchard.json", 1.0, "1.0"),
        ("data/annotations/scene_0002_orchard.json", 1, "1"),
    ],
    ids=["manifest", "annotation", "annotation, a whole number"],
)
def test_a_schema_version_written_as_a_number_says_so(
    hub: FakeHub, tmp_path: Path, path: str, version: float, found: str
) -> None:
    """A publisher's script writing ``"schema_version": 1.0`` (a number, as
    ``json.dump`` of a float writes it) was refused with 'unsupported
    schema_version 1.0 (expected "1.0")': the two read alike, and nothing
    said that only the quotes were missing."""
    files = published_files()
    data = json.loads(files[path])
    data["schema_version"] = version
    files[path] = json_bytes(data)
    hub.add_dataset(HUB_REPO, files)
    out = tmp_path / "out"

    result = run_cli("download", "--dataset", HUB_REPO, "--output", out)

    assert result.returncode == 1
    assert (
        f'spotdiff: error: {out / path}: /schema_version: must be the string "1.0" (in '
        f"quotes), found the number {found}"
    ) in result.stderr.splitlines()
    assert not out.exists()


# -- a manifest whose name differs in case ---------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [("data/", "Data/"), ("data/manifest.json", "data/Manifest.json")],
    ids=["Data folder", "Manifest.json"],
)
def test_a_manifest_named_in_other_case_says_to_rename_it(
    hub: FakeHub, tmp_path: Path, old: str, new: str
) -> None:
    """Uploaded from macOS or Windows, where ``Data/Manifest.json`` and
    ``data/manifest.json`` are one file, the manifest kept its capitals. The
    Hub's names are case-sensitive, and the refusal sent the maintainer after
    a wrong cause: "was the dataset uploaded from another folder? data/ must
    be at the top of the repository", though it was at the top. Now it says
    only the case differs, and which name to give it."""
    files = {
        (new + name.removeprefix(old) if name.startswith(old) else name): data
        for name, data in published_files().items()
    }
    head = hub.add_dataset(HUB_REPO, files)
    out = tmp_path / "out"

    result = run_cli("download", "--dataset", HUB_REPO, "--output", out)

    found = new if new.endswith(".json") else new + "manifest.json"
    assert_one_error(
        result,
        f"{HUB_REPO}: commit {head}: has no data/manifest.json, so it is not a SpotDiff "
        f"dataset as published (it holds {found}, which differs in case only: names on the "
        "hub are case-sensitive, rename it data/manifest.json); nothing was downloaded",
    )
    assert not out.exists()


# -- the hub failing a file for a while: huggingface_hub's retries ---------------------------


def test_each_retry_of_a_failing_file_is_one_warning_naming_it(
    hub: FakeHub, tmp_path: Path
) -> None:
    """A hub (or its front end) answering 503 for one file, as it does in a
    hiccup: huggingface_hub tries it five more times and logged two lines a
    try ("HTTP Error 503 thrown while requesting HEAD http://.../resolve/
    <sha>/data/manifest.json", "Rate limited. Waiting 1.0s before retry
    [Retry 1/5]."), eleven lines of its own before the one error line, the
    file named only inside a URL. Each retry is now one warning in the
    form of the error, naming the file; the error line is still the last."""
    hub.add_dataset(HUB_REPO, published_files())
    hub.fail("data/manifest.json", 503, {"Retry-After": "0"}, b"Service Unavailable")
    out = tmp_path / "out"

    result = run_cli("download", "--dataset", HUB_REPO, "--output", out)

    name = "data/manifest.json"
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        *(
            f"spotdiff: warning: {HUB_REPO}: {name}: the hub answered HTTP 503; trying again "
            f"in 1 s (retry {n} of 5)"
            for n in range(1, 6)
        ),
        f"spotdiff: error: {HUB_REPO}: {name}: the hub answered HTTP 503",
    ]
    assert not out.exists()


def test_each_resumed_transfer_of_a_file_is_one_warning_naming_it(
    hub: FakeHub, tmp_path: Path
) -> None:
    """The connection breaks half-way through one image on every try:
    huggingface_hub resumes it five times, and logged "Error while
    downloading from <url>: <reason>" and "Trying to resume download..."
    for each (a known limit of round 18), then "Max retries exceeded.". Each
    resumption is now one warning naming the file; the error line, last,
    says the rest."""
    files = published_files()
    hub.add_dataset(HUB_REPO, files)
    hub.hangups.add(HARBOUR)
    out = tmp_path / "out"

    result = run_cli("download", "--dataset", HUB_REPO, "--output", out)

    size = len(files[HARBOUR])
    reason = (
        f"peer closed connection without sending complete message body (received "
        f"{size // 2} bytes, expected {size})"
    )
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        *[
            f"spotdiff: warning: {HUB_REPO}: {HARBOUR}: the connection broke during its "
            f"download ({reason}); resuming it"
        ]
        * 5,
        f"spotdiff: error: {HUB_REPO}: {HARBOUR}: the connection broke during its download "
        f"({reason}): a network or proxy problem; try again",
    ]
    assert not out.exists()


# -- two files whose names differ only in Unicode normalization ------------------------------


def test_two_images_named_alike_but_composed_and_decomposed_are_refused(
    hub: FakeHub, tmp_path: Path
) -> None:
    """Two items whose images are ``scène.jpg`` composed (NFC) and ``scène.jpg``
    decomposed (NFD): two files on Linux and on the Hub, but one on macOS,
    whose filesystem stores every name decomposed, so a download there kept
    one picture for both items, and one of them was scored against the
    wrong image. Names differing in case only were refused already (one file
    on macOS and Windows); these passed."""
    files = published_files()
    manifest = json.loads(files["data/manifest.json"])
    for entry, form in zip(manifest["items"], ("NFC", "NFD"), strict=True):
        name = unicodedata.normalize(form, "data/images/scène.jpg")
        files[name] = files.pop(entry["image"])
        entry["image"] = name
        annotation = json.loads(files[entry["annotation"]])
        files[entry["annotation"]] = json_bytes({**annotation, "image": name})
    files["data/manifest.json"] = json_bytes(manifest)
    hub.add_dataset(HUB_REPO, files)
    out = tmp_path / "out"

    result = run_cli("download", "--dataset", HUB_REPO, "--output", out)

    decomposed = unicodedata.normalize("NFD", "data/images/scène.jpg")
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == (
        f"spotdiff: error: {out / 'data/manifest.json'}: /items/1/image: image "
        f'"{decomposed}" differs only in Unicode normalization from "data/images/scène.jpg" '
        "(/items/0/image): one file on macOS, which stores names decomposed"
    )
    assert not out.exists()


# -- publishing from a linked data folder, and links under it -------------------------------


def test_a_linked_data_folder_publishes_as_it_validates(hub: FakeHub, tmp_path: Path) -> None:
    """The maintainer's side of the linked ``data/``: ``validate`` passes on it
    (above), but ``publish-dataset`` refused its first file as lying "outside
    the dataset root", the files being taken at their real place and the
    root at the link's. The files the link leads to are published under
    ``data/``, as they sit in a folder that is no link."""
    files = published_files()
    project = tmp_path / "project"
    project.mkdir()
    big_disk = tmp_path / "big-disk" / "spotdiff-v1-dev"
    for name, content in files.items():
        if name.startswith("data/"):
            (big_disk / name.removeprefix("data/")).parent.mkdir(parents=True, exist_ok=True)
            (big_disk / name.removeprefix("data/")).write_bytes(content)
    (project / "data").symlink_to(big_disk, target_is_directory=True)
    repo = f"{OWNER}/linked-set"

    result = run_cli("publish-dataset", project, "--dataset", repo, env={"HF_TOKEN": OWNER_TOKEN})

    assert result.returncode == 0, result.stderr
    assert hub.files(repo) == files


def test_an_unlisted_link_under_data_is_left_out_without_a_traceback(
    hub: FakeHub, tmp_path: Path
) -> None:
    """A file under ``data/`` that no manifest entry names is reported and not
    published; one that is a link to a file outside the dataset (a notes
    file kept elsewhere) ended ``publish-dataset`` in a ValueError traceback,
    its real path being outside the root."""
    files = published_files()
    root = tmp_path / "project"
    for name, content in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(content)
    (tmp_path / "notes.txt").write_text("to do\n")
    (root / "data" / "notes.txt").symlink_to(tmp_path / "notes.txt")
    repo = f"{OWNER}/with-notes"

    result = run_cli("publish-dataset", root, "--dataset", repo, env={"HF_TOKEN": OWNER_TOKEN})

    assert result.returncode == 0, result.stderr
    assert result.stderr == (
        f"spotdiff: warning: {root}: data/notes.txt: not named by the manifest; not published\n"
    )
    assert hub.files(repo) == files


# -- a manifest naming its files percent-encoded, as in a URL --------------------------------


def test_a_file_named_percent_encoded_says_which_file_exists(hub: FakeHub, tmp_path: Path) -> None:
    """A publisher's script built the manifest from the Hub's URLs, so the
    picture stored as ``scene 0001.jpg`` is named ``scene%200001.jpg`` (and
    its annotation likewise). "not found" left the user to compare the two
    names; a ``%20`` may also be part of a real name, so the encoded name is
    not read as the other: the line says which file exists."""
    files = published_files()
    manifest = json.loads(files["data/manifest.json"])
    entry = manifest["items"][0]
    for field in ("image", "annotation"):
        spaced = entry[field].replace("scene_0001", "scene 0001")
        files[spaced] = files.pop(entry[field])
        entry[field] = spaced.replace(" ", "%20")
    files["data/manifest.json"] = json_bytes(manifest)
    hub.add_dataset(HUB_REPO, files)
    folder = tmp_path / "project"
    folder.mkdir()

    downloaded = run_cli("download", "--dataset", HUB_REPO, cwd=folder)

    assert downloaded.returncode == 1
    assert downloaded.stderr.splitlines()[:2] == [
        "spotdiff: error: ./data/manifest.json: /items/0/annotation: annotation file not "
        "found: ./data/annotations/scene%200001_harbour.json (the name is percent-encoded, "
        'as in a URL: "scene 0001_harbour.json" exists there; write the name as it is)',
        "spotdiff: error: ./data/images/scene%200001_harbour.jpg: image of item "
        'scene_0001_harbour not found (the name is percent-encoded, as in a URL: "scene '
        '0001_harbour.jpg" exists there; write the name as it is)',
    ]


# -- the Hub dataset's name given where a manifest is asked for ------------------------------


@pytest.mark.parametrize(
    ("command", "line"),
    [
        (
            ("evaluate", "--manifest", HUB_REPO, "--predictions", "p.json"),
            f"spotdiff: error: {HUB_REPO}: file not found",
        ),
        (("validate", HUB_REPO), f"spotdiff: error: {HUB_REPO}: not found"),
    ],
    ids=["evaluate", "validate"],
)
def test_the_hub_name_given_as_a_manifest_says_to_download_it(
    tmp_path: Path, command: tuple[str, ...], line: str
) -> None:
    """The seed README names the dataset ``Abnik/spotdiff-v1-dev`` and the
    manifest ``data/manifest.json``; a user giving the first where the
    second belongs read "file not found", nothing saying that the dataset
    must be downloaded first. The line now says so, with the command."""
    write_json(tmp_path / "p.json", {"schema_version": "1.0", "model": "m", "items": []})

    result = run_cli(*command, cwd=tmp_path)

    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == (
        f"{line} ({HUB_REPO} looks like a dataset on the Hub: fetch it with "
        f'"spotdiff download --dataset {HUB_REPO}", then give data/manifest.json)'
    )
