"""Leaderboard computation: standings, the report cache, the data document, Markdown and CSV."""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import cmarkgfm
import numpy as np
import pytest
from cmarkgfm.cmark import Options
from conftest import ITEMS, write_json
from leaderboard_helpers import (
    HOSTILE_NAME,
    HOSTILE_NOTES,
    HOSTILE_ORG,
    copy_tree,
    half_right,
    make_submission,
    perfect,
    read,
    standard_submissions,
    tampered,
)

import spotdiff_eval
from spotdiff_eval import evaluate_files, load_dataset
from spotdiff_eval.datasets import Predictions, load_predictions
from spotdiff_eval.datasets._jsonio import dumps_layered
from spotdiff_eval.datasets._schema import validate_document
from spotdiff_eval.leaderboard import scoring
from spotdiff_eval.leaderboard.build import compute_leaderboard
from spotdiff_eval.leaderboard.cache import ContentCache
from spotdiff_eval.leaderboard.csv_export import guard, render_csv
from spotdiff_eval.leaderboard.markdown import cell, render_one_board
from spotdiff_eval.leaderboard.run_facts import USAGE_KIND
from spotdiff_eval.leaderboard.scoring import (
    REPORT_KIND,
    report_key,
    scorer_source_digest,
    source_digest,
)
from spotdiff_eval.leaderboard.standings import compute_standings, interval_excludes_zero
from spotdiff_eval.scoring._metrics import Counts

# -- standings on constructed cases --------------------------------------------------

N_ITEMS = 40


def finds(found: set[int]) -> list[Counts]:
    """40 items with one golden difference and one prediction each; ``found`` are right."""
    return [
        Counts(gold=1, predicted=1, matched=int(i in found), fully_correct=int(i in found),
               detail_sum=float(i in found))
        for i in range(N_ITEMS)
    ]  # fmt: skip


def score(per_item: list[Counts]) -> float:
    found = sum(c.matched for c in per_item) / N_ITEMS
    return 0.6 * found + 0.25 * found + 0.15 * (1.0 if found else 0.0)


def standings_of(per_item: dict[str, list[Counts]]) -> dict[str, tuple[int, int, int, int]]:
    scores = {sid: score(c) for sid, c in per_item.items()}
    return {
        s.submission_id: (s.rank, s.rank_low, s.rank_high, s.group)
        for s in compute_standings(scores, per_item)
    }


def test_identical_submissions_tie() -> None:
    same = finds(set(range(25)))
    assert standings_of({"b-model": same, "a-model": list(same)}) == {
        "a-model": (1, 1, 2, 1),
        "b-model": (1, 1, 2, 1),
    }


def test_a_clearly_better_entry_ranks_alone() -> None:
    # The two weaker entries differ on two items only: no resample can tell them
    # apart with confidence, while the best one is ahead on 20 items.
    result = standings_of(
        {
            "best": finds(set(range(38))),
            "mid-1": finds(set(range(18))),
            "mid-2": finds(set(range(16))),
        }
    )
    assert result == {"best": (1, 1, 1, 1), "mid-1": (2, 2, 3, 2), "mid-2": (3, 2, 3, 2)}


def test_groups_are_anchored_on_their_top_entry() -> None:
    """A ~ B and B ~ C, but A beats C: C must not join A's group through B.

    Nested answers differing on k items: a resample misses all k with
    probability about e^-k, so k = 3 (5%) is not significant at 95% and
    k = 6 (0.25%) is.
    """
    result = standings_of(
        {"a": finds(set(range(26))), "b": finds(set(range(23))), "c": finds(set(range(20)))}
    )
    assert result == {"a": (1, 1, 2, 1), "b": (2, 1, 3, 1), "c": (3, 2, 3, 2)}


@pytest.mark.parametrize("seed", range(5))
def test_sign_counting_agrees_with_numpy_quantiles(seed: int) -> None:
    """The fast significance test equals ``np.quantile`` even on ties, zeros and near-misses."""
    rng = np.random.default_rng(seed)
    rows = []
    for at_most_zero in range(60):  # resamples where the first entry is not ahead
        for scale, behind in ((1.0, 3), (1e-9, 3), (1.0, 2000)):
            row = rng.integers(1, 30, size=1000) * scale
            # Far behind on a few resamples: the interpolated quantile can then be
            # below 0 even though its upper neighbour is above.
            row[:at_most_zero] = rng.integers(-behind, 1, size=at_most_zero) * scale
            row = rng.permutation(row)
            rows += [row, -row]
    diff = np.array(rows)
    low, high = np.quantile(diff, [0.025, 0.975], axis=1, method="linear")
    low_above, high_below = interval_excludes_zero(diff)
    assert (low_above == (low > 0)).all()
    assert (high_below == (high < 0)).all()
    assert low_above.any() and high_below.any() and not (low_above | high_below).all()


