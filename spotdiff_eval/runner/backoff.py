"""How long to wait before asking again: backoff with jitter, ``Retry-After`` (and Gemini's
``retryDelay``), the shared pause."""

from __future__ import annotations

import email.utils
import math
import random
import re
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from .json_reader import read_json


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to wait. Tests use tiny bases; the CLI keeps these defaults."""

    retries: int = 5
    backoff_base: float = 1.0
    backoff_max: float = 60.0
    #: A ``Retry-After`` longer than this stops the run (``http``: red team round 19,
    #: a used-up daily quota asks for hours); ``delay`` shortens one to it all the same.
    retry_after_max: float = 600.0

    def delay(self, failures: int, retry_after: float | None, rng: random.Random) -> float:
        """Seconds to wait after the ``failures``-th failed attempt.

        Backoff is "equal jitter": half of ``base * 2**(failures-1)`` (capped)
        is fixed, half random, so a retry is never immediate yet workers
        spread out. A server's ``Retry-After`` is a minimum; a little jitter
        is added on top so that paused workers do not all return at once.
        """
        if retry_after is not None:
            wait = min(retry_after, self.retry_after_max)
            return wait + rng.random() * min(1.0, 0.1 * wait + self.backoff_base)
        ceiling = min(self.backoff_max, self.backoff_base * 2 ** (failures - 1))
        return ceiling / 2 + rng.random() * ceiling / 2


def server_wait(headers: Mapping[str, str]) -> float | None:
    """The wait in seconds a reply's headers ask for, or None if they ask for none.

    Red team round 22: OpenAI's and Azure OpenAI's servers may say it in
    milliseconds, ``retry-after-ms: 20000``, which their own client reads
    before ``Retry-After``; it was ignored, and the backoff (about 30 s in all)
    could run out inside a longer window. A value that does not read as a
    number of milliseconds leaves ``Retry-After`` to say it.
    """
    milliseconds = headers.get("retry-after-ms")
    if milliseconds is not None:
        text = milliseconds.strip()
        seconds = float(text) / 1000 if _NUMBER.match(text) else math.nan
        if not math.isnan(seconds) and seconds >= 0:
            return seconds
    return retry_after_seconds(headers.get("Retry-After"))


#: One value of a ``Retry-After`` sent twice and joined with ", ": delta-seconds, or
#: an HTTP date (which holds a comma of its own: "Wed, 21 Oct 2026 07:28:00 GMT").
_ONE_VALUE = re.compile(r"\s*(\d+(?:\.\d+)?|[A-Za-z]{3}, [^,]+?GMT)\s*(?:,|$)")


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """``Retry-After`` in seconds from now: delta-seconds or an HTTP date; None if unreadable.

    Red team round 22: a proxy that adds its own ``Retry-After`` to the server's
    makes the header two values, which ``requests`` joins ("30, 30"); that read
    as no wait at all. The longest of the values is the wait.
    """
    if value is None:
        return None
    if "," in value and not _looks_like_one_date(value):
        pieces = _ONE_VALUE.findall(value)
        waits = [w for piece in pieces if (w := retry_after_seconds(piece, now)) is not None]
        return max(waits) if waits else None
    text = value.strip()
    if _NUMBER.match(text):
        seconds = float(text)
    else:  # "inf" and "nan" are words, not waits
        try:
            when = email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = (when - (now or datetime.now(UTC))).total_seconds()
    if seconds != seconds:
        return None
    # Red team round 24: "1e400" reads as infinity, which was taken for no wait at
    # all (the item retried at once); it is the longest of waits, and stops the run.
    return max(0.0, seconds)


#: A number of seconds as digits, maybe with a fraction or an exponent ("1e400").
_NUMBER = re.compile(r"^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$")


def wait_text(seconds: float) -> str:
    """A wait a server asked for, in words: ``"90 s"``, or for one of ages (red team
    round 24: ``Retry-After: 1e308`` put 309 digits in the line a run stopped with)."""
    return f"{seconds:,.0f} s" if seconds < 10**7 else "more than 100 days"


def _looks_like_one_date(value: str) -> bool:
    """Whether ``value`` holds one comma, the one of an HTTP date ("Wed, 21 Oct...")."""
    return value.count(",") == 1 and value.strip()[:3].isalpha()


class Gate:
    """A pause shared by all workers, set by a ``Retry-After``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._until = 0.0

    def hold(self, seconds: float) -> None:
        with self._lock:
            self._until = max(self._until, time.monotonic() + seconds)

    def wait(self, stop: threading.Event) -> bool:
        """Wait until the pause is over; False if the run was stopped meanwhile."""
        while True:
            with self._lock:
                remaining = self._until - time.monotonic()
            if remaining <= 0:
                return not stop.is_set()
            if stop.wait(remaining):
                return False


#: Google's ``RetryInfo.retryDelay``: seconds as a decimal with an "s" ("37s", "1.5s").
_RETRY_DELAY = re.compile(r"^\s*(\d{1,9}(?:\.\d{1,9})?)s\s*$")


def retry_delay(raw: bytes) -> float | None:
    """The wait a Google error body asks for (``error.details[].retryDelay``), or None.

    Red team round 18: Gemini says how long to wait after a 429 in its body,
    not in a ``Retry-After`` header; the backoff (about 30 s in all at the
    defaults) ran out before a per-minute quota came back, and the item failed.
    """
    try:
        data = read_json(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    error = data.get("error") if isinstance(data, dict) else None
    details = error.get("details") if isinstance(error, dict) else None
    for detail in details if isinstance(details, list) else ():
        delay = detail.get("retryDelay") if isinstance(detail, dict) else None
        match = _RETRY_DELAY.match(delay) if isinstance(delay, str) else None
        if match:
            return float(match.group(1))
    return None
