"""Red team round 20 of the command line: bad input to evaluate, explain, merge,
validate, generate, submit and leaderboard build."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from conftest import REPO, file_size_limit, run_cli

MANIFEST = REPO / "data" / "manifest.json"
EXAMPLE = REPO / "predictions" / "example.json"


def _fails_with(result: subprocess.CompletedProcess[str], line: str) -> None:
    """The command failed (status 1) with ``line`` as its one error line."""
    assert (result.returncode, result.stderr) == (1, f"spotdiff: error: {line}\n"), result.stderr


def test_explaining_an_item_the_file_does_not_answer_is_no_traceback(tmp_path: Path) -> None:
    """Attack: ``explain --item`` an item the predictions file leaves out (the
    example file skips one; an empty ``items`` list skips all). The note naming
    an answer under another spelling read its first candidate even when there
    was none: an IndexError traceback instead of "no answer for item"."""
    empty = tmp_path / "empty.json"
    empty.write_text('{"schema_version": "1.0", "model": "m", "items": []}', encoding="utf-8")
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    answered = {item["item_id"] for item in example["items"]}
    skipped = next(i["item_id"] for i in manifest["items"] if i["item_id"] not in answered)
    for predictions, item in ((empty, "scene_0001"), (EXAMPLE, skipped)):
        result = run_cli(
            "explain", "--manifest", MANIFEST, "--predictions", predictions, "--item", item
        )
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        first = result.stdout.splitlines()[0]
        assert first == f"{predictions}: no answer for item {item!r}: every difference missed"


def _checkout(tmp_path: Path) -> Path:
    """A copy of the repository's dataset and submissions, for commands that write into them."""
    root = tmp_path / "repo"
    shutil.copytree(REPO / "data", root / "data")
    shutil.copytree(REPO / "submissions", root / "submissions")
    return root


def test_submit_on_a_full_disk_names_the_file_and_keeps_the_old_folder(tmp_path: Path) -> None:
    """Attack: ``submit --force`` over an existing submission with the disk full
    (RLIMIT_FSIZE). The old folder came back, but the error read
    "spotdiff: error: spotdiff: File too large", naming no file."""
    root = _checkout(tmp_path)
    folder = root / "submissions" / "synthetic-dev" / "example-baseline"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    result = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "submit", "--predictions", EXAMPLE,
         "--model", "example-model", "--provider", "Me", "--submitter", "octocat",
         "--board", "synthetic-dev", "--id", "example-baseline", "--force"],
        cwd=root, capture_output=True, text=True, timeout=120,
        preexec_fn=file_size_limit(3_000),
    )  # fmt: skip
    _fails_with(
        result,
        "submissions/synthetic-dev/example-baseline/predictions.json: cannot write: File too large",
    )
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(os.listdir(folder.parent)) == sorted(
        os.listdir(REPO / "submissions" / "synthetic-dev")
    )


def test_validate_names_another_kind_of_spotdiff_file_in_one_line(tmp_path: Path) -> None:
    """Attack: ``spotdiff validate`` of a report, an annotation, board.json or
    submission.json (all JSON, none named manifest.json, so all checked as
    predictions). evaluate said "is a spotdiff report, not a predictions
    file" since round 19; validate listed every schema error of the wrong
    schema instead, up to 30 lines, some of them twice."""
    report = tmp_path / "report.json"
    scored = run_cli(
        "evaluate", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--output", report, "-q"
    )
    assert scored.returncode == 0, scored.stderr
    board = REPO / "submissions" / "synthetic-dev"
    for path, name in (
        (report, "a spotdiff report"),
        (REPO / "data" / "annotations" / "scene_0001.json", "the annotation of one item"),
        (board / "board.json", "a board's board.json"),
        (board / "example-baseline" / "submission.json", "a submission's submission.json"),
    ):
        result = run_cli("validate", path)
        assert result.returncode == 1
        assert result.stderr.splitlines()[0] == (
            f"spotdiff: error: {path}: /: is {name}, not a predictions file; "
            "--predictions takes the answers a model gave (predictions/*.json)"
        ), result.stderr
        assert result.stderr.splitlines()[1:] == [f"{path}: 1 problem(s) found"]


