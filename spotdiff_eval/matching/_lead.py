"""What a description is about: the phrase that names its object.

A description names the object its first phrase is about, and only its
head noun: "The yellow kite flying in the sky is gone" is about a kite, "The
cat dog bird ... changed" about a lamp at most. The rest of a description
only ranks pairs a route already accepted (``similarity.py``).
"""

from __future__ import annotations

import re
from itertools import chain

from ._denials import DENYING_WORDS, denies_change
from ._lexicon import (
    ARTICLES,
    ATTRIBUTE_CATEGORIES,
    ATTRIBUTE_WORDS,
    CHANGE_WORDS,
    DENIALS,
    DEPICTIONS,
    FILLER,
    HEDGES,
    LIKENESS,
    NOT_A_KIND_OF_HEAD,
    PANEL_WORDS,
    PICTURE_WORDS,
    POSITION,
    PREPOSITIONS,
    VAGUE_NOUNS,
    VERB_MARKERS,
)
from ._normalize import NOT_HEADS, name_head
from ._reading import breaks_between, read_text
from ._roll_call import OTHER_OBJECTS, calls_the_roll
from ._verbs import ACTS_AS_NOUN_TOO, ACTS_UNENDED, acts, noun_here, tells_an_act

#: What an "image of" points at when it is one of the two panels: "the image
#: of the second panel", "the image of the left side".
_PANEL_POINTERS = FILLER | POSITION | PANEL_WORDS
#: An article as a one-word slice of a clause: "like *a* cat" compares.
_AN_ARTICLE = frozenset((a,) for a in ARTICLES)


def _an_image(clause: tuple[str, ...], index: int, named: bool) -> bool:
    """The word "image" at ``index`` is a thing, not one of the two panels.

    So it is after a noun ("a dog image") and before "of" and a thing ("an
    image of a dog"): read as a panel word, both were about the dog, and a
    vague answer of a picture found the dog (red team round 19). "The right
    image shows a dog" and "the image of the second panel" are panels.
    """
    if named:
        return True
    after = clause[index + 1 : index + 2]
    if after != ("of",):
        return False
    pointed = next((w for w in clause[index + 2 :] if w not in ARTICLES), None)
    return pointed is not None and pointed not in _PANEL_POINTERS


def _about(clause: tuple[str, ...]) -> tuple[list[str], bool, bool, int]:
    """The words a clause is about, whether they name something, whether it is vague, where it ends.

    The phrase ends at a preposition other than "of" ("the kite *in* the
    sky", but "the top *of* the tower"), and, once a noun has been seen, at
    a verb ("the cat *that* sat", "the shelf *holds*", "... *changed*"): a
    phrase is a name, not a sentence. Position words alone name nothing.
    It ends at a word that denies what follows ("the dog *without* a collar",
    "everything *except* the dog"), as a name's phrase does: read on, the
    denied thing was the head (red team round 19).
    """
    phrase: list[str] = []
    named = vague = False
    for end, word in enumerate(clause):
        if word in PREPOSITIONS:
            if word == "of" and named:
                phrase.append(word)
                continue
            if named or vague:
                return phrase, named, vague, end
        elif word in DENIALS or (word in LIKENESS and clause[end + 1 : end + 2] in _AN_ARTICLE):
            return phrase, named, vague, end  # "the dog *without* a collar", "*like* a cat"
        elif word in HEDGES and name_head(phrase) is not None:
            return [], False, True, end  # "the dog—or cat—", "a dog maybe a cat": no one
        elif word in VAGUE_NOUNS:
            vague = True
        elif word in ACTS_AS_NOUN_TOO and named and acts(clause, end, phrase):
            return phrase, named, vague, end  # "the cat *leaves*", "the boat *sinks*"
        elif (word in VERB_MARKERS or word in CHANGE_WORDS) and not noun_here(clause, end):
            if named or vague:
                return phrase, named, vague, end
        elif (
            (word.endswith("ed") or word in ACTS_UNENDED)
            and tells_an_act(clause, end)
            and (vague or name_head(phrase) is not None)
        ):
            return phrase, named, vague, end  # not after a look alone: "the red-haired girl"
        elif (
            word in NOT_A_KIND_OF_HEAD
            or (word not in FILLER and not word.isdigit())
            or (word in PICTURE_WORDS and _an_image(clause, end, named))
        ):
            # A depiction word is what it is about: "a picture of a dog".
            phrase.append(word)
            named = named or word not in POSITION
    return phrase, named, vague, len(clause)


