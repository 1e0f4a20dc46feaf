"""Turning planned changes into golden differences: subject, aliases, words, box.

Names follow one rule a person would use: an object alone of its kind in
the scene is called by its kind ("kite"); if there are several, by colour
and kind ("red_car"), which the composer keeps unique. A change of a part
names the part ("boy_shirt"); a count change names the members
("tree_apple"). The gate re-checks that every name picks out one object.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..datasets import Box
from ..matching import CARDINALS
from .catalogue import OBJECT_KINDS
from .differences import Change
from .render import Rendered, clip, union
from .scene import PANEL_WIDTH, Scene, SceneObject


@dataclass(frozen=True)
class Golden:
    """A golden difference before it gets its id."""

    kind: str
    subject: str
    aliases: tuple[str, ...]
    attribute: str | None
    from_value: str | None
    to_value: str | None
    count: int | None
    description: str
    bbox: Box
    uid: int

    def to_json(self, diff_id: str) -> dict:
        data: dict = {"id": diff_id, "kind": self.kind, "subject": self.subject}
        if self.aliases:
            data["aliases"] = list(self.aliases)
        if self.attribute is not None:
            data["attribute"] = self.attribute
        if self.from_value is not None:
            data["from"] = self.from_value
            data["to"] = self.to_value
        if self.count is not None:
            data["count"] = self.count
        data["description"] = self.description
        data["bbox"] = list(self.bbox)
        return data


def object_name(obj: SceneObject, first: Scene, second: Scene) -> str:
    """``kind`` if the object is alone of its kind in either panel, else ``colour_kind``."""
    kind = OBJECT_KINDS[obj.kind]
    uids = {o.uid for o in (*first.objects, *second.objects) if o.kind == obj.kind}
    return kind.subject if len(uids) == 1 else f"{obj.colour}_{kind.subject}"


def annotate(
    change: Change, first: Scene, second: Scene, panels: tuple[Rendered, Rendered]
) -> Golden:
    before, after = first.get(change.uid), second.get(change.uid)
    obj = before or after
    kind = OBJECT_KINDS[obj.kind]
    name = object_name(obj, first, second)
    # "kite" is also fairly called "orange_kite", and "red_car" just "car".
    names = (*kind.aliases, kind.subject, f"{obj.colour}_{kind.subject}")
    aliases = tuple(dict.fromkeys(a for a in names if a != name))
    words = _spoken(obj, name)
    where = _where(obj, first)
    count = None
    subject = name
    if change.kind == "count_change" or (kind.collective and change.kind != "attribute_change"):
        subject, aliases = kind.group.subject, kind.group.aliases
        if change.kind != "count_change" and obj.count > 1:
            count = obj.count
    elif change.kind == "attribute_change" and kind.part and change.attribute != "size":
        subject = f"{name}_{kind.part}"
        aliases = (kind.part, f"{kind.subject}_{kind.part}")
        aliases = tuple(dict.fromkeys(a for a in aliases if a != subject))
    text = describe(change, obj, words, where)
    return Golden(
        kind=change.kind,
        subject=subject,
        aliases=aliases,
        attribute=change.attribute if change.kind == "attribute_change" else None,
        from_value=change.before,
        to_value=change.after,
        count=count,
        description=text,
        bbox=_bbox(change, before, after, panels),
        uid=change.uid,
    )


def _count_word(n: int) -> str:
    """ "three", and "no" for nothing: "shows no apples instead of three", as people write it."""
    return "no" if n == 0 else CARDINALS[n]


def describe(change: Change, obj: SceneObject, words: str, where: str) -> str:
    """One plain sentence, as an annotator would write it."""
    kind = OBJECT_KINDS[obj.kind]
    place = f" {where}" if where else ""
    if kind.collective and change.kind in ("object_added", "object_removed"):
        group = kind.group
        n = obj.count
        things = f"{_count_word(n)} {group.plural if n > 1 else group.member}"
        if change.kind == "object_added":
            verb = "appear" if n > 1 else "appears"
            return f"{things.capitalize()} {verb}{place} in the second panel."
        verb = "are" if n > 1 else "is"
        return f"The {things}{place} {verb} missing from the second panel."
    if change.kind == "object_added":
        return f"{_article(words).capitalize()} {words} appears{place} in the second panel."
    if change.kind == "object_removed":
        return f"The {words}{place} is missing from the second panel."
    if change.kind == "count_change":
        group = kind.group
        low, high = int(change.before), int(change.after)
        noun = group.plural if high != 1 else group.member
        around = f" {group.where or where}" if group.where or where else ""
        return (
            f"The second panel shows {_count_word(high)} {noun}{around} "
            f"instead of {_count_word(low)}."
        )
    if kind.part and change.attribute != "size":
        thing = f"The {kind.noun}'s {kind.part}"  # "The boy's shirt changes from..."
    elif change.attribute == "color":
        thing = f"The {kind.noun}"  # not "the red car changes from red to..."
    else:
        thing = f"The {words}"
    if change.attribute == "size":
        comparative = "larger" if change.after == "large" else "smaller"
        return f"{thing}{place} is {comparative} in the second panel."
    what = "shape " if change.attribute == "shape" else ""
    return f"{thing}{place} changes {what}from {change.before} to {change.after}."


def _spoken(obj: SceneObject, name: str) -> str:
    """The object in words: "red kite", "boy with the blue shirt", or just "tree"."""
    kind = OBJECT_KINDS[obj.kind]
    if kind.part:
        return f"{kind.noun} with the {obj.colour} {kind.part}"
    if len(kind.colours) > 1 or name != kind.subject:
        return f"{obj.colour} {kind.noun}"
    return kind.noun


def _where(obj: SceneObject, scene: Scene) -> str:
    """Zone and side: "in the sky on the left", "on the counter in the middle"."""
    zone = scene.theme.home(OBJECT_KINDS[obj.kind]).where
    third = PANEL_WIDTH / 3
    side = "on the left" if obj.cx < third else "on the right" if obj.cx > 2 * third else None
    side = side or "in the middle"
    return f"{zone} {side}".strip()


def _article(words: str) -> str:
    return "an" if words[0] in "aeiou" else "a"


def _bbox(
    change: Change,
    before: SceneObject | None,
    after: SceneObject | None,
    panels: tuple[Rendered, Rendered],
) -> Box:
    """The ink of the object (both versions), or of the members that come or go."""
    first, second = panels
    uid = change.uid
    if change.kind == "count_change":
        low, high = sorted((before.count, after.count))
        more = first if before.count > after.count else second
        return clip(union(*more.members[uid][low:high]), pad=1)
    boxes = [p.extents[uid] for p in panels if uid in p.extents]
    return clip(union(*boxes), pad=1)
