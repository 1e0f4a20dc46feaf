"""What a run sends the model: the prompt, stating the item's panel layout, and the image.

The built-in prompt lives inside the package (``spotdiff_eval/prompts``),
so an installed wheel finds it without a checkout. A prompt names the panels
through two placeholders, ``{first}`` and ``{second}``, which become "left"
and "right" or "top" and "bottom"; they are replaced literally, so the JSON
braces of the answer's example shape need no escaping.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from .._util.lfs import POINTER_PROBLEM, is_pointer
from ..datasets import read_bytes_limited
from ..errors import SpotDiffError

BUILTIN_PROMPT = "spotdiff_v1"
#: A prompt is a page of text; a bigger file is a wrong path.
MAX_PROMPT_BYTES = 256 * 1024
#: Providers accept inline images up to about 20 MB; larger ones are refused
#: before a request is spent on them.
MAX_IMAGE_BYTES = 20 * 1024 * 1024

PANELS = {"side_by_side": ("left", "right"), "top_bottom": ("top", "bottom")}
PLACEHOLDERS = ("{first}", "{second}")

_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)


@dataclass(frozen=True)
class Prompt:
    """A prompt template, named and hashed for the run's provenance."""

    name: str
    text: str
    sha256: str

    @property
    def states_layout(self) -> bool:
        return all(p in self.text for p in PLACEHOLDERS)

    def render(self, panel_layout: str) -> str:
        first, second = PANELS[panel_layout]
        return self.text.replace("{first}", first).replace("{second}", second)


def load_prompt(path: Path | None) -> Prompt:
    """The built-in prompt, or the one in ``path``; the hash covers the file's exact bytes."""
    if path is None:
        raw = resources.files("spotdiff_eval").joinpath("prompts", f"{BUILTIN_PROMPT}.txt")
        data = raw.read_bytes()
        name = BUILTIN_PROMPT
    else:
        data = read_bytes_limited(path, MAX_PROMPT_BYTES)
        # only the file name: a home folder's path is nobody's business; bytes that are
        # not UTF-8 written as escapes, since the name goes into the output
        name = os.fsencode(path.name).decode("utf-8", "backslashreplace")
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise SpotDiffError(path or name, f"byte {exc.start}", "not valid UTF-8") from None
    if not text.strip():
        raise SpotDiffError(path or name, "", "the prompt is empty")
    return Prompt(name=name, text=text, sha256=hashlib.sha256(data).hexdigest())


def read_image(path: Path) -> tuple[bytes, str]:
    """The image's bytes and media type, read from its content, not its name."""
    data = read_bytes_limited(path, MAX_IMAGE_BYTES)
    return data, media_type(data, path)


def media_type(data: bytes, path: Path) -> str:
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if is_pointer(data):
        raise SpotDiffError(path, "", POINTER_PROBLEM)
    raise SpotDiffError(path, "", "not a PNG, JPEG, GIF or WebP image")
