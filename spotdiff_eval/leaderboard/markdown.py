"""LEADERBOARD.md: a section per board, rendered through ``site_templates/LEADERBOARD.md.j2``.

Model names and organisations come from pull requests and end up in a file
GitHub renders, so every untrusted string passes :func:`cell` before it
reaches the template. The file carries no date or time: the same submissions
must give the same bytes, or ``--check`` could never pass.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from typing import Any

import jinja2

from .._util.terminal import safe_text
from ..datasets import resource_dir
from ..scoring import WEIGHTS
from ..version import EVALUATOR_VERSION
from .board_results import Leaderboard
from .board_site import BoardBuild, Site
from .lookalikes import named_rows
from .site_text import pct
from .site_views import rank_label

TEMPLATE = "LEADERBOARD.md.j2"

#: Line breaks end a table row, so they become spaces. Other control and bidi
#: characters are shown escaped (``\u202e``) and other invisible format
#: characters (U+200B, U+FEFF, U+00AD...) as "?", by ``terminal.safe_text``:
#: the one rule the site, the pull request comment and the terminal use too.
_BREAKS = re.compile(r"[\t\n\v\f\r\x85\u2028\u2029]+")
#: ``|`` ends a cell (even inside code spans, in GitHub's tables); ``\`` and
#: the rest start escapes, code, emphasis, links, strikethrough; ``:`` starts
#: URL autolinks; ``$`` starts GitHub's maths (``$x^{9}$``), ``#`` headings.
#: ``@`` is ``_AT``.
_MARKDOWN = re.compile(r"([\\`*_\[\]|~:$#])")
#: What starts a list or a rule at the start of a line: ``-``, ``+``, ``1.``
#: (``#`` is escaped everywhere: a heading, and a heading's closing run).
#: A cell's text opens a line where it is a paragraph of its own, such as a
#: board's description (red team round 20: "1. item" was a list).
_BLOCK_START = re.compile(r"^(\d{1,9}(?=[.)](?:\s|$)))?([-+.)])")
#: Put before every ``@``. GitHub links an e-mail address after parsing, on the
#: text a cell has left (``\@`` and ``&#64;`` are plain ``@`` by then), so
#: ``evil@example.com`` or ``mailto:a@b.c`` in a model name became a link.
#: An empty HTML comment ends that text and shows nothing (red team round 20).
_AT = "<!-- -->@"
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def cell(value: object) -> str:
    """Untrusted text made inert inside a Markdown table cell: shown as written, never markup.

    HTML is escaped (``<script>`` shows as text), Markdown punctuation is
    backslash-escaped (``[x](javascript:...)`` is no link), ``www.`` loses
    its autolink by an escaped dot and an e-mail address its own by ``_AT``.
    """
    text = safe_text(_BREAKS.sub(" ", str(value)), sys.maxsize)
    text = "".join(_HTML.get(ch, ch) for ch in text)
    text = _MARKDOWN.sub(r"\\\1", text).replace("@", _AT)
    text = re.sub(r"(?i)(www)\.", r"\1\\.", text).strip()
    return _BLOCK_START.sub(r"\1\\\2", text, count=1)


def token_total(usage: dict[str, Any]) -> str:
    """Input plus output tokens of the run, or "–" when the predictions do not say."""
    if usage["input_tokens"] is None and usage["output_tokens"] is None:
        return "–"
    return f"{(usage['input_tokens'] or 0) + (usage['output_tokens'] or 0):,}"


@cache
def _environment() -> jinja2.Environment:
    """One environment per process: compiling the template took a tenth of a rebuild."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(resource_dir("site_templates")),
        autoescape=False,  # Markdown, not HTML: cell() escapes, explicitly
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(cell=cell, percent=pct, rank_range=rank_label, token_total=token_total)
    return env


def render_leaderboard_markdown(site: Site, site_prefix: str) -> str:
    """LEADERBOARD.md for every board; ``site_prefix`` is the site folder relative to the file.

    A board without data (a Hub board with no submissions, which is never
    fetched, or one skipped) still gets its section, from board.json alone.
    """
    prefix = site_prefix.rstrip("/") + "/" if site_prefix not in ("", ".") else ""
    template = _environment().get_template(TEMPLATE)
    boards = [
        {
            "board": built.board.summary(),
            "status": built.status,
            "data": built.leaderboard.data if built.leaderboard is not None else None,
            # Rows that read like another person's name their submitter (round 21).
            "named": named_rows(built.leaderboard.data["entries"])
            if built.leaderboard is not None
            else frozenset(),
        }
        for built in site.boards
    ]
    return template.render(
        boards=boards, site=prefix, evaluator_version=EVALUATOR_VERSION, weights=WEIGHTS
    )


def render_one_board(leaderboard: Leaderboard, site_prefix: str = "site") -> str:
    """LEADERBOARD.md for one board alone: a folder built on its own, and tests."""
    return render_leaderboard_markdown(
        Site((BoardBuild(leaderboard.board, "built", leaderboard),)), site_prefix
    )
