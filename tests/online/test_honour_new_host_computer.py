"""An honour game's host on a new computer (online/honour_moving.py,
HonourLink's hand-over, console/homes/online_catching.py).

Over the loopback transport made like Matrix's encryption
(``LoopbackNetwork(late_devices=True)``: a device reads only what was sent
after it first connected). Alice hosts an honour game with Bob (a phone);
she signs in on a second computer with an empty data folder:

* the new computer asks; her first computer (running, or at its next
  start) sends the game's log sealed to the new computer's box and hands
  the game over: the new one answers Bob's moves from then on, the first
  one says the game moved and refuses an action there;
* the room never shows the deal's seed: Bob's app sees a readable line and
  ciphertext that only the new computer's box opens;
* the first computer, started again, neither lists the game nor asks for it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import honour_moving
from audio_scrabble.presentation import honour_prompts, prompts_homes

from honour_kit import ALICE, Computers, Host  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _begun(homes: Computers) -> tuple[Host, str]:
    first, room = homes.invited()
    link = first.link()
    if link.game.current == link.friend_seat:
        homes.types(room, "pass", first)
    else:
        assert any("passed" in line for line in first.line("pass"))
        first.idle()
    assert len(link.game.actions) == 1
    return first, room


def test_the_running_first_computer_hands_the_game_to_the_new_one(tmp_path: Path, lexicon: Any) -> None:
    homes = Computers(tmp_path, lexicon)
    try:
        first, room = _begun(homes)
        old = first.link()
        rack = list(old.game.players[0].rack)
        second = homes.host("second", "ALICE2")
        said = second.sign_in()
        homes.idle(first, second)
        assert prompts_homes.honour_asked("Bob")[0] in said, said
        new = second.home.honour[room]
        assert new is not old and new.moved_to == ""
        assert list(new.game.players[0].rack) == rack and new.game.actions == old.game.actions
        assert old.moved_to == "ALICE2" and room not in first.home.honour
        assert room in first.home.moved and room in first.home.rooms  # listed as on the other computer
        assert prompts_homes.honour_moved("Bob")[0] in first.line("") + first.heard
        assert prompts_homes.honour_came("Bob")[0] in second.line("") + second.heard
        # Bob moves: the new computer answers, the first one does not
        before = len(homes.net.messages(room))
        game = new.game
        if game.current != new.friend_seat:
            second.line("open 1")
            assert any("passed" in line for line in second.line("pass")), second.heard[-4:]
            homes.idle(first, second)
        homes.types(room, "pass", first, second)
        answers = [m for m in homes.net.messages(room)[before:] if m.sender == ALICE]
        assert answers and all(m.device == "ALICE2" for m in answers), [m.device for m in answers]
        assert len(new.game.actions) >= 2 and len(old.game.actions) == 1
        with pytest.raises(Exception) as refused:
            old.say("hello")
        assert str(refused.value) == prompts_homes.HONOUR_MOVED_AWAY
        # nothing private in the clear: the seed only sealed, opened by the new computer's box alone
        for m in homes.net.messages(room):
            assert '"seed"' not in json.dumps(m.record or {}) and '"config"' not in m.body
        sealed = [m.record for m in homes.net.messages(room)
                  if m.record is not None and m.record.get("catchup") == honour_moving.ANSWER]
        chunks = [str(r["sealed"]) for r in sealed]
        assert honour_moving.open_log(second.store.catchup_secret(), chunks) is not None
        assert honour_moving.open_log(first.store.catchup_secret(), chunks) is None
        # the first computer again: the game is not played here (listed as on the other computer), not asked for
        first.close()
        asks = len([m for m in homes.net.messages(room) if m.record and m.record.get("catchup") == "ask"])
        again = homes.host("first", "ALICE1")
        again.sign_in()
        homes.idle(again, second)
        assert room not in again.home.honour and room not in again.home.catching and room in again.home.moved
        assert len([m for m in homes.net.messages(room) if m.record and m.record.get("catchup") == "ask"]) == asks
        assert second.home.honour[room].moved_to == ""
    finally:
        homes.close()


def test_a_first_computer_that_was_off_hands_over_at_its_start(tmp_path: Path, lexicon: Any) -> None:
    homes = Computers(tmp_path, lexicon)
    try:
        first, room = _begun(homes)
        actions = list(first.link().game.actions)
        first.close()
        second = homes.host("second", "ALICE2")
        second.sign_in()
        second.idle()
        assert room in second.home.catching and room not in second.home.honour
        again = homes.host("first", "ALICE1")
        again.sign_in()
        homes.idle(again, second)
        assert room not in again.home.honour
        assert prompts_homes.honour_moved("Bob")[0] in again.line("") + again.heard
        assert second.home.honour[room].game.actions == actions
        assert room not in second.home.catching
    finally:
        homes.close()


def test_a_log_is_sealed_in_parts_that_fit_and_opens_whole() -> None:
    import os

    entries = [{"kind": "honour", "config": {"seed": 5}}] + [
        {"kind": "heard", "event": os.urandom(40).hex()} for i in range(3_000)]
    secret = bytes(range(32))
    chunks = honour_moving.seal_log(honour_moving.cu.box_public(secret), entries)
    assert len(chunks) > 1 and all(len(c) <= honour_moving.CHUNK for c in chunks)
    parts = honour_moving.answer_parts("t", "DEV", chunks, "$ask")
    assert all(len(json.dumps(p)) < 40_000 for p in parts)
    read = [honour_moving.read_part(p) for p in parts]
    assert honour_moving.open_log(secret, [r.sealed for r in read if r is not None]) == entries
    assert honour_moving.open_log(bytes(range(1, 33)), chunks) is None


def test_what_the_host_hears_fits_a_braille_line() -> None:
    long = "Bartholomew-Fitzwilliam"
    lines = (prompts_homes.honour_asked(long) + prompts_homes.honour_came(long)
             + prompts_homes.honour_moved(long))
    assert all(0 < len(line) <= 40 for line in lines), lines
    assert honour_prompts.room_name("Alice", "Bob").startswith(honour_moving.ROOM_PREFIX)
    assert honour_moving.hosted_here(honour_prompts.room_name("Alice", "Bob"), "Alice")
    assert not honour_moving.hosted_here(honour_prompts.room_name("Alice", "Bob"), "Bob")
