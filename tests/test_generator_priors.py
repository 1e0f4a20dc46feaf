"""The generator gives a blind guesser nothing: no theme in ids, large shared pools, flat choices.

Issue 9: answers written without looking at any image found 41% of another
scene's differences by guessing the theme's most common objects. These
tests hold the generator to the opposite: every theme offers a large pool
of names, scenes are dealt from a deck, and the changes are spread evenly.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import write_json

from spotdiff_eval.datasets._domain import KINDS as CHANGE_KINDS
from spotdiff_eval.generator import generate_dataset
from spotdiff_eval.generator.catalogue import OBJECT_KINDS, SINGLE_KINDS, THEMES, heads
from spotdiff_eval.generator.compose import admits
from spotdiff_eval.generator.crowds import crowd_of
from spotdiff_eval.generator.deck import HAND, hand
from spotdiff_eval.generator.item import build_item, item_plan
from spotdiff_eval.generator.priors import blind_hits
from spotdiff_eval.matching._normalize import parse_name


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 28-item set with a seed no other test or benchmark uses."""
    out = tmp_path_factory.mktemp("priors")
    generate_dataset(out, items=28, seed=9091)
    return out / "data" / "manifest.json"


@pytest.fixture(scope="module")
def many():
    """70 items (10 per theme) of one seed, built in memory."""
    return [build_item(4242, index, "medium") for index in range(70)]


def test_ids_image_names_and_sources_do_not_name_the_theme(fresh: Path) -> None:
    manifest = json.loads(fresh.read_text(encoding="utf-8"))
    themes = {t.name for t in THEMES} | {t.name.replace("_", " ") for t in THEMES}
    for index, entry in enumerate(manifest["items"]):
        assert entry["item_id"] == f"scene_{index + 1:04d}"
        assert entry["image"] == f"data/images/{entry['item_id']}.png"
        annotation = json.loads((fresh.parent.parent / entry["annotation"]).read_text("utf-8"))
        assert not any(theme in annotation["source"] for theme in themes), annotation["source"]


def test_every_theme_offers_at_least_150_head_nouns() -> None:
    """A blind guess lands about K times in (pool of head nouns): 15 guesses, 150 nouns, 10%."""
    for theme in THEMES:
        names = {h for key in theme.kinds for h in heads(key)}
        assert len(names) >= 150, (theme.name, len(names))
    shared = [k for k in SINGLE_KINDS if sum(t.hosts(k) for t in THEMES) == len(THEMES)]
    assert len(shared) >= len(SINGLE_KINDS) / 3, "most themes draw on one common pool"


def test_no_alias_makes_two_kinds_of_one_theme_one_guess() -> None:
    """An alias whose head names another kind of the same theme would double that guess's odds."""
    own = {k.key: set(heads(k.key)) for k in SINGLE_KINDS}
    alias = {k.key: {parse_name(a).head for a in k.aliases} - {None} for k in SINGLE_KINDS}
    for theme in THEMES:
        for a in theme.kinds:
            for b in theme.kinds:
                if a < b:
                    shared = (alias[a] | own[a]) & (alias[b] | own[b])
                    assert shared <= own[a] & own[b], (theme.name, a, b, shared)


def test_hands_of_one_theme_never_repeat_a_kind_within_a_round() -> None:
    for theme in THEMES:
        rounds = len(theme.kinds) // HAND
        dealt = [k for rank in range(rounds) for k in hand(3, theme, rank)]
        assert len(dealt) == len(set(dealt)) == rounds * HAND
        assert set(dealt) <= set(theme.kinds)
    park = THEMES[0]
    assert hand(3, park, 0) != hand(4, park, 0), "the deck is shuffled per seed"


