"""The honour mode: a move's answer the homeserver would not take is
sent again once it answers, in the same run of the program. The host's
move stands (it is in the log), but the room's answer carries the
friend's new rack and whose turn it is: before, it went again only at the
host's next start, so the friend's phone never said it was their turn,
the host was told to "try again in a moment" with nothing to try (the
move is made: typing it again is refused), and both waited. Now the game
as it stands goes to the room at the friend's next message (the server
answers again) and at the home's next tick (every minute). Over the
loopback transport (tests/online/honour_kit.py's Host)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import honour_prompts

from honour_kit import (  # type: ignore[import-not-found]
    ALICE, BOB, Host, OutOfReach, alice_host, alices_turn, club_move, honour_game, honour_with_bob)


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _alices_move_not_answered(tmp_path: Path, lexicon: Any) -> tuple[Host, OutOfReach, LoopbackTransport, str]:
    """Alice's first move made while the server takes nothing: the server back."""
    net, bob, host, room = honour_with_bob(tmp_path, lexicon, OutOfReach)
    link = alices_turn(host, bob, room, lexicon)  # Bob first: his move, so that it is Alice's turn
    assert link.game.current == link.my_seat
    before = len(link.game.actions)
    host.transports[-1].down = True
    host.line("play " + club_move(link, 0, ComputerPlayer("club", lexicon, rng_seed=5)))
    host.idle()
    host.line("")
    assert len(link.game.actions) == before + 1  # the move stands
    assert link.game.current == link.friend_seat
    host.transports[-1].down = False  # the server is back
    return host, host.transports[-1], bob, room


def _rack_sent(net_of: LoopbackTransport, room: str, host: Host) -> bool:
    link = host.link()
    rack = honour_prompts.rack_message("Bob", link.game.players[link.friend_seat].rack)
    turn = honour_prompts.your_turn("Bob")
    return any(m.sender == ALICE and rack in m.body and turn in m.body
               for m in net_of.network.messages(room))


def test_the_answer_goes_at_the_friends_next_message(tmp_path: Path, lexicon: Any) -> None:
    host, alice, bob, room = _alices_move_not_answered(tmp_path, lexicon)
    try:
        assert not _rack_sent(bob, room, host)
        bob.send(room, "is it my turn?", None, "bob.ask")
        host.idle()
        assert _rack_sent(bob, room, host)
    finally:
        host.close()
        bob.close()


def test_the_answer_goes_at_the_next_tick(tmp_path: Path, lexicon: Any) -> None:
    host, alice, bob, room = _alices_move_not_answered(tmp_path, lexicon)
    try:
        assert not _rack_sent(bob, room, host)
        host.home.tick()
        host.idle()
        assert _rack_sent(bob, room, host)
        sent = [m.body for m in bob.network.messages(room) if m.sender == ALICE]
        host.home.tick()  # once
        host.idle()
        assert [m.body for m in bob.network.messages(room) if m.sender == ALICE] == sent
    finally:
        host.close()
        bob.close()


def _resigned_sent(bob: LoopbackTransport, room: str) -> int:
    said = honour_prompts.resigned_room("Alice")
    return len([m for m in bob.network.messages(room) if m.sender == ALICE and said in m.body])


class StillOutOfReach(OutOfReach):
    """Alice's connection at her program's next start, the server still down."""

    down = True


def test_a_resignation_the_server_would_not_take_goes_once_it_answers(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    bob = LoopbackTransport(net, BOB)
    saves = SaveStore(tmp_path / "s")
    host = alice_host(net, tmp_path / "alice", lexicon, saves, transport=OutOfReach)
    try:
        host.sign_in()
        room = honour_game(host, bob)
        host.idle()
        host.transports[-1].down = True
        host.line("resign")
        host.line("yes")
        host.idle()
        assert host.link().game.is_over
        assert _resigned_sent(bob, room) == 0
        host.close()
        again = alice_host(net, tmp_path / "alice", lexicon, saves, transport=StillOutOfReach)  # the server still down
        again.sign_in()
        again.idle()
        assert _resigned_sent(bob, room) == 0
        again.transports[-1].down = False
        again.home.tick()
        again.idle()
        assert _resigned_sent(bob, room) == 1  # the friend's phone is told the game is over, and how it ended
        again.home.tick()
        again.idle()
        again.close()
        third = alice_host(net, tmp_path / "alice", lexicon, saves)
        third.sign_in()
        third.idle()
        third.close()
        assert _resigned_sent(bob, room) == 1  # once
    finally:
        host.close()
        bob.close()


def test_the_player_is_told_the_answer_goes_by_itself_not_to_try_again(tmp_path: Path, lexicon: Any) -> None:
    """Said when the answer did not go: nothing for the player to try again
    (the move is made), so not "try again in a moment", but that the game
    as it stands goes to Bob once the server answers."""
    host, alice, bob, room = _alices_move_not_answered(tmp_path, lexicon)
    try:
        said = " ".join(host.heard)
        assert "try again" not in said, host.heard[-8:]
        assert " ".join(honour_prompts.not_sent_yet("Bob")) in said, host.heard[-8:]
    finally:
        host.close()
        bob.close()


def test_the_tick_does_not_try_while_the_server_is_known_out_of_reach(tmp_path: Path, lexicon: Any) -> None:
    """A send to a server out of reach waits its whole timeout (a minute
    under Matrix) holding the game's lock, so ``games`` or ``open`` would
    wait as long: the tick leaves the answer for when the transport is
    back (``offline`` false), or for the friend's next message."""
    host, alice, bob, room = _alices_move_not_answered(tmp_path, lexicon)
    try:
        tried: list[str] = []
        alice.down = True
        alice.offline = True  # type: ignore[attr-defined]  # as Matrix's sync loop sets it
        real = alice.send

        def counted(room: str, body: str, record: Any, txn_id: str) -> str:
            tried.append(txn_id)
            return real(room, body, record, txn_id)

        alice.send = counted  # type: ignore[method-assign]
        host.home.tick()
        assert tried == []
        alice.down = False
        alice.offline = False  # type: ignore[attr-defined]
        host.home.tick()
        host.idle()
        assert _rack_sent(bob, room, host)
    finally:
        host.close()
        bob.close()
