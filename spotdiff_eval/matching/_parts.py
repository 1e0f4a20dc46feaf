"""Which heads after a gold's name are parts of it, and count as it.

A part told with the same specific change is the whole's change (route
``names_gold_in_subject``): the girl's dress turning blue is the girl
turning blue, book spines from 5 to 2 count the books. ``_wholes`` lists
heads that are never a part; the two rules below narrow "part" further
(red team round 21), each for a change that alone found the gold:

- a person or an animal is made of its body and wears its clothes, but what
  it holds or owns is a thing of its own: the girl's kite, balloon or
  umbrella turning from red to blue found the girl whose dress did;
- a count of parts counts the wholes only where each whole has one of them:
  apple stems from 3 to 5 are 3 to 5 apples, but seeds, slices or leaves
  come many to an apple and a core is what is left of one eaten, so apple
  seeds or cores from 3 to 5 found the apples from 3 to 5.
"""

from __future__ import annotations

from ._wholes import LIVING

#: What a person or an animal wears, and its body: the only heads after a
#: living thing's name that are a part of it. General English, short: a
#: gold that mentions another head (its description names the kite) is
#: still found by it, as every mention is.
WORN_OR_BODY = frozenset(
    """
    dress shirt skirt blouse top coat jacket sweater jumper cardigan vest hoodie hood
    scarf hat cap beanie helmet glove mitten shoe boot sock sandal trousers pants jeans
    shorts tie bow ribbon belt collar apron uniform outfit clothes clothing costume suit
    overalls bandana necklace earring bracelet glasses spectacles
    hair ponytail braid beard moustache mustache face head eye ear nose mouth lip cheek
    hand arm leg foot feet paw tail fur mane wing feather beak body skin shell spot stripe
    horn antler whisker neck back belly
    """.split()
)

#: Parts a whole has many of, and what is left of a whole or cut from it:
#: counted, they count other things than the wholes. Not "petal": round 19
#: judged flower petals from 3 to 5 to count the flowers.
COUNTED_APART = frozenset(
    """
    seed pip core slice piece half wedge segment peel skin leaf crumb bite
    """.split()
)


def no_part_of(part: str, wholes: frozenset[str], counting: bool) -> bool:
    """``part`` named after one of ``wholes`` is no part of it for the same change.

    ``wholes`` are the gold's heads the prediction's subject puts before its
    own head; ``counting`` is true when the prediction counts its head.
    """
    if part not in WORN_OR_BODY and not wholes.isdisjoint(LIVING):
        return True
    return counting and part in COUNTED_APART
