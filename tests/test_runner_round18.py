"""Red team round 18: real-world replies and user trouble that `spotdiff run` got wrong.

Each test talks HTTP to a :class:`fake_endpoints.FakeEndpoint` on 127.0.0.1,
as in test_runner.py, and pins one fix.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fake_endpoints import (
    FakeEndpoint,
    Raw,
    RunDataset,
    answered,
    make_run_dataset,
    run,
    settings_for,
    statuses,
)


@pytest.fixture
def dataset(tmp_path: Path) -> RunDataset:
    return make_run_dataset(tmp_path / "ds", 3)


# -- HTTP ---------------------------------------------------------------------------


@pytest.mark.parametrize("status", [999, 600])
def test_a_status_the_file_cannot_hold_still_leaves_a_resumable_output(
    status: int, dataset: RunDataset, tmp_path: Path
) -> None:
    """LinkedIn answers 999; recorded as it was, the output failed its own schema
    and --resume (and merge) refused it for good."""
    output = tmp_path / "out.json"
    body = json.dumps({"error": {"message": "request denied"}}).encode()
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Raw(status, body), Raw(status, body))
        result, _ = run(settings_for(fake, dataset, output, retries=1))
        entry = statuses(output)["item_000"]
        assert (entry["status"], entry["http_status"]) == ("failed", None)
        assert entry["error"] == f"HTTP {status}: request denied (gave up after 2 attempts)"
        assert result.failed == 1
        result, _ = run(settings_for(fake, dataset, output, resume=True))
    assert result.ok == 3 and answered(output) == dataset.item_ids
