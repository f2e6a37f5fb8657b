"""Issue 26: the champion's cheaper play-outs (the fast static player of
engine/fastplay.py, its analyses kept per candidate), its pruning of the
clearly worse candidates by paired play-outs, and its prior that gives
way to the simulation."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from audio_scrabble.core import Game, score_play, validate_placement
from audio_scrabble.core.rules import VARIANTS
from audio_scrabble.engine import ComputerPlayer
from audio_scrabble.engine.champion import Champion, simulate
from audio_scrabble.engine.fastplay import BLANK_LETTERS, FastRack, best_play
from audio_scrabble.engine.leave import leave_value
from audio_scrabble.engine.movegen import Move, MoveGenerator
from audio_scrabble.lexicon import Lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


def boards(lexicon, games: int, seed: int):
    """(board, rack, unseen) before every turn of seeded expert games."""
    expert = ComputerPlayer("expert", lexicon, seed)
    for g in range(seed, seed + games):
        game = Game(["a", "b"], VARIANTS["double"], seed=g, lexicon=lexicon)
        while not game.is_over and game.bag:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            i = game.current
            yield game.board.copy(), list(game.players[i].rack), list(game.unseen(i).elements())
            expert.choose(game, i).apply(game)


def test_the_fast_players_plays_are_legal_scored_as_the_core_scores_them_and_never_beat_the_exact_best(lexicon):
    """Racks with one or two blanks on boards of real games: the fast
    player's best (a blank tried as S and as E) is a legal play of the real
    rack, with the blank on a square (when it plays one), scored exactly as
    the rules core scores it, keeping exactly the tiles it says; and its
    equity is never above the best found by generating every move."""
    gen = MoveGenerator(lexicon)
    rng = random.Random(3)
    checked = blank_played = short = 0
    for board, rack, _ in boards(lexicon, 3, 40):
        tiles = [t for t in rack if t != "?"][:7]
        for _ in range(rng.choice((1, 1, 2))):
            tiles[rng.randrange(len(tiles))] = "?"
        fast = best_play(gen, board, FastRack(tiles))
        exact = best_play(gen, board, FastRack(tiles, ""))
        assert (fast is None) == (exact is None)
        if fast is None:
            continue
        eq, rec, ctx, left = fast
        play = Move(*rec, ctx).play
        validate_placement(board, play)
        breakdown = score_play(board, play)
        assert all(w.word.word in lexicon for w in breakdown.words), play
        assert breakdown.total == rec[0], play
        used = Counter(play.rack_tiles())
        assert not used - Counter(tiles), (play, tiles)
        assert Counter(left) == Counter(tiles) - used
        assert eq == pytest.approx(rec[0] + leave_value(left))
        assert eq <= exact[0] + 1e-9
        blank_played += "?" in play.rack_tiles()
        short += eq < exact[0] - 1e-9
        checked += 1
    assert checked >= 40 and blank_played >= 5 and short >= 1


def test_without_a_blank_in_play_the_fast_play_outs_equal_the_exact_ones(lexicon):
    """No blank on either side's racks (the unseen blanks taken out): the
    fast player generates every move, so each play-out's value is the
    exact player's, iteration by iteration; with the blanks back the two
    differ somewhere (the fast player is in use)."""
    expert = ComputerPlayer("expert", lexicon, 2)
    game = Game(["a", "b"], VARIANTS["double"], seed=8, lexicon=lexicon)
    for _ in range(6):
        expert.choose(game, game.current).apply(game)
    i = game.current
    rack = [t for t in game.players[i].rack if t != "?"]
    gen = MoveGenerator(lexicon)
    cands = [(m.play, tuple(m.rack_tiles()), m.score) for m in gen.generate(game.board, rack)[:4]]
    unseen = list(game.unseen(i).elements())
    plain = [t for t in unseen if t != "?"]
    alive = list(range(len(cands)))
    exact = simulate(gen, game.board.cells, rack, plain, len(game.bag), cands, alive, seed=5, iterations=6)
    fast = simulate(gen, game.board.cells, rack, plain, len(game.bag), cands, alive, seed=5, iterations=6,
                    blanks=BLANK_LETTERS)
    assert fast == exact
    assert "?" in unseen
    exact = simulate(gen, game.board.cells, rack, unseen, len(game.bag), cands, alive, seed=5, iterations=12)
    fast = simulate(gen, game.board.cells, rack, unseen, len(game.bag), cands, alive, seed=5, iterations=12,
                    blanks=BLANK_LETTERS)
    assert fast != exact


def test_a_candidate_clearly_worse_draw_by_draw_is_pruned_though_the_draws_swing_both():
    """The draws swing every candidate's value by tens of points (shared
    noise); candidate 1 is 4 points worse than 0 in every draw, candidate 2
    as good as 0 give or take a point. Paired draw by draw, 1 is clearly
    behind and goes; 2 stays. (Unpaired, the spread of the draws hid it.)"""
    rng = random.Random(1)
    swing = [rng.gauss(0, 40) for _ in range(24)]
    results = [[s for s in swing], [s - 4 + rng.gauss(0, 1) for s in swing], [s + rng.gauss(0, 1) for s in swing]]
    assert Champion._prune([0, 1, 2], results) == [0, 2]


def test_the_simulation_decides_once_it_has_a_few_dozen_play_outs():
    """The static order says A by 10 points; 40 play-outs each say B by 3.
    The prior (a few pseudo-play-outs of the static value) gives way: B."""
    results = [[0.0] * 40, [3.0] * 40]
    means = {0: 0.0, 1: 3.0}
    assert Champion._pick([0, 1], results, means, [10.0, 0.0]) == 1
    # with a handful of play-outs the static order still counts
    assert Champion._pick([0, 1], [[0.0] * 2, [3.0] * 2], means, [10.0, 0.0]) == 0


def test_the_champion_says_how_its_play_outs_went(lexicon):
    """In process: the play-outs a candidate got (median over all, over the
    candidates left at the end, the chosen one's) and in all, for the
    benches; the fast player is the champion's."""
    game = Game(["a", "b"], VARIANTS["double"], seed=4, lexicon=lexicon)
    p = ComputerPlayer("champion", lexicon, 9, think=0.6, workers=0)
    p.choose(game, game.current)
    last = p._sim.last
    assert p._sim.blanks == BLANK_LETTERS
    assert last["play_outs_total"] >= last["candidates"]
    assert last["play_outs_chosen"] >= last["play_outs_median"] >= 1
    assert last["play_outs_finalists"] >= last["play_outs_median"]


def test_an_opening_plays_out_each_mirrored_pair_once(lexicon):
    """On the empty board a down play mirrors an across one and is worth
    the same: only one of each pair is simulated (the play-outs go to the
    others), and the champion's opening is still legal."""
    game = Game(["a", "b"], VARIANTS["double"], seed=12, lexicon=lexicon)
    p = ComputerPlayer("champion", lexicon, 3, think=0.4, workers=0)
    a = p.choose(game, game.current)
    # (with the compiled move generator the 0.4 s holds more play-outs, and
    # on this rack the exchange may then come out best: legal too)
    if a.play is not None:
        game.check_place(a.play)
    else:
        game.check_exchange(a.tiles)
    last = p._sim.last
    # ten plays, most in mirrored pairs, and the exchange
    assert last["candidates"] <= 7 < len(last["static"]) == 11


def test_the_champions_end_game_search_keeps_back_a_margin_of_its_think(lexicon):
    """The exact search's first depth is never cut and it reads the clock
    between positions: with the whole think it ran past it (a move of
    3.65 s for 3 s); it gets a share, the rest a margin."""
    from audio_scrabble.engine.champion import ENDGAME_SHARE

    p = ComputerPlayer("champion", lexicon, 1, think=3.0, workers=0)
    assert p.endgame_seconds == pytest.approx(3.0 * ENDGAME_SHARE) and ENDGAME_SHARE < 0.9
