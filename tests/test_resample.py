"""The plain-Python bootstrap path gives numpy's bits exactly.

Small datasets are resampled without numpy (``spotdiff_eval/scoring/_resample.py``)
so that ``spotdiff evaluate`` starts fast; the report must not depend on
which path ran.
"""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from spotdiff_eval.scoring import _bootstrap as bootstrap
from spotdiff_eval.scoring._metrics import Counts
from spotdiff_eval.scoring._resample import draws


@pytest.mark.parametrize("seed", [0, 1, 20260601, 2**32 + 5, 2**70 + 123])
@pytest.mark.parametrize("bound", [1, 2, 3, 7, 28, 1000, 2**31 + 11, 2**32 - 1])
def test_draws_are_numpys(seed: int, bound: int) -> None:
    expected = np.random.Generator(np.random.PCG64(seed)).integers(
        0, bound, size=(7, 300), dtype=np.int64
    )
    assert draws(seed, bound, 2100) == expected.ravel().tolist()


def _random_counts(rnd: random.Random, n: int) -> list[Counts]:
    counts = []
    for _ in range(n):
        gold = rnd.randint(0, 9)
        predicted = rnd.randint(0, 25)
        matched = rnd.randint(0, min(gold, predicted))
        fully = rnd.randint(0, matched)
        factor = 1.0 if predicted <= 2 * gold + 2 else (2 * gold + 2) / predicted
        counts.append(
            Counts(
                gold=gold,
                predicted=predicted,
                matched=matched,
                fully_correct=fully,
                detail_sum=matched * rnd.choice([1.0, 2 / 3, 0.75, 0.5]),
                recall_credit=matched * factor,
                coverage_credit=fully * factor,
            )
        )
    return counts


@pytest.mark.parametrize("n_items", [1, 2, 5, 28, 61])
def test_both_paths_give_the_same_intervals(n_items: int, monkeypatch) -> None:
    per_item = _random_counts(random.Random(n_items), n_items)
    plain = bootstrap.confidence_intervals(per_item, resamples=700)
    monkeypatch.setattr(bootstrap, "PLAIN_PYTHON_DRAWS", 0)
    with_numpy = bootstrap.confidence_intervals(per_item, resamples=700)
    assert plain == with_numpy


def test_a_small_evaluation_never_imports_numpy(dataset_manifest) -> None:
    code = (
        "import sys; from spotdiff_eval.scoring._pipeline import evaluate_files; "
        "from spotdiff_eval.scoring._report import build_report; "
        f"build_report(evaluate_files({str(dataset_manifest)!r}, sys.argv[1])); "
        "assert 'numpy' not in sys.modules, 'numpy was imported'"
    )
    from conftest import predictions_doc, write_json

    predictions = write_json(dataset_manifest.parent / "p.json", predictions_doc("scene_0001_park"))
    result = subprocess.run(
        [sys.executable, "-c", code, str(predictions)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("n_items", "resamples", "seed", "block_draws"),
    [
        (3, 50, 1, 7),  # blocks of two rows, an odd number of halves each
        (999, 37, 3, 1000),
        (1, 4, 2, 10),
        (1_500_000, 2, 5, 1),  # hundreds of rejected draws, one row per block
        (10_000, 1000, bootstrap.SEED, 250_000),  # what a 10,000-item evaluation draws
    ],
)
def test_index_blocks_are_the_rows_of_resample_indices(
    n_items: int, resamples: int, seed: int, block_draws: int
) -> None:
    blocks = list(bootstrap.index_blocks(n_items, resamples, seed, block_draws))
    assert len(blocks) == -(-resamples // max(1, block_draws // n_items))
    whole = bootstrap.resample_indices(n_items, resamples, seed)
    assert np.array_equal(np.concatenate(blocks), whole)


def test_metric_samples_agree_for_the_matrix_and_its_blocks() -> None:
    rnd = random.Random(4)
    per_item = [
        Counts(gold=g, predicted=p, matched=m, detail_sum=m * 0.75, recall_credit=m * 0.5)
        for g, p, m in (
            (rnd.randint(1, 9), rnd.randint(0, 9), rnd.randint(0, 1)) for _ in range(300)
        )
    ]
    whole = bootstrap.metric_samples(per_item, bootstrap.resample_indices(300, 200, 9))
    blocks = bootstrap.metric_samples(per_item, bootstrap.index_blocks(300, 200, 9, 1000))
    assert whole.keys() == blocks.keys()
    for name in whole:
        assert np.array_equal(whole[name], blocks[name])
