"""Naming an HTML page that came instead of JSON by its title.

Red team round 20: Cloudflare, nginx and corporate proxies answer an error
(or a sign-in wall) with an HTML page, and the item's error was the page's
first 200 characters, ``<!DOCTYPE html><html lang="en-US"><head><meta
charset=...``: markup that says nothing. The page's ``<title>`` says what
happened ("524: A timeout occurred", "Sign in").
"""

from __future__ import annotations

import html
import re
import threading
from urllib.parse import urlsplit

from .._util.redaction import Redactor
from .._util.terminal import safe_text

#: The start of a page: an XML declaration (red team round 24: an XHTML page,
#: ``<?xml version="1.0"?><!DOCTYPE html ...>``, read as "not JSON"), comments
#: (each unable to run past its own end, so that a body of many comments and no
#: page is given up in linear time, not in time that doubled with each
#: comment), then ``<!doctype html`` or ``<html``.
_HTML = re.compile(
    r"\s*(?:<\?xml\b[^<>]{0,200}\?>\s*)?(?:<!--(?:(?!-->).)*-->\s*)*<(?:!doctype\s+html|html)\b",
    re.I | re.S,
)
#: The title tags: the closing one is searched for once, after the first
#: opening one, so that many opening tags without it cost one pass.
_TITLE_OPENS = re.compile(r"<title\b[^<>]{0,200}>", re.I)
_TITLE_CLOSES = re.compile(r"</title", re.I)
#: How far into a page its title is looked for (after styles and scripts).
TITLE_SEARCH_CHARS = 64 * 1024


#: The start of an HTML fragment (a body with no ``<html>``), read as a page only
#: when the reply says it is HTML: ``<`` then a tag name or ``!``.
_TAG = re.compile(r"\s*<[!A-Za-z]")


def is_page(text: str, content_type: str | None) -> bool:
    """Whether a reply is an HTML page: it starts like one, or it says it is HTML
    (``Content-Type: text/html``) and starts with a tag."""
    if _HTML.match(text):
        return True
    kind = (content_type or "").split(";")[0].strip().lower()
    return kind in ("text/html", "application/xhtml+xml") and _TAG.match(text) is not None


def page_title(text: str) -> str | None:
    """The title of ``text`` if it is an HTML page that has one, on one line."""
    if not _HTML.match(text):
        return None
    head = text[:TITLE_SEARCH_CHARS]
    opened = _TITLE_OPENS.search(head)
    closed = _TITLE_CLOSES.search(head, opened.end()) if opened else None
    if opened is None or closed is None:
        return None
    title = " ".join(html.unescape(head[opened.end() : closed.start()]).split())
    return title or None


def page_instead_of_answer(url: str, status: int, text: str, redactor: Redactor) -> str:
    """The error of a 2xx reply that is an HTML page (:func:`is_page`).

    Red team round 23: a wrong base URL (a web server's own page, a dashboard)
    or a proxy's sign-in wall answers every request with status 200 and a
    page; each item failed in turn as "the reply is not JSON". Every item
    would meet the same page, so ``http`` stops the run (after a few pages in
    a row: :class:`PageStreak`), naming the URL asked (its query and
    credentials left out: they may hold a key) and the page by its title,
    else by its first characters.
    """
    parts = urlsplit(url)
    where = f"{parts.scheme}://{parts.hostname}"
    where += f":{parts.port}" if parts.port else ""
    title = page_title(text[:TITLE_SEARCH_CHARS])
    if title is not None:
        page = f'an HTML page titled "{safe_text(title, 100)}"'
    else:
        page = f'an HTML page ("{safe_text(" ".join(text[:300].split()), 100)}")'
    return redactor.text(
        f"{safe_text(where + parts.path, 200)} answered HTTP {status} with {page}, not an API "
        "reply: check --endpoint (the API's own path, such as /v1/chat/completions) and any "
        "proxy or sign-in page between"
    )


class PageStreak:
    """Counts the HTML pages in a row among the replies of every worker.

    Red team round 24: a captive portal or a proxy's hiccup that served one
    page stopped a run of hours at once. A page is retried as a 5xx is; only
    ``limit`` pages in a row (any other reply breaks the streak) stop the run:
    the limit is ``--stop-after-outage``'s (``outage.outage_limit``), and 0
    never stops it, the items failing after their retries instead.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.streak = 0
        self._lock = threading.Lock()

    def note(self, *, page: bool) -> bool:
        """Note one reply; True if it is a page that makes the streak ``limit`` long."""
        with self._lock:
            self.streak = self.streak + 1 if page else 0
            return page and 0 < self.limit <= self.streak
