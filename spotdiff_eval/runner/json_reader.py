"""Reading JSON as a model's answers and replies need it read.

Moved out of ``answer_json`` (which finds the list of differences) when red
team round 22 took that module past 400 lines. Whatever JSON text allows is
read, so that one odd value costs its field and not the whole answer:
``NaN`` and ``Infinity`` read as floats, and an integer of more digits than
Python reads as a :class:`LongNumber` (refused, it made the answer "no JSON
list").
"""

from __future__ import annotations

import json
from typing import Any


class LongNumber(float):
    """An integer of more digits than Python reads (4,300 by default): infinity, as
    ``1e999`` reads, so that every check for numbers JSON cannot write catches it, and
    its length, for the warning."""

    digits: int


def _integer(literal: str) -> int | float:
    """The JSON reader's integers: ``int`` refuses a long one, and with it the whole text."""
    try:
        return int(literal)
    except ValueError:  # above sys.get_int_max_str_digits()
        number = LongNumber(literal)  # a float of that many digits is +-infinity
        number.digits = len(literal.lstrip("-"))
        return number


#: NaN and Infinity read as floats (not as null, which dropped their field unsaid).
DECODER = json.JSONDecoder(parse_int=_integer)


def read_json(text: str) -> Any:
    """A whole JSON text read as answers are: a long integer is a :class:`LongNumber`.

    For the reply around the answer: a token count of 5,000 digits is no
    count (``protocols`` takes only ``int`` counts), not a reply that "is
    not JSON".
    """
    return DECODER.decode(text)