def test_each_missing_field_is_named_once(tmp_path: Path) -> None:
    """Attack: ``{}`` as predictions. Every missing required field was reported
    under the name of the first: 'missing required field "schema_version"'
    three times, and "model" and "items" never."""
    empty = tmp_path / "empty.json"
    empty.write_text("{}", encoding="utf-8")
    result = run_cli("validate", empty)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f'spotdiff: error: {empty}: /: missing required field "{field}"'
        for field in ("items", "model", "schema_version")
    ] + [f"{empty}: 3 problem(s) found"], result.stderr
    evaluated = run_cli("evaluate", "--manifest", MANIFEST, "--predictions", empty)
    assert evaluated.returncode == 1
    assert evaluated.stderr.count("\n") == 1 and "missing required field" in evaluated.stderr


def test_a_board_dataset_path_leaving_the_repository_is_refused(tmp_path: Path) -> None:
    """Attack: board.json with ``"dataset": {"path": "data/../../.."}`` (the
    schema's pattern allows dots). The build read a manifest.json outside
    the checkout, or, finding none, dropped the board from LEADERBOARD.md
    with a warning and exit status 0, as if a Hub download had failed."""
    root = _checkout(tmp_path)
    board_json = root / "submissions" / "synthetic-dev" / "board.json"
    board = json.loads(board_json.read_text(encoding="utf-8"))
    for path in ("data/../../..", "..", "./data"):
        board["dataset"] = {"path": path}
        board_json.write_text(json.dumps(board), encoding="utf-8")
        for args in (
            ("leaderboard", "build", "-q"),
            ("validate", board_json.parent / "example-baseline"),
        ):
            result = run_cli(*args, cwd=root)
            assert result.returncode == 1, result.stderr
            assert (
                f"spotdiff: error: submissions/synthetic-dev/board.json: /dataset/path: "
                'must be a folder inside the repository, written without "." or ".." parts, '
                f'found "{path}"' in result.stderr.replace(str(root) + "/", "")
            ), result.stderr
    assert not (root / "LEADERBOARD.md").exists() and not (root / "site").exists()


def test_leaderboard_build_never_writes_over_its_inputs(tmp_path: Path) -> None:
    """Attack: ``leaderboard build --markdown`` naming an input (the dataset's
    manifest, a submission's predictions, a board.json), or a file inside
    the ``--output`` site, or ``--output`` inside submissions/. The input was
    replaced by the Markdown table with exit status 0; a Markdown file in
    the site was lost when the site was swapped in; a site in a board was
    read back as a broken submission."""
    root = _checkout(tmp_path)
    board = Path("submissions") / "synthetic-dev"
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    for flags, named, what in (
        (("--markdown", "data/manifest.json"), "data/manifest.json", "is not a LEADERBOARD.md"),
        (("--markdown", str(board / "board.json")), str(board / "board.json"), "inside"),
        (
            ("--markdown", str(board / "example-baseline" / "predictions.json")),
            str(board / "example-baseline" / "predictions.json"),
            "inside",
        ),
        (("--markdown", "site/LEADERBOARD.md"), "site/LEADERBOARD.md", "inside"),
        (("--output", str(board / "site")), str(board / "site"), "inside"),
    ):
        result = run_cli("leaderboard", "build", "-q", *flags, cwd=root)
        assert result.returncode == 1, (flags, result.stderr)
        lines = [line for line in result.stderr.splitlines() if "warning" not in line]
        assert len(lines) == 1 and lines[0].startswith(f"spotdiff: error: {named}: "), lines
        assert what in lines[0], lines
        assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    assert run_cli("leaderboard", "build", "-q", cwd=root).returncode == 0
    again = run_cli("leaderboard", "build", "-q", cwd=root)  # its own output is replaced
    assert again.returncode == 0, again.stderr


