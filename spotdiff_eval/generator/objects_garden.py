"""Outdoor ground things: plants, rocks, garden and playground kit, vehicles, traffic kit.

Outdoor only (``outdoor=True``) but shared by every outdoor theme, so a park,
a street, a farm and a camp site draw from one large pool. Same conventions
as ``objects_outdoor``.
"""

from __future__ import annotations

from .canvas import Canvas, Frame
from .forms import dome
from .objects_outdoor import BLACK, BRIGHT, BROWN, DARK_LEAF, GLASS, GRAY, LEAF, WHITE
from .objects_street import wheel
from .palette import rgb
from .scene import ObjectKind, SceneObject

STONE = (160, 160, 165)
FLAME = (250, 150, 30)


def bush(c: Canvas, f: Frame, o: SceneObject) -> None:
    for box in ((0.0, 0.3, 0.5, 0.99), (0.5, 0.3, 1.0, 0.99), (0.2, 0.0, 0.8, 0.8)):
        c.ellipse(f.box(*box), DARK_LEAF, width=f.line)
    for u, v in ((0.3, 0.3), (0.6, 0.5), (0.2, 0.62), (0.74, 0.7)):
        c.ellipse(f.box(u, v, u + 0.1, v + 0.14), rgb(o.colour), width=0)


def rock(c: Canvas, f: Frame, o: SceneObject) -> None:
    outline = ((0.0, 0.99), (0.08, 0.4), (0.36, 0.06), (0.7, 0.0), (0.96, 0.36), (1.0, 0.99))
    c.polygon(f.pts(*outline), rgb(o.colour), width=f.line)
    c.line(f.pts((0.36, 0.4), (0.56, 0.56)), BLACK, width=1)


def cactus(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.0, 0.3, 0.2, 0.56), fill, width=f.line)
    c.rect(f.box(0.8, 0.2, 1.0, 0.5), fill, width=f.line)
    c.rect(f.box(0.0, 0.5, 1.0, 0.62), fill, width=f.line)
    c.rect(f.box(0.32, 0.0, 0.68, 0.99), fill, width=f.line)


def sunflower(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.5), (0.5, 0.99)), LEAF, width=4)
    c.polygon(f.pts((0.5, 0.8), (0.8, 0.66), (0.56, 0.88)), LEAF, width=1)
    c.ellipse(f.box(0.0, 0.0, 1.0, 0.56), rgb(o.colour), width=f.line)
    c.ellipse(f.box(0.28, 0.14, 0.72, 0.42), BROWN, width=1)


def tulip(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.4), (0.5, 0.99)), LEAF, width=3)
    c.polygon(f.pts((0.5, 0.9), (0.1, 0.5), (0.46, 0.74)), LEAF, width=1)
    cup = ((0.1, 0.0), (0.3, 0.16), (0.5, 0.0), (0.7, 0.16), (0.9, 0.0), (0.84, 0.4), (0.16, 0.4))
    c.polygon(f.pts(*cup), rgb(o.colour), width=f.line)


def stump(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.06, 0.2, 0.94, 0.99), BROWN, width=f.line)
    c.ellipse(f.box(0.06, 0.0, 0.94, 0.4), (220, 180, 120), width=f.line)
    c.ellipse(f.box(0.32, 0.1, 0.68, 0.3), None, width=1)


def fence(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.rect(f.box(0.0, 0.3, 1.0, 0.42), fill, width=1)
    c.rect(f.box(0.0, 0.66, 1.0, 0.78), fill, width=1)
    for u in (0.02, 0.28, 0.54, 0.8):
        c.polygon(
            f.pts((u, 0.12), (u + 0.09, 0.0), (u + 0.18, 0.12), (u + 0.18, 0.99), (u, 0.99)),
            fill,
            width=f.line,
        )


def scarecrow(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.5, 0.2), (0.5, 0.99)), BROWN, width=4)
    c.line(f.pts((0.0, 0.4), (1.0, 0.4)), BROWN, width=4)
    c.rect(f.box(0.22, 0.32, 0.78, 0.7), rgb(o.colour), pattern=o.pattern, width=f.line)
    c.ellipse(f.box(0.34, 0.1, 0.66, 0.34), (240, 220, 150), width=f.line)
    c.polygon(f.pts((0.2, 0.14), (0.5, 0.0), (0.8, 0.14)), (200, 160, 60), width=f.line)


