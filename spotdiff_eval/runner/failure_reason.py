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
sends the requests and keeps the retry loop.
"""

from __future__ import annotations

import http.client

from .._util.exception_chain import exception_chain

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
