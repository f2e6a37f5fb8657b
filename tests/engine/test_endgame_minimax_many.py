"""The end-game search's value is a plain full-width minimax's (every play
put on the board, every pass) on many small end-games: real bag-empty
boards, racks of 1 to 3 tiles each drawn at random (seeded) from the
tiles still out, a blank among them in some."""

from __future__ import annotations

import random

import pytest

from audio_scrabble.core import validate_placement
from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine.endgame import EndgameSolver

from test_endgame import minimax
from test_endgame_incremental import bag_empty


@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


@pytest.fixture(scope="module")
def boards(lexicon):
    out = {}
    for seed in (41, 45, 900):
        game = bag_empty(lexicon, seed)
        assert game is not None
        me = game.current
        out[seed] = (game.board, list(game.players[me].rack) + list(game.unseen(me).elements()))
    return out


def cases() -> list[tuple[int, int]]:
    return [(seed, k) for seed in (41, 45, 900) for k in range(6)]


@pytest.mark.parametrize("seed, k", cases())
def test_the_search_value_is_the_full_width_minimax(lexicon, boards, seed, k):
    board, tiles = boards[seed]
    rng = random.Random(1000 * seed + k)
    pool = list(tiles)
    if k % 3 == 2:
        pool.append("?")  # a blank on one of the racks, most likely
    rng.shuffle(pool)
    n_mine, n_theirs = rng.randint(1, 3), rng.randint(1, 3)
    # brute force is slow on 3 against 3, and with a blank beyond 3 tiles in all
    cap = 3 if k % 3 == 2 else 5
    if n_mine + n_theirs > cap:
        n_theirs = max(1, cap - n_mine)
        n_mine = cap - n_theirs
    if k % 3 == 2 and "?" not in pool[: n_mine + n_theirs]:
        pool.remove("?")
        pool.insert(rng.randrange(n_mine + n_theirs), "?")
    mine, theirs = pool[:n_mine], pool[n_mine:n_mine + n_theirs]
    gen = MoveGenerator(lexicon)
    expected = minimax(gen, board.copy(), mine, theirs)
    result = EndgameSolver(MoveGenerator(lexicon)).solve(board, mine, theirs, seconds=60)
    assert result.exact, (mine, theirs)
    assert result.value == expected, (mine, theirs)
    if result.play is not None:
        validate_placement(board, result.play)
