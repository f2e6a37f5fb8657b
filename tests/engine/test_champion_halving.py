"""Issue 26: the champion shares its budget by successive halving (the
better half of the candidates goes on at each halving point, so the
close ones get the play-outs), says how many play-outs a candidate got by
both definitions, and works out our answer's board once per candidate
(its analysis set back after each play-out)."""

from __future__ import annotations

import random
import time

import pytest

from audio_scrabble.core import Game
from audio_scrabble.core.rules import VARIANTS
from audio_scrabble.engine import ComputerPlayer, champion
from audio_scrabble.engine.champion import (MIN_ITERATIONS, Champion, _SETUP, fitting, halving_point,
                                            halving_stages, simulate)
from audio_scrabble.engine.movegen import BoardAnalysis, MoveGenerator
from audio_scrabble.lexicon import Lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


def test_the_budget_is_shared_among_the_stages_of_halving():
    """10 -> 5 -> 3 -> 2, then the last two share what is left: four
    stages; each stage's play-outs shared among its candidates, never a
    halving before MIN_ITERATIONS each."""
    assert [halving_stages(n) for n in (2, 3, 4, 5, 10, 11)] == [1, 2, 2, 3, 4, 4]
    # 800 play-outs left for 10 candidates, 4 stages: 20 each in this one
    assert halving_point(1, 10, 800) == 21
    # a loaded machine (few play-outs left): not before MIN_ITERATIONS
    assert halving_point(1, 10, 30) == MIN_ITERATIONS


def test_halving_keeps_the_best_half_by_the_simulation_not_the_static_order():
    """Six candidates played out on the same draws, which swing every value
    by tens of points: candidate 0 is best by 2 points a draw, 1 and 2 a
    little behind it, 3-5 well behind; the static order is the other way
    round (5 first). Halving keeps 0, 1 and 2: paired draw by draw, the
    swing cancels, and 40 play-outs outweigh the prior of the static values."""
    rng = random.Random(7)
    swing = [rng.gauss(0, 40) for _ in range(40)]
    gaps = [0.0, -2.0, -2.5, -9.0, -10.0, -12.0]
    results = [[s + g + rng.gauss(0, 1.5) for s in swing] for g in gaps]
    static = [0.0, 1.0, 2.0, 8.0, 9.0, 10.0]
    assert Champion._halve(list(range(6)), results, static) == [0, 1, 2]
    # odd counts keep the larger half
    assert Champion._halve([0, 1, 3, 4, 5], results, static) == [0, 1, 3]


def test_a_small_budget_plays_out_only_the_candidates_it_can_tell_apart():
    """800 play-outs are enough for ten candidates (20 each in the first of
    four stages); 100 for four (12 each, then two share the rest); ten
    for two."""
    assert fitting(10, 800) == 10
    assert fitting(11, 100) == 4
    assert fitting(10, 10) == 2


def fake_play_outs(gaps: list[float], each: float = 0.0005):
    """Stands in for the play-outs in process: candidate k is worth
    gaps[k] plus a swing the draws share plus a little noise; a play-out
    takes half a millisecond (slept, so the champion's clock sees it)."""

    def run(gen, args):
        *common, plies, token, deadline, seconds, blanks = args
        alive, seed, n = common[5], common[6], common[7]
        rng = random.Random(seed)
        n = min(n, 4)
        out: list[list[float]] = [[] for _ in gaps]
        for _ in range(n):
            s = rng.gauss(0, 30)
            for k in alive:
                out[k].append(s + gaps[k] + rng.gauss(0, 2))
        took = each * n * len(alive)
        time.sleep(took)
        return out, took, took

    return run


def test_the_champion_halves_its_candidates_and_the_close_ones_get_the_play_outs(monkeypatch, lexicon):
    """Eight candidates (a real opening's board; the play-outs are stand-ins,
    candidate 0 the best by 3 points a draw, the static order the same;
    the pruning of the clearly worse is turned off, to see the halving
    alone): the champion halves them (8 -> 4 -> 2) as its budget goes, plays 0, and
    the candidates left at the end got more play-outs than those past the
    first cut, which got more than the median of all; it says so in
    ``last`` by each definition."""
    gaps = [0.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0, -9.0]
    monkeypatch.setattr(champion, "_run_play_outs", fake_play_outs(gaps))
    monkeypatch.setattr(champion, "PRUNE_SIGMAS", 1000.0)
    # a short first round: at 0.6 s the full one (FIRST_ROUND each) lets in only five of the eight
    monkeypatch.setattr(champion, "FIRST_ROUND", 20)
    game = Game(["a", "b"], VARIANTS["double"], seed=3, lexicon=lexicon)  # a full bag: spread, not win chance
    sim = Champion(lexicon, think=0.6, workers=0, seed=1)
    cands = [(None, ("A",), 0, -float(k)) for k in range(8)]
    assert sim.choose(game, 0, cands) == 0
    last = sim.last
    cuts = last["cuts"]
    assert [left for _, left in cuts] == [4, 2]
    assert cuts[0][0] >= MIN_ITERATIONS and cuts[1][0] > cuts[0][0]
    assert last["alive"] == 2 and last["survivors"] == 4
    assert last["play_outs_finalists"] > last["play_outs_survivors"] >= last["play_outs_median"]
    assert last["play_outs_least"] == cuts[0][0] and last["play_outs_most"] == last["play_outs_chosen"]


