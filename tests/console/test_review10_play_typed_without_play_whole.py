"""A play typed without ``play`` is answered 'To play that, type play
...; to test it first, check ...', the line said back clipped at 32
characters (bad input is never echoed whole). Since review8 a play of
blanks only is suggested as ``EH (blanks E and H) from H8 across`` (34
characters); typed without ``play``, the answer was 'type play EH
(blanks E and H) from H8 acr…', which cannot be typed back. A line that
reads as a play on the board is now said back whole (at most 47
characters: a word of 15, its blanks named, a square and a way); any
other line is clipped as before."""

from __future__ import annotations

import tempfile

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore

from console_kit import joined  # type: ignore[import-not-found]

PLAY = "EH (blanks E and H) from H8 across"


def _bob_first(width: int | None = None) -> Session:
    s = Session(Options(players="Ann,Bob", seed=1, braille_width=width), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.game.players[s.game.current].rack[:] = list("?F?TIRV")
    return s


@pytest.mark.parametrize("width", [None, 20, 40])
def test_a_play_typed_without_play_is_said_back_whole(width):
    s = _bob_first(width)
    said = s.handle_line(PLAY)
    text = joined(said)
    assert "…" not in text, said  # was: type play EH (blanks E and H) from H8 acr…
    assert f"type play {PLAY};" in text and f"check {PLAY}." in text, said
    if width is not None:
        assert all(len(line) <= width for line in said), said
    s.handle_line(f"play {PLAY}")
    assert len(s.game.actions) == 1


def test_a_long_line_that_is_no_play_is_still_clipped():
    s = _bob_first()
    said = joined(s.handle_line("H8 " + "X" * 60))
    assert "X" * 40 not in said and "…" in said, said
