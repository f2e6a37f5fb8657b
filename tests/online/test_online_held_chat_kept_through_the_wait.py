"""Chat lines held while a new device's game is caught up
(online_catching.HeldChat) are counted said only once they are taken to
be said: when the program ends during the wait for this player's own
other computer's answer (OWN_ANSWER_WAIT), the lines are said at its next
start, once. Before, they were counted said as the wait began, and lost.
Over the loopback transport made like Matrix's encryption (catchup_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes import online_catching
from audio_scrabble.lexicon import Lexicon

from catchup_kit import Device, laptop_asking, play_some, two_devices  # type: ignore[import-not-found]
from homes_kit import settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_chat_held_through_the_own_answer_wait_is_said_at_the_next_start(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_catching, "OWN_ANSWER_WAIT", 30.0)  # the program ends before the wait is over
    net, alice, bob = two_devices(tmp_path, lexicon)
    laptop: Device | None = None
    try:
        play_some(alice, bob)
        laptop, room = laptop_asking(net, alice, bob, tmp_path, lexicon)  # nobody answers the laptop's ask yet
        net.inject(room, alice.user, "held through the wait", None)  # heard live, still caught up
        settle(laptop)
        alice.start()
        alice.home.connect()  # her program answers the ask (no keys of Bob's): the laptop waits
        settle(alice, laptop)
        assert "held through the wait" not in joined(laptop.line("")), laptop.heard  # still waiting
        laptop.close()  # the program ends during the wait
        laptop.heard.clear()
        laptop.start()
        again = laptop.home.connect()
        settle(laptop)
        news = joined(again + laptop.line(""))
        assert news.count("held through the wait") == 1, news
        laptop.close()
        laptop.heard.clear()
        laptop.start()
        third = laptop.home.connect()
        settle(laptop)
        assert "held through the wait" not in joined(third + laptop.line("")), third  # once
    finally:
        for p in (alice, bob, laptop):
            if p is not None:
                p.close()
