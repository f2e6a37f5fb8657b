"""A game between homes, or an honour game, that ends while it is not open
at the table says how it ended and who won, once, naming the game ("In
your game with Alice: Alice resigned; you won."; "...: Bob went out; you
won by 12."). Before, only "Alice resigned in another game." or "Bob
moved in another game." was said: the player never heard that the game
was over, nor the result, until they opened it. Over the loopback
transport (homes_kit, honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import prompts_homes

from homes_kit import seated_pair, settle  # type: ignore[import-not-found]
from honour_kit import two_games, with_bob_and_carol  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_game_between_homes_resigned_while_not_open_says_the_end_once(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice, bob = seated_pair(net, tmp_path, lexicon)
    try:
        bob.home.close_table()  # Bob's game not open at his table
        alice.line("resign")
        alice.line("yes")
        settle(alice, bob)
        settle(alice, bob)
        news = joined(bob.line(""))
        link = bob.home.links[bob.home.rooms[0]]
        assert link.state.final is not None  # the end checked at Bob's
        assert "In your game with Alice: Alice resigned; you won." in news, news
        assert news.count("you won") == 1, news
    finally:
        alice.close()
        bob.close()


def test_an_honour_game_resigned_by_the_friend_while_not_open_says_the_end(tmp_path: Path, lexicon: Any) -> None:
    with with_bob_and_carol(tmp_path, lexicon) as (host, bob, carol):
        room = two_games(host, bob, carol)  # Bob's game is not open now
        bob.send(room, "resign", None, "bob.resign")
        host.idle()
        news = joined(host.line(""))
        assert host.home.honour[room].game.is_over
        assert "In your game with Bob: Bob resigned; you won." in news, news
        assert news.count("you won") == 1, news


def test_how_it_ended_and_by_how_much() -> None:
    names = ("Alice", "Bob")
    assert prompts_homes.ended_not_open(["Bob"], names, 0, (300, 288), (0,), out=1) == [
        "In your game with Bob: Bob went out;", "you won by 12."]
    assert joined(prompts_homes.ended_not_open(["Alice"], names, 1, (300, 288), (0,), out=1)) == (
        "In your game with Alice: you went out; Alice won by 12.")
    assert joined(prompts_homes.ended_not_open(["Bob"], names, 0, (250, 250), (0, 1), reason="all_passed_twice")
                  ) == "In your game with Bob: every player passed twice in a row; a tie, 250 each."
    assert joined(prompts_homes.ended_not_open(["Bob"], names, 0, (200, 288), (0,), timed_out=1)
                  ) == "In your game with Bob: Bob lost on time; you won."
    for line in prompts_homes.ended_not_open(["Bartholomew", "Christabel"], ("Alice", "Bartholomew", "Christabel"),
                                             0, (1, 2, 3), (2,), reason="scoreless_turns", scoreless=6):
        assert len(line) <= 40, line
