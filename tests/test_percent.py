"""The one percentage format, in the four dresses its outputs wear."""

from __future__ import annotations

import pytest

from spotdiff_eval._util.percent import percent

#: Fractions the formats disagree about if they round differently: halves in
#: binary, tiny, whole, above one (never a metric, but must not break columns).
EDGES = [0.0, 0.0005, 0.00049, 0.075, 0.8725, 0.87349, 0.999, 0.9995, 1.0, 1.234]


@pytest.mark.parametrize("value", EDGES)
def test_every_dress_rounds_alike(value: float) -> None:
    bare = percent(value, symbol=False)
    assert percent(value) == bare + "%"
    assert percent(value, width=5) == bare.rjust(5) + "%"
    assert percent(value, width=5).strip() == percent(value)


def test_the_dresses() -> None:
    assert percent(0.075) == "7.5%"  # the pull-request comment
    assert percent(0.075, width=5) == "  7.5%"  # the terminal's aligned columns
    assert percent(1.0, width=5) == "100.0%"
    assert percent(0.87349, symbol=False) == "87.3"  # LEADERBOARD.md and the site
    assert percent(None, symbol=False) == "–"  # a kind the board has no difference of


def test_one_decimal_as_python_rounds_the_float() -> None:
    """100 x 0.8725 is 87.25, which rounds half to even: 87.2 in every output."""
    assert percent(0.8725) == "87.2%"
