"""The other player's no to this player's offer to end a game that is
not open at the table is said, naming the game ("In your game with Bob:
Bob declined to end the game; play on."). Before, only an offer was said
there: a no came and went unsaid, the player still waiting for an
answer that had come. Over the loopback (homes_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from homes_kit import pair_at_a_game, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_no_to_an_offer_is_said_when_the_game_is_not_open(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        alice.line("offer end")
        settle(alice, bob)
        alice.home.close_table()  # Alice's game not open at her table
        bob.line("")
        bob.line("decline")
        settle(alice, bob)
        news = joined(alice.line("") + alice.line(""))
        assert news.count("In your game with Bob: Bob declined to end the game; play on.") == 1, news
