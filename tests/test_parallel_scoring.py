"""``spotdiff evaluate --jobs``: matching on several processes, same report, clean stops.

The workers are real forked processes of a real ``spotdiff evaluate``; the
tests find them through ``/proc`` and signal them as a terminal, a CI runner
or the kernel's out-of-memory killer would.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import REPO, run_cli

from spotdiff_eval.scoring._parallel import (
    MAX_AUTO_JOBS,
    _can_fork,
    auto_jobs,
    available_cores,
    cgroup_cores,
)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc and fork")


def _synthetic(root: Path, items: int) -> tuple[Path, Path]:
    """The noisy, description-rich set of ``benchmarks/scoring.py``."""
    spec = importlib.util.spec_from_file_location("bench_scoring", REPO / "benchmarks/scoring.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    manifest, predictions, _ = bench.build(root, items, 8, 7)
    return manifest, predictions


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return _synthetic(tmp_path_factory.mktemp("large"), 3000)


def _evaluate(manifest: Path, predictions: Path, output: Path, *extra: str) -> list[str]:
    options = {"manifest": manifest, "predictions": predictions, "output": output}
    given = [f"--{name}={value}" for name, value in options.items()]
    return [sys.executable, "-m", "spotdiff_eval", "evaluate", "--quiet", *given, *extra]


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    try:
        return [int(c) for c in path.read_text().split()]
    except (FileNotFoundError, ProcessLookupError):
        return []


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False


def _start_until_workers(command: list[str]) -> tuple[subprocess.Popen[str], list[int]]:
    """Start ``command`` in its own session and wait until it has forked its workers."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        workers = _children(process.pid)
        if len(workers) == 2:
            return process, workers
        time.sleep(0.005)
    process.kill()
    pytest.fail(f"no two workers seen; exit {process.wait()}, stderr {process.stderr.read()!r}")


def test_the_report_is_the_same_for_any_number_of_jobs(tmp_path: Path) -> None:
    manifest, predictions = _synthetic(tmp_path, 700)
    reports = []
    for jobs, seed in (("1", "0"), ("2", "1"), ("3", "2")):
        output = tmp_path / f"report-{jobs}.json"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        command = _evaluate(manifest, predictions, output, "--jobs", jobs)
        subprocess.run(command, check=True, env=env, timeout=300)
        reports.append(output.read_bytes())
    assert reports[0] == reports[1] == reports[2]


def test_the_bundled_report_is_the_same_on_two_processes(tmp_path: Path) -> None:
    reports = []
    for jobs in ("1", "2"):
        output = tmp_path / f"example-{jobs}.json"
        done = run_cli("evaluate", "--quiet", "--predictions", "predictions/example.json",
                       "--output", output, "--jobs", jobs)  # fmt: skip
        assert done.returncode == 0, done.stderr
        reports.append(output.read_bytes())
    assert reports[0] == reports[1]


def test_two_jobs_are_two_worker_processes(large: tuple[Path, Path], tmp_path: Path) -> None:
    output = tmp_path / "report.json"
    process, workers = _start_until_workers(_evaluate(*large, output, "--jobs", "2"))
    assert process.wait(timeout=300) == 0, process.stderr.read()
    assert all(not _alive(pid) for pid in workers)
    assert output.exists()


@pytest.mark.parametrize(
    ("stop", "to_group", "status", "message"),
    [
        (signal.SIGINT, True, 130, "spotdiff: error: interrupted"),  # Ctrl-C in a terminal
        (signal.SIGTERM, False, 143, "spotdiff: error: terminated (SIGTERM)"),  # a CI timeout
    ],
)
def test_a_stop_ends_the_workers_and_writes_nothing(
    large: tuple[Path, Path],
    tmp_path: Path,
    stop: signal.Signals,
    to_group: bool,
    status: int,
    message: str,
) -> None:
    output = tmp_path / "report.json"
    process, workers = _start_until_workers(_evaluate(*large, output, "--jobs", "2"))
    if to_group:
        os.killpg(process.pid, stop)
    else:
        process.send_signal(stop)
    assert process.wait(timeout=60) == status
    assert process.stderr.read().strip() == message
    assert all(not _alive(pid) for pid in workers)
    assert not output.exists()


def test_a_killed_worker_is_a_one_line_error_not_a_hang(
    large: tuple[Path, Path], tmp_path: Path
) -> None:
    output = tmp_path / "report.json"
    process, workers = _start_until_workers(_evaluate(*large, output, "--jobs", "2"))
    os.kill(workers[1], signal.SIGKILL)  # as the out-of-memory killer would
    assert process.wait(timeout=60) == 1
    lines = process.stderr.read().strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"spotdiff: error: scoring: worker process {workers[1]} ended")
    assert "--jobs 1" in lines[0]
    assert not _alive(workers[0])
    assert not output.exists()


def test_jobs_must_be_a_positive_number() -> None:
    done = run_cli("evaluate", "--predictions", "predictions/example.json", "--jobs", "0")
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .endswith("argument --jobs: must be at least 1, found 0 (see 'spotdiff evaluate --help')")
    )


def test_small_sets_stay_in_one_process_large_ones_use_every_core() -> None:
    assert auto_jobs(1999) == 1
    assert auto_jobs(100_000) == min(available_cores(), MAX_AUTO_JOBS)
    assert available_cores() <= len(os.sched_getaffinity(0))


@pytest.mark.parametrize(
    ("written", "cores"),
    [("200000 100000\n", 2), ("150000 100000\n", 1), ("50000 100000\n", 1), ("max 100000\n", None),
     ("", None), ("garbage", None)],
)  # fmt: skip
def test_a_container_quota_bounds_the_cores(
    tmp_path: Path, written: str, cores: int | None
) -> None:
    cpu_max = tmp_path / "cpu.max"
    cpu_max.write_text(written, encoding="ascii")
    assert cgroup_cores(cpu_max) == cores


def test_no_quota_file_is_no_bound(tmp_path: Path) -> None:
    assert cgroup_cores(tmp_path / "missing") is None


def test_taskset_narrows_the_choice(tmp_path: Path) -> None:
    """One allowed core: a large set is still matched in one process."""
    manifest, predictions = _synthetic(tmp_path, 2000)
    output = tmp_path / "report.json"
    command = ["taskset", "-c", "0", *_evaluate(manifest, predictions, output)]
    process, seen = subprocess.Popen(command, stderr=subprocess.PIPE, text=True), 0
    while process.poll() is None:
        seen = max(seen, len(_children(process.pid)))
        time.sleep(0.005)
    assert process.returncode == 0, process.stderr.read()
    assert seen == 0


def test_no_fork_while_another_thread_runs() -> None:
    """A fork copies locks other threads hold; the child can deadlock on them."""
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert not _can_fork()
    finally:
        release.set()
        other.join()
