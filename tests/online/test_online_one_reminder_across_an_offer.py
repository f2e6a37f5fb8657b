"""One reminder a turn, even when an offer to end the game (or its no)
comes between: the waiting side's program reminds the late player once
half their time is gone; the late player then offers to end the game and
the other declines, no move made: the clock still runs from the last
turn, and no second reminder goes. Before, the reminder was keyed by the
log's length, so each such record let one more go for the same turn.
Over the loopback with one injected clock (homes_kit.clocked_homes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.offers import DAY_MS

from homes_kit import by_turn, clocked_homes, settle  # type: ignore[import-not-found]
from test_online_console_corresp import reminders  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_no_second_reminder_after_an_offer_and_its_no(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (clock, net, alice, bob):
        alice.line("invite @bob:loopback days 3")
        settle(alice, bob)
        bob.line("games")
        bob.line("accept 1")
        settle(alice, bob)
        alice.line("")
        bob.line("")
        late, waiting = by_turn(alice, bob)
        room = alice.home.rooms[0]
        clock.now += DAY_MS * 3 // 2
        waiting.home.tick()
        settle(alice, bob)
        assert len(reminders(net, room)) == 1
        late.line("offer end")
        settle(alice, bob)
        waiting.line("")
        waiting.line("decline")
        settle(alice, bob)
        clock.now += DAY_MS // 4
        waiting.home.tick()
        settle(alice, bob)
        waiting.home.tick()
        settle(alice, bob)
        assert len(reminders(net, room)) == 1, reminders(net, room)
