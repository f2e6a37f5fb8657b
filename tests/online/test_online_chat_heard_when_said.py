"""A chat line of a game between homes is heard (marked, never passed on
again) only once the link's ``on_chat`` has taken it: a callback that
fails (the console could not queue it) leaves the line unheard, and the
next read of the room's history passes it on, once, in the room's order.
Before, the link marked the line heard before calling back, so a failure
lost it for as long as the program ran. Two links over the loopback
transport, no listener: each read of the room is a catch_up."""

from __future__ import annotations

from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.match import GameLink
from audio_scrabble.online.transport import Message


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_chat_line_whose_callback_failed_is_passed_on_at_the_next_read(lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice_t, bob_t = LoopbackTransport(net, "@alice:loopback"), LoopbackTransport(net, "@bob:loopback")
    alice = GameLink.offer(alice_t, "Alice", [("Bob", "@bob:loopback")], "single", lexicon,
                           {"g": b"\x01" * 32}, game_id="g")
    heard: list[str] = []
    fail = [True]

    def on_chat(msg: Message) -> None:
        if fail[0]:
            fail[0] = False
            raise RuntimeError("the console could not take it")
        heard.append(msg.body)

    bob = GameLink.join(bob_t, alice.room, lexicon, {"g": b"\x02" * 32}, on_chat=on_chat)
    alice.say("first line")
    alice.say("second line")
    with pytest.raises(RuntimeError):
        bob.catch_up()
    assert heard == []
    bob.catch_up()
    assert heard == ["first line", "second line"]  # the failed one again, then the next, in order
    bob.catch_up()
    assert heard == ["first line", "second line"]  # each once
