"""The blank advice (review8: ``type the word as FaT``) gave the whole
word the play forms, read from the word's first square, while the player
types the word back from the square they typed. Mid-game, a play typed
from its first new tile beside a board letter (``play T from I9 down``
under the A of FAQIR) was told ``type the word as At``; typed back from
I9, ``play At from I9 down``, it was refused again ('You have no A').
Likewise a hook (``play S from M8 across`` told ``FAQIRs``: from M8 it
runs off the board). The word to type is now the letters from the
square the player typed, on the way they typed (board letters plain,
the lacking ones in lower case; a word of blanks only as the game says
it, ``T (blank T)``); typed back as told, it plays (after the usual
question when the word made is longer than the word typed)."""

from __future__ import annotations

import re
import tempfile

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore

_AS = re.compile(r"type the word as (.+?), or \?")


def _ann_after_faqir() -> Session:
    """Seed 1: Bob plays FAQIR from H8 across; Ann, to move, holds a blank and L F R E G U (no T, no S)."""
    s = Session(Options(players="Ann,Bob", seed=1), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.handle_line("play FAQIR from H8 across")
    s.handle_line("")
    s.game.players[s.game.current].rack[:] = list("?LFREGU")
    return s


@pytest.mark.parametrize("word,where", [
    ("T", "from I9 down"),      # under the A of FAQIR: makes AT from I8
    ("AT", "from I8 down"),     # the same play typed from the board's A
    ("T", "from I9 across"),    # one tile, typed across: it makes AT down
    ("S", "from M8 across"),    # a hook: makes FAQIRS from H8
    ("TE", "from I9 down"),     # makes ATE from I8
])
def test_the_word_told_plays_from_the_square_typed(word, where):
    s = _ann_after_faqir()
    said = s.handle_line(f"play {word} {where}")
    found = _AS.search(" ".join(said))
    assert found is not None, said
    assert len(s.game.actions) == 1
    again = s.handle_line(f"play {found.group(1)} {where}")
    if any("Play it?" in line for line in again):  # the word made is longer than the word typed: asked first
        again = s.handle_line("yes")
    assert len(s.game.actions) == 2, (said, again)  # was: 'You have no A on your rack' (At from I9)
