"""The honour mode: the friend's chat line that came while the game was
not open at the table (another game was) waits for the game to be opened
(its design) even when the program is closed first: the line is kept in
the game's log until it is said. Before, it waited in memory only, while
the log already marked the message heard, so a restart lost it for good.
Said once: opening the game again does not say it again. Over the
loopback transport (tests/online/honour_kit.py's Host)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import honour_prompts

from honour_kit import Host  # type: ignore[import-not-found]
from lines_kit import said, times  # type: ignore[import-not-found]

BOB, CAROL, ALICE = "@bob:loopback", "@carol:loopback", "@alice:loopback"


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _room(host: Host, friend: str) -> str:
    return next(room for room, link in host.home.honour.items() if link.friend == friend)


def _open(host: Host, room: str) -> list[str]:
    host.line("games")
    return host.line(f"open {host.home.rooms.index(room) + host.home.first_number}")


def test_a_chat_line_waiting_for_its_game_to_open_survives_a_restart(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    saves = SaveStore(tmp_path / "saves")
    bob, carol = LoopbackTransport(net, BOB), LoopbackTransport(net, CAROL)
    first = Host(lambda: LoopbackTransport(net, ALICE), tmp_path / "alice", lexicon, saves, seed=21)
    try:
        first.sign_in()
        first.line(f"invite {BOB} honour")
        room = _room(first, BOB)
        bob.accept(room)
        first.line(f"invite {CAROL} honour")  # Bob's game is not open now
        carol.accept(_room(first, CAROL))
        bob.send(room, "see you tomorrow", None, "bob.chat")
        first.idle()
        first.close()
        again = Host(lambda: LoopbackTransport(net, ALICE), tmp_path / "alice", lexicon, saves, seed=21)
        again.sign_in()
        again.idle()
        line = honour_prompts.chat_here("Bob", "see you tomorrow")
        opened = _open(again, room)
        assert said(line, opened), opened
        _open(again, _room(again, CAROL))
        _open(again, room)
        assert times(line, again.heard) == 1  # once
        again.close()
        third = Host(lambda: LoopbackTransport(net, ALICE), tmp_path / "alice", lexicon, saves, seed=21)
        third.sign_in()
        assert not said(line, _open(third, room))  # said: not kept any more
        third.close()
    finally:
        bob.close()
        carol.close()
