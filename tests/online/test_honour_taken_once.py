"""An honour game's log asked from this player's other computer is taken
once: the worker's thread (online_catching.heard) and the console's
(open, at start) may both find the answer come; whichever takes it
first resumes the game, the other does nothing (before, both resumed
it: two links for one room, its log replayed twice)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from audio_scrabble.console.homes import online_catching


def test_an_answer_taken_twice_resumes_the_game_once() -> None:
    ask = SimpleNamespace(room="!r:x", journal=object())
    resumed: list[Any] = []

    def resume_honour(journal: Any) -> list[str]:
        resumed.append(journal)
        return []

    home = SimpleNamespace(catching={ask.room: ask}, asked={}, rooms=[], honour={}, resume_honour=resume_honour)
    online_catching._honour_taken(home, ask)  # type: ignore[arg-type]
    online_catching._honour_taken(home, ask)  # type: ignore[arg-type]
    assert resumed == [ask.journal]
