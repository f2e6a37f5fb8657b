"""The end-game search's value is a plain full-width search's (every play
put on the board and generated afresh, every pass; alpha-beta, no table,
no stored moves) on many small end-games: real bag-empty boards, racks
of 1 to 3 tiles each drawn at random (seeded) from the tiles still out,
4 tiles at most in all, a blank among them in a third."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from audio_scrabble.core import validate_placement
from audio_scrabble.core.play import apply_play, remove_play
from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine.endgame import EndgameSolver, _face

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


def full_width(gen, board, mine, theirs, alpha=-10**9, beta=10**9, passes=0) -> int:
    """Negamax with alpha-beta over every play (put on the board, the
    moves generated afresh at every node) and the pass: going out scores
    twice the other's tiles; two passes in a row end it, each losing its
    own tiles. Exact: only cut-offs, no horizon."""
    if passes >= 2:
        return _face(theirs) - _face(mine)
    best = -full_width(gen, board, theirs, mine, -beta, -alpha, passes + 1)
    if best >= beta:
        return best
    alpha = max(alpha, best)
    for m in gen.generate(board, list(mine)):
        left = list((Counter(mine) - Counter(m.rack_tiles())).elements())
        if not left:
            v = m.score + 2 * _face(theirs)
        else:
            apply_play(board, m.play)
            v = m.score - full_width(gen, board, theirs, left, m.score - beta, m.score - alpha, 0)
            remove_play(board, m.play)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def cases() -> list[tuple[int, int]]:
    return [(seed, k) for seed in (41, 45, 900) for k in range(10)]


@pytest.mark.parametrize("seed, k", cases())
def test_the_search_value_is_the_full_width_minimax(lexicon, boards, seed, k):
    board, tiles = boards[seed]
    rng = random.Random(1000 * seed + k)
    pool = list(tiles)
    if k % 3 == 2:
        pool.append("?")  # a blank on one of the racks, most likely
    rng.shuffle(pool)
    n_mine, n_theirs = rng.randint(1, 3), rng.randint(1, 3)
    # brute force is slow beyond 4 tiles in all, and with a blank beyond 3
    cap = 3 if k % 3 == 2 else 4
    if n_mine + n_theirs > cap:
        n_theirs = max(1, cap - n_mine)
        n_mine = cap - n_theirs
    if k % 3 == 2 and "?" not in pool[: n_mine + n_theirs]:
        pool.remove("?")
        pool.insert(rng.randrange(n_mine + n_theirs), "?")
    mine, theirs = pool[:n_mine], pool[n_mine:n_mine + n_theirs]
    gen = MoveGenerator(lexicon)
    expected = full_width(gen, board.copy(), mine, theirs)
    result = EndgameSolver(MoveGenerator(lexicon)).solve(board, mine, theirs, seconds=60)
    assert result.exact, (mine, theirs)
    assert result.value == expected, (mine, theirs)
    if result.play is not None:
        validate_placement(board, result.play)
