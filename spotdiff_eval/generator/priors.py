"""How much a dataset gives away to a guesser who never looks at an image.

Such a guesser can still read the item id and see the backdrop (the
theme), and knows the answers of the other items. It guesses the K head
nouns most frequent among the golden differences of the other items of the
same theme (leave-one-out). :func:`blind_hits` is the share of golden
differences one of whose head nouns (of the subject or of an alias) is
among those K: what such guesses find. ``benchmarks/priors.py`` prints it;
the tests hold the generator to it.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..blind import theme_of
from ..datasets import load_dataset
from ..matching import parse_name


@dataclass(frozen=True)
class Priors:
    """Leave-one-out hit rates of blind guesses over one dataset."""

    items: int
    differences: int
    heads: int  # distinct head nouns among the golden differences
    same_theme: dict[int, float]  # K -> share found by the theme's K most frequent heads
    any_theme: dict[int, float]  # K -> the same, learnt from every other item
    seen_anywhere: float  # share whose head noun some other item has


def difference_heads(subject: str, aliases: Iterable[str]) -> frozenset[str]:
    """Every head noun a golden difference may be found by."""
    return frozenset(h for n in (subject, *aliases) if (h := parse_name(n).head) is not None)


def themes_of(manifest: Path, item_ids: Sequence[str]) -> dict[str, str | None]:
    """Each item's theme: from ``viewer.jsonl`` (what the backdrop shows), else from the id
    as pre-2.0 sets named it (``scene_0001_living_room``; ``blind.theme_of``)."""
    viewer = manifest.parent / "viewer.jsonl"
    known: dict[str, str] = {}
    if viewer.is_file():
        for line in viewer.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("theme"):
                known[row["item_id"]] = row["theme"]
    themes: dict[str, str | None] = {}
    for item_id in item_ids:
        themes[item_id] = known.get(item_id) or theme_of(item_id) or None
    return themes


def top(counts: Counter[str], k: int) -> set[str]:
    """The k most frequent heads; ties broken alphabetically, so the result is deterministic."""
    return {h for h, _ in sorted(counts.items(), key=lambda hc: (-hc[1], hc[0]))[:k]}


def blind_hits(manifest: Path | str, ks: Sequence[int] = (6, 10, 15)) -> Priors:
    """Leave-one-out hit rates of the K most frequent head nouns, for each K in ``ks``.

    An item whose theme is unknown is guessed at with the heads of every
    other item, so "same theme" is never easier than "any theme" by mistake.
    """
    manifest = Path(manifest)
    dataset = load_dataset(manifest)
    items = {
        a.item_id: [difference_heads(d.subject, d.aliases) for d in a.differences]
        for a in dataset.annotations
    }
    theme = themes_of(manifest, list(items))
    total = sum(len(diffs) for diffs in items.values())
    same = dict.fromkeys(ks, 0)
    anywhere = dict.fromkeys(ks, 0)
    seen = 0
    for item_id, diffs in items.items():
        others = [i for i in items if i != item_id]
        every: Counter[str] = Counter(h for i in others for d in items[i] for h in d)
        mine = [i for i in others if theme[item_id] is not None and theme[i] == theme[item_id]]
        themed = Counter(h for i in mine for d in items[i] for h in d)
        for k in ks:
            guesses = top(themed if theme[item_id] is not None else every, k)
            same[k] += sum(bool(d & guesses) for d in diffs)
            anywhere[k] += sum(bool(d & top(every, k)) for d in diffs)
        seen += sum(bool(d & every.keys()) for d in diffs)
    return Priors(
        items=len(items),
        differences=total,
        heads=len({h for diffs in items.values() for d in diffs for h in d}),
        same_theme={k: same[k] / total for k in ks},
        any_theme={k: anywhere[k] / total for k in ks},
        seen_anywhere=seen / total,
    )
