"""An end by agreement's record that crosses another for the same turn
(both at once; the server down while one was typed): the room's order
decides, the late one is refused on both sides, and each side says what
crossed what. Before, the player who answered an offer as the other
moved heard "Server down; move sent when it is back." (it was no move)
then "Another move came first; yours was not made.", and the mover, who
did nothing wrong, "Alice's record does not follow the last one; it was
refused." Now: "Server down; sent when it is back.", "Bob's move came
first; your answer to the offer was not made." and "Alice's answer to
the offer came too late; it was not made."; the same when a move loses
to an offer ("Alice's offer to end came first; your move was not
made."). Over the loopback (homes_kit, Flaky transports)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes import online_table
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork

from homes_kit import Flaky, Player, by_turn, seated, settle, signed_in  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _typed_while_down(p: Player, line: str) -> list[str]:
    p.transports[-1].down = True
    said: list[str] = []
    typing = threading.Thread(target=lambda: said.extend(p.line(line)), daemon=True)
    typing.start()
    typing.join(60)
    assert not typing.is_alive()
    return said


def _back(p: Player, *players: Player) -> None:
    p.transports[-1].down = False
    assert p.home.links[p.home.rooms[0]].flush(60)
    settle(*players)


def test_an_answer_crossing_the_offerers_move(tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Player, "transport_type", Flaky)
    monkeypatch.setattr(online_table, "ECHO_WAIT", 5.0)
    net = LoopbackNetwork()
    alice, bob = signed_in(net, "Alice", tmp_path / "a", lexicon), signed_in(net, "Bob", tmp_path / "b", lexicon)
    try:
        seated(alice, bob)
        mover, other = by_turn(alice, bob)
        mover.line("offer end")
        settle(alice, bob)
        other.line("")
        said = joined(_typed_while_down(other, "agree"))
        assert "Server down; sent when it is back." in said, said
        mover.line("pass")  # the offer lapses; the yes is on its way
        settle(alice, bob)
        _back(other, alice, bob)
        late = joined(other.line("") + other.line(""))
        first = joined(mover.line("") + mover.line(""))
        assert f"{mover.name}'s move came first; your answer to the offer was not made." in late, late
        assert "Another move came first" not in late
        assert f"{other.name}'s answer to the offer came too late; it was not made." in first, first
        assert "does not follow" not in first
        for p in (alice, bob):
            assert p.home.links[p.home.rooms[0]].state.playing
    finally:
        alice.close()
        bob.close()


def test_a_move_crossing_an_offer(tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Player, "transport_type", Flaky)
    monkeypatch.setattr(online_table, "ECHO_WAIT", 5.0)
    net = LoopbackNetwork()
    alice, bob = signed_in(net, "Alice", tmp_path / "a", lexicon), signed_in(net, "Bob", tmp_path / "b", lexicon)
    try:
        seated(alice, bob)
        mover, other = by_turn(alice, bob)
        _typed_while_down(mover, "pass")
        other.line("offer end")  # taken first: the mover's pass is on its way
        settle(alice, bob)
        _back(mover, alice, bob)
        late = joined(mover.line("") + mover.line(""))
        first = joined(other.line("") + other.line(""))
        assert f"{other.name}'s offer to end came first; your move was not made." in late, late
        assert f"{mover.name}'s move came too late; it was not made." in first, first
        assert mover.home.links[mover.home.rooms[0]].state.end_offered == (1 if other is bob else 0)
    finally:
        alice.close()
        bob.close()
