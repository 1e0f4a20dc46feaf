"""What a failed request was: the repository file it fetched, the host it went to.

Split from ``_errors`` (red team round 19), which words the errors. A
request is read from an HTTP error's response or from the HTTP client's own
error (a connection refused, broken or redirected somewhere odd).
"""

from __future__ import annotations

import re
from urllib.parse import SplitResult, parse_qs, unquote, urlsplit

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
    return file_in_url(request_url(exc))


def file_in_url(url: str) -> str:
    """The repository file a ``/resolve/<revision>/<path>`` URL fetches, or ""."""
    try:
        path = urlsplit(url).path
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


def stored_file(exc: BaseException, files: tuple[str, ...]) -> str:
    """The repository file a request to the hub's storage fetched, or "" (red team round 22).

    A file the storage refused (an expired link, a lost object) or could not
    be reached for was reported by host alone: which image of the dataset it
    was went unsaid. The hub's link to its storage asks it to name the file
    (``response-content-disposition``, as the Hub's LFS and Xet links do):
    that name, when one file of ``files`` has it.
    """
    return stored_name(request_url(exc), files)


def stored_name(url: str, files: tuple[str, ...]) -> str:
    """The file of ``files`` that a storage URL asks to be named, or "" (see above)."""
    try:
        query = parse_qs(urlsplit(url).query)
    except ValueError:
        return ""
    for disposition in query.get("response-content-disposition", [])[:1]:
        named = _DISPOSED.search(disposition) or _DISPOSED_PLAIN.search(disposition)
        if named is not None:
            return by_base_name(unquote(named[1]), files)
    return ""


#: The file name of a ``Content-Disposition``: RFC 6266's ``filename*`` (UTF-8,
#: percent-encoded), else the plain ``filename``.
_DISPOSED = re.compile(r"filename\*\s*=\s*UTF-8''([^;\s]+)", re.IGNORECASE)
_DISPOSED_PLAIN = re.compile(r'filename\s*=\s*"([^"]+)"', re.IGNORECASE)
