"""One dataset item: compose, change, render, annotate, and pass the gate or start over.

Item ids are numbers only (``scene_0007``): an id naming the theme would
tell a blind guesser which objects to guess.

Each attempt draws from its own ``random.Random`` seeded with the dataset
seed, the item's index and the attempt number, so item 7 of seed 42 is the
same whatever the number of items, the order they are made in, or
``PYTHONHASHSEED``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from PIL import Image

from ..datasets import Box
from .annotate import Golden, annotate
from .catalogue import THEMES
from .compose import DIFFICULTIES, compose
from .crowds import member_key
from .deck import hand
from .differences import plan
from .gate import gate_problems
from .render import render
from .scene import PANEL_HEIGHT, PANEL_WIDTH, Scene, Theme

LAYOUTS = ("side_by_side", "top_bottom")
#: Width of the dark bar between the panels.
SEPARATOR = 8
SEPARATOR_COLOUR = (40, 40, 40)
#: Attempts before giving up on an item. The gate rejects a few percent of
#: drafts, so reaching this means a drawing or rule is broken: say so loudly.
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
    """Item ``index`` (0-based) of the dataset with this seed; raises if none passes the gate."""
    level = DIFFICULTIES[difficulty]
    theme, layout = item_plan(seed, index)
    dealt = hand(seed, theme, rank=index // len(THEMES))
    problems: list[str] = []
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"spotdiff-generate/{seed}/{difficulty}/{index}/{attempt}")
        first = compose(rng, theme, level, dealt)
        used = {member_key(o.kind) for o in first.objects}
        fresh = [k for k in dealt if k not in used]
        second, changes = plan(rng, first, level, attribute_start=index, fresh=fresh)
        if len(changes) < level.differences[0]:
            problems = [f"only {len(changes)} differences could be placed"]
            continue
        rendered = render(first), render(second)
        goldens = sorted(
            (annotate(change, first, second, rendered) for change in changes),
            key=lambda g: (g.bbox[1], g.bbox[0], g.subject),
        )
        panels = rendered[0].image, rendered[1].image
        problems = gate_problems(first, second, panels, goldens, min_pixels=level.min_pixels)
        if not problems:
            return Item(
                item_id=f"scene_{index + 1:04d}",
                theme=theme.name,
                layout=layout,
                first=first,
                second=second,
                panels=panels,
                goldens=tuple(goldens),
                attempts=attempt + 1,
            )
    raise RuntimeError(
        f"item {index + 1} (seed {seed}): no draft passed the gate in {MAX_ATTEMPTS} attempts; "
        f"last problem: {problems[0]}"
    )
