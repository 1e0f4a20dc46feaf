"""`spotdiff generate`, its grounding gate, and the pixel audit of `spotdiff validate`."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import REPO, file_size_limit, run_cli, write_json
from PIL import Image, ImageDraw

from spotdiff_eval import evaluate_files
from spotdiff_eval.commands.generate import DIFFICULTY_NAMES
from spotdiff_eval.datasets._domain import KINDS
from spotdiff_eval.generator import MAX_ITEMS, generate_dataset
from spotdiff_eval.generator.compose import DIFFICULTIES
from spotdiff_eval.generator.gate import GateFindings, gate_problems
from spotdiff_eval.generator.item import MAX_ATTEMPTS, build_item
from spotdiff_eval.generator.palette import COLOURS, far_apart
from spotdiff_eval.generator.writer import encode_png
from spotdiff_eval.validation._grounding import check_grounding, crop_panels
from spotdiff_eval.validation._validate import validate_target

SNAKE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (hidden ones too) and its bytes."""
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`spotdiff generate --items 12 --seed 7`, run twice into one folder, as a user would."""
    out = tmp_path_factory.mktemp("gen") / "g"
    first = run_cli(
        "generate", "--items", "12", "--seed", "7", "--output", out, env={"PYTHONHASHSEED": "1"}
    )
    assert first.returncode == 0, first.stderr
    before = snapshot(out)
    second = run_cli(
        "generate", "--items", "12", "--seed", "7", "--output", out, "--force",
        env={"PYTHONHASHSEED": "2"},
    )  # fmt: skip
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout
    assert snapshot(out) == before, "the same seed must give the same bytes"
    return out


def annotations(root: Path) -> list[dict]:
    manifest = json.loads((root / "data" / "manifest.json").read_text(encoding="utf-8"))
    return [
        json.loads((root / entry["annotation"]).read_text(encoding="utf-8"))
        for entry in manifest["items"]
    ]


def test_same_seed_same_bytes_and_a_summary_line(generated: Path) -> None:
    files = set(snapshot(generated))
    assert {
        "data/manifest.json",
        "data/README.md",
        "data/dataset_version.json",
        "data/viewer.jsonl",
        "predictions/perfect.json",
    } <= files
    assert len([f for f in files if f.startswith("data/images/")]) == 12
    assert not [f for f in files if "spotdiff-generate" in f], "no staging folder left behind"
    info = json.loads((generated / "data" / "dataset_version.json").read_text(encoding="utf-8"))
    assert info["seed"] == 7 and info["items"] == 12 and info["generator"] == "spotdiff generate"


def test_validate_accepts_the_generated_dataset(generated: Path) -> None:
    result = run_cli("validate", generated)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{generated}: valid"
    assert result.stderr == ""


def test_perfect_predictions_of_a_generated_set_score_100(generated: Path) -> None:
    evaluation = evaluate_files(
        generated / "data" / "manifest.json", generated / "predictions" / "perfect.json"
    )
    m = evaluation.metrics
    assert (m.overall_score, m.recall, m.precision, m.difference_coverage) == (1, 1, 1, 1)


def test_both_layouts_and_all_four_kinds_appear(generated: Path) -> None:
    items = annotations(generated)
    assert {a["panel_layout"] for a in items} == {"side_by_side", "top_bottom"}
    kinds = [d["kind"] for a in items for d in a["differences"]]
    assert set(kinds) == set(KINDS)
    attributes = {d["attribute"] for a in items for d in a["differences"] if "attribute" in d}
    assert attributes == {"color", "pattern", "shape", "size"}
    assert all(3 <= len(a["differences"]) <= 10 for a in items)


def test_every_written_item_passes_the_gate(generated: Path) -> None:
    """The pixel checks, rerun on the PNGs as written, and the naming rules on the files."""
    minimum = DIFFICULTIES["medium"].min_pixels
    for annotation in annotations(generated):
        with Image.open(generated / annotation["image"]) as image:
            panels = crop_panels(image.convert("RGB"), annotation["panel_boxes"])
        boxes = [tuple(d["bbox"]) for d in annotation["differences"]]
        report = check_grounding(*panels, boxes, min_pixels=minimum)
        assert not report, (annotation["item_id"], report)
        subjects = [d["subject"] for d in annotation["differences"]]
        assert len(set(subjects)) == len(subjects), annotation["item_id"]
        for diff in annotation["differences"]:
            assert SNAKE.match(diff["subject"]), diff["subject"]
            assert diff["description"].endswith(".") and diff["description"].count(".") == 1
            if diff.get("attribute") == "color":
                assert diff["from"] in COLOURS and diff["to"] in COLOURS
                assert far_apart(diff["from"], diff["to"])


# -- the gate catches broken items --------------------------------------------------


@pytest.fixture(scope="module")
def item():
    return build_item(7, 0, "medium")


def outside_every_box(item, size: int = 4) -> tuple[int, int]:
    """A spot of the panel that no difference's box touches."""
    for y in range(0, 360 - size, size):
        for x in range(0, 480 - size, size):
            if all(
                x + size <= b[0] or b[2] <= x or y + size <= b[1] or b[3] <= y
                for b in (g.bbox for g in item.goldens)
            ):
                return x, y
    raise AssertionError("no free spot")


