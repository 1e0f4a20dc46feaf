"""Boards side by side: a bundled one, one on the (loopback) Hub, and a hidden one.

The Hub boards are fetched by the real huggingface_hub client from
``fake_hub.FakeHub``; ``spotdiff leaderboard build`` and ``pin`` run in a
subprocess in a checkout-like folder, as a maintainer or CI runs them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import ITEMS, read_json, run_cli, write_json
from fake_hub import FakeHub
from hub_fixtures import OWNER_TOKEN
from leaderboard_helpers import half_right, make_board, make_submission, perfect
from published_shape import REPO as PUBLIC_REPO
from published_shape import answers, published_files

from spotdiff_eval.datasets import load_board

#: The fixture ``hub`` (see hub_fixtures.py).
pytest_plugins = ("hub_fixtures",)

HIDDEN_REPO = "spotdiff/hidden-split"
HIDDEN_NAME = "spotdiff-v1-hidden"


def hidden_files() -> dict[str, bytes]:
    """The published shape again, under the hidden split's name (a private repository)."""
    files = published_files()
    manifest = json.loads(files["data/manifest.json"])
    manifest["dataset_name"] = HIDDEN_NAME
    files["data/manifest.json"] = (json.dumps(manifest, indent=2) + "\n").encode()
    return files


def hub_board(submissions: Path, board_id: str, repo: str, track: str = "public", **extra):
    doc = {"huggingface": repo, "revision": "main"}
    if track == "hidden":
        extra = {"dataset_name": HIDDEN_NAME, "dataset_version": "1.0", **extra}
    return make_board(submissions, board_id, track, dataset=doc, **extra)


def dev_submission(board: Path, sid: str, model: str, **extra) -> Path:
    dataset = {"name": "spotdiff-v1-dev", "version": "1.0", "track": "dev"}
    return make_submission(board, sid, answers(model), dataset=dataset, **extra)


def test_a_local_boards_manifest_is_read_in_the_checkout_given(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    board = load_board(make_board(root / "submissions", "tiny-dev"))
    assert board.local_manifest() == root / "data" / "manifest.json"
    trusted = tmp_path / "trusted"  # verify-pr: the base branch's checkout, not the PR's
    assert board.local_manifest(trusted) == trusted / "data" / "manifest.json"
    on_hub = load_board(hub_board(root / "submissions", "hub-dev", "spotdiff/dev"))
    assert on_hub.local_manifest() is None and on_hub.local_manifest(trusted) is None


@pytest.fixture
def repo(tmp_path: Path, make_dataset) -> Path:  # type: ignore[no-untyped-def]
    """A checkout: the tiny set in data/ on board tiny-dev, a Hub board, a hidden board."""
    root = tmp_path / "repo"
    make_dataset(root)
    submissions = root / "submissions"
    tiny = make_board(submissions, "tiny-dev", position=1)
    make_submission(tiny, "acme-perfect", perfect("acme-perfect"))
    make_submission(tiny, "beta-half", half_right("beta-half"))
    hub_board(submissions, "v1-dev", PUBLIC_REPO, position=0)
    hub_board(submissions, "v1-hidden", HIDDEN_REPO, "hidden", position=2)
    return root


def build(repo: Path, *args: str, env: dict[str, str] | None = None):
    return run_cli("leaderboard", "build", *args, cwd=repo, env=env)


def test_offline_build_does_not_fetch_empty_hub_boards_and_warns_about_pins(
    repo: Path, hub_env: None
) -> None:
    """The README quick start on a fresh machine without network: still builds."""
    result = build(repo, env={"HF_ENDPOINT": "http://127.0.0.1:9", "HF_HUB_OFFLINE": "1"})
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "Wrote LEADERBOARD.md and site/: 1 of 3 boards built, 2 entries (2 scored, 0 cached)\n"
    )
    assert result.stderr.splitlines() == [
        f"spotdiff: warning: submissions/{board}/board.json: /dataset: dataset revision "
        f"\"main\" is a branch or tag, not a commit; run 'spotdiff leaderboard pin {board}' "
        "(needs network) and commit board.json (a warning; an error under --strict)"
        for board in ("v1-dev", "v1-hidden")
    ]
    markdown = (repo / "LEADERBOARD.md").read_text(encoding="utf-8")
    sections = [line for line in markdown.splitlines() if line.startswith("## ")]
    assert sections[:3] == ["## Board v1-dev", "## Board tiny-dev", "## Board v1-hidden"]
    assert "(**not pinned yet**: a maintainer runs `spotdiff leaderboard pin v1-dev`)" in markdown
    index = read_json(repo / "site" / "boards.json")
    assert [(b["board_id"], b["status"]) for b in index["boards"]] == [
        ("v1-dev", "empty"),
        ("tiny-dev", "built"),
        ("v1-hidden", "empty"),
    ]
    strict = build(repo, "--strict", "--check")
    assert strict.returncode == 1
    assert strict.stderr.startswith(
        'spotdiff: error: submissions/v1-dev/board.json: /dataset: dataset revision "main"'
    )


