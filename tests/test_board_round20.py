"""Red team round 20: LEADERBOARD.md, leaderboard.csv and the site, attacked again.

Each test names its attack and pins one fix. LEADERBOARD.md is checked with
cmarkgfm, the renderer GitHub uses, so what is tested is what readers see.
"""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path
from typing import Any

import cmarkgfm
import numpy as np
import pytest
from cmarkgfm.cmark import Options
from conftest import run_cli
from leaderboard_helpers import checkout, standard_submissions
from site_data import PARTIAL_ID, build_site_input
from test_leaderboard_data import github_html
from test_site_browser import browser  # noqa: F401  (the module's Chromium, a fixture)

from spotdiff_eval.leaderboard import report_summary, scoring, site_reuse, standings
from spotdiff_eval.leaderboard.build import compute_leaderboard, site_prefix_for
from spotdiff_eval.leaderboard.markdown import cell, render_one_board
from spotdiff_eval.leaderboard.site import render_site
from spotdiff_eval.leaderboard.site_markdown import render_notes
from spotdiff_eval.leaderboard.site_text import http_url

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


# -- the site in a real browser: right-to-left names ------------------------------------------


#: Hebrew letters: legitimate text, no bidi control, so nothing for ``neutralise``.
RTL_NAME = "\u05de\u05d5\u05d3\u05dc"


def test_a_right_to_left_model_name_does_not_pull_its_version_before_it(
    tmp_path: Path,
    browser: Any,  # noqa: F811  (the fixture imported above)
) -> None:
    """Attack: a model named in Hebrew (or Arabic) letters, version "2.0". The
    link was not isolated, so the version's digits joined the name's
    right-to-left run and were drawn before it ("2.0 ..."), on the standings,
    the breakdown and the matrix: the row read as another version or model."""
    inputs = build_site_input(tmp_path / "inputs")
    entry = next(e for e in inputs.data["entries"] if e["submission_id"] == PARTIAL_ID)
    entry["model"] = {"name": RTL_NAME, "version": "2.0"}
    out = tmp_path / "site"
    render_site(inputs.data, inputs.reports, inputs.images, out)
    page = browser.new_page()
    try:
        page.goto((out / "index.html").as_uri())
        link = page.get_by_role("link", name=RTL_NAME, exact=True)
        version = link.locator("xpath=following-sibling::span[@class='ver']")
        name_box, version_box = link.bounding_box(), version.bounding_box()
        assert version_box["x"] >= name_box["x"] + name_box["width"] - 0.5
    finally:
        page.close()


# -- links that name one host and lead to another ---------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "https://huggingface.co@evil.example/acme/model",
        "https://huggingface.co:443@evil.example/",
        "https://huggingface.co%2Facme@evil.example/",
        "https://@evil.example/",
    ],
)
def test_a_url_with_user_info_is_no_link(url: str) -> None:
    """Attack: ``<https://huggingface.co@evil.example/model>`` in the notes. The
    text before ``@`` is a user name, the host is evil.example; a link whose
    text is its own address got no "(host)" after it (round 19), so the note
    showed a Hugging Face address leading elsewhere. Links lists did too."""
    assert http_url(url) is None
    html = str(render_notes(f"<{url}> and [card]({url})"))
    assert "href" not in html
    assert http_url("https://huggingface.co/acme@v2") == "https://huggingface.co/acme@v2"


def test_a_note_autolink_to_a_look_alike_host_shows_its_ascii_form() -> None:
    """Attack: ``<https://hսggingface.co/acme>`` (an Armenian "ս") in the notes.
    A link whose text is its own address got no "(host)" (round 19), so the
    look-alike host was never shown in its ``xn--`` form, as labelled links'
    hosts are."""
    html = str(render_notes("<https://h\u057dggingface.co/acme> and <https://ok.example/p>"))
    assert "(xn--hggingface-" in html
    assert ">https://ok.example/p</a></p>" in html  # a plain address still needs no host


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example\\.huggingface.co/acme",  # "\" is "/" to a browser
        "https://evil.example%2E.huggingface.co/",  # a host decoded by the browser
        "https://ex%41mple.org/",
        "https://huggingface.co:443.evil.example/",  # no URL at all to a browser
        "https://huggingface.co:99999/",
    ],
)
def test_a_url_the_browser_reads_with_another_host_is_no_link(url: str) -> None:
    """Attack: ``https://evil.example\\.huggingface.co/acme``. Python reads the
    host as "evil.example\\.huggingface.co", shown beside the label like a
    Hugging Face subdomain; the browser follows the WHATWG URL rules, where a
    backslash ends the host, and goes to evil.example. Percent escapes in a
    host are decoded by the browser, never by ``urlsplit``. A port that is no
    port makes no URL for the browser, while Python still finds a host."""
    assert http_url(url) is None
    written = url.replace("\\", "\\\\")  # Markdown's escape for a backslash
    assert "href" not in str(render_notes(f"[card]({written})"))


