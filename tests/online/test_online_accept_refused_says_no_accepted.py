"""``accept N`` says something at once (homes12: the room's join and read
take a while over a real homeserver), but what it says at once must hold
whatever follows. homes12 said "Accepted; dealing the bag with Alice,
this takes a moment." before the room was joined: when the join then
failed (no answer from the homeserver), the player heard that the game
was accepted and the bag being dealt, then that nothing answered; the
offer stood, not accepted. Now the words said at once name only what is
being tried ("Joining Alice's game."), and "Accepted; dealing the bag"
comes with the answer, once the join is done. Over the loopback transport."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.failures import Unreachable
from audio_scrabble.online.loopback import LoopbackTransport
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import online_prompts

from homes_kit import Player, settle, signed_in  # type: ignore[import-not-found]


class Cut(LoopbackTransport):
    """The network cut as the room is joined."""

    def accept(self, room: str) -> None:
        raise Unreachable("loopback", "joining the game")


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_failed_join_was_never_said_accepted(tmp_path: Path, lexicon: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon)
    monkeypatch.setattr(Player, "transport_type", Cut)
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    try:
        bob.session.say_at_once = said.extend
        alice.line("invite @bob:loopback")
        settle(alice, bob)
        bob.line("games")
        out = bob.line("accept 1")
        assert "did not answer" in " ".join(out), out
        heard = " ".join(said + out)
        assert "Accepted" not in heard and "dealing" not in heard, (said, out)
        assert said == online_prompts.joining_game("Alice"), said
    finally:
        alice.close()
        bob.close()
