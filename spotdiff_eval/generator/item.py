"""One dataset item: compose, change, render, annotate, and pass the gate or start over.

Item ids are numbers only (``scene_0007``): an id naming the theme would
tell a blind guesser which objects to guess.

Each attempt draws from its own ``random.Random`` seeded with the dataset
seed, the item's index and the attempt number, so item 7 of seed 42 is the
same whatever the number of items, the order they are made in, or
``PYTHONHASHSEED``.

An item whose first ``MAX_ATTEMPTS`` drafts all fail gets as many again,
which no longer make the changes those drafts showed to be too small to see
(item 13174 of seed 0: a pattern change first, and the only patterned kinds
of its hand, an owl and a cupcake, get spots of about 100 pixels). The
first drafts are untouched, so every item that passed before keeps its
bytes, and the avoided changes follow from the seed alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from PIL import Image

from ..datasets import Box
from ..errors import SpotDiffError
from .annotate import Golden, annotate
from .catalogue import THEMES
from .compose import DIFFICULTIES, compose
from .crowds import member_key
from .deck import hand
from .differences import plan
from .gate import gate_findings
from .render import render
from .scene import PANEL_HEIGHT, PANEL_WIDTH, Scene, Theme

LAYOUTS = ("side_by_side", "top_bottom")
#: Width of the dark bar between the panels.
SEPARATOR = 8
SEPARATOR_COLOUR = (40, 40, 40)
#: Drafts before an item stops making the changes the gate found too small to
#: see, and again as many before giving up on it. The gate rejects a few
#: percent of drafts, so giving up means a drawing or rule is broken.
MAX_ATTEMPTS = 50


@dataclass(frozen=True)
class Item:
    item_id: str
    theme: str
    layout: str
    first: Scene
    second: Scene
    panels: tuple[Image.Image, Image.Image]
    goldens: tuple[Golden, ...]
    attempts: int

    @property
    def panel_boxes(self) -> tuple[Box, Box]:
        return panel_boxes(self.layout)

    def composite(self) -> Image.Image:
        """The item's image: both panels on the separator colour."""
        first, second = self.panel_boxes
        image = Image.new("RGB", (second[2], second[3]), SEPARATOR_COLOUR)
        image.paste(self.panels[0], first[:2])
        image.paste(self.panels[1], second[:2])
        return image


def panel_boxes(layout: str) -> tuple[Box, Box]:
    """Where the panels sit in the composite: first left or on top."""
    if layout == "side_by_side":
        x = PANEL_WIDTH + SEPARATOR
        return (0, 0, PANEL_WIDTH, PANEL_HEIGHT), (x, 0, x + PANEL_WIDTH, PANEL_HEIGHT)
    y = PANEL_HEIGHT + SEPARATOR
    return (0, 0, PANEL_WIDTH, PANEL_HEIGHT), (0, y, PANEL_WIDTH, y + PANEL_HEIGHT)


def item_plan(seed: int, index: int) -> tuple[Theme, str]:
    """Theme and layout of item ``index``: themes in a seed-shuffled cycle, layouts alternate."""
    order = list(range(len(THEMES)))
    random.Random(f"spotdiff-generate/{seed}/themes").shuffle(order)
    return THEMES[order[index % len(order)]], LAYOUTS[(index + seed) % len(LAYOUTS)]


def build_item(seed: int, index: int, difficulty: str) -> Item:
    """Item ``index`` (0-based) of the dataset with this seed.

    Raises :class:`SpotDiffError` naming the item if no draft passes the gate.
    """
    level = DIFFICULTIES[difficulty]
    theme, layout = item_plan(seed, index)
    dealt = hand(seed, theme, rank=index // len(THEMES))
    item_id = f"scene_{index + 1:04d}"
    problems: list[str] = []
    invisible: set[tuple[str, str]] = set()
    for attempt in range(2 * MAX_ATTEMPTS):
        avoid = frozenset(invisible) if attempt >= MAX_ATTEMPTS else frozenset()
        rng = random.Random(f"spotdiff-generate/{seed}/{difficulty}/{index}/{attempt}")
        first = compose(rng, theme, level, dealt)
        used = {member_key(o.kind) for o in first.objects}
        fresh = [k for k in dealt if k not in used]
        second, changes = plan(rng, first, level, attribute_start=index, fresh=fresh, avoid=avoid)
        if len(changes) < level.differences[0]:
            problems = [f"only {len(changes)} differences could be placed"]
            continue
        rendered = render(first), render(second)
        goldens = sorted(
            (annotate(change, first, second, rendered) for change in changes),
            key=lambda g: (g.bbox[1], g.bbox[0], g.subject),
        )
        panels = rendered[0].image, rendered[1].image
        findings = gate_findings(first, second, panels, goldens, min_pixels=level.min_pixels)
        if not findings.problems:
            return Item(
                item_id=item_id,
                theme=theme.name,
                layout=layout,
                first=first,
                second=second,
                panels=panels,
                goldens=tuple(goldens),
                attempts=attempt + 1,
            )
        problems = findings.problems
        invisible.update(signature(goldens[i], first, second) for i in findings.invisible)
    raise SpotDiffError(
        f"{item_id} (seed {seed}, {difficulty})",
        "",
        f"no draft passed the grounding gate in {2 * MAX_ATTEMPTS} attempts; "
        f"last problem: {problems[0]}",
    )


def signature(golden: Golden, first: Scene, second: Scene) -> tuple[str, str]:
    """What a difference changed, as the planner's ``avoid`` names it: (kind, change)."""
    kinds = {o.uid: o.kind for o in (*second.objects, *first.objects)}
    return kinds[golden.uid], golden.attribute or golden.kind