def test_scenes_are_made_of_their_dealt_kinds(many) -> None:
    for index, item in enumerate(many[:14]):
        theme, _ = item_plan(4242, index)
        dealt = set(hand(4242, theme, index // len(THEMES)))
        kinds = {o.kind.removesuffix("_crowd") for o in item.first.objects}
        assert len(kinds - dealt) <= 1, (item.item_id, kinds - dealt)


def test_a_crowd_is_counted_by_its_members_and_never_meets_its_kind() -> None:
    ducks = crowd_of(OBJECT_KINDS["duck"])
    assert ducks.key == "duck_crowd" and ducks.group.subject == "duck"
    assert ducks.collective and not ducks.resizable and len(ducks.colours) == 1
    assert set(heads("duck_crowd")) == set(heads("duck"))
    assert not admits(["duck"], "duck_crowd") and not admits(["duck_crowd"], "duck")
    assert ducks.group.aliases == (*OBJECT_KINDS["duck"].aliases, "ducks"), (
        "the plural names it too"
    )
    for alone in ("sun", "moon", "toothbrush", "pencil", "bus"):
        assert f"{alone}_crowd" not in OBJECT_KINDS, "unique, thin or large things stand alone"


def test_changes_are_spread_over_kinds_attributes_directions_and_objects(many) -> None:
    goldens = [g for item in many for g in item.goldens]
    kinds = Counter(g.kind for g in goldens)
    assert all(kinds[k] / len(goldens) >= 0.2 for k in CHANGE_KINDS), kinds
    attributes = Counter(g.attribute for g in goldens if g.attribute)
    assert all(n / attributes.total() >= 0.1 for n in attributes.values()), attributes
    assert len(attributes) == 4
    sizes = Counter(g.to_value for g in goldens if g.attribute == "size")
    assert min(sizes["large"], sizes["small"]) / sizes.total() >= 0.35, sizes


def test_within_a_round_of_the_deck_a_theme_rarely_changes_a_kind_twice(many) -> None:
    """Drawn independently, 24 changes among 160 kinds repeat two or three kinds (about 10%)."""
    seen: dict[str, set[str]] = {}
    changes = repeats = 0
    for index, item in enumerate(many):
        theme, _ = item_plan(4242, index)
        if index // len(THEMES) >= len(theme.kinds) // HAND:
            continue  # the deck is reshuffled: a new round may deal any kind again
        objects = {o.uid: o for o in (*item.first.objects, *item.second.objects)}
        changed = {objects[g.uid].kind.removesuffix("_crowd") for g in item.goldens}
        earlier = seen.setdefault(theme.name, set())
        changes += len(changed)
        repeats += len(changed & earlier)
        earlier |= changed
    assert changes > 200 and repeats / changes <= 0.05, (repeats, changes)


@pytest.mark.parametrize("k", [6, 10, 15])
def test_blind_guesses_from_the_other_items_of_a_theme_rarely_land(fresh: Path, k: int) -> None:
    priors = blind_hits(fresh, ks=(k,))
    assert priors.same_theme[k] <= 0.10, priors
    assert priors.any_theme[k] <= 0.15, priors


def test_blind_hits_counts_the_heads_other_items_of_the_same_theme_share(tmp_path: Path) -> None:
    """The measure itself: two park items changing the same things give each other away."""
    diffs = [
        {"id": "d01", "kind": "object_removed", "subject": "red_car", "aliases": ["sedan"]},
        {"id": "d02", "kind": "object_added", "subject": "puppy", "aliases": ["dog"]},
    ]
    entries = []
    for item_id in ("scene_0001_park", "scene_0002_park", "scene_0003_beach"):
        where = {"image": f"data/images/{item_id}.png", "panel_layout": "side_by_side"}
        write_json(
            tmp_path / "data" / "annotations" / f"{item_id}.json",
            {"schema_version": "1.0", "item_id": item_id, **where, "differences": diffs},
        )
        entries.append(
            {"item_id": item_id, **where, "annotation": f"data/annotations/{item_id}.json"}
        )
    manifest = write_json(
        tmp_path / "data" / "manifest.json",
        {"schema_version": "1.0", "dataset_name": "t", "dataset_version": "1", "items": entries},
    )
    priors = blind_hits(manifest, ks=(1, 6))
    # One guess ("car", first of four tied heads) finds one difference of each park item,
    # six find both; the beach item has no other beach item to copy from.
    assert priors.same_theme == {1: 2 / 6, 6: 4 / 6}
    assert priors.any_theme == {1: 3 / 6, 6: 1.0}
    assert priors.seen_anywhere == 1.0 and priors.heads == 4  # car, sedan, puppy, dog
