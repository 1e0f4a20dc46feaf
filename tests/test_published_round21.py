"""Red team round 21: every user journey on the published spotdiff-v1-dev shape, end to end.

The shape is re-derived from DESIGN.md section 3 and the seed README, not
from ``published_shape.py`` alone: each test names the contract line or the
journey it plays. The dataset is served by the loopback hub of
``hub_fixtures.py`` and fetched by the real huggingface_hub client; every
command runs as a user runs it, ``spotdiff`` in a subprocess.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, read_json, run_cli, write_json
from fake_endpoints import FakeEndpoint
from fake_hub import FakeHub
from hub_fixtures import json_bytes, perfect_predictions, scored_perfect
from published_shape import REPO as HUB_REPO
from published_shape import answers, published_files

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)

ORCHARD = "data/annotations/scene_0002_orchard.json"  # the top_bottom item


def _edited(files: dict[str, bytes], path: str, **fields: Any) -> dict[str, bytes]:
    """``files`` with the annotation at ``path`` given ``fields`` (re-serialised as published)."""
    data = json.loads(files[path])
    data.update(fields)
    return {**files, path: json_bytes(data)}


def _download_in(hub: FakeHub, files: dict[str, bytes], folder: Path):
    """``spotdiff download --dataset Abnik/spotdiff-v1-dev`` run in ``folder`` (seed README)."""
    hub.add_dataset(HUB_REPO, files)
    folder.mkdir(parents=True, exist_ok=True)
    return run_cli("download", "--dataset", HUB_REPO, cwd=folder)


# -- panel_order: names of the first and second panel ------------------------------------


@pytest.mark.parametrize(
    "order",
    [["left", "right"], ["before", "after"], ["original", "modified"], ["first", "second"]],
    ids=["the template's left/right", "before/after", "original/modified", "first/second"],
)
def test_panel_order_names_on_a_top_bottom_item_do_not_refuse_the_download(
    hub: FakeHub, tmp_path: Path, order: list[str]
) -> None:
    """Contract: annotation ``"panel_order": ["left", "right"]`` (the only example
    DESIGN.md gives, for any layout), and the schema: "Optional names of the
    first and second panel". A top_bottom item whose panel_order was copied
    from that template, or names its panels in words of its own, was an
    error: the whole download was refused ("does not fit panel_layout
    top_bottom"), though panel_order changes neither the prompt nor the score
    (panel_layout decides which panel is first)."""
    files = _edited(published_files(), ORCHARD, panel_order=order)
    folder = tmp_path / "empty"

    downloaded = _download_in(hub, files, folder)

    assert downloaded.returncode == 0, downloaded.stderr
    validated = run_cli("validate", "data", cwd=folder)
    assert validated.returncode == 0, validated.stderr
    scored_perfect(folder / "data" / "manifest.json", tmp_path)


def test_panel_order_of_the_other_layout_is_a_warning(hub: FakeHub, tmp_path: Path) -> None:
    """Position words of the other layout still read as first and second, but
    one of the two statements is a slip: said, as a warning."""
    files = _edited(published_files(), ORCHARD, panel_order=["left", "right"])
    folder = tmp_path / "empty"
    assert _download_in(hub, files, folder).returncode == 0

    validated = run_cli("validate", "data", cwd=folder)

    annotation = (folder / ORCHARD).resolve()
    assert (
        f"spotdiff: warning: {annotation}: /panel_order: panel_order ['left', 'right'] names "
        "the panels of side_by_side, but panel_layout is top_bottom (the top panel is read "
        "as the first)"
    ) in validated.stderr.splitlines()


@pytest.mark.parametrize(
    ("path", "order"),
    [(ORCHARD, ["bottom", "top"]), ("data/annotations/scene_0001_harbour.json", ["right", "left"])],
    ids=["top_bottom", "side_by_side"],
)
def test_panel_order_reversing_the_layout_is_still_refused(
    hub: FakeHub, tmp_path: Path, path: str, order: list[str]
) -> None:
    """Contract: "side_by_side: left is the first panel; top_bottom: top is the
    first panel". A panel_order that puts the other panel first contradicts
    it, and every from/to of the item would read backwards: an error."""
    files = _edited(published_files(), path, panel_order=order)
    folder = tmp_path / "empty"

    downloaded = _download_in(hub, files, folder)

    assert downloaded.returncode == 1
    assert f"/panel_order: panel_order {order} puts the panels in reverse order" in (
        downloaded.stderr
    )


# -- the annotation's own "image" --------------------------------------------------------


def test_an_annotation_naming_its_image_before_the_jpeg_conversion_downloads(
    hub: FakeHub, tmp_path: Path
) -> None:
    """Contract: the manifest example names ``data/images/scene_0001_park.png``,
    and "images are JPEG" in the published set. Its annotations keep an
    ``"image": "..."`` of their own, which neither the scorer nor the runner
    reads (the manifest's path is the one opened). An annotation still naming
    the picture as it was before the conversion (``.png`` for the manifest's
    ``.jpg``) was an error, and the whole download was refused."""
    name = "data/annotations/scene_0001_harbour.json"
    files = _edited(published_files(), name, image="data/images/scene_0001_harbour.png")
    folder = tmp_path / "empty"

    downloaded = _download_in(hub, files, folder)

    assert downloaded.returncode == 0, downloaded.stderr
    validated = run_cli("validate", "data", cwd=folder)
    assert validated.returncode == 0, validated.stderr
    assert (
        f"spotdiff: warning: {(folder / name).resolve()}: /image: image "
        '"data/images/scene_0001_harbour.png" differs from the manifest\'s '
        '"data/images/scene_0001_harbour.jpg" in its file type only (data/manifest.json: '
        "/items/0/image): the manifest's file is the one read"
    ) in validated.stderr.splitlines()
    scored_perfect(folder / "data" / "manifest.json", tmp_path)


def test_an_annotation_naming_another_picture_is_still_refused(
    hub: FakeHub, tmp_path: Path
) -> None:
    """An annotation naming another item's picture may hold that item's golds:
    still an error, as before."""
    name = "data/annotations/scene_0001_harbour.json"
    files = _edited(published_files(), name, image="data/images/scene_0002_orchard.jpg")

    downloaded = _download_in(hub, files, tmp_path / "empty")

    assert downloaded.returncode == 1
    assert '/image: image "data/images/scene_0002_orchard.jpg" differs from the manifest' in (
        downloaded.stderr
    )


# -- every journey of the seed README, in order, on the published shape ------------------


def test_every_journey_of_the_seed_readme_on_the_published_shape(
    hub: FakeHub, tmp_path: Path
) -> None:
    """Seed README, in order: "In an empty working directory, run: spotdiff
    download --dataset Abnik/spotdiff-v1-dev ... the downloaded manifest is:
    data/manifest.json"; evaluate a perfect answer (100%) and an imperfect
    one; explain; "Use --limit 1 to test one image" against an
    OpenAI-compatible endpoint (here a loopback one) on the downloaded
    JPEGs; then the leaderboard way: submit to board v1-dev, pin it, build."""
    folder = tmp_path / "empty"
    downloaded = _download_in(hub, published_files(), folder)
    assert downloaded.returncode == 0, downloaded.stderr
    assert "Manifest: data/manifest.json (valid)" in downloaded.stdout
    assert run_cli("validate", "data/manifest.json", cwd=folder).returncode == 0

    write_json(
        folder / "predictions" / "perfect.json", perfect_predictions(folder / "data/manifest.json")
    )
    perfect = run_cli(
        "evaluate", "--manifest", "data/manifest.json", "--predictions",
        "predictions/perfect.json", "--output", "results/perfect.json", cwd=folder,
    )  # fmt: skip
    assert perfect.returncode == 0, perfect.stderr
    metrics = read_json(folder / "results" / "perfect.json")["metrics"]
    assert {k: metrics[k] for k in ("overall_score", "recall", "precision")} == {
        "overall_score": 1.0, "recall": 1.0, "precision": 1.0,
    }  # fmt: skip
    write_json(folder / "predictions" / "example.json", answers("example-model"))
    example = run_cli(
        "evaluate", "--predictions", "predictions/example.json", cwd=folder,
        module="spotdiff_eval.cli",
    )  # fmt: skip
    assert example.returncode == 0, example.stderr
    assert "scene_0002_orchard  #1  object_removed  tree" in example.stdout
    explained = run_cli(
        "explain", "--predictions", "predictions/example.json", "--item", "scene_0002_orchard",
        "--json", cwd=folder,
    )  # fmt: skip
    assert json.loads(explained.stdout)["predictions"][0]["matched_gold_id"] == "d01"

    with FakeEndpoint("openai_compatible") as endpoint:
        ran = run_cli(
            "run", "--endpoint", endpoint.endpoint(), "--model", "my-vision-model",
            "--manifest", "data/manifest.json", "--output", "predictions/my-model.json",
            "--limit", "1", cwd=folder, env={"SPOTDIFF_API_TOKEN": "your-token"},
        )  # fmt: skip
        assert ran.returncode == 0, ran.stderr
        (seen,) = endpoint.seen
        media_type, image = endpoint.image_of(seen.body) or ("", b"")
    assert media_type == "image/jpeg"
    assert image == (folder / "data/images/scene_0001_harbour.jpg").read_bytes()
    assert read_json(folder / "predictions/my-model.json")["model"] == "my-vision-model"

    submissions = folder / "submissions"
    (submissions / "v1-dev").mkdir(parents=True)
    shutil.copyfile(REPO / "submissions/v1-dev/board.json", submissions / "v1-dev/board.json")
    submitted = run_cli(
        "submit", "--board", "v1-dev", "--manifest", "data/manifest.json", "--predictions",
        "predictions/perfect.json", "--model", "perfect", "--provider", "My Lab",
        "--submitter", "octocat", "--submissions", submissions, cwd=folder,
    )  # fmt: skip
    assert submitted.returncode == 0, submitted.stderr
    cache = ("--submissions", submissions, "--cache-dir", tmp_path / "cache")
    pinned = run_cli("leaderboard", "pin", "v1-dev", *cache, cwd=folder)
    assert pinned.returncode == 0, pinned.stderr
    built = run_cli(
        "leaderboard", "build", "--strict", *cache, "--output", tmp_path / "site",
        "--markdown", tmp_path / "LEADERBOARD.md", cwd=folder,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    board = read_json(tmp_path / "site" / "v1-dev" / "leaderboard.json")
    assert [(e["submission_id"], e["metrics"]["overall_score"]) for e in board["entries"]] == [
        ("perfect", 1.0)
    ]


# -- submit to the Hub board from a checkout ------------------------------------------------


def test_submit_to_the_hub_board_from_a_checkout_refuses_the_bundled_set(tmp_path: Path) -> None:
    """Contract: the bundled generated set has "a name of its own, never
    spotdiff-v1-dev", and v1-dev is "the public hand-made set on the Hub";
    README: ``--manifest`` is "refused when it is not the board's dataset".
    In a checkout, ``spotdiff submit --board v1-dev`` without ``--manifest``
    took ``data/manifest.json``, the bundled set: the folder was made, its
    submission.json recorded spotdiff-synthetic-dev on board v1-dev, and "the
    score CI will compute" was the bundled set's, while CI scores it on the
    Hub set (every item unanswered). The board as committed is not pinned
    yet (no fingerprint, no dataset name), so nothing was compared."""
    checkout = tmp_path / "checkout"
    for part in ("data", "submissions", "predictions"):
        shutil.copytree(REPO / part, checkout / part)
    for board in (checkout / "submissions").iterdir():
        for entry in board.iterdir():
            if entry.is_dir():
                shutil.rmtree(entry)
    assert "fingerprint" not in read_json(checkout / "submissions/v1-dev/board.json")

    submitted = run_cli(
        "submit", "--board", "v1-dev", "--predictions", "predictions/example.json",
        "--model", "example-model", "--provider", "My Lab", "--submitter", "octocat",
        cwd=checkout,
    )  # fmt: skip

    assert submitted.returncode == 1
    assert submitted.stderr.startswith(
        "spotdiff: error: data/manifest.json: /dataset_name: dataset spotdiff-synthetic-dev "
        "2.0.0 is board synthetic-dev's (data/ of this repository), not board v1-dev's; "
        "pass the --manifest of Abnik/spotdiff-v1-dev"
    )
    assert not (checkout / "submissions/v1-dev/example-model").exists()
    # the bundled board still takes it
    bundled = run_cli(
        "submit", "--board", "synthetic-dev", "--predictions", "predictions/example.json",
        "--model", "example-model", "--provider", "My Lab", "--submitter", "octocat",
        cwd=checkout,
    )  # fmt: skip
    assert bundled.returncode == 0, bundled.stderr


def test_paths_relative_to_the_manifest_folder_work_in_every_journey(
    hub: FakeHub, tmp_path: Path
) -> None:
    """Contract: "Paths are relative to the manifest's folder or, as in the
    published dataset, to its parent ... both must work". The published set
    with ``images/...`` and ``annotations/...`` paths (and a ``.jpeg`` file):
    download, validate, a perfect score and a run that sends the JPEG."""
    files = published_files()
    manifest = json.loads(files["data/manifest.json"])
    for entry in manifest["items"]:
        old_image = entry["image"]
        entry["image"] = old_image.removeprefix("data/").replace(".jpg", ".jpeg")
        entry["annotation"] = entry["annotation"].removeprefix("data/")
        files["data/" + entry["image"]] = files.pop(old_image)
        name = "data/" + entry["annotation"]
        files = _edited(files, name, image=entry["image"])
    files["data/manifest.json"] = json_bytes(manifest)
    folder = tmp_path / "empty"

    downloaded = _download_in(hub, files, folder)

    assert downloaded.returncode == 0, downloaded.stderr
    assert run_cli("validate", "data", cwd=folder).returncode == 0
    scored_perfect(folder / "data" / "manifest.json", tmp_path)
    with FakeEndpoint("openai_compatible") as endpoint:
        ran = run_cli(
            "run", "--endpoint", endpoint.endpoint(), "--model", "m", "--manifest", "data",
            "--output", "predictions/m.json", cwd=folder, env={"SPOTDIFF_API_TOKEN": "t"},
        )  # fmt: skip
        assert ran.returncode == 0, ran.stderr
        sent = sorted(endpoint.image_of(seen.body) or ("", b"") for seen in endpoint.seen)
    on_disk = sorted(("image/jpeg", p.read_bytes()) for p in (folder / "data/images").iterdir())
    assert sent == on_disk
