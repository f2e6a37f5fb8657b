"""The honour mode over a real homeserver (the ``synapse`` fixture), with a
friend whose Matrix device signs in AFTER the invitation: the room's
first messages (the welcome, the rules, his rack) were encrypted for the
devices there then, so his app cannot read them. When his first message
arrives, the host's program sends the game as it stands again (the
rules, the moves so far in words, the board, his rack, whose turn), once
for that device (online/honour.py, HonourLink._brief). Before, he never
learnt his rack. His side is a bare Matrix client (the transport's raw
send, a plain m.text, as a phone app sends it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

nio = pytest.importorskip("nio", reason="matrix-nio is not installed (the online extra)")
from nio.crypto import ENCRYPTION_ENABLED  # noqa: E402

if not ENCRYPTION_ENABLED:
    pytest.skip("matrix-nio has no encryption here (vodozemac missing)", allow_module_level=True)

from audio_scrabble.console.homes.online_watch import display_name  # noqa: E402
from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.online.matrix import MatrixTransport  # noqa: E402
from audio_scrabble.online.store import OnlineStore  # noqa: E402
from audio_scrabble.online.transport import Message  # noqa: E402
from audio_scrabble.persistence import SaveStore  # noqa: E402
from audio_scrabble.presentation import honour_prompts  # noqa: E402

from honour_kit import Host, wait_until  # noqa: E402

WAIT = 60.0


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_device_signed_in_after_the_invitation_is_sent_the_game_again(synapse: Any, tmp_path: Path,
                                                                        lexicon: Any) -> None:
    alice_id, alice_password = synapse.new_user("alice")
    bob_id, bob_password = synapse.new_user("bob")
    ben = display_name(bob_id)
    host = Host(None, tmp_path / "alice", lexicon, SaveStore(tmp_path / "saves"), seed=7)
    bob: MatrixTransport | None = None
    try:
        host.sign_in(synapse.url, alice_id, alice_password)
        host.line(f"invite {bob_id} honour")
        room = host.home.rooms[0]
        link = host.link()
        rack = honour_prompts.rack_message(ben, link.game.players[1].rack)
        assert link.game.current is not None
        # only now does Bob's phone sign in: a new device, after the room's first messages
        bob = MatrixTransport.sign_in(synapse.url, bob_id, bob_password, OnlineStore(tmp_path / "bob"))
        assert wait_until(lambda: any(i.room == room for i in bob.invitations()), WAIT)  # type: ignore[union-attr]
        bob.accept(room)
        readable = [m.body for m in bob.history(room)]
        assert not any(rack in body for body in readable), readable  # what the new device could not read

        def alice_sent(text: str) -> list[Message]:
            return [m for m in bob.history(room) if m.sender == alice_id and text in m.body]  # type: ignore[union-attr]

        bob.send(room, "hello, I cannot see my tiles", None, "bob.1")
        assert wait_until(lambda: bool(alice_sent(rack)), WAIT, step=0.5), [m.body for m in bob.history(room)]
        again = alice_sent(rack)[0].body
        assert "Rules: Tournament rules, single challenge." in again, again
        assert "the board is empty" in again, again  # the board in words
        current = link.game.names[link.game.current]
        turn = honour_prompts.your_turn(ben) if link.game.current == 1 else honour_prompts.whose_turn(current)
        assert turn in again, again
        # once for that device: another line of his is chat only
        count = len(alice_sent(rack))
        bob.send(room, "thanks", None, "bob.2")
        assert wait_until(lambda: len(link.heard) == 2, WAIT)
        host.home.wait_idle()
        assert honour_prompts.chat_here(ben, "thanks")[0] in host.line("") + host.heard
        assert len(alice_sent(rack)) == count
    finally:
        host.close()
        if bob is not None:
            bob.close()


def test_a_new_device_of_the_friends_joining_mid_game_is_sent_the_game(synapse: Any, tmp_path: Path,
                                                                       lexicon: Any) -> None:
    """Bob's second phone signs in during the game and types nothing: the
    host's program trusts it on first use and sends it the game as it
    stands (his rack included), once."""
    alice_id, alice_password = synapse.new_user("alice")
    bob_id, bob_password = synapse.new_user("bob")
    ben = display_name(bob_id)
    host = Host(None, tmp_path / "alice", lexicon, SaveStore(tmp_path / "saves"), seed=7)
    bob = MatrixTransport.sign_in(synapse.url, bob_id, bob_password, OnlineStore(tmp_path / "bob"))
    phone: MatrixTransport | None = None
    try:
        host.sign_in(synapse.url, alice_id, alice_password)
        host.line(f"invite {bob_id} honour")
        room = host.home.rooms[0]
        link = host.link()
        assert wait_until(lambda: any(i.room == room for i in bob.invitations()), WAIT)
        bob.accept(room)
        if link.game.current == 0:
            host.line("pass")
        else:
            bob.send(room, "pass", None, "bob.1")
            assert wait_until(lambda: len(link.game.actions) == 1, WAIT)
        host.home.wait_idle()
        before = len(link.briefed)
        phone = MatrixTransport.sign_in(synapse.url, bob_id, bob_password, OnlineStore(tmp_path / "phone"))
        rack = honour_prompts.rack_message(ben, link.game.players[1].rack)

        def phone_reads() -> bool:
            assert phone is not None
            return any(m.sender == alice_id and "in case your app could not read" in m.body and rack in m.body
                       for m in phone.history(room))

        assert wait_until(phone_reads, WAIT, step=0.5), [m.body[:40] for m in phone.history(room)]
        assert len(link.briefed) == before + 1 and phone.device_id in link.briefed, link.briefed
    finally:
        host.close()
        bob.close()
        if phone is not None:
            phone.close()
