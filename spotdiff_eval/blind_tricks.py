"""More answers written without looking (red team rounds 23, 24): the formula, shapes, vocabulary.

``blind.py`` holds the strategies of earlier rounds; these attack what was
left: the parts of the official score that do not grow with recall
(precision and attribute accuracy reward a tiny answer that is exactly
right), predictions naming no object (kind, values or a generator-style
description alone), words that name many objects at once (categories,
nouns joined by any separator, "everything changed"), the scene's own
place words, and the loader's leniency (numbers for values, ``null``
fields). Round 24 reshapes each guess to hedge what it must commit to
(``_SHAPES``: which object, value or kind) and copies the layout's words
or another item's answer. Each builds its answer from public information
only: the other items' annotations (leave-one-out), the item id, and fixed
word lists.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from .blind import EVERYDAY_NOUNS, DifferencesByItem, theme_of
from .datasets import KINDS, Annotation, Difference
from .matching import COLORS

#: A full difference as a guess: kind, subject, attribute, from, to, count.
_Guess = tuple[str, str, str, str, str, int]


def _guess_of(d: Difference) -> _Guess:
    return (
        d.kind,
        d.subject,
        d.attribute or "",
        d.from_value or "",
        d.to_value or "",
        d.count or 0,
    )


def _as_json(guess: _Guess) -> dict[str, Any]:
    kind, subject, attribute, before, after, count = guess
    out: dict[str, Any] = {"kind": kind, "subject": subject}
    for field, value in (("attribute", attribute), ("from", before), ("to", after)):
        if value:
            out[field] = value
    if count:
        out["count"] = count
    return out


def _others(annotations: Sequence[Annotation], item: Annotation) -> list[Difference]:
    """The differences of the other items of ``item``'s theme (all others without one)."""
    theme = theme_of(item.item_id)
    return [
        d
        for other in annotations
        if other.item_id != item.item_id and theme_of(other.item_id) == theme
        for d in other.differences
    ]


def _ranked(counts: Counter) -> list:
    """Most common first; ties in sorted order, so answers are deterministic."""
    return [key for key, _ in sorted(counts.items(), key=lambda e: (-e[1], e[0]))]


def likeliest_guesses(annotations: Sequence[Annotation], k: int = 1) -> DifferencesByItem:
    """The ``k`` most common full differences (every detail) of the other items.

    Precision divides by the predictions and attribute accuracy by the
    matches, so neither shrinks with recall: one exact guess per item that
    lands now and then earns them at no cost.
    """
    answer: DifferencesByItem = {}
    for a in annotations:
        ranked = _ranked(Counter(map(_guess_of, _others(annotations, a))))
        answer[a.item_id] = [_as_json(guess) for guess in ranked[:k]]
    return answer


def likeliest_guess_one_item(annotations: Sequence[Annotation]) -> DifferencesByItem:
    """The likeliest full difference, on the first item of each theme only.

    The tiniest answer: one prediction per theme, every other item left
    unanswered. A hit is 100% precision and 100% attribute accuracy.
    """
    first: dict[str, Annotation] = {}
    for a in sorted(annotations, key=lambda a: a.item_id):
        first.setdefault(theme_of(a.item_id), a)
    full = likeliest_guesses(list(annotations), 1)
    return {a.item_id: full[a.item_id] for a in first.values()}


def commonest_values(annotations: Sequence[Annotation]) -> DifferencesByItem:
    """Vague subjects carrying the commonest values of each sort of change, and bare kinds.

    Generated changes cycle through counts and four looks; without naming
    an object, the likeliest values of each (2 -> 4, small -> large) would
    land on whatever changed that way.
    """
    answer: DifferencesByItem = {}
    for a in annotations:
        by_sort: dict[str, Counter] = {}
        for d in _others(annotations, a):
            if d.kind == "count_change" or (d.kind == "attribute_change" and d.attribute):
                sort = d.attribute if d.kind == "attribute_change" else "count"
                values = (d.from_value or "", d.to_value or "")
                by_sort.setdefault(sort or "", Counter())[values] += 1
        guesses: list[dict[str, Any]] = [{"kind": kind, "subject": "something"} for kind in KINDS]
        for sort in sorted(by_sort):
            before, after = _ranked(by_sort[sort])[0]
            guess = {"kind": "attribute_change", "subject": "object", "attribute": sort}
            if sort == "count":
                guess = {"kind": "count_change", "subject": "objects"}
            stated = {"from": before, "to": after}
            guesses.append(guess | {field: value for field, value in stated.items() if value})
        answer[a.item_id] = guesses
    return answer


