"""The small vocabulary the matcher needs to read names like a person does.

Kept apart from the rules so that extending a word list never touches logic.
Every list here is English and deliberately short: anything a dataset needs
beyond it belongs in the annotation's ``aliases``.
"""

from __future__ import annotations

#: Words that carry no identity: articles, prepositions, generic nouns, and
#: words about panels. "object_3" or "the thing" names nothing at all.
FILLER = frozenset(
    """
    a an the this that these those it its of in on at to into onto by for from with and
    or but is are was were be been has have had now no not there here very some any one
    object objects thing things item items element stuff something panel panels image
    picture scene first second other another both each several many few all every
    various multiple rather
    """.split()
)

#: Fillers that stand where a noun would: "something near the kite" is about
#: an unnamed thing, not the kite.
VAGUE_NOUNS = frozenset(
    """
    object thing item element stuff something detail difference diff anomaly discrepancy obj
    """.split()
)

#: Words every description uses to say *that* something changed; they tell
#: nothing about *what* changed, so descriptions are compared without them.
CHANGE_WORDS = frozenset(
    """
    change changed changing become became turn turned turning appear appeared appearing
    disappear disappeared missing gone removed added instead different differ now look
    looks new no longer more less fewer than anymore show shown
    """.split()
)

#: Prepositions that end the head phrase: in "apples_in_tree" the head is "apple",
#: in "top_of_tower" the object is the tower's top (a position, so "tower").
PREPOSITIONS = frozenset(
    """
    of in on at with near by under above below over behind beside inside outside from
    for next between beneath atop along across around against
    underneath among amid amidst toward towards opposite alongside beyond upon via
    within through throughout into onto
    """.split()
)
#: Round 19 added the second line: "cat_underneath_table" was a table, and
#: "The cat among the dogs is gone" about the dogs.
#: The prepositions that place a thing somewhere: what follows them is where it
#: is, never what it wears ("man in a red shirt") or holds ("man with an umbrella").
PLACE_WORDS = PREPOSITIONS - {"of", "in", "with", "from", "for"}

#: Where something is, not what it is. They weigh little, so "bottom_right_mug"
#: still names "bottom_left_mug" when nothing else competes.
POSITION = frozenset(
    """
    left right top bottom upper lower middle center centre central front back rear side
    corner edge near far background foreground distance inner outer leftmost rightmost
    topmost uppermost lowest highest
    """.split()
)

#: Where-words grouped by the axis they place something on. Two names that
#: place an object at different points of one axis ("bottom_left" and
#: "middle") point at different objects; "bottom_right" and "bottom_left"
#: also differ, which only a corroborating change can forgive (case "unique
#: change, wrong position word" against "in a crowd of alike things").
POSITION_AXES: dict[str, dict[str, str]] = {
    "horizontal": {
        "left": "left",
        "leftmost": "left",
        "right": "right",
        "rightmost": "right",
        "middle": "center",
        "center": "center",
        "central": "center",
    },
    "vertical": {
        "top": "top",
        "topmost": "top",
        "upper": "top",
        "uppermost": "top",
        "highest": "top",
        "bottom": "bottom",
        "lower": "bottom",
        "lowest": "bottom",
        "middle": "center",
        "center": "center",
        "central": "center",
    },
    "depth": {
        "front": "front",
        "foreground": "front",
        "near": "front",
        "back": "back",
        "rear": "back",
        "background": "back",
        "far": "back",
        "distance": "back",
    },
}

#: Words that negate a value: "no stripes" says the opposite of "striped".
NEGATIONS = frozenset("no not without non never lacking".split())

#: Words of an attribute change that say whether an object is there:
#: "appears" -> "disappears", "visibility" visible -> hidden, "here" -> "not
#: here". Singular and plain forms both, as words() reads them.
PRESENCE_WORDS = frozenset(
    """
    presence present absence absent visibility visible invisible hidden missing gone
    removed added appear appears appeared disappear disappears disappeared vanish
    vanished existence exist exists existing there here shown pictured included
    excluded deleted nowhere
    """.split()
)

