"""An honour game's hand-over to its host's new computer that the
homeserver would not take is sent again once it answers, in the same
run of the first computer. The new computer's ask comes once (asked
again at its next start with the same transaction id, the server sends
nothing new), so before, a hand-over whose parts did not go waited for
the first computer's next start: the host, sitting at the new computer,
was told the game was asked for and never got it, while the first
computer went on answering the friend. Now the first computer tries the
hand-over again at its tick (every minute) and at the friend's next
message. Over the loopback transport made like Matrix's encryption."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import honour_moving
from audio_scrabble.online.failures import Unreachable
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore

from honour_kit import BOB, Host, OutOfReach, alice_host, honour_game  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class CutAfterOnePart(LoopbackTransport):
    """The first computer's connection: while ``down``, the server takes
    the hand-over's first part, then nothing (a cut in the middle)."""

    down = False

    def send(self, room: str, body: str, record: Any, txn_id: str) -> str:
        if self.down and record is not None and record.get("catchup") == honour_moving.ANSWER \
                and record.get("part", 0) > 0:
            raise Unreachable("loopback", "sending")
        return super().send(room, body, record, txn_id)


def _both_idle(first: Host, second: Host) -> None:
    for _ in range(3):
        first.idle()
        second.idle()


def _handed_over_when_tried_again(tmp_path: Path, lexicon: Any, transport: type[LoopbackTransport]) -> None:
    """The new computer's ask comes while the first computer's
    ``transport`` is ``down``: the hand-over goes at the first's tick, once
    the server takes it again."""
    net = LoopbackNetwork(late_devices=True)
    saves = SaveStore(tmp_path / "saves")
    bob = LoopbackTransport(net, BOB, device="PHONE")
    first = alice_host(net, tmp_path / "first", lexicon, saves, device="ALICE1", transport=transport)
    second = alice_host(net, tmp_path / "second", lexicon, saves, device="ALICE2")
    try:
        first.sign_in()
        room = honour_game(first, bob)
        first.idle()
        first.transports[-1].down = True  # the new computer's ask comes while the first cannot send (it all)
        second.sign_in()
        _both_idle(first, second)
        assert room not in second.home.honour and first.link().moved_to == ""
        first.transports[-1].down = False
        first.home.tick()
        _both_idle(first, second)
        # the game came to the new computer (cut: the parts of one sealing, all of them, not the first of another)
        assert room in second.home.honour
        assert room not in first.home.honour
    finally:
        first.close()
        second.close()
        bob.close()


def test_a_hand_over_that_did_not_go_goes_at_the_first_computers_tick(tmp_path: Path, lexicon: Any) -> None:
    _handed_over_when_tried_again(tmp_path, lexicon, OutOfReach)


def test_a_hand_over_cut_after_its_first_part_goes_whole_when_tried_again(tmp_path: Path, lexicon: Any,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(honour_moving, "CHUNK", 200)  # the log in several parts
    _handed_over_when_tried_again(tmp_path, lexicon, CutAfterOnePart)
