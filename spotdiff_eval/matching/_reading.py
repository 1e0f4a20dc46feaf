"""Reading a text once: its clauses, and the words that join them.

A description is read for its lead phrase, the nouns it counts and its words
(``lead.py``, ``evidence.py``). All three come from one reading: the text cut
into clauses at punctuation and at the words that join two clauses ("and",
"or", "as well as"), each clause a tuple of canonical words (``words``).

The rule is one regular expression (:data:`PHRASE_BREAK`). Running it and
then reading each clause cost a third of the scorer's time at 10k items, as
descriptions are nearly all distinct; their whitespace-separated tokens are
not. So :func:`read_text` walks the tokens, each read once per process
(split at punctuation, its words canonical, whether it is a joining word),
and it hands the few texts where whitespace itself decides (a joining word
first or last, two in a row, "as well as") to the expression:
``tests/test_word_reading.py`` holds the two readings equal on texts built to
break them.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import chain
from typing import NamedTuple

from ._normalize import canonical_word, read_words, words_apart
from ._word_runs import by_neighbours

_PUNCTUATION = re.compile(r"[,;:.!?()\[\]/]")
#: Round 23 added "&", "+" and "plus": "The cat & the dog are gone" named
#: the dog (one phrase, "cat dog"), where "The cat and the dog" names none.
_JOINING = re.compile(r"and|or|but|while|whereas|plus|&|\+", re.I)

#: Where a clause ends: punctuation that separates clauses or list entries,
#: and the words that join two of them, between whitespace.
PHRASE_BREAK = re.compile(rf"{_PUNCTUATION.pattern}|\s(?:{_JOINING.pattern}|as well as)\s", re.I)

#: The same breaks, kept in the split: their own words ("and", "as well as")
#: belong to the text's words but to no clause.
_PHRASE_BREAK_KEPT = re.compile(f"({PHRASE_BREAK.pattern})", re.I)
#: The middle of "as well as": a break the token walk leaves to the expression.
_WELL = re.compile(r"well", re.I)

#: The words of each clause, and the words of the breaks between them ("and").
Reading = tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]


def read_by_expression(text: str) -> Reading:
    """The clauses of ``text`` and the words of its breaks, by :data:`PHRASE_BREAK` itself.

    The reference for :func:`read_text`.
    """
    parts = [read_words(part) for part in _PHRASE_BREAK_KEPT.split(text)]
    return tuple(parts[0::2]), tuple(chain.from_iterable(parts[1::2]))


def breaks_between(text: str) -> tuple[str, ...]:
    """The breaks of ``text`` as written, lower case and trimmed: the k-th follows clause k.

    Aligned with the clauses of :func:`read_text`, empty ones included, for
    the rare reader that must know which break follows which clause (a
    hedge, ``lead._hedges``).
    """
    return tuple(part.strip().lower() for part in _PHRASE_BREAK_KEPT.split(text)[1::2])


class _Break(NamedTuple):
    """A token the walk cannot just add to the current clause.

    ``pieces`` are its words between punctuation (one clause break between
    each two); ``joins`` says it is a joining word ("and"), ``unsure`` that
    the expression must decide ("well", as in "as well as").
    """

    pieces: tuple[tuple[str, ...], ...]
    joins: bool = False
    unsure: bool = False


@lru_cache(maxsize=65536)
def _token(token: str) -> tuple[str, ...] | _Break:
    """A whitespace-free token's words, or a :class:`_Break` if it breaks a clause or may."""
    pieces = tuple(words_apart(piece) for piece in _PUNCTUATION.split(token))
    if _JOINING.fullmatch(token):
        return _Break(pieces, joins=True)
    if _WELL.fullmatch(token):
        return _Break(pieces, unsure=True)
    return pieces[0] if len(pieces) == 1 else _Break(pieces)


def read_text(text: str) -> Reading:
    """The words of each clause of ``text`` (empty ones kept), and the words of its breaks.

    Equal to :func:`read_by_expression`. A joining word breaks a clause when
    whitespace stands on both sides of it, and the expression consumes that
    whitespace; only where this could decide (the first or last token, two
    joining words in a row) or "as well as" may occur is the expression run.
    Not cached: a description is read once, by ``evidence._told``, whose
    cache holds what the scorer keeps of it.
    """
    tokens = text.split()
    last = len(tokens) - 1
    clauses: list[tuple[str, ...]] = []
    breaks: list[str] = []
    current: list[str] = []
    joined = False
    for index, token in enumerate(tokens):
        read = _token(token)
        if not isinstance(read, _Break):  # nearly every token: plain words
            current += read
            joined = False
        elif read.joins and not (joined or index == 0 or index == last):
            clauses.append(tuple(current))
            breaks += read.pieces[0]
            current = []
            joined = True
        elif read.joins or read.unsure:
            return read_by_expression(text)
        else:  # punctuation inside: "kite," or "(red)"
            current += read.pieces[0]
            clauses.append(tuple(current))
            clauses.extend(read.pieces[1:-1])
            current = list(read.pieces[-1])
            joined = False
    clauses.append(tuple(current))
    # Read token by token, a clause is read again by neighbours across the
    # whitespace, as read_words reads it whole: "wine glasses", "t o y car".
    return tuple(by_neighbours(c, canonical_word) for c in clauses), tuple(breaks)
