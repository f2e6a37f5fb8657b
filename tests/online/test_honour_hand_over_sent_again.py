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

from honour_kit import BOB, Host  # type: ignore[import-not-found]

ALICE = "@alice:loopback"


class Flaky(LoopbackTransport):
    """The first computer's connection: the server takes no message while ``down``."""

    down = False

    def send(self, room: str, body: str, record: Any, txn_id: str) -> str:
        if self.down:
            raise Unreachable("loopback", "sending")
        return super().send(room, body, record, txn_id)


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_hand_over_that_did_not_go_goes_at_the_first_computers_tick(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork(late_devices=True)
    saves = SaveStore(tmp_path / "saves")
    bob = LoopbackTransport(net, BOB, device="PHONE")
    links: list[Flaky] = []

    def first_connect() -> Flaky:
        links.append(Flaky(net, ALICE, device="ALICE1"))
        return links[-1]

    first = Host(first_connect, tmp_path / "first", lexicon, saves, seed=21)
    second = Host(lambda: LoopbackTransport(net, ALICE, device="ALICE2"), tmp_path / "second", lexicon, saves,
                  seed=21)
    try:
        first.sign_in()
        first.line(f"invite {BOB} honour")
        room = first.home.rooms[0]
        bob.accept(room)
        first.idle()
        links[-1].down = True  # the new computer's ask comes while the first cannot send
        second.sign_in()
        for _ in range(3):
            first.idle()
            second.idle()
        assert room not in second.home.honour and first.link().moved_to == ""
        links[-1].down = False
        first.home.tick()
        for _ in range(3):
            first.idle()
            second.idle()
        assert room in second.home.honour  # the game came to the new computer
        assert room not in first.home.honour
    finally:
        first.close()
        second.close()
        bob.close()


class CutAfterOnePart(LoopbackTransport):
    """The first computer's connection: the server takes the hand-over's
    first part, then nothing until ``back`` (a cut in the middle)."""

    back = False

    def send(self, room: str, body: str, record: Any, txn_id: str) -> str:
        if not self.back and record is not None and record.get("catchup") == honour_moving.ANSWER \
                and record.get("part", 0) > 0:
            raise Unreachable("loopback", "sending")
        return super().send(room, body, record, txn_id)


def test_a_hand_over_cut_after_its_first_part_goes_whole_when_tried_again(tmp_path: Path, lexicon: Any,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(honour_moving, "CHUNK", 200)  # the log in several parts
    net = LoopbackNetwork(late_devices=True)
    saves = SaveStore(tmp_path / "saves")
    bob = LoopbackTransport(net, BOB, device="PHONE")
    links: list[CutAfterOnePart] = []

    def first_connect() -> CutAfterOnePart:
        links.append(CutAfterOnePart(net, ALICE, device="ALICE1"))
        return links[-1]

    first = Host(first_connect, tmp_path / "first", lexicon, saves, seed=21)
    second = Host(lambda: LoopbackTransport(net, ALICE, device="ALICE2"), tmp_path / "second", lexicon, saves,
                  seed=21)
    try:
        first.sign_in()
        first.line(f"invite {BOB} honour")
        room = first.home.rooms[0]
        bob.accept(room)
        first.idle()
        second.sign_in()
        for _ in range(3):
            first.idle()
            second.idle()
        assert room not in second.home.honour and first.link().moved_to == ""
        links[-1].back = True
        first.home.tick()
        for _ in range(3):
            first.idle()
            second.idle()
        assert room in second.home.honour  # the parts of one sealing, all of them, not the first of another
        assert room not in first.home.honour
    finally:
        first.close()
        second.close()
        bob.close()
