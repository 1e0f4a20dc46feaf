"""The static leaderboard site, read as files: pages, links, escaping, determinism.

The browser-side checks (sorting, axe, images, requests) are in
test_site_browser.py; here the HTML is parsed as a crawler would parse it.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from conftest import REPO
from site_data import (
    HOSTILE_ID,
    HOSTILE_NAME,
    PARTIAL_ID,
    SiteInput,
    render_test_site,
)

from spotdiff_eval.errors import SpotDiffError
from spotdiff_eval.leaderboard.site import render_site
from spotdiff_eval.leaderboard.site_charts import outlines, score_chart
from spotdiff_eval.leaderboard.site_markdown import render_notes
from spotdiff_eval.leaderboard.site_text import http_url

BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


class Page(HTMLParser):
    """Tags with their attributes, ids, and the text, of one HTML page."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    @property
    def ids(self) -> set[str]:
        return {a["id"] for _, a in self.tags if a.get("id")}

    def urls(self) -> list[tuple[str, str]]:
        """(tag, url) of every href and src."""
        return [(t, a[k]) for t, a in self.tags for k in ("href", "src") if a.get(k) is not None]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[SiteInput, Path]:
    out = tmp_path_factory.mktemp("site")
    return render_test_site(tmp_path_factory.mktemp("inputs"), out), out


@pytest.fixture(scope="module")
def inputs(built: tuple[SiteInput, Path]) -> SiteInput:
    return built[0]


@pytest.fixture(scope="module")
def site(built: tuple[SiteInput, Path]) -> Path:
    return built[1]


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_writes_every_page_asset_and_image(site: Path, inputs: SiteInput) -> None:
    data = inputs.data
    expected = {"index.html", "breakdown.html", "matrix.html", "assets/site.css", "assets/site.js"}
    expected |= {f"submissions/{e['submission_id']}.html" for e in data["entries"]}
    expected |= {f"items/{i['item_id']}.html" for i in data["items"]}
    expected |= {i["image"] for i in data["items"]}
    written = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert expected <= written
    for image, source in inputs.images.items():
        assert (site / image).read_bytes() == source.read_bytes()


def test_index_lists_entries_in_rank_order_with_permalinks(site: Path, inputs: SiteInput) -> None:
    page = Page((site / "index.html").read_text(encoding="utf-8"))
    row_ids = [
        a["id"] for t, a in page.tags if t == "tr" and (a.get("id") or "").startswith("sub-")
    ]
    assert row_ids == [f"sub-{e['submission_id']}" for e in inputs.data["entries"]]
    links = {url for tag, url in page.urls() if tag == "a"}
    for entry in inputs.data["entries"]:
        assert f"submissions/{entry['submission_id']}.html" in links
    # Without JavaScript the order is the rank order, and the Rank heading says so.
    headings = [a for t, a in page.tags if t == "th" and "data-sort" in a]
    assert [h.get("aria-sort") for h in headings].count("ascending") == 1


def test_standings_rows_carry_numbers_not_drawings(site: Path, inputs: SiteInput) -> None:
    """The interval is text (site.js draws its bar); recall by kind and the chart live
    on breakdown.html: a 500-entry standings page stays under 150 KB."""
    text = (site / "index.html").read_text(encoding="utf-8")
    board = text[text.index('<table class="board"') : text.index("</table>")]
    body = Page(board.split("</thead>")[1])
    assert "svg" not in {t for t, _ in body.tags}
    assert [a for t, a in body.tags if t == "td" and a] == []  # no classes (no usage columns)
    for entry in inputs.data["entries"]:
        low, high = entry["confidence_intervals"]["overall_score"]
        assert f"<td>{100 * low:.1f}–{100 * high:.1f}<td>" in board
    page = Page(text)
    assert not [a for t, a in page.tags if "kinds" in a.get("class", "") or t == "figure"]
    assert "breakdown.html" in {url for tag, url in page.urls() if tag == "a"}


def test_breakdown_page_has_recall_by_kind_and_the_chart(site: Path, inputs: SiteInput) -> None:
    page = Page((site / "breakdown.html").read_text(encoding="utf-8"))
    tables = [a for t, a in page.tags if t == "table"]
    assert [a["class"] for a in tables] == ["kinds"]
    rows = [a for t, a in page.tags if t == "tr"]
    assert len(rows) == 1 + len(inputs.data["entries"])  # the heading, then every entry
    circles = [a for t, a in page.tags if t == "circle"]
    assert len(circles) == len(inputs.data["entries"])
    headings = [a for t, a in page.tags if t == "th" and "data-sort" in a]
    assert [h.get("aria-sort") for h in headings].count("ascending") == 1
    current = [a for t, a in page.tags if t == "a" and a.get("aria-current") == "page"]
    assert [a["href"] for a in current] == ["breakdown.html"]


