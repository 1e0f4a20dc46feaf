"""An annotation's ``panel_order`` against its ``panel_layout``, for ``spotdiff validate``.

``panel_layout`` decides which panel is first (the left or the top one);
``panel_order`` only names the two panels, so it is checked for agreeing
with the layout, and never read by the scorer or the runner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ._findings import Findings


def panel_order_findings(findings: Findings, source: Path, order: Any, layout: str) -> None:
    """Where ``order`` (the annotation's ``panel_order``, if any) contradicts ``layout``."""
    expected = ["left", "right"] if layout == "side_by_side" else ["top", "bottom"]
    if order is not None and [o.lower() for o in order] != expected:
        findings.add(
            source,
            "/panel_order",
            f"panel_order {order} does not fit panel_layout {layout} (expected {expected})",
        )
