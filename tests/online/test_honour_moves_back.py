"""An honour game handed to the host's second computer, then wanted on
the first again (online/honour_moving.py, console/homes/online_catching.py).

Before, the first computer kept nothing of it in sight: ``games`` did not
list it, nothing was said at its start, and nothing could bring it back.
Now the first computer lists it ("With Bob (honour): on your other
computer; open it to bring it here."); ``open N`` asks the second
computer, which hands it back (running, or at its next start), the same
way it came; the first takes the newest log only (not the older one sealed
to it, still in the room), answers Bob from then on, and can hand it on
again: back and forth, one game. Over the loopback transport made like
Matrix's encryption (late devices)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import prompts_homes

from honour_kit import Computers, listed_as_moved, played_by  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_game_moves_back_to_the_first_computer_and_on_again(tmp_path: Path, lexicon: Any) -> None:
    homes = Computers(tmp_path, lexicon)
    try:
        first, second, room = homes.handed_over()
        assert room in second.home.honour and room not in first.home.honour  # handed over
        played_by(homes, room, second, first)
        actions = list(second.home.honour[room].game.actions)
        # the first computer again: the game is listed as played on the other; open asks it back
        asked = joined(first.line(f"open {listed_as_moved(first)}"))
        assert asked == joined(prompts_homes.honour_asked_back("Bob")), asked
        homes.idle(first, second)
        assert room in first.home.honour and room not in first.home.catching
        assert first.home.honour[room].game.actions == actions  # the newest log: every move made there
        assert prompts_homes.honour_came("Bob")[0] in first.line("") + first.heard
        assert room not in second.home.honour
        assert prompts_homes.honour_moved("Bob")[0] in second.line("") + second.heard
        played_by(homes, room, first, second)
        # and on to the second again, with the second computer closed meanwhile: handed over at its start
        actions = list(first.home.honour[room].game.actions)
        second.close()
        again = homes.host("second", "ALICE2")
        again.sign_in()
        asked = joined(again.line(f"open {listed_as_moved(again)}"))
        homes.idle(first, again)
        assert room in again.home.honour, asked
        assert again.home.honour[room].game.actions == actions
        assert room not in first.home.honour
        played_by(homes, room, again, first)
    finally:
        homes.close()


def test_asked_back_while_the_other_computer_is_off_comes_at_its_start(tmp_path: Path, lexicon: Any) -> None:
    homes = Computers(tmp_path, lexicon)
    try:
        first, second, room = homes.handed_over()
        played_by(homes, room, second, first)
        actions = list(second.home.honour[room].game.actions)
        second.close()
        first.line(f"open {listed_as_moved(first)}")
        homes.idle(first)
        assert room not in first.home.honour and room in first.home.catching  # waiting
        first.close()  # asked, then closed too: the next start waits for the answer (not listed as moved)
        first = homes.host("first", "ALICE1")
        first.sign_in()
        second = homes.host("second", "ALICE2")
        second.sign_in()  # reads the ask: hands the game back
        homes.idle(first, second)
        assert room in first.home.honour and first.home.honour[room].game.actions == actions
        assert room not in second.home.honour
    finally:
        homes.close()
