"""fastjsonschema validators, compiled once per machine instead of once per run.

Compiling the three schemas an evaluation needs costs about 80 ms, most of
it Python compiling the generated source; a one-item ``spotdiff evaluate``
spends little else. The compiled code object is kept in a cache folder,
keyed by the schema's content, fastjsonschema's version and Python's
version, so a changed schema or a new interpreter never loads stale code.
The cache is an optimisation only: any failure to read or write it falls
back to compiling in memory.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fastjsonschema

#: The $id given to every schema, so the generated function is ``validate_<_ID>``.
_ID = "spotdiff_schema"


def cache_dir() -> Path:
    """``$SPOTDIFF_CACHE_DIR``, else the user's cache folder (XDG), for compiled schemas."""
    explicit = os.environ.get("SPOTDIFF_CACHE_DIR")
    if explicit:
        return Path(explicit) / "schemas"
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "spotdiff-eval" / "schemas"


def _key(definition: dict[str, Any]) -> str:
    text = json.dumps(definition, sort_keys=True, separators=(",", ":"))
    stamp = f"{fastjsonschema.VERSION}|{sys.version}|{_ID}|{text}"
    return hashlib.sha256(stamp.encode("utf-8")).hexdigest()


def _compile(definition: dict[str, Any]) -> Any:
    named = {**definition, "$id": _ID}
    source = fastjsonschema.compile_to_code(named, use_default=False)
    return compile(source, f"<schema {_ID}>", "exec")


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
    """fastjsonschema's validator for ``definition``, from the cache when it is there."""
    path = cache_dir() / f"{_key(definition)}.marshal"
    code = _load(path)
    if code is None:
        code = _compile(definition)
        _store(path, code)
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    return namespace[f"validate_{_ID}"]
