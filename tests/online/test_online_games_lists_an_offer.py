"""``games`` says when the other player's offer to end a game stands,
under that game: "Bob offers to end; type open 1 to answer." (between
homes and on trust), and no more once it is answered or the game is
over; every line of it, and of the agreement's sentences at the table,
within the 40-character line and within 20 cells after ``set braille
20``. Before, ``games`` said only whose turn it was: a player away from
the table had no way to learn an offer waited for them. Over the
loopback (homes_kit's two consoles; honour_kit's Loop)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from homes_kit import pair_at_a_game, settle  # type: ignore[import-not-found]
from honour_kit import Loop  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _wide(lines: list[str], width: int) -> list[str]:
    return [line for line in lines if len(line) > width and len(line.split()) > 1]


@pytest.mark.parametrize("width", [40, 20])
def test_games_says_the_offer_between_homes(tmp_path: Path, lexicon: Any, width: int) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        if width == 20:
            bob.line("set braille 20")
        said = alice.line("offer end")
        settle(alice, bob)
        heard = bob.line("") + bob.line("")
        listed = bob.line("games")
        assert "Alice offers to end; type open 1 to answer." in joined(listed), listed
        assert "offers to end" not in joined(alice.line("games"))  # her own offer
        heard += bob.line("decline")
        settle(alice, bob)
        heard += bob.line("")
        assert "offers to end" not in joined(bob.line("games"))
        assert _wide(heard + listed, width) == [], heard + listed
        assert _wide(said, 40) == []


def test_games_says_the_friends_offer_on_trust(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        loop.host.line("")
        loop.types("offer end")
        loop.host.line("")
        listed = loop.host.line("games")
        assert "Bob offers to end; type open 1 to answer." in joined(listed), listed
        loop.types("resign")
        loop.host.line("")
        assert "offers to end" not in joined(loop.host.line("games"))
    finally:
        loop.host.close()
        loop.bob.close()


def test_an_offer_standing_is_said_at_start(tmp_path: Path, lexicon: Any) -> None:
    """Made while Bob's program was closed: said when it starts, each start
    while it stands (as a move due is), not once answered."""
    from homes_kit import restarted  # type: ignore[import-not-found]

    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        bob.close()
        alice.line("offer end")
        settle(alice)
        said = "In your game with Alice: Alice offers to end the game here; open it to agree or play on."
        news = restarted(bob, alice, rounds=2)
        assert news.count(said) == 1, news
        bob.line("games")
        bob.line("open 1")
        bob.line("decline")
        settle(alice, bob)
        assert said not in restarted(bob, alice, rounds=2)
