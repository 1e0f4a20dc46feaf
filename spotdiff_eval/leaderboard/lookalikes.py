"""Rows of one board that read alike but were submitted by different people.

A leaderboard row shows an entry's model name and version and its
organisation, not who submitted it. The pull request check asks a maintainer
about a new name like one already on main, but two pull requests opened off
the same main are each checked against it alone: @alice's "rival-model" and
@mallory's "Rival Model" were both Verified, and once both were merged the
board showed two rows a reader could not tell apart (red team round 21).
The build therefore finds such pairs itself, warns about each, and
LEADERBOARD.md names the submitter in those rows. Entries of one submitter
(two runs of their own model) are no pair; a project baseline has no
submitter, so only the entry like it is named.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .._util.lookalike import names_alike, shown_name


@dataclass(frozen=True)
class LookalikePair:
    """Two entries of one board whose rows read alike, by different submitters."""

    first: str
    second: str

    def warning(self, board_id: str) -> str:
        """The build's one-line warning about the pair."""
        return (
            f"board {board_id}: the rows of {self.first} and {self.second} look alike "
            "(model name and version) but were submitted by different people; LEADERBOARD.md "
            "names the submitter in each: a maintainer should ask for a model.version "
            "that tells them apart"
        )


def lookalike_pairs(entries: Iterable[Mapping[str, Any]]) -> list[LookalikePair]:
    """Every pair of ``entries`` (a board's data entries) shown alike, by different people.

    Compared as the pull request check compares a new name with the board's
    (:func:`~spotdiff_eval._util.lookalike.names_alike`).
    """
    keyed = sorted((str(e["submission_id"]), shown_name(e), _owner(e)) for e in entries)
    pairs = []
    for index, (first, key, owner) in enumerate(keyed):
        for second, other_key, other_owner in keyed[index + 1 :]:
            if owner == other_owner or not names_alike(key, other_key):
                continue
            pairs.append(LookalikePair(first, second))
    return pairs


def named_rows(entries: Iterable[Mapping[str, Any]]) -> frozenset[str]:
    """The entries whose row must name its submitter: each in a pair, if it has one."""
    entries = list(entries)
    with_submitter = {str(e["submission_id"]) for e in entries if _owner(e) is not None}
    paired = {sid for pair in lookalike_pairs(entries) for sid in (pair.first, pair.second)}
    return frozenset(paired & with_submitter)


def _owner(entry: Mapping[str, Any]) -> str | None:
    """Who an entry is shown for: its submitter, case folded; None for a baseline."""
    submitter = entry.get("submitter")
    if entry.get("baseline") is True or not isinstance(submitter, str):
        return None
    return submitter.casefold()