#: Words for whole classes of things: each would be a guess at every member.
CATEGORY_WORDS = """
    toy food animal fruit furniture tool vehicle container plant instrument clothing
    decoration
""".split()


def category_words(annotations: Sequence[Annotation]) -> DifferencesByItem:
    """One removal per category word ("toy", "food", "animal"...)."""
    guesses = [{"kind": "object_removed", "subject": word} for word in CATEGORY_WORDS]
    return {a.item_id: guesses for a in annotations}


#: Ways to join names that tokenizers may not split: each subject lists ten nouns.
SEPARATORS = ("/", "|", ", ", " + ", " & ", "\u200b", " \u00b7 ", "\u3001", " or ", "-", ";", "\t")


def joined_nouns(annotations: Sequence[Annotation], per: int = 10) -> DifferencesByItem:
    """Subjects listing ``per`` everyday nouns, joined by a different separator each."""
    guesses = []
    for i, separator in enumerate(SEPARATORS):
        start = (i * per) % len(EVERYDAY_NOUNS)
        nouns = (EVERYDAY_NOUNS[start:] + EVERYDAY_NOUNS)[:per]
        guesses.append({"kind": KINDS[i % len(KINDS)], "subject": separator.join(nouns)})
    return {a.item_id: guesses for a in annotations}


#: Claims that every object changed, as subjects and as descriptions.
_EVERYTHING = (
    ("everything", "Everything changed."),
    ("all_objects", "All the objects changed."),
    ("every object", "Every object moved, grew, changed colour and pattern."),
    ("scene", "The whole scene is different in the second panel."),
)


def everything_changed(annotations: Sequence[Annotation]) -> DifferencesByItem:
    """Each kind, with a subject and description saying everything changed."""
    guesses = [
        {"kind": kind, "subject": subject, "description": description}
        for subject, description in _EVERYTHING
        for kind in KINDS
    ]
    return {a.item_id: guesses for a in annotations}


#: Places and backdrops the generator's scenes put their objects in or on.
PLACE_WORDS = """
    floor sky wall counter table grass sand road beach park street kitchen
""".split()


def place_words(annotations: Sequence[Annotation]) -> DifferencesByItem:
    """The scenes' places as subjects of count and size changes.

    A theme is seen without looking at what changed, and golden aliases
    carry place words ("beach_ball", "park_bench", "street_lamp").
    """
    guesses = [
        change | {"subject": word}
        for word in PLACE_WORDS
        for change in (
            {"kind": "count_change", "from": "2", "to": "4"},
            {"kind": "attribute_change", "attribute": "size", "from": "small", "to": "large"},
        )
    ]
    return {a.item_id: guesses for a in annotations}


#: Generator-style descriptions that name no object.
_NOUNLESS = (
    ("attribute_change", "The object on the floor on the right changes from white to blue."),
    ("attribute_change", "The object in the middle is larger in the second panel."),
    ("attribute_change", "The object on the left changes from plain to striped."),
    ("count_change", "The second panel shows four objects on the right instead of two."),
    ("count_change", "The second panel shows one object in the middle instead of three."),
    ("object_added", "An object appears on the left in the second panel."),
    ("object_removed", "The object in the middle is missing from the second panel."),
    ("object_removed", "The thing on the floor on the right is missing from the second panel."),
)


def nounless_descriptions(annotations: Sequence[Annotation]) -> DifferencesByItem:
    """Vague subjects whose descriptions copy the generator's phrasing, without a noun."""
    guesses = [
        {"kind": kind, "subject": f"object_{i}", "description": text}
        for i, (kind, text) in enumerate(_NOUNLESS)
    ]
    return {a.item_id: guesses for a in annotations}


def one_noun_every_way(annotations: Sequence[Annotation], copies: int = 3) -> DifferencesByItem:
    """The other items' commonest subject, as each kind, ``copies`` times over (duplicates)."""
    answer: DifferencesByItem = {}
    for a in annotations:
        subjects = _ranked(Counter(d.subject for d in _others(annotations, a)))
        if not subjects:
            answer[a.item_id] = []
            continue
        answer[a.item_id] = [
            {"kind": kind, "subject": subjects[0]} for kind in KINDS for _ in range(copies)
        ]
    return answer


