"""Red team round 23: published data, downloaded and loaded.

A download killed in the middle of a file, and the published dataset's shape
with the variations a hand-made or re-exported copy has.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli, write_json
from fake_hub import FakeHub
from hub_fixtures import (
    REPO,
    dataset_files,
    download,
    download_stalled,
    json_bytes,
    perfect_predictions,
    published,
    scored_perfect,
    tree,
    write_tree,
)
from published_shape import REPO as SHAPE_REPO
from published_shape import published_files

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


def _killed_mid_file(hub: FakeHub, out: Path, path: str, stop: signal.Signals) -> None:
    """``spotdiff download`` into ``out``, sent ``stop`` once half of ``path`` has arrived."""
    with download_stalled(hub, out, path) as process:
        deadline = time.monotonic() + 30
        while len(_finished(out)) < len(hub.files(REPO)) - 1:  # the others land meanwhile
            assert time.monotonic() < deadline, "the other files never finished"
            time.sleep(0.05)
        process.send_signal(stop)
        process.communicate(timeout=30)
    hub.stalls.clear()


def _finished(out: Path) -> set[str]:
    """Files a download into ``out`` has finished in its staging folder (each has a record)."""
    return {
        record.relative_to(folder).as_posix().removesuffix(".metadata")
        for folder in out.glob(".spotdiff-download-*/files/.cache/huggingface/download")
        for record in folder.rglob("*.metadata")
    }


def _fetched(hub: FakeHub) -> set[str]:
    """Repository files the hub was asked for with GET since the list was last cleared."""
    return {r.path.split("/resolve/", 1)[1].split("/", 1)[1] for r in hub.requests
            if r.method == "GET" and "/resolve/" in r.path}  # fmt: skip


def test_a_download_killed_mid_file_is_resumed_by_the_next_one(
    hub: FakeHub, tmp_path: Path
) -> None:
    """SIGKILL (the OOM killer, a closed laptop lid, ``kill -9``) half-way through an image.

    The staging folder of the killed run held every file it had finished, each
    with huggingface_hub's record of it; the next download deleted the folder
    and fetched the whole dataset again. Now it takes over the finished files (the
    hub's own hash check and ``check_received`` still hold for them) and fetches
    only the rest; nothing of the killed run stays behind, and no partial file
    reaches the folder.
    """
    files = published(dataset_files("1.0"))
    hub.add_dataset(REPO, files)
    out = tmp_path / "out"
    _killed_mid_file(hub, out, "data/images/scene_a_park.png", signal.SIGKILL)
    assert [n for n in tree(out) if not n.startswith(".spotdiff-download-")] == []
    finished = _finished(out)
    assert finished and "data/images/scene_a_park.png" not in finished
    hub.requests.clear()
    again = download("--dataset", REPO, "--output", out)
    assert again.returncode == 0, again.stderr
    assert tree(out) == files
    assert _fetched(hub) == set(files) - finished, "finished files fetched again"
    assert not list(out.glob(".spotdiff-download-*"))
    assert not list(out.rglob("*.incomplete")), "the half-fetched image moved in"


# -- the published shape, as re-exported copies vary it -------------------------------------


def _annotations(files: dict[str, bytes]) -> list[str]:
    return sorted(n for n in files if n.startswith("data/annotations/"))


def _edit(files: dict[str, bytes], name: str, change: Callable[[Any], None]) -> None:
    data = json.loads(files[name])
    change(data)
    files[name] = json_bytes(data)


def _extra_columns(files: dict[str, bytes]) -> None:
    _edit(files, "data/manifest.json", lambda d: [e.update(split="dev") for e in d["items"]])
    for name in _annotations(files):
        _edit(files, name, lambda d: [x.update(area=3.5, tags=["x"]) for x in d["differences"]])


def _missing_optional(files: dict[str, bytes]) -> None:
    optional = ("confidence", "description", "aliases", "count")
    for name in _annotations(files):
        _edit(files, name, lambda d: [x.pop(k, None) for x in d["differences"] for k in optional])
        _edit(files, name, lambda d: [d.pop(k) for k in ("review_notes", "panel_order")])


def _nested_folders(files: dict[str, bytes]) -> None:
    deeper = {
        "data/images/": "data/images/2026/a/",
        "data/annotations/": "data/annotations/2026/a/",
    }

    def moved(path: str) -> str:
        for old, new in deeper.items():
            path = path.replace(old, new)
        return path

    for name in [*_annotations(files), *(n for n in files if n.startswith("data/images/"))]:
        files[moved(name)] = files.pop(name)
    for name in _annotations(files):
        _edit(files, name, lambda d: d.update(image=moved(d["image"])))

    def entries(data: Any) -> None:
        for entry in data["items"]:
            entry.update(image=moved(entry["image"]), annotation=moved(entry["annotation"]))

    _edit(files, "data/manifest.json", entries)


def _bom(files: dict[str, bytes]) -> None:
    for name in ["data/manifest.json", *_annotations(files)]:
        files[name] = b"\xef\xbb\xbf" + files[name]


def _crlf(files: dict[str, bytes]) -> None:
    for name in ["data/manifest.json", *_annotations(files), "data/README.md"]:
        files[name] = files[name].replace(b"\n", b"\r\n")


@pytest.mark.parametrize(
    ("vary", "same_bytes_parsed"),
    [(_extra_columns, False), (_missing_optional, False), (_nested_folders, False),
     (_bom, True), (_crlf, True)],
    ids=["extra-columns", "missing-optional", "nested-folders", "bom", "crlf"],
)  # fmt: skip
def test_variations_of_the_published_shape_download_and_score(
    hub: FakeHub, tmp_path: Path, vary: Callable[[dict[str, bytes]], None], same_bytes_parsed: bool
) -> None:
    """Each variation DESIGN.md allows downloads, validates and scores 100% for the golden
    answers; a BOM or CRLF line ends (a Windows editor, git's autocrlf) keep the
    fingerprint, which hashes the parsed annotations, not their bytes, so a board pinned
    to it still matches."""
    original = published_files()
    write_tree(tmp_path / "original", original)
    expected = scored_perfect(tmp_path / "original" / "data" / "manifest.json", tmp_path)
    files = dict(original)
    vary(files)
    hub.add_dataset(SHAPE_REPO, files)
    out = tmp_path / "out"
    done = download("--dataset", SHAPE_REPO, "--output", out)
    assert done.returncode == 0, done.stderr
    assert "(valid)" in done.stdout, done.stdout
    predictions = write_json(
        tmp_path / "p.json", perfect_predictions(tmp_path / "original" / "data" / "manifest.json")
    )
    report = tmp_path / "report.json"
    scored = run_cli(
        "evaluate",
        "--manifest",
        out / "data" / "manifest.json",
        "--predictions",
        predictions,
        "--output",
        report,
    )
    assert scored.returncode == 0, scored.stderr
    got = json.loads(report.read_text(encoding="utf-8"))
    assert got["metrics"]["overall_score"] == 1.0
    same = got["dataset"]["fingerprint"] == expected["dataset"]["fingerprint"]
    assert same == same_bytes_parsed


def test_a_confidence_word_in_other_case_is_named_in_the_error(tmp_path: Path) -> None:
    """A copy re-exported by a spreadsheet wrote "High": refused (the schema's words are
    exact), but the error said only what was allowed, not that the case was the problem."""
    files = published_files()
    name = "data/annotations/scene_0001_harbour.json"
    _edit(files, name, lambda d: d["differences"][0].update(confidence="High"))
    write_tree(tmp_path, files)
    done = run_cli("validate", tmp_path / "data" / "manifest.json")
    assert done.returncode == 1
    line = (
        f"spotdiff: error: {tmp_path / name}: /differences/0/confidence: must be one of low, "
        'medium, high or a number between 0 and 1, found "High" (did you mean high?)'
    )
    assert line in done.stderr.splitlines(), done.stderr
