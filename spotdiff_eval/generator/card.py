"""The dataset card (``data/README.md``) of a generated dataset, with Hugging Face front matter.

Built only from the dataset's own facts (``dataset_version.json``), so the
card never disagrees with the data and regenerating rewrites it.
"""

from __future__ import annotations

from typing import Any

from .item import SEPARATOR
from .scene import PANEL_HEIGHT, PANEL_WIDTH

KIND_WORDS = {
    "object_added": "something appears in the second panel",
    "object_removed": "something from the first panel is gone",
    "attribute_change": "something changes colour, pattern, shape or size",
    "count_change": "a group has a different number of members",
}


def _size_category(items: int) -> str:
    if items < 1000:
        return "n<1K"
    return "1K<n<10K" if items < 10_000 else "10K<n<100K"


def render_card(info: dict[str, Any]) -> str:
    """Markdown card for the dataset described by ``info`` (dataset_version.json)."""
    name, version = info["dataset_name"], info["dataset_version"]
    total = info["differences"]
    kinds = "\n".join(
        f"| `{kind}` | {KIND_WORDS[kind]} | {n} | {100 * n / total:.0f}% |"
        for kind, n in info["kinds"].items()
    )
    attributes = ", ".join(f"{a} {n}" for a, n in info["attributes"].items())
    layouts = info["layouts"]
    themes = ", ".join(f"{t.replace('_', ' ')} {n}" for t, n in info["themes"].items())
    low, high = info["differences_per_item"]
    vocab = info["vocabulary"]
    return f"""---
license: cc0-1.0
pretty_name: SpotDiff {name}
language:
- en
task_categories:
- visual-question-answering
- image-to-text
tags:
- spot-the-difference
- visual-reasoning
- synthetic
- benchmark
size_categories:
- {_size_category(info["items"])}
configs:
- config_name: differences
  data_files: data/viewer.jsonl
---

# {name} {version}

Spot-the-difference puzzles for testing vision models, drawn by a program
rather than collected: {info["items"]} cartoon scenes with {total} golden
differences whose answers are known exactly, because the program made each
change itself and checked it pixel by pixel before keeping the item.

Each item is one PNG holding two panels of {PANEL_WIDTH}x{PANEL_HEIGHT} pixels
with an {SEPARATOR} px dark bar between them. The first panel is the left one
(`side_by_side`, {layouts.get("side_by_side", 0)} items) or the top one
(`top_bottom`, {layouts.get("top_bottom", 0)} items). A model sees the whole
image and lists every difference as JSON; `spotdiff evaluate` scores the list.

## Contents

| kind | meaning | differences | share |
|---|---|---|---|
{kinds}

Attribute changes by attribute: {attributes}. Scenes by theme: {themes}.
Each item has {low} to {high} differences (difficulty `{info["difficulty"]}`).

Scenes draw on {vocab["object_kinds"]} kinds of objects named by {vocab["head_nouns"]}
different head nouns (people, animals, food, toys, tools, furniture,
vehicles, buildings...), every theme at least
{vocab["head_nouns_per_theme_at_least"]} of them; small kinds also come as
crowds (three ducks, four keys), which count changes add to or take from.

## Why guessing does not pay

An answer written without looking at the image must not score. So nothing
here favours an object or a change: item ids are numbers (`scene_0001`),
never the theme; most kinds stand in every theme (a backdrop says little
about what a scene holds); each item's kinds are dealt from a shuffled deck
per theme, so every kind appears about equally often and the other items'
answers say nothing about this one's; the changed objects are drawn
uniformly from the scene; the four kinds of change take turns, and size
changes grow or shrink at even odds. Guessing the most common objects of
the other items of the same theme finds almost nothing (measure it with
`python benchmarks/priors.py` in the project).

Every annotation carries `panel_boxes` (where each panel sits in the image)
and, per difference, a `bbox` in panel pixels (x1 and y1 exclusive), a
snake_case `subject`, `aliases` a careful judge would also accept, and a
one-sentence `description`. `data/viewer.jsonl` repeats the differences one
per line for dataset viewers.

## How the answers are guaranteed

Before an item is written, a gate compares the two panels and rejects the
draft unless every changed pixel lies inside some difference's box, each
difference changes enough pixels to be seen, no two boxes overlap, every
subject names exactly one object in the scene (never two red cars), and
every colour change goes between two plain colour names far apart.
Rejected drafts are drawn again; {info["regenerated_by_gate"]} of the
{info["items"]} items needed that. `spotdiff validate` repeats the pixel
checks on the published files.

## Provenance

- Generator: `{info["generator"]}`, generator version {info["generator_version"]}
  (spotdiff-eval {info["package_version"]}), drawing with {info["renderer"]}.
- Seed {info["seed"]}, {info["items"]} items, difficulty `{info["difficulty"]}`.
- Recreate it with `{info["created_from"]}`. The same seed gives the same
  bytes with the same Pillow and zlib; other versions may draw a pixel
  differently, never a different answer.
- No photographs, no people's likenesses, no third-party artwork: every
  shape is drawn from code in `spotdiff_eval/generator/`.

## Files

    data/manifest.json               the items (paths from the dataset root)
    data/annotations/<item_id>.json  golden differences of each item
    data/images/<item_id>.png        composite images
    data/dataset_version.json        what made this dataset, and its counts
    data/viewer.jsonl                one row per difference
    predictions/perfect.json         every golden difference restated (scores 100%)

## Use

    spotdiff validate data
    spotdiff evaluate --manifest data/manifest.json --predictions predictions/perfect.json

## Licence

{info["license"]}: the images and annotations are dedicated to the public
domain. Copy, change and redistribute them, for any purpose, without asking.

## Limitations

Flat cartoon drawings with few colours are easier to compare than
photographs, the scenes repeat one drawing per kind of object, and objects
of any kind may share a scene (a guitar in a park, a rake in a kitchen). Scores on
this set say how well a model finds and names clear changes, not how it
copes with real images.
"""
