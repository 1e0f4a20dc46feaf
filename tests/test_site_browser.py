"""The leaderboard site in a real headless Chromium, as readers meet it.

Served from a loopback HTTP server under a sub-path (as on GitHub Pages) and
opened from disk (file://). Needs Debian's ``chromium`` at /usr/bin/chromium
and the ``playwright`` and ``axe-playwright-python`` packages (the test
extra); Playwright's own browser download is not used. Screenshots go to
``$SPOTDIFF_SCREENSHOTS`` when set (to look at them), else to a temp folder.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlsplit

import pytest
from site_data import HOSTILE_ID, PARTIAL_ID, SiteInput, render_test_site

#: Debian's Chromium by default; SPOTDIFF_CHROMIUM names another Chromium-based
#: browser (GitHub's Ubuntu runners ship Google Chrome at /usr/bin/google-chrome).
CHROMIUM = Path(os.environ.get("SPOTDIFF_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SUB_PATH = "spotdiff-eval"  # the site lives below the server root, as on GitHub Pages
PAGE_TYPES = {
    "index": "index.html",
    "breakdown": "breakdown.html",
    "submission": f"submissions/{PARTIAL_ID}.html",
    "item": "items/tiny_0001_garden.html",  # side by side, with outlines
    "matrix": "matrix.html",
}

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[test]'")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[SiteInput, Path]:
    out = tmp_path_factory.mktemp("pages") / SUB_PATH
    return render_test_site(tmp_path_factory.mktemp("inputs"), out), out


@pytest.fixture(scope="module")
def inputs(built: tuple[SiteInput, Path]) -> SiteInput:
    return built[0]


@pytest.fixture(scope="module")
def site(built: tuple[SiteInput, Path]) -> Path:
    return built[1]


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(site.parent))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{SUB_PATH}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.is_file():
        pytest.fail(
            "the browser tests need Debian's Chromium: apt-get install -y chromium",
            pytrace=False,
        )
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Watch:
    """Console errors, page errors, dialogs and every request URL of one context."""

    def __init__(self, context: Any) -> None:
        self.problems: list[str] = []
        self.requests: list[str] = []
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("page", self.attach)

    def attach(self, page: Any) -> None:
        page.on(
            "console",
            lambda m: (
                self.problems.append(f"console {m.type}: {m.text}")
                if m.type in ("error", "warning")
                else None
            ),
        )
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("dialog", lambda d: (self.problems.append(f"dialog: {d.message}"), d.dismiss()))


def _context(browser: Any, **options: Any) -> tuple[Any, Watch]:
    context = browser.new_context(**options)
    return context, Watch(context)


def _open(browser: Any, url: str) -> tuple[Any, Watch, Any]:
    """A watched context and a page showing ``url``."""
    context, watch = _context(browser)
    page = context.new_page()
    page.goto(url)
    return context, watch, page


def _shown_name(entry: dict) -> str:
    """A model name as the site prints it: newlines and bidi overrides made visible."""
    return entry["model"]["name"].replace("\n", "\\n").replace("\u202e", "\\u202e")


def _row_ids(page: Any, table: str) -> list[str]:
    """Model names in the table's first body: the standings keep baselines in a second one."""
    return page.eval_on_selector_all(
        f"table.{table} tbody:first-of-type tr",
        "rows => rows.map(r => r.cells[1].querySelector('a').textContent)",
    )


def test_standings_table_sorts_by_clicked_column(
    browser: Any, base_url: str, inputs: SiteInput
) -> None:
    context, watch, page = _open(browser, base_url + "index.html")
    # Baselines are reference rows in a body of their own, never sorted among the models.
    entries = [e for e in inputs.data["entries"] if not e["baseline"]]
    names = [_shown_name(e) for e in entries]
    assert _row_ids(page, "board") == names
    reference = page.eval_on_selector_all("table.board tbody.reference tr[id]", "r => r.length")
    assert reference == len(inputs.data["entries"]) - len(entries) > 0

    def heading(label: str) -> Any:
        return page.locator("table.board thead th", has_text=label)

    assert heading("Rank").get_attribute("aria-sort") == "ascending"
    heading("Recall").get_by_role("button").click()
    by_recall = sorted(range(len(entries)), key=lambda i: (-entries[i]["metrics"]["recall"], i))
    assert _row_ids(page, "board") == [names[i] for i in by_recall]
    assert heading("Recall").get_attribute("aria-sort") == "descending"
    assert heading("Rank").get_attribute("aria-sort") is None
    assert page.locator("#standings-status").inner_text() == "Sorted by Recall, descending."

    heading("Recall").get_by_role("button").click()
    ascending = sorted(range(len(entries)), key=lambda i: (entries[i]["metrics"]["recall"], i))
    assert _row_ids(page, "board") == [names[i] for i in ascending]
    assert heading("Recall").get_attribute("aria-sort") == "ascending"

    heading("Model").get_by_role("button").click()
    assert _row_ids(page, "board") == sorted(names, key=str.casefold)
    heading("Date").get_by_role("button").click()
    dates = page.eval_on_selector_all(
        "table.board tbody:first-of-type td:last-child", "c => c.map(x => x.textContent)"
    )
    assert dates == sorted(dates, reverse=True)

    # Keyboard: the heading buttons take focus and sort with Enter.
    heading("Rank").get_by_role("button").focus()
    page.keyboard.press("Enter")
    assert _row_ids(page, "board") == names
    assert watch.problems == []
    context.close()


