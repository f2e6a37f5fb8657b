"""An honour game handed over by an older program, then asked back, stays
on the computer that asked for it (online/honour_moving.py: hand_over,
HonourAsk.handle; console/homes/online_catching.py: ask_back).

A hand-over now seals its own mark (``moved``: to which device, for
which ask) into the log it sends, so the computer that takes the game
knows that ask was answered. An older program sealed the log without it
(it kept the mark in its own log only). Its game, handed to the second
computer and asked back by the first (upgraded since), came back with a
log holding no mark for the second computer's first ask, still in the
room: the first computer, reading the room as it took the game, answered
that old ask and handed the game straight back ("That game moved to your
other computer"), while the second, having handed it over, waited for
nothing. Now the computer taking a log back keeps its own hand-over mark
where the log that came lacks it, as a newer program would have sealed it.

An older program handing the game back (without its mark) leaves out the
mark of an ask of the taking computer's own device, which that computer
never answers; but when the game then goes on to the older computer's
side again, that computer, taking it, would answer the first computer's
ask: its own mark is kept there too. The older program is played here by
sealing the log without its last entry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import honour_moving

from honour_kit import Computers, listed_as_moved, played_by  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _sealed_as_before(real: Any) -> Any:
    """seal_log as an older program called it: the log without the hand-over mark."""

    def seal(box: str, entries: Any) -> list[str]:
        listed = list(entries)
        if listed and listed[-1].get("kind") == honour_moving.MOVED:
            listed = listed[:-1]
        return list(real(box, listed))

    return seal


def test_asked_back_after_an_older_hand_over_stays_here(tmp_path: Path, lexicon: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    homes = Computers(tmp_path, lexicon)
    try:
        with monkeypatch.context() as older:
            older.setattr(honour_moving, "seal_log", _sealed_as_before(honour_moving.seal_log))
            first, second, room = homes.handed_over()
        assert room in second.home.honour and room not in first.home.honour
        played_by(homes, room, second, first)
        first.line(f"open {listed_as_moved(first)}")  # asked back
        homes.idle(first, second)
        kinds = [e.get("kind") for e in first.home.store.game_log(room).entries()]
        assert room in first.home.honour and room not in first.home.moved, (first.heard[-4:], kinds[-6:])
        assert room not in second.home.honour
        played_by(homes, room, first, second)  # only the first answers Bob
        # and at the first computer's next start, the room read again: still here
        first.close()
        first = homes.host("first", "ALICE1")
        first.sign_in()
        homes.idle(first, second)
        assert room in first.home.honour and room not in first.home.moved
        played_by(homes, room, first, second)
    finally:
        homes.close()


def test_handed_back_by_an_older_program_then_on_again(tmp_path: Path, lexicon: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    homes = Computers(tmp_path, lexicon)
    try:
        first, second, room = homes.handed_over()
        played_by(homes, room, second, first)
        with monkeypatch.context() as older:  # the second computer's program hands it back as before
            older.setattr(honour_moving, "seal_log", _sealed_as_before(honour_moving.seal_log))
            first.line(f"open {listed_as_moved(first)}")
            homes.idle(first, second)
        assert room in first.home.honour and room not in second.home.honour
        played_by(homes, room, first, second)
        second.line(f"open {listed_as_moved(second)}")  # and on to the second again
        homes.idle(first, second)
        kinds = [e.get("kind") for e in second.home.store.game_log(room).entries()]
        assert room in second.home.honour and room not in second.home.moved, (second.heard[-4:], kinds[-6:])
        assert room not in first.home.honour
        played_by(homes, room, second, first)
    finally:
        homes.close()
