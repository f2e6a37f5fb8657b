"""Shared by the tests of a new device's catch-up over the loopback
transport made like Matrix's encryption (``LoopbackNetwork(late_devices=True)``:
a device reads only what was sent after it first connected): a home whose
transport names its device, signed in through the ``online`` questions;
Alice and Bob seated with three passes played (the ``game`` fixture); a
new device's link of Bob's fed by hand (``laptop_link``) with the parts
of an answer (``answer_messages``); Bob's laptop asking for a game while
Alice's program and his first computer are closed (``laptop_asking``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.online import catchup
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.match import GameLink
from audio_scrabble.online.transport import Message

from homes_kit import PASSWORD, Player, seated, settle  # type: ignore[import-not-found]

#: the laptop's box secret
BOX = bytes(range(32))
#: the moves play_some makes
PASSES = 3


class Device(Player):
    """A home whose transport names its device (a second computer is another)."""

    def __init__(self, net: LoopbackNetwork, name: str, folder: Path, lexicon: Any, device: str) -> None:
        self.device = device
        super().__init__(net, name, folder, lexicon)

    def _connect(self) -> LoopbackTransport:
        t = LoopbackTransport(self.net, self.user, device=self.device)
        self.transports.append(t)
        return t


def sign_in(p: Player) -> list[str]:
    """``online``, its questions answered: what the last answer said."""
    p.line("online")
    p.line("example.org")
    p.line(p.user.split(":")[0].lstrip("@"))
    return p.line(PASSWORD)


def play_some(alice: Player, bob: Player) -> int:
    """Invite, accept, three passes; the number of moves made."""
    seated(alice, bob)
    homes = {"Alice": alice, "Bob": bob}
    for _ in range(PASSES):
        game = alice.session.game
        assert game is not None
        mover = homes[game.names[game.current]]
        assert "You passed." in mover.line("pass")
        settle(alice, bob)
        alice.line("")
        bob.line("")
    return PASSES


def two_devices(folder: Path, lexicon: Any) -> tuple[LoopbackNetwork, Device, Device]:
    """Alice and Bob (devices ALICE1 and BOB1, data in ``folder``/alice and
    /bob) on a network of late devices, both signed in."""
    net = LoopbackNetwork(late_devices=True)
    alice = Device(net, "Alice", folder / "alice", lexicon, "ALICE1")
    bob = Device(net, "Bob", folder / "bob", lexicon, "BOB1")
    sign_in(alice)
    sign_in(bob)
    return net, alice, bob


def laptop_asking(net: LoopbackNetwork, alice: Device, bob: Device, folder: Path, lexicon: Any) -> tuple[Device, str]:
    """After play_some: Bob's first computer and Alice's program closed
    (nobody answers yet), Bob signed in on his laptop (device LAPTOP, data
    in ``folder``/laptop), which asks for the game and keeps it aside:
    the laptop and the game's room."""
    room = alice.home.rooms[0]
    bob.close()
    alice.close()
    laptop = Device(net, "Bob", folder / "laptop", lexicon, "LAPTOP")
    try:
        sign_in(laptop)
        assert room in laptop.home.catching
    except BaseException:
        laptop.close()
        raise
    return laptop, room


@pytest.fixture
def game(tmp_path: Path, lexicon: Any) -> Iterator[tuple[LoopbackNetwork, Device, Device, str]]:
    """Two devices (see two_devices), three passes played: the network,
    both and the game's room; both closed after the test. A test module
    imports it (the module's own ``lexicon`` fixture is the word list)."""
    net, alice, bob = two_devices(tmp_path, lexicon)
    try:
        play_some(alice, bob)
        yield net, alice, bob, alice.home.rooms[0]
    finally:
        alice.close()
        bob.close()


def laptop_link(net: LoopbackNetwork, room: str, lexicon: Any) -> GameLink:
    """Bob's new device's link to ``room`` (device LAPTOP, box BOX)."""
    t = LoopbackTransport(net, "@bob:loopback", device="LAPTOP")  # never listens: fed by hand
    return GameLink(t, room, lexicon, {}, box_secret=BOX)


def answer_messages(room: str, sender: str, tag: str, entries: list[dict[str, Any]], seed: str = "") -> list[Message]:
    """The messages of an answer to the laptop's ask: ``entries`` (and a sealed ``seed``)."""
    return [Message(room, sender, f"${tag}.{i}", "answer", part)
            for i, part in enumerate(catchup.answer_parts(tag, "LAPTOP", entries, seed))]
