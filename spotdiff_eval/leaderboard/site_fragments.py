"""HTML pieces built in Python because they repeat hundreds of thousands of times.

With 300 entries on 100 images, the submission pages hold about 270,000
golden-difference links, the item pages 100,000 entry links and the matrix
30,000 cells. Printed one by one through Jinja (or ``Markup.format``, a
pure-Python formatter) each costs a finalize, an escape and several lookups,
which made the site take 13 s to render: many times longer than scoring one
new submission, so adding one could not rebuild in under 5% of a full build.

Here pieces are plain ``str`` joined with f-strings and become ``Markup``
once, as a whole list. The rule that keeps this safe: every value from the
data goes through :func:`_text` (neutralised, then escaped) before it
touches a piece; only the site's own words (kind names, shade classes) and
numbers it formats itself go in as they are, and each such place says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from markupsafe import Markup

from .site_text import neutralise

_NONE = Markup('<span class="muted">none</span>')


def _text(value: str) -> str:
    return escape(neutralise(value), quote=True)


def gold_link(item_page: str, gold_id: str, number: int | None, subject: str) -> str:
    """``#3 park_bench``, linking to the difference's row on its item page (from one level down)."""
    prefix = f"#{number} " if number else ""
    href = _text(f"../{item_page}#d-{gold_id}")
    return f'<a href="{href}">{prefix}{_text(subject or gold_id)}</a>'


def entry_link(page: str, model: str, version: str = "", submitter: str | None = None) -> str:
    """A link to a submission page, from a page one level down (items/, submissions/),
    named as the standings name the entry: its version (isolated, so a name in
    right-to-left letters cannot draw it first) and, for rows that read like
    another person's, its submitter (``lookalikes``; red team round 22)."""
    link = f'<a href="../{_text(page)}">{_text(model)}</a>'
    if version:
        link += f' <span class="ver">{_text(version)}</span>'
    if submitter:
        link += f' <span class="tag">submitted by @{_text(submitter)}</span>'
    return link


def found_piece(link: str, details_correct: bool, detail_share: float) -> str:
    """A found difference; when its details were not all right, how right they were."""
    if details_correct:
        return link
    return f'{link} <span class="muted">(details {100 * detail_share:.0f}%)</span>'


def extra_piece(prediction_index: int, kind_name: str, subject: str) -> str:
    """An extra prediction: the model's own words, isolated so bidi text stays inside.

    ``kind_name`` is one of the site's own labels (KIND_NAMES), not data.
    """
    return (
        f'<bdi>{_text(subject)}</bdi> <span class="muted">(prediction #{int(prediction_index)}, '
        f"{kind_name})</span>"
    )


def bullet_list(pieces: Iterable[str]) -> Markup:
    """A compact list of pieces built above, for a table cell, or a muted "none"."""
    items = "</li><li>".join(pieces)
    return Markup(f'<ul class="refs"><li>{items}</li></ul>') if items else _NONE


def result_row(
    item_id: str,
    answered: bool,
    counts: tuple[int, int],
    lists: tuple[Markup, Markup, Markup],
    recall: tuple[str, str],
    precision: str,
) -> str:
    """One image's row on a submission page: the image, found / missed / extra lists,
    recall (shade class, value) and precision, as the template's headings order them."""
    matched, gold = counts
    found, missed, extra = lists
    level, recall_text = recall  # a recall_level class and a pct() number: not data
    item = _text(item_id)
    unanswered = "" if answered else ' <span class="tag warn">not answered</span>'
    return (
        f'<tr id="item-{item}"><th scope="row"><a href="../items/{item}.html">{item}</a>'
        f'{unanswered}<span class="count-line">{int(matched)} of {int(gold)} found</span></th>'
        f'<td>{found}</td><td>{missed}</td><td class="untrusted">{extra}</td>'
        f'<td class="num {level}">{recall_text}</td><td class="num">{precision}</td></tr>\n'
    )


def matrix_cells(cells: Iterable[tuple[str, str]]) -> Markup:
    """``<td>`` cells of one matrix row from (shade class, "3/5" or "n/a") pairs,
    both made by ``site_items.matrix_rows`` from counts: no data text."""
    return Markup("".join(f'<td class="{level}">{text}</td>' for level, text in cells))