def numbers_and_nulls(annotations: Sequence[Annotation]) -> DifferencesByItem:
    """Count changes of everyday nouns with numbers for values and ``null`` fields.

    The loader reads ``"from": 2`` as "2" and drops optional ``null``
    fields; neither may make a guess land where its text form would not.
    """
    guesses = [
        {
            "kind": "count_change",
            "subject": noun,
            "from": 2,
            "to": 4.0,
            "attribute": None,
            "count": None,
            "description": None,
        }
        for noun in EVERYDAY_NOUNS[:12]
    ]
    return {a.item_id: guesses for a in annotations}


def sentence_per_noun(annotations: Sequence[Annotation], copies: int = 6) -> DifferencesByItem:
    """Vague subjects whose long description gives each everyday noun a sentence of its own."""
    nouns = EVERYDAY_NOUNS
    guesses = []
    for i in range(copies):
        start = i * len(nouns) // copies
        listed = nouns[start:] + nouns[:start]
        text = " ".join(f"The {noun} is gone." for noun in listed)
        guesses.append({"kind": "object_removed", "subject": "change", "description": text[:2000]})
    return {a.item_id: guesses for a in annotations}


def noun_pairs_counted(annotations: Sequence[Annotation], pairs: int = 12) -> DifferencesByItem:
    """Count changes of two everyday nouns at once: "cats and dogs" from 2 to 4.

    Read as one compound, the subject names its last noun, while its first,
    counted, could corroborate a count of that noun too: two guesses in one.
    """
    nouns = EVERYDAY_NOUNS[: 2 * pairs]
    guesses = [
        {"kind": "count_change", "subject": f"{a}s and {b}s", "from": "2", "to": "4"}
        for a, b in zip(nouns[0::2], nouns[1::2], strict=True)
    ]
    return {a.item_id: guesses for a in annotations}


def _top_subjects(annotations: Sequence[Annotation], item: Annotation, k: int = 12) -> list[str]:
    """The ``k`` commonest subjects of the other items of the theme, then everyday nouns."""
    seen = _ranked(Counter(d.subject for d in _others(annotations, item)))
    return (seen + [n for n in EVERYDAY_NOUNS if n not in seen])[:k]


#: A guess shaped around the ``i``-th of an item's likely subjects (red team round 24).
_Shape = Callable[[int, list[str]], dict[str, Any]]
_ALL_COLOURS = " or ".join(sorted(COLORS))[:200]
_QUANTITIES = ("2", "three", "several", "many", "some", "a few")
_SPACES = ("\u00a0", "\u2003", "\u2028", "\n", "\u3000", " \u2022 ")
#: Spellings a reader reads as the word: look-alike letters, full width, hidden marks.
_DISGUISES: tuple[Callable[[str], str], ...] = (
    lambda w: w.replace("a", "\u0430").replace("o", "\u043e").replace("e", "\u0435"),
    lambda w: "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalpha() else c for c in w),
    "\u200d".join,
    "\u00ad".join,
    lambda w: w.upper() + "\u0301",
)


def _rotated(i: int, s: list[str], n: int = 8) -> list[str]:
    return (s[i:] + s[:i])[:n]


def _told(kind: str, text: str) -> dict[str, Any]:
    return {"kind": kind, "subject": "object", "description": text}


def _of(kind: str, subject: str, **fields: Any) -> dict[str, Any]:
    return {"kind": kind, "subject": subject} | {k.rstrip("_"): v for k, v in fields.items()}


_ASK = "Is it the {}? Or the {}? Or the {}?"
_DENY = "Not the {}, not the {}, but the {}."
_COUNT, _LOOK = "count_change", "attribute_change"
#: Each shape hedges what a guess must commit to: which object, which value, which kind.
_SHAPES: dict[str, _Shape] = {
    "hedged noun lists": lambda i, s: _told(
        KINDS[i % 4], "Perhaps the " + ", or maybe the ".join(_rotated(i, s)) + "."
    ),
    "maybe one noun each": lambda i, s: _told("object_removed", f"Maybe the {s[i]}."),
    "questions and negations": lambda i, s: _told(
        KINDS[i % 2], (_ASK if i % 2 else _DENY).format(s[i - 2], s[i - 1], s[i])
    ),
    "counts from N to N": lambda i, s: _of(_COUNT, s[i], from_="1", to="1"),
    "every colour on a noun": lambda i, s: _of(
        _LOOK, s[i], attribute="color", from_=_ALL_COLOURS, to=_ALL_COLOURS
    ),
    "numbered plurals": lambda i, s: _of(_COUNT, f"{_QUANTITIES[i % 6]} {s[i]}s"),
    "empty and null values": lambda i, s: (
        _of(_LOOK, s[i], attribute="", from_="", to="")
        if i % 2
        else _of(_COUNT, s[i], from_=None, to=" ")
    ),
    "count field abuse": lambda i, s: _of(KINDS[i % 4], s[i], count=999 if i % 2 else 1),
    "disguised names": lambda i, s: _of("object_removed", _DISGUISES[i % 5](s[i])),
    "nouns joined by white space": lambda i, s: _of(
        KINDS[i % 4], _SPACES[i % 6].join(_rotated(i, s))
    ),
}


