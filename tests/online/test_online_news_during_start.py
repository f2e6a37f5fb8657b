"""A message of a game between homes that comes while the program is
starting, after its game's room was read and before the game is listed
here, is handed to the game once it is: said, not dropped. Before, the
worker handled messages from the moment the transport listened, found
no game for the room and dropped it (a chat line then came only at the
next start, a move only when the room was read again). Over the loopback
transport (tests/online/homes_kit.py); Alice's transport posts Bob's line
just after her game's room is read at start."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackTransport
from audio_scrabble.online.transport import Message

from homes_kit import Player, clocked_homes, seated, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class Between(LoopbackTransport):
    """A loopback transport that, once armed, posts Bob's chat line just
    after it reads a room's history the second time (the first read looks
    for the offer's word list, the second is the game's: the line is heard
    live, not in what was read)."""

    armed: list[str] = []  # the room, while armed
    reads = 0

    def history(self, room: str) -> list[Message]:
        out = super().history(room)
        Between.reads += Between.armed == [room]
        if Between.armed == [room] and Between.reads == 2:
            Between.armed = []
            self.network.inject(room, "@bob:loopback", "hello while you start", None)
            self.wait_idle()  # handed to the home's worker
            time.sleep(0.3)  # which dropped it before (no game of that room yet)
        return out


def test_a_chat_line_that_comes_while_the_game_is_resumed_at_start_is_said(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Player, "transport_type", Between)
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        room = alice.home.rooms[0]
        alice.close()
        Between.armed, Between.reads = [room], 0
        start = alice.start()
        settle(alice, bob)
        news = start + alice.line("")
        assert not Between.armed
        assert "hello while you start" in joined(news), news
