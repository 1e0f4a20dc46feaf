"""The transfer of ``spotdiff download``, in a child process so that it stops at once.

huggingface_hub fetches a snapshot's files in worker threads, and Python
cannot stop a thread: on SIGTERM or Ctrl-C ``snapshot_download`` cancels the
files not yet begun but waits for those in flight, a large image on a slow
link for minutes, while a cancelled CI job is killed seconds after its
SIGTERM. In a child process the transfer ends the moment the child is
killed, and the caller then deletes the staging folder it was writing.

The child gets its arguments, the token among them, through
multiprocessing's pipe, never on a command line, and sends back None or
the parts of a one-line error. It leaves Ctrl-C to the parent, and on Linux
dies with it, so a ``spotdiff`` killed outright leaves no transfer running.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from pathlib import Path

from ..errors import SpotDiffError
from ._client import http_client_ready
from ._errors import HubCall, hub_errors, transfer_failure

#: prctl(2): the signal the kernel sends a process when its parent dies.
_PR_SET_PDEATHSIG = 1


def fetch_snapshot(
    call: HubCall, commit: str, folder: Path, *, token: str | None, progress: bool
) -> None:
    """Download every file of ``commit`` into ``folder``; raise :class:`SpotDiffError` if it fails.

    Stopped (SIGTERM, Ctrl-C), it kills the child and waits for it before
    the exception goes on, so nothing writes into ``folder`` afterwards.
    """
    context = multiprocessing.get_context("spawn")  # no copy of this process's threads
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(
        target=_transfer,
        args=(sending, os.getpid(), call, commit, str(folder), token, progress),
        name="spotdiff-download",
        daemon=True,
    )
    try:
        child.start()
        sending.close()
        wait([receiving, child.sentinel])
        try:
            outcome = receiving.recv()
        except EOFError:  # it died without a word (killed, out of memory)
            outcome = (call.repo_id, f"commit {commit}", "the download stopped unexpectedly")
    finally:
        if child.is_alive():
            child.kill()
        if child.pid is not None:
            child.join()
        receiving.close()
    if outcome is not None:
        raise SpotDiffError(*outcome)


def _transfer(
    sending: Connection,
    parent: int,
    call: HubCall,
    commit: str,
    folder: str,
    token: str | None,
    progress: bool,
) -> None:
    """The child: ``snapshot_download`` into ``folder``, and the outcome sent to the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _die_with(parent)
    from huggingface_hub import snapshot_download

    # huggingface_hub warns "Not enough free disk space" through Python's
    # warnings, as two lines of its source each: a full disk is this
    # transfer's one-line error (transfer_failure) instead.
    warnings.filterwarnings("ignore", message="Not enough free disk space", category=UserWarning)
    try:
        with hub_errors(call), progress_bars(progress):
            http_client_ready()  # this process's own client: it refuses long waits too
            snapshot_download(
                call.repo_id,
                repo_type="dataset",
                revision=commit,
                local_dir=folder,
                token=token,
                endpoint=call.base_url or call.endpoint,
            )
    except Exception as exc:
        failure = exc if isinstance(exc, SpotDiffError) else transfer_failure(exc, call, folder)
        sending.send((failure.file, failure.where, failure.what))
    else:
        sending.send(None)


def _die_with(parent: int) -> None:
    """Have Linux kill this process when ``parent`` dies; elsewhere do nothing."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return
    prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the request was made
        os._exit(1)


@contextmanager
def progress_bars(enabled: bool) -> Iterator[None]:
    """huggingface_hub's progress bars on or off for one call, then as before.

    ``HF_HUB_DISABLE_PROGRESS_BARS``, when set, decides instead.
    """
    from huggingface_hub import constants
    from huggingface_hub.utils import (
        are_progress_bars_disabled,
        disable_progress_bars,
        enable_progress_bars,
    )

    was_disabled = are_progress_bars_disabled()
    if constants.HF_HUB_DISABLE_PROGRESS_BARS is not None or enabled != was_disabled:
        yield  # decided by the environment, or already as wanted
        return
    (enable_progress_bars if enabled else disable_progress_bars)()
    try:
        yield
    finally:
        (disable_progress_bars if was_disabled else enable_progress_bars)()
