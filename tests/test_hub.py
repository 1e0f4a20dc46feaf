"""``spotdiff download`` against a loopback Hub (see ``hub_fixtures.py``)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from conftest import read_json, run_cli
from fake_hub import FakeHub
from hub_fixtures import (
    OWNER,
    OWNER_TOKEN,
    READER_TOKEN,
    REPO,
    assert_one_error,
    dataset_files,
    download,
    published,
    scored_perfect,
    tree,
    write_tree,
)

#: The fixtures ``hub``, ``in_process`` and ``hub_env`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)

# -- download -------------------------------------------------------------------------


def test_download_main_lands_at_data_manifest_validates_and_scores_perfect(
    hub: FakeHub, tmp_path: Path
) -> None:
    hub.add_dataset(REPO, dataset_files("1.0"))
    head = hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    assert result.returncode == 0, result.stderr
    manifest = out / "data" / "manifest.json"
    assert result.stdout.splitlines() == [
        f"Downloaded {REPO} (revision main) at commit {head}: "
        f"{len(hub.files(REPO, head))} files in {out}",
        f"Manifest: {manifest} (valid)",
        f"Pin this exact version with --revision {head}",
    ]
    assert tree(out) == hub.files(REPO, head)
    assert read_json(manifest)["dataset_version"] == "1.1"
    assert scored_perfect(manifest, tmp_path)["dataset"]["version"] == "1.1"


@pytest.mark.parametrize("pin", ["sha", "tag", "short sha"])
def test_download_pinned_revision_gets_that_commit(hub: FakeHub, tmp_path: Path, pin: str) -> None:
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    hub.repos[REPO].refs["v1.0"] = first
    revision = {"sha": first, "tag": "v1.0", "short sha": first[:7]}[pin]
    out = tmp_path / "pinned"

    result = download("--dataset", REPO, "--revision", revision, "--output", out)

    assert result.returncode == 0, result.stderr
    assert f"(revision {revision}) at commit {first}:" in result.stdout
    assert f"Pin this exact version with --revision {first}" in result.stdout
    assert tree(out) == hub.files(REPO, first)
    assert read_json(out / "data" / "manifest.json")["dataset_version"] == "1.0"


def test_download_again_into_the_same_folder_switches_version(hub: FakeHub, tmp_path: Path) -> None:
    first = hub.add_dataset(REPO, published(dataset_files("1.0")))
    head = hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    out = tmp_path / "out"
    assert download("--dataset", REPO, "--output", out).returncode == 0
    assert tree(out) == hub.files(REPO, head)

    result = download("--dataset", REPO, "--revision", first, "--output", out)

    assert result.returncode == 0, result.stderr
    assert tree(out) == hub.files(REPO, first)


@pytest.mark.parametrize("case", ["unknown", "private"])
def test_unknown_dataset_or_private_without_token(hub: FakeHub, tmp_path: Path, case: str) -> None:
    # The Hub answers 401 RepoNotFound to both, so one message covers both.
    if case == "private":
        hub.add_dataset(REPO, published(dataset_files()), private=True)
    repo = REPO if case == "private" else f"{OWNER}/no-such-set"
    out = tmp_path / "out"
    result = download("--dataset", repo, "--output", out)
    assert_one_error(
        result,
        f"{repo}: dataset not found on {hub.url}, or it is private or gated: "
        "set HF_TOKEN to a token that can read it",
    )
    assert not out.exists()
    assert [r.headers.get("authorization") for r in hub.requests] == [None]


@pytest.mark.parametrize("token_env", ["HF_TOKEN", "SPOTDIFF_HF"])
def test_private_dataset_with_token(hub: FakeHub, tmp_path: Path, token_env: str) -> None:
    head = hub.add_dataset(REPO, published(dataset_files()), private=True)
    out = tmp_path / "out"
    flags = [] if token_env == "HF_TOKEN" else ["--token-env", token_env]

    result = download("--dataset", REPO, "--output", out, *flags, env={token_env: OWNER_TOKEN})

    assert result.returncode == 0, result.stderr
    assert tree(out) == hub.files(REPO, head)
    assert hub.requests, "the client made no request"
    assert {r.headers.get("authorization") for r in hub.requests} == {f"Bearer {OWNER_TOKEN}"}
    assert OWNER_TOKEN not in result.stdout + result.stderr


def test_token_that_cannot_read_the_private_dataset(hub: FakeHub, tmp_path: Path) -> None:
    hub.add_dataset(REPO, published(dataset_files()), private=True)
    result = download("--dataset", REPO, "--output", tmp_path / "o", env={"HF_TOKEN": READER_TOKEN})
    assert_one_error(
        result, f"{REPO}: dataset not found on {hub.url}, or the token in HF_TOKEN cannot read it"
    )
    assert READER_TOKEN not in result.stdout + result.stderr


def test_invalid_token(hub: FakeHub, tmp_path: Path) -> None:
    hub.add_dataset(REPO, published(dataset_files()))
    bad = "hf_NotAValidTokenAtAll0000000000000"
    result = download("--dataset", REPO, "--output", tmp_path / "o", env={"HF_TOKEN": bad})
    assert_one_error(result, f"{REPO}: the hub refused the token in HF_TOKEN (invalid or expired)")
    assert bad not in result.stdout + result.stderr


def test_gated_dataset_without_token(hub: FakeHub, tmp_path: Path) -> None:
    # Gated metadata and listings are public; the files answer 401 GatedRepo.
    hub.add_dataset(REPO, published(dataset_files()), gated=True)
    result = download("--dataset", REPO, "--output", tmp_path / "out")
    assert_one_error(
        result,
        f"{REPO}: dataset is gated: accept its conditions at {hub.url}/datasets/{REPO} "
        "and set HF_TOKEN to a token of that account",
    )


def test_token_env_named_but_unset(hub: FakeHub, in_process, tmp_path: Path) -> None:
    result = in_process(
        "download", "--dataset", REPO, "--output", tmp_path / "o", "--token-env", "SPOTDIFF_HF"
    )
    assert_one_error(result, "SPOTDIFF_HF: environment variable given with --token-env is not set")
    assert hub.requests == []


def test_revision_that_does_not_exist(hub: FakeHub, tmp_path: Path) -> None:
    hub.add_dataset(REPO, published(dataset_files()))
    result = download("--dataset", REPO, "--revision", "v9", "--output", tmp_path / "out")
    assert_one_error(
        result,
        f'{REPO}: revision "v9": not found (give a branch, a tag or a commit sha of this dataset)',
    )
    assert not (tmp_path / "out").exists()


def test_network_failure_names_the_endpoint(hub_env: None, tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        endpoint = f"http://127.0.0.1:{probe.getsockname()[1]}"
    result = download(
        "--dataset", REPO, "--output", tmp_path / "out", env={"HF_ENDPOINT": endpoint}
    )
    assert result.returncode == 1
    prefix = f"spotdiff: error: {endpoint}: cannot reach the hub ("
    suffix = "); check the network, proxy settings or HF_ENDPOINT\n"
    assert result.stderr.startswith(prefix) and result.stderr.endswith(suffix), result.stderr
    assert result.stderr.count("\n") == 1
    assert not (tmp_path / "out").exists()


def test_hub_outage(hub: FakeHub, tmp_path: Path) -> None:
    hub.outage = True
    result = download("--dataset", REPO, "--output", tmp_path / "out")
    assert_one_error(result, f"{REPO}: the hub answered HTTP 503: Service Unavailable")


def test_files_of_another_commit_than_the_resolved_one_are_refused(
    hub: FakeHub, tmp_path: Path
) -> None:
    """A mirror that serves the branch head whatever commit is asked for: the files of
    1.1 landed under the name of 1.0's commit. Each file's download record must name
    the resolved commit."""
    old = hub.add_dataset(REPO, published(dataset_files("1.0")))
    head = hub.commit(REPO, published(dataset_files("1.1")), "Version 1.1")
    hub.resolve_to = "main"
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--revision", old, "--output", out)

    assert_one_error(
        result,
        f"{REPO}: commit {old}: the hub sent .gitattributes from commit {head} instead; "
        f"nothing was written to {out}",
    )
    assert not out.exists()


def test_log_lines_of_huggingface_hub_never_show_the_token(hub: FakeHub, tmp_path: Path) -> None:
    """huggingface_hub logs a server's X-HF-Warning as it comes: a proxy echoing the
    Authorization header printed the token."""
    hub.add_dataset(REPO, published(dataset_files("1.0")), private=True)
    hub.extra_headers["X-HF-Warning"] = f"echo; you sent Bearer {READER_TOKEN}"
    hub.tokens[READER_TOKEN] = OWNER  # may read the private dataset

    result = download("--dataset", REPO, "--output", tmp_path / "out",
                      env={"HF_TOKEN": READER_TOKEN})  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert "you sent Bearer [redacted]" in result.stderr
    assert READER_TOKEN not in result.stderr + result.stdout


@pytest.mark.parametrize("fragment", ["/api/datasets/", "/resolve/"], ids=["info", "file"])
def test_a_redirect_loop_is_one_line(hub: FakeHub, tmp_path: Path, fragment: str) -> None:
    """A hub (or proxy) that redirects a request to itself ended in httpx's traceback."""
    hub.add_dataset(REPO, published(dataset_files("1.0")))
    hub.fail(fragment, 302, {"Location": "{path}"})
    result = download("--dataset", REPO, "--output", tmp_path / "out")
    assert_one_error(
        result,
        f"{hub.url}: the hub redirected too many times (a redirect loop); check HF_ENDPOINT "
        "and proxy settings",
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("endpoint", "what"),
    [
        ("http://[::1", "is not a valid URL"),
        ("http://127.0.0.1:99999", "is not a valid URL"),
        ("not a url", "must be a full http:// or https:// URL with a host name"),
        ("ftp://mirror.example", "must be a full http:// or https:// URL with a host name"),
        ("", "must be a full http:// or https:// URL with a host name"),
    ],
)
@pytest.mark.parametrize("command", ["download", "publish-dataset"])
def test_a_malformed_hf_endpoint_is_one_line_before_any_request(
    hub_env: None, tmp_path: Path, endpoint: str, what: str, command: str
) -> None:
    """huggingface_hub parses HF_ENDPOINT on import: a bad one was a traceback or a
    misleading "cannot reach the hub"; it is checked like --endpoint of spotdiff run."""
    if command == "download":
        args: list[str | Path] = ["download", "--dataset", REPO, "--output", tmp_path / "out"]
    else:
        args = ["publish-dataset", "data", "--dataset", REPO]
    result = run_cli(*args, env={"HF_ENDPOINT": endpoint, "HF_TOKEN": OWNER_TOKEN})
    assert_one_error(result, f"HF_ENDPOINT: {what}")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "bad",
    ["tiny-dev", "a/b/c", f"{OWNER}/tiny--dev", f"{OWNER}/", "datasets/x/y", "me/ti ny", "me/é"],
)
def test_bad_dataset_syntax_is_a_usage_error_found_offline(
    hub: FakeHub, in_process, tmp_path: Path, bad: str
) -> None:
    result = in_process("download", "--dataset", bad, "--output", tmp_path / "out")
    assert_one_error(
        result,
        f'spotdiff download: argument --dataset: "{bad}" is not OWNER/NAME '
        "(for example Abnik/spotdiff-v1-dev) (see 'spotdiff download --help')",
        status=2,
    )
    assert hub.requests == []