#: Words that deny what follows them in a name: "rug_without_cat" is a rug.
#: Not "no", which names signs (no_parking_sign). A denial worded otherwise
#: denies as well: "cat_unlike_dog", "cat_rather_than_dog", "cat_minus_dog"
#: and "everything_except_dog" name no dog, "neither_cat_nor_dog" nothing
#: (red team round 17). "Than" denies only where no quantity comes before
#: it ("more_than_three_apples" are apples), and "rather" alone denies
#: nothing ("rather_large_dog" is a dog): it is filler.
NAME_NEGATIONS = (NEGATIONS - {"no"}) | frozenset(
    "neither nor except excluding minus unlike than sans".split()
)
#: The denials a description or a value may hold: no name goes on past one,
#: and what follows is not named (red team round 19: "The dog without a
#: collar is gone" was about the collar). Not "not", "no", "never", "than",
#: "neither", "nor" or "non", which texts use otherwise ("no longer", "a
#: non-stick pan").
DENIALS = frozenset("without except excluding minus unlike sans lacking".split())
#: Words that, after a name, offer another in its place, as "or" does:
#: "dog_maybe_cat", "A dog, perhaps a cat, is gone" (red team round 19).
#: Before any name they only doubt it: "possibly_red_car" is a car.
HEDGES = frozenset("or maybe perhaps possibly probably".split())
#: Words before "than" that make it a quantity, not a denial.
QUANTITY_COMPARISONS = frozenset("more less fewer".split())

#: Modifiers that turn a name into something that is not its head noun: a toy
#: car is no car, a hot dog no dog, a statue of a horse no horse. Only
#: depiction and replica words (and "hot", for the one food everyone knows):
#: a material or a habitat describes the thing ("paper kite", "stuffed bear",
#: "sea birds" are a kite, a bear and birds). They count only right before
#: the head: in hot_air_balloon "hot" is about the air. General English, not
#: the catalogue of any dataset. Red team round 22 added the synonyms of
#: "fake": an "artificial_plant" or a "faux_flower" removed found the plant.
#: Round 23: a "reflected_cat" (and a "cat_in_mirror") is the cat's image.
NOT_A_KIND_OF_HEAD = frozenset(
    """
    toy hot teddy statue statuette figurine picture photo photograph poster drawing
    sketch model fake cartoon replica painting artificial faux imitation reflected
    """.split()
)

#: Words right before a living head that make it a made thing: a robot or a
#: soft toy. General English, short. "Wooden" is left out: a "wooden cat"
#: may be a carving, but "wooden" is also how a cat looks stiff or dull, and
#: the noisy honest answers of ``benchmarks/scoring.py`` say "the wooden cat
#: on the table" of a faded one (seven matches of 1,600 went with them);
#: so are the materials that are also colours or patterns (stone, marble,
#: bronze, golden) and "chocolate" (a dog's coat). Red team round 22 added
#: the materials nothing living is made of, and the words for a toy, an
#: ornament or a biscuit shaped like an animal: a "rubber_duck", a
#: "porcelain_cat" or a "gingerbread_man" removed found the real one.
#: Round 23: a "balloon_dog" (the twisted balloon) found the dog. Round 24:
#: a "bath_duck" (the bath toy) the duck, a "mirror_cat" (its image) or a
#: "printed_dog" the cat or the dog.
MADE_LIKE_THE_LIVING = frozenset(
    """
    robot robotic mechanical clockwork plush plushie stuffed inflatable origami
    rubber plastic porcelain ceramic clay paper cardboard wax lego gingerbread
    carousel decoy balloon bath mirror printed
    """.split()
)

#: The words above for a made copy, not a depiction of the thing.
_REPLICAS = frozenset("toy hot teddy fake cartoon artificial faux imitation".split())

#: Heads that show or echo an object without being it: "horse statue",
#: "shadow of the cat", "reflection of the lamp" name no part of it. Red
#: team round 19 added the last lines: a dog sign, a dog sticker or a dog
#: costume turning black was the dog turning black, and the catalogue's
#: "cup_trophy" a mug known as "cup". Round 24: a "car_magnet" turning blue
#: found the car ("print" stays out: a shirt's print is its pattern).
DEPICTIONS = (NOT_A_KIND_OF_HEAD - _REPLICAS) | frozenset(
    """reflection shadow silhouette mural
    sign logo sticker decal tattoo icon emblem badge figure ornament doll plush costume mask
    trophy magnet
    """.split()
)

