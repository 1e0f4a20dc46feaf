"""fastjsonschema validators, compiled once per machine instead of once per run.

Compiling the three schemas an evaluation needs costs about 80 ms, most of
it Python compiling the generated source; a one-item ``spotdiff evaluate``
spends little else. The compiled code object is kept in a cache folder,
keyed by the schema's content, fastjsonschema's version and Python's
version, so a changed schema or a new interpreter never loads stale code.
The cache is an optimisation only: any failure to read or write it falls
back to compiling in memory.

A cached validator runs without importing fastjsonschema at all (about 8 ms
of a one-item run): the key reads the library's version from its source file,
and the generated code raises this module's :class:`SchemaViolation` in place
of fastjsonschema's exception, which it would otherwise import.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import marshal
import os
import re
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

#: The $id given to every schema, so the generated function is ``validate_<_ID>``.
_ID = "spotdiff_schema"

#: Raised whenever what is cached changes shape (2: code without the exceptions import).
_CACHE_FORMAT = 2

#: The line of generated code that would import fastjsonschema for its exceptions.
_EXCEPTIONS_IMPORT = (
    "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException\n"
)


class SchemaViolation(ValueError):
    """What a compiled validator raises: fastjsonschema's exception, minus the import.

    It takes the same arguments the generated code passes, and keeps the
    fields the error reporting reads (``path`` splits ``name`` the way
    fastjsonschema does: ``data.items[0].id`` is ``["data", "items", "0", "id"]``).
    """

    def __init__(
        self,
        message: str,
        value: Any = None,
        name: str | None = None,
        definition: Any = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.value = value
        self.name = name
        self.definition = definition
        self.rule = rule

    @property
    def path(self) -> list[str]:
        return [part for part in re.split(r"[.\[\]]+", self.name or "") if part]


class SchemaViolations(ValueError):
    """fastjsonschema's all-errors exception; raised only when fast_fail is off, never here."""

    def __init__(self, errors: list[SchemaViolation]) -> None:
        self.message = "; ".join(error.message for error in errors)
        super().__init__(self.message)
        self.errors = errors


def cache_dir() -> Path:
    """``$SPOTDIFF_CACHE_DIR``, else the user's cache folder (XDG), for compiled schemas."""
    explicit = os.environ.get("SPOTDIFF_CACHE_DIR")
    if explicit:
        return Path(explicit) / "schemas"
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "spotdiff-eval" / "schemas"


@cache
def _library_version() -> str:
    """fastjsonschema's VERSION, read from its version.py so that it is not imported.

    Falls back to importing the library when the file is not where it was.
    """
    spec = importlib.util.find_spec("fastjsonschema")
    folders = spec.submodule_search_locations if spec else None
    try:
        text = (Path(next(iter(folders or []))) / "version.py").read_text(encoding="utf-8")
    except (OSError, StopIteration, UnicodeDecodeError):
        text = ""
    found = re.search(r"""^VERSION = ['"]([^'"]+)['"]""", text, re.MULTILINE)
    if found:
        return found.group(1)
    import fastjsonschema

    return str(fastjsonschema.VERSION)


def _key(definition: dict[str, Any]) -> str:
    text = json.dumps(definition, sort_keys=True, separators=(",", ":"))
    stamp = f"{_CACHE_FORMAT}|{_library_version()}|{sys.version}|{_ID}|{text}"
    return hashlib.sha256(stamp.encode("utf-8")).hexdigest()


def _compile(definition: dict[str, Any]) -> Any:
    import fastjsonschema

    named = {**definition, "$id": _ID}
    source = fastjsonschema.compile_to_code(named, use_default=False)
    return compile(source.replace(_EXCEPTIONS_IMPORT, "", 1), f"<schema {_ID}>", "exec")


def _load(path: Path) -> Any | None:
    try:
        return marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None


def _store(path: Path, code: Any) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(marshal.dumps(code))
        os.replace(tmp, path)
    except OSError:
        pass


def compiled_validator(definition: dict[str, Any]) -> Callable[[Any], Any]:
    """fastjsonschema's validator for ``definition``, from the cache when it is there.

    It raises :class:`SchemaViolation`. The names are set again after the code
    runs, in case a future fastjsonschema words its import line differently.
    """
    path = cache_dir() / f"{_key(definition)}.marshal"
    code = _load(path)
    if code is None:
        code = _compile(definition)
        _store(path, code)
    raised = {
        "JsonSchemaValueException": SchemaViolation,
        "JsonSchemaValuesException": SchemaViolations,
    }
    namespace: dict[str, Any] = dict(raised)
    exec(code, namespace)
    namespace.update(raised)
    return namespace[f"validate_{_ID}"]
