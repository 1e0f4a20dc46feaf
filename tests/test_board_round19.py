"""Red team round 19: untrusted text on the leaderboard that still misled a reader.

Each test pins one fix, on LEADERBOARD.md (``cell``) and on the site
(``neutralise``, the templates' finalize hook) alike.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from leaderboard_helpers import half_right, make_submission, perfect, predictions
from site_data import HOSTILE_ID, build_site_input

from spotdiff_eval._util.terminal import safe_text
from spotdiff_eval.leaderboard import site_reuse
from spotdiff_eval.leaderboard.build import compute_leaderboard
from spotdiff_eval.leaderboard.csv_export import guard
from spotdiff_eval.leaderboard.markdown import cell, render_one_board
from spotdiff_eval.leaderboard.site import render_site
from spotdiff_eval.leaderboard.site_markdown import render_notes
from spotdiff_eval.leaderboard.site_text import http_url, neutralise

#: Characters that show nothing, yet are not Unicode format characters (Cf),
#: which were already shown as "?": letters and symbols that render blank and
#: combining marks that draw nothing.
BLANK = {
    "hangul choseong filler": "\u115f",
    "hangul jungseong filler": "\u1160",
    "hangul filler": "\u3164",
    "halfwidth hangul filler": "\uffa0",
    "braille pattern blank": "\u2800",
    "combining grapheme joiner": "\u034f",
    "variation selector 16": "\ufe0f",
    "variation selector 17": "\U000e0100",
    "khmer vowel inherent aq": "\u17b4",
}


@pytest.mark.parametrize("char", BLANK.values(), ids=BLANK.keys())
def test_characters_that_render_blank_are_shown_as_format_characters_are(char: str) -> None:
    """A "GPT-4o" with a Hangul filler or a variation selector after it looked
    exactly like "GPT-4o", on the site, in LEADERBOARD.md and on the terminal
    (a variation selector can also carry hidden text, one byte each)."""
    name = f"GPT-4o{char}"
    assert cell(name) == neutralise(name) == safe_text(name) == "GPT-4o?"
    assert http_url(f"https://exa{char}mple.org/model") is None


def test_two_entries_cannot_look_the_same_by_a_blank_character(
    tmp_path: Path, dataset_manifest: Path
) -> None:
    """A copycat entry under the name of a leading one, made unique by a Hangul filler."""
    submissions = tmp_path / "submissions"
    make_submission(submissions, "acme-gpt", perfect("GPT-4o"))
    make_submission(submissions, "copycat", half_right("GPT-4o\u3164"))
    make_submission(submissions, "other", predictions("other", {}))
    markdown = render_one_board(compute_leaderboard(submissions, dataset_manifest))
    assert "[GPT-4o 1]" in markdown and "[GPT-4o? 1]" in markdown
    assert "\u3164" not in markdown


def test_emoji_and_accents_are_kept() -> None:
    """Visible marks are not blank: only characters that draw nothing become "?"."""
    assert cell("Modèle\u0301 ★") == "Modèle\u0301 ★"


# -- links whose label names another address ----------------------------------------------


def test_a_link_shows_the_host_it_leads_to(tmp_path: Path) -> None:
    """Only the submitter's label was shown: "huggingface.co/acme/model" could lead
    to any host, and a host spelled with look-alike letters read as the real one."""
    inputs = build_site_input(tmp_path / "inputs")
    entry = next(e for e in inputs.data["entries"] if e["submission_id"] == HOSTILE_ID)
    entry["links"] = [
        {"label": "huggingface.co/acme/model", "url": "https://evil.example/acme/model"},
        {"label": "paper", "url": "https://ARXIV.org:443/abs/1"},
        {"label": "card", "url": "https://h\u0443ggingface.co/acme"},  # a Cyrillic "у"
    ]
    render_site(inputs.data, inputs.reports, inputs.images, tmp_path / "site")
    page = (tmp_path / "site" / "submissions" / f"{HOSTILE_ID}.html").read_text("utf-8")
    links = re.findall(
        r'<li><a href="[^"]*"[^>]*>([^<]*)</a> <span class="muted">\(([^)]*)\)', page
    )
    assert links == [
        ("huggingface.co/acme/model", "evil.example"),
        ("paper", "arxiv.org"),
        ("card", "xn--hggingface-ywi.co"),  # as the browser's address bar may show it
    ]


# -- an incremental rebuild after a change of the text rules ----------------------------------


def test_the_site_digest_covers_the_text_rules_its_pages_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pages are reused while the digest of their inputs and of the rendering code
    is unchanged; ``safe_text`` (how every untrusted string is shown) and
    ``percent`` (every score) live outside the leaderboard package and were not
    in it, so a fix to them (as the one above) left old pages in place."""
    read: list[str] = []
    real = Path.read_bytes

    def recording(path: Path) -> bytes:
        read.append(path.resolve().as_posix())
        return real(path)

    monkeypatch.setattr(Path, "read_bytes", recording)
    site_reuse.rendering_digest.__wrapped__()
    for module in ("spotdiff_eval/_util/terminal.py", "spotdiff_eval/_util/percent.py"):
        assert any(path.endswith(module) for path in read), module


def test_a_link_in_the_notes_shows_the_host_it_leads_to() -> None:
    """The notes' Markdown links had the same problem as the links list; a link
    whose text is its own address needs no second copy."""
    html = render_notes(
        "Weights: [huggingface.co/acme](https://evil.example/x?a=1&b=2), "
        "<https://ok.example/p>, [**card**](https://h\u0443g.co)"
    )
    muted = '<span class="muted">'
    assert f">huggingface.co/acme</a> {muted}(evil.example)</span>," in html
    assert ">https://ok.example/p</a>, " in html
    assert f"><strong>card</strong></a> {muted}(xn--hg-umc.co)</span></p>" in html


# -- leaderboard.csv -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        '\n=HYPERLINK("https://evil.example","x")',  # trimmed by importers that trim lines
        "\u00a0=1+1",  # a no-break space, trimmed as a space is
        "\u3000@SUM(A1)",  # an ideographic space
        "\u200b=1+1",  # a zero-width space, shown as nothing
        '\uff1dHYPERLINK("https://evil.example")',  # fullwidth "=" (OWASP's list)
        "\uff0bcmd",
        "GPT\n=cmd|' /C calc'!A0",  # a line break is a separator to a naive importer
    ],
)
def test_csv_guards_formulas_behind_any_blank_and_in_fullwidth(name: str) -> None:
    """Only spaces were looked past, and only ASCII formula starts and list
    separators were known (round 11)."""
    assert guard(name) == "'" + name
    assert guard("GPT-4o\n(2024)") == "GPT-4o\n(2024)"


def test_a_stack_of_combining_marks_cannot_draw_over_other_rows() -> None:
    """ "Zalgo" text: dozens of combining marks on one letter draw far above and
    below its line, over the neighbouring rows' names and scores."""
    name = "GPT" + "\u0301\u0316\u0344" * 20
    assert cell(name) == neutralise(name) == safe_text(name, 200) == "GPT\u0301\u0316?"
    assert cell("Tiê\u0323ng Vie\u0302\u0323t") == "Tiê\u0323ng Vie\u0302\u0323t"  # two are words
