"""A game between homes that ended while its table was not open here (the
other player resigned while this program ran with the game not open, or
while it was not running) has its checked record kept in the games
folder when it comes to the table, as a game that ends at the table
does ("Its record is kept in games: ...gcg."), and once only: the game
log notes it, so opening it again keeps no second copy. Before, only the
table that saw the end kept it: the other side's games folder never got
the record, and ``review`` and ``games`` never knew the game. Over the
loopback transport (tests/online/homes_kit.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.persistence import SaveStore

from homes_kit import Player, seated, settle  # type: ignore[import-not-found]

KEPT = "Its record is kept in games:"


class Home(Player):
    """A home with a saves folder, connecting at each start."""

    def start(self, lexicon: Any = None) -> list[str]:
        super().start(lexicon)
        out = self.home.connect()
        self.heard.extend(out)
        return out


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _records(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.gcg"))


def test_a_game_ended_while_not_open_keeps_its_record_once_opened(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = Home(net, "Alice", tmp_path / "a", lexicon, saves=SaveStore(tmp_path / "a-saves"))
    bob = Home(net, "Bob", tmp_path / "b", lexicon, saves=SaveStore(tmp_path / "b-saves"))
    try:
        seated(alice, bob)
        alice.close()
        alice.start()  # Alice's program again: the game is not open at her table
        settle(alice, bob)
        assert alice.session.match is None
        bob.line("resign")
        settle(alice, bob)
        settle(alice, bob)
        bob.line("")
        assert len(_records(tmp_path / "b-saves")) == 1  # Bob's table saw the end: kept
        alice.line("")
        alice.line("games")
        opened = alice.line("open 1")
        assert any(line.startswith(KEPT) for line in opened), opened
        assert len(_records(tmp_path / "a-saves")) == 1
        alice.line("games")
        again = alice.line("open 1")  # opened again: no second copy
        assert not any(line.startswith(KEPT) for line in again), again
        assert len(_records(tmp_path / "a-saves")) == 1
    finally:
        alice.close()
        bob.close()


def test_a_game_ended_at_the_table_is_not_kept_again_when_opened_again(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = Home(net, "Alice", tmp_path / "a", lexicon, saves=SaveStore(tmp_path / "a-saves"))
    bob = Home(net, "Bob", tmp_path / "b", lexicon, saves=SaveStore(tmp_path / "b-saves"))
    try:
        seated(alice, bob)
        bob.line("resign")
        settle(alice, bob)
        settle(alice, bob)
        said = alice.line("")
        assert any(line.startswith(KEPT) for line in said), said
        alice.close()
        alice.start()
        alice.line("games")
        again = alice.line("open 1")
        assert not any(line.startswith(KEPT) for line in again), again
        assert len(_records(tmp_path / "a-saves")) == 1
    finally:
        alice.close()
        bob.close()
