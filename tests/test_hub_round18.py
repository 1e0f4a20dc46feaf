"""Red team round 18 on ``spotdiff download`` and the dataset loader.

The real huggingface_hub client runs against the loopback hub
(``hub_fixtures.py``), in a ``spotdiff`` subprocess as a user runs it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import shutil
import unicodedata
from pathlib import Path

import pytest
from conftest import REPO as REPO_ROOT
from conftest import run_cli
from fake_hub import FakeHub, git_blob_sha1
from hub_fixtures import (
    OWNER_TOKEN,
    REPO,
    assert_one_error,
    dataset_files,
    download,
    published,
    tree,
    write_tree,
)
from PIL import Image
from published_shape import REPO as PUBLISHED_REPO
from published_shape import published_files

from spotdiff_eval.errors import SpotDiffError

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


# -- whole numbers written as floats --------------------------------------------------


def test_boxes_written_as_whole_floats_validate_as_integers(tmp_path: Path) -> None:
    """``[0.0, 0, 480.0, 360]``, as an export through numpy or JavaScript writes whole
    numbers, passes the schema (JSON Schema's "integer" takes 10.0): validate's
    pixel audit, and with it ``spotdiff download`` of such a dataset, ended in a
    traceback ("slice indices must be integers")."""
    root = tmp_path / "root"
    shutil.copytree(REPO_ROOT / "data", root / "data")
    before = run_cli("validate", root / "data")
    for path in sorted((root / "data" / "annotations").glob("*.json")):
        annotation = json.loads(path.read_text(encoding="utf-8"))
        annotation["panel_boxes"] = [[float(v) for v in box] for box in annotation["panel_boxes"]]
        for difference in annotation["differences"]:
            difference["bbox"] = [float(v) for v in difference["bbox"]]
        path.write_text(json.dumps(annotation, indent=2), encoding="utf-8")

    result = run_cli("validate", root / "data")

    assert (result.returncode, result.stdout) == (0, f"{root / 'data'}: valid\n")
    assert "Traceback" not in result.stderr
    assert result.stderr == before.stderr


# -- a repository listing files inside a .git folder ------------------------------------


@pytest.mark.parametrize(
    "planted",
    [".git/config", "data/.GIT/hooks/pre-commit", ".git", "data/.git./config"],
    ids=["config", "a hook in another case", "a gitdir file", "a Windows spelling"],
)
def test_a_repository_with_files_in_a_git_folder_is_refused(
    hub: FakeHub, tmp_path: Path, planted: str
) -> None:
    """No Hub repository can hold them (git refuses the path): a hostile mirror's
    ``.git/config`` made a fresh --output a git repository whose core.fsmonitor
    command ran at the next ``git status`` there, and ``.git/hooks/...`` landed
    in the checkout a download into ``.`` was run from."""
    head = hub.add_dataset(
        REPO, {**published(dataset_files()), planted: b"[core]\n\tfsmonitor = touch pwned\n"}
    )
    out = tmp_path / "out"
    (out / ".git").mkdir(parents=True)  # a checkout, without the planted file
    (out / "notes.txt").write_text("mine\n", encoding="utf-8")
    before = tree(out)

    result = download("--dataset", REPO, "--output", out)

    assert_one_error(
        result,
        f"{REPO}: commit {head}: holds {planted}, inside a .git folder, which no Hub "
        "repository can hold (a hostile mirror?); nothing was downloaded",
    )
    assert not [r for r in hub.requests if "/resolve/" in r.path]
    assert tree(out) == before
    assert sorted(p.name for p in out.iterdir()) == [".git", "notes.txt"]


# -- bytes that are not the ones the hub announced ----------------------------------------


def _revised(name: str, content: bytes) -> bytes:
    """Other bytes for the same content: JSON and text with a line more, PNG re-encoded."""
    if name.endswith(".png"):
        out = io.BytesIO()
        Image.open(io.BytesIO(content)).save(out, format="PNG", compress_level=1)
        return out.getvalue()
    return content + b"\n"


@pytest.mark.parametrize(
    ("name", "lfs", "change"),
    [
        ("data/annotations/scene_a_park.json", False, "bytes"),
        ("data/images/scene_a_park.png", True, "bytes"),
        ("data/README.md", False, "empty"),
    ],
    ids=["an annotation changed", "an LFS image changed", "a HEAD saying 0 bytes"],
)
def test_bytes_that_do_not_match_the_announced_hash_are_refused(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, lfs: bool, change: str
) -> None:
    """huggingface_hub checks sizes, never hashes: a proxy that changed an
    annotation's bytes (same length) had its values scored as the golden ones;
    one that answered HEAD with Content-Length 0 had the file written empty.
    Both downloads said "(valid)". An earlier download stays as it was."""
    hub.lfs_suffixes = (".png",) if lfs else ()
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    files = published(dataset_files("1.1"))
    files[name] = _revised(name, files[name])  # fetched again, not kept from the first
    hub.commit(REPO, files, "Version 1.1")
    out = tmp_path / "out"
    assert download("--dataset", REPO, "--revision", first, "--output", out).returncode == 0
    before = tree(out)
    route = "_lfs_object" if lfs else "_resolve"
    real = getattr(hub, route)

    def proxy(*args: str) -> tuple[int, dict[str, str], bytes]:
        status, headers, body = real(*args)
        if change == "bytes" and args[-1] == "GET" and body == files[name]:
            body = body.replace(b"green", b"GREEN") if not lfs else body[:-1] + b"\x00"
        if change == "empty" and args[-1] == "HEAD" and args[-2] == name:
            headers = {**headers, "Content-Length": "0"}
        return status, headers, body

    monkeypatch.setattr(hub, route, proxy)
    result = download("--dataset", REPO, "--output", out)

    etag = hashlib.sha256(files[name]).hexdigest() if lfs else git_blob_sha1(files[name])
    assert_one_error(
        result,
        f"{REPO}: {name}: the bytes received do not match the hash the hub gave for it "
        f"({etag[:12]}...): a network, proxy or mirror problem; try again; nothing was "
        f"written to {out}",
    )
    assert tree(out) == before


# -- a file longer than announced --------------------------------------------------------


def test_a_file_longer_than_announced_is_not_said_to_be_cut_short(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A proxy that adds bytes to a body (and to its Content-Length): the line
    read "was cut short (321 of 311 bytes)"."""
    name = "data/images/scene_a_park.png"
    files = published(dataset_files())
    hub.add_dataset(REPO, files)
    real = hub._resolve

    def longer(*args: str) -> tuple[int, dict[str, str], bytes]:
        status, headers, body = real(*args)
        if args[-1] == "GET" and body == files[name]:
            body += b"\0" * 10
            headers = {**headers, "Content-Length": str(len(body))}
        return status, headers, body

    monkeypatch.setattr(hub, "_resolve", longer)
    out = tmp_path / "out"
    result = download("--dataset", REPO, "--output", out)
    size = len(files[name])
    assert_one_error(
        result,
        f"{REPO}: {name}: a file's download came longer than the hub announced "
        f"({size + 10:,} bytes, not {size:,}): a network or proxy problem; try again",
    )
    assert not out.exists()


# -- a connection that breaks in a file's transfer ---------------------------------------


def test_a_connection_broken_in_every_try_names_the_file(hub: FakeHub, tmp_path: Path) -> None:
    """The hub closes the connection half-way through the file on each of
    huggingface_hub's tries: the line read "<endpoint>: cannot reach the hub
    (peer closed connection ...)", the hub reached and the file unnamed.
    (Before it come the warnings of huggingface_hub's resumptions, round 22.)"""
    name = "data/images/scene_a_park.png"
    files = published(dataset_files())
    hub.add_dataset(REPO, files)
    hub.hangups.add(name)
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    size = len(files[name])
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"spotdiff: error: {REPO}: {name}: the connection broke during its download (peer "
        f"closed connection without sending complete message body (received {size // 2} bytes, "
        f"expected {size})): a network or proxy problem; try again"
    )
    assert [line for line in result.stderr.splitlines() if line.startswith("spotdiff: e")] == [
        result.stderr.splitlines()[-1]
    ]
    assert not out.exists()


