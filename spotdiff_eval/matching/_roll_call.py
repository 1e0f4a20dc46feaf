"""A description that goes on to name object after object names none of them.

"The cat is gone. The dog is gone. The bird is gone. ..." was read by its
first clause and named the cat: a vague answer whose description gave every
everyday noun a sentence of its own found whichever came first, 3% recall
on the bundled set with 100% attribute accuracy (red team round 23,
``blind_tricks.sentence_per_noun``). Such a roll call is the list of case
"a description that lists many objects names none", one object a sentence;
``lead._lists`` only catches a lead alone in its clause ("The cat, the dog
or the bird is gone").

An honest description may name a second object after the first ("The cat
is gone. The sofa is empty now."), so the rule needs two changed objects
other than the lead's, each opening a clause of its own with an article and
said to change there ("the dog is gone", "a bird appears":
``lead._opening_head``). Clauses about the lead ("its wheels are black"),
about nothing ("nothing else changed") or about what did not change ("the
sofa is empty now") call no one. A roll call without articles ("Cat gone.
Dog gone.") still names its first object: one noun per prediction, what
naming it as the subject would find, so the budget bounds it as it bounds
any guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: Objects other than the lead's that make a roll call of a description.
OTHER_OBJECTS = 2


def calls_the_roll(
    following: Sequence[tuple[str, ...]],
    lead: str | None,
    opening_head: Callable[[tuple[str, ...]], str | None],
) -> bool:
    """The clauses after the lead's name ``OTHER_OBJECTS`` changed objects other than ``lead``.

    ``opening_head`` reads the head noun of the changed object a clause
    opens with, or None (``lead._opening_head``).
    """
    others: set[str] = set()
    for clause in following:
        head = opening_head(clause) if clause else None
        if head is not None and head != lead:
            others.add(head)
            if len(others) >= OTHER_OBJECTS:
                return True
    return False
