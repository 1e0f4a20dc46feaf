"""Reading untrusted JSON safely and writing output atomically.

Every JSON file the toolkit reads goes through :func:`read_json`, so the same
limits hold everywhere: a size cap checked *before* parsing (a 500 MB file is
refused without being read), strict UTF-8, no NaN/Infinity, no duplicate keys,
no lone UTF-16 surrogate escapes (they parse, then make every UTF-8 write of a
report fail), all located by line and column (``json_positions``), and
pathological nesting reported as an error instead of a ``RecursionError``.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from .._util.file_names import check_name, temp_prefix
from .._util.folders import make_parents, new_file_mode, writing
from .._util.lfs import POINTER_PROBLEM, is_pointer
from ..errors import FileTooLarge, SpotDiffError
from ._json_positions import (
    find_constant,
    find_duplicate_key,
    find_lone_surrogate,
    find_long_number,
    find_number,
    line_column,
)

MIB = 1024 * 1024
#: Default cap for one JSON file. Predictions for 10,000 items with ten
#: differences each take about 20 MiB, so 64 MiB leaves room without letting a
#: runaway file exhaust memory.
MAX_JSON_BYTES = 64 * MIB


class _Refused(ValueError):
    """Raised by the parse hooks; the place is found afterwards (``json_positions``)."""

    def __init__(self, what: str, closed_index: int = -1, key: str = "", number: str = "") -> None:
        super().__init__(what)
        self.closed_index, self.key, self.number = closed_index, key, number


def _reject_constant(name: str) -> Any:
    raise _Refused(f"{name} is not valid JSON")


def _finite(literal: str) -> float:
    """A float, unless it is too large for one: ``1e999`` would read as infinity,
    which no JSON can write back (red team round 11)."""
    value = float(literal)
    if math.isinf(value):
        raise _Refused(f"{literal} is too large for a number", number=literal)
    return value


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object hook of every parse: a dict, unless a key repeats."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"duplicate key {key!r}", key=key)
            seen.add(key)
    return obj


def _counting_hook() -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """:func:`_no_duplicate_keys`, counting objects as they close, so that the
    duplicate can be located in the text. Only a refused text is parsed again
    with it: the count costs a call per object."""
    closed = itertools.count()

    def no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        index = next(closed)
        try:
            return _no_duplicate_keys(pairs)
        except _Refused as exc:
            exc.closed_index = index
            raise

    return no_duplicate_keys


#: One decoder for every parse: building one per call cost as much as the hook.
_DECODER = json.JSONDecoder(
    parse_constant=_reject_constant, parse_float=_finite, object_pairs_hook=_no_duplicate_keys
)


def _decode(text: str, decoder: json.JSONDecoder = _DECODER) -> Any:
    """``json.loads`` with our hooks, keeping its refusal of a leading BOM."""
    if text.startswith("\ufeff"):
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    return decoder.decode(text)


def check_json_file(path: Path, max_bytes: int = MAX_JSON_BYTES) -> None:
    """Refuse, from ``stat`` alone, anything but a regular file within the cap.

    Cheap enough to run before any other work: a 50,000-item predictions file
    above the cap used to be refused only after the whole dataset was loaded.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise SpotDiffError(path, "", "file not found") from None
    except OSError as exc:
        raise SpotDiffError(path, "", f"cannot read: {exc.strerror or exc}") from None
    _check_stat(path, info, max_bytes)


