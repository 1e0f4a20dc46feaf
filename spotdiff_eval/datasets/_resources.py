"""Where the package finds its schemas, prompts and templates.

An installed wheel carries them under ``spotdiff_eval/_data`` (hatch
force-include); an editable install or a plain checkout reads the top-level
folders, which stay the single source of truth.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parents[1]
_CHECKOUT_DIR = _PACKAGE_DIR.parent


@cache
def resource_dir(name: str) -> Path:
    """Return the folder ``name`` (``schemas``, ``site_templates``...)."""
    for candidate in (_PACKAGE_DIR / "_data" / name, _CHECKOUT_DIR / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"spotdiff_eval is missing its {name!r} folder; reinstall the package")


def schema_path(schema_name: str) -> Path:
    """Path of ``schemas/<schema_name>.schema.json``."""
    return resource_dir("schemas") / f"{schema_name}.schema.json"
