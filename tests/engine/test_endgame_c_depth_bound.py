"""The compiled end-game search's table keeps a depth in 24 bits (its
entries are 32 bytes), so root_child refuses a depth of 65,536 or more
with a ValueError rather than keep a wrong one; below that it searches
(the solver asks for at most its max_depth, 30 by default)."""

from __future__ import annotations

import pytest

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine.endgame import EndgameSolver, c_search_available

from test_endgame_incremental import bag_empty

pytestmark = pytest.mark.skipif(
    not c_search_available(),
    reason="the compiled search is not in use here (_movegen_c not built, or AUDIO_SCRABBLE_PURE_PYTHON=1)")


def test_a_depth_past_the_table_is_refused():
    from audio_scrabble.lexicon import Lexicon

    lexicon = Lexicon.default()
    game = bag_empty(lexicon, 41)
    assert game is not None
    me = game.current
    mine, theirs = list(game.players[me].rack)[:2], list(game.unseen(me).elements())[:1]
    solver = EndgameSolver(MoveGenerator(lexicon), max_depth=2, backend="c")
    solver.solve(game.board, mine, theirs, float("inf"))
    cs = solver._cs
    assert cs is not None
    # two tiles against one: searched to the end long before 65,535 plies
    value, horizon = cs.root_child(-1, 65535, -1e9, float("inf"))
    assert not horizon
    with pytest.raises(ValueError, match="65536"):
        cs.root_child(-1, 65536, -1e9, float("inf"))