def test_recall_by_kind_sorts_on_the_breakdown_page(
    browser: Any, base_url: str, inputs: SiteInput
) -> None:
    context, watch, page = _open(browser, base_url + "index.html")
    page.get_by_role("navigation", name="Board pages").get_by_role("link", name="Breakdown").click()
    assert page.url == base_url + "breakdown.html"
    # Baselines included, in one body.
    page.locator("table.kinds thead th", has_text="Removed").get_by_role("button").click()
    every = inputs.data["entries"]
    every_name = [_shown_name(e) for e in every]
    removed = [e["per_kind_recall"]["object_removed"] for e in every]
    order = sorted(range(len(every)), key=lambda i: (-removed[i], i))
    assert _row_ids(page, "kinds") == [every_name[i] for i in order]
    assert page.locator("#kinds-status").inner_text() == "Sorted by Removed, descending."
    assert page.locator("figure.chart svg circle").count() == len(every)
    assert watch.problems == []
    context.close()


def _bars(page: Any) -> list[dict]:
    """Each standings row's interval text and the geometry of the bar drawn in its cell."""
    return page.eval_on_selector_all(
        "table.board tbody tr[id]",
        """rows => rows.map(r => {
            const cell = r.cells[3], rect = cell.querySelector('svg.ci rect');
            const path = cell.querySelector('svg.ci path');
            return {text: cell.textContent, score: r.cells[2].textContent,
                    x: rect && +rect.getAttribute('x'), width: rect && +rect.getAttribute('width'),
                    d: path && path.getAttribute('d')};
        })""",
    )


def test_interval_bars_are_drawn_from_the_numbers_and_sort_with_their_rows(
    browser: Any, base_url: str, inputs: SiteInput
) -> None:
    context, watch, page = _open(browser, base_url + "index.html")
    bars = _bars(page)
    entries = inputs.data["entries"]
    assert len(bars) == len(entries)
    for bar, entry in zip(bars, entries, strict=True):
        low, high = entry["confidence_intervals"]["overall_score"]
        score = entry["metrics"]["overall_score"]
        assert bar["text"] == f"{100 * low:.1f}–{100 * high:.1f}"
        low, high = round(100 * low, 1), round(100 * high, 1)
        assert bar["x"] == low and bar["width"] == max(round(high - low, 1), 0.8)
        assert bar["d"] == f"M{round(100 * score, 1):g} 0V10"  # as JavaScript prints numbers
    # Sorting by the interval moves each bar with its row (the key is the low end).
    page.locator("table.board thead th", has_text="95% CI").get_by_role("button").click()
    lows = [b["x"] for b in _bars(page) if b["x"] is not None]
    ranked = lows[: sum(not e["baseline"] for e in entries)]
    assert ranked == sorted(ranked, reverse=True)
    assert watch.problems == []
    context.close()


def test_without_javascript_the_table_is_in_rank_order_with_links(
    browser: Any, base_url: str, inputs: SiteInput
) -> None:
    context, watch = _context(browser, java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + "index.html")
    assert page.locator("table.board thead button").count() == 0
    hrefs = page.eval_on_selector_all(
        "table.board tbody th a", "links => links.map(a => a.getAttribute('href'))"
    )
    assert hrefs == [f"submissions/{e['submission_id']}.html" for e in inputs.data["entries"]]
    # The interval is there as numbers; no bar is drawn without the script.
    assert [b["x"] for b in _bars(page)] == [None] * len(inputs.data["entries"])
    assert all("–" in b["text"] for b in _bars(page))
    page.locator("table.board tbody th a").first.click()
    assert page.url == base_url + hrefs[0]
    assert watch.problems == []
    context.close()


def _check_page(page: Any) -> list[str]:
    """Links found on the loaded page; asserts that its images decoded and anchors exist."""
    broken = page.eval_on_selector_all(
        "img", "imgs => imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
    )
    assert broken == [], f"{page.url}: images did not load: {broken}"
    for fragment in page.eval_on_selector_all(
        "a[href^='#']", "links => links.map(a => a.getAttribute('href').slice(1))"
    ):
        assert page.locator(f"[id='{fragment}']").count() == 1, f"{page.url}: no #{fragment}"
    return page.eval_on_selector_all(
        "a[href], link[href], script[src], img[src]", "els => els.map(e => e.href || e.src)"
    )


