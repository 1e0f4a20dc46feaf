"""Why an exchange with the endpoint failed, in words that name no URL.

The messages of the HTTP library's exceptions carry the full URL (and so any
``?key=``), so an item's error is written from the kind of what went wrong:
the operating system's words for a connection that failed, and (red team
round 22) the kind of an answer that is not HTTP at all. A TLS server spoken
to with ``http://`` (the address's port is an HTTPS one), another service's
port, or a server sending more header lines than a client reads (100) or a
longer line (64 KiB) failed every request as "connection failed:
ConnectionError", the name of a wrapper that says nothing. ``http.client``
raises its own exceptions for such answers; their messages quote the
server's bytes, so they are not used either. Moved out of ``http``, which
sends the requests and keeps the retry loop, with (red team round 24) the
kinds of failure an attempt meets.
"""

from __future__ import annotations

import http.client
from typing import Literal

import requests
import urllib3

from .._util.exception_chain import exception_chain

#: What kind of failure an attempt met, kept with the item's record
#: (``ItemRecord.failure``) for what reads it: the outage breaker says "raise
#: --timeout" for timeouts, a run stopped at its first item says "check the host
#: and port" for connections. Red team round 24: both read the start of the
#: error's text ("no answer within", "connection failed"), so rewording a
#: message changed the advice a stopped run gave.
Failure = Literal["timeout", "connection", "broken", "server", "empty", "page", ""]
TIMEOUT: Failure = "timeout"  # no (complete) answer within --timeout
CONNECTION: Failure = "connection"  # no connection, or closed before any answer
BROKEN: Failure = "broken"  # the answer broke off while arriving
SERVER: Failure = "server"  # an error status, or an error body with status 2xx
EMPTY: Failure = "empty"  # a 2xx reply with nothing in it: no body, no choices
PAGE: Failure = "page"  # an HTML page instead of the API's JSON (``html_page``)


class Transient(Exception):
    """A failed attempt worth another: a timeout, a connection problem, a 429 or a 5xx."""

    def __init__(
        self,
        message: str,
        *,
        kind: Failure,
        http_status: int | None = None,
        retry_after: float | None = None,
        connecting: bool = False,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.http_status = http_status
        self.retry_after = retry_after
        self.connecting = connecting  # no connection, or closed before any answer


class Permanent(Exception):
    """A problem another attempt cannot fix."""

    def __init__(self, message: str, *, fatal: bool = False) -> None:
        super().__init__(message)
        self.fatal = fatal


def transport_error(exc: BaseException, timeout: float) -> Transient | Permanent:
    """What a failed exchange means: a :class:`Transient` or a :class:`Permanent` error."""
    e = requests.exceptions
    if isinstance(exc, e.ConnectTimeout):
        return Transient(
            f"could not connect within {timeout:g} s", kind=CONNECTION, connecting=True
        )
    if isinstance(exc, e.Timeout):
        return Transient(f"no answer within {timeout:g} s", kind=TIMEOUT)
    if isinstance(exc, e.ContentDecodingError):
        # Red team round 24: a body labelled gzip that is not (or is cut) read as
        # "the connection broke", which sent the reader to the network.
        return Transient(
            "the reply's body does not decode as its Content-Encoding says", kind=BROKEN
        )
    if isinstance(exc, e.ChunkedEncodingError):
        return Transient("the connection broke while the answer was arriving", kind=BROKEN)
    if any(isinstance(inner, urllib3.exceptions.InvalidHeader) for inner in exception_chain(exc)):
        # Red team round 24: a server (or proxy) sending two different Content-Lengths
        # stopped the run as "cannot send the request": the answer was at fault.
        return Transient(
            "the server's answer has headers that contradict each other (such as two "
            "different Content-Lengths)",
            kind=BROKEN,
        )
    if isinstance(exc, e.SSLError):
        return Permanent(f"TLS failed: {reason(exc)}", fatal=True)
    if isinstance(exc, e.InvalidURL | e.InvalidHeader | e.InvalidSchema | e.MissingSchema):
        return Permanent(f"cannot send the request ({type(exc).__name__})", fatal=True)
    if isinstance(exc, e.ConnectionError):
        if caused_by(exc, "ReadTimeoutError"):
            return Transient(f"no answer within {timeout:g} s", kind=TIMEOUT)
        return Transient(f"connection failed: {reason(exc)}", kind=CONNECTION, connecting=True)
    return Transient(f"request failed: {reason(exc)}", kind=CONNECTION)


#: The most header lines ``http.client`` reads in one answer.
_MAX_HEADERS = getattr(http.client, "_MAXHEADERS", 100)


def caused_by(exc: BaseException, name: str) -> bool:
    """Whether an exception of the class named ``name`` is in ``exc``'s chain."""
    return any(type(e).__name__ == name for e in exception_chain(exc))


def reason(exc: BaseException) -> str:
    """Why a connection failed, in the words of the operating system if possible.

    The message of the innermost ``OSError`` ("Connection refused", "Name or
    service not known") names no URL; wrapper messages do, so they are not used.
    """
    for inner in reversed(exception_chain(exc)):
        if isinstance(inner, OSError) and inner.strerror:
            return inner.strerror
    for inner in reversed(exception_chain(exc)):
        if type(inner).__name__ == "RemoteDisconnected":
            return "the server closed the connection without answering"
        if isinstance(inner, ConnectionResetError):
            return "the connection was reset"
    return not_http_reason(exc) or type(exc).__name__


def not_http_reason(exc: BaseException) -> str | None:
    """What was wrong with an answer ``http.client`` could not read, or None if that
    was not the failure."""
    for inner in reversed(exception_chain(exc)):
        if isinstance(inner, http.client.LineTooLong):
            return "the server's answer has a line too long to be HTTP"
        if isinstance(inner, http.client.BadStatusLine | http.client.UnknownProtocol):
            return (
                "the server's answer is not HTTP (is the address https://, or the port "
                "another service's?)"
            )
        if isinstance(inner, http.client.HTTPException) and "more than" in str(inner):
            return f"the server's answer has more header lines than a client reads ({_MAX_HEADERS})"
        if isinstance(inner, http.client.HTTPException):
            return f"the server's answer is not valid HTTP ({type(inner).__name__})"
    return None
