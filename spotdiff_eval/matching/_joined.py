"""How a name joins two things into one answer: the words of a pair.

``_normalize.parse_name`` reads a pair ("cat_and_dog") as naming neither
thing alone (red team round 23); the expressions below find the other ways
a name joins two things, and the words that say they are counted together.
"""

from __future__ import annotations

import re

#: What joins two things in a name as "and" does (``_normalize._names_two``):
#: red team round 23 paired "cat_and_dog", and "cat_&_dog", "cat+dog",
#: "cat,dog", "cat_plus_dog", "cat_as_well_as_dog" and "cat_vs_dog" were
#: still the dog. Round 24: "candies_together_with_eggs", "candies_along_with_eggs"
#: and "candies_n_eggs" from 3 to 5 counted the eggs or the candies alone.
#: An "n" joins only between words of three letters or more: "b_a_n_a_n_a"
#: spells a word (``_word_runs``).
LISTED = re.compile(
    r"\s*[&+,;]\s*"
    r"|(?<![A-Za-z0-9])(?:as[\W_]+well[\W_]+as|plus|versus|vs"
    r"|(?:together|along)[\W_]+with)(?![A-Za-z0-9])",
    re.I,
)
#: The "n" of "candies_n_eggs", run only on a name that may hold one
#: (:func:`joined`): tried at every letter, it doubled the cost of reading
#: each name's joiners.
_N = re.compile(r"(?<=[A-Za-z]{3})[\W_]+'?n'?[\W_]+(?=[A-Za-z]{3})", re.I)
_N_HINT = re.compile(r"[\s_'-][nN][\s_'-]")


def joined(text: str) -> str:
    """``text`` with each word that joins two things as "and" does written " and "."""
    text = LISTED.sub(" and ", text)
    if _N_HINT.search(text):
        text = _N.sub(" and ", text)
    return text


#: A word written as a plural (ending in "s") right before an "and": the
#: first thing of a pair, whatever stands after the "and" (round 24).
PLURAL_BEFORE_AND = re.compile(r"([A-Za-z]{3,}s)[\W_]+and(?![A-Za-z0-9])", re.I)

#: Words after a pair that say its two things are counted together, and are
#: no thing: "candies_and_eggs_combined" (round 24).
JOINT = frozenset("combined together total altogether overall jointly".split())
