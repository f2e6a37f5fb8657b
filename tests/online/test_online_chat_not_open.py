"""A chat line that arrives in a game between homes not open at the table
is never lost: said once, above the prompt, as a move in such a game is
("Bob moved in another game."). Before, the link's chat callback was
cleared while its game was not open, and the line, marked heard, was
never said: not as it came, and not when the game was opened again (the
room's history read then skips what was heard). Over the loopback
transport (tests/online/homes_kit.py's two homes, one clock)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from homes_kit import clocked_homes, seated, settle  # type: ignore[import-not-found]
from lines_kit import said, times  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_chat_line_in_a_game_not_open_is_said_once(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        assert alice.session.game is not None and bob.session.game is not None
        alice.close()
        alice.start()  # Alice's program again: her game is listed, none is open at the table
        settle(alice, bob)
        assert alice.session.match is None
        bob.line("say good luck, Alice")
        settle(alice, bob)
        news = alice.line("")
        heard_before = list(alice.heard)
        assert any("good luck" in line for line in news), news  # the line, whatever its words
        assert said(online_prompts.chat_not_open("Bob", "good luck, Alice"), news), news
        alice.line("games")
        alice.line("open 1")
        alice.line("")
        after = alice.heard[len(heard_before):]
        assert times(online_prompts.chat_not_open("Bob", "good luck, Alice"), alice.heard) == 1
        assert not any("good luck" in line for line in after), after  # said once, not again on opening


def test_a_chat_line_in_a_game_open_is_said_as_before(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        bob.line("say good luck, Alice")
        settle(alice, bob)
        news = alice.line("")
        assert said(online_prompts.chat_line("Bob", "good luck, Alice"), news), news
        assert not said(online_prompts.chat_not_open("Bob", "good luck, Alice"), alice.heard)
