"""Days a move between homes and the records that are not a turn of the
game: an offer to end the game, its yes or its no, and a record of a
kind a later program added (taken as a step that changes nothing). None
of them restarts the clock of the player to move: the time runs from the
last record that is a turn (or the deal's). Before, every record did,
so a player whose time was running out kept it from running out by
offering to end (one fresh period per offer), or, with a program that
sends a later kind (or a forged one), without end: the other player
could never claim the game on time. Over the loopback transport with an
injected server clock (test_online_clock's Pair)."""

from __future__ import annotations

from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.match import GameLink
from audio_scrabble.online.offers import DAY_MS

from test_online_clock import Pair  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def later_step(pair: Pair, seat: int, kind: str = "wave") -> None:
    """``seat`` sends a record of a kind a later program added."""
    link: GameLink = pair.links[seat]
    with link._lock:
        record, body = link.state._finish(link.state._base(kind))
    link._send(record, body)
    pair.idle()


def test_a_later_kind_does_not_keep_the_late_players_time_from_running_out(lexicon: Any) -> None:
    pair = Pair(lexicon, days=3)
    late = pair.to_play()
    waiting = 1 - late
    since = pair.links[0].state.clock_since()
    for day in (1, 2):  # the late player's program sends a later kind each day, no move
        pair.clock.now = since + day * DAY_MS
        later_step(pair, late)
    assert pair.refused == [[], []]
    assert [link.state.clock_since() for link in pair.links] == [since, since]
    pair.clock.now = since + 3 * DAY_MS
    pair.links[waiting].claim(pair.clock.now)  # before: refused, too early
    pair.idle()
    assert pair.refused == [[], []]
    assert [link.state.timed_out for link in pair.links] == [late, late]


def test_an_offer_to_end_and_its_no_do_not_restart_the_clock(lexicon: Any) -> None:
    pair = Pair(lexicon, days=3)
    late = pair.to_play()
    waiting = 1 - late
    since = pair.links[0].state.clock_since()
    pair.clock.now = since + 2 * DAY_MS
    pair.links[late].agreement("offer_end")
    pair.idle()
    pair.clock.now += 1000
    pair.links[waiting].agreement("decline_end")
    pair.idle()
    pair.clock.now += 1000
    pair.links[late].agreement("offer_end")  # offered again: the offer stands while the time runs
    pair.idle()
    assert pair.refused == [[], []]
    assert [link.state.clock_since() for link in pair.links] == [since, since]
    pair.clock.now = since + 3 * DAY_MS
    pair.links[waiting].claim(pair.clock.now)  # a claim while the late player's offer stands
    pair.idle()
    assert pair.refused == [[], []]
    for link in pair.links:
        assert link.state.timed_out == late
        assert link.state.final is not None and link.state.final.timed_out == late
        assert not link.state.final.agreed


def test_a_move_still_restarts_it(lexicon: Any) -> None:
    pair = Pair(lexicon, days=3)
    late = pair.to_play()
    pair.clock.now = pair.links[0].state.clock_since() + DAY_MS
    pair.links[late].agreement("offer_end")
    pair.idle()
    pair.clock.now += DAY_MS
    pair.links[late].send_action({"type": "pass"})
    pair.idle()
    assert [link.state.clock_since() for link in pair.links] == [pair.clock.now] * 2
    assert [link.state.end_offered for link in pair.links] == [None, None]
