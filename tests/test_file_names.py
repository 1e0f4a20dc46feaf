"""Names made beside a file (temporary files, journals, locks) fit in a file name."""

from __future__ import annotations

import os

import pytest

from spotdiff_eval._util.file_names import NAME_MAX, name_beside, temp_prefix


def test_a_name_with_room_keeps_its_suffix_as_before() -> None:
    assert name_beside("my.json", ".journal") == "my.json.journal"
    assert temp_prefix("my.json", suffix=".tmp") == ".my.json."
    assert temp_prefix("site", "new-") == ".site.new-"


@pytest.mark.parametrize("letter", ["a", "é", "漢", "\udcff"])  # \udcff: the byte 0xff
def test_a_long_name_is_cut_whole_characters_and_stays_its_own(letter: str) -> None:
    """Two outputs that differ only past the cut must not share a journal or a lock."""
    size = len(os.fsencode(letter))
    stem = letter * ((NAME_MAX - 5) // size)
    names = {name_beside(stem + end, ".journal") for end in ("1.json", "2.json")}
    assert len(names) == 2
    for name in names:
        assert len(os.fsencode(name)) <= NAME_MAX
        assert name.startswith(letter * 60) and name.endswith(".journal")
        assert os.fsdecode(os.fsencode(name)) == name  # no character cut in half
    assert name_beside(stem + "1.json", ".journal") in names  # the same name every time
    prefix = temp_prefix(stem + "1.json", suffix=".tmp")
    assert len(os.fsencode(prefix)) + 8 + len(".tmp") <= NAME_MAX
