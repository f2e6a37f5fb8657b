"""The end-game search's order: after the plays that go out, a play whose
leave goes out next turn (a rack some root move of the side goes out
with) comes NEXT_OUT_BONUS points ahead in the order key."""

from __future__ import annotations

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine import endgame as eg
from audio_scrabble.engine.endgame import EndgameSolver

from test_endgame_incremental import bag_empty


def test_a_leave_that_goes_out_next_turn_is_ordered_ahead():
    from audio_scrabble.lexicon import Lexicon

    lexicon = Lexicon.default()
    lifted = 0
    for seed in (41, 45, 900):
        game = bag_empty(lexicon, seed)
        assert game is not None
        me = game.current
        mine, theirs = list(game.players[me].rack), list(game.unseen(me).elements())
        solver = EndgameSolver(MoveGenerator(lexicon), backend="python")
        solver._setup(game.board, mine, theirs)
        rack = solver.racks[0]
        outs = solver._outs[0]
        moves = solver.moves(0, rack)
        rest = [m for m in moves if m[eg._USED] != rack]
        keys = [m[eg._ORDER] + (eg.NEXT_OUT_BONUS if rack - m[eg._USED] in outs else 0) for m in rest]
        assert keys == sorted(keys, reverse=True), seed
        # some play with such a leave goes ahead of a play of a higher order key
        lifted += any(rack - a[eg._USED] in outs and b[eg._ORDER] > a[eg._ORDER] and rack - b[eg._USED] not in outs
                      for i, a in enumerate(rest) for b in rest[i + 1:i + 50])
    assert eg.NEXT_OUT_BONUS > 0
    assert lifted >= 1
