"""Stopping a run whose endpoint is down: a circuit breaker over consecutive items.

Red team round 23: an endpoint that answered 5xx for good (a provider outage,
a local server whose model crashed) failed every remaining item in turn,
each after its full retries: a run of 1,000 items spent hours on a server
that was down, and the file ended with 1,000 failures to ask again. Each
request's retries ride out a short fault; many *items in a row* failing
the same way say the endpoint is down, and the run stops, keeping what it
saved, for ``--resume`` once it is back.

An *outage failure* is an item whose request was given up after its
retries on a failure worth retrying: a 5xx (or a 429, 408, 409), a 2xx
error body coded so, a 2xx with nothing in it (no body, no choices) or an
HTML page (whose own streak, counted by reply, ``html_page.PageStreak``, has
the same limit), a timeout, a refused or dropped connection. Any other
outcome (an answer, even an unreadable one; an error no retry could fix; an
image that cannot be read) breaks the streak. Items finish in the order the
workers finish them, so with ``--concurrency N`` the N items in flight when
the endpoint went down all count.
"""

from __future__ import annotations

import threading

from .failure_reason import TIMEOUT

#: Items in a row failing for an outage that stop the run, unless
#: ``--concurrency`` is larger: then twice it, so that one fault met by every
#: request in flight at once (and each retried in vain) does not end a run
#: on its own. With the default retries an item gives up after about half a
#: minute of backoff: 10 items in a row are minutes of outage.
DEFAULT_OUTAGE_ITEMS = 10


def outage_limit(setting: int | None, concurrency: int) -> int:
    """The number of items in a row that stops the run (0: never);
    ``setting`` is ``--stop-after-outage`` (None: the default)."""
    if setting is not None:
        return setting
    return max(DEFAULT_OUTAGE_ITEMS, 2 * concurrency)


class OutageBreaker:
    """Counts the items in a row that failed for an outage, from every worker.

    Each worker asks it as soon as its item is done, before taking another:
    left to the thread that writes the results, the breaker tripped only
    after the worker had started on the next item, asked for nothing.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.streak = 0
        #: Items of the streak that timed out (``failure_reason.TIMEOUT``).
        self.timeouts = 0
        self._tripped = False
        self._lock = threading.Lock()

    def tripped(self, outage: bool, failure: str = "") -> bool:
        """Note one finished item and the kind of its failure (``failure_reason``);
        True for the one that trips the breaker (once)."""
        with self._lock:
            self.streak = self.streak + 1 if outage else 0
            if not outage:
                self.timeouts = 0
            elif failure == TIMEOUT:
                self.timeouts += 1
            if self._tripped or not 0 < self.limit <= self.streak:
                return False
            self._tripped = True
            return True

    def message(self, last_error: str | None, output: object, timeout: float) -> str:
        """The one line a tripped breaker stops the run with; when items of the
        streak timed out, the model may be slow rather than down, and ``--timeout``
        is named.

        Red team round 24: that was read from the start of the last error's text
        ("no answer within"), so a reworded message lost the hint, and timeouts
        ended by one dropped connection (a proxy giving up on a slow model)
        named no option. The kinds of the streak's failures decide.
        """
        slow = self.timeouts > 0
        hint = f"; if the model is only slow, raise --timeout (now {timeout:g} s)" if slow else ""
        return (
            f"{self.limit} items in a row failed with a server error, a timeout or no "
            f"connection (the last: {last_error}); the endpoint looks down{hint}. The run "
            f"stopped; finished items are saved in {output}: run again with --resume once it "
            "is back (--stop-after-outage N sets how many items in a row stop a run, 0 never)"
        )
