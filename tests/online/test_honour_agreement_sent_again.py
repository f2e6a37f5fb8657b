"""An honour game's end by agreement whose message the homeserver would
not take goes to the room once it answers, as it was: "Ended by
agreement: ..." (the friend's phone told the game is over and how),
an offer to end, a no. Before, the retry (HonourLink.answer_again) sent
only the board and scores (or "your turn" and the rack), so the friend
never read that the game had ended by agreement, or that an offer
stood; and after a restart nothing went at all. Over the loopback
(honour_kit: Alice's console, OutOfReach; Bob's bare client)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore

from honour_kit import ALICE, BOB, OutOfReach, alice_host, honour_game  # type: ignore[import-not-found]

AGREED = "Ended by agreement: a tie, 0 each."
OFFERED = "Alice offers to end the game here, Alice 0, you 0."


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class StillOutOfReach(OutOfReach):
    down = True


def _sent(bob: LoopbackTransport, room: str, words: str) -> int:
    return len([m for m in bob.network.messages(room) if m.sender == ALICE and words in m.body])


def test_an_agreement_the_server_would_not_take_goes_at_the_next_tick(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    bob = LoopbackTransport(net, BOB)
    host = alice_host(net, tmp_path / "alice", lexicon, SaveStore(tmp_path / "s"), transport=OutOfReach)
    try:
        host.sign_in()
        room = honour_game(host, bob)
        host.idle()
        host.line("")
        bob.send(room, "offer end", None, "bob.offer")
        host.idle()
        host.line("")
        host.transports[-1].down = True
        host.line("agree")
        host.idle()
        assert host.link().game.is_over
        assert _sent(bob, room, AGREED) == 0
        host.transports[-1].down = False
        host.home.tick()
        host.idle()
        assert _sent(bob, room, AGREED) == 1  # before: the board and scores only
        host.home.tick()
        host.idle()
        assert _sent(bob, room, AGREED) == 1  # once
    finally:
        host.close()
        bob.close()


def test_an_offer_not_sent_goes_after_a_restart(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    bob = LoopbackTransport(net, BOB)
    saves = SaveStore(tmp_path / "s")
    host = alice_host(net, tmp_path / "alice", lexicon, saves, transport=OutOfReach)
    again = None
    try:
        host.sign_in()
        room = honour_game(host, bob)
        host.idle()
        host.line("")
        host.transports[-1].down = True
        host.line("offer end")
        host.idle()
        assert host.link().end_offered == host.link().my_seat
        assert _sent(bob, room, OFFERED) == 0
        host.close()
        again = alice_host(net, tmp_path / "alice", lexicon, saves, transport=StillOutOfReach)
        again.sign_in()
        again.idle()
        assert _sent(bob, room, OFFERED) == 0
        again.transports[-1].down = False
        again.home.tick()
        again.idle()
        assert _sent(bob, room, OFFERED) == 1  # before: never (the offer stood, Bob not told)
        again.home.tick()
        again.idle()
        assert _sent(bob, room, OFFERED) == 1
    finally:
        host.close()
        if again is not None:
            again.close()
        bob.close()
