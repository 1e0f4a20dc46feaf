"""Naming an answer that is not HTTP at all.

Red team round 22: a TLS server spoken to with ``http://`` (the address's
port is an HTTPS one), another service's port, or a server sending more
header lines than a client reads (100) or a line longer than it reads (64
KiB) failed every request as "connection failed: ConnectionError": the name
of the wrapper exception, which says nothing about what went wrong.
``http.client`` raises its own exceptions for such answers; their messages
quote the server's bytes, so the text here is written from their kind alone.
"""

from __future__ import annotations

import http.client

from .._util.exception_chain import exception_chain


def not_http_reason(exc: BaseException) -> str | None:
    """What was wrong with an answer ``http.client`` could not read, or None if that
    was not the failure (a connection closed before any answer is not this)."""
    for inner in reversed(exception_chain(exc)):
        if isinstance(inner, http.client.RemoteDisconnected):
            return None
        if isinstance(inner, http.client.LineTooLong):
            return "the server's answer has a line too long to be HTTP"
        if isinstance(inner, http.client.BadStatusLine | http.client.UnknownProtocol):
            return (
                "the server's answer is not HTTP (is the address https://, or the port "
                "another service's?)"
            )
        if isinstance(inner, http.client.HTTPException) and "more than" in str(inner):
            return f"the server's answer has more header lines than a client reads ({_MAX})"
        if isinstance(inner, http.client.HTTPException):
            return f"the server's answer is not valid HTTP ({type(inner).__name__})"
    return None


_MAX = getattr(http.client, "_MAXHEADERS", 100)
