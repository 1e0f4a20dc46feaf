"""Untrusted strings on the leaderboard site: shown as text, never as markup.

Model names, organisations, submitter handles, link labels and the subjects
of extra predictions come from pull requests anyone can open. Jinja's
autoescape keeps them from becoming tags; this module handles what escaping
does not: bidi controls (a U+202E in a model name would reverse the rest of
its table row: "Trojan Source" for web pages) and control characters are
shown as visible ``\\u202e`` escapes, the way the terminal summary shows
them, and a link is a link only when it is a plain http(s) URL.
"""

from __future__ import annotations

import re
import sys
from typing import Any
from urllib.parse import quote, urlsplit

from markupsafe import Markup

from .._util.percent import percent
from .._util.terminal import BLANK, safe_text

#: A GitHub handle as the submission schema allows it; anything else is shown
#: as text without a profile link.
_GITHUB_HANDLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,38}")
#: Characters that never belong in a URL we print: whitespace and controls
#: (a tab or newline inside ``javascript:`` is a classic filter bypass), and
#: the bidi and zero-width characters that make a URL read as another.
_URL_UNSAFE = re.compile(r"[\s\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]")


def neutralise(value: Any) -> Any:
    """Jinja ``finalize`` hook: every string printed by a template passes here.

    Markup built by the site itself (sanitised notes, SVG) passes unchanged;
    any other string gets its control and bidi characters made visible. It
    is a hook rather than a filter so a template cannot forget it.
    """
    if isinstance(value, Markup) or not isinstance(value, str):
        return value
    if value.isascii() and value.isprintable():
        return value  # the common case, checked in C: nothing to neutralise
    return safe_text(value, limit=sys.maxsize)


def neutralise_multiline(text: str) -> str:
    """Like :func:`neutralise`, but keeps line breaks (for Markdown notes)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(safe_text(line, limit=sys.maxsize) for line in lines)


def http_url(url: object) -> str | None:
    """``url`` if it is an absolute http(s) URL safe to put in an href, else None.

    ``javascript:``, ``data:``, scheme-relative ``//host``, URLs hiding
    whitespace or controls, URLs with a user name before the host and URLs
    a browser reads with another host than ``urlsplit`` are refused; the
    schema asks for https already, but the site does not rely on a check
    made elsewhere.
    """
    if not isinstance(url, str) or _URL_UNSAFE.search(url) or BLANK.search(url):
        return None  # red team round 19: also the characters that draw nothing
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (raises for a port a browser refuses: "443.evil.example")
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    if "@" in parts.netloc or "%" in parts.netloc or "\\" in url:
        # Red team round 20: "https://huggingface.co@evil.example" leads to
        # evil.example; shown as its own text it read as a Hugging Face link.
        # Browsers read "\" as "/" (so "https://evil.example\.huggingface.co"
        # leads to evil.example) and decode "%41" in a host: urlsplit does
        # neither, and the host shown beside a link would not be its own.
        return None
    return url


def url_host(url: str) -> str:
    """The host a link leads to, as shown beside its label: lower case, and an
    international name in its ASCII form (``xn--...``), as look-alike letters
    cannot fake it.

    Red team round 19: only the submitter's label was shown, and a label that
    reads like an address ("huggingface.co/acme/model") could lead anywhere.
    """
    host = urlsplit(url).hostname or ""
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError:  # not a name IDNA can spell: shown escaped, as written
        return safe_text(host, limit=sys.maxsize)


def github_profile(handle: object) -> str | None:
    """The GitHub profile URL of a submitter, when the handle is a valid one."""
    if isinstance(handle, str) and _GITHUB_HANDLE.fullmatch(handle):
        return f"https://github.com/{handle}"
    return None


def path_segment(name: str) -> str:
    """A file name made safe for a relative href (spaces, ``#``, ``?``, ``%``)."""
    return quote(name, safe="")


def pct(value: float | None) -> str:
    """A fraction as a percentage with one decimal, the site's one number format."""
    return percent(value, symbol=False)


def tokens(value: int | None) -> str:
    """12345678 -> "12.3M", 7000000000 -> "7.0B": token and parameter counts as magnitudes."""
    if value is None:
        return "–"
    for size, unit in ((1_000_000_000, "B"), (1_000_000, "M"), (1_000, "k")):
        if value >= size:
            return f"{value / size:.1f}{unit}"
    return str(value)


def seconds(milliseconds: int | None) -> str:
    return "–" if milliseconds is None else f"{milliseconds / 1000:.1f} s"


def dollars(value: float | None) -> str:
    return "–" if value is None else f"${value:,.2f}"
