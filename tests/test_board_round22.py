"""Red team round 22: the leaderboard site, attacked again.

Each test names its attack and pins one fix.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from site_data import HOSTILE_ID, PARTIAL_ID, build_site_input
from test_site_browser import browser  # noqa: F401  (the module's Chromium, a fixture)

from spotdiff_eval.leaderboard import site_reuse
from spotdiff_eval.leaderboard.site import render_site

# -- entries that read alike, on every page that names them -----------------------------------


def _lookalike_site(tmp_path: Path) -> Path:
    """A site where two entries by different people read alike: @alice's
    "rival-model" v1 (the partial entry) and @mallory's "Rival Model" v1 (the
    other one, whose name was hostile)."""
    inputs = build_site_input(tmp_path / "inputs")
    entries = {e["submission_id"]: e for e in inputs.data["entries"]}
    entries[PARTIAL_ID].update(model={"name": "rival-model", "version": "v1"}, submitter="alice")
    entries[HOSTILE_ID].update(model={"name": "Rival Model", "version": "v1"}, submitter="mallory")
    render_site(inputs.data, inputs.reports, inputs.images, tmp_path / "site")
    return tmp_path / "site"


def _text(fragment: str) -> str:
    """What a reader sees of an HTML fragment: its text, tags left out."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_the_breakdown_names_the_version_and_the_submitter_of_lookalike_rows(
    tmp_path: Path,
) -> None:
    """Attack (left open by round 21): round 21 named the submitter of each of two
    rows that read alike in LEADERBOARD.md and the standings table, but the
    breakdown page showed the model's name alone, without its version either:
    there @mallory's "Rival Model" could still pass for @alice's "rival-model"."""
    page = (_lookalike_site(tmp_path) / "breakdown.html").read_text(encoding="utf-8")
    rows = {
        who: _text(row)
        for row in re.findall(r"<tr><td>.*?</tr>", page)
        for who in ("alice", "mallory")
        if f"@{who}" in row
    }
    assert "rival-model v1 submitted by @alice" in rows["alice"]
    assert "Rival Model v1 submitted by @mallory" in rows["mallory"]
    # The chart's points name them the same way.
    titles = [_text(t) for t in re.findall(r"<title>(.*?)</title>", page)]
    assert any(t.startswith("rival-model v1 (submitted by @alice): ") for t in titles), titles
    assert any(t.startswith("Rival Model v1 (submitted by @mallory): ") for t in titles), titles


def test_the_matrix_and_item_pages_name_the_submitter_of_lookalike_rows(tmp_path: Path) -> None:
    """The same attack on the item-by-submission matrix, whose column headings
    named the model alone, and on the item pages, whose "found by" lists did."""
    site = _lookalike_site(tmp_path)
    matrix = (site / "matrix.html").read_text(encoding="utf-8")
    headings = [_text(h) for h in re.findall(r'<th scope="col" class="vert">(.*?)</th>', matrix)]
    assert "rival-model v1 submitted by @alice" in headings, headings
    assert "Rival Model v1 submitted by @mallory" in headings, headings
    lists = [
        found
        for page in sorted((site / "items").glob("*.html"))
        for found in re.findall(
            r"<details><summary>which</summary>(.*?)</details>", page.read_text("utf-8"), re.S
        )
    ]
    listed = {_text(li) for found in lists for li in re.findall(r"<li>(.*?)</li>", found)}
    assert "rival-model v1 submitted by @alice" in listed, listed


