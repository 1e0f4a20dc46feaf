"""An annotation's ``panel_order`` against its ``panel_layout``, for ``spotdiff validate``.

``panel_layout`` decides which panel is first (the left or the top one);
``panel_order`` only names the two panels (the schema: "names of the first
and second panel", DESIGN.md's one example being ``["left", "right"]``), and
neither the scorer nor the runner reads it. Only a panel_order that puts the
other panel first contradicts the layout, and would read every from/to of
the item backwards: an error. Position words of the other layout (the
``["left", "right"]`` of a template kept on a top_bottom item) are a slip,
said as a warning; names of its own (``["before", "after"]``) are fine.
Before round 21 anything but the layout's own pair was an error, and a
published dataset with the template's names failed to download.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ._findings import Findings

#: The first and second panel of each layout, as position words.
POSITIONS = {"side_by_side": ["left", "right"], "top_bottom": ["top", "bottom"]}


def panel_order_findings(findings: Findings, source: Path, order: Any, layout: str) -> None:
    """Where ``order`` (the annotation's ``panel_order``, if any) contradicts ``layout``."""
    if order is None:
        return
    names = [str(name).strip().lower() for name in order]
    expected = POSITIONS[layout]
    if names == expected:
        return
    if names == expected[::-1]:
        findings.add(
            source,
            "/panel_order",
            f"panel_order {order} puts the panels in reverse order: panel_layout {layout} "
            f"has the {expected[0]} panel first (expected {expected})",
        )
        return
    for other, positions in POSITIONS.items():
        if other != layout and set(names) == set(positions):
            findings.warn(
                source,
                "/panel_order",
                f"panel_order {order} names the panels of {other}, but panel_layout is "
                f"{layout} (the {expected[0]} panel is read as the first)",
            )