# -- file names that differ only in Unicode normalization -------------------------------


def _nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


@pytest.mark.parametrize(
    ("listed", "stored"),
    [
        ("data/images/scène_0001.jpg", _nfd("data/images/scène_0001.jpg")),
        ("data/imágenes/scene_0001.jpg", _nfd("data/imágenes/scene_0001.jpg")),
        (_nfd("data/images/scène_0001.jpg"), "data/images/scène_0001.jpg"),
    ],
    ids=["file stored decomposed", "folder stored decomposed", "manifest decomposed"],
)
def test_names_that_differ_only_in_unicode_normalization_load(
    hub: FakeHub, tmp_path: Path, listed: str, stored: str
) -> None:
    """A dataset made on macOS: the image stored as ``scène`` decomposed (NFD), the
    manifest written by a program with ``scène`` composed (NFC), or the other way
    round. macOS finds either; Linux said "image of item ... not found" and
    refused the download, naming a file that looked exactly like the one there."""
    assert listed != stored
    files = published_files()
    old = "data/images/scene_0001_harbour.jpg"
    files[stored] = files.pop(old)
    for path in ("data/manifest.json", "data/annotations/scene_0001_harbour.json"):
        text = files[path].decode("utf-8")
        files[path] = text.replace(old, json.dumps(listed)[1:-1]).encode("utf-8")
    hub.add_dataset(PUBLISHED_REPO, files)
    out = tmp_path / "out"

    result = download("--dataset", PUBLISHED_REPO, "--output", out)

    assert result.returncode == 0, result.stderr
    assert tree(out) == files
    validated = run_cli("validate", out / "data")
    assert (validated.returncode, validated.stdout) == (0, f"{out / 'data'}: valid\n")


