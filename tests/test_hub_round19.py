"""Red team round 19 on ``spotdiff download`` and the dataset loader.

The real huggingface_hub client runs against the loopback hub
(``hub_fixtures.py``), in a ``spotdiff`` subprocess as a user runs it.
"""

from __future__ import annotations

import json
from pathlib import Path

from fake_hub import FakeHub
from hub_fixtures import OWNER, REPO, dataset_files, download, publish, published, write_tree

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
