"""What a few words say an object looks like: colour, size, pattern, shape.

Each look word has *readings* on its dimension: a colour its basic families
("maroon" is red or brown, "teal" green or blue), a size the end of the
scale it points to ("tall", "bigger" -> large), a pattern or shape its
canonical word ("polka dots" -> dot). A group of words (one name, one value,
one lead phrase) says what all its words can mean together: "navy blue" is
blue. When no reading fits them all, the group states several values of one
dimension and names none of them: "red orange yellow green ..." agrees with
no colour, while "red and white stripes" still says "striped" (case "a value
listing every colour agrees with none").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ._lexicon import COLOR_FAMILY_SHADES, COLORS, PATTERNS, SHAPES, SIZE_POLES, VALUE_SYNONYMS

#: The sizes every reader puts on one scale. "tall" and "wide" measure other
#: things: in a name they never contradict "small" (a tall dog may be small).
SIZE_SCALE = frozenset("small tiny little smaller large big huge giant larger bigger".split())
_PATTERN_WORDS = (PATTERNS - {"pattern", "patterned"}) | {"check"}
_SHAPE_WORDS = SHAPES - {"pointed", "flat", "curved"}
_SAME_LOOK = {**VALUE_SYNONYMS, "golden": "gold", "solid": "plain"}

#: Every word that states a look, in any spelling a value may have.
LOOK_WORDS = frozenset(
    COLORS
    | frozenset(SIZE_POLES)
    | _PATTERN_WORDS
    | _SHAPE_WORDS
    | {_SAME_LOOK[w] for w in _SAME_LOOK}
) - {"pattern", "patterned"}

DIMENSIONS = ("color", "size", "pattern", "shape")

#: Every word with a reading on some dimension (see ``_readings``). Other
#: words add nothing to a group's looks, so they are dropped before the
#: cache: a description's lead phrase, nearly always new, then reads as one
#: of the few look groups already seen.
READABLE = (
    frozenset().union(*COLOR_FAMILY_SHADES.values())
    | frozenset(SIZE_POLES)
    | _PATTERN_WORDS
    | _SHAPE_WORDS
    | {w for w, same in _SAME_LOOK.items() if same in _PATTERN_WORDS | _SHAPE_WORDS}
)


def _readings(dimension: str, word: str, sizes: frozenset[str]) -> frozenset[str]:
    if dimension == "color":
        return frozenset(f for f, shades in COLOR_FAMILY_SHADES.items() if word in shades)
    if dimension == "size":
        return frozenset([SIZE_POLES[word]]) if word in sizes else frozenset()
    vocabulary = _PATTERN_WORDS if dimension == "pattern" else _SHAPE_WORDS
    canonical = _SAME_LOOK.get(word, word)
    if word in vocabulary or canonical in vocabulary:
        return frozenset([canonical])
    return frozenset()


@lru_cache(maxsize=65536)
def _group_looks(
    group: frozenset[str], sizes: frozenset[str]
) -> tuple[tuple[str, frozenset[str] | None], ...]:
    found: list[tuple[str, frozenset[str] | None]] = []
    for dimension in DIMENSIONS:
        readings = [r for w in group if (r := _readings(dimension, w, sizes))]
        if readings:
            common = frozenset.intersection(*readings)
            found.append((dimension, common or None))
    return tuple(found)


def group_looks(
    group: Iterable[str], sizes: frozenset[str] = frozenset(SIZE_POLES)
) -> dict[str, frozenset[str]]:
    """The readings a group of words states, by dimension; several values state none.

    ``sizes`` are the size words that count: all of them for a change's
    values, only :data:`SIZE_SCALE` for names (where "tall" is no size).
    """
    readable = frozenset(w for w in group if w in READABLE or w in sizes)
    return {d: r for d, r in _group_looks(readable, sizes) if r is not None}


@lru_cache(maxsize=65536)
def ambiguous_words(group: frozenset[str]) -> frozenset[str]:
    """The words of dimensions the group states several values of, which say nothing."""
    ambiguous = {d for d, r in _group_looks(group, frozenset(SIZE_POLES)) if r is None}
    return frozenset(w for w in group for d in ambiguous if _readings(d, w, frozenset(SIZE_POLES)))


def looks_agree(a: Iterable[str], b: Iterable[str]) -> bool:
    """Two values read alike in some dimension: "crimson" ~ "red", "tall" ~ "large"."""
    mine, theirs = group_looks(a), group_looks(b)
    return any(not mine[d].isdisjoint(theirs[d]) for d in mine.keys() & theirs.keys())


def adds_no_look(smaller: frozenset[str], larger: frozenset[str]) -> bool:
    """``larger`` adds to ``smaller`` no look that ``smaller`` does not already state.

    "navy blue" adds a shade to "blue" and "red apples" a noun to "red", but
    "red stripes" adds a pattern: the stripes are red, the thing need not be.
    """
    added = (larger - smaller) & LOOK_WORDS
    if not added:
        return True
    mine, theirs = group_looks(smaller), group_looks(larger)
    return all(
        d in mine and d in theirs and not mine[d].isdisjoint(theirs[d])
        for d in DIMENSIONS
        if any(_readings(d, w, frozenset(SIZE_POLES)) for w in added)
    )
