"""Submission notes: a little Markdown, never raw HTML, never a script.

Notes are written by submitters. Two independent layers keep them inert:
Python-Markdown runs without its raw-HTML handlers, so ``<script>`` in a note
is Markdown text and comes out escaped; then nh3 (the Ammonia sanitiser)
keeps an allow-list of plain formatting tags and only http(s) links, so a
``[click](javascript:...)`` or ``data:`` link loses its href. Images are not
allowed: a remote image would make the site load from another host.
"""

from __future__ import annotations

import contextlib
import html
import re
import threading
from functools import cache
from urllib.parse import urlsplit

import markdown
import nh3
from markdown.extensions import Extension
from markupsafe import Markup

from .site_text import http_url, neutralise_multiline, url_host

_TAGS = {
    "p", "br", "em", "strong", "code", "pre", "blockquote", "ul", "ol", "li", "a", "hr",
}  # fmt: skip
_REL = "nofollow noopener noreferrer"


class _NoRawHtml(Extension):
    """Treat HTML in the source as text: ``<b>`` shows as ``<b>``, it does not bold."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")


def _keep_attribute(tag: str, attribute: str, value: str) -> str | None:
    """Only absolute http(s) hrefs survive (relative ones would point into the site).

    Nothing else does but the ``rel`` nh3 adds. nh3 keeps ``title`` and
    ``lang`` on every tag besides the allow-list, and a link's Markdown title
    became a tooltip in the site's own voice ("Verified by the SpotDiff
    maintainers"): red team round 20.
    """
    if tag == "a" and attribute == "href":
        return http_url(value)
    return value if (tag, attribute) == ("a", "rel") else None  # ``rel`` is nh3's own


@cache
def _markdown() -> markdown.Markdown:
    return markdown.Markdown(extensions=[_NoRawHtml()], output_format="html")


#: How deep notes may nest lists and quotes and still be read as Markdown.
#: Python-Markdown parses nesting by recursion, two frames a level: "- - - ... x"
#: (999 items, each in the last; valid notes) raised RecursionError and ended the
#: whole build with a traceback, and near Python's limit whether it did depended
#: on the caller's stack (red team round 23). Deeper notes are shown as text.
MAX_NESTING = 40
#: What opens a container at the start of a line: a list item's marker (which a
#: blank must follow) or a quote's ``>``, each after any blanks.
_CONTAINER = re.compile(r"[ \t]*(?:(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)|>)")
_TAB_LENGTH = 4  # Python-Markdown's: each 4 columns of indent is a level of nesting


def nesting(text: str) -> int:
    """The deepest nesting of any line of ``text``: its indent in levels, plus the
    containers it opens. An upper bound of what the parser recurses through."""
    deepest = 0
    for line in text.split("\n"):
        expanded = line.expandtabs(_TAB_LENGTH)
        depth = (len(expanded) - len(expanded.lstrip(" "))) // _TAB_LENGTH
        position = 0
        while (opener := _CONTAINER.match(line, position)) is not None:
            depth, position = depth + 1, opener.end()
        deepest = max(deepest, depth)
    return deepest


def _plain(text: str) -> Markup:
    """Notes as one paragraph of text, line breaks kept: what cannot be parsed safely."""
    lines = html.escape(text, quote=False).split("\n")
    return Markup("<p>" + "<br>\n".join(lines) + "</p>")


def _convert_on_fresh_stack(source: str) -> str | None:
    """Python-Markdown's HTML for ``source``, or None if it recursed too deep.

    Run in a thread of its own, whose stack starts empty: the same notes give
    the same page however deep the caller's stack is (a test, a worker, a
    rebuild), as the recursion limit counts each thread's frames apart.
    """
    result: list[str | None] = [None]

    def convert() -> None:
        converter = _markdown()
        converter.reset()
        with contextlib.suppress(RecursionError):
            result[0] = converter.convert(source)

    worker = threading.Thread(target=convert, name="notes-markdown")
    worker.start()
    worker.join()
    return result[0]


#: The ``#`` or ``*`` a keycap emoji starts with ("#️⃣" is #, U+FE0F, U+20E3). Red team
#: round 24: Markdown read it as a heading's or an emphasis's marker ("#️⃣ Results" was a
#: heading of "?⃣ Results"), so it is escaped before parsing and the keycap stays whole.
#: (Inside a code span the backslash shows.)
_KEYCAP_BASE = re.compile("([#*])(?=\ufe0f?\u20e3)")


def render_notes(text: str | None) -> Markup:
    """Sanitised HTML for a submission's notes (empty for none)."""
    if not text or not text.strip():
        return Markup("")
    source = neutralise_multiline(text)
    if nesting(source) > MAX_NESTING:
        return _plain(source)
    html = _convert_on_fresh_stack(_KEYCAP_BASE.sub(r"\\\1", source))
    if html is None:  # a nesting ``nesting`` does not foresee: text as well
        return _plain(source)
    clean = nh3.clean(
        html,
        tags=_TAGS,
        clean_content_tags={"script", "style"},
        attributes={"a": {"href"}},
        attribute_filter=_keep_attribute,
        url_schemes={"http", "https"},
        link_rel=_REL,
        strip_comments=True,
    )
    # Red team round 20: a character reference (``&#x202E;``, ``&ZeroWidthSpace;``)
    # passes Markdown as text and comes out of nh3 as the character itself,
    # after the source was neutralised: the output is neutralised too. Only
    # text can hold such a character (an href that does is dropped above).
    return Markup(neutralise_multiline(_ANCHOR.sub(_with_host, clean)))


#: An anchor as nh3 writes it: its href first, no anchor inside.
_ANCHOR = re.compile(r'<a href="([^"]*)"[^>]*>(.*?)</a>', re.S)


def _with_host(anchor: re.Match[str]) -> str:
    """The anchor, followed by the host it leads to unless its text is its address.

    Red team round 19: "[huggingface.co/acme](https://evil.example)" showed
    only the text, which reads like another address. Round 20: an address
    whose host has look-alike letters ("hսggingface.co") is not its own
    host's name, which is shown in its ASCII (``xn--``) form.
    """
    url = html.unescape(anchor.group(1))
    host = url_host(url)
    if html.unescape(anchor.group(2)) == url and urlsplit(url).hostname == host:
        return anchor.group()
    return f'{anchor.group()} <span class="muted">({html.escape(host)})</span>'
