"""The end-game search keeps the moves generated on a changed line by the
line's state and the rack, and reuses them wherever the search meets that
line again: at every node of a walk that goes down, comes back up and
goes down elsewhere (as the search does), the moves it offers are exactly
those of a full generation, and some of them came from the kept lines."""

from __future__ import annotations

import random

import pytest

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine.endgame import EndgameSolver

from test_endgame_incremental import as_set, bag_empty, full


@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


@pytest.mark.parametrize("seed", [41, 900])
def test_moves_from_kept_lines_are_a_full_generation_on_every_path(lexicon, seed):
    game = bag_empty(lexicon, seed)
    assert game is not None
    me = game.current
    mine, theirs = list(game.players[me].rack), list(game.unseen(me).elements())
    solver = EndgameSolver(MoveGenerator(lexicon))
    solver._setup(game.board, mine, theirs)
    rng = random.Random(seed)
    checked = 0
    hits = 0
    # Two plies down, back up, two plies down again, several times over:
    # the second ply's lines were generated after other first plies.
    firsts = [m for m in solver.moves(0, solver.racks[0]) if m[2] != solver.racks[0]][:30]
    for m1 in rng.sample(firsts, min(6, len(firsts))):
        old1 = solver._apply(m1)
        mine1 = solver.racks[0] - m1[2]
        replies = [m for m in solver.moves(1, solver.racks[1]) if m[2] != solver.racks[1]][:30]
        for m2 in rng.sample(replies, min(3, len(replies))):
            old2 = solver._apply(m2)
            before = len(solver._lcache)
            for side, rack in ((0, mine1), (1, solver.racks[1] - m2[2])):
                if not rack:
                    continue
                solver._mcache.clear()  # the lines' store only, not the nodes'
                made = solver.line_hits
                got = solver.moves(side, rack)
                assert len(got) == len(as_set(got))
                assert as_set(got) == full(MoveGenerator(lexicon), solver, rack)
                checked += 1
                hits += solver.line_hits > made
            assert len(solver._lcache) >= before
            solver._undo(m2, old2)
        solver._undo(m1, old1)
    assert solver.dirty == 0 and solver.board.rows_text() == game.board.rows_text()
    assert checked >= 10
    assert hits >= 1  # some node took a line's moves from the store


def to_depth(gen, board, mine, theirs, depth, passes=0) -> int:
    """Negamax to ``depth`` plies over every play and the pass, each play put
    on the board: at the horizon the side to move loses its own tiles and
    gains the other's (as the search values it); going out, its score plus
    twice the other's tiles; two passes in a row end it."""
    from collections import Counter

    from audio_scrabble.core.play import apply_play, remove_play
    from audio_scrabble.engine.endgame import _face

    if passes >= 2 or depth <= 0:
        return _face(theirs) - _face(mine)
    best = -to_depth(gen, board, theirs, mine, depth - 1, passes + 1)
    for m in gen.generate(board, list(mine)):
        left = list((Counter(mine) - Counter(m.rack_tiles())).elements())
        if not left:
            v = m.score + 2 * _face(theirs)
        else:
            apply_play(board, m.play)
            v = m.score - to_depth(gen, board, theirs, left, depth - 1)
            remove_play(board, m.play)
        best = max(best, v)
    return best


@pytest.mark.parametrize("seed, n_mine, n_theirs", [(901, 3, 3), (903, 4, 2)])
def test_depth_limited_values_agree_with_a_search_that_puts_every_play_down(lexicon, seed, n_mine, n_theirs):
    """The search values a play whose reply is at the horizon without
    putting it on the board, and takes a changed line's moves from its
    store: at each depth its value is the plain negamax's to that depth,
    or, where the other side's outs bound every play one ply above the
    horizon so the search is exact sooner (test_endgame_out_bound), the
    full-width minimax value."""
    from test_endgame_minimax_many import full_width
    game = bag_empty(lexicon, seed)
    assert game is not None
    me = game.current
    mine = list(game.players[me].rack)[:n_mine]
    theirs = list(game.unseen(me).elements())[:n_theirs]
    gen = MoveGenerator(lexicon)
    for depth in (1, 2, 3):
        r = EndgameSolver(MoveGenerator(lexicon), max_depth=depth).solve(game.board, mine, theirs, seconds=60)
        assert r.depth == depth or r.exact
        if r.exact:
            assert r.value == full_width(gen, game.board.copy(), mine, theirs), depth
        else:
            assert r.value == to_depth(gen, game.board.copy(), mine, theirs, depth), depth