def test_pin_then_fetch_score_and_rebuild_from_the_cache_offline(repo: Path, hub: FakeHub) -> None:
    head = hub.add_dataset(PUBLIC_REPO, published_files())
    pinned = run_cli("leaderboard", "pin", "v1-dev", cwd=repo)
    assert pinned.returncode == 0, pinned.stderr
    board = read_json(repo / "submissions" / "v1-dev" / "board.json")
    assert board["dataset"] == {"huggingface": PUBLIC_REPO, "revision": head}
    assert (board["dataset_name"], board["dataset_version"]) == ("spotdiff-v1-dev", "1.0")
    assert len(board["fingerprint"]) == 64
    assert pinned.stdout == (
        f"Pinned board v1-dev to {PUBLIC_REPO} commit {head}, fingerprint "
        f"{board['fingerprint']}; commit submissions/v1-dev/board.json\n"
    )
    # The branch moves on; the board stays on the pinned commit.
    moved = published_files()
    moved["data/annotations/scene_0001_harbour.json"] = moved[
        "data/annotations/scene_0001_harbour.json"
    ].replace(b"purple", b"violet")
    hub.commit(PUBLIC_REPO, moved, "Relabel the kite")
    dev_submission(repo / "submissions" / "v1-dev", "my-model", "my-model")

    first = build(repo)
    assert first.returncode == 0, first.stderr
    data = read_json(repo / "site" / "v1-dev" / "leaderboard.json")
    assert data["dataset"]["fingerprint"] == board["fingerprint"]
    assert [e["submission_id"] for e in data["entries"]] == ["my-model"]
    assert data["entries"][0]["metrics"]["recall"] == 0.6  # scored on the pinned labels
    assert (repo / "site" / "v1-dev" / "items" / "scene_0001_harbour.html").is_file()
    assert (repo / "site" / "v1-dev" / "images" / "scene_0001_harbour.jpg").is_file()

    hub.outage = True  # pinned and cached: no request needed
    again = build(repo, "--check")
    assert again.returncode == 0, again.stderr
    assert "v1-dev" not in again.stderr  # pinned: no warning about it


def test_a_fingerprint_mismatch_skips_the_board_and_is_an_error_under_strict(
    repo: Path, hub: FakeHub
) -> None:
    head = hub.add_dataset(PUBLIC_REPO, published_files())
    hub_board(repo / "submissions", "v1-dev", PUBLIC_REPO, position=0, fingerprint="0" * 64)
    board_json = repo / "submissions" / "v1-dev" / "board.json"
    doc = read_json(board_json)
    doc["dataset"]["revision"] = head
    write_json(board_json, doc)
    dev_submission(repo / "submissions" / "v1-dev", "my-model", "my-model")

    result = build(repo)
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith(
        "spotdiff: warning: board v1-dev skipped: submissions/v1-dev/board.json: /fingerprint: "
        f"the dataset fetched from {PUBLIC_REPO}@{head} has fingerprint "
    )
    assert not (repo / "site" / "v1-dev").exists()
    assert "Not built in this run" in (repo / "LEADERBOARD.md").read_text(encoding="utf-8")

    before = (repo / "LEADERBOARD.md").read_bytes()
    strict = build(repo, "--strict")
    assert strict.returncode == 1 and strict.stdout == ""
    assert strict.stderr.startswith("spotdiff: error: submissions/v1-dev/board.json: /fingerprint")
    assert (repo / "LEADERBOARD.md").read_bytes() == before