def campfire(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.5, 0.0), (0.86, 0.76), (0.14, 0.76)), rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.5, 0.3), (0.7, 0.76), (0.3, 0.76)), rgb("yellow"), width=0)
    c.line(f.pts((0.0, 0.96), (1.0, 0.72)), BROWN, width=5)
    c.line(f.pts((0.0, 0.72), (1.0, 0.96)), BROWN, width=5)


def snowman(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.ellipse(f.box(0.0, 0.5, 1.0, 0.99), WHITE, width=f.line)
    c.ellipse(f.box(0.16, 0.22, 0.84, 0.6), WHITE, width=f.line)
    c.rect(f.box(0.3, 0.0, 0.7, 0.16), rgb(o.colour), width=1)
    c.rect(f.box(0.2, 0.14, 0.8, 0.2), rgb(o.colour), width=1)
    c.polygon(f.pts((0.5, 0.36), (0.8, 0.4), (0.5, 0.42)), rgb("orange"), width=0)


def wheelbarrow(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.0, 0.2), (0.5, 0.62)), BLACK, width=3)
    c.polygon(f.pts((0.1, 0.14), (1.0, 0.14), (0.8, 0.62), (0.3, 0.62)), rgb(o.colour), width=2)
    wheel(c, f, 0.6, 0.56, 0.9, 0.99)


def well(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.14, 0.2), (0.14, 0.6)), BROWN, width=3)
    c.line(f.pts((0.86, 0.2), (0.86, 0.6)), BROWN, width=3)
    c.polygon(f.pts((0.0, 0.26), (0.5, 0.0), (1.0, 0.26)), rgb(o.colour), width=f.line)
    c.rect(f.box(0.04, 0.56, 0.96, 0.99), STONE, pattern="checked", width=f.line)


def doghouse(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.08, 0.4, 0.92, 0.99), rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.0, 0.44), (0.5, 0.0), (1.0, 0.44)), BROWN, width=f.line)
    c.polygon(
        dome(f, 0.32, 0.56, 0.68, 0.72, 8) + f.pts((0.68, 0.99), (0.32, 0.99)), BLACK, width=0
    )


def birdhouse(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.44, 0.5, 0.56, 0.99), BROWN, width=1)
    c.rect(f.box(0.14, 0.2, 0.86, 0.56), rgb(o.colour), width=f.line)
    c.polygon(f.pts((0.0, 0.24), (0.5, 0.0), (1.0, 0.24)), (190, 60, 50), width=f.line)
    c.ellipse(f.box(0.38, 0.28, 0.62, 0.44), BLACK, width=0)


def swing(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.0, 0.99), (0.16, 0.02), (0.84, 0.02), (1.0, 0.99)), fill, width=4)
    c.line(f.pts((0.36, 0.04), (0.36, 0.7)), BLACK, width=1)
    c.line(f.pts((0.64, 0.04), (0.64, 0.7)), BLACK, width=1)
    c.rect(f.box(0.3, 0.68, 0.7, 0.76), BROWN, width=1)