def test_repository_without_manifest_downloads_nothing(hub: FakeHub, tmp_path: Path) -> None:
    other = f"{OWNER}/not-spotdiff"
    head = hub.add_dataset(other, {"README.md": b"# csv\n", "train.csv": b"a,b\n1,2\n"})
    out = tmp_path / "out"
    result = download("--dataset", other, "--output", out)
    assert_one_error(
        result,
        f"{other}: commit {head}: has no data/manifest.json, so it is not a SpotDiff dataset; "
        "nothing was downloaded",
    )
    assert not out.exists()
    assert not [r for r in hub.requests if "/resolve/" in r.path]


def test_download_refuses_to_overwrite_files_it_did_not_write(hub: FakeHub, tmp_path: Path) -> None:
    hub.add_dataset(REPO, published(dataset_files()))
    out = write_tree(
        tmp_path / "checkout", {"README.md": b"my project\n", "data/manifest.json": b"{}"}
    )

    result = download("--dataset", REPO, "--output", out)

    assert_one_error(
        result,
        f"{out}: would overwrite README.md, data/manifest.json, not written by an earlier "
        "download; choose an empty folder with --output",
    )
    assert tree(out) == {"README.md": b"my project\n", "data/manifest.json": b"{}"}
    assert not [r for r in hub.requests if "/resolve/" in r.path]
