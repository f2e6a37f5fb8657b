"""A play lacking a letter, with a blank on the rack to stand for it, was
told 'type a lower-case a, or ? in its place'. A word typed all in lower
case (how most people type) is read as ordinary tiles, so a player who
had typed ``fat`` was told to do what they had done, and was refused
again. The refusal now says the word as it plays, the blank's letter in
lower case among capitals (``type the word as FaT``), or, for a word of
blanks only, as the game says it (``EH (blanks E and H)``); typed back,
it plays."""

from __future__ import annotations

import re
import tempfile

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore

_AS = re.compile(r"type the word as (.+?), or \?")


def _bob_first(rack: str, width: int | None = None) -> Session:
    """Seed 1: Bob to play first, holding ``rack``."""
    s = Session(Options(players="Ann,Bob", seed=1, braille_width=width), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.game.players[s.game.current].rack[:] = list(rack)
    return s


@pytest.mark.parametrize("rack,typed,told", [
    ("?FTQIRV", "play fat from H8 across", "FaT"),   # no A: typed all in lower case, read as ordinary tiles
    ("?FTQIRV", "play FAT from H8 across", "FaT"),
    ("?F?TIRV", "play eh from H8 across", "EH (blanks E and H)"),  # blanks only: lower case cannot say it
    ("?F?TIRV", "play eH from H8 across", "EH (blanks E and H)"),  # e a blank already, H lacking too
])
def test_the_blank_advice_is_a_word_that_plays_typed_back(rack, typed, told):
    s = _bob_first(rack)
    said = s.handle_line(typed)
    found = _AS.search(" ".join(said))
    assert found is not None and found.group(1) == told, said  # was: type a lower-case a
    assert not s.game.actions
    s.handle_line(f"play {told} from H8 across")
    assert len(s.game.actions) == 1, said


@pytest.mark.parametrize("width", [20, 40])
def test_the_advice_fits_the_braille_line(width):
    s = _bob_first("?F?TIRV", width)
    said = s.handle_line("play eh from H8 across")
    assert all(len(line) <= width for line in said), said
