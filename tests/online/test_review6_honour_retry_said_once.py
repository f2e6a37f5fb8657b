"""An honour game's answer the homeserver would not take is tried again
(the home's tick, every minute; the friend's next message) without saying
the failure again each time (the sixth review): the player heard it once,
as the move was made ('Not sent to Bob yet: ...', or the server's
refusal); each failed try again said it once more, every minute, for as
long as the server refused. Over the loopback transport (honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.errors import OnlineError
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackTransport
from audio_scrabble.presentation import honour_prompts

from honour_kit import (  # type: ignore[import-not-found]
    ALICE, OutOfReach, alices_turn, club_move, honour_with_bob)


class Refusing(LoopbackTransport):
    """A connection whose server answers, refusing every message while ``down``."""

    down = False

    def send(self, room: str, body: str, record: Any, txn_id: str) -> str:
        if self.down:
            refused = OnlineError("The homeserver refused the message: not allowed here.")
            refused.code = "forbidden"
            raise refused
        return super().send(room, body, record, txn_id)


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


@pytest.mark.parametrize("transport, words", [
    (Refusing, "not allowed here"),
    (OutOfReach, " ".join(honour_prompts.not_sent_yet("Bob"))),
], ids=["refused", "no-answer"])
def test_a_failed_answer_is_said_once_however_often_it_is_tried(tmp_path: Path, lexicon: Any, transport: Any,
                                                                 words: str) -> None:
    net, bob, host, room = honour_with_bob(tmp_path, lexicon, transport)
    try:
        link = alices_turn(host, bob, room, lexicon)  # Bob first: his move, so that it is Alice's turn
        alice = host.transports[-1]
        alice.down = True
        said = host.line("play " + club_move(link, 0, ComputerPlayer("club", lexicon, rng_seed=5)))
        host.idle()
        said += host.line("")
        assert words in " ".join(said), said  # told once, as the move is made
        later: list[str] = []
        for _ in range(3):
            host.home.tick()
            host.idle()
            later += host.line("")
        bob.send(room, "is it my turn?", None, "bob.ask")  # the friend's message tries again too
        host.idle()
        later += host.line("")
        assert words not in " ".join(later), later
        alice.down = False
        host.home.tick()
        host.idle()
        rack = honour_prompts.rack_message("Bob", link.game.players[link.friend_seat].rack)
        assert any(m.sender == ALICE and rack in m.body for m in net.messages(room))  # it goes once it can
    finally:
        host.close()
        bob.close()
