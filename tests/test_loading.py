"""Loading good datasets and predictions: layouts, optional fields, fingerprint."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

import jsonschema
import pytest
from conftest import ITEMS, predictions_doc, read_json, write_json

from spotdiff_eval.datasets._domain import GoldDifference
from spotdiff_eval.datasets._fingerprint import FingerprintBuilder, fingerprint, in_id_order
from spotdiff_eval.datasets._loading import annotation_from_json, load_dataset
from spotdiff_eval.datasets._predictions import load_predictions
from spotdiff_eval.datasets._schema import load_schema, validate_document
from spotdiff_eval.errors import SpotDiffError


def test_published_layout_loads_in_manifest_order(dataset_manifest: Path) -> None:
    dataset = load_dataset(dataset_manifest)
    root = dataset_manifest.parent.parent.resolve()
    assert dataset.name == "tiny" and dataset.version == "1.0"
    assert dataset.review_status == "approved"
    assert dataset.root == root
    assert [i.item_id for i in dataset.items] == list(ITEMS)
    first = dataset.items[0]
    assert first.annotation_path == root / "data/annotations/scene_0001_park.json"
    assert first.image_path == root / "data/images/scene_0001_park.png"
    assert [a.item_id for a in dataset.annotations] == list(ITEMS)


def test_manifest_relative_layout_loads(make_dataset, tmp_path: Path) -> None:
    manifest = make_dataset(tmp_path / "flat", published=False)
    assert manifest == tmp_path / "flat" / "manifest.json"
    dataset = load_dataset(manifest)
    assert dataset.root == (tmp_path / "flat").resolve()
    assert (
        dataset.items[1].annotation_path
        == (tmp_path / "flat/annotations/scene_0002_kitchen.json").resolve()
    )


def test_relative_manifest_path_from_the_dataset_root(
    dataset_manifest: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(dataset_manifest.parent.parent)
    dataset = load_dataset("data/manifest.json")
    assert dataset.manifest_path == Path("data/manifest.json")
    assert dataset.items[0].annotation_path.is_file()


def test_both_panel_layouts_and_optional_fields(dataset_manifest: Path) -> None:
    park, kitchen = load_dataset(dataset_manifest).annotations
    assert park.panel_layout == "side_by_side"
    assert park.panel_boxes == ((0, 0, 100, 100), (100, 0, 200, 100))
    assert park.review_status == "approved"
    assert park.differences[0] == GoldDifference(
        id="d01",
        kind="attribute_change",
        subject="red_car",
        attribute="color",
        from_value="red",
        to_value="green",
        description="The car changes from red to green.",
        confidence="high",
        aliases=("sedan",),
        bbox=(10, 10, 40, 30),
    )
    # The kitchen annotation has none of the optional fields; numbers read as text.
    assert kitchen.panel_layout == "top_bottom"
    assert kitchen.panel_boxes is None and kitchen.review_status is None
    assert kitchen.differences[0].from_value == "3" and kitchen.differences[0].to_value == "4"
    assert kitchen.differences[0].bbox is None and kitchen.differences[0].aliases == ()


def test_minimal_annotation_is_valid() -> None:
    data = {
        "schema_version": "1.0",
        "item_id": "x",
        "image": "x.png",
        "panel_layout": "side_by_side",
        "differences": [{"id": "d01", "kind": "object_added", "subject": "cat"}],
    }
    annotation = annotation_from_json(data, "x.json")
    assert annotation.differences[0].subject == "cat"
    assert annotation.differences[0].description is None


def test_missing_images_do_not_stop_loading(dataset_manifest: Path) -> None:
    for image in (dataset_manifest.parent / "images").iterdir():
        image.unlink()
    dataset = load_dataset(dataset_manifest)
    assert not dataset.items[0].image_path.exists()
    assert (
        dataset.items[0].image_path
        == (dataset_manifest.parent / "images/scene_0001_park.png").resolve()
    )


def test_fingerprint_ignores_manifest_order_and_formatting(make_dataset, tmp_path: Path) -> None:
    reference = load_dataset(make_dataset(tmp_path / "a")).fingerprint
    reordered = make_dataset(tmp_path / "b", order=list(reversed(ITEMS)), indent=None)
    dataset = load_dataset(reordered)
    assert [i.item_id for i in dataset.items] == list(reversed(ITEMS))  # manifest order kept
    assert dataset.fingerprint == reference
    assert len(reference) == 64


def test_fingerprint_hashed_as_read_needs_the_promised_order() -> None:
    docs = {"a": {"x": 1}, "b": {"y": [2]}, "c": {}}
    unordered = FingerprintBuilder(in_order=False)
    for item_id in ("c", "a", "b"):
        unordered.add(item_id, docs[item_id])
    assert unordered.hexdigest() == fingerprint(docs)
    assert in_id_order(["a", "b", "c"]) and not in_id_order(["a", "c", "b"])
    ordered = FingerprintBuilder(in_order=True)
    ordered.add("b", docs["b"])
    with pytest.raises(ValueError, match="not in order"):
        ordered.add("a", docs["a"])


def test_fingerprint_changes_when_a_gold_value_changes(dataset_manifest: Path) -> None:
    before = load_dataset(dataset_manifest).fingerprint
    path = dataset_manifest.parent / "annotations/scene_0001_park.json"
    data = read_json(path)
    data["differences"][0]["to"] = "blue"
    write_json(path, data)
    assert load_dataset(dataset_manifest).fingerprint != before


def test_fingerprint_follows_the_documented_recipe(dataset_manifest: Path) -> None:
    folder = dataset_manifest.parent / "annotations"
    docs = {p.stem: read_json(p) for p in folder.iterdir()}
    digest = hashlib.sha256()
    for item_id in sorted(docs):
        text = json.dumps(docs[item_id], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        digest.update(f"{item_id}\n{text}\n".encode())
    assert load_dataset(dataset_manifest).fingerprint == digest.hexdigest()
    assert fingerprint(docs) == digest.hexdigest()


def test_predictions_load_with_hash_and_order(tmp_path: Path) -> None:
    doc = predictions_doc("b", "a", model=" my-model ")
    doc["items"][0]["differences"] = [
        {"kind": "count_change", "subject": "apples", "from": 0, "to": 3.0, "count": 3},
        {
            "kind": "attribute_change",
            "subject": " boy_shirt ",
            "attribute": "design",
            "from": "star",
            "to": "stripes",
            "description": "optional",
            "confidence": 0.5,
            "location": "top left",
        },
    ]
    doc["run"] = {"protocol": "openai_compatible", "anything": [1, {"x": None}]}
    path = write_json(tmp_path / "p.json", doc)
    predictions = load_predictions(path)
    assert predictions.model == "my-model"
    assert predictions.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert [i.item_id for i in predictions.items] == ["b", "a"]
    first, second = predictions.items[0].differences
    assert (first.from_value, first.to_value, first.count) == ("0", "3", 3)
    assert second.subject == "boy_shirt" and second.description == "optional"
    assert predictions.run == doc["run"]


def test_predictions_for_unknown_items_and_empty_lists_load(tmp_path: Path) -> None:
    doc = predictions_doc("not_in_any_dataset")
    doc["items"].append({"item_id": "other", "differences": []})
    predictions = load_predictions(write_json(tmp_path / "p.json", doc))
    assert [len(i.differences) for i in predictions.items] == [1, 0]


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(predictions_doc("a")).encode())
    assert load_predictions(path).items[0].item_id == "a"


def test_large_predictions_validate_fast() -> None:
    """10,000 items x 10 differences: the schema check is the hot path."""
    doc = predictions_doc()
    doc["items"] = [
        {
            "item_id": f"item_{i:05d}",
            "differences": [
                {
                    "kind": "attribute_change",
                    "subject": "red_car",
                    "attribute": "color",
                    "from": "red",
                    "to": "green",
                    "description": "The car changes colour.",
                    "count": 1,
                    "confidence": 0.9,
                }
                for _ in range(10)
            ],
        }
        for i in range(10_000)
    ]
    validate_document(doc, "prediction", "warm-up")
    started = time.perf_counter()
    validate_document(doc, "prediction", "p.json")
    assert time.perf_counter() - started < 1.5  # typically ~0.1 s; generous for slow CI


@pytest.mark.parametrize("name", ["prediction", "annotation", "manifest", "submission"])
def test_schemas_are_documented_draft_2020_12(name: str) -> None:
    schema = load_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://spotdiff.dev/schemas/v1/{name}.schema.json"
    assert schema["title"] and schema["description"]

    def undocumented(node: object, path: str) -> list[str]:
        if isinstance(node, list):
            return [p for i, v in enumerate(node) for p in undocumented(v, f"{path}/{i}")]
        if not isinstance(node, dict):
            return []
        found = [
            f"{path}/{key}"
            for key, sub in node.get("properties", {}).items()
            if "description" not in sub
        ]
        return (
            found
            + [
                p
                for k, v in node.items()
                if k != "properties"
                for p in undocumented(v, f"{path}/{k}")
            ]
            + [
                p
                for k, v in node.get("properties", {}).items()
                for p in undocumented(v, f"{path}/properties/{k}")
            ]
        )

    assert undocumented(schema, "") == []


_NULLS = {"attribute": None, "from": None, "to": None, "count": None, "description": None}


def test_null_in_an_optional_field_is_read_as_absent(tmp_path: Path) -> None:
    """Red team round 11: exports and models' own code write absent fields as null."""
    plain = predictions_doc("a")
    plain["items"][0]["differences"] = [{"kind": "object_removed", "subject": "flag"}]
    nulls = predictions_doc("a")
    nulls["items"][0]["differences"] = [{"kind": "object_removed", "subject": "flag", **_NULLS}]
    nulls["run"] = None
    read = [
        load_predictions(write_json(tmp_path / f"{n}.json", d))
        for n, d in (("p", plain), ("n", nulls))
    ]
    assert read[0].items == read[1].items and read[1].run is None
    data = {
        "schema_version": "1.0",
        "item_id": "x",
        "image": "x.png",
        "panel_layout": "side_by_side",
        "panel_boxes": None,
        "review_status": None,
        "differences": [
            {
                "id": "d01",
                "kind": "object_added",
                "subject": "cat",
                "aliases": None,
                "bbox": None,
                "confidence": None,
                **_NULLS,
            }
        ],
    }
    annotation = annotation_from_json(data, "x.json")
    assert annotation.differences[0] == GoldDifference(id="d01", kind="object_added", subject="cat")
    assert annotation.panel_boxes is None and annotation.review_status is None


def test_null_in_a_required_field_is_still_missing(tmp_path: Path) -> None:
    doc = predictions_doc("a")
    doc["items"][0]["differences"] = [{"kind": "object_removed", "subject": None, "from": None}]
    with pytest.raises(SpotDiffError) as info:
        load_predictions(write_json(tmp_path / "p.json", doc))
    assert info.value.where == "/items/0/differences/0/subject"


def test_another_error_beside_a_null_is_the_one_reported(tmp_path: Path) -> None:
    doc = predictions_doc("a")
    doc["items"][0]["differences"] = [{"kind": "object_lost", "subject": "flag", "to": None}]
    with pytest.raises(SpotDiffError) as info:
        load_predictions(write_json(tmp_path / "p.json", doc))
    assert info.value.where == "/items/0/differences/0/kind"
