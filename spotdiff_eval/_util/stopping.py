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


#: The signals that stop a command: held back while files are moved into place.
_STOPPING = (signal.SIGTERM, signal.SIGINT)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Within the block, SIGTERM and SIGINT wait; at its end they act as they would have.

    Moving files into place is a few renames that must all happen or none: a
    stop raised between two of them left an output half old and half new, or
    an old folder put aside and then deleted with the work folder. Held, the
    stop comes once the renames are done, and the command still exits 143 (or
    130) with the new output complete. Main thread only; an ignored signal
    stays ignored.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def hold(signum: int, frame: object) -> None:
        caught.append(signum)

    previous = {number: signal.getsignal(number) for number in _STOPPING}
    held = [n for n, handler in previous.items() if handler not in (signal.SIG_IGN, None)]
    for number in held:
        signal.signal(number, hold)
    try:
        yield
    finally:
        for number in held:
            signal.signal(number, previous[number])
        for number in dict.fromkeys(caught):
            signal.raise_signal(number)  # now handled as it would have been at once
