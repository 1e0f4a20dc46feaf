"""The one error type users see.

Every problem with user input is raised as :class:`SpotDiffError`, which knows
the file and the place inside it, so the CLI can print the contract's single
line ``spotdiff: error: <file>: <where>: <what>`` without a traceback.
"""

from __future__ import annotations


class SpotDiffError(Exception):
    """Bad input or a failed operation, described for a person.

    ``where`` is a JSON pointer (``/items/3/differences/0/count``), a
    ``line L column C`` position, or empty when the whole file is at fault.
    """

    def __init__(self, file: object, where: str, what: str) -> None:
        self.file = str(file)
        self.where = where
        self.what = what
        super().__init__(self.one_line())

    def one_line(self) -> str:
        parts = [self.file]
        if self.where:
            parts.append(self.where)
        parts.append(self.what)
        return ": ".join(parts)


class FileTooLarge(SpotDiffError):
    """A file above a size cap: ``size`` and ``limit`` in bytes.

    Its own type so that a command with a flag raising the cap can name it
    (red team round 19: "above the 64 MiB limit" left the user guessing).
    """

    def __init__(self, file: object, size: int, limit: int) -> None:
        self.size, self.limit = size, limit
        mib = 1024 * 1024
        if limit >= mib:  # exact bytes for small caps, which MiB would round to 0
            what = f"file is {size / mib:.1f} MiB, above the {limit / mib:.0f} MiB limit"
        else:
            what = f"file is {size:,} bytes, above the {limit:,}-byte limit"
        super().__init__(file, "", what)


def json_pointer(path: tuple[object, ...] | list[object]) -> str:
    """Render a path of keys and indices as an RFC 6901 JSON pointer."""
    if not path:
        return "/"
    escaped = (str(p).replace("~", "~0").replace("/", "~1") for p in path)
    return "/" + "/".join(escaped)
