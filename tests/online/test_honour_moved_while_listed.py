"""An honour game handed over to this player's other computer
(online_catching.honour_moved) is listed as moved before it leaves the
honour list: ``games`` or ``open`` running at that moment on another
thread (the home's tick calls this path from the ticker thread) sees the
game either as an honour game or as moved (listed "on your other
computer"). Before, it left the honour list first: ``games`` then looked
the room up among the games between homes and raised KeyError
(online_games.entries). The moment is made exact here: the honour list's
removal is where ``games`` and ``open`` run. (Until the game could be
asked back, it left the room list instead: this test watched that.)"""

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


class _Watched(dict):  # type: ignore[type-arg]
    """The honour list, running ``games`` and ``open 1`` as a room leaves it."""

    def __init__(self, honour: dict[str, Any], host: Host) -> None:
        super().__init__(honour)
        self.host = host
        self.said: list[list[str]] = []

    def pop(self, room: str, *default: Any) -> Any:
        self.said.append(self.host.home.games_lines(1))
        self.said.append(self.host.home.open(1))
        return super().pop(room, *default)


def test_games_and_open_while_the_honour_game_moves_away(tmp_path: Path, lexicon: Any) -> None:
    host = bob_invited(tmp_path, lexicon)
    try:
        link = host.link()
        host.home.close_table()
        watched = _Watched(host.home.honour, host)
        host.home.honour = watched
        link.moved_to = "ALICE2"
        online_catching.honour_moved(host.home, link)  # raised KeyError before
        assert watched.said, "the honour list was not left"
        assert link.room in host.home.rooms and link.room not in host.home.honour
        assert link.room in host.home.moved  # listed as on the other computer
    finally:
        host.close()
