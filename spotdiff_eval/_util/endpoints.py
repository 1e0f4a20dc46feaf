"""Checking an endpoint URL given by the user, without ever repeating it."""

from __future__ import annotations

from urllib.parse import urlsplit

from ..errors import SpotDiffError


def endpoint_host(endpoint: str, name: str = "--endpoint") -> str:
    """The endpoint's host name, the only part of it a run records.

    The message never repeats the URL: it may carry a key in its query.
    ``name`` is where the user gave it: an option, or ``HF_ENDPOINT``.
    """
    try:
        parts = urlsplit(endpoint.strip())
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        raise SpotDiffError(name, "", "is not a valid URL") from None
    if parts.scheme not in ("http", "https") or not host:
        raise SpotDiffError(name, "", "must be a full http:// or https:// URL with a host name")
    if any(ch.isspace() for ch in endpoint.strip()):
        raise SpotDiffError(name, "", "must not contain spaces")
    return host