# -- an answer no Hugging Face Hub sent ---------------------------------------------------


@pytest.mark.parametrize(
    ("status", "headers"),
    [
        (200, {"Content-Type": "text/html"}),
        (302, {"Location": "http://localhost:9/login?next=/resolve/x"}),
    ],
    ids=["a login page", "a redirect off the hub"],
)
def test_an_answer_without_hub_headers_names_the_file_in_one_short_line(
    hub: FakeHub, tmp_path: Path, status: int, headers: dict[str, str]
) -> None:
    """A captive portal or proxy answering a file's request itself: the line was
    huggingface_hub's paragraph cut at 200 characters, "<endpoint>: download
    failed: Response from http://.../resolve/<sha>/data/images/scene_a_park.png
    is missing the 'X-Repo-Commit' header, so it does not seem to be served…"."""
    name = "data/images/scene_a_park.png"
    hub.add_dataset(REPO, published(dataset_files()))
    hub.fail("scene_a_park.png", status, headers, b"<html>Sign in to the Wi-Fi</html>")
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    assert_one_error(
        result,
        f"{REPO}: {name}: the answer has no X-Repo-Commit header, so no Hugging Face Hub "
        "sent it (a proxy, a captive portal or a login page?); check the network, proxy "
        "settings or HF_ENDPOINT",
    )
    assert not out.exists()


# -- a manifest with very many broken entries --------------------------------------------


def test_a_refused_download_lists_its_first_problems_only(hub: FakeHub, tmp_path: Path) -> None:
    """Every problem had its line: a manifest of 200,000 entries naming missing
    annotations printed 200,000 lines, the closing one far below the rest."""
    files = published(dataset_files())
    manifest = json.loads(files["data/manifest.json"])
    entry = manifest["items"][0]
    manifest["items"] = [
        {**entry, "item_id": f"x{i:04d}", "annotation": f"data/annotations/x{i:04d}.json"}
        for i in range(1000)
    ]
    files["data/manifest.json"] = json.dumps(manifest).encode()
    head = hub.add_dataset(REPO, files)
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    lines = result.stderr.splitlines()
    assert result.returncode == 1
    assert len(lines) == 21
    assert lines[0] == (
        f"spotdiff: error: {out / 'data/manifest.json'}: /items/0/annotation: annotation file "
        f"not found: {out / 'data/annotations/x0000.json'}"
    )
    assert lines[-1] == (
        f"spotdiff: error: {REPO}: commit {head}: 1,000 problem(s) found in the downloaded "
        f"dataset (the first 20 listed); nothing was written to {out}"
    )
    assert not out.exists()


# -- a stored token that is not UTF-8 ----------------------------------------------------


@pytest.mark.parametrize("command", ["download", "publish-dataset"])
def test_a_stored_token_saved_as_utf16_is_one_line(
    hub: FakeHub, tmp_path: Path, command: str
) -> None:
    """Windows PowerShell's ``echo hf_... > token`` writes UTF-16: huggingface_hub's
    read of the token file ended in a UnicodeDecodeError traceback."""
    token_file = tmp_path / "token"
    token_file.write_bytes("hf_OwnerTokenForTests0123456789abcd\r\n".encode("utf-16"))
    if command == "download":
        args: list[str | Path] = ["download", "--dataset", REPO, "--output", tmp_path / "out"]
    else:
        args = ["publish-dataset", REPO_ROOT, "--dataset", REPO]
    result = run_cli(*args, env={"HF_TOKEN_PATH": str(token_file)})
    assert_one_error(
        result,
        f"{token_file}: the stored token is not UTF-8 text (saved as UTF-16 by PowerShell?); "
        "run 'hf auth login' again, or set HF_TOKEN",
    )
    assert hub.requests == []
    assert not (tmp_path / "out").exists()


