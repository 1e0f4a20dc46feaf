"""A hub asking to wait longer than a command waits ends it in one line, not a hang.

huggingface_hub sleeps as long as a 429's ``RateLimit`` reset or any retried
answer's ``Retry-After`` says, before each of five retries: ``Retry-After:
86400`` kept ``spotdiff download`` asleep for days. The real huggingface_hub
client runs against the loopback hub (``hub_fixtures.py``), in a ``spotdiff``
subprocess as a user runs it; ``run_cli`` gives up on a command after 120 s.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fake_hub import FakeHub
from hub_fixtures import REPO, assert_one_error, dataset_files, download, published

from spotdiff_eval.hub._waits import MAX_WAIT_SECONDS

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)


@pytest.mark.parametrize(
    ("fragment", "status", "headers", "seconds"),
    [
        ("/api/datasets/", 429, {"Retry-After": "86400"}, 86400),
        ("/api/datasets/", 429, {"RateLimit": '"api";r=0;t=3000'}, 3000),
        ("/resolve/", 503, {"Retry-After": str(MAX_WAIT_SECONDS + 1)}, MAX_WAIT_SECONDS + 1),
    ],
    ids=["retry-after-on-the-listing", "ratelimit-reset", "retry-after-on-a-file"],
)
def test_a_wait_longer_than_the_limit_is_one_line_at_once(
    hub: FakeHub, tmp_path: Path, fragment: str, status: int, headers: dict, seconds: int
) -> None:
    hub.add_dataset(REPO, published(dataset_files()))
    hub.fail(fragment, status, headers)
    out = tmp_path / "out"

    result = download("--dataset", REPO, "--output", out)

    assert_one_error(
        result,
        f"{REPO}: the hub asks to wait {seconds:,} s before the next request (HTTP {status}, "
        f"more than the {MAX_WAIT_SECONDS} s this command waits); try again later",
    )
    assert not out.exists()
    asked = [p for p in hub.paths_requested() if fragment in p]
    assert asked and len(asked) == len(set(asked))  # refused at the first answer: no retry
