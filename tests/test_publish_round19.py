"""Red team round 19: what the publish build's report cache can be made to serve.

The cache publish.yml restores holds reports only this job wrote; each entry
is a regular file put there by an atomic rename. Anything else found under an
entry's name (a symlink out of the folder, a FIFO, a file far larger than any
report) was not written by the build and must be a miss that is scored
again: never followed, waited on or read whole into memory.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from leaderboard_helpers import checkout, snapshot, standard_submissions, tampered

from spotdiff_eval import load_dataset
from spotdiff_eval.datasets._jsonio import dumps_layered
from spotdiff_eval.leaderboard.build import build_leaderboard, compute_leaderboard
from spotdiff_eval.leaderboard.cache import ContentCache
from spotdiff_eval.leaderboard.run_facts import USAGE_KIND
from spotdiff_eval.leaderboard.scoring import REPORT_KIND, report_key


@pytest.fixture
def submissions(tmp_path: Path) -> Path:
    folder = tmp_path / "submissions"
    standard_submissions(folder)
    return folder


class Hung(Exception):
    """Not an OSError (as TimeoutError is), so no ``except OSError`` can swallow it."""


@pytest.fixture
def no_hang() -> Iterator[None]:
    """Fail the test after 30 s instead of hanging the run."""

    def expire(signum: int, frame: object) -> None:
        raise Hung("the build blocked on a cache entry")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(30)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def entry_of(submissions: Path, manifest: Path, cache: Path, sid: str) -> Path:
    """Where the cache keeps the report of submission ``sid``, once built."""
    board = compute_leaderboard(submissions, manifest, cache_dir=cache)
    scored = next(s for s in board.scored if s.submission_id == sid)
    key = report_key(load_dataset(manifest), scored.submission.predictions_sha256)
    return cache / REPORT_KIND / f"{key}.json"


def half_score(board) -> float:  # type: ignore[no-untyped-def]
    entries = {e["submission_id"]: e for e in board.data["entries"]}
    return entries["beta-half"]["metrics"]["overall_score"]


def test_a_symlinked_entry_pointing_out_of_the_cache_is_scored_again(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    """A link named like an entry served whatever file it pointed at: a report
    planted outside the cache folder (here with a made-up score) was published."""
    cache = tmp_path / "cache"
    entry = entry_of(submissions, dataset_manifest, cache, "beta-half")
    fresh = compute_leaderboard(submissions, dataset_manifest, cache_dir=None)
    outside = tmp_path / "elsewhere.json"
    outside.write_text(dumps_layered(tampered(fresh.scored[1].report, 0.987654)), "utf-8")
    entry.unlink()
    entry.symlink_to(outside)

    again = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)

    assert again.rescored == 1
    assert half_score(again) == half_score(fresh) != 0.987654
    assert again.data == fresh.data
    assert not entry.is_symlink()  # rewritten as the build's own file
    assert "0.987654" in outside.read_text("utf-8")  # the link's target is left alone


def test_a_fifo_named_like_an_entry_is_a_miss_not_a_hang(
    submissions: Path, dataset_manifest: Path, tmp_path: Path, no_hang: None
) -> None:
    cache = tmp_path / "cache"
    entry = entry_of(submissions, dataset_manifest, cache, "beta-half")
    entry.unlink()
    os.mkfifo(entry)

    again = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)

    assert again.rescored == 1
    assert entry.is_file()


def test_a_huge_entry_is_not_read_into_memory(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    """A sparse 64 GiB file under an entry's name was read whole: MemoryError, a
    traceback instead of a build, or the runner killed for memory."""
    cache = tmp_path / "cache"
    entry = entry_of(submissions, dataset_manifest, cache, "beta-half")
    with entry.open("r+b") as handle:
        handle.truncate(64 * 1024**3)

    script = (
        "import resource, sys\n"
        "from pathlib import Path\n"
        "resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))\n"
        "from spotdiff_eval.leaderboard.build import compute_leaderboard\n"
        "board = compute_leaderboard(Path(sys.argv[1]), Path(sys.argv[2]), "
        "cache_dir=Path(sys.argv[3]))\n"
        "print(board.rescored)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, submissions, dataset_manifest, cache],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["1"]
    assert entry.stat().st_size < 1024**2


def test_warm_and_cold_builds_agree_whatever_the_hash_seed(
    tmp_path: Path,
    make_dataset,  # type: ignore[no-untyped-def]
) -> None:
    """publish.yml builds on a restored cache; a clone builds cold, in another
    process with another hash seed. LEADERBOARD.md and the site must be the
    same bytes."""
    repo = checkout(tmp_path, make_dataset)

    def build(seed: str, site: str, markdown: str) -> None:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        command = [
            sys.executable, "-m", "spotdiff_eval", "leaderboard", "build",
            "--cache-dir", ".spotdiff-cache", "--output", site, "--markdown", markdown,
        ]  # fmt: skip
        done = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr

    build("1", "cold-site", "COLD.md")
    build("2", "warm-site", "WARM.md")  # every report from the cache now

    cold, warm = snapshot(repo / "cold-site"), snapshot(repo / "warm-site")
    assert sorted(cold) == sorted(warm)
    assert [path for path in cold if cold[path] != warm[path]] == []
    text = (repo / "COLD.md").read_text("utf-8").replace("cold-site", "SITE")
    assert text == (repo / "WARM.md").read_text("utf-8").replace("warm-site", "SITE")


# -- a cache entry nobody but the publish job could have written -------------------
#
# publish.yml restores the newest cache whose key starts with
# ``spotdiff-reports-<scorer hash>-``: any run on main can save one (ci.yml
# runs there with unpinned test dependencies; any code running in a job can
# reach the cache service), and a report it plants for a submission's
# predictions (all public inputs: the key is computable) was published as it
# was. Signed with a secret only the publish job holds, a report that is not
# signed with it is a miss and is scored again.

SECRET = b"only-the-publish-job-has-this"


def test_with_a_secret_a_planted_report_is_scored_again(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    first = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache, cache_secret=SECRET)
    assert first.rescored == 3
    again = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache, cache_secret=SECRET)
    assert again.rescored == 0  # its own signed entries are read back
    assert again.data == first.data

    half = next(s for s in first.scored if s.submission_id == "beta-half")
    key = report_key(load_dataset(dataset_manifest), half.submission.predictions_sha256)
    forged = dumps_layered(tampered(half.report, 0.987654))
    for planted in (
        ContentCache(cache),  # unsigned, as before round 19
        ContentCache(cache, secret=b"a guess"),
    ):
        planted.put_signed(REPORT_KIND, key, forged)
        board = compute_leaderboard(
            submissions, dataset_manifest, cache_dir=cache, cache_secret=SECRET
        )
        assert board.rescored == 1
        assert half_score(board) == half_score(first) != 0.987654
        assert board.data == first.data
    entry = cache / REPORT_KIND / f"{key}.json"
    entry.write_text(f"hmac-sha256 é\n{forged}", "utf-8")  # not ASCII: no TypeError either
    board = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache, cache_secret=SECRET)
    assert board.rescored == 1


def test_a_signed_entry_of_another_key_is_a_miss(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    """The signature covers the key: the perfect entry's signed report copied
    under the half-right entry's name is not the half-right entry's."""
    cache = tmp_path / "cache"
    first = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache, cache_secret=SECRET)
    dataset = load_dataset(dataset_manifest)
    keys = {
        s.submission_id: report_key(dataset, s.submission.predictions_sha256) for s in first.scored
    }
    folder = cache / REPORT_KIND
    (folder / f"{keys['beta-half']}.json").write_bytes(
        (folder / f"{keys['acme-perfect']}.json").read_bytes()
    )
    board = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache, cache_secret=SECRET)
    assert board.rescored == 1
    assert board.data == first.data


def test_the_published_report_is_the_report_not_its_signature(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    cold = compute_leaderboard(submissions, dataset_manifest, cache_dir=None)
    compute_leaderboard(submissions, dataset_manifest, cache_dir=cache, cache_secret=SECRET)
    warm = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache, cache_secret=SECRET)
    assert warm.rescored == 0
    assert warm.report_texts == cold.report_texts
    assert warm.report_digests == cold.report_digests


def test_the_build_command_reads_the_secret_from_the_variable_it_names(
    tmp_path: Path,
    make_dataset,  # type: ignore[no-untyped-def]
) -> None:
    """Named but unset (the repository secret not created yet): the cache is
    used unsigned, with a warning; set, every entry written is signed and the
    unsigned ones are scored again."""
    repo = checkout(tmp_path, make_dataset)
    command = [
        sys.executable, "-m", "spotdiff_eval", "leaderboard", "build",
        "--cache-dir", ".spotdiff-cache", "--cache-secret-env", "CACHE_SECRET",
    ]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "CACHE_SECRET"}
    unset = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True)
    assert unset.returncode == 0, unset.stderr
    assert "CACHE_SECRET is not set" in unset.stderr
    unsigned = sorted((repo / ".spotdiff-cache" / REPORT_KIND).iterdir())
    assert len(unsigned) == 3
    assert not any(p.read_text("utf-8").startswith("hmac-sha256 ") for p in unsigned)

    env["CACHE_SECRET"] = SECRET.decode()
    signed = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True)
    assert signed.returncode == 0, signed.stderr
    entries = sorted((repo / ".spotdiff-cache" / REPORT_KIND).iterdir())
    assert entries == unsigned  # the same keys, each scored again and signed
    assert all(p.read_text("utf-8").startswith("hmac-sha256 ") for p in entries)
    assert SECRET.decode() not in signed.stdout + signed.stderr


def test_publish_signs_its_cache_with_an_environment_secret() -> None:
    import yaml

    root = Path(__file__).resolve().parent.parent
    doc = yaml.safe_load((root / ".github/workflows/publish.yml").read_text("utf-8"))
    job = doc["jobs"]["build"]
    step = next(s for s in job["steps"] if "leaderboard build" in s.get("run", ""))
    assert "--cache-secret-env REPORT_CACHE_SECRET" in step["run"]
    assert step["env"]["REPORT_CACHE_SECRET"] == "${{ secrets.REPORT_CACHE_SECRET }}"
    assert job["environment"] == "hidden-split"  # restricted to main, like HF_TOKEN


# -- a folder's cached verdict and the checking code ---------------------------------


def test_a_verdict_cached_by_older_checks_is_not_reused(
    submissions: Path, dataset_manifest: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder that passed is marked, and the mark skips its validation next
    time. The mark was keyed by the package version only: a new check merged
    without a version bump (as scoring changes were before round 11) left out
    a folder on a cold build and kept it on a warm one."""
    from spotdiff_eval.leaderboard import submissions as module

    cache = tmp_path / "cache"
    assert len(compute_leaderboard(submissions, dataset_manifest, cache_dir=cache).scored) == 3

    original = module.check_on_board

    def stricter(folder: Path, *args: object, **kwargs: object) -> list[str]:
        if Path(folder).name == "beta-half":
            return [f"{folder}: refused by a rule added since"]
        return list(original(folder, *args, **kwargs))  # type: ignore[arg-type]

    monkeypatch.setattr(module, "check_on_board", stricter)
    monkeypatch.setattr(module, "checker_digest", lambda: "the checks of a later commit", False)
    cold = compute_leaderboard(submissions, dataset_manifest, cache_dir=None)
    warm = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)

    assert [s.submission_id for s in cold.scored] == ["acme-perfect", "zeta-perfect"]
    assert [s.submission_id for s in warm.scored] == ["acme-perfect", "zeta-perfect"]
    assert warm.data == cold.data


