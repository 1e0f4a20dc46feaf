"""Matching many items on several cores, with the answer one core gives.

Matching is pure and item by item, so the items are cut into contiguous
chunks, matched in forked worker processes and read back in order: the
result, and so the report's bytes, cannot depend on the number of workers
or on which finishes first (tested on the bundled set and a synthetic one).

Workers are forked, not spawned: they inherit the loaded dataset and the
predictions instead of receiving a pickled copy, and start in milliseconds.
Where fork is unsafe or missing (another thread is running, which a fork
can deadlock; Windows; macOS, where system libraries do not survive it),
matching stays in this process.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..datasets import Difference, GoldDifference
from ..errors import SpotDiffError
from ..matching import ItemMatch, match_item

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

#: One item's inputs to the matcher: its golden differences and its predictions.
Work = tuple[Sequence[GoldDifference], Sequence[Difference]]

#: Below this many items per worker, forking costs more than it saves.
MIN_ITEMS_PER_JOB = 1000

#: The most workers chosen for the user: past this, memory grows faster than speed.
MAX_AUTO_JOBS = 8

#: Chunks per worker: enough that a worker given slow items does not hold the rest back.
_CHUNKS_PER_JOB = 4

#: The signals that stop a run: the parent's to handle, never a worker's.
_STOPS = {signal.SIGINT, signal.SIGTERM}

#: The work of the current call, set before the fork so that workers inherit it.
_WORK: Sequence[Work] = ()


def cgroup_cores(cpu_max: Path = Path("/sys/fs/cgroup/cpu.max")) -> int | None:
    """The cores a container's CPU quota buys (cgroup v2 ``cpu.max``), if it sets one.

    A container limited to two CPUs still sees every core of its host in
    its affinity mask; forking one worker per host core there only made the
    workers queue for the quota.
    """
    try:
        quota, period = cpu_max.read_text(encoding="ascii").split()[:2]
        return max(1, int(quota) // int(period))
    except (OSError, ValueError):  # no such file, "max" (no quota), or unreadable
        return None


def available_cores() -> int:
    """The cores this process may use: its affinity (``taskset``), under any container quota."""
    if hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:
        cores = os.cpu_count() or 1
    return max(1, min(cores, cgroup_cores() or cores))


def auto_jobs(items: int) -> int:
    """Workers for ``items`` items when the user chose none: one per core, if it pays."""
    return max(1, min(available_cores(), MAX_AUTO_JOBS, items // MIN_ITEMS_PER_JOB))


def _can_fork() -> bool:
    import multiprocessing  # here, not above: one item's evaluate never forks (start-up)

    return (
        sys.platform.startswith("linux")
        and "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
    )


def _worker(
    spans: Sequence[tuple[int, int]], conn: Connection, others: Sequence[Connection]
) -> None:
    """Match ``spans`` of the inherited work in order, sending each span's result back.

    Ctrl-C and SIGTERM are the parent's to handle (a worker's traceback is
    noise): the parent ends its workers itself. Both arrive blocked, so that
    one sent while the worker started cannot reach the parent's handlers
    here. ``others`` are earlier workers' pipe ends, inherited by the fork:
    held open here, they kept a worker the parent had given up on waiting.
    A matcher error is sent back as text, for the parent to raise.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)
    for other in others:
        other.close()
    try:
        for start, stop in spans:
            conn.send([match_item(gold, predicted) for gold, predicted in _WORK[start:stop]])
    except Exception:  # the parent reports it, with the worker's traceback
        import traceback

        conn.send(traceback.format_exc())
    finally:
        conn.close()


def _in_process(work: Sequence[Work], progress: Callable[[int], None] | None) -> list[ItemMatch]:
    matched = []
    for done, (gold, predicted) in enumerate(work, 1):
        matched.append(match_item(gold, predicted))
        if progress is not None and (done % 256 == 0 or done == len(work)):
            progress(done)
    return matched


def match_all(
    work: Sequence[Work],
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[ItemMatch]:
    """``match_item`` of every item of ``work``, in order, on up to ``jobs`` processes.

    ``progress``, if given, is called with the number of items matched so far.
    Span ``k`` goes to worker ``k % jobs`` and spans are read back in order,
    so a worker only ever waits for the parent to read what it has finished.
    A worker that dies (killed, out of memory) is an error, not a hang: its
    pipe closes.
    """
    global _WORK
    jobs = min(jobs, len(work))
    if jobs <= 1 or not _can_fork():
        return _in_process(work, progress)
    size = -(-len(work) // (jobs * _CHUNKS_PER_JOB))
    spans = [(start, min(start + size, len(work))) for start in range(0, len(work), size)]
    import multiprocessing

    context = multiprocessing.get_context("fork")
    sys.stdout.flush()  # a forked child would write the parent's buffered output again
    sys.stderr.flush()
    _WORK = work
    workers: list[tuple[BaseProcess, Connection]] = []
    finished = False
    try:
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
        try:
            for index in range(jobs):
                receiver, sender = context.Pipe(duplex=False)
                earlier = [r for _, r in workers]
                child = context.Process(target=_worker, args=(spans[index::jobs], sender, earlier))
                child.start()
                sender.close()  # the worker's end: once the worker exits, recv() sees EOF
                workers.append((child, receiver))
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)  # a pending stop lands here
        matched: list[ItemMatch] = []
        for index in range(len(spans)):
            process, receiver = workers[index % jobs]
            try:
                chunk = receiver.recv()
            except EOFError:
                raise SpotDiffError(
                    "scoring",
                    "",
                    f"worker process {process.pid} ended before its work was done "
                    "(killed, or out of memory?); --jobs 1 scores in one process",
                ) from None
            if isinstance(chunk, str):
                raise RuntimeError(f"a scoring process failed:\n{chunk}")
            matched.extend(chunk)
            if progress is not None:
                progress(len(matched))
        finished = True
        return matched
    finally:
        _WORK = ()
        for process, receiver in workers:
            receiver.close()
            if not finished:  # Ctrl-C, SIGTERM or an error: the work is abandoned
                process.terminate()
            process.join()
