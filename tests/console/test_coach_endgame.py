"""Hints and the review once the bag is empty (two players), in the console.

The expert plays the end game by searching it to the end (each side
knows the other's rack), so a hint then ranks plays by that search and
says how the player ends, and the review judges those turns the same way
(a blind player's finding: the review called the winning play "6 of
equity missed", judging by score plus leave, which means nothing with
the bag empty). Driven through the Session front with the real word
list and the real expert, from a position begun with ``--position``;
what the engine decides is read back from it, never written in.
"""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.engine.endgame import EndgameSolver
from audio_scrabble.engine.movegen import MoveGenerator
from audio_scrabble.engine.advice import placement_of
from audio_scrabble.presentation.teaching import _spoken, hint_phrases

pytestmark = [pytest.mark.skipif(not services.engine_available(), reason="the move engine is not installed"),
              # what the end-game search finds, the same on a loaded machine (conftest.py)
              pytest.mark.usefixtures("counted_search_clock")]

#: Two club computers' game (seed 909) played past the bag's end: you hold
#: U F R, 438 to 407, against Q N I.
POS = ("14V/13WO/CIVIC7ION/I11NO1/E8SLIDE1/n8MOTED1/A2JATO1WO2X2/GELADA1TOUGH3/A1I2DROPS5/S1B4U7/"
       "1TE1LiNGULAE3/1AR4H2MY3/1BA2FREAKIER2/1ET1EYES1INN3/PREZ3T7 UFR/QNI 438/407 0")


@pytest.fixture(scope="module")
def lexicon():
    return services.load_lexicon(None)


def test_an_end_game_hint_and_review_judge_by_the_search(lexicon):
    s = Session(Options(position=POS, players="Me,computer:expert", hints=True, seed=1), lexicon=lexicon)
    try:
        # issue 23: a position's first turn points to spots and help
        assert s.start()[-4:] == ["Your turn.", "Type spots for where a word can go,", "or help for more.",
                                  "Rack: U F R."]
        board = s.game.board.copy()
        solver = EndgameSolver(MoveGenerator(lexicon))
        exact = solver.solve(board, list("UFR"), list("QNI"), 30, top=3)
        assert exact.exact

        # the hint: the search's three best, how you end after each, and how they are ranked
        out = s.handle_line("hint")
        assert out == hint_phrases(services.hints(s.game, 0, lexicon))
        assert out[0] == "3 best plays:" and out[-3] == "Ranked by end-game search, to the end."  # then how to type it back
        for k, (move, score, value) in enumerate(exact.ranked):
            assert out[1 + 3 * k].startswith(f"{k + 1}. ") and out[2 + 3 * k].startswith(f"{score} points")
            assert out[3 + 3 * k] == f"You end {438 - 407 + value} ahead."
        assert all(len(x) <= 40 for x in out)

        # a poorer play than the best: the third hint (URE, B6 down), then play on with the hints' best
        third = exact.ranked[2][0]
        assert exact.ranked[0][2] > exact.ranked[2][2]
        s.handle_line(f"play {third.notation()[0]} {third.notation()[1]}")
        while not s.game.is_over:  # the expert has replied: your turn
            assert s.game.current == 0
            best = services.hints(s.game, 0, lexicon, 1)[0]
            s.handle_line(f"play {best[2].text}" if best[0] is not None else "pass")

        # the review: the first turn missed the difference, said as spread; the best said as the search's
        first = s.handle_line("review")
        best_move = exact.ranked[0][0]
        missed = round(exact.ranked[0][2] - exact.ranked[2][2])
        assert first[1:3] == ["Begun from a position: You 438,", "Expert computer 407."]  # newcomer 8: where turn 1 starts
        assert first[3] == "Turn 1, you played URE,"
        assert f"Best by end-game search: {_spoken(placement_of(best_move))}," in first
        assert first[-1] == f"{best_move.score} points; {missed} of spread missed."
        rest = []
        while True:
            lines = s.handle_line("next")
            rest += lines
            if lines[0] == "End of the review.":
                break
        assert "That was the best by end-game search." in rest
        at = rest.index(f"You missed {missed} of spread")
        assert rest[at + 1] == "in the end game,"
        assert not any("equity" in x for x in first + rest)  # every turn had the bag empty
    finally:
        s._close_computers()


def test_a_pass_among_the_end_game_hints_keeps_the_whole_rack_as_the_review_values_it(lexicon):
    """A pass keeps every tile and scores 0: its facts say so (the rack
    kept, that rack's leave value), as the review values a pass, not an
    empty leave worth 0. The hint says "Pass." alone, the rack unnamed."""
    from audio_scrabble.engine.leave import leave_value

    pos = POS.replace(" UFR/QNI 438/407 ", " QN/UFRI 438/407 ")
    s = Session(Options(position=pos, players="Me,computer:expert", hints=True, seed=1), lexicon=lexicon)
    try:
        assert s.start()[-1] == "Rack: Q N."
        hints = services.hints(s.game, 0, lexicon, 30)  # what the hint command ranks, every move
        passes = [info for play, _, info in hints if play is None]
        assert len(passes) == 1
        info = passes[0]
        assert info.leave == ("N", "Q") and info.score == 0
        assert info.leave_value == leave_value(["Q", "N"]) != 0 and info.equity == info.leave_value
        assert info.placement is None
        assert any(x.endswith(". Pass.") for x in hint_phrases(hints))
    finally:
        s._close_computers()
