"""Settings: the places a scene happens in, which a compound name may borrow.

A beach ball is a ball for the beach, a park bench a bench in a park, a
sand bucket a bucket for sand: the setting narrows the head, and is never
the thing itself. "park" growing, "beach" counting 2 -> 4 or "sand" turning
larger named nothing a judge would point at, yet route 2 of
``relation.py`` (a word of a compound gold name, with the same change)
found the park bench, the beach balls and the sand bucket: red team round 23
guessed a scene's places, which its backdrop shows without looking at what
changed (``blind_tricks.place_words``), and found golds of the bundled set
with full details. Round 18 refused "floor" for a floor lamp only where the
gold's description puts it on the floor; a setting needs no description.
"""

from __future__ import annotations

#: Places and grounds a scene is set in, as the first word of a compound name.
SETTINGS = frozenset(
    """
    beach park street road sand sea ocean garden kitchen farm forest field camp
    campsite yard lawn city town desert river lake playground office school
    bathroom bedroom
    """.split()
)


def is_setting(word: str) -> bool:
    """``word`` names where a scene happens, never a thing in it (see module docstring)."""
    return word in SETTINGS
