"""The public spotdiff-v1-dev layout, as a new user meets it: download, validate, evaluate, submit.

The dataset is served by the loopback fake hub and fetched by the real
huggingface_hub client (``spotdiff download`` in a subprocess). Its
annotations carry what the published ones do and the bundled set does not:
``review_notes``, word confidences, JPEG images, no boxes. Before, loading
stopped at ``/review_notes: unknown field``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import REPO, read_json, run_cli, write_json
from fake_hub import FakeHub
from published_shape import NAME, VERSION, answers, published_files
from published_shape import REPO as HUB_REPO

from spotdiff_eval.datasets._loading import load_dataset
from spotdiff_eval.datasets._predictions import load_predictions

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


def _download(hub: FakeHub, tmp_path: Path) -> tuple[str, Path]:
    head = hub.add_dataset(HUB_REPO, published_files())
    out = tmp_path / "spotdiff-data"
    result = run_cli("download", "--dataset", HUB_REPO, "--output", out)
    assert result.returncode == 0, result.stderr
    assert f"at commit {head}" in result.stdout
    return head, out / "data" / "manifest.json"


def _checkout_boards(tmp_path: Path) -> Path:
    """The repository's boards (board.json only), as a contributor's checkout has them."""
    submissions = tmp_path / "checkout" / "submissions"
    for board in ("v1-dev", "synthetic-dev", "v1-hidden"):
        (submissions / board).mkdir(parents=True)
        shutil.copyfile(
            REPO / "submissions" / board / "board.json", submissions / board / "board.json"
        )
    return submissions


def test_download_validate_evaluate_submit_on_the_published_shape(
    hub: FakeHub,
    tmp_path: Path,
) -> None:
    _, manifest = _download(hub, tmp_path)

    validated = run_cli("validate", manifest.parent)
    assert validated.returncode == 0, validated.stderr
    assert validated.stdout == f"{manifest.parent}: valid\n"
    # Unknown fields are listed, once per annotation, as warnings; without boxes the
    # pixel audit is skipped, which is said too.
    warnings = validated.stderr.splitlines()
    assert warnings[0].startswith(
        f"spotdiff: warning: {manifest}: pixel audit skipped for 2 of 2 items"
    )
    assert warnings[1:] == [
        f"spotdiff: warning: {manifest.parent / 'annotations' / name}: /review_notes: unknown "
        "field: kept, not read by the scorer"
        for name in ("scene_0001_harbour.json", "scene_0002_orchard.json")
    ]

    predictions = write_json(tmp_path / "my-model.json", answers("my-model"))
    checked = run_cli("validate", predictions, "--manifest", manifest)
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr == (
        f"spotdiff: warning: {predictions}: /items/0/differences/1/reasoning: "
        "unknown field: kept, not read by the scorer\n"
    )

    report = tmp_path / "report.json"
    scored = run_cli(
        "evaluate", "--manifest", manifest, "--predictions", predictions, "--output", report
    )
    assert scored.returncode == 0, scored.stderr
    data = read_json(report)
    assert (data["dataset"]["name"], data["dataset"]["version"]) == (NAME, VERSION)
    # kite (colour), boat and lantern found; the cart and the ducks missed; "tree" is extra.
    assert data["metrics"]["recall"] == 0.6 and data["metrics"]["precision"] == 0.75

    submissions = _checkout_boards(tmp_path)
    submitted = run_cli(
        "submit", "--board", "v1-dev", "--manifest", manifest, "--predictions", predictions,
        "--model", "my-model", "--provider", "My Lab", "--submitter", "octocat",
        "--submissions", submissions,
    )  # fmt: skip
    assert submitted.returncode == 0, submitted.stderr
    folder = submissions / "v1-dev" / "my-model"
    assert f"Created {folder}/" in submitted.stdout
    meta = read_json(folder / "submission.json")
    assert meta["dataset"] == {"name": NAME, "version": VERSION, "track": "dev"}
    assert (folder / "predictions.json").read_bytes() == predictions.read_bytes()


def test_published_annotations_load_with_their_extra_fields_kept_out_of_scoring(
    hub: FakeHub,
    tmp_path: Path,
) -> None:
    _, manifest = _download(hub, tmp_path)
    dataset = load_dataset(manifest)
    confidences = [d.confidence for a in dataset.annotations for d in a.differences]
    assert confidences == ["high", "medium", "low", "high", "medium"]
    assert all(a.panel_boxes is None for a in dataset.annotations)
    assert all(item.image_path.suffix == ".jpg" for item in dataset.items)
    # The fingerprint covers the annotations as published, review_notes included.
    raw = json.loads((manifest.parent / "annotations" / "scene_0001_harbour.json").read_text())
    raw["review_notes"] = "edited"
    (manifest.parent / "annotations" / "scene_0001_harbour.json").write_text(json.dumps(raw))
    assert load_dataset(manifest).fingerprint != dataset.fingerprint


def test_prediction_confidence_may_be_a_word_or_a_number(tmp_path: Path) -> None:
    doc = answers("m")
    loaded = load_predictions(write_json(tmp_path / "p.json", doc))
    assert [len(i.differences) for i in loaded.items] == [2, 2]
    doc["items"][0]["differences"][0]["confidence"] = "certain"
    bad = run_cli("validate", write_json(tmp_path / "bad.json", doc))
    assert bad.returncode == 1
    assert "/items/0/differences/0/confidence" in bad.stderr


def test_an_export_that_writes_absent_fields_as_null_scores_the_same(
    hub: FakeHub,
    tmp_path: Path,
) -> None:
    """Red team round 11: a viewer or pandas export writes every absent field as null."""
    files = published_files()
    for path in [p for p in files if p.startswith("data/annotations/")]:
        data = json.loads(files[path])
        data["panel_boxes"] = None
        for difference in data["differences"]:
            for field in ("attribute", "from", "to", "count", "aliases", "bbox", "description"):
                difference.setdefault(field, None)
        files[path] = json.dumps(data).encode()
    hub.add_dataset(HUB_REPO, files)
    out = tmp_path / "exported"
    assert run_cli("download", "--dataset", HUB_REPO, "--output", out).returncode == 0
    manifest = out / "data" / "manifest.json"
    validated = run_cli("validate", manifest.parent)
    assert validated.returncode == 0, validated.stderr
    harbour = manifest.parent / "annotations" / "scene_0001_harbour.json"
    warned = [line for line in validated.stderr.splitlines() if "set to null" in line]
    assert len(warned) == 2  # one line per file, listing its fields
    assert warned[0].startswith(f"spotdiff: warning: {harbour}: /differences/0/count: optional")
    assert warned[0].endswith("and 5 more): read as absent")
    predictions = write_json(tmp_path / "my-model.json", answers("my-model"))
    report = tmp_path / "report.json"
    scored = run_cli(
        "evaluate", "--manifest", manifest, "--predictions", predictions, "--output", report
    )
    assert scored.returncode == 0, scored.stderr
    assert read_json(report)["metrics"]["recall"] == 0.6