def _check_stat(path: Path | str, info: os.stat_result, max_bytes: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise SpotDiffError(path, "", "is a folder, expected a JSON file")
    if stat.S_ISFIFO(info.st_mode):  # "<(jq ...)", a piped /dev/stdin (red team round 19)
        what = "is a pipe, not a regular file; save what it gives to a file and name that"
        raise SpotDiffError(path, "", what)
    if not stat.S_ISREG(info.st_mode):
        raise SpotDiffError(path, "", "is not a regular file")
    if info.st_size > max_bytes:
        raise FileTooLarge(path, info.st_size, max_bytes)


#: Binary (Windows), no waiting for a FIFO's writer, no terminal adopted, not inherited.
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def read_bytes_limited(path: Path | str, max_bytes: int = MAX_JSON_BYTES) -> bytes:
    """The file's bytes, refusing (before reading) anything but a regular file within the cap.

    The file is opened first and checked through its descriptor: one path
    lookup instead of two, per annotation of a 10,000-item dataset. Opening
    does not block on a FIFO (``O_NONBLOCK``) nor adopt a terminal
    (``O_NOCTTY``); either is then refused unread. The first read asks for
    the size ``fstat`` gave plus one byte: asking for the cap, as before,
    allocated a 64 MiB buffer per file.
    """
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise SpotDiffError(path, "", "file not found") from None
    except OSError as exc:
        raise SpotDiffError(path, "", f"cannot read: {exc.strerror or exc}") from None
    try:
        return read_descriptor_limited(fd, path, max_bytes)
    finally:
        os.close(fd)


def read_descriptor_limited(fd: int, path: Path | str, max_bytes: int) -> bytes:
    """The bytes of the open file ``fd`` (named ``path`` in errors), as
    :func:`read_bytes_limited` reads them; for callers that open it their own
    way (the leaderboard cache: without following a link). It stays open."""
    try:
        info = os.fstat(fd)
        _check_stat(path, info, max_bytes)
        chunks: list[bytes] = []
        total, want = 0, min(info.st_size, max_bytes) + 1
        while total <= max_bytes:
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            # Until EOF; a file grown since fstat is read on to the cap only.
            want = min(max_bytes + 1 - total, MIB)
    except OSError as exc:
        raise SpotDiffError(path, "", f"cannot read: {exc.strerror or exc}") from None
    if total > max_bytes:
        raise FileTooLarge(path, total, max_bytes)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def parse_json_bytes(raw: bytes, source: Path | str, *, expect_object: bool = True) -> Any:
    """Decode strict UTF-8 (a leading BOM is tolerated) and parse."""
    if is_pointer(raw):
        raise SpotDiffError(source, "", POINTER_PROBLEM)
    text = decode_utf8(raw, source)
    return parse_json_text(text.removeprefix("\ufeff"), source, expect_object=expect_object)


def decode_utf8(raw: bytes, source: Path | str) -> str:
    """``raw`` as strict UTF-8, or :class:`SpotDiffError` placing the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            # Windows PowerShell's "> file" and Out-File write UTF-16 with a byte
            # order mark: "byte 0: not valid UTF-8" did not say so (red team round 18).
            raise SpotDiffError(
                source, "byte 0", "not valid UTF-8: the file is UTF-16 (save it as UTF-8)"
            ) from None
        # A line and column, as the other errors give (red team round 19: "byte
        # 2279" is no place an editor shows); the column counts characters.
        line = raw.count(b"\n", 0, exc.start) + 1
        start = raw.rfind(b"\n", 0, exc.start) + 1
        column = len(raw[start : exc.start].decode("utf-8", "replace")) + 1
        what = (
            f"not valid UTF-8 (byte {exc.start} is 0x{raw[exc.start]:02x}); save the file as UTF-8"
        )
        raise SpotDiffError(source, f"line {line} column {column}", what) from None


def read_json(
    path: Path | str,
    *,
    max_bytes: int = MAX_JSON_BYTES,
    expect_object: bool = True,
) -> Any:
    """Parse ``path`` as JSON or raise :class:`SpotDiffError` naming the place."""
    path = Path(path)
    return parse_json_bytes(read_bytes_limited(path, max_bytes), path, expect_object=expect_object)


def parse_json_text(
    text: str,
    source: Path | str,
    *,
    expect_object: bool = True,
) -> Any:
    """Parse JSON text with the same rules as :func:`read_json`."""
    try:
        data = _decode(text)
    except json.JSONDecodeError as exc:
        raise SpotDiffError(
            source, f"line {exc.lineno} column {exc.colno}", f"invalid JSON: {exc.msg}"
        ) from None
    except _Refused as exc:
        if exc.number:
            offset = find_number(text, exc.number)
        else:
            offset = _duplicate_offset(text) if exc.key else find_constant(text)
        where = line_column(text, offset) if offset is not None else ""
        raise SpotDiffError(source, where, f"invalid JSON: {exc}") from None
    except RecursionError:
        raise SpotDiffError(source, "", "JSON nested too deeply") from None
    except ValueError:
        # Python refuses to read an integer of more than 4,300 digits (red team round 11).
        offset = find_long_number(text)
        where = line_column(text, offset) if offset is not None else ""
        raise SpotDiffError(source, where, "invalid JSON: a number too long to read") from None
    surrogate = find_lone_surrogate(text)
    if surrogate is not None:
        raise SpotDiffError(
            source,
            line_column(text, surrogate),
            "invalid JSON: a lone UTF-16 surrogate (half of a pair) cannot be stored as UTF-8",
        )
    if expect_object and not isinstance(data, dict):
        raise SpotDiffError(source, "/", f"expected a JSON object, found {json_kind(data)}")
    return data


def _duplicate_offset(text: str) -> int | None:
    """Where the first duplicate key of ``text`` stands (parsing again, counting objects)."""
    counting = json.JSONDecoder(
        parse_constant=_reject_constant, parse_float=_finite, object_pairs_hook=_counting_hook()
    )
    try:
        _decode(text, counting)
    except _Refused as exc:
        return find_duplicate_key(text, exc.closed_index, exc.key)
    return None


def json_kind(value: Any) -> str:
    """What a JSON value is, in words: "an object", "a list", "a string"..."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    return "null" if value is None else "a number"


def dumps_canonical(data: Any) -> str:
    """Stable, human-readable JSON: two-space indent, UTF-8, trailing newline."""
    return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def dumps_layered(data: Any, expand: int = 2) -> str:
    """JSON indented for its first ``expand`` levels, one compact line below.

    A report's summary stays readable while each of its 10,000 items is one
    line (diff-friendly), and the compact parts use json's C encoder, which
    ``indent=`` would turn off (a 5x slower write).
    """
    return "".join(iter_layered(data, expand))


class JSONText(str):
    """A value already written as compact JSON, which :func:`iter_layered` writes as is."""


def iter_layered(data: Any, expand: int = 2) -> Iterator[str]:
    """The text of :func:`dumps_layered`, piece by piece, to be written as it is made.

    A list in the first ``expand`` levels may be given as an iterator: its
    entries are then made, encoded and dropped one at a time. A report's
    items, their dicts and the whole text were the peak of ``evaluate``'s
    memory when built before writing. An entry may also be given as
    :class:`JSONText`, the compact encoder's text of it.
    """
    yield from _layered(data, 0, expand)
    yield "\n"


_END = object()
#: The compact lines' encoder, made once: ``json.dumps`` with options builds
#: one per call, 10,000 times for a report.
_COMPACT = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(", ", ": "))


