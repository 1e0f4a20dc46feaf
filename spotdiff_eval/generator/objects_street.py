"""Street and garden things standing on the ground: vehicles, boats, signs, lamps, benches.

Same conventions as ``objects_outdoor``: every drawing stays in its frame,
faces right unless the frame is flipped, and paints its main part in the
object's colour, which is what a colour change alters.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import bowl, dome
from .objects_outdoor import BLACK, BROWN, GLASS, GRAY, LEAF, WHITE
from .palette import rgb
from .scene import Group, ObjectKind, SceneObject, Slot

PETALS = ("red", "yellow", "pink", "purple")


def wheel(c: Canvas, f: Frame, u0: float, v0: float, u1: float, v1: float) -> None:
    c.ellipse(f.box(u0, v0, u1, v1), BLACK, width=0)
    du, dv = (u1 - u0) * 0.3, (v1 - v0) * 0.3
    c.ellipse(f.box(u0 + du, v0 + dv, u1 - du, v1 - dv), GRAY, width=0)


def car(c: Canvas, f: Frame, o: SceneObject) -> None:
    body = (
        (0.0, 0.46),
        (0.2, 0.42),
        (0.3, 0.05),
        (0.72, 0.05),
        (0.84, 0.42),
        (1.0, 0.48),
        (1.0, 0.8),
        (0.0, 0.8),
    )
    c.polygon(f.pts(*body), rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.34, 0.14), (0.5, 0.14), (0.5, 0.4), (0.28, 0.4)), GLASS, width=1)
    c.polygon(f.pts((0.55, 0.14), (0.7, 0.14), (0.79, 0.4), (0.55, 0.4)), GLASS, width=1)
    wheel(c, f, 0.12, 0.58, 0.34, 1.0)
    wheel(c, f, 0.66, 0.58, 0.88, 1.0)


def bus(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.04, 1.0, 0.84), rgb(o.colour), width=f.line)
    for i in range(5):
        u = 0.05 + 0.15 * i
        c.rect(f.box(u, 0.16, u + 0.11, 0.46), GLASS, width=1)
    c.rect(f.box(0.83, 0.16, 0.95, 0.8), GLASS, width=1)
    wheel(c, f, 0.1, 0.66, 0.26, 1.0)
    wheel(c, f, 0.66, 0.66, 0.82, 1.0)


def bicycle(c: Canvas, f: Frame, o: SceneObject) -> None:
    for u0 in (0.0, 0.6):
        c.ellipse(f.box(u0, 0.42, u0 + 0.4, 0.99), None, width=3)
    frame = rgb(o.colour)
    rear, pedal, seat, head, front = (0.2, 0.71), (0.46, 0.72), (0.4, 0.3), (0.74, 0.3), (0.8, 0.71)
    c.line(f.pts(rear, seat, pedal, rear), frame, width=4)
    c.line(f.pts(pedal, head, front), frame, width=4)
    c.line(f.pts(seat, head), frame, width=4)
    c.line(f.pts((0.32, 0.2), (0.48, 0.2)), BLACK, width=4)
    c.line(f.pts((0.72, 0.12), (0.86, 0.12)), BLACK, width=3)


def tractor(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.3, 0.38, 1.0, 0.74), fill, width=f.line)
    c.rect(f.box(0.06, 0.04, 0.44, 0.74), fill, width=f.line)
    c.rect(f.box(0.12, 0.1, 0.38, 0.4), GLASS, width=1)
    c.rect(f.box(0.8, 0.14, 0.86, 0.38), BLACK, width=0)
    wheel(c, f, 0.0, 0.44, 0.44, 0.99)
    wheel(c, f, 0.72, 0.68, 0.96, 0.99)


def boat(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.0), (0.5, 0.62)), BROWN, width=3)
    c.polygon(f.pts((0.54, 0.04), (0.94, 0.58), (0.54, 0.58)), WHITE, width=f.line)
    c.polygon(f.pts((0.46, 0.1), (0.46, 0.58), (0.12, 0.58)), WHITE, width=f.line)
    c.polygon(
        f.pts((0.0, 0.62), (1.0, 0.62)) + bowl(f, 0.12, 0.62, 0.88, 0.99)[::-1][1:-1],
        rgb(o.colour),
        width=f.line,
    )


def bench(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    for u in (0.08, 0.84):
        c.rect(f.box(u, 0.05, u + 0.08, 0.99), fill, width=f.line)
    c.rect(f.box(0.0, 0.08, 1.0, 0.24), fill, width=f.line)
    c.rect(f.box(0.0, 0.3, 1.0, 0.44), fill, width=f.line)
    c.rect(f.box(0.0, 0.56, 1.0, 0.72), fill, width=f.line)


def flower_pot(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(
        f.pts((0.16, 0.6), (0.84, 0.6), (0.72, 0.99), (0.28, 0.99)), rgb(o.colour), width=f.line
    )


def flower(c: Canvas, host: Frame, slot: Slot, index: int) -> None:
    c.line([host.pt((slot[0] + slot[2]) / 2, slot[3]), host.pt(0.5, 0.75)], LEAF, width=3)
    f = host.sub(*slot)
    petals = rgb(PETALS[index % len(PETALS)])
    for box in (
        (0.3, 0.0, 0.7, 0.4),
        (0.6, 0.3, 1.0, 0.7),
        (0.3, 0.6, 0.7, 1.0),
        (0.0, 0.3, 0.4, 0.7),
    ):
        c.ellipse(f.box(*box), petals, width=1)
    c.ellipse(f.box(0.32, 0.32, 0.68, 0.68), rgb("yellow") if index % 4 != 1 else BROWN, width=1)


def mailbox(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.4, 0.44, 0.6, 0.99), (90, 90, 95), width=f.line)
    if o.shape == "round":
        c.polygon(
            dome(f, 0.0, 0.0, 1.0, 0.2, 10) + f.pts((1.0, 0.46), (0.0, 0.46)),
            rgb(o.colour),
            width=f.line,
        )
    else:
        c.rect(f.box(0.0, 0.02, 1.0, 0.46), rgb(o.colour), width=f.line)
    c.line(f.pts((0.2, 0.24), (0.7, 0.24)), BLACK, width=2)
    flag = rgb("yellow") if o.colour in ("red", "orange") else rgb("red")
    c.line(f.pts((0.9, 0.36), (0.9, 0.08), (1.0, 0.08)), flag, width=3)


def street_lamp(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.4, 0.2, 0.6, 0.99), rgb(o.colour), width=1)
    c.rect(f.box(0.25, 0.93, 0.75, 0.99), rgb(o.colour), width=1)
    head = f.box(0.06, 0.0, 0.94, 0.22)
    if o.shape == "square":
        c.rect(head, rgb("yellow"), width=f.line)
    else:
        c.ellipse(head, rgb("yellow"), width=f.line)


def road_sign(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.44, 0.4, 0.56, 0.99), GRAY, width=1)
    fill = rgb(o.colour)
    if o.shape == "triangular":
        c.polygon(f.pts((0.5, 0.0), (1.0, 0.48), (0.0, 0.48)), fill, width=f.line)
    elif o.shape == "square":
        c.rect(f.box(0.04, 0.02, 0.96, 0.46), fill, width=f.line)
    else:
        c.ellipse(f.box(0.0, 0.0, 1.0, 0.48), fill, width=f.line)
    c.rect(f.box(0.3, 0.24, 0.7, 0.3), WHITE, width=0)


def fire_hydrant(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.0, 0.36, 1.0, 0.52), fill, width=1)
    c.rect(f.box(0.18, 0.16, 0.82, 0.94), fill, width=f.line)
    c.polygon(dome(f, 0.18, 0.0, 0.82, 0.18, 8), fill, width=1)
    c.rect(f.box(0.08, 0.9, 0.92, 0.99), fill, width=1)


def trash_can(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.polygon(f.pts((0.06, 0.14), (0.94, 0.14), (0.84, 0.99), (0.16, 0.99)), fill, width=f.line)
    c.rect(f.box(0.0, 0.04, 1.0, 0.16), fill, width=f.line)
    for u in (0.34, 0.5, 0.66):
        c.line(f.pts((u, 0.28), (u, 0.88)), width=1)


POT_FLOWERS = Group(
    "pot_flower",
    "flower",
    "flowers",
    ("flower", "potted_flower", "bloom"),
    "in the pot",
    1,
    4,
    (
        (0.0, 0.12, 0.34, 0.32),
        (0.66, 0.12, 1.0, 0.32),
        (0.33, 0.0, 0.67, 0.2),
        (0.33, 0.3, 0.67, 0.5),
    ),
    flower,
    behind=True,
)


STREET_KINDS = (
    ObjectKind(
        "car",
        "car",
        ("automobile", "sedan"),
        "near",
        (92, 46),
        ("red", "blue", "yellow", "white", "orange", "black"),
        car,
        most=2,
        outdoor=True,
    ),
    ObjectKind(
        "bus",
        "bus",
        ("coach",),
        "near",
        (132, 62),
        ("yellow", "red", "blue", "orange"),
        bus,
        resizable=False,
        outdoor=True,
    ),
    ObjectKind(
        "bicycle",
        "bicycle",
        ("bike", "cycle"),
        "near",
        (62, 40),
        ("red", "blue", "orange", "purple", "black"),
        bicycle,
        outdoor=True,
    ),
    ObjectKind(
        "bench",
        "bench",
        ("park_bench", "seat"),
        "near",
        (84, 40),
        ("brown", "blue", "red", "green"),
        bench,
        outdoor=True,
    ),
    ObjectKind(
        "flower_pot",
        "flower pot",
        ("plant_pot", "pot"),
        "near",
        (40, 64),
        ("brown", "orange", "blue"),
        flower_pot,
        group=POT_FLOWERS,
    ),
    ObjectKind(
        "mailbox",
        "mailbox",
        ("letterbox", "postbox"),
        "near",
        (30, 58),
        ("blue", "red", "green", "yellow"),
        mailbox,
        shapes=("round", "square"),
        outdoor=True,
    ),
    ObjectKind(
        "street_lamp",
        "street lamp",
        ("lamp_post",),
        "near",
        (26, 112),
        ("black", "green"),
        street_lamp,
        shapes=("round", "square"),
        outdoor=True,
    ),
    ObjectKind(
        "road_sign",
        "road sign",
        ("sign", "traffic_sign"),
        "near",
        (36, 82),
        ("red", "blue", "yellow", "green"),
        road_sign,
        shapes=("round", "triangular", "square"),
        outdoor=True,
    ),
    ObjectKind(
        "fire_hydrant",
        "fire hydrant",
        ("hydrant",),
        "near",
        (26, 40),
        ("red", "yellow"),
        fire_hydrant,
        outdoor=True,
    ),
    ObjectKind(
        "trash_can",
        "trash can",
        ("bin", "rubbish_bin", "garbage_can"),
        "near",
        (32, 46),
        ("green", "blue", "black"),
        trash_can,
    ),
    ObjectKind(
        "tractor",
        "tractor",
        (),
        "near",
        (84, 58),
        ("green", "red", "blue", "orange"),
        tractor,
        outdoor=True,
    ),
    ObjectKind(
        "boat",
        "boat",
        ("sailboat", "sailing_boat"),
        "water",
        (84, 64),
        ("red", "blue", "yellow", "green", "orange"),
        boat,
    ),
)
