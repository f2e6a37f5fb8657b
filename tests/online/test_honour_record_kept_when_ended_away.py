"""The honour mode: a game whose friend resigned while it was not open at
the table (another game was) has its record kept in the games folder
when it is opened, as a game that ends at the table does ("Its record
is kept in games: ...gcg."), and once only (noted in the game's log:
opening it again keeps no second copy); how it ended is said then too
("Bob resigned.", the final scores). Before, the record was kept only by
a table open at the end, and the game opened ended said neither. Over the loopback transport
(tests/online/honour_kit.py's Host)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore

from honour_kit import Host, room_of  # type: ignore[import-not-found]

BOB, CAROL = "@bob:loopback", "@carol:loopback"
KEPT = "Its record is kept in games:"


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _records(folder: Path, name: str) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.gcg") if name in p.name)


def test_an_honour_game_resigned_while_not_open_keeps_its_record_once_opened(tmp_path: Path,
                                                                             lexicon: Any) -> None:
    net = LoopbackNetwork()
    host = Host(lambda: LoopbackTransport(net, "@alice:loopback"), tmp_path / "alice", lexicon,
                SaveStore(tmp_path / "saves"), seed=21)
    bob, carol = LoopbackTransport(net, BOB), LoopbackTransport(net, CAROL)
    txn = itertools.count()
    try:
        host.sign_in()
        host.line(f"invite {BOB} honour")
        room = room_of(host, BOB)
        bob.accept(room)
        host.line(f"invite {CAROL} honour")  # another game comes to the table: Bob's is not open
        carol.accept(room_of(host, CAROL))
        bob.send(room, "resign", None, f"bob.{next(txn)}")
        host.idle()
        assert host.home.honour[room].game.is_over
        host.line("")
        assert _records(tmp_path / "saves", "Bob") == []
        host.line("games")
        number = host.home.rooms.index(room) + host.home.first_number
        opened = host.line(f"open {number}")
        assert any(line.startswith(KEPT) for line in opened), opened
        assert "Bob resigned." in opened and "Final scores:" in opened, opened  # how it ended, said too
        assert len(_records(tmp_path / "saves", "Bob")) == 1
        host.line(f"open {host.home.rooms.index(room_of(host, CAROL)) + host.home.first_number}")
        host.line("games")
        again = host.line(f"open {number}")  # opened again: no second copy
        assert not any(line.startswith(KEPT) for line in again), again
        assert len(_records(tmp_path / "saves", "Bob")) == 1
    finally:
        host.close()
        bob.close()
        carol.close()


def test_an_honour_game_ended_at_the_table_is_not_kept_again_when_opened_again(tmp_path: Path,
                                                                               lexicon: Any) -> None:
    net = LoopbackNetwork()
    host = Host(lambda: LoopbackTransport(net, "@alice:loopback"), tmp_path / "alice", lexicon,
                SaveStore(tmp_path / "saves"), seed=21)
    bob = LoopbackTransport(net, BOB)
    try:
        host.sign_in()
        host.line(f"invite {BOB} honour")
        room = room_of(host, BOB)
        bob.accept(room)
        bob.send(room, "resign", None, "bob.resign")
        host.idle()
        said = host.line("")
        assert any(line.startswith(KEPT) for line in said), said
        host.line("games")
        again = host.line(f"open {host.home.rooms.index(room) + host.home.first_number}")
        assert not any(line.startswith(KEPT) for line in again), again
        assert len(_records(tmp_path / "saves", "Bob")) == 1
    finally:
        host.close()
        bob.close()
