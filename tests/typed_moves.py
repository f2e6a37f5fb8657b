"""What a person types at the console for a computer player's choice, for
the tests that drive whole games through Session.handle_line."""

from __future__ import annotations

from typing import Any

from audio_scrabble.notation.plays import format_play


def typed(action: Any, board: Any) -> str:
    """``play 8D TRAIN`` (board letters in parentheses) for a placement on
    ``board``, ``exchange ABC``, or ``pass``."""
    if action.kind == "place":
        return "play " + format_play(action.play, board)
    if action.kind == "exchange":
        return "exchange " + "".join(action.tiles)
    return "pass"
