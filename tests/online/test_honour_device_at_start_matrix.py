"""The honour mode over a real homeserver (the ``synapse`` fixture;
skipped with the reason when Synapse is not installed): Bob's phone signs
in while Alice's program is not running and types nothing. Alice's next
start compares Bob's devices with those her program has briefed (the
welcome's device was noted at the invitation) and sends the new phone the
game as it stands, his rack included, once (online/honour.py,
HonourLink.brief_new_devices). Before, the phone was noticed only at its
first message. The loopback twin is test_honour_device_at_start.py."""

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
from audio_scrabble.persistence import SaveStore  # noqa: E402
from audio_scrabble.presentation import honour_prompts  # noqa: E402

from honour_kit import Host, wait_until  # noqa: E402

WAIT = 60.0
AGAIN = "in case your app could not read"


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_phone_signed_in_while_the_host_was_off_is_sent_the_game_at_start(synapse: Any, tmp_path: Path,
                                                                            lexicon: Any) -> None:
    alice_id, alice_password = synapse.new_user("alice")
    bob_id, bob_password = synapse.new_user("bob")
    ben = display_name(bob_id)
    saves = SaveStore(tmp_path / "saves")
    bob = MatrixTransport.sign_in(synapse.url, bob_id, bob_password, OnlineStore(tmp_path / "bob"))
    host = Host(None, tmp_path / "alice", lexicon, saves, seed=7)
    again: Host | None = None
    phone: MatrixTransport | None = None
    try:
        host.sign_in(synapse.url, alice_id, alice_password)
        host.line(f"invite {bob_id} honour")
        room = host.home.rooms[0]
        link = host.link()
        assert bob.device_id in link.briefed  # the welcome's device, noted at the invitation
        rack = honour_prompts.rack_message(ben, link.game.players[1].rack)
        assert wait_until(lambda: any(i.room == room for i in bob.invitations()), WAIT)
        bob.accept(room)
        host.close()  # Alice's program stops

        phone = MatrixTransport.sign_in(synapse.url, bob_id, bob_password, OnlineStore(tmp_path / "phone"))
        phone.accept(room)  # already joined: nothing to do
        again = Host(None, tmp_path / "alice", lexicon, saves, seed=7)
        again.sign_in(synapse.url, alice_id, alice_password)  # the account on file: no question

        def briefs() -> list[str]:
            assert phone is not None
            return [m.body for m in phone.history(room) if m.sender == alice_id and AGAIN in m.body]

        assert wait_until(lambda: bool(briefs()), WAIT, step=0.5), [m.body[:40] for m in phone.history(room)]
        assert rack in briefs()[0], briefs()
        assert phone.device_id in again.link().briefed
        assert len(briefs()) == 1
    finally:
        for h in (host, again):
            if h is not None:
                h.close()
        bob.close()
        if phone is not None:
            phone.close()