# -- HTTP client settings it cannot use -----------------------------------------------------


@pytest.mark.parametrize(
    ("env", "line"),
    [
        ({"HTTPS_PROXY": "http://[::1", "HTTP_PROXY": "http://127.0.0.1:3128"},
         "HTTPS_PROXY: the HTTP client cannot use this proxy setting: Invalid port: ':1'"),
        ({"ALL_PROXY": "socks5://127.0.0.1:1080"},
         "ALL_PROXY: the HTTP client cannot use this proxy setting: Using SOCKS proxy, but "
         "the 'socksio' package is not installed. Make sure to install httpx using `pip "
         "install httpx[socks]`."),
        ({"SSL_CERT_FILE": "/nonexistent/corporate-ca.pem"},
         "SSL_CERT_FILE: cannot load certificates from /nonexistent/corporate-ca.pem: "
         "[Errno 2] No such file or directory"),
    ],
    ids=["a proxy URL with a bad port", "a SOCKS proxy", "a missing certificate file"],
)  # fmt: skip
@pytest.mark.parametrize("command", ["download", "publish-dataset"])
def test_http_client_settings_it_cannot_use_are_one_line(
    hub: FakeHub, tmp_path: Path, env: dict[str, str], line: str, command: str
) -> None:
    """huggingface_hub's HTTP client reads them when it is made: a bad proxy URL
    and a SOCKS proxy without its package ended in tracebacks, a missing
    certificate file read "spotdiff: error: spotdiff: No such file or directory"."""
    if "ALL_PROXY" in env and importlib.util.find_spec("socksio") is not None:
        pytest.skip("socksio is installed: a SOCKS proxy can be used")
    if command == "download":
        args: list[str | Path] = ["download", "--dataset", REPO, "--output", tmp_path / "out"]
    else:
        args = ["publish-dataset", REPO_ROOT, "--dataset", REPO]
    result = run_cli(*args, env={**env, "HF_TOKEN": OWNER_TOKEN})
    assert_one_error(result, line)
    assert hub.requests == []
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["HF_HUB_ETAG_TIMEOUT", "HF_HUB_DOWNLOAD_TIMEOUT"])
def test_a_negative_timeout_is_one_line_naming_it(hub: FakeHub, tmp_path: Path, name: str) -> None:
    """It passed the whole-number check: "spotdiff/tiny-dev: Timeout value out of
    range" (HF_HUB_ETAG_TIMEOUT), after the hub was asked for the dataset."""
    hub.add_dataset(REPO, published(dataset_files()))
    result = download("--dataset", REPO, "--output", tmp_path / "out", env={name: "-1"})
    assert_one_error(result, f"{name}: must be a whole number of seconds (or unset)")
    assert hub.requests == []
    assert not (tmp_path / "out").exists()


# -- a second listing with more files ------------------------------------------------------


@pytest.mark.parametrize(
    "planted",
    [".git/config", ".spotdiff-download-x/moves.json", "data/images/extra.png"],
    ids=["a git config", "a staging folder", "an image"],
)
def test_files_the_first_listing_did_not_name_are_refused(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, planted: str
) -> None:
    """The transfer lists the commit again in its own process: a hub that showed
    the checks a clean listing and the transfer one with more files had those
    written into --output (a .git/config, a planted staging folder), past the
    checks of round 17 and 18."""
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    files = {**published(dataset_files("1.1")), planted: b"[core]\n\tfsmonitor = touch pwned\n"}
    head = hub.commit(REPO, files, "Version 1.1")
    out = tmp_path / "out"
    assert download("--dataset", REPO, "--revision", first, "--output", out).returncode == 0
    before = tree(out)
    real = hub._info
    answered: list[str] = []

    def info(repo: object, revision: str) -> tuple[int, dict[str, str], bytes]:
        status, headers, body = real(repo, revision)
        answered.append(revision)
        if len(answered) == 1:  # the first listing, which the checks read
            data = json.loads(body)
            data["siblings"] = [s for s in data["siblings"] if s["rfilename"] != planted]
            body = json.dumps(data).encode()
        return status, headers, body

    monkeypatch.setattr(hub, "_info", info)
    result = download("--dataset", REPO, "--output", out)

    assert_one_error(
        result,
        f"{REPO}: commit {head}: the hub sent {planted}, which its listing of the commit "
        f"did not name; nothing was written to {out}",
    )
    assert tree(out) == before
    assert not (out / planted).exists()


