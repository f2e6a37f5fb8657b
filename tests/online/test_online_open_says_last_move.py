"""A game between homes opened again after the player was away (``open
N`` in a new program): besides whose game and whose turn, the scores and
the last move are said, as a game resumed at one table says them; before,
the move made while the player was away was never said to them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes.online_start import OnlineSession
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import online_prompts

from homes_kit import Player, by_turn, settle, signed_in  # type: ignore[import-not-found]
from lines_kit import said as said_in  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_open_after_an_absence_says_the_scores_and_the_last_move(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon)
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    alice.line("invite @bob:loopback")
    settle(alice, bob)
    bob.line("games")
    out = bob.line("accept 1")
    settle(alice, bob)
    out += bob.line("")
    alice.line("")
    assert not any(line.startswith("Last move") for line in out), out  # a new game: none yet
    assert alice.session.game is not None
    first, second = by_turn(alice, bob)
    second_name = "Bob" if first is alice else "Alice"
    first_name = "Alice" if first is alice else "Bob"
    second.close()
    first.line("pass")  # while the second is away
    settle(first)
    again = Player(net, second_name, second.store.folder, lexicon, OnlineSession)
    again.home.connect()
    out = again.line("open 1")
    assert said_in(online_prompts.game_with([first_name]), out), out
    assert f"Last move: {first_name} passed." in out, out
    assert "You 0" in " ".join(out), out  # the scores
    assert "Your turn." in out
    again.close()
    first.close()
