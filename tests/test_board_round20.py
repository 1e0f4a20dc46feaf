"""Red team round 20: LEADERBOARD.md, leaderboard.csv and the site, attacked again.

Each test names its attack and pins one fix. LEADERBOARD.md is checked with
cmarkgfm, the renderer GitHub uses, so what is tested is what readers see.
"""

from __future__ import annotations

import re

import pytest
from test_leaderboard_data import github_html

from spotdiff_eval.leaderboard.markdown import cell
from spotdiff_eval.leaderboard.site_markdown import render_notes

# -- LEADERBOARD.md: e-mail autolinks ---------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "evil@example.com",
        "mailto:support@evil.example",
        "xmpp:bot@evil.example/x",
        "GPT-4o by team@evil.example",
    ],
)
def test_an_e_mail_address_in_a_cell_is_no_link(name: str) -> None:
    """Attack: a model or organisation spelled as an e-mail address. ``\\@`` did
    not help: GitHub finds e-mail autolinks after escapes are undone, so the
    name became a mailto: (or xmpp:) link in LEADERBOARD.md."""
    table = github_html(f"| Model |\n|---|\n| {cell(name)} |\n")
    assert table.hrefs == []
    assert table.rows == [["Model"], [name]]


# -- submission notes: attributes besides href ---------------------------------------------


def test_a_note_link_carries_no_tooltip_of_the_submitter() -> None:
    """Attack: ``[docs](https://a.example "Verified by the SpotDiff maintainers")``.
    nh3 keeps ``title`` and ``lang`` on every tag unless told otherwise, so the
    Markdown link title became a tooltip in the site's own voice."""
    html = str(render_notes('[docs](https://a.example "Verified by the SpotDiff maintainers")'))
    assert "Verified" not in html
    assert re.findall(r"<a [^>]*>", html) == [
        '<a href="https://a.example" rel="nofollow noopener noreferrer">'
    ]