def test_an_unreachable_board_is_skipped_with_one_warning(repo: Path, hub: FakeHub) -> None:
    dev_submission(repo / "submissions" / "v1-dev", "my-model", "my-model")
    hub.outage = True
    result = build(repo)
    assert result.returncode == 0, result.stderr
    skipped = [line for line in result.stderr.splitlines() if "skipped" in line]
    assert len(skipped) == 1 and skipped[0].startswith(
        f"spotdiff: warning: board v1-dev skipped: {PUBLIC_REPO}"
    )
    assert (repo / "site" / "tiny-dev" / "index.html").is_file()


def test_hidden_board_end_to_end_publishes_aggregates_only(repo: Path, hub: FakeHub) -> None:
    hub.add_dataset(HIDDEN_REPO, hidden_files(), private=True)
    hidden = repo / "submissions" / "v1-hidden"
    dataset = {"name": HIDDEN_NAME, "version": "1.0", "track": "hidden"}
    make_submission(hidden, "secret-model", answers("secret-model"), dataset=dataset)
    make_submission(hidden, "blank-model", {**answers("blank-model"), "items": []},
                    dataset=dataset, unanswered_items=2)  # fmt: skip

    # Without the token (a contributor's clone) the hidden board is skipped, not fatal.
    public = build(repo)
    assert public.returncode == 0, public.stderr
    assert "board v1-hidden skipped" in public.stderr

    pinned = run_cli("leaderboard", "pin", "v1-hidden", "--token-env", "HF_TOKEN", cwd=repo,
                     env={"HF_TOKEN": OWNER_TOKEN})  # fmt: skip
    assert pinned.returncode == 0, pinned.stderr
    result = build(repo, "--token-env", "HF_TOKEN", env={"HF_TOKEN": OWNER_TOKEN})
    assert result.returncode == 0, result.stderr
    assert "v1-hidden" not in result.stderr
    # No report of the hidden board in the cache (CI keeps it between runs),
    # nor a summary of one (it names the golden differences found).
    for kind in ("reports", "summaries"):
        cached = list((repo / ".spotdiff-cache" / kind).glob("*.json"))
        assert cached  # the public board's are there
        assert not [p for p in cached if HIDDEN_NAME in p.read_text(encoding="utf-8")]
    # Nor its entries' bootstrap scores, from which per-item tallies could be solved.
    cache = repo / ".spotdiff-cache"
    assert len(list((cache / "samples").iterdir())) == len(list((cache / "reports").iterdir()))
    site = repo / "site" / "v1-hidden"
    data = read_json(site / "leaderboard.json")
    assert [e["submission_id"] for e in data["entries"]] == ["secret-model", "blank-model"]
    assert data["items"] == [] and all(e["report"] is None for e in data["entries"])
    assert data["entries"][0]["metrics"]["recall"] == 0.6
    assert sorted(p.name for p in site.iterdir()) == [
        "assets", "breakdown.html", "index.html", "leaderboard.csv", "leaderboard.json"
    ]  # fmt: skip
    # Nothing that names a golden difference leaves the job.
    published = "".join(p.read_text(encoding="utf-8") for p in site.glob("*.*"))
    published += (repo / "LEADERBOARD.md").read_text(encoding="utf-8")
    for subject in ("kite", "rowing_boat", "red_lantern", "cart"):
        assert subject not in published
    markdown = (repo / "LEADERBOARD.md").read_text(encoding="utf-8")
    assert "| 1 | secret-model 1 · Acme |" in markdown  # no link to a per-item page


