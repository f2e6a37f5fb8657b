"""A newer program's records of a kind this one does not know: "Bob's
program is newer; update the game to hear all it sends." is said once a
game (noted in the game's log), not at every such record: a newer
program that sends a later kind every turn would have had it said at
every turn. Over the loopback (homes_kit's two consoles)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from homes_kit import by_turn, pair_at_a_game, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _later_step(p: Any) -> None:
    link = p.home.links[p.home.rooms[0]]
    with link._lock:
        record, body = link.state._finish(link.state._base("wave"))
    link._send(record, body)


def test_newer_said_once_a_game(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        first, second = by_turn(alice, bob)
        heard: list[str] = []
        for _ in range(2):
            _later_step(second)
            settle(alice, bob)
            heard += first.line("")
        first.line("pass")
        settle(alice, bob)
        _later_step(second)
        settle(alice, bob)
        heard += first.line("") + first.line("")
        said = joined(heard)
        assert said.count(f"{second.name}'s program is newer; update the game to hear all it sends.") == 1, said
        assert not first.home.links[first.home.rooms[0]].refusals
