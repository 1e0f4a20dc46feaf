"""The bundled development set in data/: its size and balance, its card, and its baselines."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import PIL
import pytest
from conftest import REPO, run_cli

from spotdiff_eval import evaluate_files, load_dataset
from spotdiff_eval.datasets._domain import KINDS
from spotdiff_eval.generator import GENERATOR_VERSION, generate_dataset
from spotdiff_eval.generator.example_answers import example_predictions
from spotdiff_eval.generator.priors import blind_hits

DATA = REPO / "data"
MANIFEST = DATA / "manifest.json"
INFO = json.loads((DATA / "dataset_version.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def dataset():
    return load_dataset(MANIFEST)


def test_size_layouts_and_kind_balance(dataset) -> None:
    # Its own name (never the public hand-made set's, spotdiff-v1-dev), version 2 since the
    # generator without priors (issue 9).
    assert dataset.name == "spotdiff-synthetic-dev" and dataset.version == "2.0.0"
    assert len(dataset.items) >= 24
    assert {item.panel_layout for item in dataset.items} == {"side_by_side", "top_bottom"}
    kinds = Counter(d.kind for a in dataset.annotations for d in a.differences)
    total = sum(kinds.values())
    for kind in KINDS:
        assert kinds[kind] / total >= 0.15, (kind, kinds)
    assert all(3 <= len(a.differences) <= 10 for a in dataset.annotations)
    assert INFO["items"] == len(dataset.items) and INFO["differences"] == total
    assert INFO["kinds"] == {kind: kinds[kind] for kind in KINDS}


def test_every_difference_is_grounded_and_described(dataset) -> None:
    for annotation in dataset.annotations:
        assert annotation.panel_boxes is not None
        for diff in annotation.differences:
            assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", diff.subject), diff.subject
            assert diff.bbox is not None and diff.description and diff.aliases


def test_validate_passes_without_warnings() -> None:
    result = run_cli("validate", "data")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_perfect_scores_100_and_example_between_20_and_80() -> None:
    perfect = evaluate_files(MANIFEST, REPO / "predictions" / "perfect.json")
    assert perfect.metrics.overall_score == 1.0 and perfect.metrics.difference_coverage == 1.0
    example = evaluate_files(MANIFEST, REPO / "predictions" / "example.json")
    assert 0.2 < example.metrics.overall_score < 0.8
    assert 0 < example.metrics.difference_coverage < example.metrics.recall < 1


def test_example_predictions_are_what_the_script_builds() -> None:
    committed = json.loads((REPO / "predictions" / "example.json").read_text(encoding="utf-8"))
    assert example_predictions(MANIFEST) == committed
    assert committed["model"] == "example-model"


def test_card_front_matter_and_provenance() -> None:
    card = (DATA / "README.md").read_text(encoding="utf-8")
    front = card.split("---\n")[1]
    assert "license: cc0-1.0" in front and "pretty_name:" in front
    assert "task_categories:" in front and "data_files: data/viewer.jsonl" in front
    assert f"generator version {INFO['generator_version']}" in card
    assert f"Seed {INFO['seed']}" in card and INFO["created_from"] in card
    assert INFO["generator_version"] == GENERATOR_VERSION


def test_viewer_has_one_row_per_difference(dataset) -> None:
    rows = [json.loads(line) for line in (DATA / "viewer.jsonl").read_text("utf-8").splitlines()]
    assert len(rows) == sum(len(a.differences) for a in dataset.annotations)
    assert len({tuple(row) for row in rows}) == 1, "every row has the same keys"


def test_repository_stays_light() -> None:
    size = sum(p.stat().st_size for p in DATA.rglob("*") if p.is_file())
    assert size < 600 * 1024


def test_ids_do_not_name_the_theme_and_guessing_from_other_items_finds_little(dataset) -> None:
    """Issue 9: the previous set's ids named the theme and 15 guesses found 67% (leave-one-out)."""
    themes = set(INFO["themes"])
    for item in dataset.items:
        assert not any(theme in item.item_id or theme in item.image_path.name for theme in themes)
    priors = blind_hits(MANIFEST)
    assert all(share <= 0.10 for share in priors.same_theme.values()), priors
    assert priors.heads >= 100, "the changed objects go by many different names"


def test_card_states_the_vocabulary_and_how_priors_are_avoided() -> None:
    card = " ".join((DATA / "README.md").read_text(encoding="utf-8").split())
    vocabulary = INFO["vocabulary"]
    assert f"{vocabulary['object_kinds']} kinds of objects" in card
    assert f"{vocabulary['head_nouns']} different head nouns" in card
    assert "## Why guessing does not pay" in card and "dealt from a shuffled deck" in card


@pytest.mark.skipif(
    INFO["renderer"] != f"Pillow {PIL.__version__}",
    reason="pixels are byte-identical only with the Pillow version that drew them",
)
def test_the_bundled_set_is_reproducible_from_its_recorded_command(tmp_path: Path) -> None:
    command = INFO["created_from"].split()
    options = dict(zip(command[2::2], command[3::2], strict=True))
    generate_dataset(
        tmp_path,
        items=int(options["--items"]),
        seed=int(options["--seed"]),
        difficulty=options["--difficulty"],
        name=options["--name"],
        version=options["--dataset-version"],
    )
    for path in sorted(DATA.rglob("*")):
        if path.is_file():
            fresh = tmp_path / "data" / path.relative_to(DATA)
            assert fresh.read_bytes() == path.read_bytes(), path
    perfect = (REPO / "predictions" / "perfect.json").read_bytes()
    assert (tmp_path / "predictions" / "perfect.json").read_bytes() == perfect