#: Words that open a clause comparing with, or setting aside, what the
#: description is not about: "Unlike the kite, the dog is gone" is about the
#: dog, and "Compared to the first panel, the dog is gone" too. Read as a
#: name, such a clause found the kite, or named "unlike" or "compared" and
#: nothing a vague answer could be found by (red team round 18).
_ASIDE = frozenset("unlike like besides except excluding compared comparing versus vs not".split())
_ASIDE_PAIRS = frozenset(
    {
        ("apart", "from"),
        ("instead", "of"),
        ("rather", "than"),
        ("other", "than"),
        ("as", "with"),
        ("as", "in"),
        ("contrary", "to"),
        ("relative", "to"),
    }
)


def _sets_aside(clause: tuple[str, ...]) -> bool:
    """The clause compares with, or sets aside, something else: "Unlike the kite,"."""
    return clause[0] in _ASIDE or tuple(clause[:2]) in _ASIDE_PAIRS


def phrase_in(clauses: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The words of the phrase a text of these clauses is about (:func:`lead_phrase`)."""
    return _lead_and_rest(clauses)[0]


def phrase_told(
    text: str,
    clauses: tuple[tuple[str, ...], ...],
    breaks: tuple[str, ...],
    seen: frozenset[str] | None = None,
) -> tuple[str, ...]:
    """:func:`phrase_in` of ``text`` read as ``clauses`` and ``breaks``, () when it hedges.

    "The dog or the cat is gone" and "The dog/cat is gone" name neither:
    read by its first clause, the hedge named the dog (red team round 19),
    and so did "The dog, perhaps a cat, is gone". Only the rare text with
    an "or", a slash or a word of doubt is read again to see, and only one
    with a word of :data:`_CORRECTING` among ``seen`` (its words, when the
    caller has them) for a correction.
    """
    found = _lead_at(clauses)
    if found is None:
        return ()
    index, phrase, rest = found
    if phrase and not rest and _lists(clauses, index):
        return ()
    if (
        phrase
        and len(clauses) > index + OTHER_OBJECTS  # a roll call needs two clauses after the lead
        and calls_the_roll(clauses[index + 1 :], head_of_phrase(phrase), _opening_head)
    ):
        return ()  # "The cat is gone. The dog is gone. The bird ..." (``_roll_call``)
    if phrase and not DENYING_WORDS.isdisjoint(clauses[index]) and denies_change(clauses, index):
        return ()  # "Nothing about the cat changed", "The cat is not gone" (``_denials``)
    if (
        phrase
        and not _CORRECTING.isdisjoint(
            chain.from_iterable(clauses[index:]) if seen is None else seen
        )
        and _corrects(clauses, index, phrase, rest)
    ):
        return ()  # "The dog is gone? No, the cat." (``_corrects``)
    if phrase and ("or" in breaks or _MAY_HEDGE.search(text)):
        return () if _hedges(text, clauses) else phrase
    return phrase


#: Words by which a text takes back what it said: "no, the cat", "sorry, the
#: cat", "I mean the cat". "No" and "wait" only before an article or at the
#: end of their clause ("no trace left" takes nothing back); "mean" after "I".
#: "Oops" reads "oop", as a plural made singular.
_CORRECTING = frozenset("no nope sorry correction actually oop mean rather err wait".split())
_CORRECTING_ALONE = frozenset({"no", "nope", "wait"})


def _corrects(
    clauses: tuple[tuple[str, ...], ...],
    index: int,
    phrase: tuple[str, ...],
    rest: tuple[str, ...],
) -> bool:
    """After the lead, the text takes it back and names another object instead.

    "The dog is gone? No, the cat.", "The dog - no, the cat - is gone" and
    "The dog (sorry, the cat) is gone" named the dog, as their first clause
    reads (red team round 24); they name the cat, if anything, so they
    single out no object here. A correction naming the lead again ("the
    dog is gone; actually, the dog ran away") keeps it.
    """
    lead = clauses[index]
    told = lead[: len(lead) - len(rest)]
    start = len(told) - told[::-1].index(phrase[-1]) if phrase[-1] in told else len(told)
    said = (lead[start:], *clauses[index + 1 :])
    head = head_of_phrase(phrase)
    for at, clause in enumerate(said):
        for position, word in enumerate(clause):
            if word not in _CORRECTING or (
                word == "mean" and clause[position - 1 : position] != ("i",)
            ):
                continue
            after = clause[position + 1 :]
            while after and after[0] in _CORRECTING:
                after = after[1:]  # "no, wait, the cat"
            if not after:  # "No, the cat.", "No, wait, the cat."
                after = next((c for c in said[at + 1 :] if not _CORRECTING.issuperset(c)), ())
            elif word in _CORRECTING_ALONE and after[0] not in ARTICLES:
                continue
            if after and after[0] in PREPOSITIONS:
                continue  # "Sorry for the confusion" names nothing in place of the lead
            corrected = head_of_phrase(tuple(_about(after)[0])) if after else None
            if corrected is not None and corrected != head:
                return True
    return False


#: Words that open a clause saying more of the lead, not another object.
_NO_LIST_ITEM = PREPOSITIONS | HEDGES | frozenset("which who whose where when once still".split())


def _lists(clauses: tuple[tuple[str, ...], ...], index: int) -> bool:
    """The lead phrase, alone in its clause, is the first of a list of objects.

    "The cat, the dog or the bird is gone", "The cat and the dog are gone"
    and "Cat? Dog? Bird?" single out no object: read by their first clause,
    each named the cat, so a vague answer listing a theme's objects found
    whichever came first (red team round 20). Only a next clause that opens
    with a noun phrase of its own lists: "The cat, on the sofa, is gone",
    "The cat, black and white, is gone" and "The cat, which sat ..." still
    name the cat.
    """
    following = clauses[index + 1] if index + 1 < len(clauses) else ()
    if not following or following[0] in _NO_LIST_ITEM:
        return False  # a place, a relative clause, or a hedge (``_hedges``)
    return head_of_phrase(tuple(_about(following)[0])) is not None


def _opening_head(clause: tuple[str, ...]) -> str | None:
    """The object a clause opens with, by an article, when the clause says it changed.

    "The dog is gone" names a dog; "its wheels are black", "nothing else
    changed" and "the sofa is empty now" name no other changed object.
    """
    if clause[0] not in ARTICLES:
        return None
    phrase, named, vague, end = _about(clause)
    if not named or vague or CHANGE_WORDS.isdisjoint(clause[end:]):
        return None
    return head_of_phrase(tuple(phrase))


#: Breaks that offer another object in place of the one before: "or", "/".
_HEDGING = frozenset({"or", "/"})
#: What a text that hedges holds, for the few texts read again.
#: One group, not six alternatives each with its own \b: three times faster
#: on every description, for the same matches.
_MAY_HEDGE = re.compile(r"/|\b(?:or|maybe|perhaps|possibly|probably)\b", re.I)


def _hedges(text: str, clauses: tuple[tuple[str, ...], ...]) -> bool:
    """The lead phrase ends its clause, and what follows offers another: "the dog or".

    "The dog is gone or moved" hedges between changes, not objects.
    """
    found = _lead_at(clauses)
    if found is None:
        return False
    index = found[0]
    if found[2]:
        return _offers_another(text, clauses, index)
    for between, clause in zip(breaks_between(text)[index:], clauses[index + 1 :], strict=False):
        if between in _HEDGING:
            return True
        if clause:  # "The dog (or cat) is gone", "The dog, perhaps a cat, is gone"
            return clause[0] in HEDGES and head_of_phrase(tuple(_about(clause[1:])[0])) is not None
    return False


def _offers_another(text: str, clauses: tuple[tuple[str, ...], ...], index: int) -> bool:
    """After the lead's clause, an "or" offers another object: "The cat is gone, or the dog".

    "Either the cat is gone, or the lamp" and "The cat is gone. Or maybe the
    dog." hedge as "The cat or the dog is gone" does, across a clause:
    read by the first clause, they named the cat (red team round 20). "The
    dog is gone or moved" hedges between changes, and names one dog.
    """
    for between, clause in zip(breaks_between(text)[index:], clauses[index + 1 :], strict=False):
        if between not in _HEDGING or not clause:
            continue
        offered = clause[1:] if clause[0] in HEDGES else clause
        if offered and offered[0] in ARTICLES and head_of_phrase(tuple(_about(offered)[0])):
            return True
    return False


def _lead_and_rest(
    clauses: tuple[tuple[str, ...], ...],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The lead phrase of these clauses, and the words of its clause after it."""
    found = _lead_at(clauses)
    return ((), ()) if found is None else found[1:]


def _lead_at(
    clauses: tuple[tuple[str, ...], ...],
) -> tuple[int, tuple[str, ...], tuple[str, ...]] | None:
    """Which clause holds the lead phrase, the phrase, and the words of its clause after it."""
    kept = [index for index, clause in enumerate(clauses) if clause]
    for rank, index in enumerate(kept):
        clause = clauses[index]
        if (clause[0] in PREPOSITIONS or _sets_aside(clause)) and rank + 1 < len(kept):
            continue
        phrase, named, vague, end = _about(clause)
        if named or vague:
            # "Several things differ:" and "Something near ..." name no object.
            return index, tuple(phrase), clause[end:]
    return None


#: What a part of a phrase before "of" never names: "the colour of the car"
#: and "the size of the dog" are about the car and the dog (red team round 14).
#: Not the words of a pattern or an outline, which may be a picture: "a print
#: of a cat" and "the silhouette of a bird" are no cat and no bird (round 15).
_NOT_HEADS_BEFORE_OF = NOT_HEADS | (
    ATTRIBUTE_WORDS - ATTRIBUTE_CATEGORIES["pattern"] - DEPICTIONS - {"outline", "form"}
)


def head_of_phrase(phrase: tuple[str, ...]) -> str | None:
    """The head noun of a lead phrase (:func:`lead_head`): before "of" unless only generic."""
    part: list[str] = []
    for index, word in enumerate((*phrase, "of")):
        if word != "of":
            part.append(word)
            continue
        head = name_head(part, _NOT_HEADS_BEFORE_OF if index < len(phrase) else NOT_HEADS)
        if head is not None:
            return head
        part = []  # "the top of the tower", "the number of birds"
    return None


def words_of_phrase(phrase: tuple[str, ...]) -> frozenset[str]:
    """The content words of a lead phrase (:func:`lead_words`)."""
    return frozenset(w for w in phrase if w not in PREPOSITIONS)


def lead_phrase(description: str) -> tuple[str, ...]:
    """The words of the phrase a description is about, "of" kept; () if it names nothing.

    A description names the object its first phrase is about: "The yellow
    kite flying in the sky is gone" is about a kite, not the sky. The lead
    phrase ends at the first clause or list break ("the kite, the boat, the
    dog" lists objects and singles none out), at a preposition ("something
    near the kite" is about something, not the kite) or at a verb. An
    opening clause that starts with a preposition ("In the bottom image,",
    "On the right side of the street,") sets the scene and is skipped, as is
    a phrase of panel or position words only.
    """
    return phrase_told(description, *read_text(description))


def told_of_lead(description: str) -> tuple[str, ...]:
    """What the lead's own clause says of it: its words after the lead phrase.

    "The vase on the bookshelf turns blue" says "on the bookshelf turns blue"
    of the vase; "Snow now covers the roof, turning it white" says only "now
    cover the roof" of the snow: the clause after the comma is the roof's.
    """
    return _lead_and_rest(read_text(description)[0])[1]


def lead_words(description: str) -> frozenset[str]:
    """The content words of the phrase a description is about (:func:`lead_phrase`)."""
    return words_of_phrase(lead_phrase(description))


def lead_head(description: str) -> str | None:
    """The one object a description names: the head noun of its lead phrase.

    A phrase names only its head: "The cat dog bird tree ... changed" is
    about a lamp at most, never about each noun it lists (case "a run-on
    noun list with no separators names none").
    """
    return head_of_phrase(lead_phrase(description))