def test_every_internal_link_resolves_and_all_links_are_relative(site: Path) -> None:
    checked = 0
    for path in html_files(site):
        page = Page(path.read_text(encoding="utf-8"))
        for tag, url in page.urls():
            parts = urlsplit(url)
            if parts.scheme:
                # Only plain links may leave the site, never a resource it loads.
                assert tag == "a" and parts.scheme == "https", (path, url)
                continue
            assert not url.startswith(("/", "\\")), f"{path}: absolute path {url}"
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            assert target.is_relative_to(site.resolve()), f"{path}: {url} leaves the site"
            assert target.is_file(), f"{path}: {url} does not resolve"
            if parts.fragment and target.suffix == ".html":
                ids = Page(target.read_text(encoding="utf-8")).ids
                assert parts.fragment in ids, f"{path}: no #{parts.fragment} in {target.name}"
            checked += 1
    assert checked > 100


def test_site_is_self_contained(site: Path) -> None:
    css = (site / "assets" / "site.css").read_text(encoding="utf-8")
    js = (site / "assets" / "site.js").read_text(encoding="utf-8")
    # The SVG namespace is a name for createElementNS, never fetched.
    js = js.replace('"http://www.w3.org/2000/svg"', "SVG_NAMESPACE", 1)
    assert "@import" not in css and "url(" not in css
    for word in ("fetch(", "XMLHttpRequest", "http:", "https:", "eval(", "innerHTML"):
        assert word not in js
    for path in html_files(site):
        page = Page(path.read_text(encoding="utf-8"))
        for tag, attrs in page.tags:
            if tag in ("script", "link", "img", "iframe", "object", "embed", "source"):
                url = attrs.get("src") or attrs.get("href") or ""
                assert url and not urlsplit(url).scheme, f"{path}: {tag} loads {url!r}"
            assert "style" not in attrs, f"{path}: inline style on <{tag}>"
        csp = [
            a["content"] for t, a in page.tags if a.get("http-equiv") == "Content-Security-Policy"
        ]
        assert csp and "default-src 'none'" in csp[0] and "'unsafe-inline'" not in csp[0]


def test_hostile_submission_renders_as_inert_text(site: Path, inputs: SiteInput) -> None:
    raw_name_html = "<script>window.pwned=1</script>"
    for path in html_files(site):
        text = path.read_text(encoding="utf-8")
        assert raw_name_html not in text
        assert not BIDI.search(text), f"{path} carries a raw bidi control"
        page = Page(text)
        for tag, attrs in page.tags:
            assert not any(name.startswith("on") for name in attrs), (path, tag, attrs)
            if tag == "script":
                assert attrs.get("src", "").startswith(("assets/", "../assets/")), (path, attrs)
            for key in ("href", "src"):
                value = (attrs.get(key) or "").strip().lower()
                assert not value.startswith(("javascript:", "data:", "vbscript:")), (path, attrs)

    page = Page((site / "submissions" / f"{HOSTILE_ID}.html").read_text(encoding="utf-8"))
    shown = "".join(page.text)
    # The name is shown as written, with its newline and bidi override made visible.
    visible = HOSTILE_NAME.replace("\n", "\\n").replace("\u202e", "\\u202e")
    assert visible in shown
    assert "<b>model card</b>" in shown  # a label, as text, without its javascript: link
    assert "<script>window.pwned=3</script>" in shown  # the notes' raw HTML, as text
    anchors = [a for t, a in page.tags if t == "a" and "href" in a]
    external = [a for a in anchors if urlsplit(a["href"]).scheme]
    assert {a["href"] for a in external} == {
        "https://example.org/paper",
        "https://example.org/model?a=1&b=2",
    }
    for a in external:
        assert {"nofollow", "noopener"} <= set(a.get("rel", "").split())
    # Markdown in the notes still works: bold is bold.
    assert ("strong", {}) in page.tags


