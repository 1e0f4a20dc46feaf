"""Keeping secrets out of everything a run or a download writes or prints.

The API token, and any credentials written into the endpoint URL
(``?key=...`` for Gemini, ``user:password@``), must never reach the
predictions file, the terminal or an error message. Servers do echo them:
an "invalid API key: sk-..." error body is common, and a hostile endpoint
could put the token in its answer. So every text that came from the network
or names the request passes through :class:`Redactor` before it is kept.
"""

from __future__ import annotations

import base64
import ipaddress
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote, unquote_plus, urlsplit

from .terminal import safe_text

REDACTED = "[redacted]"
#: Shorter values are not treated as secrets: replacing every "ab" in a
#: message would garble it and such a value protects nothing anyway.
MIN_SECRET_LENGTH = 4
#: A secret at least this long is also caught by any piece of it this long
#: (``PIECE``): a server that prints "key sk-proj-Ab...xyz" or cuts a token
#: in half must not leak the half.
PIECES_FROM = 16
PIECE = 10
#: ASCII-only lower case: the same length as the text, so positions found in
#: the lowered text are positions in the text (``str.lower`` may lengthen it).
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


class Redactor:
    """Replaces each known secret in text (and in nested JSON data) by ``[redacted]``.

    A secret is found in any letter case, in base64 (an ``Authorization:
    Basic`` header echoed back carries ``user:password`` so, and base64 text
    may hold it at any byte offset), and, when long, by any long piece of it.
    """

    def __init__(self, secrets: Iterable[str]) -> None:
        found = {s for s in secrets if len(s) >= MIN_SECRET_LENGTH}
        variants = {v.translate(_ASCII_LOWER) for v in found | _all_base64_forms(found)}
        # Short secrets are searched whole; long ones through their pieces,
        # whose matches join up to cover the whole secret where it occurs.
        self._short = sorted(v for v in variants if len(v) < PIECES_FROM)
        self._pieces = {
            v[i : i + PIECE]
            for v in variants
            if len(v) >= PIECES_FROM
            for i in range(len(v) - PIECE + 1)
        }
        self._shortest = min(map(len, variants), default=0)

    def text(self, text: str) -> str:
        if not self._shortest or len(text) < self._shortest:
            return text
        lowered = text.translate(_ASCII_LOWER)
        spans = []
        for needle in self._short:
            start = lowered.find(needle)
            while start >= 0:
                spans.append((start, start + len(needle)))
                start = lowered.find(needle, start + 1)
        if self._pieces:
            pieces = self._pieces
            spans += [
                (i, i + PIECE)
                for i in range(len(lowered) - PIECE + 1)
                if lowered[i : i + PIECE] in pieces
            ]
        if not spans:
            return text
        out, position = [], 0
        for start, end in _merged(spans):
            out += [text[position:start], REDACTED]
            position = end
        out.append(text[position:])
        return "".join(out)

    def data(self, value: Any) -> Any:
        """A copy of JSON-like ``value`` with every string (keys too) redacted."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(str(k)): self.data(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.data(v) for v in value]
        return value


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching spans joined, in order."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def _all_base64_forms(secrets: set[str]) -> set[str]:
    return {form for secret in secrets for form in base64_forms(secret)}


def base64_forms(secret: str) -> set[str]:
    """The text ``secret`` always becomes in base64, whatever bytes surround it.

    Encoded on its own it is the whole encoding; inside longer data, the
    characters that also depend on the neighbouring bytes differ, so for each
    of the three byte offsets only the characters made of the secret's bits
    alone are kept (standard and URL-safe alphabets).
    """
    raw = secret.encode("utf-8")
    forms = {base64.b64encode(raw).decode("ascii")}
    for offset, skip in ((0, 0), (1, 2), (2, 3)):
        encoded = base64.b64encode(bytes(offset) + raw).decode("ascii").rstrip("=")
        end = len(encoded) - (1 if (offset + len(raw)) % 3 else 0)
        forms.add(encoded[skip:end])
    forms |= {f.replace("+", "-").replace("/", "_") for f in forms}
    return {f for f in forms if len(f) >= 2 * MIN_SECRET_LENGTH}


#: Query parameters whose name says they carry a credential (``key``,
#: ``api_key``, ``access_token``, ``sig``...).
_SECRET_NAME = re.compile(r"key|token|secret|sig|auth|pass|credential|session", re.I)
#: A query value this long is treated as a credential whatever its name
#: (signed URLs); short ones such as ``alt=json`` are not, or every "json"
#: in every message would be blanked.
_LONG_VALUE = 16


def _secret_query_values(query: str) -> list[str]:
    found = []
    for piece in query.split("&"):
        name, _, value = piece.partition("=")
        if value and (_SECRET_NAME.search(unquote(name)) or len(value) >= _LONG_VALUE):
            found.append(value)
    return found


def url_has_secret_query(url: str) -> bool:
    """Whether the URL's query carries a credential (``?key=...``)."""
    return bool(_secret_query_values(urlsplit(url).query))