def test_the_gate_passes_a_good_item(item) -> None:
    panels = item.panels
    assert gate_problems(item.first, item.second, panels, item.goldens, min_pixels=150) == []


def test_the_gate_catches_a_changed_pixel_outside_the_boxes(item) -> None:
    x, y = outside_every_box(item)
    second = item.panels[1].copy()
    second.putpixel((x, y), (255, 0, 255))
    problems = gate_problems(
        item.first, item.second, (item.panels[0], second), item.goldens, min_pixels=150
    )
    assert problems == [
        f"1 changed pixels in [{x}, {y}, {x + 1}, {y + 1}] lie outside every difference's bbox"
    ]


def test_the_gate_catches_overlapping_and_invisible_differences(item) -> None:
    goldens = list(item.goldens)
    goldens[1] = replace(goldens[1], bbox=goldens[0].bbox)
    problems = gate_problems(item.first, item.second, item.panels, goldens, min_pixels=150)
    assert "the bboxes of d01 and d02 overlap" in problems
    # d02's own pixels are now outside every box
    assert any(p.endswith("lie outside every difference's bbox") for p in problems)
    strict = gate_problems(item.first, item.second, item.panels, item.goldens, min_pixels=10**6)
    assert len(strict) == len(item.goldens)
    assert strict[0].startswith("d01 changes only ")


def test_the_gate_catches_ambiguous_names_and_close_colours(item) -> None:
    goldens = list(item.goldens)
    goldens[1] = replace(goldens[1], subject=goldens[0].subject)
    problems = gate_problems(item.first, item.second, item.panels, goldens, min_pixels=150)
    assert f'd02 repeats the subject "{goldens[0].subject}"' in problems
    assert f'd02: "{goldens[0].subject}" does not name the object that changes' in problems
    blue_purple = replace(
        goldens[0],
        kind="attribute_change",
        attribute="color",
        from_value="blue",
        to_value="purple",
    )
    problems = gate_problems(
        item.first, item.second, item.panels, [blue_purple, *item.goldens[1:]], min_pixels=150
    )
    assert "d01: blue and purple are too alike" in problems
    crimson = replace(blue_purple, to_value="crimson")
    problems = gate_problems(
        item.first, item.second, item.panels, [crimson, *item.goldens[1:]], min_pixels=150
    )
    assert "d01: blue or crimson is not a plain colour name" in problems


# -- `spotdiff validate` audits hand-made datasets ------------------------------------