def test_baselines_are_reference_rows_outside_ranks_and_found_by(
    tmp_path: Path, make_dataset
) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "repo"
    make_dataset(root)
    board = make_board(root / "submissions")
    make_submission(board, "perfect-baseline", perfect("perfect-baseline"), baseline=True)
    make_submission(board, "beta-half", half_right("beta-half"))
    result = build(root)
    assert result.returncode == 0, result.stderr
    data = read_json(root / "site" / "tiny-dev" / "leaderboard.json")
    ranks = [(e["submission_id"], e["rank"], e["baseline"]) for e in data["entries"]]
    assert ranks == [("beta-half", 1, False), ("perfect-baseline", None, True)]
    found = {sid for item in data["items"] for d in item["differences"] for sid in d["found_by"]}
    assert found == {"beta-half"}
    markdown = (root / "LEADERBOARD.md").read_text(encoding="utf-8")
    assert "| ref | [perfect-baseline 1]" in markdown and "| 1 | [beta-half 1]" in markdown
    page = (root / "site" / "tiny-dev" / "index.html").read_text(encoding="utf-8")
    assert page.index('id="sub-beta-half"') < page.index('<tbody class="reference">')
    assert page.index('<tbody class="reference">') < page.index('id="sub-perfect-baseline"')


def test_tokens_latency_and_model_facts_are_shown_where_known(tmp_path: Path, make_dataset) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "repo"
    make_dataset(root)
    board = make_board(root / "submissions")
    doc = half_right("runner-model")
    doc["run"] = {  # a free-form run record (not spotdiff-run/1)
        "totals": {"input_tokens": 1200, "output_tokens": 300, "cost_usd": 0.25},
        "items": [{"status": "ok", "latency_ms": 1500}, {"status": "ok", "latency_ms": 2500}],
    }
    make_submission(board, "runner-model", doc,
                    model={"name": "runner-model", "open_weights": True,
                           "parameters": 7_000_000_000})  # fmt: skip
    make_submission(board, "plain-model", half_right("plain-model"))
    result = build(root)
    assert result.returncode == 0, result.stderr
    data = read_json(root / "site" / "tiny-dev" / "leaderboard.json")
    usage = {e["submission_id"]: e["usage"] for e in data["entries"]}
    assert usage["runner-model"] == {
        "input_tokens": 1200, "output_tokens": 300, "median_latency_ms": 2000, "cost_usd": 0.25
    }  # fmt: skip
    assert set(usage["plain-model"].values()) == {None}
    page = (root / "site" / "tiny-dev" / "submissions" / "runner-model.html").read_text("utf-8")
    assert "<dt>Weights</dt><dd>open (downloadable)</dd>" in page
    assert "<dt>Parameters</dt><dd>7.0B (stated by the submitter)</dd>" in page
    assert "<dt>Tokens</dt><dd>1.2k in, 300 out</dd>" in page
    assert "<dt>Latency</dt><dd>2.0 s per image (median)</dd>" in page
    assert "<dt>Cost</dt><dd>$0.25</dd>" in page
    other = (root / "site" / "tiny-dev" / "submissions" / "plain-model.html").read_text("utf-8")
    assert "<dt>Weights</dt>" not in other and "<dt>Cost</dt><dd>–</dd>" in other
    markdown = (root / "LEADERBOARD.md").read_text(encoding="utf-8")
    assert "| 1,500 |" in markdown and "| – |" in markdown


def test_every_page_has_the_board_switcher(repo: Path) -> None:
    assert build(repo).returncode == 0
    pages = list((repo / "site").rglob("*.html"))
    assert len(pages) > 5
    for page in pages:
        assert 'class="board-switch"' in page.read_text(encoding="utf-8"), page


def test_the_bundled_repository_boards_are_the_three_at_launch() -> None:
    from conftest import REPO

    boards = {p.parent.name: read_json(p) for p in (REPO / "submissions").glob("*/board.json")}
    assert set(boards) == {"v1-dev", "synthetic-dev", "v1-hidden"}
    assert boards["v1-dev"]["dataset"]["huggingface"] == "Abnik/spotdiff-v1-dev"
    assert boards["synthetic-dev"]["dataset"] == {"path": "data"}
    assert boards["v1-hidden"]["track"] == "hidden"
    assert read_json(REPO / "data" / "manifest.json")["dataset_name"] == "spotdiff-synthetic-dev"
    for folder in (REPO / "submissions" / "synthetic-dev").iterdir():
        if folder.is_dir():
            assert read_json(folder / "submission.json")["dataset"]["name"] == (
                "spotdiff-synthetic-dev"
            )
    assert ITEMS and shutil.which("git")  # the fixtures this module relies on exist
