"""Learned leave values: every leave of 1 to 6 tiles has a value in the
shipped table, ranks number the leaves without gaps, the table loads,
and the expert, the hints and the reviews use it."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from audio_scrabble.engine import leave as L
from audio_scrabble.engine.learn_leaves import TILES, features


def test_ranks_number_every_leave_of_each_size_once():
    for k in (1, 2, 3, 4):
        ranks = sorted(L.leave_rank("".join(c)) for c in combinations_with_replacement(L.TILE_KINDS, k))
        assert ranks == list(range(L.table_sizes()[k]))
    assert L.table_sizes()[6] == 906_192 and sum(L.table_sizes().values()) == 1_107_567
    assert TILES == L.TILE_KINDS


def test_the_table_round_trips_and_refuses_damage():
    sizes = L.table_sizes()
    parts = [[(i * 7 + k) % 600 - 300 for i in range(sizes[k])] for k in range(1, 7)]
    packed = L.encode_table(parts, {"games": 1})
    t = L.LeaveTable.decode(packed)
    assert t.meta == {"games": 1}
    for leave in ("?", "AB", "QUZ", "EEEE", "??SSTT"):
        k = len(leave)
        assert t.value(leave) == parts[k - 1][L.leave_rank(leave)] / 10
    import zlib

    with pytest.raises(ValueError):
        L.LeaveTable.decode(zlib.compress(zlib.decompress(packed)[:-2]))


def test_the_shipped_table_is_learned_and_sensible():
    t = L.learned_table()
    assert t is not None, "rebuild: python -m audio_scrabble.engine.learn_leaves"
    assert t.meta["games"] >= 1000 and t.meta["observations"] > 10_000
    v = L.leave_value
    assert v("?") > v("S") > 0 > v("Q") and v("S") > v("E")  # what every player learns
    assert v("?S") > v("S") and v("ERS") > v("VVW") and v("IIUUV") < -10
    assert v("") == 0.0
    assert v("AEINRST") == L.hand_value("AEINRST")  # seven tiles: outside the table


def test_hints_use_the_experts_leave_values():
    from audio_scrabble.core import Game
    from audio_scrabble.engine import ComputerPlayer, hint
    from audio_scrabble.lexicon import Lexicon

    lex = Lexicon.default()
    game = Game(["a", "b"], seed=22, lexicon=lex)
    expert = ComputerPlayer("expert", lex, 0)
    assert expert.leave is L.leave_value
    a = expert.choose(game, game.current)
    best = hint(game, game.current, 1, lex)[0]
    if a.kind == "place":
        # the same value (a tie may be broken the other way: across or down)
        assert best[2].equity == pytest.approx(a.equity, abs=0.01)


def test_features_cover_synergy():
    assert len(features("AEINST")) == len(features("Q"))
