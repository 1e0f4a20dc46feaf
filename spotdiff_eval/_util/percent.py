"""Fractions shown as percentages: one rounding for every output.

The terminal summary, the pull-request comment, LEADERBOARD.md and the site
show the same metrics; were each to round on its own (four copies once did),
a contributor could see one figure in the comment and another on the board
for the same report.
"""

from __future__ import annotations


def percent(value: float | None, *, width: int = 0, symbol: bool = True) -> str:
    """``value`` x 100 with one decimal: 0.873 is "87.3%".

    ``width`` pads on the left so terminal columns line up (" 7.5%");
    ``symbol=False`` leaves out the "%" where a table heading says it once.
    None, a share that does not exist (a kind the board has no difference
    of), is "–".
    """
    if value is None:
        return "–"
    return f"{100 * value:.1f}".rjust(width) + ("%" if symbol else "")
