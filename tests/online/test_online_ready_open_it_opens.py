"""The news that a game between homes is ready says what to type, and
what it says opens that game. homes12 said "type open." when it was the
only game, taking plain ``open`` for the only online game; but plain
``open`` opens it only after ``games`` said it alone in this run (after a
restart the news comes first): it went to the games on file ("Games are
not saved this time."). Now the news names the game's number as ``open
N`` reads it ("type open 1."), after any games on file ``games`` listed.
Over the loopback transport (homes_kit's homes, one clock)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from homes_kit import clocked_homes, dealt_while_closed_in_turn  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_what_the_ready_news_says_to_type_opens_the_game(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        dealt_while_closed_in_turn(alice, bob)  # Bob's restart: no games typed in this run
        bob.line("")
        bob.line("")
        said = joined(bob.heard)
        typed = re.search(r"Your game with Alice is ready; [^:]*: type (open[ 0-9]*)\.", said)
        assert typed is not None, said
        assert typed.group(1) == "open 1", said
        opened = joined(bob.line(typed.group(1)))
        assert "Your game with Alice, between homes." in opened, opened
