"""The root's iterations: depth 1 to DEEPEN_TO, then straight to the end
(max_depth), and the same values as deepening one ply at a time; a depth
of max_depth or more given to value_of is the end, kept to its seconds."""

from __future__ import annotations

import random

import pytest

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine import endgame as eg
from audio_scrabble.engine.endgame import EndgameSolver

from test_endgame_incremental import bag_empty


@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


def test_the_iterations_jump_to_the_end_after_deepen_to(lexicon):
    gen = MoveGenerator(lexicon)
    assert EndgameSolver(gen)._depths() == list(range(1, eg.DEEPEN_TO + 1)) + [30]
    assert EndgameSolver(gen, max_depth=3)._depths() == [1, 2, 3]
    assert EndgameSolver(gen, max_depth=eg.DEEPEN_TO + 1)._depths() == list(range(1, eg.DEEPEN_TO + 2))


def test_the_same_values_as_every_depth_in_turn(lexicon, monkeypatch):
    """Small racks searched until exact: the jump to the end and one ply
    at a time give the same value and exactness (both searches)."""
    game = bag_empty(lexicon, 45)
    assert game is not None
    me = game.current
    tiles = list(game.players[me].rack) + list(game.unseen(me).elements())
    checked = 0
    for k in range(6):
        rng = random.Random(4500 + k)
        pool = list(tiles)
        rng.shuffle(pool)
        mine, theirs = pool[:rng.randint(2, 4)], pool[4:4 + rng.randint(2, 4)]
        got = []
        for deepen in (eg.DEEPEN_TO, 30):
            monkeypatch.setattr(eg, "DEEPEN_TO", deepen)
            r = EndgameSolver(MoveGenerator(lexicon)).solve(game.board, mine, theirs, float("inf"))
            got.append((r.value, r.exact))
        assert got[0] == got[1], (mine, theirs)
        checked += got[0][1]
    assert checked == 6


def test_value_of_at_the_end_depth_deepens_within_its_seconds(lexicon):
    """value_of(depth=max_depth) is the end: deepened until exact within
    the seconds given (a counting clock: it stops), not a search to
    depth 30 with no deadline."""
    game = bag_empty(lexicon, 45)
    me = game.current
    mine, theirs = list(game.players[me].rack), list(game.unseen(me).elements())
    reads = []

    def clock() -> float:
        reads.append(1)
        return len(reads) * 0.001

    solver = EndgameSolver(MoveGenerator(lexicon, backend="python"), clock=clock)
    value, exact = solver.value_of(game.board, mine, theirs, None, 0, depth=30, seconds=0.3)
    assert len(reads) < 1000
    assert value > float("-inf")
