"""When two spellings name the same thing, for hints only: values stay exact.

Red team round 19 added two hints that need it: a kind written "Object Added"
(the schema's error names object_added) and an answer keyed " SCENE_0001 "
(the summary names scene_0001). Neither changes what matches.
"""

from __future__ import annotations

import re
import unicodedata

#: What separates words in a name: blanks, "_", "-" or ".".
_SEPARATORS = re.compile(r"[\s_.-]+")


def folded(name: str) -> str:
    """``name`` without what tells spellings apart: case, compatibility forms,
    blanks around it, and which separator joins its words ("_" for all)."""
    return _SEPARATORS.sub("_", unicodedata.normalize("NFKC", name).casefold()).strip("_")
