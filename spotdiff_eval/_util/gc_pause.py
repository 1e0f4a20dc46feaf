"""Pausing the cyclic garbage collector around a batch of allocation-heavy work."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a batch of allocation-heavy work.

    Loading and scoring 10,000 items allocates millions of small, acyclic
    objects; each automatic collection then rescans all of them, which made
    scoring over 40% slower. Reference counting still frees everything.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
