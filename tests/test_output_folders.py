"""An output whose folder is a file: one line naming the output and the file, before any work.

``spotdiff evaluate --output notes.txt/report.json`` scored everything and
then printed ``notes.txt: File exists``; ``leaderboard build --markdown
notes.txt/LEADERBOARD.md`` swapped in the new site before failing the same
way. Every command now checks its outputs first (``_util/folders.py``).
"""

from __future__ import annotations

import os
import resource
import signal
import socket
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import REPO, run_cli
from leaderboard_helpers import checkout, snapshot

from spotdiff_eval.datasets._jsonio import write_text_atomic
from spotdiff_eval.errors import SpotDiffError
from spotdiff_eval.leaderboard.site_reuse import DIGESTS

#: The fixtures ``hub`` and ``in_process`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)

KEEP = "my notes\n"


@pytest.fixture
def in_the_way(tmp_path: Path) -> Path:
    """A regular file where a command's output folder should be."""
    path = tmp_path / "notes.txt"
    path.write_text(KEEP, encoding="utf-8")
    return path


def assert_refused(result, line: str, in_the_way: Path) -> None:
    assert (result.returncode, result.stdout, result.stderr) == (
        1,
        "",
        f"spotdiff: error: {line}\n",
    )
    assert in_the_way.read_text(encoding="utf-8") == KEEP


def test_evaluate_names_the_report_and_its_parent_before_scoring(in_the_way: Path) -> None:
    report = in_the_way / "report.json"
    result = run_cli(
        "evaluate", "-q", "--predictions", "predictions/example.json", "--output", report
    )
    assert_refused(result, f"{report}: its parent {in_the_way} is not a folder", in_the_way)

    deeper = in_the_way / "runs" / "report.json"
    result = run_cli(
        "evaluate", "-q", "--predictions", "predictions/example.json", "--output", deeper
    )
    assert_refused(
        result, f"{deeper}: its folder cannot be made: {in_the_way} is not a folder", in_the_way
    )


def test_evaluate_refuses_a_folder_as_the_report(tmp_path: Path) -> None:
    """Even with --force, which used to end in ``results: Is a directory``."""
    (tmp_path / "results").mkdir()
    result = run_cli(
        "evaluate", "--predictions", "predictions/example.json", "--output", tmp_path / "results",
        "--force",
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (
        1,
        f"spotdiff: error: {tmp_path / 'results'}: is a folder; give the name of a file\n",
    )


@pytest.mark.parametrize("option", ["--output", "--markdown", "--cache-dir"])
def test_leaderboard_build_checks_every_output_before_writing_any(
    tmp_path: Path, make_dataset, in_the_way: Path, option: str
) -> None:
    repo = checkout(tmp_path, make_dataset)
    target = (
        in_the_way / {"--output": "site", "--markdown": "LB.md", "--cache-dir": "cache"}[option]
    )
    result = run_cli(
        "leaderboard", "build", "-q", "--output", repo / "site", "--markdown", repo / "LB.md",
        option, target, cwd=repo,
    )  # fmt: skip
    assert_refused(result, f"{target}: its parent {in_the_way} is not a folder", in_the_way)
    assert sorted(p.name for p in repo.iterdir()) == ["data", "submissions"], "nothing written"


def test_run_names_the_predictions_and_their_parent_before_any_request(
    in_the_way: Path,
) -> None:
    """The output lock came first and said only "cannot create its lock file: File exists"."""
    output = in_the_way / "predictions.json"
    result = run_cli(
        "run", "--endpoint", "http://127.0.0.1:9/v1", "--model", "m", "--output", output
    )
    assert_refused(result, f"{output}: its parent {in_the_way} is not a folder", in_the_way)


def test_generate_names_the_output_folder(in_the_way: Path) -> None:
    output = in_the_way / "set"
    result = run_cli("generate", "--items", "1", "--output", output)
    assert_refused(result, f"{output}: its parent {in_the_way} is not a folder", in_the_way)


def test_download_is_refused_before_any_network_access(hub, in_process, in_the_way: Path) -> None:
    output = in_the_way / "spotdiff-data"
    result = in_process("download", "--dataset", "spotdiff/tiny-dev", "--output", output)
    assert_refused(result, f"{output}: its parent {in_the_way} is not a folder", in_the_way)
    assert hub.requests == []


def test_library_writes_say_the_same(in_the_way: Path) -> None:
    """``spotdiff run`` and ``merge`` write their outputs through the same function."""
    with pytest.raises(SpotDiffError) as refused:
        write_text_atomic(in_the_way / "out.json", "{}")
    assert refused.value.one_line() == (
        f"{in_the_way / 'out.json'}: its parent {in_the_way} is not a folder"
    )
    assert snapshot(in_the_way.parent) == {"notes.txt": KEEP.encode()}


def special_file(tmp_path: Path, kind: str) -> tuple[Path, str]:
    """A file of ``kind`` no command may write to, and how the refusal names it."""
    path = tmp_path / f"LB-{kind}.md"
    if kind == "fifo":
        os.mkfifo(path)
        return path, "is a FIFO (named pipe), not a regular file; give the name of a file"
    if kind == "socket":
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(str(path))
        return path, "is a socket, not a regular file; give the name of a file"
    if kind == "device":
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # like /dev/null
        except PermissionError:
            pytest.skip("making a device node needs root")
        return path, "is a device, not a regular file; give the name of a file"
    os.symlink(tmp_path / "nowhere.md", path)
    return path, f"is a symlink to {tmp_path / 'nowhere.md'}, which does not exist"


@pytest.mark.parametrize("check", [False, True], ids=["build", "check"])
@pytest.mark.parametrize("kind", ["fifo", "socket", "device", "dangling symlink"])
def test_leaderboard_markdown_that_is_no_regular_file_is_refused_before_any_work(
    tmp_path: Path, make_dataset, kind: str, check: bool
) -> None:
    """A FIFO as --markdown hung for ever once the site was swapped in (reading it to
    compare); a device or a socket was replaced by a regular file."""
    repo = checkout(tmp_path, make_dataset)
    markdown, what = special_file(tmp_path, kind)
    before = os.lstat(markdown)
    command = [sys.executable, "-m", "spotdiff_eval", "leaderboard", "build", "-q"]
    command += ["--markdown", str(markdown), *(["--check"] if check else [])]
    result = subprocess.run(
        command, cwd=repo, capture_output=True, text=True, timeout=60, check=False
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "", f"spotdiff: error: {markdown}: {what}\n"
    )  # fmt: skip
    assert sorted(p.name for p in repo.iterdir()) == ["data", "submissions"], "nothing written"
    after = os.lstat(markdown)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)


