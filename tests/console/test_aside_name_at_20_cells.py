"""``aside`` at 20 cells: the set-aside save's name
(``current.damaged-20261128T053012.json:``) is broken between the day and
the time of day, so its extension is read with the time it belongs to,
not left alone on a line ('20261128T053012.' / 'json:', as review6 and
newcomer 8 found: no mark of the name's own lets the extension stay
with what is before it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from audio_scrabble.presentation import layout

from newcomer_kit import damaged_start  # type: ignore[import-not-found]


def _aside_at(tmp_path: Path, cells: int) -> tuple[str, list[str]]:
    s, _ = damaged_start(tmp_path, width=cells, cut_to=100)
    name = next(p.name for p in tmp_path.iterdir() if ".damaged-" in p.name)
    return name, s.handle_line("aside")


@pytest.mark.parametrize("cells", [16, 20])
def test_aside_breaks_the_name_between_day_and_time_not_before_json(tmp_path: Path, cells: int) -> None:
    name, said = _aside_at(tmp_path, cells)
    assert re.fullmatch(r"current\.damaged-\d{8}T\d{6}\.json", name), name
    day, time = name[len("current.damaged-"):].split("T")
    assert said[:3] == ["current.damaged-", f"{day}T", f"{time}:"], said
    assert all(not line.startswith("json") for line in said), said
    assert all(len(line) <= cells for line in said), said


def test_the_break_between_day_and_time_is_taken_only_when_needed() -> None:
    name = "current.damaged-20261128T053012.json:"
    assert layout.break_path(name, 24) == ["current.damaged-", "20261128T053012.json:"]
    assert layout.break_path(name, 12) == ["current.", "damaged-", "20261128T", "053012.json:"]
    # a name of no set-aside moment keeps the rule of its own marks
    assert layout.break_path("abcdefghijklmnopqrstuvwxyz.gcg", 20)[-1] == "uvwxyz.gcg"
