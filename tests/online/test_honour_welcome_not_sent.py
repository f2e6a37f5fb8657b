"""The honour mode: a welcome the homeserver would not take is no welcome.
The friend's devices it was meant for are not noted as briefed, so the
game as it stands still reaches them: at the friend's first message (as
before the welcome's devices were noted) and at the host's next start.
Before, the devices were noted as briefed whether or not the welcome
went, and the friend's phone never got the game, their rack or whose
turn. Over the loopback transport (tests/online/honour_kit.py's Host)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import honour_prompts

from honour_kit import ALICE, BOB, OutOfReach, alice_host  # type: ignore[import-not-found]

#: a line of the game sent again (prompts_homes.honour_again)
AGAIN = "in case your app could not read"


class Down(OutOfReach):
    """Alice's connection: the room is made, then the server stops taking messages."""

    def create_room(self, name: str, invitees: Any, *, encrypted: bool = True) -> str:
        room = super().create_room(name, invitees, encrypted=encrypted)
        self.down = True  # the welcome, just after, does not go
        return room


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _from_alice(net: LoopbackNetwork, room: str) -> list[str]:
    return [m.body for m in net.messages(room) if m.sender == ALICE]


def test_a_welcome_that_did_not_go_leaves_the_phone_to_be_briefed_at_its_first_message(
        tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    phone = LoopbackTransport(net, BOB, device="PHONE1")
    host = alice_host(net, tmp_path / "alice", lexicon, SaveStore(tmp_path / "saves"), transport=Down)
    try:
        host.sign_in()
        host.line(f"invite {BOB} honour")
        room = host.home.rooms[0]
        link = host.link()
        assert _from_alice(net, room) == []  # the welcome did not go
        host.transports[-1].down = False  # the server is back
        phone.accept(room)
        phone.send(room, "hello?", None, "bob.1")
        host.idle()
        sent = _from_alice(net, room)
        rack = honour_prompts.rack_message("Bob", link.game.players[link.friend_seat].rack)
        assert any(AGAIN in body and rack in body for body in sent), sent
        assert link.briefed == {"PHONE1"}
    finally:
        host.close()
        phone.close()


def test_a_welcome_that_did_not_go_is_made_up_for_at_the_next_start(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    phone = LoopbackTransport(net, BOB, device="PHONE1")
    saves = SaveStore(tmp_path / "saves")
    first = alice_host(net, tmp_path / "alice", lexicon, saves, transport=Down)
    first.sign_in()
    first.line(f"invite {BOB} honour")
    room = first.home.rooms[0]
    assert _from_alice(net, room) == []
    first.close()
    try:
        again = alice_host(net, tmp_path / "alice", lexicon, saves)
        again.sign_in()
        again.idle()
        link = again.link()
        rack = honour_prompts.rack_message("Bob", link.game.players[link.friend_seat].rack)
        sent = _from_alice(net, room)
        assert len([body for body in sent if AGAIN in body and rack in body]) == 1, sent
        assert "PHONE1" in link.briefed
        again.close()
    finally:
        phone.close()
