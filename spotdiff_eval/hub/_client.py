"""huggingface_hub's settings and HTTP client, checked before any request.

huggingface_hub reads ``HF_ENDPOINT`` and its timeouts when imported, and
the proxy and certificate variables when it makes its HTTP client: a value
it cannot use ended in its traceback. These checks make each one line
naming the variable. Split from ``_errors`` (red team round 19), which
turns the failures of requests into their one-line errors.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

from .._util.endpoints import endpoint_host
from .._util.redaction import plain_text_warning, url_secrets
from .._util.terminal import safe_text
from ..errors import SpotDiffError
from ._waits import bound_waits


def check_hub_endpoint(endpoint: str | None = None) -> None:
    """Refuse a malformed ``endpoint`` or ``HF_ENDPOINT``, or a timeout that is not a whole
    number, in one line, before huggingface_hub is imported.

    huggingface_hub parses ``HF_ENDPOINT`` when imported: ``http://[::1`` or a bad port
    ended in its traceback, and ``not a url`` in a misleading "cannot reach the hub".
    """
    if endpoint is not None:
        endpoint_host(endpoint, "HF_ENDPOINT")
    elif "HF_ENDPOINT" in os.environ:
        value = os.environ["HF_ENDPOINT"]
        endpoint_host(value, "HF_ENDPOINT")
        if value != value.strip():
            # huggingface_hub uses it as it is: "http://host:8080 " ended in its
            # traceback, a leading space in "cannot reach the hub".
            raise SpotDiffError(
                "HF_ENDPOINT", "", "must not start or end with a space or line break"
            )
    for name in _WHOLE_SECONDS:
        value = os.environ.get(name)
        if value is None:
            continue
        try:
            seconds = int(value)  # as huggingface_hub reads it, "" included
        except ValueError:
            seconds = -1
        if seconds < 0:
            # A negative one read "OWNER/NAME: Timeout value out of range", the
            # variable unnamed (red team round 18).
            raise SpotDiffError(name, "", "must be a whole number of seconds (or unset)")


def http_client_ready() -> None:
    """Build huggingface_hub's HTTP client now; a setting it cannot use is one line.

    The client reads the proxy variables and ``SSL_CERT_FILE``/``SSL_CERT_DIR``
    when it is made, at the first request: ``HTTPS_PROXY=http://[::1`` ended
    in a traceback ("Invalid port"), so did a SOCKS proxy without the
    ``socksio`` package, and a certificate file that does not exist read
    "spotdiff: No such file or directory" (red team round 18).
    """
    from huggingface_hub.utils import get_session

    try:
        bound_waits(get_session())
    except Exception as exc:
        proxies = [name for name in _PROXY_VARIABLES if os.environ.get(name)]
        certificates = [name for name in ("SSL_CERT_FILE", "SSL_CERT_DIR") if os.environ.get(name)]
        reason = summary(exc)
        if isinstance(exc, OSError) and certificates:
            name = certificates[0]
            raise SpotDiffError(
                name, "", f"cannot load certificates from {safe_text(os.environ[name])}: {reason}"
            ) from None
        if proxies:
            raise SpotDiffError(
                _proxy_at_fault(proxies),
                "",
                f"the HTTP client cannot use this proxy setting: {reason}",
            ) from None
        raise SpotDiffError(
            "huggingface_hub", "", f"cannot set up its HTTP client: {reason}"
        ) from None


#: The proxy variables the HTTP client reads (``urllib.request.getproxies``).
_PROXY_VARIABLES = tuple(
    case(f"{scheme}_PROXY")
    for scheme in ("HTTPS", "HTTP", "ALL")
    for case in (str.upper, str.lower)
)


def _proxy_at_fault(names: list[str]) -> str:
    """The first of the set proxy variables that is no URL or a SOCKS one (which needs
    a package of its own); else the first set."""
    for name in names:
        value = os.environ[name]
        try:
            parts = urlsplit(value if "://" in value else f"http://{value}")
            parts.port  # noqa: B018 (raises for a port that is not a number)
        except ValueError:
            return name
        if parts.scheme.lower().startswith("socks"):
            return name
    return names[0]


#: Timeouts huggingface_hub reads with ``int()`` when imported: "30s", "2.5" or an
#: empty value ended in its traceback.
_WHOLE_SECONDS = ("HF_HUB_ETAG_TIMEOUT", "HF_HUB_DOWNLOAD_TIMEOUT")


def plain_http_warning(token: str | None) -> str | None:
    """A warning when a token would go to ``HF_ENDPOINT`` over plain http on the network.

    ``token`` None means huggingface_hub's own choice (``HF_TOKEN``, a stored login).
    """
    check_hub_endpoint()
    from huggingface_hub import constants, get_token

    try:
        has_token = token is not None or get_token() is not None
    except Exception:  # an unreadable token file: huggingface_hub will say so itself
        has_token = False
    return plain_text_warning(constants.ENDPOINT, has_token)


def summary(exc: BaseException) -> str:
    """huggingface_hub's message on one line (some list details on further lines)."""
    text = " ".join(line.strip() for line in str(exc).splitlines() if line.strip())
    return safe_text(text or type(exc).__name__, 200)


def shown_endpoint(endpoint: str) -> str:
    """``endpoint`` as errors name it: without the ``user:password@`` a mirror behind
    basic auth is given with, which every error naming the endpoint printed (red
    team round 19). The credentials are redacted anywhere else (``_errors``)."""
    try:
        parts = urlsplit(endpoint)
    except ValueError:
        return endpoint
    if "@" not in parts.netloc:
        return endpoint
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


def endpoint_secrets() -> list[str]:
    """The credentials ``HF_ENDPOINT`` carries (user info, a ``?key=``), as huggingface_hub
    uses it."""
    from huggingface_hub import constants

    return [*url_secrets(os.environ.get("HF_ENDPOINT", "")), *url_secrets(constants.ENDPOINT)]
