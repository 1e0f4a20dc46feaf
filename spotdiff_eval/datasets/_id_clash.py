"""Ids that differ only in case or in Unicode normalization: one rule for every reader.

``d01`` and ``D01`` are one file on a case-insensitive disk (macOS, Windows)
and one difference to anyone reading a report; ``scène`` composed and
decomposed print alike and are one file on macOS, which stores names
decomposed (red team rounds 19 and 22). ``spotdiff validate`` listed them
while ``spotdiff evaluate`` scored a dataset holding them (red team round 23):
both now read the rule from here, ``validate`` listing every clash, the
loader the scorer uses refusing on the first.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence

from ..errors import SpotDiffError


def id_clashes(ids: Sequence[str], pointer: str, key: str) -> Iterator[tuple[str, str]]:
    """``(place, what)`` for each id equal to an earlier one once case and normalization go.

    ``pointer`` locates the list (``/items``, ``/differences``), ``key`` the field.
    Exact repeats are ``require_unique``'s, and are skipped here.
    """
    first: dict[str, int] = {}
    for index, value in enumerate(ids):
        folded = unicodedata.normalize("NFC", value).casefold()
        other = ids[first[folded]] if folded in first else value
        if other != value:
            composed = unicodedata.normalize("NFC", value) == unicodedata.normalize("NFC", other)
            how = (
                "in case"
                if value.casefold() == other.casefold()
                else "in Unicode normalization"
                if composed
                else "in case and Unicode normalization"
            )
            disk = "" if how == "in case" else ": one file on macOS, which stores names decomposed"
            yield (
                f"{pointer}/{index}/{key}",
                f'{key} "{value}" differs only {how} from "{other}" '
                f"({pointer}/{first[folded]}/{key}){disk}",
            )
        first.setdefault(folded, index)


def require_distinct(source: object, ids: Sequence[str], pointer: str, key: str) -> None:
    """Refuse the first id that differs from an earlier one only in case or normalization."""
    for where, what in id_clashes(ids, pointer, key):
        raise SpotDiffError(source, where, what)
