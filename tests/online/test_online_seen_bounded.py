"""A link keeps no more than about SEEN_KEPT ids of the room's messages
heard (online/match.py ``_seen``; before, every message of the room was
kept for the game's life): older ones lie behind a floor that a read of
the room skips, so nothing is taken twice: no chat line said again, no
record refused as a replay, the game the same on both sides. Over the
loopback transport, with a small SEEN_KEPT (the last SEEN_KEPT // 2
messages of a read are never put behind the floor: they may still be on
their way to the listener, so bursts here stay shorter than that)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import match
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.match import PLAY, GameLink

USERS = ["@alice:loopback", "@bob:loopback"]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class Pair:
    def __init__(self, lexicon: Any) -> None:
        self.net = LoopbackNetwork()
        self.transports = [LoopbackTransport(self.net, u) for u in USERS]
        self.chat: list[list[str]] = [[], []]
        self.refused: list[list[str]] = [[], []]
        seeds: list[dict[str, bytes]] = [{"seen": bytes([i + 1]) * 32} for i in range(2)]
        first = GameLink.offer(self.transports[0], "Alice", [("Bob", USERS[1])], "single", lexicon, seeds[0],
                               game_id="seen", **self._callbacks(0))
        first.listen()
        second = GameLink.join(self.transports[1], first.room, lexicon, seeds[1], **self._callbacks(1))
        second.listen()
        self.links = [first, second]
        self.room = first.room
        self.players = [ComputerPlayer("club", lexicon, rng_seed=i) for i in range(2)]
        self.idle()

    def _callbacks(self, i: int) -> dict[str, Any]:
        return {"on_refused": lambda e, msg: self.refused[i].append(e.code),
                "on_chat": lambda msg: self.chat[i].append(msg.body)}

    def idle(self) -> None:
        while True:
            count = len(self.net.messages(self.room))
            for t in self.transports:
                t.wait_idle()
            if len(self.net.messages(self.room)) == count:
                return

    def move(self) -> None:
        for i, link in enumerate(self.links):
            if link.pending() == PLAY:
                with link._lock:
                    game = link.state.game
                    assert game is not None
                    action = {"type": "accept"} if game.awaiting_final_challenge else self.players[i].choose(game, i)
                link.send_action(action)
                self.idle()
                return

    def close(self) -> None:
        for link in self.links:
            link.close()
        for t in self.transports:
            t.close()


@pytest.fixture()
def pair(lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pair]:
    monkeypatch.setattr(match, "SEEN_KEPT", 16)
    p = Pair(lexicon)
    try:
        yield p
    finally:
        p.close()


def test_the_ids_heard_stay_bounded_and_nothing_is_taken_twice(pair: Pair) -> None:
    for n in range(8):
        pair.move()
        for k in range(6):
            pair.links[n % 2].say(f"line {n}.{k}")
        pair.idle()
    total = len(pair.net.messages(pair.room))
    assert total > 3 * match.SEEN_KEPT
    for link in pair.links:
        assert len(link._seen) <= 2 * match.SEEN_KEPT + 1, len(link._seen)
    for link in pair.links:
        link.catch_up()  # the whole room read again, as at open
    pair.idle()
    assert pair.chat[1] == [f"line {n}.{k}" for n in range(8) for k in range(6)]
    assert pair.chat[0] == pair.chat[1]
    assert pair.refused == [[], []]
    assert pair.links[0].state.hashes == pair.links[1].state.hashes
    assert len(pair.links[0].state.log) > 6


def test_a_record_heard_again_after_its_id_was_let_go_is_not_refused(pair: Pair) -> None:
    pair.move()
    for k in range(60):
        pair.links[0].say(f"chatter {k}")
        if k % 3 == 2:  # heard live in bursts shorter than the ids kept past the floor
            pair.idle()
    for link in pair.links:
        link.catch_up()
    bob = pair.links[1]
    first_move = next(m for m in pair.net.messages(pair.room)
                      if m.record is not None and m.event_id == bob.entries[-1]["event_id"])
    assert first_move.event_id not in bob._seen  # let go, behind the floor
    bob.handle(first_move)  # the same message again, live
    pair.idle()
    assert pair.refused == [[], []]
    assert pair.chat[1] == [f"chatter {k}" for k in range(60)]
