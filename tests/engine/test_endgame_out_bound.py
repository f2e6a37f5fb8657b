"""Bounds from the other side's outs one ply above the horizon (issue 26):
a node that no move cut off is exact when every play that does not go
out is bounded by an out the other side still has after it (the other
then scores at least that out and twice the tiles left), so a search is
exact before its horizon reaches every end of the game. The value stays
the plain full-width search's, in both searches."""

from __future__ import annotations

import pytest

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine.endgame import EndgameSolver, c_search_available

from test_endgame_incremental import bag_empty
from test_endgame_minimax_many import full_width


@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


# (seed of the club game, the mover's rack, the other's, the depth the
# search is exact at with the bounds; one ply more without them)
CASES = [(41, "DX", "RO", 2), (45, "II", "DW", 2)]


def generators(lexicon) -> list[MoveGenerator]:
    gens = [MoveGenerator(lexicon, backend="python")]
    if c_search_available():
        gens.append(MoveGenerator(lexicon))
    return gens


@pytest.mark.parametrize("seed, mine, theirs, depth", CASES)
def test_exact_at_a_shallower_depth_with_the_minimax_value(lexicon, seed, mine, theirs, depth):
    game = bag_empty(lexicon, seed)
    assert game is not None
    board = game.board
    expected = full_width(MoveGenerator(lexicon), board.copy(), list(mine), list(theirs))
    for gen in generators(lexicon):
        solver = EndgameSolver(gen, max_depth=depth)
        result = solver.solve(board, list(mine), list(theirs), seconds=60)
        assert result.exact, (solver.backend, seed, mine, theirs)
        assert result.depth == depth
        assert result.value == expected, (solver.backend, seed)
        # one ply less is not enough: the bounds stand only at the horizon
        shallower = EndgameSolver(gen, max_depth=depth - 1).solve(board, list(mine), list(theirs), seconds=60)
        assert not shallower.exact
