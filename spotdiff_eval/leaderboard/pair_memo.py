"""A board's last significance matrix, kept so the next build compares only new pairs.

Whether entry A is significantly better than B depends on A's and B's
reports only (their scores and per-item tallies, with the fixed resampling
constants), so each pair's answer is filed under the two reports' sha256:
after one changed submission, a rebuild compares that entry with the 499
others instead of comparing all 125,000 pairs. The memo names every report
it covers, so a stale, foreign or damaged one reuses only what it proves
(nothing, at worst).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import numpy as np


def dump(digests: Sequence[str], better: np.ndarray) -> str:
    """The memo's text: the reports' digests in matrix order and the matrix as bits."""
    bits = np.packbits(better.astype(bool), axis=None).tobytes().hex()
    return json.dumps({"digests": list(digests), "better": bits})


def load(text: str | None, digests: Sequence[str]) -> tuple[np.ndarray, np.ndarray] | None:
    """``(better, valid)`` laid out in the order of ``digests``, or None without a usable memo.

    ``valid[i, j]``: the memo compared these two reports (a report may
    appear under another submission id or at another rank).
    """
    if text is None:
        return None
    try:
        memo = json.loads(text)
        old = [str(d) for d in memo["digests"]]
        n_old = len(old)
        bits = np.frombuffer(bytes.fromhex(memo["better"]), dtype=np.uint8)
        if len(bits) != (n_old * n_old + 7) // 8:
            return None  # truncated: unpackbits would pad it with "not better"
        matrix = np.unpackbits(bits, count=n_old * n_old).reshape(n_old, n_old).astype(bool)
    except (ValueError, TypeError, KeyError, AttributeError):
        return None  # damaged: everything is compared again
    where = {}
    for position, digest in enumerate(old):
        where.setdefault(digest, position)
    found = np.array([digest in where for digest in digests], dtype=bool)
    if not found.any():
        return None
    positions = np.array([where.get(digest, 0) for digest in digests], dtype=np.intp)
    better = matrix[np.ix_(positions, positions)]
    valid = found[:, None] & found[None, :]
    better &= valid
    return better, valid
