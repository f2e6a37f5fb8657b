"""A device that cannot read a game asks for it once: at each later start,
while that ask is unanswered, it stands and nothing new is sent to the
room. Matrix keeps a transaction id only a while (Synapse: about half an
hour), so the ask must not lean on the same id being sent again: starts a
day apart (the network's memory of transaction ids cleared between them)
must not add one ask to the room per start."""
from __future__ import annotations

from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import catchup
from audio_scrabble.online.loopback import LoopbackTransport
from audio_scrabble.online.match import GameLink
from audio_scrabble.online.transport import Message

from catchup_kit import BOX, game  # type: ignore[import-not-found]  # noqa: F401 (the fixture)


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_an_unanswered_ask_is_not_sent_again_at_each_start(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    alice.close()
    bob.close()

    def asks() -> list[Message]:
        return [m for m in net.messages(room) if m.record is not None and m.record.get("catchup") == "ask"]

    t = LoopbackTransport(net, "@bob:loopback", device="LAPTOP")
    link = GameLink(t, room, lexicon, {}, box_secret=BOX)
    link.catch_up()
    assert link.ask_catch_up() and len(asks()) == 1
    for start in range(4):  # four more starts, a day apart: the server has forgotten the transaction ids
        net.room(room).txns.clear()
        again = GameLink(t, room, lexicon, {}, box_secret=BOX)
        again.catch_up()
        assert again.ask_catch_up(), "the ask that stands was not said to stand"
        assert len(asks()) == 1, f"start {start + 2} sent the ask again: {len(asks())} asks in the room"
    # answered falsely: still behind, it asks again, once
    for part in catchup.answer_parts("lie", "LAPTOP", whole[:-1]):
        net.inject(room, "@alice:loopback", "answer", {**part, "ask": asks()[0].event_id})
    for _ in range(3):
        net.room(room).txns.clear()
        restart = GameLink(t, room, lexicon, {}, box_secret=BOX)
        restart.catch_up()
        assert not restart.state.log and restart.ask_catch_up()
    assert len(asks()) == 2, len(asks())
