"""Slotted pages: when only a page's slot changed, the previous page's other bytes are kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spotdiff_eval.leaderboard.site_reuse import DIGESTS, SiteReuse


class Page:
    """A page "<shell head>[slot]<shell tail>" whose renders are counted."""

    def __init__(self, shell: str, extra: str = "") -> None:
        self.shell, self.extra, self.renders, self.slots = shell, extra, 0, 0

    def render(self, slot: str) -> str:
        self.renders += 1
        return f"<head {self.shell}>{self.extra}\n{slot}\n<body {self.shell}>ü\n"

    def slot(self, text: str):  # type: ignore[no-untyped-def]
        def render_slot() -> str:
            self.slots += 1
            return text

        return render_slot


def build(previous: Path | None, folder: Path, page: Page, digests: tuple, slot: str) -> Path:
    folder.mkdir()
    reuse = SiteReuse(previous, folder)
    reuse.slotted_page("p.html", digests, page.render, page.slot(slot))
    reuse.finish()
    return folder / "p.html"


def test_a_changed_slot_is_spliced_into_the_previous_page(tmp_path: Path) -> None:
    page = Page("s")
    first = build(None, tmp_path / "a", page, ("shell", "one"), "<p>Rank 1 of 3</p>")
    assert page.renders == 1  # with a mark in the slot's place, replaced by the slot
    assert first.read_text(encoding="utf-8") == page.render("<p>Rank 1 of 3</p>")
    page.renders = 0

    same = build(tmp_path / "a", tmp_path / "b", page, ("shell", "one"), "unused")
    assert same.stat().st_ino == first.stat().st_ino  # linked
    assert (page.renders, page.slots) == (0, 1)  # nothing rendered, not even the slot

    moved = build(tmp_path / "b", tmp_path / "c", page, ("shell", "two"), "<p>Rank 12–14 of 30</p>")
    assert page.renders == 0  # spliced
    assert moved.read_text(encoding="utf-8") == page.render("<p>Rank 12–14 of 30</p>")
    page.renders = 0

    # Spliced again from a spliced page, back to a shorter slot.
    back = build(tmp_path / "c", tmp_path / "d", page, ("shell", "one"), "<p>Rank 1 of 3</p>")
    assert page.renders == 0 and back.read_bytes() == first.read_bytes()


@pytest.mark.parametrize("damage", ["edited", "truncated", "record", "gone"])
def test_a_previous_page_that_is_not_as_recorded_is_rendered_again(
    damage: str, tmp_path: Path
) -> None:
    page = Page("s")
    first = build(None, tmp_path / "a", page, ("shell", "one"), "<p>one</p>")
    if damage == "edited":
        first.write_text(first.read_text(encoding="utf-8").replace("body", "bodY"), "utf-8")
    elif damage == "truncated":
        first.write_bytes(first.read_bytes()[:12])
    elif damage == "gone":
        first.unlink()
    else:
        digests = tmp_path / "a" / DIGESTS
        record = json.loads(digests.read_text(encoding="utf-8"))
        record["p.html"] = record["p.html"].replace(":", ":x", 2)
        digests.write_text(json.dumps(record), encoding="utf-8")
    page.renders = 0
    again = build(tmp_path / "a", tmp_path / "b", page, ("shell", "two"), "<p>two</p>")
    assert page.renders == 1
    assert again.read_text(encoding="utf-8") == page.render("<p>two</p>")


def test_a_changed_shell_is_rendered_again(tmp_path: Path) -> None:
    page = Page("s")
    build(None, tmp_path / "a", page, ("shell", "one"), "<p>one</p>")
    page.renders, page.shell = 0, "t"
    again = build(tmp_path / "a", tmp_path / "b", page, ("other shell", "one"), "<p>one</p>")
    assert page.renders == 1
    assert again.read_text(encoding="utf-8") == page.render("<p>one</p>")


def test_a_page_that_shows_the_mark_itself_is_never_spliced(tmp_path: Path) -> None:
    page = Page("s", extra="\x00slot\x00")  # as if a model name held it
    first = build(None, tmp_path / "a", page, ("shell", "one"), "<p>one</p>")
    assert page.renders == 2  # the mark is not where the slot goes only: rendered with it
    assert first.read_text(encoding="utf-8") == page.render("<p>one</p>")
    page.renders = 0
    linked = build(tmp_path / "a", tmp_path / "b", page, ("shell", "one"), "<p>one</p>")
    assert page.renders == 0 and linked.stat().st_ino == first.stat().st_ino
    changed = build(tmp_path / "b", tmp_path / "c", page, ("shell", "two"), "<p>two</p>")
    assert page.renders == 2
    assert changed.read_text(encoding="utf-8") == page.render("<p>two</p>")
