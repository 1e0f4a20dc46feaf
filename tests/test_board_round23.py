"""Red team round 23: the leaderboard build and its outputs, attacked again.

Each test names its attack and pins one fix.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import file_size_limit, run_cli
from leaderboard_helpers import BOARD, checkout, make_board, snapshot

from spotdiff_eval import load_dataset
from spotdiff_eval._util import folder_swap
from spotdiff_eval._util.lookalike import shown_name
from spotdiff_eval._util.terminal import safe_text
from spotdiff_eval.leaderboard.markdown import cell
from spotdiff_eval.leaderboard.scoring import REPORT_KIND, report_key
from spotdiff_eval.leaderboard.site_text import neutralise

# -- LEADERBOARD.md and the site change together, or neither does -----------------------------

#: Long enough that LEADERBOARD.md, which puts it in every link, is larger than any page.
_LONG_SITE_URL = "https://example.org/" + "a" * 3000 + "/"


def test_a_failure_writing_leaderboard_md_keeps_the_site_it_describes(
    tmp_path: Path, make_dataset: object
) -> None:
    """Attack: a disk that fills up (here a file size limit) while LEADERBOARD.md
    is written, after the new site was swapped in. The build failed, but left
    the new site beside the old LEADERBOARD.md, and the previous site was
    deleted: the two outputs no longer described the same submissions."""
    repo = checkout(tmp_path, make_dataset)
    first = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "leaderboard", "build"],
        cwd=repo, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    before_md = (repo / "LEADERBOARD.md").read_bytes()
    before_site = snapshot(repo / "site")
    make_board(repo / "submissions", description="A board described anew.")
    failed = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "leaderboard", "build",
         "--site-url", _LONG_SITE_URL],
        cwd=repo, capture_output=True, text=True, timeout=120, check=False,
        preexec_fn=file_size_limit(16_000),
    )  # fmt: skip
    assert failed.returncode == 1
    assert failed.stderr == "spotdiff: error: LEADERBOARD.md: cannot write: File too large\n"
    assert (repo / "LEADERBOARD.md").read_bytes() == before_md
    assert snapshot(repo / "site") == before_site
    assert "A board described anew." not in (repo / "site" / BOARD / "index.html").read_text()
    assert sorted(p.name for p in repo.iterdir() if p.name.startswith((".site", ".LEAD"))) == []


def _fill(text: str):  # type: ignore[no-untyped-def]
    def fill(folder: Path) -> None:
        (folder / "mark").write_text(text, encoding="utf-8")

    return fill


@pytest.mark.parametrize("swap", ["exchange", "fallback", "first"])
def test_a_failing_after_puts_the_old_folder_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, swap: str
) -> None:
    """The same, for each way a folder is swapped in: renameat2's exchange, the two
    renames where a filesystem cannot exchange, and a first build (no old folder,
    and then none after the failure either)."""
    target = tmp_path / "site"
    if swap != "first":
        folder_swap.replace_folder(target, _fill("old"), "mark")
    if swap == "fallback":
        monkeypatch.setattr(folder_swap, "exchange", lambda first, second: False)

    def after() -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        folder_swap.replace_folder(target, _fill("new"), "mark", after=after)
    if swap == "first":
        assert not target.exists()
    else:
        assert (target / "mark").read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ([] if swap == "first" else ["site"])


# -- notes nested past what the Markdown parser can take --------------------------------------

#: Valid notes (2,000 characters at most): list items opened one inside the other.
_NESTED_NOTES = {
    "bullets": "- " * 999 + "x",
    "numbers": "1. " * 666,
    "mixed": "- 1. " * 399,
    "over lines": "\n".join(" " * 4 * 40 * n + "- " * 40 + "x" for n in range(3)),
}


def _render_deep(notes: str, depth: int) -> str:
    """``render_notes(notes)`` called ``depth`` frames down the stack."""
    from spotdiff_eval.leaderboard.site_markdown import render_notes

    return str(render_notes(notes)) if depth == 0 else _render_deep(notes, depth - 1)


@pytest.mark.parametrize("notes", list(_NESTED_NOTES.values()), ids=list(_NESTED_NOTES))
def test_notes_nested_past_the_parser_depth_are_shown_as_text(notes: str) -> None:
    """Attack: notes of "- - - - ... x" (999 list items, each inside the last; valid
    by the schema, and by ``spotdiff validate``). Python-Markdown parses nesting by
    recursion and hit Python's limit: a RecursionError traceback ended the whole
    leaderboard build, so one submission stopped everybody's results. Near the
    limit, whether it was hit depended on how deep the caller's stack was. Notes
    nested deeper than a fixed bound are now shown as plain text, whatever the
    stack."""
    html = _render_deep(notes, 0)
    assert html == _render_deep(notes, 300)
    assert "<li>" not in html and html.startswith("<p>")
    assert notes.split("\n")[0].strip() in html


def test_notes_within_the_bound_render_alike_however_deep_the_caller() -> None:
    """Forty nested list items are Markdown, from a shallow stack or a deep one: a
    caller 920 frames down (a worker, a test runner) left the parser too few
    frames below Python's limit, and the same notes came out as plain text."""
    notes = "- " * 40 + "x"
    shallow = _render_deep(notes, 0)
    assert shallow.count("<li>") == 40
    assert _render_deep(notes, 920) == shallow