def test_the_checker_digest_covers_the_checking_code_and_the_schemas(tmp_path: Path) -> None:
    from spotdiff_eval.datasets import resource_dir
    from spotdiff_eval.leaderboard.submissions import checker_digest, checker_source_digest

    package = Path(__import__("spotdiff_eval").__file__).resolve().parent
    schemas = resource_dir("schemas")
    assert checker_digest() == checker_source_digest(package, schemas)
    copy = tmp_path / "spotdiff_eval"
    for sub in ("validation", "datasets"):
        shutil.copytree(package / sub, copy / sub, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(package / "version.py", copy / "version.py")
    shutil.copytree(schemas, tmp_path / "schemas")
    before = checker_source_digest(copy, tmp_path / "schemas")
    assert before == checker_digest()
    for changed in (
        copy / "validation" / "_submission_checks.py",
        tmp_path / "schemas" / "submission.schema.json",
    ):
        original = changed.read_bytes()
        changed.write_bytes(original + b"\n")
        assert checker_source_digest(copy, tmp_path / "schemas") != before
        changed.write_bytes(original)


# -- the cached standings: a parseable entry is not yet a sound one ------------------


@pytest.mark.parametrize(
    "text",
    [
        "[]",  # no rows: every model vanished from the board
        '[{"submission_id": "nobody", "rank": 1, "rank_low": 1, "rank_high": 1, "group": 1}]',
        "{}",  # not a list: TypeError only by luck
        "[1]",
    ],
)
def test_a_standings_entry_for_other_models_is_ranked_again(
    tmp_path: Path,
    make_dataset,
    text: str,  # type: ignore[no-untyped-def]
) -> None:
    repo = checkout(tmp_path, make_dataset)

    def build() -> dict[str, bytes]:
        build_leaderboard(
            submissions_dir=repo / "submissions",
            markdown=repo / "LEADERBOARD.md",
            output=repo / "site",
            cache_dir=repo / ".spotdiff-cache",
        )
        return {**snapshot(repo / "site"), "LEADERBOARD.md": (repo / "LEADERBOARD.md").read_bytes()}

    first = build()
    for entry in (repo / ".spotdiff-cache" / "standings").iterdir():
        entry.write_text(text, encoding="utf-8")
    assert build() == first


# -- the cached run usage (tokens, latency, cost) -------------------------------------


def test_a_usage_entry_written_by_anything_else_is_read_again(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    """Any dict with the four keys was shown as the entry's usage: a string of
    tokens, a negative cost, a figure past the round 14 bound."""
    cache = tmp_path / "cache"
    cold = compute_leaderboard(submissions, dataset_manifest, cache_dir=None)
    compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)
    for entry in (cache / USAGE_KIND).iterdir():
        entry.write_text(
            '{"input_tokens": "9999", "output_tokens": 10e400, "median_latency_ms": -1, '
            '"cost_usd": -5}',
            encoding="utf-8",
        )
    warm = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)
    assert warm.data == cold.data


