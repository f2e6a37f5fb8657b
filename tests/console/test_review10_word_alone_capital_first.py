"""A word from the rack typed alone is told a place where it plays
(review8: survey_commands.place_to_type, through engine.survey.fit_word).
fit_word reads a lower-case letter among capitals as a blank, so a word
typed with a capital first (``Fat``: a phone's or a sentence's habit)
was read as F and two blanks: holding F, A and T and one blank, the
answer was 'play FAT from its first square, across or down' (no place:
two blanks needed); holding two blanks, 'play Fat from H8 across',
which typed back spends both blanks on the A and T the rack holds. The
answer names the word in capitals ('To play FAT'); the place is now
found for it so, the rack's own tiles first, a blank only for a letter
it lacks (``FaT`` with no A)."""

from __future__ import annotations

import tempfile

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore


def _bob_first(rack: str) -> Session:
    """Seed 1: Bob to play the first word, holding ``rack``."""
    s = Session(Options(players="Ann,Bob", seed=1), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.game.players[s.game.current].rack[:] = list(rack)
    return s


@pytest.mark.parametrize("rack,typed,told", [
    ("?FATIRV", "Fat", "play FAT from H8 across."),   # was: play FAT from its first square, across or down.
    ("??FATIR", "Fat", "play FAT from H8 across."),   # was: play Fat from H8 across (both blanks spent)
    ("?FATIRV", "fAT", "play FAT from H8 across."),   # the rack's own F, not the blank
    ("?FTIRVE", "Fat", "play FaT from H8 across."),   # no A: the blank for it
])
def test_a_word_alone_is_placed_with_the_racks_own_tiles(rack, typed, told):
    s = _bob_first(rack)
    said = s.handle_line(typed)
    assert said[-1] == told, said
    s.handle_line(told.removesuffix("."))
    assert len(s.game.actions) == 1
    blanks = [letter for _, _, letter, blank in s.game.actions[0]["tiles"] if blank]
    assert blanks == (["A"] if "FaT" in told else []), (said, s.game.actions[0])