#: Heads of things made *for* what names them, to hold, house, feed, lead or
#: amuse it, and no part of it: a dog bowl, a bird cage, a fish tank, a
#: flower vase. A part is of its whole (a book's spine, a car's wheel, a
#: flower's petal), so the same change said of the part is the whole's; the
#: same change said of what is made for it is another object's (red team
#: round 19: two dog bowls for two dogs, five bird cages for five birds).
#: Words that may also name a part ("collar", "case", "cover", "saddle",
#: "plate") are left out: a shirt's collar and a bike's saddle are parts.
#: The generator's catalogue has flower pots and window curtains beside
#: flowers and windows, so "pot" and "curtain" are in (a chimney pot is the
#: rare part they miss). Round 23 added the key: a "car_key" or a
#: "door_key" turning blue found the car or the door turning blue (a
#: piano's or a keyboard's keys are the rare parts it misses). Round 24:
#: a "car_keychain" turning blue, "pencil_sharpeners" from 3 to 5.
ACCESSORIES = frozenset(
    """
    bowl dish cage house kennel hutch coop nest bed basket leash harness food treat toy
    feeder perch tank aquarium vase stand rack holder bag box pot curtain key
    keychain keyring sharpener
    """.split()
)

#: Flat depictions, and the heads that hold them: before such a head a
#: depiction names a kind, not a replica ("photo frame", "picture book"; but
#: a model book is no book).
PICTURES = frozenset("picture photo photograph poster drawing sketch painting".split())
PICTURE_HOLDERS = frozenset("frame album book".split())

#: Participles that tell a thing's state, never its kind: a framed picture is
#: a picture, a stuffed bear a bear.
STATES = frozenset("framed painted carved stuffed".split())

#: Two-word names that are no kind of their head: a dog house is no house, a
#: sea horse no horse. Each modifier acts as a replica word for that head
#: only. General English; a compound that is a kind of its head (pine tree,
#: arm chair, basket ball) is not listed, nor one a colour could spell
#: (green_house is also a green house). Red team round 18 added those whose
#: head the generator's catalogue has (an oil drum, a flower bed, a piano key).
#: Round 19: a sea star (the starfish's alias) is no star in the sky, and
#: more of those whose head the catalogue has (a guinea pig, a gummy bear).
#: Round 21: the catalogue's horseshoe and sandcastle beside its horse and
#: castle ("sand_castle" removed found the castle), and a piggy bank.
#: Round 24: the sweets named after a thing ("chocolate" is no material of
#: ``MADE_LIKE_THE_LIVING``, a chocolate labrador being a brown dog): a
#: chocolate bunny (a "bunny" reads "rabbit") or egg, a gingerbread man or
#: house, a candy cane found the rabbit, the egg, the man, the house or the
#: cane, and the other way round; so did gummy worms, candy corn and hearts,
#: and the characters a spider man, an iron man or a tin man.
NOT_A_KIND_OF = frozenset(
    tuple(pair.split("_"))
    for pair in """
    dog_house bird_house light_house sea_horse sea_lion star_fish jelly_fish
    snow_man pan_cake hour_glass head_phone micro_phone xylo_phone saxo_phone hedge_hog
    butter_fly dragon_fly fire_fly lady_bug pine_apple egg_plant power_plant pine_cone
    computer_mouse motor_cycle doll_house tree_house car_boot spelling_bee ice_shelf
    magnifying_glass eye_glass
    oil_drum ear_drum saw_horse prairie_dog corn_dog lady_bird piano_key eye_ball
    meat_ball cotton_ball fish_cake cuttle_fish flower_bed sea_bed river_bed hand_truck
    sea_cow butter_cup water_table time_table sun_glass
    sea_star guinea_pig gravy_boat koala_bear gummy_bear silver_fish cray_fish dumb_bell
    bar_bell rocking_horse hobby_horse clothes_horse shoe_tree family_tree chimney_pot
    horse_shoe sand_castle piggy_bank
    chocolate_rabbit chocolate_egg chocolate_coin gingerbread_man gingerbread_house candy_cane
    gummi_bear gummy_worm kinder_egg candy_heart chocolate_heart candy_corn
    spider_man iron_man tin_man
    """.split()
)

