"""Shared by the honour-mode tests over a real homeserver (the ``synapse``
fixture). Importing it skips the test module, saying why, when
matrix-nio or its encryption is missing. Alice's console is the host
(honour_kit.Host, signed in to the fixture's Synapse); Bob has accounts
only until a test signs in one of his devices, a bare Matrix client as a
phone's app is, which sees the invitation and accepts it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

nio = pytest.importorskip("nio", reason="matrix-nio is not installed (the online extra)")
from nio.crypto import ENCRYPTION_ENABLED  # noqa: E402

if not ENCRYPTION_ENABLED:
    pytest.skip("matrix-nio has no encryption here (vodozemac missing)", allow_module_level=True)

from audio_scrabble.console.homes.online_watch import display_name  # noqa: E402
from audio_scrabble.online.matrix import MatrixTransport  # noqa: E402
from audio_scrabble.online.store import OnlineStore  # noqa: E402
from audio_scrabble.persistence import SaveStore  # noqa: E402

from honour_kit import Host, wait_until  # noqa: E402

#: how long a step over the homeserver may take (s)
WAIT = 60.0


class Friends:
    """Alice's console (the host, its saves in ``folder``/saves) and Bob's
    account on the fixture's Synapse; ``ann`` and ``ben``: their names as
    the program says them (the fixture's users have numbered names)."""

    def __init__(self, synapse: Any, folder: Path, lexicon: Any) -> None:
        self.url, self.folder = synapse.url, folder
        self.alice_id, self.alice_password = synapse.new_user("alice")
        self.bob_id, self.bob_password = synapse.new_user("bob")
        self.ann, self.ben = display_name(self.alice_id), display_name(self.bob_id)
        self.saves = SaveStore(folder / "saves")
        self.host = Host(None, folder / "alice", lexicon, self.saves, seed=7)
        self.devices: list[MatrixTransport] = []

    def device(self, name: str = "bob") -> MatrixTransport:
        """One of Bob's devices signed in (its keys in ``folder``/``name``)."""
        device = MatrixTransport.sign_in(self.url, self.bob_id, self.bob_password, OnlineStore(self.folder / name))
        self.devices.append(device)
        return device

    def sign_in(self) -> list[str]:
        """Alice's ``online``, its questions answered: what the last answer said."""
        return self.host.sign_in(self.url, self.alice_id, self.alice_password)

    def invite(self) -> list[str]:
        """Alice invites Bob to an honour game: what she heard."""
        return self.host.line(f"invite {self.bob_id} honour")

    def accept(self, device: MatrixTransport, room: str) -> None:
        """Bob's ``device`` sees the invitation to ``room`` and accepts it."""
        assert wait_until(lambda: any(i.room == room for i in device.invitations()), WAIT)
        device.accept(room)

    def one_move_made(self) -> tuple[MatrixTransport, str, Any]:
        """Bob's device, the room and Alice's link of an honour game begun:
        signed in, invited, accepted, and the first move made (Alice's pass
        at her console, or Bob's typed on his device), heard by her program."""
        bob = self.device()
        self.sign_in()
        self.invite()
        room = self.host.home.rooms[0]
        link = self.host.link()
        self.accept(bob, room)
        if link.game.current == 0:
            self.host.line("pass")
        else:
            bob.send(room, "pass", None, "bob.1")
            assert wait_until(lambda: len(link.game.actions) == 1, WAIT)
        self.host.home.wait_idle()
        return bob, room, link

    def close(self) -> None:
        self.host.close()
        for device in self.devices:
            device.close()


@contextmanager
def friends(synapse: Any, folder: Path, lexicon: Any) -> Iterator[Friends]:
    """Alice's console and Bob's account; the console and every device of
    his closed when the test is done, pass or fail."""
    two = Friends(synapse, folder, lexicon)
    try:
        yield two
    finally:
        two.close()
