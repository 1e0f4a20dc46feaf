"""The compiled-schema cache: used when present, rebuilt when not, never required."""

from __future__ import annotations

import os
import subprocess
import sys
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


def test_a_cached_validator_runs_without_importing_fastjsonschema(cache: Path) -> None:
    """The library costs ~8 ms of a one-item run; a cache hit must not import it."""
    script = (
        "import sys\n"
        "from spotdiff_eval.datasets import _compiled_schemas as c\n"
        "from spotdiff_eval.datasets._schema import inlined_schema\n"
        "validate = c.compiled_validator(inlined_schema('prediction'))\n"
        f"validate({DOC!r})\n"
        "try:\n"
        "    validate({'schema_version': '1.0', 'model': 'm', 'items': [{'item_id': 5}]})\n"
        "except c.SchemaViolation as exc:\n"
        "    print(exc.path, exc.rule)\n"
        "print(sorted(m for m in sys.modules if m.startswith('fastjsonschema')))\n"
    )
    env = {**os.environ, "SPOTDIFF_CACHE_DIR": str(cache.parent)}
    first = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    second = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    assert second.returncode == 0, second.stderr
    assert first.stdout.splitlines()[0] == second.stdout.splitlines()[0]
    assert second.stdout.splitlines()[0].startswith("['data', 'items', '0'")
    assert "fastjsonschema" in first.stdout  # compiling needs the library
    assert second.stdout.splitlines()[1] == "[]"


def test_the_validator_raises_our_exception_even_if_the_import_line_stays(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A future fastjsonschema may word its import differently; errors must still be caught."""
    monkeypatch.setattr(compiled_schemas, "_EXCEPTIONS_IMPORT", "a line that is not there\n")
    validate = compiled_schemas.compiled_validator(inlined_schema("prediction"))
    with pytest.raises(compiled_schemas.SchemaViolation, match="must contain") as raised:
        validate({"schema_version": "1.0"})
    assert raised.value.path == ["data"]


def test_the_library_version_is_read_without_importing_it() -> None:
    import fastjsonschema

    assert compiled_schemas._library_version() == fastjsonschema.VERSION