#: Fillers that are a thing when a name is about them: "cat_picture" and
#: "picture_of_a_cat" are pictures, not the cat; after a preposition they are
#: the panels ("cat_in_the_picture" is the cat).
PICTURE_WORDS = frozenset("picture image".split())

#: Words for the two pictures themselves: "bottom_panel", "right image". A
#: position word right before one places nothing in the scene.
PANEL_WORDS = frozenset("panel image picture photo frame version half".split())

#: Words that end the phrase a description is about once a noun has been
#: seen: auxiliaries and relative pronouns ("the cat *that* sat ...", "the
#: kite *is* gone") and the verbs scene descriptions use ("the kite *flying*
#: ...", "the shelf *holds* ..."). Without them "The cat dog bird ...
#: changed" would be one long name. In a name only the auxiliaries, the
#: "-ing" forms and the participles count: "girl_wearing_yellow_dress" is a girl.
AUXILIARIES = frozenset(
    """
    is are was were be been being has have had that which who whose now
    """.split()
)
#: "Do" and the negated auxiliaries, which end a description's phrase but
#: not a name's ("do_not_enter_sign" is a sign): read on, "The cat does not
#: appear" was about a "doe" (a deer, once "does" was made singular) and
#: "The cat isn't there" about a "t" (red team round 22). "Does" is no
#: plural (``NOT_PLURAL``); "can", "will" and "may" are nouns too.
NEGATABLE = frozenset(
    """
    do does did don doesn didn isn wasn aren weren hasn haven hadn couldn wouldn shouldn
    cannot
    """.split()
)
SCENE_VERBS = frozenset(
    """
    hold holding showing contain containing sit sitting standing hang hanging lie lying
    float floating flying swim swimming running walk walking wear wearing carry carrying
    grow growing resting seem
    move moved shift shifted rotate rotated tilt tilted shrink shrank shrunk grew rise
    risen fall fell fallen lean leaning kick feed lose lost vanish vanished increase
    increased decrease decreased swap swapped replace replaced flip flipped
    facing chasing watching riding eating playing looking pulling pushing following
    touching climbing
    resembling resemble resembles mimicking imitating impersonating posing pretending
    """.split()
)
#: Round 19 added the fifth line: "The girl eating an apple is gone" was about
#: the apple, and "boy_riding_horse" a horse; round 20 the last: what a thing
#: resembles or imitates is not what it is ("dog_resembling_cat" is a dog).
VERB_MARKERS = AUXILIARIES | NEGATABLE | SCENE_VERBS
#: In a name the "-ing" forms and the participles end a phrase too: a
#: participle is no head, so "cat_replaced_by_dog" is a cat, not a
#: "replaced" that no golden difference names (red team round 19).
PARTICIPLES = frozenset(
    "moved shifted rotated tilted vanished increased decreased swapped replaced flipped".split()
) | frozenset({"dressed", "disguised"})  # "dog_dressed_as_cat" is a dog (round 20)
#: A word that compares a thing with another when an article follows: "a
#: dog like a cat" and "dog_like_a_cat" are dogs, "something like a cat" is
#: unnamed (red team round 20: each was the cat). Without an article it may
#: be a suffix, "cat_like_animal" a cat-like animal, and reads as before.
LIKENESS = frozenset({"like"})
#: The articles, which make a LIKENESS word before them compare.
ARTICLES = frozenset("a an the".split())
NAME_VERBS = AUXILIARIES | PARTICIPLES | frozenset(w for w in SCENE_VERBS if w.endswith("ing"))

#: Nouns for a group of things: "flock_of_birds" is about birds, as
#: "number_of_rays" is about rays.
COLLECTIVES = frozenset("flock group herd bunch stack pile row set cluster crowd swarm".split())

