"""Descriptions that deny any change of what they name.

Red team round 22: a vague answer "Nothing about the cat changed." or "The
cat is not gone." named the cat by its lead phrase (route ``described``)
and found the cat removed; a blind answer of such denials for a theme's
likeliest objects scored nearly what naming them did. A text that says its
object did not change makes no claim about it, so it names nothing.

A negation that tells absence is no denial: "The cat is not there anymore"
and "The cat does not appear" say the cat went. Only a negated word of
change ("not gone", "isn't missing", "has not been removed"), a word of
sameness ("unchanged", "identical"), or an opening "Nothing", "Not" or
"No change" denies; and only in the last clause that says anything, as "The
cat did not move, but it turned blue" tells a change after its denial.
"""

from __future__ import annotations

from ._lexicon import NEGATABLE

#: Words of change that a negation before them denies.
_CHANGED = frozenset(
    """
    change changed gone missing removed added different differ moved move altered
    modified replaced disappeared disappear vanished vanish
    """.split()
)
#: Words that negate the next word: "not", "never", and the "t" of "isn't".
_NEGATIONS = frozenset({"not", "never", "t"})
#: Words a negation may stand before its change word with: "has not *been* removed".
_BETWEEN = NEGATABLE | frozenset("be been being is are was were really actually".split())
#: Words that say the object stayed as it was.
_SAME = frozenset("unchanged identical unaltered unmodified untouched".split())
#: Openings that deny the whole clause: "Nothing about ...", "Not the cat."
_DENYING_OPENINGS = frozenset({"nothing", "not"})
#: Two-word openings that deny: "No change to the cat."
_NO_CHANGE = frozenset({"change", "difference"})
#: Words that make an exception to a denial: "The cat is unchanged except
#: its colour" tells the change it excepts.
_EXCEPT = frozenset("except but besides apart save only".split())
#: A word every denial holds: a negation, a word of sameness, or an opening
#: "nothing", "not" or "no". Few descriptions hold one, so the caller asks
#: this set first and most never call :func:`denies_change` (words of change
#: alone, "missing", "gone", are in nearly every description).
DENYING_WORDS = _NEGATIONS | _SAME | _DENYING_OPENINGS | {"no"}


def denies_change(clauses: tuple[tuple[str, ...], ...], index: int) -> bool:
    """The clause at ``index``, the last that says anything, denies its object changed.

    The caller has seen one of :data:`DENYING_WORDS` in the clause.
    """
    clause = clauses[index]
    if any(clauses[index + 1 :]) or not _EXCEPT.isdisjoint(clause):
        return False  # "..., but it turned blue", "unchanged except its colour"
    opening = clause[0]
    if opening in _DENYING_OPENINGS or (
        opening == "no" and len(clause) > 1 and clause[1] in _NO_CHANGE
    ):
        return True
    if not _SAME.isdisjoint(clause):
        return True
    for at, word in enumerate(clause):
        if word not in _NEGATIONS:
            continue
        following = next((w for w in clause[at + 1 :] if w not in _BETWEEN), None)
        if following in _CHANGED:
            return True
    return False
