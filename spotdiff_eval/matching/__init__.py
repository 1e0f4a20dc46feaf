"""Matching: which prediction refers to which golden difference.

Its quality is the benchmark's quality, so every rule lives in one small
private module here, documented where it lives with the case that motivated
it (``shared/scoring-cases.json``). Other packages use only the names below.

* reading names (``_normalize``, ``_lexicon``): case, snake/camel/kebab
  case, plurals, spelling, number words; the head noun of a name, a pair
  (``_joined``); the lead phrase of a description and its verbs (``_verbs``);
* reading values (``_values``): the object a value names, its numbers, its
  sort of attribute, and when two values agree;
* evidence (``_evidence``, ``_modifiers``): one profile per difference with
  its names, heads, change and lead words (``_lead``), what it counts and
  where it puts things (``_counted``), sort of change, looks, places and
  kind words;
* accepting (``_relation``): six routes, ``same_object``, ``part_of_name``,
  ``names_gold_in_subject``, ``container``, ``described``, ``same_change``;
  the heads that are never a part of what is named before them (``_wholes``);
* refusing (``_vetoes``): five contradictions, ``different_change``,
  ``values_disagree``, ``another_kind``, ``looks_differ``, ``place_differs``;
* ranking (``_similarity``): route strength, name overlap (heads double,
  positions little), details, description overlap;
* assigning (``_assignment``): most matches first, then total similarity,
  with the Hungarian algorithm per connected component;
* judging details (``_details``): kind, count, attribute, from, to;
* deciding one item (``_match``): canonical order, the assignment, and a
  reason for every extra prediction;
* explaining (``_explain``): the same decision with every candidate, for
  ``spotdiff explain``.
"""

from ._details import DetailScore
from ._explain import (
    Considered,
    Explanation,
    explain_item,
    explanation_as_json,
    render_explanations,
)
from ._lexicon import CARDINALS, COLORS, PATTERNS, SHAPES, SIZES
from ._match import ExtraReason, ItemMatch, Match, match_item
from ._normalize import Name, parse_name, words

__all__ = [
    "CARDINALS",
    "COLORS",
    "PATTERNS",
    "SHAPES",
    "SIZES",
    "Considered",
    "DetailScore",
    "Explanation",
    "ExtraReason",
    "ItemMatch",
    "Match",
    "Name",
    "explain_item",
    "explanation_as_json",
    "match_item",
    "parse_name",
    "render_explanations",
    "words",
]