def test_every_link_resolves_over_http_and_nothing_leaves_loopback(
    browser: Any, base_url: str, site: Path
) -> None:
    context, watch = _context(browser)
    page = context.new_page()
    ids: dict[str, set[str]] = {}  # page URL -> ids on it, for links with a #fragment
    fragments: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    queue = [base_url + "index.html"]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        response = page.goto(url) if url.endswith(".html") else context.request.get(url)
        assert response is not None and response.status == 200, url
        if not url.endswith(".html"):
            continue
        ids[url] = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        for link in _check_page(page):
            target, fragment = urldefrag(link)
            if urlsplit(target).hostname != "127.0.0.1":
                assert target.startswith("https://"), f"{url} links to {link}"
                continue  # external links are never followed
            if fragment:
                fragments.append((url, target, fragment))
            queue.append(target)
    assert len(ids) == len(list(site.rglob("*.html")))
    for source, target, fragment in fragments:
        assert fragment in ids[target], f"{source} links to a missing #{fragment} in {target}"
    assert len(fragments) > 10
    assert watch.problems == []
    hosts = {urlsplit(url).hostname for url in watch.requests}
    assert hosts == {"127.0.0.1"}
    context.close()


def test_every_page_works_from_disk(browser: Any, site: Path) -> None:
    context, watch = _context(browser)
    page = context.new_page()
    for path in sorted(site.rglob("*.html")):
        page.goto(path.as_uri())
        for link in _check_page(page):
            target = urldefrag(link)[0]
            if target.startswith("file:"):
                local = Path(urlsplit(target).path.replace("%20", " "))
                assert local.is_file() and local.is_relative_to(site), f"{path}: {link}"
        # The stylesheet and the script load from file:// under the page's CSP.
        header = page.eval_on_selector(".site-header", "h => getComputedStyle(h).backgroundColor")
        assert header == "rgb(11, 37, 64)", path
        if page.locator("table[data-sortable]").count():
            assert page.locator("table[data-sortable] th button").count() > 0, path
    assert watch.problems == []
    assert {urlsplit(url).scheme for url in watch.requests} == {"file"}
    context.close()


def _axe_script() -> Path:
    import axe_playwright_python

    script = Path(axe_playwright_python.__file__).parent / "axe.min.js"
    assert script.is_file(), "axe-playwright-python ships axe.min.js"
    return script


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page_type", sorted(PAGE_TYPES))
def test_axe_finds_no_serious_violation(
    browser: Any, base_url: str, page_type: str, scheme: str
) -> None:
    # The page's CSP forbids inline scripts, axe's injected one included.
    context, watch = _context(browser, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    page.goto(base_url + PAGE_TYPES[page_type])
    page.add_script_tag(path=str(_axe_script()))
    results = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert serious == []
    assert watch.problems == []
    context.close()


def test_hostile_submission_stays_inert_in_the_browser(browser: Any, base_url: str) -> None:
    # Without the CSP, so that escaping alone is what keeps scripts from running.
    context, watch = _context(browser, bypass_csp=True)
    page = context.new_page()
    for url in (
        "index.html",
        f"submissions/{HOSTILE_ID}.html",
        PAGE_TYPES["item"],  # the hostile entry found a difference here
        "matrix.html",
    ):
        page.goto(base_url + url)
        assert page.evaluate("typeof window.pwned") == "undefined", url
        assert (
            page.evaluate(
                "[...document.querySelectorAll('*')].flatMap(e => [...e.attributes])"
                ".filter(a => a.name.startsWith('on')).length"
            )
            == 0
        )
        hrefs = page.eval_on_selector_all("[href], [src]", "e => e.map(x => x.href || x.src)")
        assert not [h for h in hrefs if not h.startswith(("http://127.0.0.1", "https://"))]
        assert page.locator("script").count() == 1  # site.js, nothing else
        assert "\u202e" not in page.evaluate("document.body.innerText"), url
    heading = page.goto(base_url + f"submissions/{HOSTILE_ID}.html") and page.locator("h1")
    assert "<script>window.pwned=1</script>" in heading.inner_text()
    # The notes' javascript: link lost its href: clicking it does nothing.
    page.get_by_text("click me").click()
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert page.url == base_url + f"submissions/{HOSTILE_ID}.html"
    assert watch.problems == []
    context.close()


def test_outline_toggle_works_without_javascript(browser: Any, base_url: str) -> None:
    context, _ = _context(browser, java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + PAGE_TYPES["item"])
    overlay = page.locator("svg.overlay")
    assert overlay.is_visible()
    page.get_by_label("Outline the golden differences").uncheck()
    assert not overlay.is_visible()
    context.close()


VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "mobile": {"width": 390, "height": 844}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_screenshots_fit_the_viewport(
    browser: Any, base_url: str, viewport: str, scheme: str, tmp_path: Path
) -> None:
    """Screenshots to look at; the page never scrolls sideways, wide tables scroll inside."""
    folder = Path(os.environ.get("SPOTDIFF_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    context, watch = _context(browser, viewport=VIEWPORTS[viewport], color_scheme=scheme)
    page = context.new_page()
    expected_background = {"light": "rgb(255, 255, 255)", "dark": "rgb(16, 20, 24)"}[scheme]
    for page_type in ("index", "breakdown", "submission", "item"):
        page.goto(base_url + PAGE_TYPES[page_type])
        page.screenshot(path=str(folder / f"{page_type}-{viewport}-{scheme}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORTS[viewport]["width"], f"{page_type} scrolls sideways"
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == expected_background
    assert watch.problems == []
    context.close()
