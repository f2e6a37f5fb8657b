"""What a new device of Bob's says when it is caught up (console/homes/
online_catching.py, presentation/prompts_homes.py):

* a game with no move played yet: "Caught up: no moves yet in Alice's
  game.", not "Caught up: 0 moves from Alice's game.";
* caught up first by Alice's answer (no keys of Bob's in it) while his
  own other computer's answer (with his keys) is on its way: one thing
  said, that the game came from his other computer, not "cannot be read
  here ... type resign" and then "With it your keys came" (the Alice
  answer waits OWN_ANSWER_WAIT seconds for his own);
* when his own computer does not answer in that time, the way out is
  said as before.

Over the loopback transport made like Matrix's encryption (late devices)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes import online_catching
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import prompts_homes

from catchup_kit import Device, play_some, sign_in, two_devices  # type: ignore[import-not-found]
from homes_kit import seated, settle  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _heard_until(p: Device, words: str, seconds: float = 10.0) -> list[str]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        p.line("")
        if any(words in line for line in p.heard):
            break
        time.sleep(0.1)
    return p.heard


def test_caught_up_before_any_move_says_no_moves_yet(tmp_path: Path, lexicon: Any) -> None:
    net, alice, bob = two_devices(tmp_path, lexicon)
    laptop: Device | None = None
    try:
        seated(alice, bob)  # no move played
        bob.close()
        laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
        sign_in(laptop)
        settle(alice, laptop)
        heard = _heard_until(laptop, "Caught up")
        assert prompts_homes.caught_up(0, "Alice") == ["Caught up: no moves yet in Alice's game."]
        assert prompts_homes.caught_up(0, "Alice")[0] in heard, heard
        assert not any("0 moves" in line for line in heard), heard
        own = prompts_homes.caught_up(0, "")
        assert not any("0 moves" in line for line in own) and all(len(line) <= 40 for line in own), own
    finally:
        for p in (alice, bob, laptop):
            if p is not None:
                p.close()


def test_the_own_computers_answer_after_the_other_homes_is_said_alone(tmp_path: Path, lexicon: Any,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_catching, "OWN_ANSWER_WAIT", 30.0)
    net, alice, bob = two_devices(tmp_path, lexicon)
    laptop: Device | None = None
    bob2: Device | None = None
    try:
        moves = play_some(alice, bob)
        room = alice.home.rooms[0]
        bob.close()  # his first computer is off when the laptop asks: Alice answers first
        laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
        sign_in(laptop)
        settle(alice, laptop)
        link = laptop.home.links[room]
        assert link.seedless  # Alice's answer taken, without Bob's keys
        bob2 = Device(net, "Bob", tmp_path / "bob", lexicon, "BOB1")
        bob2.home.connect()  # his first computer runs again, seconds later: it answers with his keys
        settle(bob2, laptop, alice)
        assert not link.seedless
        heard = _heard_until(laptop, "Caught up")
        assert prompts_homes.caught_up(moves, "")[0] in heard, heard
        assert not any("cannot be read here" in line for line in heard), heard  # never told to resign
        assert not any("resign" in line for line in heard), heard
        assert prompts_homes.caught_up(moves, "Alice")[0] not in heard, heard  # one thing said
        assert prompts_homes.KEYS_CAME[0] not in heard, heard  # nothing to take back
        assert sum(line.startswith("Caught up") for line in heard) == 1, heard
    finally:
        for p in (alice, bob, laptop, bob2):
            if p is not None:
                p.close()


def test_without_the_own_answer_the_way_out_is_said_after_the_wait(tmp_path: Path, lexicon: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_catching, "OWN_ANSWER_WAIT", 0.5)
    net, alice, bob = two_devices(tmp_path, lexicon)
    laptop: Device | None = None
    try:
        moves = play_some(alice, bob)
        bob.close()  # gone for good
        laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
        sign_in(laptop)
        settle(alice, laptop)
        heard = _heard_until(laptop, "cannot be read here")
        assert prompts_homes.caught_up(moves, "Alice")[0] in heard, heard
        assert any("cannot be read here" in line for line in heard), heard
        assert sum(line.startswith("Caught up") for line in heard) == 1, heard
    finally:
        for p in (alice, bob, laptop):
            if p is not None:
                p.close()