def test_the_matrix_turns_the_tag_with_the_name_and_keeps_it_whole(
    tmp_path: Path,
    browser: Any,  # noqa: F811  (the fixture imported above)
) -> None:
    """The matrix's column headings are turned on their side and their names cut
    at 11rem: the version and the tag must turn with them (lying flat, each made
    its column as wide as the tag) and must not be cut off with the name."""
    site = _lookalike_site(tmp_path)
    page = browser.new_page()
    try:
        page.goto((site / "matrix.html").as_uri())
        for who in ("alice", "mallory"):
            heading = page.locator("th.vert", has_text=f"submitted by @{who}")
            tag = heading.locator(".tag")
            box, tag_box = heading.bounding_box(), tag.bounding_box()
            assert box is not None and tag_box is not None
            assert box["width"] < 60, box  # one turned line, not a flat tag
            assert tag_box["height"] > tag_box["width"]  # turned
            inside = box["y"] - 0.5 <= tag_box["y"] <= tag_box["y"] + tag_box["height"]
            assert inside and tag_box["y"] + tag_box["height"] <= box["y"] + box["height"] + 0.5
            assert tag.evaluate("e => e.scrollHeight <= e.clientHeight + 1")  # not cut
    finally:
        page.close()


def test_entries_that_read_unlike_are_named_by_model_and_version_alone(tmp_path: Path) -> None:
    """Not an attack: entries unlike every other keep plain names, with their version."""
    inputs = build_site_input(tmp_path / "inputs")
    render_site(inputs.data, inputs.reports, inputs.images, tmp_path / "site")
    matrix = (tmp_path / "site" / "matrix.html").read_text(encoding="utf-8")
    headings = [_text(h) for h in re.findall(r'<th scope="col" class="vert">(.*?)</th>', matrix)]
    assert "Partial vision model 2026-06" in headings, headings
    assert not any("submitted by" in h for h in headings)


def test_a_rebuild_names_the_submitter_on_pages_it_reuses(tmp_path: Path) -> None:
    """Attack (a stale page): pages are reused when their inputs are unchanged, and
    an item page's inputs named each finder by id and model name only. A new
    entry like an old one makes the old one's rows name their submitter, but
    item pages the new entry found nothing on were reused, without the tag."""
    inputs = build_site_input(tmp_path / "inputs")
    entries = {e["submission_id"]: e for e in inputs.data["entries"]}
    entries[PARTIAL_ID].update(model={"name": "rival-model", "version": "v1"}, submitter="alice")
    entries[HOSTILE_ID].update(model={"name": "other-model", "version": "v1"}, submitter="mallory")
    before, after = tmp_path / "before", tmp_path / "after"
    first = site_reuse.SiteReuse(None, before)
    render_site(inputs.data, inputs.reports, inputs.images, before, reuse=first)
    first.finish()
    entries[HOSTILE_ID]["model"] = {"name": "Rival Model", "version": "v1"}  # now alike
    second = site_reuse.SiteReuse(before, after)
    render_site(inputs.data, inputs.reports, inputs.images, after, reuse=second)
    assert second.reused > 0  # the rebuild does reuse pages (the images, at least)
    pages = [p.read_text("utf-8") for p in sorted((after / "items").glob("*.html"))]
    listing = [page for page in pages if f"submissions/{PARTIAL_ID}.html" in page]
    assert listing, "the partial entry finds something on some image"
    for page in listing:
        assert "submitted by @alice" in page


# -- incremental rebuilds: the rules that name submitters --------------------------------------


@pytest.mark.parametrize("module", ["lookalikes.py", "lookalike.py"])
def test_the_site_digest_covers_the_rules_that_name_submitters(
    module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack (a stale page): pages are reused while the digest of their inputs and
    of the rendering code is unchanged. Round 21's rules for which rows read
    alike (``leaderboard/lookalikes.py``, ``_util/lookalike.py``) decide the
    "submitted by" tags of the standings but were not in that code, so a
    sharper rule left the old pages, without their tags, in place."""
    before = site_reuse.rendering_digest.__wrapped__()
    real = Path.read_bytes

    def edited(path: Path) -> bytes:  # the module as a later commit has it
        return real(path) + (b"\n# changed\n" if path.name == module else b"")

    monkeypatch.setattr(Path, "read_bytes", edited)
    assert site_reuse.rendering_digest.__wrapped__() != before