def test_hostile_strings_do_not_break_table_rows(site: Path) -> None:
    """A '|' or newline in a name must not change the shape of the standings table."""
    text = (site / "index.html").read_text(encoding="utf-8")
    board = text[text.index('<table class="board"') : text.index("</table>")]
    rows = re.findall(r"<tr[ >].*?</tr>", board, flags=re.S)
    rows = [row for row in rows if 'scope="rowgroup"' not in row]  # "Reference rows" heading
    cells = {len(re.findall(r"<t[hd][ >]", row)) for row in rows}
    assert len(rows) == 5 and cells == {10}  # no run records: no usage columns


def test_same_data_gives_byte_identical_files(
    site: Path, inputs: SiteInput, tmp_path: Path
) -> None:
    """Rendered again in another process with another hash seed: the same bytes."""
    doc = tmp_path / "inputs.json"
    doc.write_text(
        json.dumps(
            {
                "data": inputs.data,
                "reports": inputs.reports,
                "images": {k: str(v) for k, v in inputs.images.items()},
            }
        ),
        encoding="utf-8",
    )
    out = tmp_path / "again"
    out.mkdir()
    script = (
        "import json, sys; from pathlib import Path\n"
        "from spotdiff_eval.leaderboard.site import render_site\n"
        "d = json.loads(Path(sys.argv[1]).read_text())\n"
        "render_site(d['data'], d['reports'], {k: Path(v) for k, v in d['images'].items()},"
        " Path(sys.argv[2]))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-c", script, doc, out], env=env, check=True, timeout=120)
    again = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert again
    for relative, content in again.items():
        assert (site / relative).read_bytes() == content, relative


def test_item_page_outlines_each_located_difference_in_both_panels(
    site: Path, inputs: SiteInput
) -> None:
    item = next(i for i in inputs.data["items"] if i["panel_boxes"])
    page = Page((site / "items" / f"{item['item_id']}.html").read_text(encoding="utf-8"))
    rects = [a for t, a in page.tags if t == "rect"]
    located = [d for d in item["differences"] if d["bbox"]]
    assert len(rects) == 2 * len(located)
    (left, top, *_), (left2, top2, *_) = item["panel_boxes"]
    x0, y0, x1, y1 = located[0]["bbox"]
    assert {"x": str(left + x0), "y": str(top + y0)}.items() <= rects[0].items()
    assert {"x": str(left2 + x0), "y": str(top2 + y0)}.items() <= rects[1].items()
    assert rects[0]["width"] == str(x1 - x0) and rects[0]["height"] == str(y1 - y0)
    svg = next(a for t, a in page.tags if t == "svg" and "overlay" in a.get("class", ""))
    img = next(a for t, a in page.tags if t == "img")
    assert svg["viewbox"] == f"0 0 {img['width']} {img['height']}"
    assert img["alt"]
    # Every difference has a permalink anchor.
    assert {f"d-{d['id']}" for d in item["differences"]} <= page.ids


def test_item_without_panel_boxes_or_bbox_is_listed_without_outline(
    inputs: SiteInput, tmp_path: Path
) -> None:
    data = copy.deepcopy(inputs.data)
    data["items"][0]["panel_boxes"] = None
    data["items"][1]["differences"][0]["bbox"] = None
    render_site(data, inputs.reports, inputs.images, tmp_path)
    first = (tmp_path / "items" / f"{data['items'][0]['item_id']}.html").read_text("utf-8")
    assert '<svg class="overlay"' not in first
    assert first.count("not outlined") == len(data["items"][0]["differences"])
    second = (tmp_path / "items" / f"{data['items'][1]['item_id']}.html").read_text("utf-8")
    assert second.count("not outlined") == 1
    assert second.count("<rect ") == 2 * (len(data["items"][1]["differences"]) - 1)


def test_outlines_stay_legible_at_the_image_edge() -> None:
    shapes = outlines([{"bbox": [0, 0, 10, 10]}], [[0, 0, 100, 50], [100, 0, 200, 50]], (200, 50))
    assert [(s.x, s.y) for s in shapes] == [(0, 0), (100, 0)]
    radius = 9.0  # the smallest badge
    assert shapes[0].label_x == radius and shapes[0].label_y == radius