def test_submit_says_a_dash_is_no_standard_input(tmp_path: Path) -> None:
    """Attack: ``submit --predictions -`` and ``--prompt-file -`` (as ``cat p.json |
    spotdiff submit --predictions -``). evaluate, explain and merge say since
    round 19 that they read no standard input; submit said "-: file not found"."""
    root = _checkout(tmp_path)
    for flags in (("--predictions", "-"), ("--predictions", str(EXAMPLE), "--prompt-file", "-")):
        result = run_cli(
            "submit", "--model", "example-model", "--provider", "Me", "--submitter", "octocat",
            *flags, cwd=root,
        )  # fmt: skip
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1 and "standard input" in result.stderr, result.stderr
    assert sorted(os.listdir(root / "submissions" / "synthetic-dev")) == sorted(
        os.listdir(REPO / "submissions" / "synthetic-dev")
    )


def test_submission_text_with_control_characters_is_refused(tmp_path: Path) -> None:
    """Attack: ``submit --model $'evil\\e]0;pwned\\a'`` (a terminal title escape),
    a provider with ESC, notes with BEL. All were accepted and published:
    the board's row read "evil\\x1b]0;pwned\\x07" for ever after, and CI's
    validate passed the folder."""
    root = _checkout(tmp_path)
    name = "evil\x1b]0;pwned\x07"
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["model"] = name
    predictions = tmp_path / "evil.json"
    predictions.write_text(json.dumps(data), encoding="utf-8")
    base = ("submit", "--provider", "Me", "--submitter", "octocat", "--id", "evil-model")
    for flags, flag in (
        (("--predictions", predictions, "--model", name), "--model"),
        (("--predictions", EXAMPLE, "--model", "example-model", "--notes", "hi\x07"), "--notes"),
    ):
        result = run_cli(*base, *flags, cwd=root)
        assert result.returncode == 1, result.stderr
        assert result.stderr.startswith(f"spotdiff: error: spotdiff submit: {flag}: must be "), (
            result.stderr
        )
        assert "control characters" in result.stderr and "\x1b" not in result.stderr
        assert not (root / "submissions" / "synthetic-dev" / "evil-model").exists()
    fine = run_cli(*base, "--predictions", EXAMPLE, "--model", "example-model",
                   "--notes", "Two lines:\nand a tab\there.", cwd=root)  # fmt: skip
    assert fine.returncode == 0, fine.stderr
    metadata = root / "submissions" / "synthetic-dev" / "example-baseline" / "submission.json"
    edited = json.loads(metadata.read_text(encoding="utf-8"))
    edited["organisation"] = "Lab\x1b[2J"
    metadata.write_text(json.dumps(edited), encoding="utf-8")
    checked = run_cli("validate", metadata.parent, cwd=root)
    assert checked.returncode == 1
    assert f"{metadata.relative_to(root)}: /organisation: must be " in checked.stderr, (
        checked.stderr
    )


def test_an_empty_path_is_a_usage_error(tmp_path: Path) -> None:
    """Attack: an empty argument for a path (``--output "$OUT"`` with OUT unset).
    Path("") is ".": ``generate --output ''`` wrote a whole dataset into the
    current folder, ``validate ''`` checked it, and the others named "." as
    the file at fault, a name the user never typed."""
    example = str(EXAMPLE)
    for args in (
        ("generate", "--output", "", "--items", "1"),
        ("validate", ""),
        ("evaluate", "--predictions", example, "--output", ""),
        ("evaluate", "--predictions", ""),
        ("evaluate", "--predictions", example, "--manifest", ""),
        ("explain", "--predictions", "", "--item", "scene_0001"),
        ("merge", example, "--output", ""),
        (
            "submit",
            "--predictions",
            example,
            "--model",
            "m",
            "--provider",
            "p",
            "--submissions",
            "",
        ),
        ("leaderboard", "build", "--output", ""),
        ("leaderboard", "build", "--markdown", ""),
        ("leaderboard", "build", "--submissions", ""),
    ):
        result = run_cli(*args, cwd=tmp_path)
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr.count("\n") == 1 and "is empty" in result.stderr, result.stderr
        assert list(tmp_path.iterdir()) == [], args


