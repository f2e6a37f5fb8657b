"""The compiled end-game search's line store emptied between two root
moves once it holds more than ``recycle_at`` bytes (issue 26: three of
the bench's first 60 positions stopped at 1,000,000 nodes, or sooner, at
the store's 384 MB cap): the search goes on, the lines met again made
anew, and its values stay the same. Here the store is emptied before
every root move but the first (``recycle_bytes = 0``), which a real
search meets only past 192 MB."""

from __future__ import annotations

import pytest

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine.endgame import CompiledEndgame, EndgameSolver, c_search_available

from test_endgame_incremental import bag_empty

pytestmark = pytest.mark.skipif(
    not c_search_available(),
    reason="the compiled search is not in use here (_movegen_c not built, or AUDIO_SCRABBLE_PURE_PYTHON=1)")


@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


def test_a_fresh_search_keeps_the_default_threshold(lexicon):
    game = bag_empty(lexicon, 41)
    assert game is not None
    me = game.current
    search = CompiledEndgame(MoveGenerator(lexicon))
    cs = search.start(game.board, list(game.players[me].rack), list(game.unseen(me).elements()))
    assert cs.recycle_at == 192 << 20
    assert cs.recycled == 0


@pytest.mark.parametrize("seed", [41, 900, 1000])
def test_the_store_emptied_between_root_moves_gives_the_same_values(lexicon, seed, monkeypatch):
    game = bag_empty(lexicon, seed)
    assert game is not None
    me = game.current
    board, mine, theirs = game.board, list(game.players[me].rack), list(game.unseen(me).elements())
    gen = MoveGenerator(lexicon)
    for depth in (3, 30):
        plain = EndgameSolver(gen, max_depth=depth).solve(board, mine, theirs, seconds=float("inf"))
        monkeypatch.setattr(CompiledEndgame, "recycle_bytes", 0)
        solver = EndgameSolver(gen, max_depth=depth)
        got = solver.solve(board, mine, theirs, seconds=float("inf"))
        monkeypatch.undo()
        assert solver._cs.recycled > 0, seed
        assert (got.value, got.exact, got.depth) == (plain.value, plain.exact, plain.depth), (seed, depth)
    assert got.exact, seed
