"""Reading words by their neighbours: what one word alone cannot tell.

:func:`_normalize.read_words` reads each word by itself; two readings need
the words around it (red team round 23):

- **Spelled-out letters join.** "t_o_y_car" read "t", "o", "y", "car": a car,
  the "toy" that makes it no car gone, so it found the real car removed.
  A judge reads the letters as the word they spell, so a run of two or more
  single letters is one word: "t_o_y_car" is a toy car (and finds a
  ``toy_car``), "c-a-t" a cat. An article before one letter stays apart:
  "a_t_shirt" and "a_x_ray" are no "at" shirt and no "ax" ray.
- **"glasses" are eyeglasses**, not drinking glasses: read as the plural of
  "glass", "glasses" removed found the drinking glass removed, and "glass"
  found the reading glasses. They are glasses only when a number counts
  them or a drink names them: "2_glasses", "wine_glasses", "glasses_of_red_wine"
  and "drinking glasses" are glasses to drink from; "pair_of_glasses",
  "reading_glasses", "glasses_of_man" and "sunglasses" are not. A count
  change counts them too: "glasses" from 2 to 3 are drinking glasses
  (:func:`counted_glasses`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ._letters import DECIDING
from ._lexicon import EYEGLASSES

#: Words before "glasses" that make them drinking glasses: a drink, or what
#: only a vessel is ("drinking", "shot").
_DRINKS = frozenset(
    """
    wine water beer champagne cocktail martini whisky whiskey brandy sherry juice milk
    drinking shot pint highball tumbler goblet
    """.split()
)
_DRINKING_GLASS = "glass"
_DECIDING = frozenset(DECIDING)


#: The words that are one letter. A set, so that counting them in a text runs
#: in C: :func:`by_neighbours` looks at every clause of every description.
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


def _is_letter(word: str) -> bool:
    return word in _LETTERS


def _joined_letters(read: tuple[str, ...], canonical: Callable[[str], str]) -> list[str]:
    """``read`` with each run of two or more single letters one word, canonical."""
    out: list[str] = []
    index = 0
    while index < len(read):
        end = index
        while end < len(read) and _is_letter(read[end]):
            end += 1
        rest = "".join(read[index + 1 : end])
        if read[index] == "a" and end - index >= 2 and (len(rest) == 1 or rest in _DECIDING):
            out.append("a")  # "a_t_shirt", "a t o y car": an article, then the letters
            index += 1
            continue
        if end - index >= 2:
            out.append(canonical("".join(read[index:end])))
            index = end
            continue
        out.append(read[index])
        index += 1
    return out


def _drinking(read: list[str], index: int) -> bool:
    """The "glasses" at ``index`` are to drink from: counted, or named by a drink."""
    before = read[index - 1] if index > 0 else ""
    after = read[index + 1 : index + 5]
    of_drink = bool(after) and after[0] == "of" and not _DRINKS.isdisjoint(after[1:])
    return before.isdigit() or before in _DRINKS or of_drink


def by_neighbours(read: tuple[str, ...], canonical: Callable[[str], str]) -> tuple[str, ...]:
    """``read`` (canonical words) with spelled-out letters joined and "glasses" told apart.

    ``canonical`` reads a joined word (``_normalize.canonical_word``); passed
    in, as this module is read by ``_normalize``. Idempotent: a text read
    token by token and then clause by clause reads the same.
    """
    letters = sum(map(_LETTERS.__contains__, read))
    if letters < 2 and EYEGLASSES not in read:
        return read  # nearly every text
    words = _joined_letters(read, canonical) if letters >= 2 else list(read)
    for index, word in enumerate(words):
        if word == EYEGLASSES and _drinking(words, index):
            words[index] = _DRINKING_GLASS
    return tuple(words)


_GLASSES = re.compile(r"(?<![A-Za-z])glasses(?![a-z])", re.I)


def counted_glasses(name: str) -> str:
    """``name`` of a count change, its "glasses" drinking glasses: nobody counts spectacles.

    Read as eyeglasses, a count of "glasses" from 2 to 3 was no count of
    "glass" from 2 to 3 (red team round 23).
    """
    return _GLASSES.sub("glass", name) if "lasses" in name.lower() else name
