"""The one walker the hub and the runner use to find the real cause of a failure."""

from __future__ import annotations

import urllib.error

import pytest

from spotdiff_eval._util.exception_chain import LIMIT, exception_chain


def test_cause_then_context_then_wrapped_reason_and_arguments() -> None:
    refused = ConnectionRefusedError(111, "Connection refused")
    wrapped = urllib.error.URLError(refused)  # urllib keeps it in .reason, not as a cause
    handling = KeyError("while handling")
    carried = ValueError("carried", TimeoutError("in the arguments"))

    def fail() -> None:
        try:
            raise handling
        except KeyError:
            raise RuntimeError("outer", carried) from wrapped

    with pytest.raises(RuntimeError) as raised:
        fail()
    outer = raised.value
    chain = exception_chain(outer)
    assert [type(e).__name__ for e in chain] == [
        "RuntimeError",
        "URLError",
        "ConnectionRefusedError",
        "KeyError",
        "ValueError",
        "TimeoutError",
    ]
    assert chain[2] is refused and chain[3] is handling


def test_each_exception_once_even_in_a_cycle() -> None:
    a, b = ValueError("a"), ValueError("b")
    a.__cause__, b.__cause__ = b, a
    assert exception_chain(a) == [a, b]


def test_a_runaway_chain_stops_at_the_limit() -> None:
    inner: BaseException = ValueError("root")
    for i in range(3 * LIMIT):
        outer = ValueError(i)
        outer.__cause__ = inner
        inner = outer
    chain = exception_chain(inner)
    assert len(chain) == LIMIT and chain[0] is inner