def _layered(value: Any, level: int, expand: int) -> Iterator[str]:
    is_dict = isinstance(value, dict)
    if level >= expand or not (is_dict or isinstance(value, list | Iterator)):
        yield value if isinstance(value, JSONText) else _COMPACT.encode(value)
        return
    entries = iter(value.items() if is_dict else value)
    first = next(entries, _END)
    if first is _END:
        yield "{}" if is_dict else "[]"
        return
    pad, lead = "  " * (level + 1), "\n"
    yield "{" if is_dict else "["
    for entry in itertools.chain((first,), entries):
        if is_dict:
            key, child = entry
            yield f"{lead}{pad}{json.dumps(key, ensure_ascii=False)}: "
        else:
            child = entry
            yield lead + pad
        yield from _layered(child, level + 1, expand)
        lead = ",\n"
    yield "\n" + "  " * level + ("}" if is_dict else "]")


def write_text_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` so that readers see the old file or the new one, never half."""
    write_chunks_atomic(path, (text,))


def write_chunks_atomic(path: Path | str, chunks: Iterable[str]) -> None:
    """Write the text ``chunks`` make, as they are made, atomically (see above).

    The temporary file lives in the target folder so ``os.replace`` is a rename
    on one filesystem, under a name that fits whatever the target's
    (``file_names``); on any failure, including one while making a chunk,
    the old file is untouched. A file standing where a folder above ``path``
    must be is one clear error (``folders.make_parents``).
    """
    path = Path(path)
    check_name(path)
    make_parents(path)
    mode = new_file_mode(path)
    prefix = temp_prefix(path.name, suffix=".tmp")
    # A full disk (ENOSPC, or EFBIG past a size limit) fails in the temporary
    # file: the bare "No space left on device" named no file at all.
    with writing(path):
        fd, tmp_name = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
        try:
            os.fchmod(fd, mode)
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                for chunk in chunks:
                    handle.write(chunk)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp_name, path)
        except BaseException:
            Path(tmp_name).unlink(missing_ok=True)
            raise


def write_json_atomic(path: Path | str, data: Any) -> None:
    write_text_atomic(path, dumps_canonical(data))
