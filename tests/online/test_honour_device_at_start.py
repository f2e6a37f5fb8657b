"""The honour mode: a phone of the friend's that signs in while the host's
program is not running is sent the game at the host's next start, not
only at its first message (online/honour.py, HonourLink.brief_new_devices,
called by console/homes/online_home.py when an honour game is resumed).
The devices the welcome went to are noted in the game's log at the
invitation, so they are not sent it again; a new one is sent it once,
however many starts follow. Over the loopback transport, whose
transports may name a device (LoopbackTransport(..., device=...))."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import honour_prompts

from honour_kit import Host

BOB = "@bob:loopback"
ALICE = "@alice:loopback"
#: a line of the game sent again (prompts_homes.honour_again)
AGAIN = "in case your app could not read"


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _briefs(net: LoopbackNetwork, room: str) -> list[str]:
    return [m.body for m in net.messages(room) if m.sender == ALICE and AGAIN in m.body]


def test_a_phone_signed_in_while_the_host_was_away_is_sent_the_game_at_start(tmp_path: Path,
                                                                              lexicon: Any) -> None:
    net = LoopbackNetwork()
    saves = SaveStore(tmp_path / "saves")
    LoopbackTransport(net, BOB, device="PHONE1")  # Bob's phone, there at the invitation

    def host() -> Host:
        return Host(lambda: LoopbackTransport(net, ALICE), tmp_path / "alice", lexicon, saves, seed=21)

    first = host()
    first.sign_in()
    first.line(f"invite {BOB} honour")
    room = first.home.rooms[0]
    link = first.link()
    rack = honour_prompts.rack_message("Bob", link.game.players[1].rack)
    assert link.briefed == {"PHONE1"}  # the welcome's device, noted
    assert _briefs(net, room) == []
    first.close()

    # while Alice's program is not running, Bob signs in on a second phone
    LoopbackTransport(net, BOB, device="PHONE2")
    again = host()
    again.sign_in()
    again.idle()
    briefs = _briefs(net, room)
    assert len(briefs) == 1, briefs  # at start, before any message of Bob's
    assert rack in briefs[0] and "Rules: Tournament rules, single challenge." in briefs[0]
    assert again.link().briefed == {"PHONE1", "PHONE2"}
    again.close()

    third = host()  # once a device: a later start sends nothing more
    third.sign_in()
    third.idle()
    assert len(_briefs(net, room)) == 1
    third.close()


def test_a_game_whose_log_names_no_welcomed_device_waits_until_it_has_begun(tmp_path: Path,
                                                                            lexicon: Any) -> None:
    """A log kept before the welcome's devices were noted: at start a device
    is briefed only once the game has begun (the welcome may have reached it)."""
    net = LoopbackNetwork()
    saves = SaveStore(tmp_path / "saves")
    first = Host(lambda: LoopbackTransport(net, ALICE), tmp_path / "alice", lexicon, saves, seed=21)
    first.sign_in()
    first.line(f"invite {BOB} honour")  # Bob has no device that names itself yet
    room = first.home.rooms[0]
    first.close()
    log = first.store.game_log(room)
    lines = log.path.read_text().splitlines()
    log.path.write_text("\n".join(line for line in lines if '"welcomed"' not in line) + "\n")
    LoopbackTransport(net, BOB, device="PHONE1")
    again = Host(lambda: LoopbackTransport(net, ALICE), tmp_path / "alice", lexicon, saves, seed=21)
    again.sign_in()
    again.idle()
    assert _briefs(net, room) == []
    again.close()