def test_standings_ignore_input_order() -> None:
    per_item = {f"m{i}": finds(set(range(10 + 3 * i))) for i in range(6)}
    forward = compute_standings({k: score(v) for k, v in per_item.items()}, per_item)
    backward_items = dict(reversed(per_item.items()))
    backward = compute_standings({k: score(v) for k, v in backward_items.items()}, backward_items)
    assert forward == backward
    assert [s.submission_id for s in forward] == [f"m{i}" for i in range(5, -1, -1)]


# -- the build's data on the tiny dataset ---------------------------------------------


@pytest.fixture
def submissions(tmp_path: Path) -> Path:
    folder = tmp_path / "submissions"
    standard_submissions(folder)
    return folder


def test_data_document_follows_the_schema_and_the_scorer(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    board = compute_leaderboard(submissions, dataset_manifest, cache_dir=tmp_path / "cache")
    data = board.data
    validate_document(data, "leaderboard", "leaderboard.json")
    entries = {e["submission_id"]: e for e in data["entries"]}
    assert [e["submission_id"] for e in data["entries"]] == [
        "acme-perfect",
        "zeta-perfect",
        "beta-half",
    ]
    half = evaluate_files(dataset_manifest, submissions / "beta-half" / "predictions.json")
    assert entries["beta-half"]["metrics"]["recall"] == round(half.metrics.recall, 6)
    assert entries["beta-half"]["items_answered"] == 2
    assert entries["acme-perfect"]["rank"] == entries["zeta-perfect"]["rank"] == 1
    assert entries["acme-perfect"]["rank_high"] == 3  # two items cannot separate anything
    assert entries["zeta-perfect"]["date"] == "2025-04-01"
    park, kitchen = data["items"]
    assert park["image"] == "images/scene_0001_park.png"
    assert board.images[park["image"]] == dataset_manifest.parent / "images/scene_0001_park.png"
    assert park["panel_boxes"] == [[0, 0, 100, 100], [100, 0, 200, 100]]
    assert kitchen["panel_boxes"] is None
    assert [d["found_by"] for d in park["differences"]] == [
        ["acme-perfect", "zeta-perfect", "beta-half"]
    ] * 2
    assert kitchen["differences"][0]["found_by"] == ["acme-perfect", "zeta-perfect"]
    assert park["differences"][0]["bbox"] == ITEMS["scene_0001_park"]["differences"][0]["bbox"]


def test_unchanged_submissions_come_from_the_cache(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    cache_dir = tmp_path / "cache"
    first = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    assert first.rescored == 3
    assert len(list((cache_dir / REPORT_KIND).iterdir())) == 3

    # Proof that the second build reads the cache instead of scoring: a report
    # planted under the half-right entry's key is what the leaderboard shows.
    half = next(s for s in first.scored if s.submission_id == "beta-half")
    key = report_key(load_dataset(dataset_manifest), half.submission.predictions_sha256)
    ContentCache(cache_dir).put_text(
        REPORT_KIND, key, dumps_layered(tampered(half.report, 0.123456))
    )
    second = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    assert second.rescored == 0
    entries = {e["submission_id"]: e for e in second.data["entries"]}
    assert entries["beta-half"]["metrics"]["overall_score"] == 0.123456

    # A changed file is scored again; the others still come from the cache.
    write_json(submissions / "beta-half" / "predictions.json", perfect("beta-half"))
    third = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    assert {s.submission_id: s.from_cache for s in third.scored} == {
        "acme-perfect": True,
        "beta-half": False,
        "zeta-perfect": True,
    }
    assert len(list((cache_dir / REPORT_KIND).iterdir())) == 4


def test_a_damaged_cache_entry_is_scored_again(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    cache_dir = tmp_path / "cache"
    fresh = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    for path in (cache_dir / REPORT_KIND).iterdir():
        path.write_text('{"schema_version": "1.0"', encoding="utf-8")
    again = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    assert again.rescored == 3
    assert again.data == fresh.data
    assert all(read(p)["metrics"] for p in (cache_dir / REPORT_KIND).iterdir())


#: A free-form run record, and the usage the data document shows for it.
RUN = {
    "totals": {"input_tokens": 1200, "output_tokens": 300, "cost_usd": 0.25},
    "items": [{"status": "ok", "latency_ms": 1500}, {"status": "ok", "latency_ms": 2500}],
}
RUN_USAGE = {
    "input_tokens": 1200,
    "output_tokens": 300,
    "median_latency_ms": 2000,
    "cost_usd": 0.25,
}


def usage_of(board, submission_id: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return next(e["usage"] for e in board.data["entries"] if e["submission_id"] == submission_id)


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Each predictions file the leaderboard's scoring loads; each is removed once loaded.

    A usage read from anything but the loaded predictions finds no file and
    shows no usage.
    """
    loaded: list[Path] = []

    def load_then_remove(path: Path, **kwargs: Any) -> Predictions:
        predictions = load_predictions(path, **kwargs)
        loaded.append(Path(path))
        Path(path).unlink()
        return predictions

    monkeypatch.setattr(scoring, "load_predictions", load_then_remove)
    return loaded


def test_run_usage_comes_from_the_predictions_loaded_for_scoring(
    submissions: Path, dataset_manifest: Path, tmp_path: Path, loads: list[Path]
) -> None:
    make_submission(submissions, "runner-model", {**half_right("runner-model"), "run": RUN})
    board = compute_leaderboard(submissions, dataset_manifest, cache_dir=tmp_path / "cache")
    assert usage_of(board, "runner-model") == RUN_USAGE
    assert set(usage_of(board, "beta-half").values()) == {None}
    assert sorted(p.parent.name for p in loads) == [s.submission_id for s in board.scored]


def test_a_cached_report_without_cached_usage_loads_its_predictions_once(
    submissions: Path, dataset_manifest: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_submission(submissions, "runner-model", {**half_right("runner-model"), "run": RUN})
    cache_dir = tmp_path / "cache"
    fresh = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    warm = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    assert warm.rescored == 0 and warm.data == fresh.data
    shutil.rmtree(cache_dir / USAGE_KIND)
    loaded: list[str] = []

    def counted(path: Path, **kwargs: Any) -> Predictions:
        loaded.append(Path(path).parent.name)
        return load_predictions(path, **kwargs)

    monkeypatch.setattr(scoring, "load_predictions", counted)
    again = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir)
    assert again.rescored == 0 and again.data == fresh.data
    assert usage_of(again, "runner-model") == RUN_USAGE
    assert sorted(loaded) == [s.submission_id for s in again.scored]
    loaded.clear()
    assert (
        compute_leaderboard(submissions, dataset_manifest, cache_dir=cache_dir).data == fresh.data
    )
    assert loaded == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_run_usage_is_the_same_whatever_the_worker_count(
    submissions: Path, dataset_manifest: Path, jobs: int
) -> None:
    make_submission(submissions, "runner-model", {**half_right("runner-model"), "run": RUN})
    board = compute_leaderboard(submissions, dataset_manifest, jobs=jobs)
    assert usage_of(board, "runner-model") == RUN_USAGE


def test_same_bytes_whatever_the_listing_order_or_hash_seed(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    names = sorted(p.name for p in submissions.iterdir())
    outputs = []
    for n, (order, seed) in enumerate([(names, "0"), (names[::-1], "12345")]):
        tree = tmp_path / f"tree{n}"
        copy_tree(submissions, tree, order)
        code = (
            "import sys; from pathlib import Path;"
            "from spotdiff_eval.leaderboard.build import compute_leaderboard;"
            "from spotdiff_eval.leaderboard.csv_export import guard, render_csv;"
            "from spotdiff_eval.datasets._jsonio import dumps_canonical;"
            "b = compute_leaderboard(Path(sys.argv[1]), Path(sys.argv[2]));"
            "from spotdiff_eval.leaderboard.markdown import render_one_board;"
            "md = render_one_board(b);"
            "sys.stdout.write(md + dumps_canonical(b.data) + render_csv(b.data))"
        )
        result = subprocess.run(
            [sys.executable, "-c", code, str(tree), str(dataset_manifest)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=True,
        )
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    assert "acme-perfect" in outputs[0]


# -- LEADERBOARD.md escaping ------------------------------------------------------------


class _Table(HTMLParser):
    """Elements, links and table cells of the HTML GitHub would make of LEADERBOARD.md."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.hrefs: list[str] = []
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "a":
            self.hrefs.append(dict(attrs).get("href") or "")
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def github_html(markdown: str) -> _Table:
    # UNSAFE keeps raw HTML instead of dropping it, so escaping is what is tested.
    html = cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)
    table = _Table()
    table.feed(html)
    return table


def test_hostile_submission_renders_as_inert_text_in_leaderboard_md(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    make_submission(
        submissions,
        "evil-entry",
        half_right(HOSTILE_NAME),
        organisation=HOSTILE_ORG,
        notes=HOSTILE_NOTES,
        model={"name": HOSTILE_NAME, "version": "v|2\n<b>"},  # replaces the default
    )
    board = compute_leaderboard(submissions, dataset_manifest)
    markdown = render_one_board(board)
    table = github_html(markdown)

    assert set(table.tags) <= {"h1", "h2", "p", "blockquote", "a", "code", "strong", "table",
                               "thead", "tbody", "tr", "th", "td", "ol", "li", "pre"}  # fmt: skip
    site_links = [h for h in table.hrefs if h.startswith("site/board/submissions/")]
    assert sorted(site_links) == sorted(
        f"site/board/submissions/{s}.html" for s in ("acme-perfect", "beta-half", "evil-entry",
                                                 "zeta-perfect")
    )  # fmt: skip
    assert all(h.startswith("site/") for h in table.hrefs)
    assert all(len(row) == 10 for row in table.rows)  # no cell broke out of its row
    assert len(table.rows) == 5
    evil_row = next(row for row in table.rows if "alert(1)" in row[1])
    shown_name = (
        HOSTILE_NAME.replace("\n", " ").replace("\u202e", "\\u202e").replace("\u2066", "\\u2066")
    )
    assert evil_row[1].startswith(f"{shown_name} v|2 <b>")
    assert evil_row[1].endswith("Evil</td><td>Corp | www.evil.example @team &amp; \\ \\u202a")
    for forbidden in ("\u202e", "\u2066", "\u202a"):
        assert forbidden not in markdown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a|b", "a\\|b"),
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
        ("line\nbreak\r\nend", "line break end"),
        ("https://evil.example", "https\\://evil.example"),
        ("www.evil.example", "www\\.evil.example"),
        ("\u202egnp.exe", "\\\\u202egnp.exe"),
        ("zero\u200bwidth\ufeffbom\u00adsoft", "zero?width?bom?soft"),
        ("back\\slash `code`", "back\\\\slash \\`code\\`"),
        ("$$\\Huge{WIN}$$ and $x^{9}$", "\\$\\$\\\\Huge{WIN}\\$\\$ and \\$x^{9}\\$"),
    ],
)
def test_cell_escaping(text: str, shown: str) -> None:
    assert cell(text) == shown


# -- leaderboard.csv --------------------------------------------------------------------


def test_csv_guards_against_formula_injection(submissions: Path, dataset_manifest: Path) -> None:
    name = '=HYPERLINK("https://evil.example","x")'
    make_submission(submissions, "formula-entry", half_right(name), organisation="@SUM(A1)")
    board = compute_leaderboard(submissions, dataset_manifest)
    rows = list(csv.DictReader(io.StringIO(render_csv(board.data), newline="")))
    row = next(r for r in rows if r["submission_id"] == "formula-entry")
    assert row["model"] == "'" + name
    assert row["organisation"] == "'@SUM(A1)"
    assert [r["submission_id"] for r in rows] == [e["submission_id"] for e in board.data["entries"]]
    plain = next(r for r in rows if r["submission_id"] == "acme-perfect")
    # Two items cannot separate anything: every entry could hold any of the 4 places.
    assert (plain["model"], plain["overall_score"], plain["rank_high"]) == (
        "acme-perfect",
        "1.0",
        "4",
    )


@pytest.mark.parametrize(
    "name",
    [
        "GPT-x;=cmd|'/c calc'!A1",  # a semicolon locale splits here (red team round 11)
        "model, =1+1",
        "model\t+SUM(A1)",
        "model |@x",
    ],
)
def test_csv_guards_formulas_after_a_separator_and_quotes_every_text(
    submissions: Path, dataset_manifest: Path, name: str
) -> None:
    make_submission(submissions, "semicolon-entry", half_right(name))
    text = render_csv(compute_leaderboard(submissions, dataset_manifest).data)
    row = next(r for r in csv.DictReader(io.StringIO(text, newline="")) if "'" in r["model"])
    assert row["model"] == "'" + name
    line = next(line for line in text.split("\r\n") if "semicolon-entry" in line)
    # quoted, so a spreadsheet splitting lines at ";" keeps the cell whole
    assert '"' + "'" + name + '"' in line


def test_a_scoring_change_without_a_version_bump_misses_the_report_cache(tmp_path: Path) -> None:
    """Red team round 11: the key held only the version, so such a change reused old reports."""
    package = tmp_path / "copy" / "spotdiff_eval"
    shutil.copytree(
        Path(spotdiff_eval.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__")
    )
    original = source_digest(package)
    assert original == scorer_source_digest()  # the copy is this scorer
    site = package / "leaderboard" / "site.py"
    site.write_text(site.read_text() + "\n# not the scorer\n")
    assert source_digest(package) == original
    rule = package / "matching" / "_vetoes.py"
    rule.write_text(rule.read_text() + "\n# a quiet rule change\n")
    assert source_digest(package) != original


def test_csv_guards_a_formula_after_spaces_that_importers_trim() -> None:
    """Red team round 12: organisation and prompt names are not stripped when read."""
    assert guard("  =HYPERLINK(A1)") == "'  =HYPERLINK(A1)"
    assert guard("  plain name") == "  plain name"