def shaped(shape: _Shape) -> Callable[[Sequence[Annotation]], DifferencesByItem]:
    """``shape`` applied to each of every item's likely subjects (``_top_subjects``)."""

    def build(annotations: Sequence[Annotation]) -> DifferencesByItem:
        answer: DifferencesByItem = {}
        for a in annotations:
            subjects = _top_subjects(annotations, a)
            answer[a.item_id] = [shape(i, subjects) for i in range(len(subjects))]
        return answer

    return build


def aliases_at_once(annotations: Sequence[Annotation]) -> DifferencesByItem:
    """Each likely subject spelled as every alias the other items gave it, in one string."""
    answer: DifferencesByItem = {}
    for a in annotations:
        spellings: dict[str, set[str]] = {}
        for d in _others(annotations, a):
            spellings.setdefault(d.subject, set()).update(d.aliases)
        answer[a.item_id] = [
            {"kind": "object_removed", "subject": " aka ".join([s, *sorted(spellings.get(s, ()))])}
            for s in _top_subjects(annotations, a)
        ]
    return answer


def neighbours_answer(annotations: Sequence[Annotation]) -> DifferencesByItem:
    """The previous item's golden differences, every field and description, verbatim."""
    ordered = sorted(annotations, key=lambda a: a.item_id)
    answer: DifferencesByItem = {}
    for before, item in zip(ordered[-1:] + ordered[:-1], ordered, strict=True):
        answer[item.item_id] = [
            _as_json(_guess_of(d)) | ({"description": d.description} if d.description else {})
            for d in before.differences
        ]
    return answer


#: Fixed answers naming no object: generic nouns, the layout's words, the kinds' words.
_FIXED: dict[str, list[dict[str, Any]]] = {
    "generic nouns, every kind": [
        {"kind": kind, "subject": noun}
        for noun in "thing item stuff piece shape figure one element entity artifact".split()
        for kind in KINDS
    ],
    "panel layout words": [
        {"kind": kind, "subject": subject, "description": text}
        for kind, subject, text in (
            ("object_added", "right", "Something new appears on the right in the second panel."),
            ("object_removed", "left", "Something on the left is missing from the second panel."),
            ("object_removed", "top", "The top panel shows an object the bottom panel lacks."),
            ("count_change", "middle", "The second panel shows two in the middle instead of one."),
            ("attribute_change", "second_panel", "The object in the second panel changes colour."),
            ("object_added", "top_bottom", "An object appears in the bottom panel."),
        )
    ],
    "kind words as subjects": [
        {"kind": kind, "subject": word}
        for word in "added removed missing new_object count color size difference".split()
        for kind in KINDS
    ],
}


#: The strategies of this module, measured beside ``blind.STRATEGIES`` (``benchmarks/blind.py``).
TRICKS: dict[str, Callable[[Sequence[Annotation]], DifferencesByItem]] = {
    "likeliest full guess per item": likeliest_guesses,
    "likeliest full guesses, 3 per item": lambda a: likeliest_guesses(a, 3),
    "likeliest guess, one item per theme": likeliest_guess_one_item,
    "commonest values, no object": commonest_values,
    "category words": category_words,
    "nouns joined by separators": joined_nouns,
    "everything changed": everything_changed,
    "place words as subjects": place_words,
    "nounless generator descriptions": nounless_descriptions,
    "one noun, every kind, duplicated": one_noun_every_way,
    "numbers and nulls": numbers_and_nulls,
    "a sentence per noun": sentence_per_noun,
    "noun pairs counted together": noun_pairs_counted,
    "every alias in one subject": aliases_at_once,
    "neighbour's answer verbatim": neighbours_answer,
    **{name: shaped(shape) for name, shape in _SHAPES.items()},
    **{name: (lambda a, g=guesses: {x.item_id: g for x in a}) for name, guesses in _FIXED.items()},
}