def test_a_submission_with_deeply_nested_notes_does_not_stop_the_build(
    tmp_path: Path, make_dataset: object
) -> None:
    """The attack end to end: ``spotdiff leaderboard build`` with such notes."""
    repo = checkout(tmp_path, make_dataset)
    meta = repo / "submissions" / BOARD / "beta-half" / "submission.json"
    doc = json.loads(meta.read_text(encoding="utf-8"))
    meta.write_text(json.dumps({**doc, "notes": _NESTED_NOTES["bullets"]}), encoding="utf-8")
    built = subprocess.run(
        [sys.executable, "-m", "spotdiff_eval", "leaderboard", "build"],
        cwd=repo, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert (built.returncode, built.stderr) == (0, "")
    page = (repo / "site" / BOARD / "submissions" / "beta-half.html").read_text(encoding="utf-8")
    assert "- - - - x" in page


# -- a cached report whose figures no scoring gives ---------------------------------------------


def _cached_report(repo: Path, submission_id: str) -> Path:
    """The cache entry of a submission's report, after a build with the default cache."""
    predictions = repo / "submissions" / BOARD / submission_id / "predictions.json"
    dataset = load_dataset(repo / "data" / "manifest.json")
    sha = hashlib.sha256(predictions.read_bytes()).hexdigest()
    return repo / ".spotdiff-cache" / REPORT_KIND / f"{report_key(dataset, sha)}.json"


_IMPOSSIBLE = ["NaN", "Infinity", '"1.0"', "null", "-0.25"]


@pytest.mark.parametrize(
    ("field", "figure"),
    [("overall_score", figure) for figure in [*_IMPOSSIBLE, "1.5"]]
    + [("detail_sum", figure) for figure in [*_IMPOSSIBLE, "3.5"]],  # of 3 matched
)
def test_a_cached_report_with_impossible_figures_is_scored_again(
    tmp_path: Path, make_dataset: object, figure: str, field: str
) -> None:
    """Attack: a report in the cache (damaged, or planted in a local cache folder)
    whose overall score or a tally is NaN, Infinity, a string, null, negative, or
    above what it is part of (a score above 1, a detail sum above the matches).
    NaN and Infinity ended the build in a ValueError traceback (leaderboard.json
    refuses them), a string or null in a TypeError; 1.5 and -0.25 were published
    as scores of 150.0 and -25.0. The cache promises that an entry not describing
    what its key says is a miss: it is scored again."""
    repo = checkout(tmp_path, make_dataset)
    assert run_cli("leaderboard", "build", cwd=repo).returncode == 0
    before = (repo / "LEADERBOARD.md").read_bytes()
    entry = _cached_report(repo, "acme-perfect")
    text = entry.read_text(encoding="utf-8")
    damaged = re.sub(rf'"{field}": [0-9.]+', f'"{field}": {figure}', text, count=1)
    assert damaged != text
    entry.write_text(damaged, encoding="utf-8")
    rebuilt = run_cli("leaderboard", "build", cwd=repo)
    assert (rebuilt.returncode, rebuilt.stderr) == (0, "")
    assert "(1 scored, 2 cached)" in rebuilt.stdout
    assert (repo / "LEADERBOARD.md").read_bytes() == before
    assert entry.read_text(encoding="utf-8") == text  # and the entry is made again


# -- emoji sequences ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Lab \U0001f469\u200d\U0001f52c model",  # woman scientist: woman, joiner, microscope
        "Family \U0001f468\u200d\U0001f469\u200d\U0001f467",
        "Red \u2764\ufe0f model",  # heart, shown as emoji
        "Pride \U0001f3f3\ufe0f\u200d\U0001f308",  # white flag, selector, joiner, rainbow
        "Dark \U0001f469\U0001f3fd\u200d\U0001f4bb coder",  # with a skin tone
    ],
)
def test_emoji_sequences_are_kept_whole(name: str) -> None:
    """Attack (by accident): a model named with an emoji of several characters. The
    zero-width joiner and the emoji selector inside it were shown as "?" in
    LEADERBOARD.md, on the site and on the terminal ("👨?👩?👧"), as if they
    were hidden characters, though they draw one visible picture."""
    assert cell(name) == neutralise(name) == safe_text(name, 1000) == name


@pytest.mark.parametrize(
    "name",
    ["GPT-4o\u200d", "GPT\u200d4o", "GPT-4o\ufe0f", "\u200d\U0001f916", "a\ufe0f\u200d\U0001f916"],
)
def test_joiners_and_selectors_outside_an_emoji_are_still_marked(name: str) -> None:
    """The rule of red team round 19 stands everywhere else: a joiner or a selector
    that draws nothing after a letter still shows as "?"."""
    shown = safe_text(name, 1000)
    assert "?" in shown and "\u200d" not in shown and cell(name) == shown


def test_a_kept_joiner_or_selector_does_not_make_a_name_of_its_own() -> None:
    """A selector or joiner that draws nothing more ("🤖" is an emoji already, and no
    font joins two robots) is kept now, but two rows so named still read alike:
    the build names their submitters (``lookalikes``), as the pull request
    check asks a maintainer."""
    plain = {"model": {"name": "Model \U0001f916\U0001f916"}}
    for glued in ("Model \U0001f916\ufe0f\U0001f916", "Model \U0001f916\u200d\U0001f916"):
        assert shown_name({"model": {"name": glued}}) == shown_name(plain)