def slide(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.line(f.pts((0.06, 0.99), (0.06, 0.1)), GRAY, width=3)
    c.line(f.pts((0.26, 0.99), (0.26, 0.1)), GRAY, width=3)
    for v in (0.3, 0.5, 0.7, 0.9):
        c.line(f.pts((0.06, v), (0.26, v)), GRAY, width=2)
    c.polygon(
        f.pts((0.2, 0.06), (0.34, 0.06), (1.0, 0.94), (1.0, 0.99), (0.86, 0.99)),
        rgb(o.colour),
        width=f.line,
    )


def traffic_cone(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.polygon(f.pts((0.36, 0.0), (0.64, 0.0), (0.9, 0.88), (0.1, 0.88)), rgb(o.colour), width=2)
    c.polygon(f.pts((0.26, 0.36), (0.74, 0.36), (0.8, 0.56), (0.2, 0.56)), WHITE, width=0)
    c.rect(f.box(0.0, 0.86, 1.0, 0.99), rgb(o.colour), width=f.line)


def traffic_light(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.42, 0.5, 0.58, 0.99), GRAY, width=1)
    c.rect(f.box(0.1, 0.0, 0.9, 0.54), rgb(o.colour), width=f.line)
    for i, colour in enumerate(("red", "yellow", "green")):
        v = 0.04 + 0.165 * i
        c.ellipse(f.box(0.26, v, 0.74, v + 0.14), rgb(colour), width=1)


def truck(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.0, 0.0, 0.66, 0.78), rgb(o.colour), pattern=o.pattern, width=f.line)
    c.polygon(
        f.pts((0.68, 0.2), (0.86, 0.2), (1.0, 0.46), (1.0, 0.78), (0.68, 0.78)),
        rgb(o.colour),
        width=f.line,
    )
    c.polygon(f.pts((0.74, 0.26), (0.84, 0.26), (0.94, 0.46), (0.74, 0.46)), GLASS, width=1)
    wheel(c, f, 0.08, 0.64, 0.28, 0.99)
    wheel(c, f, 0.72, 0.64, 0.92, 0.99)


def motorcycle(c: Canvas, f: Frame, o: SceneObject) -> None:
    wheel(c, f, 0.0, 0.5, 0.36, 0.99)
    wheel(c, f, 0.64, 0.5, 1.0, 0.99)
    c.polygon(f.pts((0.2, 0.6), (0.3, 0.3), (0.7, 0.3), (0.82, 0.6)), rgb(o.colour), width=2)
    c.rect(f.box(0.26, 0.2, 0.5, 0.3), BLACK, width=0)
    c.line(f.pts((0.7, 0.3), (0.78, 0.0)), BLACK, width=3)


def scooter(c: Canvas, f: Frame, o: SceneObject) -> None:
    fill = rgb(o.colour)
    c.line(f.pts((0.82, 0.86), (0.76, 0.04)), fill, width=4)
    c.line(f.pts((0.64, 0.04), (0.9, 0.04)), BLACK, width=3)
    c.rect(f.box(0.1, 0.76, 0.8, 0.86), fill, width=1)
    for u in (0.02, 0.74):
        c.ellipse(f.box(u, 0.8, u + 0.22, 0.99), BLACK, width=0)


def signpost(c: Canvas, f: Frame, o: SceneObject) -> None:
    c.rect(f.box(0.44, 0.06, 0.56, 0.99), BROWN, width=1)
    fill = rgb(o.colour)
    c.polygon(f.pts((0.1, 0.1), (0.86, 0.1), (1.0, 0.2), (0.86, 0.3), (0.1, 0.3)), fill, width=2)
    c.polygon(
        f.pts((0.9, 0.36), (0.14, 0.36), (0.0, 0.46), (0.14, 0.56), (0.9, 0.56)), fill, width=0
    )


