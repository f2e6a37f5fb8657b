"""On the computer an honour game moved away from (online/honour_moving.py),
a move typed at its table is refused with the moved sentence, first and
alone: before, when it was the friend's turn there, the table's own turn
check answered first ("It is Bob's turn; wait for the move."), and the
player never heard where the game went. So are ``accept`` and ``rack``
(before: "Nothing to accept; Bob's turn." and the rack as it stood). Over the loopback transport
made like Matrix's encryption (tests/online/honour_kit.py's Host)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import prompts, prompts_homes

from honour_kit import BOB, Host

ALICE = "@alice:loopback"


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


@pytest.mark.parametrize("typed", ["pass", "exchange q", "accept", "rack"])
def test_a_move_in_the_friends_turn_hears_that_the_game_moved(tmp_path: Path, lexicon: Any, typed: str) -> None:
    net = LoopbackNetwork(late_devices=True)
    saves = SaveStore(tmp_path / "saves")
    bob = LoopbackTransport(net, BOB, device="PHONE")
    hosts: list[Host] = []

    def host(folder: str, device: str) -> Host:
        h = Host(lambda: LoopbackTransport(net, ALICE, device=device), tmp_path / folder, lexicon, saves, seed=21)
        hosts.append(h)
        return h

    try:
        first = host("first", "ALICE1")
        first.sign_in()
        first.line(f"invite {BOB} honour")
        room = first.home.rooms[0]
        bob.accept(room)
        link = first.link()
        if link.game.current != link.friend_seat:
            assert any("passed" in line for line in first.line("pass"))
            first.idle()
        assert link.game.current == link.friend_seat  # Bob's turn at the first computer's table
        second = host("second", "ALICE2")
        second.sign_in()
        for _ in range(3):
            first.idle()
            second.idle()
        assert link.moved_to == "ALICE2"
        first.line("")  # the notice that it moved, heard
        said = first.line(typed)
        assert said == prompts.refusal_said(prompts_homes.HONOUR_MOVED_AWAY), said
        assert not any("turn" in line for line in said), said
    finally:
        for h in hosts:
            h.close()
