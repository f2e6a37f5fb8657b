"""Two changes to which nodes the end-game search visits (issue 26):

- the root's aspiration window: each iteration after the first searches
  the root moves within a window around the last iteration's best value
  (``endgame.ASPIRATION`` points each way); a move valued at the window's
  top or more is searched again without it, and when every move falls to
  its bottom or below, the whole iteration is. The compiled search's
  ``root_child`` takes the window's top (``beta``) for it.
- a forced pass (the side to move has no move at all) takes no ply of the
  depth, so a side stuck with its tiles does not halve how far the search
  sees.

The values stay those of a plain search: the same exact values with the
window as without, and, with the forced pass, a small end game exact at a
shallower depth with the value a full-width minimax gives."""

from __future__ import annotations

import pytest

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine import endgame as eg
from audio_scrabble.engine.endgame import EndgameSolver, c_search_available

from test_endgame import _Clock, minimax, play_of
from test_endgame_incremental import bag_empty

BACKENDS = ["python"] + (["c"] if c_search_available() else [])


@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


@pytest.fixture(scope="module")
def gen(lexicon):
    return MoveGenerator(lexicon)


@pytest.fixture(scope="module")
def seed41(lexicon):
    game = bag_empty(lexicon, 41)
    assert game is not None
    return game.board, list(game.players[game.current].rack)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_side_that_cannot_move_passes_without_spending_a_ply(gen, seed41, backend):
    """Seed 41's board, U I T against a lone V, which has no play: the
    mover plays, the V passes, the mover plays, ... Exact at depth 3 (the
    mover's three turns; depth 5 when each forced pass took a ply), with
    the minimax value."""
    board, rack = seed41
    mine = [t for t in rack if t in "UIT"][:3]
    assert sorted(mine) == ["I", "T", "U"]
    assert gen.generate(board, ["V"]) == []
    r = EndgameSolver(gen, backend=backend).solve(board, mine, ["V"], seconds=60)
    assert r.exact and r.depth == 3
    assert r.value == minimax(gen, board.copy(), mine, ["V"])


def test_the_compiled_root_child_takes_a_window_top(gen, seed41):
    """root_child(index, depth, alpha, deadline, beta): a move whose value
    is v searched within (alpha, beta) gives v when v lies inside, and at
    least beta (a bound) when v is beta or more; without beta, as before."""
    if not c_search_available():
        pytest.skip("the compiled search is not in use here")
    board, rack = seed41
    solver = eg.CompiledEndgame(gen)
    cs = solver.start(board, rack[:4], ["V", "E"])
    inf = float("inf")
    k = cs.root_order()[0]
    full, _ = cs.root_child(k, 3, -inf, inf)
    inside, _ = cs.root_child(k, 3, full - 5, inf, full + 5)
    assert inside == full
    above, _ = cs.root_child(k, 3, -inf, inf, full - 3)
    assert above >= full - 3


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", [41, 45, 50, 900])
def test_the_window_changes_no_exact_value(lexicon, gen, monkeypatch, backend, seed):
    """Small end games (4 tiles against 3) searched to the end with the
    window and without: the same value, play and exactness."""
    game = bag_empty(lexicon, seed)
    assert game is not None
    me = game.current
    mine, theirs = list(game.players[me].rack)[:4], list(game.unseen(me).elements())[:3]
    got = []
    for width in (0, eg.ASPIRATION, 1):
        monkeypatch.setattr(eg, "ASPIRATION", width)
        r = EndgameSolver(gen, backend=backend).solve(game.board, mine, theirs, seconds=60)
        got.append((r.value, r.exact, r.depth))
    assert got[0][1] and got[1] == got[0] and got[2] == got[0], (seed, got)


def test_a_part_of_an_iteration_with_no_move_above_the_window_keeps_the_last_depth(lexicon, gen, monkeypatch):
    """Time running out during depth 2 (a clock moving 1 ms a read, 0.3 s),
    seeds 41, 45 and 50 (7 tiles against 5, 6 and 4): where the moves
    searched so far at depth 2 all fell to the window's bottom or below,
    their values are only bounds, so the result is depth 1's (value_depth
    1, the chosen play's one-ply value); elsewhere depth 2's part, the
    chosen play's two-ply value. Without the window every such part is
    kept (test_endgame.py); with it, here, none is: depth 2's values lie
    well below depth 1's (the other side's reply counted), so the window
    around depth 1's best seldom holds at depth 2."""
    kept = {}
    real_time = eg.time
    for seed in (41, 45, 50):
        game = bag_empty(lexicon, seed)
        assert game is not None
        me = game.current
        mine, theirs = list(game.players[me].rack), list(game.unseen(me).elements())
        monkeypatch.setattr(eg, "time", _Clock())
        r = EndgameSolver(MoveGenerator(lexicon)).solve(game.board, mine, theirs, 0.3)
        monkeypatch.setattr(eg, "time", real_time)
        assert r.depth == 1 and not r.exact
        solver = EndgameSolver(gen)
        solver._setup(game.board, mine, theirs)
        a, b = solver.racks
        chosen = [m for m in solver.moves(0, a) if play_of(m) == r.play]
        assert chosen
        assert r.value == solver._child(0, chosen[0], a, b, r.value_depth, float("-inf"), float("inf"))
        kept[seed] = r.value_depth
    assert 1 in kept.values(), kept
