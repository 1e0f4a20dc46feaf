"""Keeping secrets out of everything a run writes or prints.

The API token, and any credentials written into the endpoint URL
(``?key=...`` for Gemini, ``user:password@``), must never reach the
predictions file, the terminal or an error message. Servers do echo them:
an "invalid API key: sk-..." error body is common, and a hostile endpoint
could put the token in its answer. So every text that came from the network
or names the request passes through :class:`Redactor` before it is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote, unquote_plus, urlsplit

REDACTED = "[redacted]"
#: Shorter values are not treated as secrets: replacing every "ab" in a
#: message would garble it and such a value protects nothing anyway.
MIN_SECRET_LENGTH = 4


class Redactor:
    """Replaces each known secret in text (and in nested JSON data) by ``[redacted]``."""

    def __init__(self, secrets: Iterable[str]) -> None:
        found = {s for s in secrets if len(s) >= MIN_SECRET_LENGTH}
        # Longest first, so a secret containing another is replaced whole.
        self._secrets = sorted(found, key=lambda s: (-len(s), s))

    def text(self, text: str) -> str:
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return text

    def data(self, value: Any) -> Any:
        """A copy of JSON-like ``value`` with every string (keys too) redacted."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(str(k)): self.data(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.data(v) for v in value]
        return value


#: Query parameters whose name says they carry a credential (``key``,
#: ``api_key``, ``access_token``, ``sig``...).
_SECRET_NAME = re.compile(r"key|token|secret|sig|auth|pass|credential|session", re.I)
#: A query value this long is treated as a credential whatever its name
#: (signed URLs); short ones such as ``alt=json`` are not, or every "json"
#: in every message would be blanked.
_LONG_VALUE = 16


def url_secrets(url: str) -> list[str]:
    """Credentials a URL may carry: user info and credential-like query values,
    both as written and percent-decoded."""
    parts = urlsplit(url)
    found = [parts.username or "", parts.password or ""]
    for piece in parts.query.split("&"):
        name, _, value = piece.partition("=")
        if _SECRET_NAME.search(unquote(name)) or len(value) >= _LONG_VALUE:
            found.append(value)
    variants = {*found, *(unquote(s) for s in found), *(unquote_plus(s) for s in found)}
    return sorted(s for s in variants if s)
