"""An honour game handed over to this player's other computer
(online_catching.honour_moved) leaves the room list before the honour
list: ``games`` or ``open`` running at that moment on another thread (the
home's tick calls this path from the ticker thread) sees the game either
listed as an honour game or not listed at all. Before, it left the
honour list first: ``games`` then looked the room up among the games
between homes and raised KeyError (online_games.entries). The moment is
made exact here: the room list's removal is where ``games`` and ``open``
run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes import online_catching
from audio_scrabble.lexicon import Lexicon

from honour_kit import Host, bob_invited  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class _Watched(list):  # type: ignore[type-arg]
    """The room list, running ``games`` and ``open 1`` as a room leaves it."""

    def __init__(self, rooms: list[str], host: Host) -> None:
        super().__init__(rooms)
        self.host = host
        self.said: list[list[str]] = []

    def remove(self, room: str) -> None:
        self.said.append(self.host.home.games_lines(1))
        if self.host.home.honour:
            self.said.append(self.host.home.open(1))
        super().remove(room)


def test_games_and_open_while_the_honour_game_moves_away(tmp_path: Path, lexicon: Any) -> None:
    host = bob_invited(tmp_path, lexicon)
    try:
        link = host.link()
        host.home.close_table()
        watched = _Watched(host.home.rooms, host)
        host.home.rooms = watched
        link.moved_to = "ALICE2"
        online_catching.honour_moved(host.home, link)  # raised KeyError before
        assert watched.said, "the room list was not left"
        assert link.room not in host.home.rooms and link.room not in host.home.honour
    finally:
        host.close()
