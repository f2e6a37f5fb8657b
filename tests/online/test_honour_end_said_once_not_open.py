"""An honour game not open at the table says the friend's last move or
resignation once: the end sentence ("In your game with Bob: Bob
resigned; you won.") and not the short line too ("Bob resigned in
another game.", "Bob moved in another game."). A guard: it passed
before (honour_table.hear_away says the end in place of the short line).
Over the loopback transport (honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.core.events import GameEnded
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.honour import HonourApplied, copy_of
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore

from honour_kit import Host, room_of  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]

BOB, CAROL, ALICE = "@bob:loopback", "@carol:loopback", "@alice:loopback"


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_friends_resignation_and_last_move_not_open_are_said_once(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    bob, carol = LoopbackTransport(net, BOB), LoopbackTransport(net, CAROL)
    host = Host(lambda: LoopbackTransport(net, ALICE), tmp_path / "alice", lexicon, SaveStore(tmp_path / "s"), seed=21)
    try:
        host.sign_in()
        host.line(f"invite {BOB} honour")
        room = room_of(host, BOB)
        bob.accept(room)
        host.line(f"invite {CAROL} honour")  # Bob's game is not open now
        carol.accept(room_of(host, CAROL))
        link = host.home.honour[room]
        hook = link.on_applied
        assert hook is not None
        # the friend's move that ends the game (went out), as the link hands it on
        view = copy_of(link.game)
        view.ended = GameEnded(view.turn, "out", link.friend_seat, (), (250, 300) if link.my_seat == 0 else (300, 250),
                               (link.friend_seat,))
        hook(HonourApplied(link.friend_seat, (), view))
        out = joined(host.line(""))
        assert "moved in another game" not in out, out
        assert out.count(f"{link.names[link.friend_seat]} went out") == 1, out
        # the friend's resignation, for real
        bob.send(room, "resign", None, "bob.resign")
        host.idle()
        news = joined(host.line("") + host.line(""))
        assert host.home.honour[room].game.is_over
        assert "resigned in another game" not in news, news
        assert news.count("Bob resigned") == 1, news
    finally:
        host.close()
        bob.close()
        carol.close()
