"""What tripped a blind newcomer on a second playthrough (tmux, ``--speech
text``, 40 and 20 braille cells, ``set brief``): set-up with three and
four players, the hot seat, the tutorial, hint, spots, review, a saved
game opened again; each checked through the console's own paths."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from console_kit import joined, session, snapshot


def _passers(level, lexicon, seed):
    return lambda game, i: services.ComputerMove("pass")


# ---------------------------------------------------------------- set-up
@pytest.mark.skipif(not services.engine_available(), reason="computer players need the move engine")
def test_player_1s_name_question_says_a_computer_can_play():
    # "Player 1, your name?" alone: a newcomer wanting to play the computer
    # first heard of it at player 2, or not at all in --players
    s = Session(Options(seed=2), lexicon=services.WordSet(["QI"]), computer_factory=_passers)
    s.start()
    assert s.handle_line("") == ["2 players.", "Player 1, your name?", "Type computer for a computer opponent."]
    assert s.handle_line(" ") == ["Type a name, like Alice, or computer."]
    assert s.handle_line("help")[:2] == ["The first player's name, like Alice,", "or computer for a computer player."]
    assert s.handle_line("computer:expert") == ["Expert computer joins.", "Player 2, your name?",
                                                "Type computer for a computer opponent."]
    assert s.handle_line("Ann")[0] == "Ann plays."
