"""At start, "Bob moved in a game while you were away." is said only
when Bob has made a move the player has not heard here. Before, it was
said of every game where it was the player's turn: a game where they
play first and Bob never moved, and a game whose last move by Bob was
said at the table before the program was closed, at every start, a
false line to a player who cannot glance at the board to check. Honour
games over the loopback transport (tests/online/honour_kit.py's Host);
a game between homes is counted the same way (online_games.away_lines)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from honour_kit import Loop, club_move  # type: ignore[import-not-found]
from lines_kit import said  # type: ignore[import-not-found]

MOVED = online_prompts.moved_while_away("Bob", 1)


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _game(tmp_path: Path, lexicon: Any, seed: int) -> Loop:
    """Alice's honour game with Bob (dealt with ``seed``), invited and accepted."""
    loop = Loop(tmp_path, lexicon, seed)
    loop.invited()
    loop.host.idle()
    return loop


def _restart(loop: Loop) -> list[str]:
    """What Alice's program says at its next start."""
    again = loop.new_host()
    try:
        return again.sign_in()
    finally:
        again.close()


def test_no_move_while_away_is_said_of_a_game_the_friend_has_not_moved_in(tmp_path: Path, lexicon: Any) -> None:
    loop = _game(tmp_path, lexicon, 22)  # Alice plays first
    bob, host = loop.bob, loop.host
    try:
        link = host.link()
        assert link.game.current == link.my_seat and not link.game.actions
        host.close()
        start = _restart(loop)
        assert not said(MOVED, start), start
    finally:
        bob.close()


def test_a_move_heard_at_the_table_is_not_said_again_as_made_while_away(tmp_path: Path, lexicon: Any) -> None:
    loop = _game(tmp_path, lexicon, 21)  # Bob plays first
    bob, host, room = loop.bob, loop.host, loop.room()
    try:
        link = host.link()
        assert link.game.current == link.friend_seat
        bob.send(room, club_move(link, 1, ComputerPlayer("club", lexicon, rng_seed=9)), None, "bob.1")
        host.idle()
        assert any("Bob's move has arrived" in x for x in host.line(""))  # heard here
        host.close()
        start = _restart(loop)
        assert not said(MOVED, start), start
    finally:
        bob.close()


def test_a_move_made_while_the_program_was_closed_is_said(tmp_path: Path, lexicon: Any) -> None:
    loop = _game(tmp_path, lexicon, 21)
    bob, host, room = loop.bob, loop.host, loop.room()
    try:
        move = club_move(host.link(), 1, ComputerPlayer("club", lexicon, rng_seed=9))
        host.close()
        bob.send(room, move, None, "bob.1")  # while Alice's program is closed
        start = _restart(loop)
        assert said(MOVED, start), start
    finally:
        bob.close()
