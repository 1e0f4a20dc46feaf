"""A wall-clock deadline for one HTTP attempt: connect, headers and body together.

The timeouts of ``requests`` bound each wait for data, not the exchange: a
server trickling one byte a second never lets a single wait run out, so a
40-byte body took 39 s under ``--timeout 5``, and slow headers ran past
100 s. Checking the clock between chunks does not help either, because one
read of a chunk blocks until the chunk is complete.

So a watchdog thread holds every attempt's deadline, and when one passes it
shuts down that attempt's socket: the blocked read returns at once, the
attempt fails, and :meth:`Attempt.expired` tells the caller it was the
deadline. The socket is found through the connection classes of
:class:`DeadlineAdapter`, which bind each connection to the attempt that
the calling thread is making.
"""

from __future__ import annotations

import heapq
import http.client
import itertools
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection

_local = threading.local()


class Attempt:
    """One attempt's deadline and the connection it is using."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self._lock = threading.Lock()
        self._connection: HTTPConnection | None = None
        self._expired = False
        self._done = False

    @property
    def expired(self) -> bool:
        with self._lock:
            return self._expired

    def bind(self, connection: HTTPConnection) -> None:
        """Use ``connection`` from now on; cut it at once if the deadline already passed."""
        with self._lock:
            self._connection = connection
            if self._expired:
                _cut(connection)

    def expire(self) -> None:
        with self._lock:
            if self._done:
                return
            self._expired = True
            if self._connection is not None:
                _cut(self._connection)

    def finish(self) -> None:
        with self._lock:
            self._done = True


def _cut(connection: HTTPConnection) -> None:
    """Shut the socket down under a blocked read (the plain socket call: a TLS
    socket's own ``shutdown`` would tear down its state under the reader)."""
    sock = getattr(connection, "sock", None)
    if sock is None:
        return
    with suppress(OSError):
        socket.socket.shutdown(sock, socket.SHUT_RDWR)


def _bind_current(connection: HTTPConnection) -> None:
    attempt = getattr(_local, "attempt", None)
    if attempt is not None:
        attempt.bind(connection)


class Watchdog:
    """One thread that expires attempts whose deadline has passed."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._heap: list[tuple[float, int, Attempt]] = []
        self._counter = itertools.count()
        self._thread: threading.Thread | None = None
        self._closed = False

    @contextmanager
    def attempt(self, seconds: float) -> Iterator[Attempt]:
        """Make an attempt in this thread, cut off ``seconds`` from now."""
        attempt = Attempt(time.monotonic() + seconds)
        with self._condition:
            heapq.heappush(self._heap, (attempt.deadline, next(self._counter), attempt))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, daemon=True)
                self._thread.start()
            if self._heap[0][2] is attempt:  # else the watchdog wakes earlier anyway
                self._condition.notify()
        _local.attempt = attempt
        try:
            yield attempt
        finally:
            _local.attempt = None
            attempt.finish()

    def close(self) -> None:
        with self._condition:
            self._closed = True
            self._condition.notify()

    def _run(self) -> None:
        with self._condition:
            while not self._closed:
                if not self._heap:
                    self._condition.wait()
                    continue
                wait = self._heap[0][0] - time.monotonic()
                if wait > 0:
                    self._condition.wait(wait)
                    continue
                heapq.heappop(self._heap)[2].expire()


class _Bound:
    """Binds the connection to the calling thread's attempt whenever it is used."""

    def connect(self) -> None:
        super().connect()  # type: ignore[misc]
        _bind_current(self)  # type: ignore[arg-type]

    def request(self, *args: Any, **kwargs: Any) -> None:
        _bind_current(self)  # type: ignore[arg-type]
        super().request(*args, **kwargs)  # type: ignore[misc]


#: Most interim (1xx) responses skipped before the answer, and header lines in each.
MAX_INTERIM = 10
MAX_INTERIM_LINES = 100


class _FinalResponse(http.client.HTTPResponse):
    """A response that skips interim ones such as ``103 Early Hints``.

    Red team round 18: ``http.client`` skips ``100 Continue`` only, so a
    server (or a CDN in front of it) sending ``103 Early Hints`` before its
    answer failed every item as "HTTP 103: (empty body)", the real answer
    unread behind it. ``101 Switching Protocols`` is final, as it should be.
    """

    def _read_status(self) -> tuple[str, int, str]:
        for _ in range(MAX_INTERIM):
            version, status, reason = super()._read_status()  # type: ignore[misc]
            if not 102 <= status < 200:
                return version, status, reason
            for _ in range(MAX_INTERIM_LINES):  # its headers, up to the blank line
                if self.fp.readline(65537) in (b"\r\n", b"\n", b""):
                    break
        return super()._read_status()  # type: ignore[misc]


class _HTTPConnection(_Bound, HTTPConnection):
    response_class = _FinalResponse


class _HTTPSConnection(_Bound, HTTPSConnection):
    response_class = _FinalResponse


class DeadlineAdapter(HTTPAdapter):
    """``requests`` transport whose connections a :class:`Watchdog` can cut."""

    def get_connection_with_tls_context(self, *args: Any, **kwargs: Any) -> Any:
        pool = super().get_connection_with_tls_context(*args, **kwargs)
        pool.ConnectionCls = _HTTPSConnection if pool.scheme == "https" else _HTTPConnection
        return pool
