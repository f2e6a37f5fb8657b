"""The honour mode, news of a game not open at the table (another game
is), never lost: the friend's move refused there is said once, naming the
game ("In your game with Bob: Bob's move refused: ..."); before, the
table's refusal callback was cleared and nothing was said here (only the
room had it). And the friend's chat line waiting at the open table when
the program ends is said at the next start ("Bob said while you were
away: ..."), once; before, the log marked it heard as it came, and it was
lost. Over the loopback transport (tests/online/honour_kit.py's Host)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import online_prompts

from honour_kit import BOB, alice_host, honour_game, two_games, with_bob_and_carol  # type: ignore[import-not-found]
from lines_kit import joined, said, times  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_friends_move_refused_in_a_game_not_open_is_said_naming_the_game(tmp_path: Path,
                                                                            lexicon: Any) -> None:
    with with_bob_and_carol(tmp_path, lexicon) as (host, bob, carol):
        room = two_games(host, bob, carol)  # Bob's game is not open now
        bob.send(room, "8D QZQZ", None, "bob.bad")
        host.idle()
        news = host.line("")
        assert "Bob's move refused" in joined(news), news  # heard at all, whatever the game's name
        assert joined(news).startswith("In your game with Bob: Bob's move refused: "), news
        count = joined(host.heard).count("Bob's move refused")
        host.line("games")
        host.line(f"open {host.home.rooms.index(room) + host.home.first_number}")
        assert joined(host.heard).count("Bob's move refused") == count  # once


def test_the_friends_chat_line_waiting_at_the_table_when_the_program_ends_is_said_at_start(
        tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    saves = SaveStore(tmp_path / "s")
    bob = LoopbackTransport(net, BOB)
    first = alice_host(net, tmp_path / "alice", lexicon, saves)
    try:
        first.sign_in()
        room = honour_game(first, bob)
        bob.send(room, "thinking hard", None, "bob.chat")
        first.idle()
        first.close()  # the line waits at the open table, not said
        again = alice_host(net, tmp_path / "alice", lexicon, saves)
        start = again.sign_in()
        line = online_prompts.chat_while_away("Bob", "thinking hard")
        assert said(line, start), start
        again.close()
        third = alice_host(net, tmp_path / "alice", lexicon, saves)
        assert not said(line, third.sign_in())  # once
        third.close()
        assert times(line, again.heard) == 1
    finally:
        bob.close()
