"""Telling a Git LFS pointer from the file it stands for.

A dataset repository on the Hub stores its images (and any file its
``.gitattributes`` names) with Git LFS. Cloned with ``git clone`` on a
machine without git-lfs, each such file is a pointer of three text lines:
``spotdiff validate`` said "cannot identify image file" for every image,
and ``spotdiff run`` "not a PNG, JPEG, GIF or WebP image", leaving the user
to guess why.
"""

from __future__ import annotations

#: The first line of every Git LFS pointer file (the spec's version line).
POINTER_START = b"version https://git-lfs.github.com/spec/"

#: What is said of a pointer, after the file's name.
POINTER_PROBLEM = (
    "is a Git LFS pointer, not the file itself (the repository was cloned without "
    "Git LFS: run `git lfs pull` in it; spotdiff download fetches a dataset whole)"
)


def is_pointer(head: bytes) -> bool:
    """Whether a file beginning with ``head`` (its first 100 bytes suffice) is a pointer."""
    return head.startswith(POINTER_START)


def starts_as_pointer(path: object) -> bool:
    """Whether the file at ``path`` is a Git LFS pointer; False if it cannot be read."""
    try:
        with open(path, "rb") as file:  # type: ignore[call-overload]
            return is_pointer(file.read(len(POINTER_START)))
    except (OSError, TypeError, ValueError):
        return False