def hand_made(root: Path, *, fmt: str = "PNG", stray: bool = True, boxes=None) -> Path:
    """Two 100x80 panels side by side: a red square changes inside d01's box; with
    ``stray``, a blue 5x4 patch changes where no box is."""
    first = Image.new("RGB", (100, 80), "white")
    second = first.copy()
    draw = ImageDraw.Draw(second)
    draw.rectangle((10, 10, 29, 29), fill=(220, 30, 30))
    if stray:
        draw.rectangle((70, 50, 74, 53), fill=(30, 30, 220))
    image = Image.new("RGB", (204, 80), "black")
    image.paste(first, (0, 0))
    image.paste(second, (104, 0))
    suffix = "png" if fmt == "PNG" else "jpg"
    (root / "data" / "images").mkdir(parents=True)
    image.save(
        root / "data" / "images" / f"hand.{suffix}",
        fmt,
        **({"quality": 90} if fmt == "JPEG" else {}),
    )
    differences = [
        {"id": "d01", "kind": "object_added", "subject": "red_square", "bbox": [8, 8, 32, 32]}
    ]
    for i, box in enumerate(boxes or ()):
        differences.append(
            {"id": f"d0{i + 2}", "kind": "object_added", "subject": f"thing_{i}", "bbox": box}
        )
    write_json(
        root / "data" / "annotations" / "hand.json",
        {
            "schema_version": "1.0",
            "item_id": "hand",
            "image": f"data/images/hand.{suffix}",
            "panel_layout": "side_by_side",
            "panel_boxes": [[0, 0, 100, 80], [104, 0, 204, 80]],
            "differences": differences,
        },
    )
    return write_json(
        root / "data" / "manifest.json",
        {
            "schema_version": "1.0",
            "dataset_name": "hand",
            "dataset_version": "1",
            "items": [
                {
                    "item_id": "hand",
                    "image": f"data/images/hand.{suffix}",
                    "annotation": "data/annotations/hand.json",
                    "panel_layout": "side_by_side",
                }
            ],
        },
    )


def test_validate_reports_a_changed_region_no_box_covers(tmp_path: Path) -> None:
    hand_made(tmp_path)
    result = run_cli("validate", tmp_path)
    assert result.returncode == 1
    annotation = (tmp_path / "data" / "annotations" / "hand.json").resolve()
    assert result.stderr.splitlines()[0] == (
        f"spotdiff: error: {annotation}: /differences: item hand: 20 pixels change between the "
        "panels in region [70, 50, 75, 54] (panel pixels), which no difference's bbox covers"
    )
    assert "Traceback" not in result.stderr


def test_validate_accepts_a_grounded_hand_made_dataset(tmp_path: Path) -> None:
    hand_made(tmp_path, stray=False)
    assert validate_target(tmp_path) == []


def test_validate_warns_about_empty_and_overlapping_boxes(tmp_path: Path) -> None:
    hand_made(tmp_path, stray=False, boxes=[[30, 30, 40, 40], [60, 60, 70, 70]])
    findings = validate_target(tmp_path)
    assert findings == []
    annotation = (tmp_path / "data" / "annotations" / "hand.json").resolve()
    assert findings.warnings == [
        f"{annotation}: /differences/1/bbox: item hand: only 0 pixels change inside the bbox of "
        "d02; is the box in the right place?",
        f"{annotation}: /differences/1/bbox: item hand: the bbox of d02 overlaps the bbox of d01",
        f"{annotation}: /differences/2/bbox: item hand: only 0 pixels change inside the bbox of "
        "d03; is the box in the right place?",
    ]


def test_validate_tolerates_jpeg_noise_but_not_a_real_change(tmp_path: Path) -> None:
    hand_made(tmp_path / "clean", fmt="JPEG", stray=False)
    assert validate_target(tmp_path / "clean") == []
    hand_made(tmp_path / "stray", fmt="JPEG")
    (finding,) = validate_target(tmp_path / "stray")
    assert "item hand:" in finding and "which no difference's bbox covers" in finding
    x0, y0, x1, y1 = map(int, re.search(r"region \[(\d+), (\d+), (\d+), (\d+)\]", finding).groups())
    # the blue patch is [70, 50, 75, 54]; JPEG may smear it by a pixel or two
    assert 66 <= x0 <= 70 and 46 <= y0 <= 50 and 75 <= x1 <= 79 and 54 <= y1 <= 58, finding


# -- items the first drafts cannot make ---------------------------------------------


