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

#: The start of a page: comments (each unable to run past its own end, so that a
#: body of many comments and no page is given up in linear time, not in time
#: that doubled with each comment), then ``<!doctype html`` or ``<html``.
_HTML = re.compile(r"\s*(?:<!--(?:(?!-->).)*-->\s*)*<(?:!doctype\s+html|html)\b", re.I | re.S)
#: The title tags: the closing one is searched for once, after the first
#: opening one, so that many opening tags without it cost one pass.
_TITLE_OPENS = re.compile(r"<title\b[^<>]{0,200}>", re.I)
_TITLE_CLOSES = re.compile(r"</title", re.I)
#: How far into a page its title is looked for (after styles and scripts).
TITLE_SEARCH_CHARS = 64 * 1024


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
