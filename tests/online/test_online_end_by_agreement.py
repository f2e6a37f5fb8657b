"""An end by agreement between homes (online/record.py, referee.py,
match.py), over the loopback transport, link by link: one player offers
to end the game here (``offer_end``), the other agrees (``agree_end``)
or declines (``decline_end``); an offer lapses with the next turn. The
game agreed is over as it stands (no rack penalties, the leader wins),
the keys of the deal still shown and checked at the end, with no loser
by time or resignation, and its GCG record notes it. A yes with no offer
standing, from the offerer, a second offer, an offer in a game of three:
refused on every side, nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from audio_scrabble.errors import OnlineError
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.match import DONE, PLAY, GameLink
from audio_scrabble.online.record import Record, format_record
from audio_scrabble.online.referee import Applied

NAMES = ["Alice", "Bob", "Cy"]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class Pair:
    """n sides of one game over the loopback, each with its own link."""

    def __init__(self, lexicon: Any, n: int = 2) -> None:
        self.net = LoopbackNetwork()
        self.users = [f"@{NAMES[i].lower()}:loopback" for i in range(n)]
        self.transports = [LoopbackTransport(self.net, u) for u in self.users]
        game_id = f"agree-{n}"
        seeds: list[dict[str, bytes]] = [{game_id: bytes([i + 1]) * 32} for i in range(n)]
        self.heard: list[list[Applied]] = [[] for _ in range(n)]
        self.refused: list[list[str]] = [[] for _ in range(n)]
        first = GameLink.offer(self.transports[0], NAMES[0], [(NAMES[i], self.users[i]) for i in range(1, n)],
                               "single", lexicon, seeds[0], game_id=game_id, **self.callbacks(0))
        first.listen()
        self.room = first.room
        self.links = [first]
        for i in range(1, n):
            link = GameLink.join(self.transports[i], self.room, lexicon, seeds[i], **self.callbacks(i))
            link.listen()
            self.links.append(link)
        self.idle()

    def callbacks(self, i: int) -> dict[str, Any]:
        return {"on_record": self.heard[i].append, "on_refused": lambda e, msg: self.refused[i].append(e.code)}

    def idle(self) -> None:
        while True:
            count = len(self.net.messages(self.room))
            for t in self.transports:
                t.wait_idle()
            for link in self.links:
                assert link.flush()
            if len(self.net.messages(self.room)) == count:
                return

    def mover(self) -> int:
        return next(i for i, link in enumerate(self.links) if link.pending() == PLAY)

    def passes(self) -> None:
        self.links[self.mover()].send_action({"type": "pass"})
        self.idle()

    def close(self) -> None:
        for link in self.links:
            link.close()
        for t in self.transports:
            t.close()


@pytest.fixture
def pair(lexicon: Any) -> Any:
    p = Pair(lexicon)
    yield p
    p.close()


def test_offer_and_agree_end_the_game_as_it_stands_checked_on_both_sides(pair: Pair) -> None:
    pair.passes()
    pair.passes()
    scores = list(pair.links[0].state.game.scores())
    pair.links[0].agreement("offer_end")
    pair.idle()
    assert [link.state.end_offered for link in pair.links] == [0, 0]
    pair.links[1].agreement("agree_end")
    pair.idle()
    for link in pair.links:
        assert link.pending() == DONE
        final = link.state.final
        assert final is not None and final.checked and final.agreed
        assert final.loser is None and final.resigned is None and final.timed_out is None
        assert list(final.totals) == scores  # no rack penalties
        assert "#note Ended by agreement" in final.gcg
    assert pair.links[0].state.final.gcg == pair.links[1].state.final.gcg
    assert [r.kind for r in pair.links[0].state.log[-4:]] == ["offer_end", "agree_end", "end", "end"]
    assert pair.refused == [[], []]


def test_a_move_lapses_the_offer_and_a_late_yes_is_refused(pair: Pair) -> None:
    other = 1 - pair.mover()
    pair.links[other].agreement("offer_end")  # offered out of turn: it stands
    pair.idle()
    assert pair.links[0].state.end_offered == other
    pair.passes()  # the player to move plays on: lapsed
    assert [link.state.end_offered for link in pair.links] == [None, None]
    with pytest.raises(OnlineError) as e:
        pair.links[1 - other].agreement("agree_end")
    assert e.value.code == "no_offer"
    assert all(link.state.playing for link in pair.links)


def test_decline_keeps_the_game_on(pair: Pair) -> None:
    pair.links[0].agreement("offer_end")
    pair.idle()
    pair.links[1].agreement("decline_end")
    pair.idle()
    for link in pair.links:
        assert link.state.end_offered is None and link.state.playing and not link.state.agreed
    with pytest.raises(OnlineError):
        pair.links[1].agreement("agree_end")
    assert pair.refused == [[], []]


@pytest.mark.parametrize("second, kind, code", [(0, "offer_end", "offered"), (1, "offer_end", "offered"),
                                                (0, "agree_end", "no_offer"), (0, "decline_end", "no_offer")])
def test_refused_when_composed_twice_or_by_the_offerer(pair: Pair, second: int, kind: str, code: str) -> None:
    pair.links[0].agreement("offer_end")
    pair.idle()
    with pytest.raises(OnlineError) as e:
        pair.links[second].agreement(kind)
    assert e.value.code == code
    assert pair.links[0].state.end_offered == 0


def test_a_forged_yes_from_the_offerer_is_refused_on_every_side(pair: Pair) -> None:
    pair.links[0].agreement("offer_end")
    pair.idle()
    st = pair.links[0].state
    forged = Record(st.game_id, len(st.log), st.head, 0, "agree_end")
    pair.net.inject(pair.room, pair.users[0], "Alice agrees.", format_record(forged))
    pair.idle()
    assert pair.refused == [["no_offer"], ["no_offer"]]
    assert str(pair.links[1].last_refusal) == "Alice sent an answer to an offer to end that was not made; it was refused."
    assert all(link.state.playing and link.state.end_offered == 0 for link in pair.links)


def test_a_yes_with_no_offer_in_the_room_is_refused(pair: Pair) -> None:
    st = pair.links[1].state
    forged = Record(st.game_id, len(st.log), st.head, 1, "agree_end")
    pair.net.inject(pair.room, pair.users[1], "Bob agrees.", format_record(forged))
    pair.idle()
    assert pair.refused == [["no_offer"], ["no_offer"]]
    assert all(link.state.playing for link in pair.links)


def test_a_game_of_three_cannot_end_by_agreement(lexicon: Any) -> None:
    three = Pair(lexicon, 3)
    try:
        with pytest.raises(OnlineError) as e:
            three.links[0].agreement("offer_end")
        assert e.value.code == "two_only"
    finally:
        three.close()


def test_after_the_end_no_offer(pair: Pair) -> None:
    pair.links[0].agreement("offer_end")
    pair.idle()
    pair.links[1].agreement("agree_end")
    pair.idle()
    with pytest.raises(OnlineError) as e:
        pair.links[0].agreement("offer_end")
    assert e.value.code == "over"
