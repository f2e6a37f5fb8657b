"""A game between homes, or an honour game, that ended while this
program was not running says how it ended and who won at the next
start, once, naming the game ("In your game with Alice: Alice resigned;
you won."), and not again at the start after. Over the loopback
transport (homes_kit, honour_kit). Before, only a live end was said: an
end whose sentence was still waiting above the prompt as the program
ended, and an honour game the friend ended meanwhile (answered at
start), were never said. The first two cases (the end checked after the
start) passed before; kept as guards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from honour_kit import Loop  # type: ignore[import-not-found]
from homes_kit import Player, pair_at_a_game, resigns, restarted  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def said_once_then_not(p: Player, other: Player, end: str) -> None:
    """``p``'s program started again says the ``end`` sentence once; at
    the start after, no resignation is said."""
    news = restarted(p, other, rounds=2)
    assert news.count(end) == 1, news
    again = restarted(p, other, rounds=2)
    assert "resigned" not in again, again


def test_a_resignation_while_the_program_was_not_running_is_said_at_start(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        bob.close()  # Bob's program ends
        resigns(alice)
        said_once_then_not(bob, alice, "In your game with Alice: Alice resigned; you won.")


def test_an_end_checked_while_the_program_was_not_running_is_said_at_start(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        alice.close()  # Alice's program ends: Bob's resignation's check waits for her keys
        resigns(bob)
        bob.line("")
        news = restarted(alice, bob, rounds=2)
        assert alice.home.links[alice.home.rooms[0]].state.final is not None
        assert news.count("Bob resigned; you won.") == 1, news
        bob.close()
        news_bob = restarted(bob, alice, rounds=2)  # his end was checked while he was away
        assert "resigned" not in news_bob or news_bob.count("You resigned") <= 1, news_bob


def test_an_end_still_waiting_to_be_said_as_the_program_ends_is_said_at_start(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        bob.home.close_table()  # not open at Bob's table
        resigns(alice, bob, rounds=2)
        assert bob.home.links[bob.home.rooms[0]].state.final is not None  # its sentence waits: no line typed
        said_once_then_not(bob, alice, "In your game with Alice: Alice resigned; you won.")


def test_an_honour_game_the_friend_resigned_while_away_is_said_at_start(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        loop.host.close()
        for t in loop.host.transports:
            t.close()
        loop.bob.send(loop.room(), "resign", None, "away.1")  # while Alice's program is not running
        loop.host = loop.new_host()
        out = loop.host.sign_in()
        loop.host.idle()
        news = joined(out + loop.host.line(""))
        assert loop.host.link().game.is_over
        assert news.count("In your game with Bob: Bob resigned; you won.") == 1, news
        loop.host.close()
        for t in loop.host.transports:
            t.close()
        loop.host = loop.new_host()
        again = joined(loop.host.sign_in() + loop.host.line(""))
        assert "resigned" not in again, again
    finally:
        loop.host.close()
        loop.bob.close()