#: Parts and generic containers that are never the object a name is about.
GENERIC = frozenset("part piece area region section shape detail feature surface".split())

COLORS = frozenset(
    """
    red green blue yellow orange purple violet pink brown black white gray cyan magenta
    teal navy beige gold golden silver maroon lime tan turquoise lavender indigo crimson
    olive cream scarlet burgundy aqua
    """.split()
)
COLOR_MODIFIERS = frozenset("dark light pale bright deep pastel".split())

#: Words before "light" that say what kind of light it is, so that the light
#: is the object: "traffic_light", "ceiling_light", "wall_light".
LIGHT_KINDS = frozenset(
    """
    traffic street ceiling porch desk wall pendant night reading string fairy flood
    spot head tail brake stop flash strobe garden security landing stage fog
    """.split()
)
#: Colours that are also things: a name of this word alone, or a count of
#: it, is about the fruit or the tree ("an orange is missing", "number of
#: oranges"; red team round 13), while "orange_cat" is still a cat.
THING_COLOURS = COLORS & frozenset("orange lime olive lemon peach plum cherry chestnut".split())

#: Two-word names whose second word, a colour elsewhere, is the thing: ice
#: cream is cream, not a kind of ice, so plain ice never finds it (red team
#: round 17). After any other word a colour stays a look ("balloon_cream").
#: General English, not the catalogue of any dataset.
COLOUR_NOUNS = frozenset(
    tuple(pair.split("_"))
    for pair in """
    ice_cream sour_cream whipped_cream shaving_cream sun_cream face_cream hand_cream
    blood_orange key_lime
    """.split()
)

#: Two-word names whose second word, a position elsewhere, is the thing: a
#: tank top is a top to wear, not a tank's top, so it never finds a tank
#: (red team round 19). Clothes and one toy; after any other word a
#: position stays a place ("table_top", "top_shelf").
POSITION_NOUNS = frozenset(
    tuple(pair.split("_"))
    for pair in """
    tank_top crop_top tube_top halter_top bikini_top spinning_top bikini_bottom bell_bottom
    """.split()
)

#: Heads a fruit's name narrows as the fruit, not as a colour: "lime_wedge",
#: "orange_slice", "orange_tree" (red team round 15).
FRUIT_FORMS = frozenset(
    "slice wedge peel segment half piece tree juice zest rind blossom branch".split()
)

#: The basic colour families and the shades each takes in: a maroon
#: lighthouse is the red one, a teal mug may be the green or the blue one
#: (a shade in two families agrees with either). Families only forgive a
#: shade in a contradiction check; details still need the stated colour.
COLOR_FAMILY_SHADES: dict[str, frozenset[str]] = {
    family: frozenset(shades.split())
    for family, shades in {
        "red": "red crimson scarlet maroon burgundy",
        "orange": "orange gold golden",
        "yellow": "yellow gold golden cream",
        "green": "green teal turquoise cyan aqua lime olive",
        "blue": "blue navy teal turquoise cyan aqua indigo",
        "purple": "purple violet lavender indigo magenta burgundy",
        "pink": "pink magenta",
        "brown": "brown maroon olive beige tan",
        "black": "black",
        "white": "white silver beige cream",
        "gray": "gray silver",
    }.items()
}

#: Size words by the end of the scale they point to, comparatives and
#: participles included: "tall" -> "short" and "bigger" -> "smaller" are the
#: large -> small change, only measured with other words.
SIZE_POLES: dict[str, str] = {
    **dict.fromkeys(
        """large big huge giant tall long wide thick larger bigger taller longer wider
        thicker grown enlarged""".split(),
        "large",
    ),
    **dict.fromkeys(
        """small tiny little short narrow thin smaller shorter narrower thinner reduced
        shrunk shrunken""".split(),
        "small",
    ),
}
SIZES = frozenset(
    "small large big tiny huge little tall short long wide narrow thin thick medium giant".split()
)
SHAPES = frozenset(
    """
    round square circle circular triangle triangular rectangle rectangular oval star
    heart diamond hexagon pointed flat curved
    """.split()
)
PATTERNS = frozenset(
    """
    striped stripe stripes dotted dot dots spotted spot polka checkered checked plaid
    plain solid zigzag patterned pattern floral stripy
    """.split()
)

