"""A play whose word is blanks only (``eh``, both tiles the rack's two
blanks) was suggested as typed in lower case: 'play eh from H8 across.'
Typed back, a word all in lower case is read as ordinary tiles ('You have
no E on your rack'). teaching.typed_play, which every suggestion of a
play goes through (a hint's last line, ``play 1`` after a hint, a rack
word typed alone), now writes such a word as the game says it:
``EH (blanks E and H) from H8 across``, naming only the new tiles (a
blank already on the board is played through, not named)."""

from __future__ import annotations

import tempfile

from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import ACROSS, DOWN, Board, Square
from audio_scrabble.engine.advice import Placement
from audio_scrabble.notation.typed import parse_draft
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation.teaching import typed_play


def test_a_word_of_two_new_blanks_typed_back_is_read_as_blanks():
    typed = typed_play(Placement(Square.parse("H8"), ACROSS, "eh", "8H eh"), Board())
    assert typed == "EH (blanks E and H) from H8 across"
    draft = parse_draft(typed, Board())
    assert [(t.letter, t.blank) for t in draft.tiles] == [("E", True), ("H", True)]


def test_a_blank_on_the_board_is_played_through_not_named():
    board = Board()
    board.put(Square.parse("H8"), "e")  # a blank E played before
    typed = typed_play(Placement(Square.parse("H8"), DOWN, "eh", "H8 eh"), board)
    assert typed == "EH (blank H) from H8 down"
    draft = parse_draft(typed, board)
    assert [(t.square.name, t.letter, t.blank) for t in draft.tiles] == [("H9", "H", True)]


def test_mixed_case_is_typed_as_before():
    assert typed_play(Placement(Square.parse("D8"), ACROSS, "FAqIR", "8D FAqIR"), Board()) == "FAqIR from D8 across"


def test_a_rack_word_of_blanks_only_is_told_in_a_form_that_plays():
    s = Session(Options(players="Ann,Bob", seed=1), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    rack = s.game.players[s.game.current].rack
    rack[0], rack[4] = "?", "?"  # ? F A T ? I R: EH only with both blanks
    said = s.handle_line("EH")
    assert said[-1] == "play EH (blanks E and H) from H8 across.", said  # was 'play eh from H8 across.'
    s.handle_line(said[-1].removesuffix("."))
    assert len(s.game.actions) == 1  # typed back, it plays
