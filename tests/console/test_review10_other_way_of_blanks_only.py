"""A first word typed off the star, or a word touching no tile, is told
the other way to type (plays.off_the_star, plays._touching_nothing:
'type play eh from G8 across'). For a word of blanks only the letters
were said in lower case, as the board writes blanks; typed back, a word
all in lower case is read as ordinary tiles ('You have no E on your
rack'), the same slip review8 mended in teaching.typed_play. The word is
now said as the game says it and reads it back: 'type play EH (blanks E
and H) from G8 across'; typed back, it plays. A word with a capital
keeps its lower-case blank (``Eh``)."""

from __future__ import annotations

import re
import tempfile

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore

from console_kit import joined  # type: ignore[import-not-found]

_TYPE = re.compile(r"type (play .+? (?:across|down))\.")


def _first_turn(rack: str, width: int | None = None) -> Session:
    """Seed 1: Bob to play the first word, holding ``rack``."""
    s = Session(Options(players="Ann,Bob", seed=1, braille_width=width), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.game.players[s.game.current].rack[:] = list(rack)
    return s


@pytest.mark.parametrize("width", [None, 20, 40])
@pytest.mark.parametrize("typed,told", [
    ("play EH (blanks E and H) from G8", "play EH (blanks E and H) from G8 across"),  # G8 column first: runs down
    ("play Eh from G8", "play Eh from G8 across"),
])
def test_the_other_way_off_the_star_plays_typed_back(typed, told, width):
    s = _first_turn("?F?TIRV" if typed.count("blank") else "?FETIRV", width)
    said = s.handle_line(typed)
    found = _TYPE.search(joined(said))
    assert found is not None and found.group(1) == told, said  # was: type play eh from G8 across
    if width is not None:
        assert all(len(line) <= width for line in said), said
    s.handle_line(told)
    assert len(s.game.actions) == 1, said


def test_the_other_way_touching_nothing_plays_typed_back():
    s = _first_turn("AEINRST")
    s.handle_line("play RAINS from H8 across")  # R A I N S on H8 to L8
    s.handle_line("")
    s.game.players[s.game.current].rack[:] = list("??QZXVW")
    said = s.handle_line("play HE (blanks H and E) from G9")  # G9 column first: runs down, touching nothing
    found = _TYPE.search(joined(said))  # across: E under the R of RAINS, RE
    assert found is not None and found.group(1) == "play HE (blanks H and E) from G9 across", said
    s.handle_line(found.group(1))
    assert len(s.game.actions) == 2, said
