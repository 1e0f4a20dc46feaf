"""Progress of long work on stderr, for people watching a terminal.

Shown only when stderr is a terminal, so logs, pipes and CI output stay
clean; redrawn at most ten times a second, so it never slows the work down.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.label, self.total = label, total
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() and total > 0
        self._last = 0.0

    def __call__(self, done: int, detail: str = "") -> None:
        """Redraw with ``done`` of ``total`` finished; ``detail`` follows the count."""
        if not self.enabled:
            return
        now = time.monotonic()
        if done < self.total and now - self._last < 0.1:
            return
        self._last = now
        suffix = f" {detail}" if detail else ""
        percent = 100 * done // self.total
        self.stream.write(f"\r{self.label} {done}/{self.total} ({percent}%){suffix}")
        if done >= self.total:
            self.stream.write("\r\033[K")
        self.stream.flush()

    def note(self, line: str) -> None:
        """Print a line of its own (a warning) without mixing it into the bar.

        The bar's line is cleared first and drawn again at the next update;
        without a terminal the line is simply written.
        """
        if self.enabled:
            self.stream.write("\r\033[K")
            self._last = 0.0
        self.stream.write(line + "\n")
        self.stream.flush()