GARDEN_KINDS = (
    ObjectKind(
        "bush",
        "bush",
        ("shrub", "hedge"),
        "near",
        (56, 40),
        ("red", "purple", "white"),
        bush,
        outdoor=True,
        plural="bushes",
    ),
    ObjectKind(
        "rock",
        "rock",
        ("boulder", "stone"),
        "near",
        (48, 34),
        ("gray", "brown"),
        rock,
        outdoor=True,
    ),
    ObjectKind(
        "cactus", "cactus", (), "near", (34, 56), ("green",), cactus, outdoor=True, plural="cacti"
    ),
    ObjectKind(
        "sunflower",
        "sunflower",
        (),
        "near",
        (34, 66),
        ("yellow", "orange"),
        sunflower,
        outdoor=True,
    ),
    ObjectKind(
        "tulip",
        "tulip",
        (),
        "near",
        (24, 50),
        ("red", "yellow", "purple", "pink"),
        tulip,
        outdoor=True,
    ),
    ObjectKind(
        "stump", "tree stump", ("stump", "log"), "near", (46, 36), ("brown",), stump, outdoor=True
    ),
    ObjectKind(
        "fence",
        "fence",
        ("picket_fence",),
        "near",
        (80, 40),
        ("white", "brown"),
        fence,
        outdoor=True,
        resizable=False,
    ),
    ObjectKind(
        "scarecrow",
        "scarecrow",
        (),
        "near",
        (50, 76),
        BRIGHT,
        scarecrow,
        outdoor=True,
        patterns=("checked", "striped"),
    ),
    ObjectKind(
        "campfire",
        "campfire",
        ("bonfire", "fire"),
        "near",
        (48, 44),
        ("orange", "red"),
        campfire,
        outdoor=True,
    ),
    ObjectKind(
        "snowman",
        "snowman",
        (),
        "near",
        (40, 66),
        ("black", "red", "blue"),
        snowman,
        outdoor=True,
        plural="snowmen",
    ),
    ObjectKind(
        "wheelbarrow",
        "wheelbarrow",
        ("barrow",),
        "near",
        (66, 40),
        ("red", "green", "blue", "yellow"),
        wheelbarrow,
        outdoor=True,
    ),
    ObjectKind(
        "well",
        "well",
        ("wishing_well",),
        "near",
        (50, 64),
        ("red", "brown", "blue"),
        well,
        outdoor=True,
        resizable=False,
    ),
    ObjectKind(
        "doghouse",
        "doghouse",
        ("kennel",),
        "near",
        (50, 44),
        ("red", "blue", "yellow", "white"),
        doghouse,
        outdoor=True,
    ),
    ObjectKind(
        "birdhouse",
        "birdhouse",
        ("bird_feeder",),
        "near",
        (30, 66),
        ("yellow", "blue", "white", "green"),
        birdhouse,
        outdoor=True,
    ),
    ObjectKind(
        "swing",
        "swing",
        (),
        "near",
        (70, 76),
        ("red", "blue", "green"),
        swing,
        outdoor=True,
        resizable=False,
    ),
    ObjectKind(
        "slide",
        "slide",
        ("playground_slide",),
        "near",
        (76, 70),
        ("red", "yellow", "blue", "green"),
        slide,
        outdoor=True,
        resizable=False,
    ),
    ObjectKind(
        "traffic_cone",
        "traffic cone",
        ("cone", "pylon"),
        "near",
        (28, 40),
        ("orange", "red"),
        traffic_cone,
        outdoor=True,
    ),
    ObjectKind(
        "traffic_light",
        "traffic light",
        ("stoplight",),
        "near",
        (22, 90),
        ("black", "yellow", "gray"),
        traffic_light,
        outdoor=True,
    ),
    ObjectKind(
        "truck",
        "truck",
        ("lorry",),
        "near",
        (96, 50),
        ("red", "blue", "green", "white"),
        truck,
        outdoor=True,
        patterns=("striped",),
    ),
    ObjectKind(
        "motorcycle",
        "motorcycle",
        ("motorbike",),
        "near",
        (66, 44),
        ("red", "blue", "black", "green"),
        motorcycle,
        outdoor=True,
    ),
    ObjectKind(
        "scooter",
        "scooter",
        ("kick_scooter",),
        "near",
        (40, 50),
        ("red", "blue", "green", "pink", "purple"),
        scooter,
        outdoor=True,
    ),
    ObjectKind(
        "signpost",
        "signpost",
        ("fingerpost",),
        "near",
        (50, 76),
        ("white", "yellow", "blue"),
        signpost,
        outdoor=True,
    ),
)
