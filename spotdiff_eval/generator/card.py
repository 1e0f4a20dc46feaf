"""The dataset card (``data/README.md``) of a generated dataset, with Hugging Face front matter.

Built only from the dataset's own facts (``dataset_version.json``), so the
card never disagrees with the data and regenerating rewrites it. The text
is the template ``site_templates/dataset_card.md.j2``; this module hands it
the facts and the drawing constants.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jinja2

from ..datasets import resource_dir
from .item import SEPARATOR
from .scene import PANEL_HEIGHT, PANEL_WIDTH

TEMPLATE = "dataset_card.md.j2"
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


@cache
def _template() -> jinja2.Template:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(resource_dir("site_templates")),
        autoescape=False,  # Markdown built from the generator's own facts
        undefined=jinja2.StrictUndefined,  # a fact missing from info fails, never blanks
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env.get_template(TEMPLATE)


def render_card(info: dict[str, Any]) -> str:
    """Markdown card for the dataset described by ``info`` (dataset_version.json)."""
    return _template().render(
        info=info,
        size_category=_size_category(info["items"]),
        kind_words=KIND_WORDS,
        panel_width=PANEL_WIDTH,
        panel_height=PANEL_HEIGHT,
        separator=SEPARATOR,
    )
