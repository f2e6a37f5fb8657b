"""A play typed with a ? (its letter still to ask) and lacking another
letter the second blank could stand for (``play ?T from H8 across``,
holding two blanks and no T) was told ``type the word as ET (blanks E
and T)``: the E is the stand-in letter the program tries an open blank
with, never the player's; typed back it would play ET. A lower-case
letter beside a ? is read as an ordinary tile too (``?t``: 'You have no
T'). The advice there is now the form that plays: ? in its place
(plays.explain_rack, told the open blanks)."""

from __future__ import annotations

import tempfile

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import prompts


def _bob_first_with_two_blanks() -> Session:
    """Seed 1: Bob to play first, holding two blanks and no T."""
    s = Session(Options(players="Ann,Bob", seed=1), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.game.players[s.game.current].rack[:] = list("??FQIRV")
    return s


@pytest.mark.parametrize("verb", ["play", "check"])
def test_no_stand_in_letter_is_told_beside_a_question_mark(verb):
    s = _bob_first_with_two_blanks()
    said = s.handle_line(f"{verb} ?T from H8 across")
    text = " ".join(said)
    assert "ET" not in text and "lower-case" not in text, said  # was: type the word as ET (blanks E and T)
    assert said[-1] == prompts.USE_YOUR_BLANK, said
    assert not s.game.actions


def test_the_form_told_plays():
    s = _bob_first_with_two_blanks()
    s.handle_line("play ?? from H8 across")
    s.handle_line("A")
    s.handle_line("T")
    assert len(s.game.actions) == 1
