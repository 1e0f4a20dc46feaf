"""Reading and writing JSON: files that change while read, streamed writes, BOMs."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spotdiff_eval.datasets._jsonio import (
    dumps_layered,
    iter_layered,
    parse_json_text,
    read_bytes_limited,
    write_chunks_atomic,
)
from spotdiff_eval.errors import SpotDiffError


def fstat_saying(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    """Make ``os.fstat`` report ``size`` bytes, as if the file grew after it."""
    real = os.fstat

    def fstat(fd: int) -> os.stat_result:
        info = real(fd)
        return os.stat_result((*info[:6], size, *info[7:]))

    monkeypatch.setattr(os, "fstat", fstat)


def test_a_file_grown_since_fstat_is_read_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.json"
    data = os.urandom(3 * 2**20 + 7)
    path.write_bytes(data)
    fstat_saying(monkeypatch, 10)
    assert read_bytes_limited(path) == data


def test_a_file_grown_past_the_cap_since_fstat_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 5000)
    fstat_saying(monkeypatch, 10)
    with pytest.raises(SpotDiffError) as info:
        read_bytes_limited(path, max_bytes=1000)
    assert info.value.one_line() == f"{path}: file is 1,001 bytes, above the 1,000-byte limit"


def test_text_with_a_bom_is_refused_as_json_refuses_it() -> None:
    with pytest.raises(SpotDiffError) as info:
        parse_json_text("\ufeff{}", "a.json")
    assert info.value.one_line() == (
        "a.json: line 1 column 1: invalid JSON: Unexpected UTF-8 BOM (decode using utf-8-sig)"
    )


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


def lazily(value: Any, level: int, expand: int) -> Any:
    """``value`` with every list of the expanded levels turned into an iterator."""
    if level >= expand:
        return value
    if isinstance(value, dict):
        return {key: lazily(child, level + 1, expand) for key, child in value.items()}
    if isinstance(value, list):
        return iter([lazily(child, level + 1, expand) for child in value])
    return value


def reference_layered(data: Any, expand: int) -> str:
    """The layered format as first written: whole strings, joined."""

    def encode(value: Any, level: int) -> str:
        if level >= expand or not isinstance(value, dict | list) or not value:
            return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))
        pad, end = "  " * (level + 1), "  " * level
        if isinstance(value, dict):
            inner = [
                f"{pad}{json.dumps(k, ensure_ascii=False)}: {encode(v, level + 1)}"
                for k, v in value.items()
            ]
            return "{\n" + ",\n".join(inner) + "\n" + end + "}"
        return "[\n" + ",\n".join(pad + encode(v, level + 1) for v in value) + "\n" + end + "]"

    return encode(data, 0) + "\n"


@settings(max_examples=300, deadline=None)
@given(data=json_values, expand=st.integers(0, 4))
def test_layered_text_is_the_same_in_pieces_and_from_iterators(data: Any, expand: int) -> None:
    text = dumps_layered(data, expand)
    assert text == reference_layered(data, expand)
    assert "".join(iter_layered(lazily(data, 0, expand), expand)) == text
    assert json.loads(text) == data


def test_a_failure_while_streaming_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old\n", encoding="utf-8")

    def chunks() -> Iterator[str]:
        yield "new, half"
        raise RuntimeError("broken while writing")

    with pytest.raises(RuntimeError):
        write_chunks_atomic(target, chunks())
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


@pytest.mark.parametrize(
    "stem", ["a" * 250, "é" * 125, "b" * 236], ids=["255-bytes", "255-bytes-utf8", "241-bytes"]
)
def test_an_atomic_write_works_up_to_the_longest_file_name(tmp_path: Path, stem: str) -> None:
    """The temporary file was named ``.NAME.x1y2z3w4.tmp``: no name of 242 bytes or more
    could be written, its temporary name being longer than a file name can be."""
    path = tmp_path / (stem + ".json")
    assert len(os.fsencode(path.name)) >= 241
    write_chunks_atomic(path, ["{}\n"])
    write_chunks_atomic(path, ["[]\n"])  # over the old file: the rename in one folder
    assert path.read_text(encoding="utf-8") == "[]\n"
    assert os.listdir(tmp_path) == [path.name]


def test_a_name_longer_than_a_file_name_can_be_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / ("c" * 251 + ".json")
    with pytest.raises(SpotDiffError) as caught:
        write_chunks_atomic(path, ["{}\n"])
    assert caught.value.one_line() == (
        f"{path}: its name is 256 bytes, longer than a file name can be (255)"
    )
    assert os.listdir(tmp_path) == []