def url_secrets(url: str) -> list[str]:
    """Credentials a URL may carry: user info and credential-like query values,
    both as written and percent-decoded."""
    parts = urlsplit(url)
    found = [parts.username or "", parts.password or ""]
    if parts.username and parts.password:
        # sent as "Authorization: Basic base64(user:password)"
        found += [
            f"{parts.username}:{parts.password}",
            unquote(f"{parts.username}:{parts.password}"),
        ]
    found += _secret_query_values(parts.query)
    variants = {*found, *(unquote(s) for s in found), *(unquote_plus(s) for s in found)}
    return sorted(s for s in variants if s)


#: Endings of a field name that says its value is a credential (``key``,
#: ``api_key``, ``apiKey``, ``access_token``, ``client_secret``, ``password``...),
#: compared in lower case without ``_`` and ``-``; ``max_tokens`` is not one.
_SECRET_FIELD_ENDINGS = (
    "key", "token", "secret", "password", "passwd", "credential", "credentials",
    "authorization", "signature",
)  # fmt: skip


def body_secrets(data: Any) -> list[str]:
    """The text values of fields named like credentials, anywhere in JSON ``data``.

    Red team round 19: ``--extra-body`` is the only way to send a credential
    some endpoints take in the body (Azure OpenAI's search key for "On your
    data", a LiteLLM ``api_key``), and it was written into the predictions
    file's provenance as given.
    """
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            name = re.sub(r"[_-]", "", str(key).lower())
            if isinstance(value, str) and name.endswith(_SECRET_FIELD_ENDINGS):
                found.append(value)
            else:
                found += body_secrets(value)
    elif isinstance(data, list):
        for value in data:
            found += body_secrets(value)
    return found


def plain_text_credentials(endpoint: str, has_token: bool) -> str | None:
    """What would cross the network readable: "the token", "the credentials in the URL"...

    None over https, to a loopback address (a local model, nothing leaves the
    machine), or when nothing secret is sent.
    """
    parts = urlsplit(endpoint.strip())
    if parts.scheme != "http" or _is_loopback(parts.hostname or ""):
        return None
    what = []
    if has_token:
        what.append("the token")
    if parts.username or parts.password or url_has_secret_query(endpoint):
        what.append("the credentials in the URL")
    return " and ".join(what) or None


def _is_loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def plain_text_warning(endpoint: str, has_token: bool) -> str | None:
    """The warning to print before secrets travel unencrypted, or None."""
    exposed = plain_text_credentials(endpoint, has_token)
    if exposed is None:
        return None
    host = safe_text(urlsplit(endpoint.strip()).hostname or "", 100)
    return (
        f"sending {exposed} over plain http to {host}, where anyone on the way can read it; "
        "use https"
    )
