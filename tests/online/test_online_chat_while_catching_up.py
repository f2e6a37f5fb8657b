"""A new device's game kept aside while it is caught up (console/homes/
online_catching.py) keeps the chat lines it reads meanwhile, those read
at start and those heard live, and says them after "Caught up: ...", in
the room's order, once (counted in the game's log: not said again at the
next start). Before, the link kept aside had no chat callback: the lines
were marked heard and never said (the next start's count skipped them).
Over the loopback transport made like Matrix's encryption (late devices,
tests/online/catchup_kit.py): Bob's laptop asks while Alice's program and
his first computer are closed; Alice's lines come before her answer (and
before his first computer's, when hers waits for it)."""

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


def _at(heard: list[str], words: str) -> int:
    return next((i for i, line in enumerate(heard) if words in line), -1)


@pytest.mark.parametrize("own_answer", [False, True])
def test_chat_read_while_a_game_is_caught_up_is_said_after_caught_up_in_order(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch, own_answer: bool) -> None:
    """``own_answer``: Alice's answer (no keys of Bob's) waits for his first
    computer's, which comes: the lines are said after that one's "Caught up"."""
    if own_answer:
        monkeypatch.setattr(online_catching, "OWN_ANSWER_WAIT", 30.0)
    net, alice, bob = two_devices(tmp_path, lexicon)
    laptop: Device | None = None
    bob2: Device | None = None
    try:
        play_some(alice, bob)
        laptop, room = laptop_asking(net, alice, bob, tmp_path, lexicon)  # nobody answers the laptop's ask yet
        laptop.close()
        net.inject(room, alice.user, "first while you wait", None)  # read at the laptop's next start
        laptop.start()
        laptop.home.connect()
        assert room in laptop.home.catching
        net.inject(room, alice.user, "second while you wait", None)  # heard live, still caught up
        settle(laptop)
        alice.start()
        alice.home.connect()  # her program answers the ask
        settle(alice, laptop)
        if own_answer:
            assert not any("Caught up" in line for line in laptop.line("")), laptop.heard  # it waits
            bob2 = Device(net, "Bob", tmp_path / "bob", lexicon, "BOB1")
            bob2.home.connect()  # his first computer answers, with his keys
            settle(bob2, laptop, alice)
        laptop.line("")
        heard = laptop.heard
        caught, first, second = (_at(heard, w) for w in ("Caught up", "first while you wait",
                                                         "second while you wait"))
        assert 0 <= caught < first < second, heard
        assert sum("while you wait" in line for line in heard) == 2, heard  # each once
        laptop.close()
        laptop.heard.clear()
        laptop.start()
        again = laptop.home.connect()
        settle(laptop)
        assert "while you wait" not in joined(again + laptop.line("")), again  # not again at the next start
    finally:
        for p in (alice, bob, laptop, bob2):
            if p is not None:
                p.close()
