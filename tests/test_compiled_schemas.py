"""The compiled-schema cache: used when present, rebuilt when not, never required."""

from __future__ import annotations

from pathlib import Path

import pytest

from spotdiff_eval.datasets import _compiled_schemas as compiled_schemas
from spotdiff_eval.datasets._schema import inlined_schema

DOC = {"schema_version": "1.0", "model": "m", "items": []}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SPOTDIFF_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "schemas"


def test_a_compiled_schema_is_stored_and_then_reused(cache: Path, monkeypatch) -> None:
    definition = inlined_schema("prediction")
    compiled_schemas.compiled_validator(definition)(DOC)
    assert len(list(cache.glob("*.marshal"))) == 1

    def no_compiling(_definition):
        raise AssertionError("compiled again although the cache holds it")

    monkeypatch.setattr(compiled_schemas, "_compile", no_compiling)
    validate = compiled_schemas.compiled_validator(definition)
    validate(DOC)
    with pytest.raises(Exception, match="must contain"):
        validate({"schema_version": "1.0"})


def test_a_corrupt_cache_entry_is_compiled_again(cache: Path) -> None:
    definition = inlined_schema("prediction")
    compiled_schemas.compiled_validator(definition)
    (entry,) = cache.glob("*.marshal")
    entry.write_bytes(b"not marshal data")
    compiled_schemas.compiled_validator(definition)(DOC)
    assert entry.read_bytes() != b"not marshal data"


def test_a_changed_schema_gets_its_own_entry(cache: Path) -> None:
    definition = inlined_schema("prediction")
    compiled_schemas.compiled_validator(definition)
    compiled_schemas.compiled_validator({**definition, "title": "another"})
    assert len(list(cache.glob("*.marshal"))) == 2


def test_an_unwritable_cache_folder_only_costs_time(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would go")
    monkeypatch.setenv("SPOTDIFF_CACHE_DIR", str(blocker))
    compiled_schemas.compiled_validator(inlined_schema("prediction"))(DOC)
