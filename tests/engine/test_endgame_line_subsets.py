"""A side that meets a changed line again with fewer tiles (it played
elsewhere since) takes that line's moves from those stored for its larger
rack, filtered, instead of generating them: the moves offered are still
exactly a full generation's, and the solver counts the lines so taken."""

from __future__ import annotations

import pytest

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine.endgame import _LINE, _USED, EndgameSolver

from test_endgame_incremental import as_set, bag_empty, full


@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


@pytest.mark.parametrize("seed", [41, 900])
def test_a_smaller_rack_filters_a_larger_racks_line_instead_of_generating(lexicon, seed):
    game = bag_empty(lexicon, seed)
    assert game is not None
    solver = EndgameSolver(MoveGenerator(lexicon))
    # no blank on the racks: a blank rack's part may need the blank where
    # the larger rack put a real tile, and is generated afresh
    solver._setup(game.board, list("AEINRST"), list("DEILORU"))
    me, you = solver.racks
    firsts = [m for m in solver.moves(0, me) if m[_USED] != me][:8]
    taken = 0
    for m1 in firsts:
        old1 = solver._apply(m1)
        lines1 = solver.dirty
        solver.moves(1, you)  # the other side's moves on m1's lines, its whole rack
        # the other side plays on a line m1 did not change, then we meet m1's lines again
        replies = [m for m in solver.kept(1, you) if m[_USED] != you and not m[_LINE] & lines1]
        if not replies:
            solver._undo(m1, old1)
            continue
        m2 = replies[0]
        old2 = solver._apply(m2)
        before = solver.subset_hits
        generated = solver.gen_lines
        rest = you - m2[_USED]
        got = solver.moves(1, rest)
        assert as_set(got) == full(MoveGenerator(lexicon), solver, rest)
        taken += solver.subset_hits - before
        # fewer lines generated than changed: the lines m1 changed (and m2
        # left alone) came filtered from the larger rack's
        assert solver.gen_lines - generated < bin(solver.dirty).count("1")
        solver._undo(m2, old2)
        solver._undo(m1, old1)
    assert taken > 0