def test_an_item_whose_patterned_kinds_are_too_small_is_still_made() -> None:
    """Item 13174 of seed 0 (kitchen) tries a pattern change first, and its only
    patterned kinds, an owl and a cupcake, get spots of 91-135 pixels: all 50 drafts
    failed the gate and `generate --items 20000` died after ten minutes."""
    item = build_item(0, 13173, "medium")
    assert item.attempts > MAX_ATTEMPTS
    assert gate_problems(item.first, item.second, item.panels, item.goldens, min_pixels=150) == []
    again = build_item(0, 13173, "medium")
    assert again.goldens == item.goldens
    assert encode_png(again.composite()) == encode_png(item.composite())


def test_an_item_no_draft_can_make_is_a_one_line_error(tmp_path: Path, monkeypatch, capsys):
    import spotdiff_eval.generator.item as item_module
    from spotdiff_eval.cli import main

    def hopeless(*args, **kwargs):
        return GateFindings(["d01 changes only 3 pixels (visible minimum 150)"], ())

    monkeypatch.setattr(item_module, "gate_findings", hopeless)
    out = tmp_path / "new" / "out"
    assert main(["generate", "--output", str(out), "--items", "2", "--seed", "4"]) == 1
    assert capsys.readouterr().err == (
        "spotdiff: error: scene_0001 (seed 4, medium): no draft passed the grounding gate "
        f"in {2 * MAX_ATTEMPTS} attempts; last problem: d01 changes only 3 pixels "
        "(visible minimum 150)\n"
    )
    assert os.listdir(tmp_path) == [], "the output folders the run made are removed again"


# -- writing: atomic, refusing to clobber, bad input -----------------------------------


def test_a_failed_run_keeps_the_previous_dataset(tmp_path: Path, monkeypatch) -> None:
    generate_dataset(tmp_path, items=2, seed=3)
    before = snapshot(tmp_path)
    import spotdiff_eval.generator.item as item_module

    real = item_module.build_item

    def failing(seed: int, index: int, difficulty: str):
        if index == 1:
            raise RuntimeError("disk on fire")
        return real(seed, index, difficulty)

    monkeypatch.setattr(item_module, "build_item", failing)
    with pytest.raises(RuntimeError, match="disk on fire"):
        generate_dataset(tmp_path, items=3, seed=4, force=True)
    assert snapshot(tmp_path) == before
    assert sorted(os.listdir(tmp_path)) == ["data", "predictions"]


def test_a_failed_write_names_the_file_and_leaves_no_new_folder(tmp_path: Path) -> None:
    """The kernel refuses the first image (a real EFBIG from write(2), no mock)."""
    out = tmp_path / "new" / "out"
    result = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "generate", "--output", out, "--items", "3"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=file_size_limit(4_000),
    )
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"spotdiff: error: {out}/data/images/scene_0001.png: cannot write: File too large\n"
    )
    assert os.listdir(tmp_path) == []


