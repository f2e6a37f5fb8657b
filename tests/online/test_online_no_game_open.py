"""Signed in to ``audio-scrabble online`` with no game open and no
question asked (the console's state between games): Enter, a game command
or a line to play said "The game has not started yet; answer the question
first." There was no question; a newcomer could not tell what to do.
Now: "No game is open; type games, or help." (a word that is no command
gets the usual answer, the nearest commands). Over the loopback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from homes_kit import PASSWORD, Player  # type: ignore[import-not-found]

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import prompts


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_no_game_open_says_where_to_go(tmp_path: Path, lexicon: Any) -> None:
    p = Player(LoopbackNetwork(), "Alice", tmp_path, lexicon)
    try:
        p.line("online")
        p.line("example.org")
        p.line("alice")
        p.line(PASSWORD)
        assert p.session.question is None and p.session.game is None
        expected = prompts.refusal_said(prompts.NO_GAME_HERE)
        for typed in ("", "rack", "scores", "play CAT from H8 across"):
            out = p.line(typed)
            assert out == expected, (typed, out)
            assert not any("question" in x for x in out)
        assert "not a command" in " ".join(p.line("hello"))
    finally:
        p.close()
