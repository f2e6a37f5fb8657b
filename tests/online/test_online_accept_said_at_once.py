"""``accept N`` says at once what is happening ("Accepted; dealing the
bag with Alice, this takes a moment."), before the room is joined and
read and the deal begun, which over a real homeserver took about 40 s
with nothing said. The app hands the session its voice
(``Session.say_at_once``); without one (piped tests), the sentence is
the command's answer as before. Over the loopback transport."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.presentation import online_prompts

from homes_kit import Player, settle, signed_in  # type: ignore[import-not-found]

SAID: list[str] = []


class Slow(LoopbackTransport):
    """Notes, as the room is joined, what had been said by then."""

    def accept(self, room: str) -> None:
        SAID.append("<joining the room>")
        super().accept(room)


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_accept_says_what_is_happening_before_the_slow_part(tmp_path: Path, lexicon: Any,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    SAID.clear()
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon)
    monkeypatch.setattr(Player, "transport_type", Slow)
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    try:
        bob.session.say_at_once = SAID.extend
        alice.line("invite @bob:loopback")
        settle(alice, bob)
        bob.line("games")
        out = bob.line("accept 1")
        said = online_prompts.accepted_game("Alice")
        assert said == ["Accepted; dealing the bag with Alice,", "this takes a moment."], said
        joining = online_prompts.joining_game("Alice")  # review12: "Accepted" only once joined
        assert SAID[:len(joining) + 1] == [*joining, "<joining the room>"], SAID
        assert out[:len(said)] == said, out  # said once, after the join
        settle(alice, bob)
        assert "Your game with Alice, between homes." in bob.line(""), bob.heard
    finally:
        alice.close()
        bob.close()