def test_a_full_disk_keeps_the_previous_dataset(tmp_path: Path) -> None:
    """A 400 KB tmpfs in a private mount namespace (skipped where none can be made)."""
    if (
        shutil.which("unshare") is None
        or subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False).returncode
    ):
        pytest.skip("cannot make a private mount namespace here")
    disk = tmp_path / "disk"
    disk.mkdir()
    listing = f'find "{disk}/old" -type f | sort | xargs sha256sum'  # names and bytes
    script = (
        f'mount -t tmpfs -o size=400k tmpfs "{disk}" && cd "{REPO}" && '
        f'"{sys.executable}" -m spotdiff_eval generate --output "{disk}/old" --items 2 && '
        f'{listing} > "{tmp_path}/before" && '
        f'"{sys.executable}" -m spotdiff_eval generate --output "{disk}/old" --items 30 --force'
        f'; echo "exit $?"; {listing} > "{tmp_path}/after"; ls -a "{disk}"'
        f'; "{sys.executable}" -m spotdiff_eval generate --output "{disk}/new/out" --items 30'
        f'; echo "exit $?"; ls -a "{disk}"'
    )
    result = subprocess.run(
        ["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=300
    )
    lines = result.stderr.splitlines()
    assert len(lines) == 2, result.stderr
    for line, out in zip(lines, (disk / "old", disk / "new" / "out"), strict=True):
        assert re.fullmatch(
            rf"spotdiff: error: {re.escape(str(out))}/data/\S+: cannot write: "
            "No space left on device",
            line,
        ), line
    assert result.stdout.endswith("exit 1\n.\n..\nold\nexit 1\n.\n..\nold\n"), result.stdout
    before = (tmp_path / "before").read_text()
    assert "old/data/manifest.json" in before and "perfect.json" in before
    assert (tmp_path / "after").read_text() == before


def test_items_do_not_depend_on_how_many_are_made(tmp_path: Path) -> None:
    generate_dataset(tmp_path / "few", items=2, seed=5)
    generate_dataset(tmp_path / "more", items=4, seed=5)
    for name in ("scene_0001", "scene_0002"):
        few = tmp_path / "few" / "data" / "images" / f"{name}.png"
        assert few.read_bytes() == (tmp_path / "more" / "data" / "images" / few.name).read_bytes()


def test_a_hand_made_dataset_is_never_overwritten(tmp_path: Path) -> None:
    manifest = hand_made(tmp_path)
    before = snapshot(tmp_path)
    result = run_cli("generate", "--output", tmp_path, "--items", "1")
    assert result.returncode == 1
    assert result.stderr == (
        f"spotdiff: error: {manifest.parent}: holds a dataset that spotdiff generate did not "
        "write (no dataset_version.json naming the generator); choose an empty or new folder\n"
    )
    assert snapshot(tmp_path) == before


def test_replacing_the_bundled_set_needs_force(tmp_path: Path) -> None:
    """`generate --output . --items 2` in a checkout used to replace the 28-item set."""
    shutil.copytree(REPO / "data", tmp_path / "data")
    shutil.copytree(REPO / "predictions", tmp_path / "predictions")
    before = snapshot(tmp_path)
    result = run_cli("generate", "--output", ".", "--items", "2", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "spotdiff: error: data: already exists; add --force to replace the dataset there, "
        "or choose an empty or new folder\n"
    )
    assert snapshot(tmp_path) == before
    forced = run_cli("generate", "--output", ".", "--items", "2", "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    manifest = json.loads((tmp_path / "data" / "manifest.json").read_text(encoding="utf-8"))
    assert len(manifest["items"]) == 2


def test_staging_folders_of_killed_runs_are_removed(tmp_path: Path) -> None:
    """A killed run leaves its staging folder; the next run deletes it (nobody holds its lock)."""
    leftover = tmp_path / ".spotdiff-generate-killed"
    (leftover / "data" / "images").mkdir(parents=True)
    generate_dataset(tmp_path, items=1, seed=2)
    assert sorted(os.listdir(tmp_path)) == ["data", "predictions"]


def _start_and_wait_for_staging(out: Path, *extra: str) -> subprocess.Popen[str]:
    """A long ``generate`` run into ``out``, once it has begun writing items."""
    command = [sys.executable, "-m", "spotdiff_eval", "generate", "--output", out]
    process = subprocess.Popen(
        [*command, "--items", "5000", *extra],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not list(out.glob(".spotdiff-generate-*/data/images/scene_0001.png")):
        assert process.poll() is None and time.monotonic() < deadline, "no item was written"
        time.sleep(0.05)
    return process


def test_sigterm_cleans_up_like_ctrl_c(tmp_path: Path) -> None:
    """`timeout 5 spotdiff generate ...` left a 34 MB staging folder in --output."""
    generate_dataset(tmp_path / "old", items=1, seed=2)
    before = snapshot(tmp_path / "old")
    for out, extra in ((tmp_path / "old", ("--force",)), (tmp_path / "new", ())):
        process = _start_and_wait_for_staging(out, *extra)
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=60)
        assert (process.returncode, stderr) == (143, "spotdiff: error: terminated (SIGTERM)\n")
    assert sorted(os.listdir(tmp_path)) == ["old"], "no staging folder, no new output folder"
    assert snapshot(tmp_path / "old") == before


def test_the_staging_folder_of_a_killed_run_goes_with_the_next_run(tmp_path: Path) -> None:
    """SIGKILL cannot be cleaned up after; its flock dies with it, so the next run may."""
    process = _start_and_wait_for_staging(tmp_path)
    process.kill()
    process.communicate(timeout=60)
    assert len(list(tmp_path.glob(".spotdiff-generate-*"))) == 1
    generate_dataset(tmp_path, items=1, seed=2)
    assert sorted(os.listdir(tmp_path)) == ["data", "predictions"]


def test_an_existing_baseline_alone_needs_force(tmp_path: Path) -> None:
    baseline = tmp_path / "predictions" / "perfect.json"
    baseline.parent.mkdir()
    baseline.write_text("mine\n", encoding="utf-8")
    result = run_cli("generate", "--output", tmp_path, "--items", "1")
    assert result.returncode == 1
    assert result.stderr.startswith(f"spotdiff: error: {baseline}: already exists; add --force")
    assert baseline.read_text(encoding="utf-8") == "mine\n"
    assert sorted(os.listdir(tmp_path)) == ["predictions"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--items", "0"], "argument --items: must be from 1 to 50000, found 0"),
        (["--items", "1000000000"], "argument --items: must be from 1 to 50000, found 1000000000"),
        (["--items", "many"], "argument --items: must be a whole number, found 'many'"),
        (["--seed", "-1"], "argument --seed: must be at least 0, found -1"),
        (["--difficulty", "extreme"], "argument --difficulty: invalid choice: 'extreme'"),
        (["--name", "my set"], "argument --name: 'my set' is not a plain name"),
        (
            ["--name", "spotdiff-v1-dev"],
            "argument --name: 'spotdiff-v1-dev' is the published hand-made set's name; "
            "a generated set needs a name of its own",
        ),
        (
            ["--name", "SpotDiff_V1_Dev"],
            "argument --name: 'SpotDiff_V1_Dev' is the published hand-made set's name; "
            "a generated set needs a name of its own",
        ),
    ],
)
def test_bad_arguments_are_one_line_usage_errors(tmp_path: Path, args, message) -> None:
    result = run_cli("generate", "--output", tmp_path / "out", *args)
    assert result.returncode == 2
    assert result.stderr.startswith(f"spotdiff: error: spotdiff generate: {message}")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_the_library_refuses_a_reserved_name_too(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="spotdiff-v1-dev' is the published hand-made set"):
        generate_dataset(tmp_path / "out", items=1, name="spotdiff-v1-dev")
    assert not (tmp_path / "out").exists()


def test_the_item_cap_holds_for_library_callers_too_and_is_documented(tmp_path: Path) -> None:
    """`--items 1000000000` set out on a run of years that kept every item in memory."""
    with pytest.raises(
        ValueError, match=f"items must be from 1 to {MAX_ITEMS}, not {MAX_ITEMS + 1}"
    ):
        generate_dataset(tmp_path / "out", items=MAX_ITEMS + 1)
    assert not (tmp_path / "out").exists()
    help_text = " ".join(run_cli("generate", "--help").stdout.split())
    assert f"number of items, at most {MAX_ITEMS:,} (default: 24)" in help_text
    guide = (REPO / "docs" / "datasets.md").read_text(encoding="utf-8")
    assert f"at most {MAX_ITEMS:,}" in guide


def test_the_commands_difficulty_names_are_the_generators() -> None:
    """The command keeps its own copy: parsing flags does not import the generator."""
    assert tuple(DIFFICULTIES) == DIFFICULTY_NAMES


def test_a_predictions_file_in_the_way_is_refused_before_anything_is_written(tmp_path: Path):
    (tmp_path / "predictions").write_text("mine\n", encoding="utf-8")
    result = run_cli("generate", "--output", tmp_path, "--items", "1", "--force")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"spotdiff: error: {tmp_path / 'predictions'}: is not a folder; choose another --output\n"
    )
    assert os.listdir(tmp_path) == ["predictions"]


def test_an_output_that_is_a_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("keep me", encoding="utf-8")
    result = run_cli("generate", "--output", target, "--items", "1")
    assert result.returncode == 1
    assert result.stderr == f"spotdiff: error: {target}: is a file; --output must be a folder\n"
    assert target.read_text(encoding="utf-8") == "keep me"


def test_help_ends_with_examples() -> None:
    result = run_cli("generate", "--help")
    assert result.returncode == 0
    assert "examples:" in result.stdout and "spotdiff generate --output" in result.stdout
