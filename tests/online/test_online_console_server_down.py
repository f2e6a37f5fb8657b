"""A move typed at the console while the homeserver does not answer
(over the loopback transport made to fail its sends and say it is
offline, as the Matrix transport does from its first failed request):
the player hears at once that it goes when the server is back, without
the wait for its echo; nothing is sent twice; once the server answers
the move is made on both sides, once. A move the server refuses (not in
the room any more) is said so, not left as "Sent"."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes import online_table
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.failures import RoomRefused
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.presentation import online_prompts, prompts

from homes_kit import Flaky, Player, by_turn, seated_pair, settle  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_move_typed_while_the_server_is_down_is_said_kept_at_once(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Player, "transport_type", Flaky)
    # only the transport's word can end the wait early: its echo never comes while it is down
    monkeypatch.setattr(online_table, "ECHO_WAIT", 600.0)
    net = LoopbackNetwork()
    alice, bob = seated_pair(net, tmp_path, lexicon)
    assert alice.session.game is not None
    first, second = by_turn(alice, bob)
    name = "Alice" if first is alice else "Bob"
    transport = first.transports[-1]
    assert isinstance(transport, Flaky)
    transport.down = True
    said: list[str] = []
    typing = threading.Thread(target=lambda: said.extend(first.line("pass")), daemon=True)
    typing.start()
    typing.join(60)
    assert not typing.is_alive(), "the prompt waited for the echo of a move that cannot go"
    assert said == [online_prompts.SEND_WHEN_BACK], said
    messages = len(net.messages(first.home.rooms[0]))
    transport.down = False  # the server is back: the outbox sends it
    link = first.home.links[first.home.rooms[0]]
    assert link.flush(60)
    settle(first, second)
    assert len(net.messages(first.home.rooms[0])) == messages + 1
    assert "You passed." in first.line("")
    heard = second.line("")
    assert heard.count(prompts.move_arrived(name)) == 1, heard
    first.close()
    second.close()


class Refusing(LoopbackTransport):
    refuse = False

    def send(self, room: str, body: str, record: Any, txn_id: str) -> str:
        if self.refuse:
            raise RoomRefused("The homeserver refused the message (M_FORBIDDEN); check you are still in "
                              "the game's room.", brief="Message refused.")
        return super().send(room, body, record, txn_id)


def test_a_move_the_server_refuses_is_said_not_taken_for_sent(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Player, "transport_type", Refusing)
    monkeypatch.setattr(online_table, "ECHO_WAIT", 1.0)
    net = LoopbackNetwork()
    alice, bob = seated_pair(net, tmp_path, lexicon)
    assert alice.session.game is not None
    first = by_turn(alice, bob)[0]
    transport = first.transports[-1]
    assert isinstance(transport, Refusing)
    transport.refuse = True
    out = first.line("pass") + first.line("")
    assert "refused the message" in " ".join(out), out
    alice.close()
    bob.close()
