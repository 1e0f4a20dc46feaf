"""The dataset fingerprint: sha256 of the annotations, independent of formatting and order.

Each annotation enters as canonical JSON (sorted keys, compact, UTF-8),
preceded by its item id, in item id order. Loading used to keep every parsed
annotation until the end to hash them sorted, the largest allocation of
loading. A manifest is usually in id order, and then each annotation is
hashed as it is read; otherwise only its canonical bytes, a fraction of the
parsed objects' size, wait to be sorted.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Mapping, Sequence
from typing import Any

#: The canonical form's encoder, made once (``json.dumps`` makes one per call).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fingerprint(annotations: Mapping[str, Any]) -> str:
    """sha256 over the annotations; ``annotations`` maps item ids to parsed JSON."""
    builder = FingerprintBuilder(in_order=True)
    for item_id in sorted(annotations):
        builder.add(item_id, annotations[item_id])
    return builder.hexdigest()


def in_id_order(item_ids: Sequence[str]) -> bool:
    """True if the ids are strictly increasing: the annotations can be hashed as read."""
    return all(a < b for a, b in itertools.pairwise(item_ids))


class FingerprintBuilder:
    """Hashes annotations as they arrive, keeping as little as the order allows.

    ``in_order``: the caller adds the annotations in increasing item id order
    (see :func:`in_id_order`); each is hashed at once. Otherwise each keeps
    its canonical bytes until :meth:`hexdigest` sorts them.
    """

    def __init__(self, *, in_order: bool) -> None:
        self._digest = hashlib.sha256()
        self._in_order = in_order
        self._last: str | None = None
        self._waiting: dict[str, bytes] = {}

    def add(self, item_id: str, data: Any) -> None:
        """Take one annotation; each item id once."""
        canonical = _CANONICAL.encode(data)
        record = f"{item_id}\n{canonical}\n".encode()
        if not self._in_order:
            self._waiting[item_id] = record
            return
        if self._last is not None and not self._last < item_id:
            raise ValueError(f"item id {item_id!r} after {self._last!r}: not in order")
        self._last = item_id
        self._digest.update(record)

    def hexdigest(self) -> str:
        """The fingerprint of everything added."""
        digest = self._digest.copy()
        for item_id in sorted(self._waiting):
            digest.update(self._waiting[item_id])
        return digest.hexdigest()
