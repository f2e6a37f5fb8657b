"""What a pass is worth at the end of a two-player game, to the expert's
search (``EndgameSolver.solve``) and to a review (``value_of``, after
newcomer 7): solve ends a line at two passes in a row, at the root too,
so it values its own pass as at most what the tiles held make
(each side loses its own tiles); value_of values a pass made as the game
goes on (no rule ends it at two passes: the other's pass back leaves the
same position, the player to move again). review6 asked whether a review
can then call a pass as good as the expert's play when it is not.

It cannot. With both searched to the end, call the expert's best play's
value P, the tiles' value F (theirs less mine) and O the worst for the
passer of the other's plays after the pass: solve values the pass
min(O, F), value_of min(O, max(P, F)). When solve chooses the play
(P >= min(O, F)), value_of's pass is at most P; when solve passes, the
two are equal. The pass is worth the expert's value only when the
other's best answer to it is to pass back, after which the player plays
the expert's play: the pass lost nothing, and the review says so ('0 of
spread missed', naming the expert's play, never 'That was the best').
Seed 911's end (U U E against N N T) is such a position: the expert
plays for 12, solve values its pass 0, the pass made is worth 12,
checked here by trying everything (tests/engine/test_endgame.py's
minimax, under each rule for passes)."""

from __future__ import annotations

import pytest

from audio_scrabble.engine import MoveGenerator, advice
from audio_scrabble.engine.endgame import EndgameSolver, _face
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import teaching

from movegen_kit import gen, lexicon  # type: ignore[import-not-found]  # noqa: F401 - fixtures
from test_endgame import minimax, small_endgame  # type: ignore[import-not-found]


def _position(lexicon: Lexicon, seed: int, tiles: int = 6):  # type: ignore[no-untyped-def]
    game = small_endgame(lexicon, seed, tiles)
    assert game is not None
    me = game.current
    return game, me, list(game.players[me].rack), list(game.unseen(me).elements())


def test_a_pass_the_other_would_answer_with_a_pass_misses_nothing(lexicon: Lexicon, gen: MoveGenerator) -> None:
    game, me, mine, theirs = _position(lexicon, 911)
    assert (sorted(mine), sorted(theirs)) == (["E", "U", "U"], ["N", "N", "T"])
    result = EndgameSolver(gen).solve(game.board, mine, theirs, seconds=30)
    assert result.exact and result.play is not None and result.value == 12
    assert result.value == minimax(gen, game.board.copy(), mine, theirs)
    # solve's own pass: the pass back ends it, each side losing its own tiles
    assert -minimax(gen, game.board.copy(), theirs, mine, 1) == _face(theirs) - _face(mine) == 0
    # the pass made, as the game goes on: the other passes back, then the expert's play
    goes_on = -minimax(gen, game.board.copy(), theirs, mine, 0)
    assert goes_on == 12
    assert EndgameSolver(gen).value_of(game.board, mine, theirs, None, 0) == (goes_on, True)
    # the review of that pass: nothing missed, the expert's play named, not called the best
    turn = advice._Turn(turn=27, player=me, name="Ann", kind="pass", board=game.board.copy(), rack=mine)
    review = advice._endgame_turn(turn, gen, theirs, 30)
    assert review is not None and review.missed == 0 and review.rank is None and review.best is not None
    said = teaching.best_phrases(review)
    assert said[0].startswith(teaching.ENDGAME_LEAD) and said[-1].endswith("0 of spread missed."), said
    assert teaching.ENDGAME_BEST not in " ".join(said)


@pytest.mark.parametrize("seed", [900, 904, 906, 907, 910, 911, 912, 913, 918, 919])
def test_a_pass_is_never_worth_more_to_the_review_than_the_experts_choice(lexicon: Lexicon, gen: MoveGenerator,
                                                                           seed: int) -> None:
    game, _, mine, theirs = _position(lexicon, seed)
    result = EndgameSolver(gen).solve(game.board, mine, theirs, seconds=30)
    passed, exact = EndgameSolver(gen).value_of(game.board, mine, theirs, None, 0, seconds=30)
    assert result.exact and exact
    if result.play is None:  # the expert passes: the same worth
        assert passed == result.value
    else:
        assert passed <= result.value, (seed, mine, theirs, passed, result.value)
