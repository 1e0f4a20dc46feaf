"""Progress goes to terminals only and always ends with the line cleared."""

from __future__ import annotations

import io

from spotdiff_eval._util.progress import Progress


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_reports_and_clears() -> None:
    stream = FakeTerminal()
    progress = Progress("scoring items", 4, stream)
    progress(1)
    progress(4)
    text = stream.getvalue()
    assert "\rscoring items 1/4 (25%)" in text
    assert "scoring items 4/4 (100%)" in text
    assert text.endswith("\r\033[K")


def test_progress_is_silent_when_not_a_terminal() -> None:
    stream = io.StringIO()
    progress = Progress("scoring items", 4, stream)
    for done in range(1, 5):
        progress(done)
    assert stream.getvalue() == ""
