"""The words of a name that point at one of the two pictures, not at a place in the scene.

Split from ``_normalize`` (red team round 23, which grew it past 500 lines):
"red_balloon_in_bottom_panel" places the balloon in the lower picture, and
"mug (second image)" names a mug; neither says where in the scene it is.
"""

from __future__ import annotations

from ._lexicon import PANEL_WORDS, POSITION, PREPOSITIONS

#: Words that point at one of the two pictures: "right image", "second panel".
_PANEL_POINTERS = POSITION | frozenset({"first", "second", "other"})
#: Panel words that name nothing in a scene: only after them does "on the
#: right" point at a panel ("the picture on the left" may hang on a wall).
_ONLY_PANELS = frozenset({"panel", "image", "version"})
#: Words that may stand between a pointer and the panel: "right hand image".
_PANEL_FILL = frozenset({"hand", "side", "the"})


def _panel_reference(raw: list[str], index: int) -> tuple[int, int] | None:
    """The span of words around the panel word at ``index`` that point at a panel.

    Before it, pointers ("right", "second") and fill ("right hand image");
    after it, "on the right" ("the image on the right"). None when no
    pointer stands on either side: a plain "picture" may be the object.
    """
    first = index
    while first > 0 and (raw[first - 1] in _PANEL_POINTERS or raw[first - 1] in _PANEL_FILL):
        first -= 1
    while first < index and raw[first] == "the":
        first += 1
    last = index + 1
    if raw[index] in _ONLY_PANELS and last < len(raw) and raw[last] in PREPOSITIONS:
        after = last + 1
        while after < len(raw) and raw[after] in _PANEL_FILL:
            after += 1
        if after < len(raw) and raw[after] in POSITION:
            last = after + 1
            while last < len(raw) and raw[last] in _PANEL_FILL - {"the"}:
                last += 1
    pointed = any(w in _PANEL_POINTERS for w in raw[first:last])
    return (first, last) if pointed else None


def without_panel_positions(raw: list[str]) -> list[str]:
    """Drop the words that point at a panel: "bottom panel", "mug (right image)".

    "red_balloon_in_bottom_panel" says where the balloon is in the pair of
    pictures, not at the bottom of the scene (case "a panel named in the
    subject is not a place in the scene"). After another word the panel word
    goes too: in "mug (second image)" and "mug_in_the_image_on_the_right"
    the mug is the thing, and its place is no scene position (red team
    round 16); at the start it stays, as "left_picture" may be a picture.
    """
    kept: list[str] = []
    index = 0
    while index < len(raw):
        span = _panel_reference(raw, index) if raw[index] in PANEL_WORDS else None
        if span is None:
            kept.append(raw[index])
            index += 1
            continue
        first, last = span
        del kept[len(kept) - (index - first) :]
        if first > 0 and raw[index] != "frame":  # a window_left_frame is a frame
            while kept and kept[-1] in PREPOSITIONS:
                kept.pop()  # "mug in [the right image]"
        else:
            kept.append(raw[index])
        index = last
    return kept
