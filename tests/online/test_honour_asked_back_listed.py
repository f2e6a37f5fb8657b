"""An honour game asked back from the host's other computer stays in
sight until it comes (console/homes/online_catching.py: ask_back,
moved_here; online_games.entries).

Before, ``open N`` of a game handed to the other computer asked for it
back and unlisted it: ``games`` no longer named it and later starts said
nothing while it waited, so a player whose other computer did not run
again forgot it. Now it is listed while asked ("N. With Bob (honour):
asked back from your other computer.") and each start says so once; when
it comes, it keeps its number. Over the loopback transport made like
Matrix's encryption (late devices), with honour_kit's homes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import honour_prompts, prompts_homes

from honour_kit import Computers, asked_with_the_other_off  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]

ASKED = "1 online game: with Bob (honour), asked back from your other computer."
STILL = joined(prompts_homes.honour_still_asked("Bob"))


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_listed_while_asked_and_opened_again(tmp_path: Path, lexicon: Any) -> None:
    homes = Computers(tmp_path, lexicon)
    try:
        first, room, _ = asked_with_the_other_off(homes)
        out = joined(first.line("games"))
        assert ASKED in out, out
        # opened again while it waits: said the same, nothing else changed; claim refuses as for any honour game
        again = joined(first.line("open 1"))
        assert again == joined(prompts_homes.honour_asked_back("Bob")), again
        assert joined(first.line("claim 1")) == honour_prompts.HONOUR_NO_CLAIM
        assert room in first.home.catching and room not in first.home.honour
        assert ASKED in joined(first.line("games"))
    finally:
        homes.close()


def test_said_once_at_each_start_while_it_waits_then_comes_at_its_number(tmp_path: Path, lexicon: Any) -> None:
    homes = Computers(tmp_path, lexicon)
    try:
        first, room, actions = asked_with_the_other_off(homes)
        for _ in range(2):  # each start while the other computer does not run: said once, listed
            first.close()
            first = homes.host("first", "ALICE1")
            start = first.sign_in()
            assert joined(start).count(STILL) == 1, start
            homes.idle(first)
            assert STILL not in joined(first.line(""))  # not again above the prompt
            assert ASKED in joined(first.line("games"))
        second = homes.host("second", "ALICE2")
        second.sign_in()  # reads the ask: hands the game back to the first, running
        homes.idle(first, second)
        assert room in first.home.honour and first.home.honour[room].game.actions == actions
        out = joined(first.line("games"))
        assert "1 online game: with Bob (honour)," in out and "asked back" not in out, out
        first.close()
        first = homes.host("first", "ALICE1")
        assert STILL not in joined(first.sign_in())  # come: not said at the next start
    finally:
        homes.close()


def test_said_at_start_then_taken_when_the_other_runs_first(tmp_path: Path, lexicon: Any) -> None:
    """The other computer answered while this one was not running: the
    start takes the game and says it came, not that it is still asked
    (a guard: it passed before too)."""
    homes = Computers(tmp_path, lexicon)
    try:
        first, room, actions = asked_with_the_other_off(homes)
        first.close()
        second = homes.host("second", "ALICE2")
        second.sign_in()
        homes.idle(second)
        first = homes.host("first", "ALICE1")
        start = joined(first.sign_in())
        assert STILL not in start, start
        assert joined(prompts_homes.honour_came("Bob")) in start, start
        assert first.home.honour[room].game.actions == actions
    finally:
        homes.close()
