"""An honour game not open at the table: the friend's offer to end it is
said for what it is ("In your game with Bob: Bob offers to end the game
here; open it to agree or play on."), and so is the friend's no to this
player's offer ("In your game with Carol: Carol declined to end the
game; play on."). Before, both were said as "Bob moved in another
game.": no move was made, and the offer waiting for an answer was not
named. Over the loopback (honour_kit: Alice hosts games with Bob and
Carol, one open at a time)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from honour_kit import open_game, two_games, with_bob_and_carol  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_friends_offer_and_no_said_for_what_they_are(tmp_path: Path, lexicon: Any) -> None:
    with with_bob_and_carol(tmp_path, lexicon) as (host, bob, carol):
        room = two_games(host, bob, carol)  # Bob's game is not open now
        host.line("")
        bob.send(room, "offer end", None, "bob.offer")
        host.idle()
        news = joined(host.line(""))
        assert "In your game with Bob: Bob offers to end the game here; open it to agree or play on." in news, news
        assert "moved" not in news, news
        carols = next(r for r in host.home.rooms if r != room)
        open_game(host, carols)
        host.line("offer end")
        open_game(host, room)
        carol.send(carols, "decline", None, "carol.no")
        host.idle()
        news = joined(host.line(""))
        assert "In your game with Carol: Carol declined to end the game; play on." in news, news
        assert "moved" not in news, news