def test_matrix_has_a_cell_per_item_and_submission(site: Path, inputs: SiteInput) -> None:
    text = (site / "matrix.html").read_text(encoding="utf-8")
    body = text[text.index("<tbody>") : text.index("</tbody>")]
    rows = re.findall(r"<tr id=\"row-.*?</tr>", body)
    assert len(rows) == len(inputs.data["items"])
    for row in rows:
        # a row header, the pooled column, then one cell per entry
        assert len(re.findall(r"<td", row)) == 1 + len(inputs.data["entries"])
    # The empty baseline answered nothing: every one of its cells says so.
    assert body.count(">n/a<") >= len(inputs.data["items"])


def test_submission_page_shows_found_missed_and_extra_per_image(
    site: Path, inputs: SiteInput
) -> None:
    report = inputs.reports[PARTIAL_ID]
    text = (site / "submissions" / f"{PARTIAL_ID}.html").read_text(encoding="utf-8")
    totals = {k: sum(len(i[k]) for i in report["items"]) for k in ("matched", "missed", "extra")}
    assert all(totals.values())  # the partial model leaves something of each to show
    assert (
        f"{totals['matched']} golden differences found, {totals['missed']} missed, "
        f"{totals['extra']} extra predictions"
    ) in text
    for item in report["items"]:
        row = re.search(rf'<tr id="item-{re.escape(item["item_id"])}">(.*?)</tr>', text, re.S)
        assert row, item["item_id"]
        found, missed, extra = re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)[:3]
        cells = {"matched": found, "missed": missed, "extra": extra}
        for key in ("matched", "missed"):
            hrefs = set(re.findall(r'href="([^"]+)"', cells[key]))
            expected = {f"../items/{item['item_id']}.html#d-{g['gold_id']}" for g in item[key]}
            assert hrefs == expected, (item["item_id"], key)
        for x in item["extra"]:
            index = x["prediction_index"]
            shown = f'<bdi>{x["subject"]}</bdi> <span class="muted">(prediction #{index},'
            assert shown in cells["extra"]
        assert ("not answered" in row.group(1)) is (not item["answered"])
    assert f'<a href="../reports/{PARTIAL_ID}.json"' in text


def test_chart_places_points_by_date_and_score(inputs: SiteInput) -> None:
    entries = inputs.data["entries"]
    chart = score_chart(entries)
    assert chart is not None and len(chart.points) == len(entries)
    by_date = sorted(zip(entries, chart.points, strict=True), key=lambda p: p[0]["date"])
    xs = [p.x for _, p in by_date]
    assert xs == sorted(xs) and chart.left < xs[0] and xs[-1] < chart.right
    perfect = next(p for e, p in zip(entries, chart.points, strict=True) if e["baseline"])
    assert perfect.y == chart.top
    # One date only: the points sit in the middle instead of dividing by zero.
    single = score_chart([{**e, "date": "2026-01-01"} for e in entries])
    assert single is not None
    assert {p.x for p in single.points} == {(single.left + single.right) / 2}


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31"])
def test_one_date_at_the_end_of_the_calendar_still_makes_a_chart(
    inputs: SiteInput, day: str
) -> None:
    """Padding a lone date by days once went past the calendar and stopped the build."""
    chart = score_chart([{**e, "date": day} for e in inputs.data["entries"]])
    assert chart is not None
    assert day in {tick.label for tick in chart.x_ticks}
    xs = {p.x for p in chart.points}
    assert len(xs) == 1 and chart.left < xs.pop() < chart.right


@pytest.mark.parametrize(
    "url",
    ["https://example.org/x?a=1", "http://example.org", "HTTPS://EXAMPLE.ORG/"],
)
def test_http_urls_are_links(url: str) -> None:
    assert http_url(url) == url


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "java\tscript:alert(1)",
        " javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:x",
        "//evil.example/x",
        "/absolute",
        "https://exa\u202emple.org",
        "https://",
        "",
        None,
    ],
)
def test_other_urls_are_not_links(url: Any) -> None:
    assert http_url(url) is None


def test_notes_allow_markdown_but_no_markup() -> None:
    html = str(
        render_notes(
            "**bold** <em>raw</em>\n\n[x](javascript:alert(1)) [y](data:text/html,z) "
            "[z](../index.html) ![pic](https://example.org/p.png) <https://example.org/a>\n\n"
            "    <script>alert(1)</script>\n\nrtl \u202eoverride"
        )
    )
    assert "<strong>bold</strong>" in html
    assert "&lt;em&gt;raw&lt;/em&gt;" in html
    assert "<img" not in html and "<script" not in html
    hrefs = re.findall(r'href="([^"]*)"', html)
    assert hrefs == ["https://example.org/a"]
    assert 'rel="nofollow noopener noreferrer"' in html
    assert "\u202e" not in html and "\\u202e" in html
    assert str(render_notes("")) == "" and str(render_notes("   \n")) == ""