def test_on_a_slow_machine_the_champion_plays_out_its_best_few(monkeypatch, lexicon):
    """Play-outs of 20 ms (a loaded machine) in 0.6 s: about 28 in all,
    enough to tell two candidates apart, not eight. After the first round
    the best two by value go on (here the static order's first two, which
    are the best), and the best is played."""
    gaps = [0.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0, -9.0]
    monkeypatch.setattr(champion, "_run_play_outs", fake_play_outs(gaps, each=0.02))
    game = Game(["a", "b"], VARIANTS["double"], seed=3, lexicon=lexicon)
    sim = Champion(lexicon, think=0.6, workers=0, seed=1)
    cands = [(None, ("A",), 0, -float(k)) for k in range(8)]
    assert sim.choose(game, 0, cands) == 0
    assert sim.last["fitted"] < 8 and sim.last["survivors"] == sim.last["fitted"]


def test_our_answers_board_is_worked_out_once_per_candidate(lexicon):
    """The analysis our answer is generated on is the candidate's board for
    the whole decision: after each play-out it is set back to it (before,
    it held the last reply's board, and the next play-out worked out that
    reply's lines again as well as its own). Set back, a play-out works
    out only the lines of its own reply."""
    expert = ComputerPlayer("expert", lexicon, 2)
    game = Game(["a", "b"], VARIANTS["double"], seed=8, lexicon=lexicon)
    for _ in range(6):
        expert.choose(game, game.current).apply(game)
    i = game.current
    rack = list(game.players[i].rack)
    gen = MoveGenerator(lexicon)
    cands = [(m.play, tuple(m.rack_tiles()), m.score) for m in gen.generate(game.board, rack)[:3]]
    unseen = list(game.unseen(i).elements())
    token = ("once", 8)
    simulate(gen, game.board.cells, rack, unseen, len(game.bag), cands, [0, 1, 2], seed=2, iterations=4, token=token)
    setup = _SETUP["sim"][1]
    boards, ours = setup[5], setup[6]
    for k in range(3):
        assert ours[k].rows == tuple(tuple(r) for r in boards[k].cells)
    # a second call of the same decision: each of our answers' updates works
    # out no more lines than one reply changes from the candidate's board
    counted: list[int] = []
    update = BoardAnalysis.update

    def counting(self, board, only=None):
        before = self.rows
        out = update(self, board, only)
        if any(self is a for a in ours.values()) and self.rows != before:
            ref = champion._copy_analysis(ours_ref[id(self)])
            ref.update(board)
            counted.append((self.recomputed, ref.recomputed))
        return out

    ours_ref = {id(a): champion._copy_analysis(a) for a in ours.values()}
    BoardAnalysis.update = counting  # type: ignore[method-assign]
    try:
        simulate(gen, game.board.cells, rack, unseen, len(game.bag), cands, [0, 1, 2], seed=3, iterations=4,
                 token=token)
    finally:
        BoardAnalysis.update = update  # type: ignore[method-assign]
    assert counted and all(mine == ref for mine, ref in counted)


def test_the_static_order_gives_way_to_play_outs_by_what_their_noise_is_worth(monkeypatch):
    """The static values say A by 4 points; the play-outs say B by 3, each
    pair of them (the same draw) differing by 3 +/- 30 points. Twenty such
    play-outs are worth less than the static values' word (their paired
    noise, 30 points, over the static values' stray, PRIOR_SD, makes the
    prior worth many play-outs): A. Four hundred outweigh it: B."""
    monkeypatch.setattr(champion, "PRIOR_SD", 6.0)
    rng = random.Random(5)

    def results(n: int) -> list[list[float]]:
        swing = [rng.gauss(0, 40) for _ in range(n)]
        noise = [rng.gauss(0, 30) for _ in range(n)]
        m = sum(noise) / n
        return [[s for s in swing], [s + 3.0 + x - m for s, x in zip(swing, noise)]]

    static = [4.0, 0.0]
    for n, best in ((20, 0), (400, 1)):
        res = results(n)
        means = {k: sum(v) / n for k, v in enumerate(res)}
        weight = champion.prior_weight([0, 1], res, means)
        assert weight == pytest.approx(900 / 36, rel=0.2) if n == 400 else weight > 10  # 20 estimate it roughly
        assert Champion._pick([0, 1], res, means, static) == best
    # without PRIOR_SD the weight is PRIOR's, whatever the noise
    monkeypatch.setattr(champion, "PRIOR_SD", 0.0)
    assert champion.prior_weight([0, 1], res, means) == champion.PRIOR