@pytest.mark.parametrize("kind", ["fifo", "socket", "dangling symlink"])
def test_evaluate_and_merge_refuse_an_output_that_is_no_regular_file(
    tmp_path: Path, kind: str
) -> None:
    """--force let a report replace a FIFO or a socket; a dangling symlink was replaced."""
    output, what = special_file(tmp_path, kind)
    before = os.lstat(output)
    result = run_cli(
        "evaluate", "-q", "--predictions", "predictions/example.json", "--output", output,
        "--force",
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (1, f"spotdiff: error: {output}: {what}\n")
    result = run_cli("merge", "predictions/example.json", "--output", output)
    assert (result.returncode, result.stderr) == (1, f"spotdiff: error: {output}: {what}\n")
    after = os.lstat(output)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)


def size_limited(limit: int) -> Callable[[], None]:
    """A ``preexec_fn``: files of the child may not grow past ``limit`` bytes, and a write
    past it fails with EFBIG as a full disk fails with ENOSPC (instead of SIGXFSZ)."""

    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def run_limited(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", *map(str, args)], cwd=cwd,
        capture_output=True, text=True, timeout=120, check=False,
        preexec_fn=size_limited(4096),
    )  # fmt: skip


def test_a_full_disk_under_a_report_names_it_and_keeps_the_old_one(tmp_path: Path) -> None:
    """The error was ``spotdiff: error: spotdiff: File too large``: no file named."""
    report = tmp_path / "results" / "report.json"
    first = run_cli(
        "evaluate", "-q", "--predictions", "predictions/perfect.json", "--output", report
    )
    assert first.returncode == 0, first.stderr
    before = snapshot(tmp_path)

    result = run_limited(
        "evaluate", "-q", "--predictions", "predictions/example.json", "--output", report,
        cwd=REPO,
    )  # fmt: skip

    assert (result.returncode, result.stderr) == (
        1, f"spotdiff: error: {report}: cannot write: File too large\n"
    )  # fmt: skip
    assert snapshot(tmp_path) == before, "the old report kept, no temporary file left"


def test_a_full_disk_under_the_site_names_it_and_keeps_the_old_one(
    tmp_path: Path, make_dataset
) -> None:
    repo = checkout(tmp_path, make_dataset)
    assert run_cli("leaderboard", "build", "-q", cwd=repo).returncode == 0
    (repo / "site" / DIGESTS).unlink()  # so that every page is written anew, none linked
    before = snapshot(repo)

    result = run_limited("leaderboard", "build", "-q", "--no-cache", cwd=repo)

    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"spotdiff: error: {repo / 'site'}: cannot write: File too large"
    )
    assert snapshot(repo) == before
    assert sorted(p.name for p in repo.iterdir() if p.name.startswith(".site")) == []


@pytest.mark.parametrize("command", ["evaluate", "leaderboard"])
def test_a_folder_name_too_long_is_refused_before_any_work(
    tmp_path: Path, make_dataset, command: str
) -> None:
    """``evaluate`` scored everything, printed its summary, then failed with ``File name
    too long``; a name longer than NAME_MAX is now refused first, naming the output."""
    folder = tmp_path / ("r" * 256)
    repo = checkout(tmp_path, make_dataset)
    if command == "evaluate":
        output = folder / "report.json"
        args: list[str | Path] = ["evaluate", "--predictions", "predictions/example.json"]
        args += ["--output", output]
        cwd = REPO
    else:
        output = folder / "LEADERBOARD.md"
        args, cwd = ["leaderboard", "build", "--markdown", output], repo
    result = run_cli(*args, cwd=cwd)
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "", f"spotdiff: error: {output}: a folder name in it is 256 bytes, longer than a "
        "file name can be (255)\n",
    )  # fmt: skip
    assert sorted(p.name for p in repo.iterdir()) == ["data", "submissions"]
