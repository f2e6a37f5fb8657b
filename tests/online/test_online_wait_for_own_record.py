"""A move typed at a game between homes waits for its own record to come
back from the room (or for a refusal of it), not for any record: another
player's record, or a refusal of one (a forged record in the room), that
arrives while the move is still on its way does not end the wait, so
the table does not answer before the move is in the game. Before, the
wait ended on any record or refusal heard. Over the loopback transport
(tests/online/homes_kit.py), Alice's sends held until the test lets them
go."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Mapping

import pytest

from audio_scrabble.console.homes import online_table
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackTransport

from homes_kit import Player, clocked_homes, seated_her_turn  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class Held(LoopbackTransport):
    """A loopback transport whose records wait, when ``hold`` is set, until ``go`` is."""

    hold = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entered, self.go = threading.Event(), threading.Event()

    def send(self, room: str, body: str, record: Mapping[str, Any] | None, txn_id: str) -> str:
        if self.hold and record is not None:
            self.entered.set()
            self.go.wait(30)
        return super().send(room, body, record, txn_id)


def test_a_refusal_of_another_players_record_does_not_end_the_wait_for_ones_own(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Player, "transport_type", Held)
    monkeypatch.setattr(online_table, "ECHO_WAIT", 600.0)
    with clocked_homes(tmp_path, lexicon) as (_clock, net, alice, bob):
        link = seated_her_turn(alice, bob)
        transport = alice.transports[-1]
        assert isinstance(transport, Held)
        moves = len(link.state.log)

        def meanwhile() -> None:  # while her pass is held: a forged record in Bob's name, refused
            if transport.entered.wait(30):
                net.inject(link.room, bob.user, "forged", {"not": "a record"})
                time.sleep(1.0)  # heard and refused at her side (the wait ended here before)
            transport.go.set()

        transport.hold = True
        helper = threading.Thread(target=meanwhile)
        helper.start()
        alice.line("pass")
        in_game = len(link.state.log) > moves and link.state.log[moves].kind == "pass"
        helper.join()
        transport.hold = False
        assert link.refusals, "the forged record was refused"
        assert in_game, "the table answered before her pass came back"