# -- a dataset listing no Hugging Face Hub sends --------------------------------------------


def _listing_of_none(data: dict) -> object:
    data["siblings"].append({"rfilename": None})
    return data


def _listing_without_name(data: dict) -> object:
    data["siblings"].append({"size": 3})
    return data


def _siblings_as_text(data: dict) -> object:
    data["siblings"] = "data/manifest.json"
    return data


@pytest.mark.parametrize(
    "malform",
    [_listing_of_none, _listing_without_name, _siblings_as_text, lambda data: [data]],
    ids=["a file named null", "a file without a name", "siblings as text", "a list"],
)
def test_a_malformed_dataset_listing_is_one_line(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, malform: object
) -> None:
    """A broken or hostile mirror's answer: AttributeError ('NoneType' object has no
    attribute 'casefold'), KeyError ('rfilename') or TypeError tracebacks."""
    hub.add_dataset(REPO, published(dataset_files()))
    real = hub._info

    def info(repo: object, revision: str) -> tuple[int, dict[str, str], bytes]:
        status, headers, body = real(repo, revision)
        return status, headers, json.dumps(malform(json.loads(body))).encode()  # type: ignore[operator]

    monkeypatch.setattr(hub, "_info", info)
    out = tmp_path / "out"
    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(
        f'spotdiff: error: {hub.url}: revision "main": the hub\'s answer about the dataset '
        "is malformed ("
    )
    assert result.stderr.endswith("); is HF_ENDPOINT a Hugging Face Hub?\n")
    assert not [r for r in hub.requests if "/resolve/" in r.path]
    assert not out.exists()


def test_an_annotation_naming_its_image_decomposed_agrees_with_the_manifest(
    tmp_path: Path,
) -> None:
    """The annotation's ``image`` written decomposed (NFD, as copied from a macOS
    listing), the manifest's composed: validate said the two differed, in a line
    that showed the same name twice."""
    files = published_files()
    old, new = "data/images/scene_0001_harbour.jpg", "data/images/scène_0001.jpg"
    files[new] = files.pop(old)
    files["data/manifest.json"] = files["data/manifest.json"].replace(old.encode(), new.encode())
    path = "data/annotations/scene_0001_harbour.json"
    annotation = json.loads(files[path])
    annotation["image"] = _nfd(new)
    files[path] = json.dumps(annotation).encode()
    root = write_tree(tmp_path / "root", files)

    result = run_cli("validate", root / "data")

    assert (result.returncode, result.stdout) == (0, f"{root / 'data'}: valid\n")
    assert "differs" not in result.stderr


# -- a JSON file saved as UTF-16 ---------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_an_annotation_saved_as_utf16_is_said_to_be_so(
    hub: FakeHub, tmp_path: Path, encoding: str
) -> None:
    """Windows PowerShell's ``> file`` and ``Out-File`` write UTF-16 with a byte order
    mark: the line read "byte 0: not valid UTF-8", the reason unsaid."""
    files = published_files()
    name = "data/annotations/scene_0001_harbour.json"
    text = files[name].decode("utf-8")
    files[name] = ("\ufeff" + text).encode(encoding)
    head = hub.add_dataset(PUBLISHED_REPO, files)
    out = tmp_path / "out"

    result = download("--dataset", PUBLISHED_REPO, "--output", out)

    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"spotdiff: error: {out / name}: byte 0: not valid UTF-8: the file is UTF-16 (save "
        "it as UTF-8)",
        f"spotdiff: error: {PUBLISHED_REPO}: commit {head}: 1 problem(s) found in the "
        f"downloaded dataset; nothing was written to {out}",
    ]
    assert not out.exists()


def test_files_stored_decomposed_by_the_filesystem_count_as_listed(tmp_path: Path) -> None:
    """macOS's HFS+ stores every file name decomposed (NFD) whatever name was asked:
    the check of the files sent must not take them for files the listing lacked."""
    from spotdiff_eval.hub._checks import check_listed as _check_listed

    listed = "data/images/scène.jpg"
    write_tree(tmp_path, {_nfd(listed): b"x", "data/manifest.json": b"{}"})
    _check_listed(tmp_path, [listed, "data/manifest.json"], "0" * 40, REPO, tmp_path)
    with pytest.raises(SpotDiffError, match=r"the hub sent data/extra\.txt, which its listing"):
        write_tree(tmp_path, {"data/extra.txt": b"x"})
        _check_listed(tmp_path, [listed, "data/manifest.json"], "0" * 40, REPO, tmp_path)
