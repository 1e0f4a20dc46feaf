"""Which kinds an item's scene is made of: dealt from a shuffled deck per theme, not drawn anew.

Why: drawing every scene's kinds independently makes some kinds recur
within a theme by chance (24 changes among 160 kinds repeat two or three
kinds, the birthday paradox), and each repeat is a guess that lands for
anyone who copies the other items' answers. Dealing hands from a seeded
deck, reshuffled each time it runs out, gives every kind of a theme about
the same number of appearances in a dataset: the flattest frequencies there
are, so the other items' answers say nothing about this one's.
"""

from __future__ import annotations

import random
from functools import cache

from .catalogue import OBJECT_KINDS
from .crowds import crowd_key
from .scene import Theme

#: Kinds dealt to one item: more than a scene holds, the rest for additions.
HAND = 24


@cache
def _deck(seed: int, theme: Theme, round_: int) -> tuple[str, ...]:
    keys = list(theme.kinds)
    random.Random(f"spotdiff-generate/{seed}/deck/{theme.name}/{round_}").shuffle(keys)
    return tuple(keys)


def hand(seed: int, theme: Theme, rank: int) -> tuple[str, ...]:
    """The kinds of the ``rank``-th item (0-based) of ``theme`` in the dataset of ``seed``."""
    size = len(theme.kinds)
    dealt: list[str] = []
    for position in range(rank * HAND, (rank + 1) * HAND):
        round_, index = divmod(position, size)
        key = _deck(seed, theme, round_)[index]
        if key not in dealt:
            dealt.append(key)
    return tuple(dealt)


def countable_key(key: str) -> str | None:
    """The kind itself if it has members to count, else its crowd if it has one."""
    if OBJECT_KINDS[key].group is not None:
        return key
    crowd = crowd_key(key)
    return crowd if crowd in OBJECT_KINDS else None