# -- submission notes: character references --------------------------------------------------


@pytest.mark.parametrize(
    ("reference", "shown"),
    [
        ("&#x202E;", "\\u202e"),  # right-to-left override, by number
        ("&#8238;", "\\u202e"),
        ("&rlm;", "\\u200f"),  # by name
        ("&ZeroWidthSpace;", "?"),
        ("&shy;", "?"),
        ("&#x3164;", "?"),  # Hangul filler (round 19's blank characters)
        ("&#x2028;", "\\u2028"),
    ],
)
def test_a_character_reference_in_the_notes_is_neutralised_like_the_character(
    reference: str, shown: str
) -> None:
    """Attack: ``txt&#x202E;exe.pdf`` in the notes. The characters themselves are
    made visible in the notes' source, but Markdown passes ``&#x202E;`` through
    and the sanitiser writes it back as the character: a live bidi override
    (or an invisible character) on the submission page."""
    html = str(render_notes(f"report{reference}fdp.exe and `code{reference}`"))
    raw = html_lib.unescape(reference)
    assert raw not in html
    assert html.count(f"report{shown}fdp.exe") == 1
    assert f"<code>code{html_lib.escape(reference)}</code>" in html  # code shows it as typed


# -- LEADERBOARD.md: text that starts a block ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["# Heading", "1. item", "2) item", "- item", "+ item", "---", "Board ##", "C# #", "2.6.0"],
)
def test_a_board_text_is_one_paragraph_or_heading_of_plain_text(text: str) -> None:
    """Attack: a board description "# Heading", "1. item" or "---", or a title
    ending in " #". ``cell`` is also used where a line starts (the board's
    description is a paragraph of its own, its title a heading), and there
    these were a heading, a list, a rule, or a closing "#" that GitHub drops."""
    shown = html_lib.escape(text, quote=False)
    assert _github(f"Text:\n\n{cell(text)}\n") == f"<p>Text:</p>\n<p>{shown}</p>\n"
    assert _github(f"## {cell(text)}\n") == f"<h2>{shown}</h2>\n"


def _github(markdown: str) -> str:
    """HTML as GitHub's renderer makes it, raw HTML kept (so escaping is what is tested)."""
    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)


# -- incremental rebuilds: the matrix and the report summaries --------------------------------


def test_the_site_digest_covers_the_summaries_the_matrix_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Attack (a stale page): the matrix is rendered from report summaries
    (``report_summary.summarize``), and a page is reused while the digest of
    its inputs and of the rendering code is unchanged. That code did not
    include ``report_summary.py``, so a change to what a summary keeps left
    the old matrix in place, as round 19 found for the text rules."""
    before = site_reuse.rendering_digest.__wrapped__()
    real = Path.read_bytes

    def edited(path: Path) -> bytes:  # report_summary.py as a later commit has it
        return real(path) + (b"\n# changed\n" if path.name == "report_summary.py" else b"")

    monkeypatch.setattr(Path, "read_bytes", edited)
    assert site_reuse.rendering_digest.__wrapped__() != before


def test_a_summary_cached_by_older_code_is_made_again(
    tmp_path: Path, dataset_manifest: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack (a stale page): summaries were cached under their report's sha256 and a format name
    bumped by hand: a change to ``summarize`` without the bump kept serving
    the old summaries on a warm build (round 19 found the same of usage)."""
    submissions = tmp_path / "submissions"
    standard_submissions(submissions)
    cache = tmp_path / "cache"
    compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)
    original = report_summary.summarize

    def newer(report: dict[str, Any]) -> dict[str, Any]:
        summary = original(report)
        for item in summary["items"]:
            item["matched"] = []  # what a later summarize could decide
        return summary

    monkeypatch.setattr(scoring, "summarize", newer)
    monkeypatch.setattr(report_summary, "summary_code", lambda: "a later commit's", False)
    cold = compute_leaderboard(submissions, dataset_manifest, cache_dir=None)
    warm = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)
    assert not any(d["found_by"] for item in cold.data["items"] for d in item["differences"])
    assert warm.data == cold.data


