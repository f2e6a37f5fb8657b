"""A game caught up on a new device counts its chat lines from when it
came here (online_since.CHATS_SINCE, written as online_catching keeps
the game): a line sent before, heard on the player's other computer, is
not said at a later start once this device can read it (under Matrix,
the room's keys forwarded by the other computer; here the loopback's
late device made to read the whole room), and a line said here is not
said again. Before, the game's count started at 0 with nothing to say
where from: at the second start the count was laid over every readable
line, the older ones first, so a line heard on the other computer, or
the one already said here, was said as "said while you were away"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork

from catchup_kit import Device, game, sign_in  # type: ignore[import-not-found]  # noqa: F401 (the fixture)
from homes_kit import settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_lines_from_before_the_new_device_are_not_said_when_it_can_read_them(
        game: tuple[LoopbackNetwork, Device, Device, str], tmp_path: Path, lexicon: Any) -> None:
    net, alice, bob, room = game
    alice.line("say heard on the first computer")
    settle(alice, bob)
    assert "heard on the first computer" in joined(bob.line("") + bob.heard)
    laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
    try:
        sign_in(laptop)
        settle(alice, bob, laptop)
        assert room in laptop.home.links  # caught up (Alice's program answered)
        alice.line("say heard on the laptop")
        settle(alice, bob, laptop)
        first = joined(laptop.line("") + laptop.heard)
        assert "heard on the laptop" in first and "heard on the first computer" not in first, first
        laptop.close()
        net._devices_from[(laptop.user, "LAPTOP")] = 0  # the room's keys forwarded: it reads all now
        laptop.heard.clear()
        laptop.start()
        again = joined(laptop.home.connect() + laptop.line(""))
        settle(laptop)
        assert "heard on the first computer" in joined(
            m.body for m in laptop.transports[-1].history(room) if m.record is None)  # readable now
        assert "heard on" not in again, again  # neither said again
    finally:
        laptop.close()