def test_an_image_that_is_a_folder_or_a_pipe_is_named_for_what_it_is(
    dataset_manifest: Path,
) -> None:
    """Attack: a dataset whose image path is a folder, or a FIFO. validate said
    "image of item ... not found" of a path the user can see in a listing."""
    manifest = json.loads(dataset_manifest.read_text(encoding="utf-8"))
    root = dataset_manifest.parent.parent
    first, second = (root / item["image"] for item in manifest["items"])
    first.unlink()
    first.mkdir()
    second.unlink()
    os.mkfifo(second)
    result = run_cli("validate", dataset_manifest)
    assert result.returncode == 1
    assert (
        f"spotdiff: error: {first}: image of item scene_0001_park is a folder, not an image file\n"
        in result.stderr
    ), result.stderr
    assert (
        f"spotdiff: error: {second}: image of item scene_0002_kitchen is a FIFO (named pipe), "
        "not an image file\n" in result.stderr
    ), result.stderr
    assert "not found" not in result.stderr


def _shards(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Two shard files of a four-item run, and the manifest they answer."""
    from fake_endpoints import FakeEndpoint, make_run_dataset, run, settings_for

    dataset = make_run_dataset(tmp_path / "ds", 4)
    with FakeEndpoint("openai_compatible", dataset) as fake:
        run(settings_for(fake, dataset, tmp_path / "s1.json", shard=(1, 2)))
        run(settings_for(fake, dataset, tmp_path / "s2.json", shard=(2, 2)))
    return tmp_path / "s1.json", tmp_path / "s2.json", dataset.manifest


def test_merge_reads_a_shard_number_it_cannot_use_as_an_error(tmp_path: Path) -> None:
    """Attack: a shard file whose ``/run/shard`` says "3/2" or
    "1/99999999999999999999". The first merged and then reported "shard 1/2
    missing"; the second never ended, listing every shard it was not given."""
    s1, s2, manifest = _shards(tmp_path)
    data = json.loads(s1.read_text(encoding="utf-8"))
    merged = tmp_path / "merged.json"
    data["run"]["shard"] = "3/2"
    s1.write_text(json.dumps(data), encoding="utf-8")
    result = run_cli("merge", s1, s2, "--manifest", manifest, "--output", merged)
    assert result.returncode == 1
    assert result.stderr == (
        f"spotdiff: error: {s1}: /run/shard: shard 3/2: I must be between 1 and N\n"
    ), result.stderr
    assert not merged.exists()
    data["run"]["shard"] = "1/" + "9" * 20
    s1.write_text(json.dumps(data), encoding="utf-8")
    started = time.monotonic()
    result = run_cli("merge", s1, s2, "--manifest", manifest, "--output", merged)
    assert time.monotonic() - started < 60
    assert result.returncode == 1, result.stderr
    # shards 2/N to 4/N would hold the other items of four; the empty rest are not listed
    big = "9" * 20
    assert result.stderr.endswith(
        f"spotdiff: error: {merged}: incomplete: shards 1/2, 2/{big}, 3/{big}, 4/{big} missing\n"
    ), result.stderr


def test_generate_refuses_an_output_inside_a_board(tmp_path: Path) -> None:
    """Attack: ``generate --output submissions/synthetic-dev/new``. It wrote a
    dataset into the board, which every later build and validate read as a
    broken submission folder (and ``--output submissions/synthetic-dev`` put
    data/ and predictions/ beside board.json)."""
    root = _checkout(tmp_path)
    before = {p: p.read_bytes() for p in (root / "submissions").rglob("*") if p.is_file()}
    for output in ("submissions/synthetic-dev/new", "submissions/synthetic-dev"):
        result = run_cli("generate", "--output", output, "--items", "1", cwd=root)
        assert (result.returncode, result.stdout) == (1, ""), result.stderr
        assert result.stderr == (
            f"spotdiff: error: {output}: lies in the board of "
            f"{root}/submissions/synthetic-dev/board.json; choose a folder outside submissions/\n"
        ), result.stderr
    after = {p: p.read_bytes() for p in (root / "submissions").rglob("*") if p.is_file()}
    assert after == before
    assert sorted(os.listdir(root / "submissions" / "synthetic-dev")) == sorted(
        os.listdir(REPO / "submissions" / "synthetic-dev")
    )


def test_no_cache_with_a_cache_folder_is_a_usage_error(tmp_path: Path) -> None:
    """Attack: ``leaderboard build --no-cache --cache-dir ci-cache`` (flags that
    contradict each other). --cache-dir was silently ignored: nothing was
    cached where the user asked, and the build took as long as the next one."""
    result = run_cli(
        "leaderboard", "build", "--no-cache", "--cache-dir", tmp_path / "cache", cwd=tmp_path
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1
    assert "--no-cache" in result.stderr and "--cache-dir" in result.stderr, result.stderr
    assert list(tmp_path.iterdir()) == []


def test_check_of_a_huge_or_utf16_leaderboard_is_quick_and_one_line(tmp_path: Path) -> None:
    """Attack: ``leaderboard build --check`` with LEADERBOARD.md a 1 GiB sparse
    file, or saved as UTF-16. The first was read whole (3 GiB: 9 GB of memory, more
    than two minutes); the second read "'utf-8' codec can't decode byte 0xff
    in position 0: invalid start byte", Python's words, no place."""
    root = _checkout(tmp_path)
    built = run_cli("leaderboard", "build", "-q", cwd=root)
    assert built.returncode == 0, built.stderr
    markdown = root / "LEADERBOARD.md"
    text = markdown.read_text(encoding="utf-8")
    with markdown.open("r+b") as file:
        file.truncate(2**30)
    started = time.monotonic()
    huge = run_cli("leaderboard", "build", "-q", "--check", cwd=root)
    assert time.monotonic() - started < 60
    assert huge.returncode == 1
    errors = [line for line in huge.stderr.splitlines() if "warning" not in line]
    assert len(errors) == 1 and errors[0].startswith("spotdiff: error: LEADERBOARD.md: is 1.0 GiB")
    assert errors[0].endswith("run 'spotdiff leaderboard build' and commit the result"), errors
    markdown.write_bytes(text.encode("utf-16"))
    wide = run_cli("leaderboard", "build", "-q", "--check", cwd=root)
    assert wide.returncode == 1
    assert [line for line in wide.stderr.splitlines() if "warning" not in line] == [
        "spotdiff: error: LEADERBOARD.md: byte 0: not valid UTF-8: the file is UTF-16 "
        "(save it as UTF-8)"
    ], wide.stderr


def test_a_submission_id_is_derived_from_accented_letters_too(tmp_path: Path) -> None:
    """Attack: ``submit --model "Ünïcode Vision"`` without ``--id``. Letters with
    accents were dropped, not read without them: the folder was
    ``n-code-vision``, an id nobody would look for."""
    root = _checkout(tmp_path)
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["model"] = "Ünïcode Vision"
    predictions = tmp_path / "accented.json"
    predictions.write_text(json.dumps(data), encoding="utf-8")
    result = run_cli(
        "submit", "--predictions", predictions, "--model", "Ünïcode Vision", "--provider", "Me",
        "--submitter", "octocat", cwd=root,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Created submissions/synthetic-dev/unicode-vision/")


def test_validate_reads_a_file_as_large_as_evaluate_was_allowed_to(tmp_path: Path) -> None:
    """Attack: a 50,000-item predictions file above 64 MiB. evaluate, explain and
    merge read it with ``--max-predictions-mib``; validate refused it ("above
    the 64 MiB limit") and refused the flag too, so the file could be scored
    but never checked."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["padding"] = "x" * (3 * 2**20 // 2)
    padded = tmp_path / "padded.json"
    padded.write_text(json.dumps(data), encoding="utf-8")
    small = run_cli("validate", padded, "--manifest", MANIFEST, "--max-predictions-mib", "1")
    assert small.returncode == 1
    assert small.stderr.splitlines()[0] == (
        f"spotdiff: error: {padded}: file is 1.5 MiB, above the 1 MiB limit; "
        "add --max-predictions-mib 2 to read it"
    ), small.stderr
    large = run_cli("validate", padded, "--manifest", MANIFEST, "--max-predictions-mib", "2")
    assert large.returncode == 0, large.stderr
    assert large.stdout == f"{padded}: valid\n"


def test_the_cache_folder_inside_the_site_is_refused_before_any_work(tmp_path: Path) -> None:
    """Attack: ``leaderboard build --cache-dir site/cache`` or ``--cache-dir X
    --output X``. The first cached every report inside the site, which the
    swap then deleted: every build rescored everything, silently. The second
    scored everything, then refused the output, leaving the cache in it."""
    root = _checkout(tmp_path)
    for flags, named in (
        (("--cache-dir", "site/cache"), "site/cache"),
        (("--cache-dir", "out", "--output", "out"), "out"),
    ):
        result = run_cli("leaderboard", "build", "-q", *flags, cwd=root)
        assert result.returncode == 1, (flags, result.stderr)
        errors = [line for line in result.stderr.splitlines() if "warning" not in line]
        assert len(errors) == 1 and errors[0].startswith(f"spotdiff: error: {named}: is inside ")
        assert "--cache-dir" in errors[0], errors
        assert not (root / "site").exists() and not (root / "out").exists()


def test_an_unknown_item_is_echoed_shortened(tmp_path: Path) -> None:
    """Attack: ``explain --item "$(cat big.txt)"``, 100,000 characters. The
    error line echoed all of them: one "line" of 100 KB on the terminal."""
    result = run_cli(
        "explain", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--item", "a" * 100_000
    )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and len(result.stderr) < 300, len(result.stderr)
    assert result.stderr.startswith(f"spotdiff: error: {MANIFEST}: the dataset has no item 'aaa")


def test_a_usage_error_shows_the_argument_escaped_and_shortened(tmp_path: Path) -> None:
    """Attack: ``submit --date $'\\e]0;pwned\\a'`` (an argument read from a file
    by a script), and ``--date`` of 100,000 characters. Usage errors printed
    the argument as given: the terminal escape ran, and the long one filled
    the screen."""
    base = ("submit", "--predictions", EXAMPLE, "--model", "m", "--provider", "p")
    escaped = run_cli(*base, "--date", "\x1b]0;pwned\x07", cwd=tmp_path)
    assert escaped.returncode == 2
    assert "\x1b" not in escaped.stderr and "\\x1b]0;pwned\\x07" in escaped.stderr
    long = run_cli(*base, "--date", "1" * 100_000, cwd=tmp_path)
    assert long.returncode == 2 and long.stderr.count("\n") == 1
    assert len(long.stderr) < 600, len(long.stderr)
    assert long.stderr.endswith("(see 'spotdiff submit --help')\n")


def test_an_output_that_is_a_symlink_loop_is_called_one(tmp_path: Path) -> None:
    """Attack: ``--output loop-a`` where loop-a and loop-b link to each other.
    The error said "is a symlink to loop-b, which does not exist", and
    loop-b is right there in the listing."""
    (tmp_path / "loop-a").symlink_to("loop-b")
    (tmp_path / "loop-b").symlink_to("loop-a")
    result = run_cli(
        "evaluate", "--manifest", MANIFEST, "--predictions", EXAMPLE, "--output", "loop-a",
        cwd=tmp_path,
    )  # fmt: skip
    _fails_with(
        result,
        "loop-a: is a symlink to loop-b, which leads round in a loop; give the name of a file",
    )
