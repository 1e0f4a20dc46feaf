"""Helpers for the Hub tests: a tiny dataset, an isolated environment, a running fake hub.

Used by ``test_hub.py`` (download) and ``test_hub_publish.py`` (publish). The
real huggingface_hub client runs in a ``spotdiff`` subprocess pointed at
:class:`fake_hub.FakeHub` with ``HF_ENDPOINT``, as a user with a mirror would
do. ``HF_HOME`` is a temporary folder and telemetry is off, so nothing reads
or writes the real cache, a stored login, or the network.
"""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO as REPO_ROOT
from conftest import read_json, run_cli, write_json
from fake_hub import GITATTRIBUTES, FakeHub
from PIL import Image, ImageDraw

from spotdiff_eval.datasets._loading import load_dataset

OWNER = "spotdiff"
OWNER_TOKEN = "hf_OwnerTokenForTests0123456789abcd"  # user "spotdiff": reads and writes its repos
READER_TOKEN = "hf_ReaderTokenForTests0123456789abc"  # user "reader": public data only
REPO = f"{OWNER}/tiny-dev"
CARD = b"---\nlicense: cc0-1.0\npretty_name: tiny\n---\n# tiny\n\nA two-item test set.\n"

# -- a tiny dataset in the published layout ----------------------------------------


def _png(size: tuple[int, int], shapes: list[tuple[str, tuple[int, int, int, int], str]]) -> bytes:
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for shape, box, colour in shapes:
        (draw.ellipse if shape == "ellipse" else draw.rectangle)(box, fill=colour)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _items() -> dict[str, dict[str, Any]]:
    """Two items, one per layout; each second panel changes exactly what is annotated."""
    ball, box = ("ellipse", (5, 5, 25, 25)), ("rectangle", (35, 10, 55, 30))
    park = _png(
        (124, 40),
        [(*ball, "red"), (*box, "blue"), ("ellipse", (69, 5, 89, 25), "green")],
    )
    apples = [("ellipse", (5 + 18 * i, 10, 19 + 18 * i, 24), "red") for i in range(3)]
    second = [(s, (x0, y0 + 44, x1, y1 + 44), c) for s, (x0, y0, x1, y1), c in apples]
    kitchen = _png((60, 84), [*apples[:2], *second])
    return {
        "scene_a_park": {
            "layout": "side_by_side",
            "png": park,
            "differences": [
                {"id": "d01", "kind": "attribute_change", "subject": "ball", "attribute": "color",
                 "from": "red", "to": "green", "description": "The ball turns green."},
                {"id": "d02", "kind": "object_removed", "subject": "blue_box",
                 "description": "The blue box is gone."},
            ],
        },
        "scene_b_kitchen": {
            "layout": "top_bottom",
            "png": kitchen,
            "differences": [
                {"id": "d01", "kind": "count_change", "subject": "apples", "from": 2, "to": 3,
                 "description": "There are three apples instead of two."},
            ],
        },
    }  # fmt: skip


def dataset_files(version: str = "1.0", *, drop: tuple[str, ...] = ()) -> dict[str, bytes]:
    """Repository paths to bytes of the tiny dataset (card in data/README.md only)."""
    files: dict[str, bytes] = {}
    entries = []
    for item_id, spec in _items().items():
        if item_id in drop:
            continue
        image, annotation = f"data/images/{item_id}.png", f"data/annotations/{item_id}.json"
        files[image] = spec["png"]
        files[annotation] = json_bytes(
            {
                "schema_version": "1.0",
                "item_id": item_id,
                "image": image,
                "panel_layout": spec["layout"],
                "review_status": "approved",
                "differences": spec["differences"],
            }
        )
        entries.append(
            {"item_id": item_id, "image": image, "annotation": annotation,
             "panel_layout": spec["layout"]}
        )  # fmt: skip
    files["data/manifest.json"] = json_bytes(
        {
            "schema_version": "1.0",
            "dataset_name": "tiny",
            "dataset_version": version,
            "review_status": "approved",
            "items": entries,
        }
    )
    files["data/README.md"] = CARD
    files["data/dataset_version.json"] = json_bytes({"dataset_name": "tiny", "version": version})
    return files


def published(files: dict[str, bytes]) -> dict[str, bytes]:
    """What a dataset repository holds: the files, the card at the root, .gitattributes."""
    return {".gitattributes": GITATTRIBUTES, "README.md": files["data/README.md"], **files}


def json_bytes(data: Any) -> bytes:
    """A dataset file's bytes: indented JSON and a final newline, as published."""
    return (json.dumps(data, indent=2) + "\n").encode()