# -- LEADERBOARD.md: links into a site folder named with spaces -------------------------------


def test_links_into_a_site_folder_with_spaces_or_parentheses_are_links(
    tmp_path: Path, dataset_manifest: Path
) -> None:
    """Attack (a broken file, no script): ``--output "my site (v2)"``. The folder
    went into every link of LEADERBOARD.md as written, and a Markdown link's
    address ends at a space: not one link of the file was a link."""
    submissions = tmp_path / "submissions"
    standard_submissions(submissions)
    prefix = site_prefix_for(tmp_path / "LEADERBOARD.md", tmp_path / "my site (v2)")
    table = github_html(
        render_one_board(compute_leaderboard(submissions, dataset_manifest), prefix)
    )
    assert len(table.hrefs) == 1 + 3 + 2  # the site, three entries, standings and matrix
    assert all(href.startswith("my%20site%20%28v2%29/") for href in table.hrefs)


# -- the site in a real browser: notes nested hundreds deep -----------------------------------


@pytest.mark.parametrize(
    "notes",
    [
        ">" * 1990 + " deep",  # a blockquote in a blockquote... 295 deep
        "\n".join("    " * depth + "- item" for depth in range(45))[:2000],  # nested lists
    ],
    ids=["quotes", "lists"],
)
def test_deeply_nested_notes_stay_inside_the_page(
    tmp_path: Path,
    notes: str,
    browser: Any,  # noqa: F811  (the fixture imported above)
) -> None:
    """Attack: notes of ">>>>...>" (2000 of them) or lists nested 45 deep. Each
    level indents its content, so the page scrolled 11,800 pixels sideways on a
    phone and the notes were 45,000 pixels tall."""
    inputs = build_site_input(tmp_path / "inputs")
    entry = next(e for e in inputs.data["entries"] if e["submission_id"] == PARTIAL_ID)
    entry["notes"] = notes
    out = tmp_path / "site"
    render_site(inputs.data, inputs.reports, inputs.images, out)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto((out / "submissions" / f"{PARTIAL_ID}.html").as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.locator(".notes").bounding_box()["height"] < 2000
    finally:
        page.close()


# -- leaderboard build --site-url -----------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    ["https://example.org/\n# Hacked\n", "https://example.org/\tx", "https://example.org/\u2028"],
)
def test_a_site_url_with_a_line_break_is_refused(
    tmp_path: Path, make_dataset: Any, url: str
) -> None:
    """Attack: ``--site-url`` taken from a setting with a line break in it. Spaces
    and brackets were refused, line breaks and tabs were not: every link of
    LEADERBOARD.md carried them, and "# Hacked" became a heading of the file."""
    repo = checkout(tmp_path, make_dataset)
    result = run_cli("leaderboard", "build", "--site-url", url, cwd=repo)
    assert result.returncode == 2
    assert "is not an https:// URL" in result.stderr
    assert not (repo / "LEADERBOARD.md").exists()


def test_rank_ranges_cached_by_an_older_bootstrap_are_computed_again(
    tmp_path: Path, dataset_manifest: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack (stale ranks): the standings and each report's bootstrap scores
    were cached under the evaluator version and this package's ranking module,
    not the scorer's bootstrap (``scoring._bootstrap``). A change to how items
    are resampled, merged without a version bump, kept the old rank ranges on
    every warm build, while reports themselves are keyed by the scorer's code."""
    submissions = tmp_path / "submissions"
    standard_submissions(submissions)
    cache = tmp_path / "cache"
    before = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)
    original = standings.metric_samples

    def certain(per_item: Any, indices: Any) -> dict[str, Any]:  # a later bootstrap
        row = original(per_item, indices)["overall_score"]
        return {"overall_score": np.full(len(row), row.mean())}

    monkeypatch.setattr(standings, "metric_samples", certain)
    monkeypatch.setattr(scoring, "scorer_source_digest", lambda: "a later commit's")
    cold = compute_leaderboard(submissions, dataset_manifest, cache_dir=None)
    warm = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)
    assert cold.data["entries"] != before.data["entries"]  # the later bootstrap ranks otherwise
    assert warm.data == cold.data
