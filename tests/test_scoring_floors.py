"""``benchmarks/scoring_floors.py`` still runs against the package as it is.

The script reaches into the matcher (``_evidence._told``, ``profile``) to time
its reading apart; a rename there would break it silently, months before
anyone measures again. Its figures are not checked: times are the
benchmark's to print, not a test's to assert.
"""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import REPO

FLOORS = (
    "parse",
    "load",
    "touch each word",
    "a set test per pair",
    "read descriptions",
    "profile",
    "match",
)


def test_every_floor_is_timed_and_set_against_the_parse() -> None:
    script = REPO / "benchmarks/scoring_floors.py"
    result = subprocess.run(
        [sys.executable, str(script), "--items", "12", "--runs", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "12 items, CPU seconds and multiples of the parse:"
    rows = [re.fullmatch(r"  (.+?) +(\d+\.\d\d) s +(\d+\.\d\d)x", line) for line in lines[1:-1]]
    assert all(rows), lines
    assert tuple(row.group(1) for row in rows if row) == FLOORS
    assert rows[0] is not None and rows[0].group(3) == "1.00"
    assert re.fullmatch(
        r"load \+ read descriptions: \d+\.\d\dx the parse, against a budget of 4x for the whole "
        r"command",
        lines[-1],
    )
