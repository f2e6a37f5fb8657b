"""The end-game search's incremental moves: at any node, the root moves
kept (their line unchanged, their tiles still held) and the moves
generated on the changed lines are exactly every move a full generation
finds there; the position hash follows the plays and comes back."""

from __future__ import annotations

import random

import pytest

from audio_scrabble.core import Game
from audio_scrabble.core.rules import VARIANTS
from audio_scrabble.engine import ComputerPlayer, MoveGenerator
from audio_scrabble.engine.endgame import _SCORE, EndgameSolver, node_squares, rack_int, rack_tiles
from audio_scrabble.lexicon import Lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


def bag_empty(lexicon, seed: int) -> Game | None:
    game = Game(["a", "b"], VARIANTS["double"], seed=seed, lexicon=lexicon)
    seats = [ComputerPlayer("club", lexicon, 1), ComputerPlayer("club", lexicon, 2)]
    while not game.is_over and (game.bag or game.awaiting_final_challenge):
        if game.awaiting_final_challenge:
            game.accept()
            continue
        seats[game.current].choose(game, game.current).apply(game)
    return None if game.is_over else game


def as_set(moves) -> set:
    return {(node_squares(m), m[_SCORE]) for m in moves}


def full(gen: MoveGenerator, solver: EndgameSolver, rack: int) -> set:
    """Every move of ``rack`` on the solver's current board, by a full generation."""
    fresh = EndgameSolver(gen)
    fresh._setup(solver.board, rack_tiles(rack), [])
    return as_set(fresh.root_moves[0])


@pytest.mark.parametrize("seed", [41, 45, 50, 900])
def test_moves_at_deeper_nodes_are_exactly_a_full_generation(lexicon, seed):
    game = bag_empty(lexicon, seed)
    assert game is not None
    me = game.current
    mine, theirs = list(game.players[me].rack), list(game.unseen(me).elements())
    gen = MoveGenerator(lexicon)
    solver = EndgameSolver(gen)
    solver._setup(game.board, mine, theirs)
    h0 = solver.h
    rng = random.Random(seed)
    racks = list(solver.racks)
    played = []
    side = 0
    checked = 0
    for _ in range(4):  # a line of random plays, checking both sides' moves at each node
        for s in (0, 1):
            got = solver.moves(s, racks[s])
            assert len(got) == len(as_set(got))  # no move twice
            assert as_set(got) == full(MoveGenerator(lexicon), solver, racks[s])
            checked += 1
        moves = [m for m in solver.moves(side, racks[side]) if m[2] != racks[side]]  # not going out
        if not moves:
            break
        m = rng.choice(moves[:40])
        played.append((m, solver._apply(m)))
        racks[side] -= m[2]
        side = 1 - side
    for m, old in reversed(played):
        solver._undo(m, old)
    assert solver.h == h0 and solver.dirty == 0
    assert solver.board.rows_text() == game.board.rows_text()
    assert checked >= 4


def test_rack_ints_round_trip():
    for tiles in (["A", "B", "?", "A"], [], list("QUIZ??E")):
        assert sorted(rack_tiles(rack_int(tiles))) == sorted(tiles)
