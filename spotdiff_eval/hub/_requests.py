"""What a failed request was: the repository file it fetched, the host it went to.

Split from ``_errors`` (red team round 19), which words the errors. A
request is read from an HTTP error's response or from the HTTP client's own
error (a connection refused, broken or redirected somewhere odd).
"""

from __future__ import annotations

from urllib.parse import SplitResult, unquote, urlsplit

from .._util.terminal import safe_text


def other_host(exc: BaseException, endpoint: str) -> str:
    """``scheme://host[:port]`` of the failed request when it is not the hub's (red team round 19).

    The Hub answers a large file's request with a redirect to its storage (LFS,
    Xet) on other hosts, which a firewall or proxy letting only the hub through
    blocks: "cannot reach the hub; check HF_ENDPOINT" sent the user after a hub
    that had just answered. Empty when the request is unknown or the hub's own.
    """
    url = request_url(exc)
    try:
        failed, hub = urlsplit(url), urlsplit(endpoint)
        if not failed.hostname or _host_port(failed) == _host_port(hub):
            return ""
    except ValueError:
        return ""
    return safe_text(f"{failed.scheme}://{failed.netloc.rpartition('@')[2]}", 120)


def _host_port(url: SplitResult) -> tuple[str | None, int | None]:
    """A URL's host and port, the scheme's default port written out."""
    return url.hostname, url.port or {"http": 80, "https": 443}.get(url.scheme.lower())


def request_url(exc: BaseException) -> str:
    """The URL of the request ``exc`` failed (an HTTP error's or an HTTP client's), or ""."""
    request = getattr(getattr(exc, "response", None), "request", None)
    if request is None:
        try:
            request = getattr(exc, "request", None)
        except RuntimeError:  # httpx: "The .request property has not been set."
            request = None
    try:
        return str(request.url) if request is not None else ""
    except (AttributeError, ValueError):
        return ""


def repository_file(exc: BaseException) -> str:
    """The repository file whose download failed, from the request's ``/resolve/`` URL.

    A file the hub refused (404, 403, 5xx) was reported for the dataset as a
    whole: nobody could tell which file of hundreds it was. An HTTP client's
    own error (a broken connection) carries the request itself.
    """
    try:
        path = urlsplit(request_url(exc)).path
    except ValueError:
        return ""
    _, marker, rest = path.partition("/resolve/")
    name = rest.partition("/")[2] if marker else ""
    return safe_text(unquote(name), 200)


def by_base_name(name: str, files: tuple[str, ...]) -> str:
    """The one repository file of ``files`` named ``name`` in its last part, or "".

    The Hub's storage (LFS, Xet) serves a file under its hash, naming it only by its
    base name (``Content-Disposition``): a file cut short there was reported for the
    dataset as a whole (red team round 20). Two files of that name name neither.
    """
    found = [file for file in files if file.rpartition("/")[2] == name]
    return safe_text(found[0], 200) if len(found) == 1 else ""
