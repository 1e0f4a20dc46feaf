"""The procedural dataset generator behind ``spotdiff generate``.

Draws cartoon scenes with Pillow, changes a few things between the two
panels, and writes a dataset whose answers are exactly known::

    from spotdiff_eval.generator import generate_dataset

    summary = generate_dataset("out", items=12, seed=7, difficulty="medium")
    print(summary.manifest, summary.items, summary.regenerated)

The modules, in the order an item passes through them: ``catalogue`` (the
kinds of objects and the themes, drawn by ``objects_*`` on a ``canvas``,
and ``crowds`` of small kinds), ``deck`` (which kinds an item gets),
``compose`` (the first panel), ``differences`` (what changes), ``render``,
``annotate`` (names, sentences, boxes), ``gate`` (the checks an item must
pass), ``item`` (one item, redrawn until it passes) and ``writer`` with
``card`` (the files). ``example_answers`` writes the imperfect example
predictions of the bundled set; ``priors`` measures what a dataset gives
away to a guesser who never looks at an image.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

#: Version of the drawings and rules: a change that alters any output for a
#: given seed raises it, so a dataset's provenance names what made it.
GENERATOR_VERSION = "2.0.0"

DEFAULT_NAME = "spotdiff-generated"
DEFAULT_VERSION = "1.0.0"
#: Names a generated set may not take. DESIGN keeps ``spotdiff-v1-dev`` for the
#: published hand-made set: a generated set under it would pass for that set
#: on a board, in a report or on the Hub.
RESERVED_NAMES = ("spotdiff-v1-dev",)
#: Most items one run draws. At 50,000 a run takes about an hour and writes
#: about 1 GB, and its perfect.json (about 1 KB an item at hard) stays under
#: the 64 MiB cap every JSON file of the project is read with; twice as many
#: could not be scored as generated. Without a bound, ``--items 10**9`` set
#: out on a run of years that kept every item's rows in memory.
MAX_ITEMS = 50_000


def reserved_name_problem(name: str) -> str | None:
    """Why ``name`` may not name a generated set, or None.

    Case and separators do not count (``SpotDiff_V1_Dev`` reads as the same name).
    """

    def folded(text: str) -> str:
        return re.sub(r"[-_.+]+", "-", text.lower())

    if folded(name) in {folded(r) for r in RESERVED_NAMES}:
        return (
            f"{name!r} is the published hand-made set's name; "
            "a generated set needs a name of its own"
        )
    return None


@dataclass(frozen=True)
class GenerationSummary:
    """What a run wrote: counts for the CLI's summary line and for tests."""

    manifest: Path
    items: int
    differences: int
    regenerated: int  # items the gate sent back at least once
    kinds: dict[str, int]
    layouts: dict[str, int]


def vocabulary() -> dict[str, int]:
    """How many kinds of objects scenes draw on, and how many head nouns name them.

    The smallest theme's count is the pool a blind guesser faces.
    """
    from .catalogue import SINGLE_KINDS, THEMES, heads

    def names(keys) -> int:
        return len({h for key in keys for h in heads(key)})

    return {
        "object_kinds": len(SINGLE_KINDS),
        "head_nouns": names(k.key for k in SINGLE_KINDS),
        "head_nouns_per_theme_at_least": min(names(t.kinds) for t in THEMES),
    }


def generate_dataset(
    output: Path | str,
    items: int = 24,
    seed: int = 0,
    difficulty: str = "medium",
    *,
    name: str = DEFAULT_NAME,
    version: str = DEFAULT_VERSION,
    progress: Callable[[int], None] | None = None,
    force: bool = False,
) -> GenerationSummary:
    """Generate ``items`` items into ``output/data/`` (and ``output/predictions/perfect.json``).

    Raises :class:`~spotdiff_eval.errors.SpotDiffError` for an unusable
    output folder, or one already holding a dataset unless ``force``; the
    previous dataset there is kept until the new one is complete.
    """
    from PIL import __version__ as pillow_version

    from ..datasets import KINDS
    from ..version import __version__ as package_version
    from .card import render_card
    from .compose import DIFFICULTIES
    from .differences import ATTRIBUTE_CYCLE
    from .item import build_item
    from .writer import GENERATOR_NAME, LICENSE, DatasetWriter

    if not 1 <= items <= MAX_ITEMS:
        raise ValueError(f"items must be from 1 to {MAX_ITEMS}, not {items}")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
    problem = reserved_name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    writer = DatasetWriter(Path(output), force=force)
    kinds: Counter[str] = Counter()
    attributes: Counter[str] = Counter()
    layouts: Counter[str] = Counter()
    themes: Counter[str] = Counter()
    per_item: list[int] = []
    regenerated = 0
    try:
        for index in range(items):
            item = build_item(seed, index, difficulty)
            writer.add(item)
            kinds.update(g.kind for g in item.goldens)
            attributes.update(g.attribute for g in item.goldens if g.attribute)
            layouts[item.layout] += 1
            themes[item.theme] += 1
            per_item.append(len(item.goldens))
            regenerated += item.attempts > 1
            if progress is not None:
                progress(index + 1)
        command = (
            f"spotdiff generate --output . --items {items} --seed {seed} "
            f"--difficulty {difficulty} --name {name} --dataset-version {version}"
        )
        info = {
            "dataset_name": name,
            "dataset_version": version,
            "generator": GENERATOR_NAME,
            "generator_version": GENERATOR_VERSION,
            "package_version": package_version,
            "renderer": f"Pillow {pillow_version}",
            "seed": seed,
            "difficulty": difficulty,
            "items": items,
            "differences": sum(per_item),
            "differences_per_item": [min(per_item), max(per_item)],
            "kinds": {k: kinds[k] for k in KINDS},
            "attributes": {a: attributes[a] for a in ATTRIBUTE_CYCLE},
            "layouts": {layout: layouts[layout] for layout in sorted(layouts)},
            "themes": {theme: themes[theme] for theme in sorted(themes)},
            "vocabulary": vocabulary(),
            "regenerated_by_gate": regenerated,
            "license": LICENSE,
            "created_from": command,
        }
        source = f"{GENERATOR_NAME} {GENERATOR_VERSION}, seed {seed}, {difficulty}"
        manifest = writer.commit(writer.manifest(name, version, source), info, render_card(info))
    except BaseException:
        writer.discard()
        raise
    return GenerationSummary(
        manifest=manifest,
        items=items,
        differences=sum(per_item),
        regenerated=regenerated,
        kinds=dict(info["kinds"]),
        layouts=dict(info["layouts"]),
    )
