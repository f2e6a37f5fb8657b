"""The end-game search with a blank on a rack.

* A root move keeps the generator's best choice of blanks for the whole
  root rack; a part of that rack (a real tile played since) may need the
  blank where that choice put the real tile. The moves the search offers
  such a part are exactly a full generation's for it.
* A changed line's moves are kept by the line's state: a blank and a real
  tile of the same letter on a square are two states (they score
  differently), so a line's moves stored with one are not offered with
  the other."""

from __future__ import annotations

import pytest

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine.endgame import _LINE, _USED, EndgameSolver, _zob, node_squares, rack_int

from test_endgame_incremental import as_set, bag_empty, full


@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


@pytest.mark.parametrize("seed", [41, 900])
def test_a_part_of_the_root_rack_with_the_blank_plays_it_for_a_tile_gone(lexicon, seed):
    game = bag_empty(lexicon, seed)
    assert game is not None
    board = game.board
    root = ["E", "A", "S", "?"]
    solver = EndgameSolver(MoveGenerator(lexicon))
    solver._setup(board, root, ["Q"])
    checked = 0
    for gone in ("E", "A", "S"):
        part = list(root)
        part.remove(gone)
        want = full(MoveGenerator(lexicon), solver, rack_int(part))
        got = solver.moves(0, rack_int(part))
        assert len(got) == len(as_set(got))
        assert as_set(got) == want, gone
        # some of them play the blank for the tile gone: the root's
        # choice for them took the real tile
        assert any(sq[2] == gone.lower() for m in got for sq in node_squares(m))
        checked += 1
    assert checked == 3


@pytest.mark.parametrize("seed", [41, 900])
def test_a_line_with_a_blank_is_not_the_line_with_the_real_tile(lexicon, seed):
    game = bag_empty(lexicon, seed)
    assert game is not None
    solver = EndgameSolver(MoveGenerator(lexicon))
    mine = ["E", "?", "R"]
    other = ["A", "I", "N", "T", "S"]
    solver._setup(game.board, mine, other)
    me, you = solver.racks
    # one-tile plays of a real E, each with the same play of the blank as E
    real = [m for m in solver.moves(0, me) if m[_USED] == rack_int(["E"])]
    assert real
    pairs = 0
    for m in real[:6]:
        (r, c, _), = node_squares(m)
        # the same square with the blank as E (a node move: order, score,
        # tiles used, squares, Zobrist, line, root move)
        twin = (0, 0, rack_int(["?"]), ((r, c, "e"),), _zob(r, c, "e"), m[_LINE], None)
        for played in (m, twin):  # the real E's lines are stored first
            old = solver._apply(played)
            # the other side's moves there: a full generation's
            assert as_set(solver.moves(1, you)) == full(MoveGenerator(lexicon), solver, you)
            solver._undo(played, old)
        pairs += 1
    assert pairs >= 1