#: What a thing is made of. Before a looser name of the gold's object it
#: says how that object looks, not that it is another thing: a "wooden_seat"
#: is what a bench known as "seat" is, a "metal_horn" a trumpet known as
#: "horn" (red team round 19, ``vetoes._kind_veto``).
MATERIALS = frozenset(
    """
    wooden wood metal metallic steel iron brass copper tin aluminium aluminum plastic
    glass stone marble concrete brick ceramic clay porcelain leather fabric cloth wool
    woollen woolen cotton paper cardboard rubber wicker straw bamboo silver golden gold
    """.split()
)

#: Adjectives describe a name but are never its head ("Cloud-Small" is a cloud).
ADJECTIVES = (
    COLORS
    | COLOR_MODIFIERS
    | SIZES
    | PATTERNS
    | frozenset("round square triangular rectangular oval circular".split())
    | frozenset(SIZE_POLES)
    | frozenset("normal regular original usual full standard".split())
)

#: Attribute names, grouped by what they talk about. "colour" and "hue" are
#: one attribute; "number_of_rays" is a count.
ATTRIBUTE_CATEGORIES: dict[str, frozenset[str]] = {
    "color": frozenset("color colour hue tint paint tone coloring colouring".split()),
    "size": frozenset("size scale length height width thickness dimension bigness".split()),
    "shape": frozenset("shape form outline silhouette geometry".split()),
    "pattern": frozenset("pattern design print motif texture decoration style marking".split()),
    "count": frozenset("count number quantity amount total".split()),
    "position": frozenset(
        "position location placement orientation direction rotation angle facing".split()
    ),
}
#: The names of properties: no attribute counts them, and "the colour of the
#: car" is about the car.
ATTRIBUTE_WORDS = frozenset().union(*ATTRIBUTE_CATEGORIES.values())

#: Values that reveal what an attribute is about when its name does not.
VALUE_CATEGORIES: dict[str, frozenset[str]] = {
    "color": COLORS,
    "size": SIZES,
    "shape": SHAPES,
    "pattern": PATTERNS,
}

