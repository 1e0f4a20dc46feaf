"""Red team round 23: hostile names and notes on the site, in a real Chromium.

Reuses the Chromium of ``test_site_browser``; pages are opened from disk
without their Content-Security-Policy, so that escaping and sanitising alone
are what keep a script from running.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from site_data import HOSTILE_ID, PARTIAL_ID, build_site_input
from test_site_browser import browser  # noqa: F401  (the module's Chromium, a fixture)

from spotdiff_eval.leaderboard.site import render_site

#: Notes trying each way round the sanitiser not tried before: references,
#: character references, autolinks, images, styles, SVG, nesting deeper than
#: the parser takes (round 23), each setting ``window.pwned`` if it ran.
NOTES = [
    "[ref link][r] and [entity](&#106;avascript:window.pwned=1)\n\n[r]: javascript:window.pwned=2",
    "<javascript:window.pwned=3> <svg onload=window.pwned=4></svg> <style>body{color:red}</style>",
    "![remote](https://evil.example/pixel.png) ![data](data:image/svg+xml,<svg onload=x>)",
    "[t](https://evil.example 'title') <details open ontoggle=window.pwned=5>",
    "> > **[q](vbscript:window.pwned=6)**\n\n```html\n<script>window.pwned=7</script>\n```",
    "- " * 999 + "<img src=x onerror=window.pwned=8>",
]
#: Model names with what breaks tables, sorting and reading order.
NAMES = {
    PARTIAL_ID: "a|b `c` **d** [e](javascript:window.pwned=9) &#106; \u200b\u2066x",
    HOSTILE_ID: "W" * 100,
}


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict]]:
    inputs = build_site_input(tmp_path_factory.mktemp("inputs"))
    entries = inputs.data["entries"]
    for number, entry in enumerate(e for e in entries if not e["baseline"]):
        entry["notes"] = "\n\n".join(NOTES[number::2])
        if entry["submission_id"] in NAMES:
            entry["model"] = {"name": NAMES[entry["submission_id"]], "version": "v" * 100}
    out = tmp_path_factory.mktemp("site") / "site"
    render_site(inputs.data, inputs.reports, inputs.images, out)
    return out, entries


def test_hostile_notes_and_names_stay_inert_in_the_browser(
    browser: Any,  # noqa: F811  (the fixture imported above)
    hostile_site: tuple[Path, list[dict]],
) -> None:
    """No script runs, no event attribute or style exists, nothing loads from
    another host, on any page; every notes link is clicked."""
    site = hostile_site[0]
    context = browser.new_context(bypass_csp=True)
    problems: list[str] = []
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.on("dialog", lambda d: (problems.append(d.message), d.dismiss()))
    page.on("pageerror", lambda e: problems.append(str(e)))
    for path in sorted(site.rglob("*.html")):
        page.goto(path.as_uri())
        assert page.evaluate("typeof window.pwned") == "undefined", path
        on_attributes = page.evaluate(
            "[...document.querySelectorAll('*')].flatMap(e => [...e.attributes])"
            ".filter(a => a.name.startsWith('on') || a.name === 'style').map(a => a.name)"
        )
        assert on_attributes == [], path
        assert page.locator("style, iframe, object, embed, details[open] ~ img").count() == 0
        assert page.locator("script").count() == 1, path  # site.js
        for link in page.locator(".notes a").all():
            link.click(timeout=2000, no_wait_after=True)
            assert page.evaluate("typeof window.pwned") == "undefined", path
            if page.url != path.as_uri():
                page.goto(path.as_uri())
    assert problems == []
    assert {u.split(":", 1)[0] for u in requests} <= {"file", "data"}
    assert not [u for u in requests if u.startswith("data:") and "svg" in u]
    context.close()


def test_standings_sort_and_work_without_javascript_with_hostile_names(
    browser: Any,  # noqa: F811
    hostile_site: tuple[Path, list[dict]],
) -> None:
    """Sorting by model name uses the names as text, and without JavaScript the
    table keeps rank order with a link per entry; the page never scrolls sideways."""
    site, entries = hostile_site
    models = [e for e in entries if not e["baseline"]]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto((site / "index.html").as_uri())
    page.locator("table.board thead th", has_text="Model").get_by_role("button").click()
    shown = page.eval_on_selector_all(
        "table.board tbody:first-of-type tr",
        "rows => rows.map(r => r.cells[1].querySelector('a').getAttribute('href'))",
    )
    assert sorted(shown) == sorted(f"submissions/{e['submission_id']}.html" for e in models)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((site / "index.html").as_uri())
    hrefs = page.eval_on_selector_all(
        "table.board tbody th a", "links => links.map(a => a.getAttribute('href'))"
    )
    assert hrefs == [f"submissions/{e['submission_id']}.html" for e in entries]
    context.close()
