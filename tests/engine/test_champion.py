"""The champion level: simulation of the expert's best plays, on worker
processes, within its time budget; its moves are legal."""

from __future__ import annotations

import time

import pytest

from audio_scrabble.core import Game
from audio_scrabble.core.rules import VARIANTS
from audio_scrabble.engine import LEVELS, ComputerPlayer
from audio_scrabble.engine.champion import Champion, simulate
from audio_scrabble.engine.movegen import MoveGenerator
from audio_scrabble.engine.players import parse_level
from audio_scrabble.lexicon import Lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


def position(lexicon, seed: int, moves: int, candidates: int):
    """A real game ``moves`` expert moves in (a board with several words),
    and for the player to move: (game, their seat, rack, unseen tiles, a
    generator, their ``candidates`` best plays as (play, tiles used, score))."""
    expert = ComputerPlayer("expert", lexicon, 2)
    game = Game(["a", "b"], VARIANTS["double"], seed=seed, lexicon=lexicon)
    for _ in range(moves):
        expert.choose(game, game.current).apply(game)
    i = game.current
    rack = list(game.players[i].rack)
    gen = MoveGenerator(lexicon)
    cands = [(m.play, tuple(m.rack_tiles()), m.score) for m in gen.generate(game.board, rack)[:candidates]]
    return game, i, rack, list(game.unseen(i).elements()), gen, cands


def best_by_hand(lexicon, board, rack):
    """(score, play, leave) of the best play by equity, every move generated
    afresh on ``board`` (a new generator: nothing kept from other boards)."""
    from audio_scrabble.engine.leave import leave_value
    from audio_scrabble.engine.movegen import Move, _Context, record_leave

    gen = MoveGenerator(lexicon)
    recs = gen.raw(board, rack)
    ctx = _Context(gen.analysis.lines, rack)
    top = max(recs, key=lambda r: r[0] + leave_value(record_leave(rack, ctx, r)))
    return top[0], Move(*top, ctx).play, record_leave(rack, ctx, top)


def test_champion_is_a_level():
    assert "champion" in LEVELS and parse_level("Computer:Champion") == "champion"


def test_champion_plays_legal_moves_within_its_budget_on_two_workers(lexicon):
    game = Game(["a", "b"], VARIANTS["double"], seed=12, lexicon=lexicon)
    champ = ComputerPlayer("champion", lexicon, 3, think=0.6, workers=2)
    expert = ComputerPlayer("expert", lexicon, 4)
    try:
        champ.warm()  # the workers ready (as a game starts them): every move has its budget
        moves = 0
        while not game.is_over and moves < 6:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            i = game.current
            player = champ if i == 0 else expert
            a = player.choose(game, i)
            if player is champ:
                # how long it took is a figure, not a test (a loaded machine
                # overran any bound): bench/champion_budget.py prints it
                if a.kind == "place":
                    game.check_place(a.play)
                moves += 1
                assert champ._sim is None or champ._sim.last == {} or champ._sim.last["iterations"] >= 1
            a.apply(game)
    finally:
        champ.close()


def test_simulation_values_follow_the_play_out(lexicon):
    """In-process: a play that goes out is worth its score plus twice the
    opponent's tiles; every value is a number per iteration."""
    game = Game(["a", "b"], VARIANTS["double"], seed=3, lexicon=lexicon)
    gen = MoveGenerator(lexicon)
    i = game.current
    rack = list(game.players[i].rack)
    moves = gen.generate(game.board, rack)[:3]
    cands = [(m.play, tuple(m.rack_tiles()), m.score) for m in moves]
    unseen = list(game.unseen(i).elements())
    out = simulate(gen, game.board.cells, rack, unseen, len(game.bag), cands, [0, 1, 2], seed=1, iterations=3)
    assert [len(v) for v in out] == [3, 3, 3]
    assert all(isinstance(x, float) or isinstance(x, int) for v in out for x in v)
    again = simulate(gen, game.board.cells, rack, unseen, len(game.bag), cands, [0, 1, 2], seed=1, iterations=3)
    assert out == again  # seeded


def test_champion_in_process_prunes_and_picks(lexicon):
    game = Game(["a", "b"], VARIANTS["double"], seed=4, lexicon=lexicon)
    p = ComputerPlayer("champion", lexicon, 9, think=0.8, workers=0)
    a = p.choose(game, game.current)
    assert a.kind in ("place", "exchange")
    last = p._sim.last
    assert last["iterations"] >= 1 and 1 <= last["alive"] <= 11
    assert isinstance(p._sim, Champion)


def test_one_ply_play_outs_equal_a_full_search_of_each_board(lexicon):
    """One-ply play-outs (simulate, plies=1) generate the opponent's moves once on the board
    before the candidates and again only in the lines each candidate
    changes; its values must equal, play-out by play-out, a candidate's
    equity less the opponent's best equity found by generating every move
    on the board after the candidate (the same drawn rack)."""
    import random

    from audio_scrabble.core.play import apply_play
    from audio_scrabble.engine.leave import leave_value

    checked = 0
    for seed in (5, 6):
        game, i, rack, unseen, gen, cands = position(lexicon, seed, 5, 4)
        cands.append((None, tuple(rack[:2]), 0))  # an exchange: the board stays as it is
        out = simulate(gen, game.board.cells, rack, unseen, len(game.bag), cands, list(range(len(cands))),
                       seed=11, iterations=2, plies=1)
        rng = random.Random(11)
        for it in range(2):
            pool = unseen[:]
            rng.shuffle(pool)
            opp = pool[:7]
            for k, (play, used, score) in enumerate(cands):
                board = game.board.copy()
                if play is not None:
                    apply_play(board, play)
                r_score, _, r_left = best_by_hand(lexicon, board, opp)
                reply = r_score + leave_value(r_left)
                kept = list(rack)
                for t in used:
                    kept.remove(t)
                assert out[k][it] == pytest.approx(score + leave_value(kept) - reply)
                checked += 1
    assert checked == 20