def test_usage_cached_by_older_code_is_read_again(
    submissions: Path, dataset_manifest: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The usage was cached under the predictions' sha256 alone: a change to
    how it is read (as round 14 made) kept the old figures on a warm build."""
    from spotdiff_eval.leaderboard import run_facts, scoring

    cache = tmp_path / "cache"
    compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)

    def newer(run: object) -> dict[str, object]:
        return {**run_facts.NO_USAGE, "cost_usd": 1.5}

    monkeypatch.setattr(scoring, "run_usage", newer)
    monkeypatch.setattr(run_facts, "usage_code", lambda: "the usage code of a later commit", False)
    cold = compute_leaderboard(submissions, dataset_manifest, cache_dir=None)
    warm = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)
    assert {e["usage"]["cost_usd"] for e in cold.data["entries"]} == {1.5}
    assert warm.data == cold.data


# -- where publish.yml's report cache comes from ---------------------------------------
#
# actions/cache: any job running on main (ci.yml runs unpinned test
# dependencies there) can save a cache under the prefix publish.yml's
# restore-keys matched, and restoring it unpacks whatever the archive holds,
# absolute paths included, in the job holding HF_TOKEN. Planted reports were
# the least of it: the installed scorer could be replaced.

WORKFLOWS = Path(__file__).resolve().parent.parent / ".github" / "workflows"

LOOKUP_HARNESS = """
const asked = [];
const github = { rest: { actions: { listWorkflowRuns: async (args) => {
  asked.push(args);
  return { data: { workflow_runs: JSON.parse(process.env.RUNS) } };
} } } };
const outputs = {};
const core = { setOutput: (name, value) => { outputs[name] = value; } };
const context = { repo: { owner: 'o', repo: 'r' }, payload: { repository: { full_name: 'o/r' } } };
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
new AsyncFunction('github', 'context', 'core', process.env.SCRIPT)(github, context, core)
  .then(() => console.log(JSON.stringify({ asked, outputs })));
"""


def publish_build() -> dict:  # type: ignore[type-arg]
    import yaml

    return yaml.safe_load((WORKFLOWS / "publish.yml").read_text("utf-8"))["jobs"]["build"]


def test_no_workflow_restores_an_actions_cache() -> None:
    for path in WORKFLOWS.glob("*.yml"):
        uses = re.findall(r"^\s*(?:-\s+)?uses:\s*(\S+)", path.read_text("utf-8"), re.M)
        assert uses and not [u for u in uses if u.startswith("actions/cache")], path.name


def test_the_report_cache_is_the_artifact_of_the_last_publish_run_pushed_to_main() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (GitHub's runners have it)")
    steps = publish_build()["steps"]
    lookup = next(s for s in steps if s.get("id") == "previous")
    download = next(s for s in steps if "download-artifact" in s.get("uses", ""))
    assert download["with"]["run-id"] == "${{ steps.previous.outputs.run-id }}"
    assert download["with"]["path"] == "${{ runner.temp }}/spotdiff-cache/reports"

    def found(runs: list[dict]) -> tuple[list[dict], str]:  # type: ignore[type-arg]
        env = {"PATH": os.environ.get("PATH", ""), "SCRIPT": lookup["with"]["script"]}
        env["RUNS"] = json.dumps(runs)
        done = subprocess.run(
            [node, "-e", LOOKUP_HARNESS], env=env, capture_output=True, text=True, check=True
        )
        result = json.loads(done.stdout)
        return result["asked"], result["outputs"]["run-id"]

    ours = {"id": 41, "head_repository": {"full_name": "o/r"}}
    asked, run_id = found([ours])
    assert run_id == "41"
    assert asked == [
        {
            "owner": "o",
            "repo": "r",
            "workflow_id": "publish.yml",
            "branch": "main",
            "event": "push",
            "status": "success",
            "per_page": 1,
        }
    ]
    assert found([{"id": 42, "head_repository": {"full_name": "fork/r"}}])[1] == ""
    assert found([])[1] == ""


def test_a_symlinked_reports_folder_is_neither_read_nor_written(
    submissions: Path, dataset_manifest: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    entry = entry_of(submissions, dataset_manifest, cache, "beta-half")
    fresh = compute_leaderboard(submissions, dataset_manifest, cache_dir=None)
    outside = tmp_path / "outside"
    (cache / REPORT_KIND).rename(outside)
    (outside / entry.name).write_text(
        dumps_layered(tampered(fresh.scored[1].report, 0.987654)), "utf-8"
    )
    (cache / REPORT_KIND).symlink_to(outside)
    before = snapshot(outside)

    again = compute_leaderboard(submissions, dataset_manifest, cache_dir=cache)

    assert again.rescored == 3
    assert again.data == fresh.data
    assert snapshot(outside) == before


def test_the_publish_cache_folder_is_outside_the_checkout() -> None:
    """Inside the checkout, files committed under .spotdiff-cache/ (force-added
    past .gitignore in a reviewed pull request) were cache entries: a
    'validated' mark skipped a folder's checks, a usage or standings entry was
    published. Only what earlier publish runs wrote may be in the cache."""
    steps = publish_build()["steps"]
    build = next(s for s in steps if "leaderboard build" in s.get("run", ""))
    assert '--cache-dir "$RUNNER_TEMP/spotdiff-cache"' in build["run"]
    for uses in ("download-artifact", "upload-artifact"):
        step = next(
            s
            for s in steps
            if uses in s.get("uses", "") and s["with"]["name"].startswith("report-cache-")
        )
        assert step["with"]["path"] == "${{ runner.temp }}/spotdiff-cache/reports"
