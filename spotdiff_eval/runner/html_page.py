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

_HTML = re.compile(r"\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)\b", re.I | re.S)
_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title\s*>", re.I | re.S)
#: How far into a page its title is looked for (after styles and scripts).
TITLE_SEARCH_CHARS = 64 * 1024


def page_title(text: str) -> str | None:
    """The title of ``text`` if it is an HTML page that has one, on one line."""
    if not _HTML.match(text):
        return None
    found = _TITLE.search(text, 0, TITLE_SEARCH_CHARS)
    title = " ".join(html.unescape(found.group(1)).split()) if found else ""
    return title or None