def test_late_and_far_behind_the_champion_plays_for_the_chance_to_win():
    """By mean spread the safe play (always 50 short) beats the gamble
    (mean 70 short); by the chance of winning from 40 behind with little
    left to play, only the gamble ever wins."""
    from audio_scrabble.engine.champion import spread_sigma, win_chance

    safe = [-50.0] * 40
    gamble = [10.0, -150.0] * 20
    results = [safe, gamble]
    means = {0: -50.0, 1: -70.0}
    static = [-50.0, -70.0]
    assert Champion._pick([0, 1], results, means, static) == 0
    sigma = spread_sigma(10)
    chance = lambda v: win_chance(-40 + v, sigma)  # noqa: E731
    assert Champion._pick([0, 1], results, means, static, chance) == 1
    # ahead, the same model keeps the safe play
    ahead = lambda v: win_chance(80 + v, sigma)  # noqa: E731
    assert Champion._pick([0, 1], results, means, static, ahead) == 0
    assert win_chance(0, sigma) == pytest.approx(0.5) and win_chance(-200, sigma) < 0.001


def test_in_the_pre_endgame_the_champion_starts_from_the_experts_adjusted_values(lexicon):
    """With 1 to 7 tiles in the bag its candidates and their static values
    (the simulation's prior) are the expert's pre-endgame values (bingo
    lanes, emptying the bag), and it plays out two plies, choosing by the
    chance of winning."""
    from audio_scrabble.engine.movegen import _Context
    from audio_scrabble.engine.players import _leave

    game = Game(["a", "b"], VARIANTS["double"], seed=1, lexicon=lexicon)
    expert = ComputerPlayer("expert", lexicon, 1)
    while not 1 <= len(game.bag) <= 7:
        if game.awaiting_final_challenge:
            game.accept()
            continue
        expert.choose(game, game.current).apply(game)
    me = game.current
    rack = list(game.players[me].rack)
    champ = ComputerPlayer("champion", lexicon, 5, think=0.3, workers=0)
    champ.choose(game, me)
    last = champ._sim.last
    assert last["plies"] == 2 and last["by"] == "win chance"
    recs = expert.gen.raw(game.board, rack)
    ctx = _Context(expert.gen.analysis.lines, rack)
    top = sorted(((r[0] + expert.leave(_leave(rack, ctx, r)), r) for r in recs), key=lambda t: -t[0])[:12]
    adjusted = sorted(expert._pre_endgame_values(game, me, ctx, top), reverse=True)[:10]
    assert last["static"][:10] == pytest.approx(adjusted)
    plain = sorted((eq for eq, _ in top), reverse=True)[:10]
    assert last["static"][:10] != pytest.approx(plain)  # this position's adjustment is not nil


def test_two_ply_play_outs_equal_a_full_search_of_each_board(lexicon):
    """The two-ply play-out, step by step by hand on fresh generators: the
    opponent's best reply by equity on the board after the candidate, then
    our best answer by equity with the tiles we draw; the value is the
    candidate's score less the reply's, plus the answer's, plus our final
    leave less the opponent's."""
    import random

    from audio_scrabble.core.play import apply_play
    from audio_scrabble.engine.leave import leave_value

    game, i, rack, unseen, gen, cands = position(lexicon, 7, 6, 3)
    out = simulate(gen, game.board.cells, rack, unseen, len(game.bag), cands, [0, 1, 2], seed=4, iterations=2)
    rng = random.Random(4)
    for it in range(2):
        pool = unseen[:]
        rng.shuffle(pool)
        opp, bag = pool[:7], pool[7:]
        for k, (play, used, score) in enumerate(cands):
            board = game.board.copy()
            apply_play(board, play)
            mine = list(rack)
            for t in used:
                mine.remove(t)
            mine += bag[: 7 - len(mine)]
            o_score, o_play, o_left = best_by_hand(lexicon, board, opp)
            apply_play(board, o_play)
            m_score, _, m_left = best_by_hand(lexicon, board, mine)
            expected = score - o_score + m_score + leave_value(m_left) - leave_value(o_left)
            assert out[k][it] == pytest.approx(expected)


def test_a_seated_champion_starts_its_workers_before_its_first_move(lexicon):
    """The console's make_computer warms the champion on a thread: its
    worker processes are up before it is asked for a move, so the first
    move has its whole budget; close() stops them. Other levels start none."""
    from audio_scrabble.console.services import make_computer

    computer = make_computer("champion", lexicon, 3, think=1)
    try:
        deadline = time.perf_counter() + 30
        while time.perf_counter() < deadline:
            sim = computer.player._sim
            if sim is not None and sim._pool is not None:
                break
            time.sleep(0.05)
        assert computer.player._sim._pool is not None
        assert computer.thinks_over(Game(["a", "b"], VARIANTS["double"], seed=1, lexicon=lexicon))
        assert not computer.thinks_over(Game(["a", "b", "c"], VARIANTS["double"], seed=1, lexicon=lexicon))
    finally:
        computer.close()
    assert computer.player._sim._pool is None
    assert make_computer("expert", lexicon, 3).player._sim is None