#: The spelled cardinals, each at the index of its value: the one list that
#: reading names here, reading a model's counts (the runner) and writing
#: annotations (the generator) share.
CARDINALS = tuple(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen
    fourteen fifteen sixteen seventeen eighteen nineteen twenty""".split()
)
NUMBER_WORDS = {w: str(i) for i, w in enumerate(CARDINALS)}
NUMBER_WORDS.update({"none": "0", "single": "1", "pair": "2", "couple": "2", "dozen": "12"})

#: Spelling variants and true synonyms, mapped to one canonical word.
SYNONYMS = {
    "colour": "color",
    "colours": "color",
    "grey": "gray",
    "centre": "center",
    "tyre": "tire",
    "kerb": "curb",
    "jewellery": "jewelry",
    "moustache": "mustache",
    "pyjama": "pajama",
    "doughnut": "donut",
    "theatre": "theater",
    "couch": "sofa",
    "settee": "sofa",
    "automobile": "car",
    "bike": "bicycle",
    "aeroplane": "airplane",
    "plane": "airplane",
    "tv": "television",
    "motorbike": "motorcycle",
    "kid": "child",
    "auto": "car",
    "photo": "picture",
    "photograph": "picture",
    "plough": "plow",
    "ax": "axe",
    # one thing, two words an honest answer uses (red team round 19)
    "refrigerator": "fridge",
    "necktie": "tie",
    "gull": "seagull",
    "parasol": "umbrella",
    "carpet": "rug",
    "chalkboard": "blackboard",
    "comforter": "duvet",
    # a bunny is a rabbit, and a chocolate bunny a chocolate rabbit (round 24)
    "bunny": "rabbit",
}

#: Attribute values that say the same thing in other words ("round" and
#: "circular" shapes, "spotted" and "dotted" patterns). Used for values only:
#: in names, "round" stays an adjective.
VALUE_SYNONYMS = {
    "round": "circle",
    "circular": "circle",
    "rectangular": "rectangle",
    "triangular": "triangle",
    "squared": "square",
    "striped": "stripe",
    "stripey": "stripe",
    "stripy": "stripe",
    "solid": "plain",
    "dotted": "dot",
    "spotted": "dot",
    "spot": "dot",
    "polka": "dot",
    "checkered": "check",
    "checked": "check",
    "chequered": "check",
    "big": "large",
    "huge": "large",
    "little": "small",
    "tiny": "small",
    # a size told as a comparison is that size (red team round 16)
    "smaller": "small",
    "larger": "large",
    "bigger": "large",
    "taller": "tall",
    "shorter": "short",
    "wider": "wide",
    "narrower": "narrow",
    "thicker": "thick",
    "thinner": "thin",
    # a light's or a screen's state (red team round 11)
    "lit": "on",
    "illuminated": "on",
    "glowing": "on",
    "unlit": "off",
    "shut": "closed",
}

#: Colours told with "-ish", when a value is that one word: "bluish" (or
#: "blueish") is blue, as "blue-ish" already is. Before another colour it is
#: a shade of that one: "reddish brown" is brown (red team round 12).
ISH_COLOURS = {
    spelled: colour
    for stem, colour in (
        ("blu", "blue"),
        ("redd", "red"),
        ("green", "green"),
        ("yellow", "yellow"),
        ("purpl", "purple"),
        ("pink", "pink"),
        ("brown", "brown"),
        ("grey", "gray"),
        ("gray", "gray"),
        ("orang", "orange"),
        ("whit", "white"),
        ("black", "black"),
    )
    for spelled in (f"{stem}ish", f"{colour}ish")
}

#: Eyeglasses, one word however they are called: read as the plural of
#: "glass", "glasses" were a drinking glass (red team round 23; when a number
#: or a drink makes them drinking glasses: ``_word_runs``).
EYEGLASSES = "glasses"

IRREGULAR_PLURALS = {
    "glasses": EYEGLASSES,
    "eyeglasses": EYEGLASSES,
    "eyeglass": EYEGLASSES,
    "spectacles": EYEGLASSES,
    "people": "person",
    "children": "child",
    "men": "man",
    "women": "woman",
    "mice": "mouse",
    "geese": "goose",
    "teeth": "tooth",
    "feet": "foot",
    "leaves": "leaf",
    "loaves": "loaf",
    "knives": "knife",
    "wives": "wife",
    "shelves": "shelf",
    "wolves": "wolf",
    "halves": "half",
    "calves": "calf",
    "scarves": "scarf",
    "thieves": "thief",
    "oxen": "ox",
    "buses": "bus",
    "tomatoes": "tomato",
    "potatoes": "potato",
    "heroes": "hero",
    "volcanoes": "volcano",
    "mangoes": "mango",
    "dice": "die",
    "cacti": "cactus",
    "cactuses": "cactus",
    "fungi": "fungus",
    # round 16: -ves, -oes and -uses plurals an honest answer writes
    "elves": "elf",
    "hooves": "hoof",
    "dominoes": "domino",
    "mosquitoes": "mosquito",
    "buffaloes": "buffalo",
    "walruses": "walrus",
    "octopuses": "octopus",
    "octopi": "octopus",
    "circuses": "circus",
    "lotuses": "lotus",
    "canvases": "canvas",
    "axes": "axe",
}

#: Words that end in "s" in the singular.
#: Nouns in "-ie" whose plural in "-ies" is no "-y" word: cookies, movies.
IE_NOUNS = frozenset(
    """
    cookie movie zombie brownie hoodie selfie calorie rookie smoothie magpie goalie
    necktie bowtie pixie collie budgie birdie veggie genie auntie
    beanie walkie talkie onesie nightie hippie prairie
    """.split()
)
NOT_PLURAL_SUFFIXES = ("ss", "us", "is", "ous", "ics")
#: "Shorts" too: read as "short", a size, boy_shorts was the boy (red team round 19).
NOT_PLURAL = frozenset(
    """gas yes plus lens series species news sheep fish deer chassis canvas atlas shorts
    perhaps does""".split()
)
