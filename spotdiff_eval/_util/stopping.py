"""SIGTERM as an exception, so a stopped command cleans up as Ctrl-C lets it."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the run is, as Ctrl-C raises KeyboardInterrupt.

    Without it the process died at once and left its staging folder (tens of
    MB) in --output; as an exception it unwinds through the writer's clean-up.
    A KeyboardInterrupt, so every clean-up written for Ctrl-C (a run saving
    the items it has) serves it too.
    """


@contextlib.contextmanager
def sigterm_unwinds() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated` (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut clean-up short
        raise Terminated

    previous = signal.getsignal(signal.SIGTERM)
    if previous == signal.SIG_IGN:  # whoever started us asked for SIGTERM to be ignored
        yield
        return
    signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