def write_tree(root: Path, files: dict[str, bytes]) -> Path:
    for path, content in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(content)
    return root


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` except huggingface_hub's .cache bookkeeping."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".cache" not in p.relative_to(root).parts
    }


def perfect_predictions(manifest: Path) -> dict[str, Any]:
    """Every golden difference of the dataset restated as a prediction.

    The annotations are found by the loader, so paths written relative to the
    manifest's folder work as well as the published ``data/...`` ones.
    """
    keep = ("kind", "subject", "attribute", "from", "to", "count")
    items = []
    for item in load_dataset(manifest).items:
        golds = read_json(item.annotation_path)["differences"]
        items.append(
            {
                "item_id": item.item_id,
                "differences": [{k: d[k] for k in keep if k in d} for d in golds],
            }
        )
    return {"schema_version": "1.0", "model": "perfect", "items": items}


def scored_perfect(manifest: Path, tmp_path: Path) -> dict[str, Any]:
    """The report of ``spotdiff evaluate`` on :func:`perfect_predictions`, asserted 100%."""
    predictions = write_json(tmp_path / "perfect.json", perfect_predictions(manifest))
    report = tmp_path / "perfect-report.json"
    scored = run_cli(
        "evaluate", "--manifest", manifest, "--predictions", predictions, "--output", report
    )
    assert scored.returncode == 0, scored.stderr
    data = read_json(report)
    assert data["metrics"]["overall_score"] == 1.0
    return data


# -- fixtures ---------------------------------------------------------------------------


@pytest.fixture
def hub_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No token, cache, offline switch or endpoint of the machine leaks into a test."""
    for name in (
        "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE",
        "HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_TOKEN_PATH", "HF_HUB_DISABLE_PROGRESS_BARS",
        "HF_ENDPOINT", "HUGGINGFACE_CO_STAGING", "SPOTDIFF_HF",
    ):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")


@pytest.fixture
def hub(hub_env: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeHub]:
    with FakeHub({OWNER_TOKEN: OWNER, READER_TOKEN: "reader"}) as server:
        monkeypatch.setenv("HF_ENDPOINT", server.url)
        yield server
    assert server.unexpected == [], "the client used a part of the API the fake hub lacks"


@pytest.fixture
def in_process(
    hub: FakeHub, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run ``spotdiff`` in this process, for failures due before any request (faster).

    huggingface_hub read ``HF_ENDPOINT`` when first imported, so its endpoint
    is pointed at ``hub`` directly: a request made by mistake is still seen.
    """
    from huggingface_hub import constants

    from spotdiff_eval.cli import main

    monkeypatch.setattr(constants, "ENDPOINT", hub.url)

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        try:
            status = main([str(a) for a in args])
        except SystemExit as exc:
            status = exc.code
        captured = capsys.readouterr()
        return subprocess.CompletedProcess(args, status, captured.out, captured.err)

    return run


def download(*args: str | Path, env: dict[str, str] | None = None):
    return run_cli("download", *args, env=env)


@contextmanager
def download_moving_slowly(
    *args: str | Path, first: float, each: float = 0.0
) -> Iterator[subprocess.Popen[str]]:
    """``spotdiff download ARGS`` in a child process whose moves into place are slowed.

    It sleeps ``first`` seconds after moving its first file in and ``each``
    after every later one. Yields once the first file is in place (so a test
    can signal it, or start a second download); kills it on the way out.
    """
    argv = [str(a) for a in ("download", *args)]
    script = textwrap.dedent(
        f"""
        import os, sys, time
        from spotdiff_eval.cli import main
        real_rename = os.rename
        def rename(source, destination):
            real_rename(source, destination)
            if "{os.sep}files{os.sep}" in os.fspath(source):
                if rename.first:
                    rename.first = False
                    print("moved", flush=True)
                    time.sleep({first!r})
                else:
                    time.sleep({each!r})
        rename.first = True
        os.rename = rename
        sys.exit(main({argv!r}))
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], cwd=REPO_ROOT, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "moved\n"
        yield process
    finally:
        process.kill()
        process.wait()


@contextmanager
def download_stalled(hub: FakeHub, out: Path, path: str) -> Iterator[subprocess.Popen[str]]:
    """``spotdiff download`` of ``REPO`` into ``out`` in a child process, held on ``path``.

    Yields once the hub has been asked for ``path``, which it holds back
    until the block ends (a test signals the child meanwhile); then the
    file is let go and the child killed.
    """
    stall = hub.stall(path)
    command = [sys.executable, "-m", "spotdiff_eval", "download", "--dataset", REPO]
    process = subprocess.Popen(
        [*command, "--output", out], cwd=REPO_ROOT, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert stall.requested.wait(60), "the file was never requested"
        yield process
    finally:
        stall.release.set()
        process.kill()
        process.wait()


def cut_short(
    hub: FakeHub, monkeypatch: pytest.MonkeyPatch, route: str, content: bytes, keep: int
) -> None:
    """Have ``hub`` send only the first ``keep`` bytes of ``content`` wherever it serves
    it, as a proxy that drops the end of a file: ``route`` is ``"_resolve"`` (the hub)
    or ``"_lfs_object"`` (its storage of large files)."""
    real = getattr(hub, route)

    def short(*args: str) -> tuple[int, dict[str, str], bytes]:
        status, headers, body = real(*args)
        if args[-1] == "GET" and body == content:
            body = body[:keep]
            headers = {**headers, "Content-Length": str(len(body))}
        return status, headers, body

    monkeypatch.setattr(hub, route, short)


def assert_one_error(result, line: str, status: int = 1) -> None:
    assert (result.returncode, result.stderr) == (status, f"spotdiff: error: {line}\n")


def assert_refused(result, out: Path, line: str) -> None:
    """A download refused in one line that left no ``out`` behind."""
    assert_one_error(result, line)
    assert not out.exists()


def publish(root: Path, *args: str, token: str | None = OWNER_TOKEN):
    env = {"HF_TOKEN": token} if token else None
    return run_cli("publish-dataset", root, *args, env=env)


@pytest.fixture
def dead_storage(hub: FakeHub, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The hub's storage for LFS files at a port that refuses connections; its URL."""
    with socket.socket() as bound:  # bound, never listening: connections are refused
        bound.bind(("127.0.0.1", 0))
        url = f"http://localhost:{bound.getsockname()[1]}"
        monkeypatch.setattr(FakeHub, "storage_url", property(lambda self: url))
        yield url
