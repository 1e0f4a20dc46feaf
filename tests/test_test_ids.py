"""Test ids stay short: pytest copies the running test's id into the
``PYTEST_CURRENT_TEST`` environment variable, which every subprocess a test
starts inherits. Linux refuses one environment string above 128 KiB
(``MAX_ARG_STRLEN``), so an id holding a 200,000-character parameter made
``subprocess.run`` fail before the command under test even started.

pytest 9.2 shortens long string ids by default, older pytest (allowed by
``pytest>=8``) does not: ids are checked with the old ("legacy") strategy.
"""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO

#: Far below the kernel's limit, and still readable in a failure summary.
MAX_ID = 256


def test_every_test_id_is_short() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "-o",
            "parametrize_long_str_id_strategy=legacy",
            "tests",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    ids = [line for line in result.stdout.splitlines() if "::" in line]
    assert len(ids) > 100, result.stdout[-2000:]
    long_ids = [f"{len(i)}: {i[:120]}" for i in ids if len(i) > MAX_ID]
    assert not long_ids, long_ids
