"""A word from the rack typed alone is answered with how to play it, in
the one form taught (newcomer9): ``play GRUEL from H8 across`` whatever
the board. Typed back, that line was refused: mid-game H8 is taken (the
word ran into the tiles there, or off the board), and on the first turn
a letter the rack holds only as a blank was typed as a capital ('You
have no Q on your rack'). The place named is now one where the word
plays (H8 across when it plays there; else, with the aids on, the best
place ``fit`` names, its blank in lower case); where none is, the form
is said without a square."""

from __future__ import annotations

import re
import tempfile

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore

#: a play named to type back: ``play GRUEL from E7 across``
_NAMED = re.compile(r"play ([A-Za-z]+ from [A-O]\d{1,2} (?:across|down))\.")


def _ann_after_faqir(width: int | None = None) -> Session:
    """Seed 1: Bob plays FAQIR from H8 across; Ann, to move, holds A L F R E G U."""
    s = Session(Options(players="Ann,Bob", seed=1, braille_width=width), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.handle_line("play FAQIR from H8 across")
    s.handle_line("")
    assert sorted(s.game.players[s.game.current].rack) == sorted("ALFREGU")
    return s


def _named(said: list[str]) -> str:
    found = _NAMED.search(" ".join(said))
    assert found is not None, said
    return found.group(1)


@pytest.mark.parametrize("word", ["GRUEL", "gruel", "REF", "FLAG"])
def test_a_word_alone_mid_game_is_told_a_place_where_it_plays(word):
    s = _ann_after_faqir()
    said = s.handle_line(word)
    typed = _named(said)
    assert not typed.endswith("from H8 across"), said  # H8 holds F: the word cannot start there
    before = len(s.game.actions)
    played = s.handle_line(f"play {typed}")
    assert len(s.game.actions) == before + 1, (said, played)  # the line said, typed back, plays


def test_a_word_alone_on_the_first_turn_names_its_blank_in_lower_case():
    s = Session(Options(players="Ann,Bob", seed=1), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    rack = s.game.players[s.game.current].rack
    rack[rack.index("Q")] = "?"  # V F A T ? I R: FAQIR needs the blank for Q
    said = s.handle_line("FAQIR")
    typed = _named(said)
    assert typed == "FAqIR from H8 across", said  # was FAQIR from H8 across: 'You have no Q on your rack'
    s.handle_line(f"play {typed}")
    assert len(s.game.actions) == 1


def test_with_the_aids_off_no_place_is_named_but_h8(tmp_path):
    s = _ann_after_faqir()
    s.handle_line("set aids off")
    said = s.handle_line("GRUEL")
    assert _NAMED.search(" ".join(said)) is None, said  # no square that does not take it
    assert "GRUEL" in " ".join(said) and "across or down" in " ".join(said), said
    assert not s.game.actions[1:]  # nothing played


def test_a_word_that_fits_nowhere_is_told_the_form_without_a_square():
    s = _ann_after_faqir()
    said = s.handle_line("FLAGGER")  # its letters held (a G on the board would do), nowhere on this board
    assert _NAMED.search(" ".join(said)) is None, said
    assert "across or down" in " ".join(said), said


@pytest.mark.parametrize("width", [20, 40])
@pytest.mark.parametrize("brief", [False, True], ids=["normal", "brief"])
def test_the_answer_fits_the_braille_line(width, brief):
    s = _ann_after_faqir(width)
    if brief:
        s.handle_line("set verbosity brief")
    for word in ("GRUEL", "FLAGGER", "ULFREGA"):
        said = s.handle_line(word)
        assert all(len(line) <= width for line in said), said


def test_the_brief_answer_names_the_play_whole():
    """At brief verbosity the play was clipped to 30 characters: 'No
    square: play EH (blanks E and H) from H8 a….' could not be typed back."""
    s = Session(Options(players="Ann,Bob", seed=1), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.game.players[s.game.current].rack[:] = list("??ZQXVV")
    s.handle_line("set verbosity brief")
    said = " ".join(s.handle_line("EH"))
    assert said == "No square: play EH (blanks E and H) from H8 across.", said