def _refused(inputs: SiteInput, tmp_path: Path, change: Any) -> SpotDiffError:
    data, reports, images = copy.deepcopy(inputs.data), dict(inputs.reports), dict(inputs.images)
    change(data, reports, images)
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(SpotDiffError) as caught:
        render_site(data, reports, images, out)
    assert list(out.iterdir()) == [], "nothing is written before the data is checked"
    return caught.value


def test_refuses_a_submission_id_that_could_escape_the_folder(
    inputs: SiteInput, tmp_path: Path
) -> None:
    def change(data: dict, reports: dict, images: dict) -> None:
        data["entries"][1]["submission_id"] = "../evil"

    error = _refused(inputs, tmp_path, change)
    assert error.one_line() == (
        "leaderboard.json: /entries/1/submission_id: '../evil' is not a valid submission id"
    )


def test_refuses_an_image_path_outside_images(inputs: SiteInput, tmp_path: Path) -> None:
    def change(data: dict, reports: dict, images: dict) -> None:
        data["items"][2]["image"] = "images/../index.html"

    error = _refused(inputs, tmp_path, change)
    assert error.one_line() == (
        "leaderboard.json: /items/2/image: 'images/../index.html' is not of the form images/<file>"
    )


def test_refuses_an_entry_without_report(inputs: SiteInput, tmp_path: Path) -> None:
    def change(data: dict, reports: dict, images: dict) -> None:
        del reports[PARTIAL_ID]

    error = _refused(inputs, tmp_path, change)
    assert error.one_line() == f"reports/{PARTIAL_ID}.json: no report for this submission"


def test_refuses_found_by_naming_an_unknown_submission(inputs: SiteInput, tmp_path: Path) -> None:
    def change(data: dict, reports: dict, images: dict) -> None:
        data["items"][0]["differences"][0]["found_by"].append("ghost-model")

    error = _refused(inputs, tmp_path, change)
    assert error.one_line() == (
        "leaderboard.json: /items/0/differences/0/found_by: "
        "names submissions that are not entries: ghost-model"
    )


def test_refuses_an_image_that_does_not_decode(inputs: SiteInput, tmp_path: Path) -> None:
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not a png")
    data = inputs.data
    images = {**inputs.images, data["items"][0]["image"]: broken}
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(SpotDiffError) as caught:
        render_site(data, inputs.reports, images, out)
    assert caught.value.file == str(broken)
    assert caught.value.what.startswith("cannot read the item image")


def test_image_file_names_are_quoted_in_links(inputs: SiteInput, tmp_path: Path) -> None:
    data = copy.deepcopy(inputs.data)
    source = inputs.images[data["items"][0]["image"]]
    data["items"][0]["image"] = "images/park #1?.png"
    images = {**inputs.images, "images/park #1?.png": source}
    render_site(data, inputs.reports, images, tmp_path)
    assert (tmp_path / "images" / "park #1?.png").is_file()
    text = (tmp_path / "items" / f"{data['items'][0]['item_id']}.html").read_text("utf-8")
    assert 'src="../images/park%20%231%3F.png"' in text


def test_empty_leaderboard_renders(inputs: SiteInput, tmp_path: Path) -> None:
    data = copy.deepcopy(inputs.data)
    data["entries"] = []
    for item in data["items"]:
        for difference in item["differences"]:
            difference["found_by"] = []
    render_site(data, {}, inputs.images, tmp_path)
    assert "No submissions yet." in (tmp_path / "index.html").read_text("utf-8")
    assert (tmp_path / "matrix.html").is_file()


def test_wheel_carries_the_site_templates(tmp_path: Path) -> None:
    """An installed (non-editable) package renders the site from its own copy."""
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(wheels), str(REPO)],
        check=True, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    (wheel,) = wheels.glob("spotdiff_eval-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = REPO / "site_templates" / "site"
    for path in templates.rglob("*"):
        if path.is_file():
            relative = path.relative_to(REPO / "site_templates").as_posix()
            assert f"spotdiff_eval/_data/site_templates/{relative}" in names
    assert "spotdiff_eval/leaderboard/site.py" in names
