"""Heads that are never a part of the thing named before them.

A part told with the same specific change is the whole's change: painting
the car paints its door, so ``car_door`` red -> blue finds the car turning
from red to blue (route ``names_gold_in_subject``), and book spines from 5
to 2 count the books. Not every head a thing's name modifies is a part of
it: what is made for it (``_lexicon.ACCESSORIES``, round 19), and the heads
below (red team rounds 20 and 22), each of which found the gold by the same
change alone.
"""

from __future__ import annotations

#: Where a thing is kept or served, and who uses it: a "car_park", a
#: "car_wash" or a "car_driver" turning from red to blue found the car.
USED_AT_OR_BY = frozenset(
    """
    park parking wash lot garage port stop station shop store yard lane track
    driver owner rider keeper walker trainer seller vendor passenger pilot picker
    """.split()
)

#: What grows a thing or is made from it, and what carries it in bulk:
#: apple trees, pies, juice or crates from 3 to 5 found the apples from 3 to
#: 5, though apple stems rightly do (a part of each).
GROWN_ON_OR_MADE_FROM = frozenset(
    """
    tree bush vine plant orchard pie juice cake sauce jam jelly soup candy tart muffin
    smoothie crate cart sack
    """.split()
)

#: People and animals: a living thing is a whole of its own, never a part of
#: the thing named before it. The girl's cat, dog or friend turning from red
#: to blue found the girl whose dress turned from red to blue, and a "tree
#: bird" the tree. Round 21 added the small creatures (apple worms from 3 to 5
#: found the apples from 3 to 5) and the catalogue's other animals (a penguin's
#: ball turning blue found the penguin). Round 23 added the insects and
#: the birds of a street or a park: a "bed_bug", a "house_fly" or a
#: "bench_pigeon" turning from red to blue found the bed, the house or the
#: bench turning from red to blue.
LIVING = frozenset(
    """
    man woman boy girl child kid baby person lady gentleman mother father friend
    brother sister grandma grandpa family
    cat kitten dog puppy bird horse pony cow pig sheep lamb goat duck chicken hen
    rooster fox owl mouse rat rabbit bunny squirrel hedgehog turtle snail elephant
    lion tiger bear monkey fish frog bee butterfly ladybug parrot seagull gull
    worm caterpillar spider ant beetle snake lizard penguin swan whale crab starfish deer
    bug fly insect moth mosquito wasp pigeon dove crow raven sparrow robin eagle hawk goose
    """.split()
)

#: What is laid over a thing and taken off it: a "table_cloth", a "bed_pillow"
#: or a "couch_blanket" turning from red to blue found the table, the bed or
#: the couch turning from red to blue (red team round 22). A cushion or a
#: cover is left out (a couch's cushions and a book's cover are its parts),
#: and so is a sheet, which is also what paper or metal comes in.
LAID_OVER = frozenset(
    """
    cloth blanket quilt duvet bedspread throw pillow mat placemat runner doily tarp
    """.split()
)

#: Every head above.
NOT_ITS_PART = USED_AT_OR_BY | GROWN_ON_OR_MADE_FROM | LIVING | LAID_OVER
