"""The exact end-game search (bag empty, two players): its values agree
with a plain minimax over every play and pass, it beats the greedy choice
where that is wrong, and the expert plays what it finds."""

from __future__ import annotations

from collections import Counter

import pytest

from audio_scrabble.core import Game, validate_placement
from audio_scrabble.core.play import apply_play, remove_play
from audio_scrabble.core.rules import VARIANTS
from audio_scrabble.engine import ComputerPlayer, MoveGenerator
from audio_scrabble.engine.endgame import EndgameSolver, _face
from audio_scrabble.lexicon import Lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


@pytest.fixture(scope="module")
def gen(lexicon) -> MoveGenerator:
    return MoveGenerator(lexicon)


def play_on(game: Game, seats, going=lambda game: True) -> None:
    """The seats play on (a last play accepted) while ``going(game)``, or
    until the game is over."""
    while not game.is_over and (going(game) or game.awaiting_final_challenge):
        if game.awaiting_final_challenge:
            game.accept()
            continue
        seats[game.current].choose(game, game.current).apply(game)


def clubs(lexicon):
    return [ComputerPlayer("club", lexicon, 1), ComputerPlayer("club", lexicon, 2)]


def bag_empty(lexicon, seed: int) -> Game | None:
    """A real game between two top-scoring players, up to the bag running out."""
    game = Game(["a", "b"], VARIANTS["double"], seed=seed, lexicon=lexicon)
    play_on(game, clubs(lexicon), lambda g: bool(g.bag))
    return None if game.is_over else game


def minimax(gen, board, mine, theirs, passes=0, memo=None) -> int:
    """Spread from here to the end for the side to move, by trying everything:
    every play (going out: its score plus twice the other's tiles), and the
    pass (two in a row end the game: each loses its own tiles)."""
    memo = {} if memo is None else memo
    if passes >= 2:
        return _face(theirs) - _face(mine)
    key = (str(board.cells), tuple(sorted(mine)), tuple(sorted(theirs)), passes)
    if key not in memo:
        best = -minimax(gen, board, theirs, mine, passes + 1, memo)
        for m in gen.generate(board, list(mine)):
            left = list((Counter(mine) - Counter(m.rack_tiles())).elements())
            if not left:
                v = m.score + 2 * _face(theirs)
            else:
                apply_play(board, m.play)
                v = m.score - minimax(gen, board, theirs, left, 0, memo)
                remove_play(board, m.play)
            best = max(best, v)
        memo[key] = best
    return memo[key]


CASES = [(900, 2, 2), (901, 2, 2), (902, 2, 2), (903, 2, 2), (904, 3, 2)]


@pytest.mark.parametrize("seed, n_mine, n_theirs", CASES)
def test_the_search_finds_the_minimax_value_of_small_endgames(lexicon, gen, seed, n_mine, n_theirs):
    game = bag_empty(lexicon, seed)
    assert game is not None
    me = game.current
    mine = list(game.players[me].rack)[:n_mine]
    theirs = list(game.unseen(me).elements())[:n_theirs]
    expected = minimax(gen, game.board.copy(), mine, theirs)
    result = EndgameSolver(MoveGenerator(lexicon)).solve(game.board, mine, theirs, seconds=30)
    assert result.exact and result.value == expected
    # the line starts with a legal play from this rack (or a pass), worth what it says
    if result.play is not None:
        validate_placement(game.board, result.play)
        assert not Counter(result.play.rack_tiles()) - Counter(mine)
        board = game.board.copy()
        left = list((Counter(mine) - Counter(result.play.rack_tiles())).elements())
        apply_play(board, result.play)
        rest = 2 * _face(theirs) if not left else -minimax(gen, board, theirs, left)
        assert result.score + rest == expected


def test_an_endgame_where_the_top_score_loses(lexicon, gen):
    """Seed 904 at the bag's end, racks cut to U T U against D G: the top
    score (8A (E)T, 6) leaves U U stuck and loses 5 in all; the search
    finds the line that wins 5."""
    game = bag_empty(lexicon, 904)
    me = game.current
    mine, theirs = list(game.players[me].rack)[:3], list(game.unseen(me).elements())[:2]
    assert sorted(mine) == ["T", "U", "U"] and sorted(theirs) == ["D", "G"]
    result = EndgameSolver(MoveGenerator(lexicon)).solve(game.board, mine, theirs, seconds=30)
    top = gen.generate(game.board, mine)[0]
    board = game.board.copy()
    apply_play(board, top.play)
    left = list((Counter(mine) - Counter(top.rack_tiles())).elements())
    greedy = top.score - minimax(gen, board, theirs, left)
    assert result.exact and result.value == minimax(gen, game.board.copy(), mine, theirs) == 5
    assert greedy == -5 and result.play != top.play


def test_the_expert_plays_the_search_and_stays_in_its_budget(lexicon, counted_search_clock):
    """The search's clock counted in steps (conftest.py), 1 ms a step: its
    budget is kept the same way on any machine, however loaded."""
    counted_search_clock.tick = 0.001
    found = 0
    for seed in (905, 906, 907):
        game = bag_empty(lexicon, seed)
        if game is None:
            continue
        me = game.current
        expert = ComputerPlayer("expert", lexicon, 0)
        expert.endgame_seconds = 0.3
        a = expert.choose(game, me)
        res = expert.last_endgame
        assert res is not None and res.depth >= 1
        assert a.equity == res.value
        if a.kind == "place":
            game.check_place(a.play)
            assert a.play == res.play
        assert res.seconds < 0.3 + 0.6  # a move generation may overrun the budget once
        found += 1
    assert found >= 2


# ---------------------------------------------------------------- pre-endgame
def test_bingo_lanes_count_open_runs_of_seven_beside_tiles():
    from audio_scrabble.core import Board, Square
    from audio_scrabble.engine.players import bingo_lanes

    board = Board()
    assert bingo_lanes(board) == 0  # nothing to touch
    for k, ch in enumerate("CAT"):
        board.put(Square(7, 6 + k), ch)
    lanes = bingo_lanes(board)
    assert lanes > 0
    for k, ch in enumerate("SLOWED"):  # a long word down the middle opens more
        board.put(Square(1 + k, 7), ch)
    assert bingo_lanes(board) > lanes


def test_ahead_with_few_tiles_in_the_bag_the_expert_shuts_bingo_lanes(lexicon, monkeypatch):
    from audio_scrabble.core.play import apply_play
    from audio_scrabble.engine import players as P
    from audio_scrabble.engine.movegen import Move, _Context

    monkeypatch.setattr(P, "LANE_PENALTY", 1000.0)  # lanes matter above all else
    checked = 0
    for seed in range(930, 940):
        game = Game(["a", "b"], VARIANTS["double"], seed=seed, lexicon=lexicon)
        play_on(game, clubs(lexicon), lambda g: len(g.bag) > 5)
        if game.is_over or not game.bag:
            continue
        me = game.current
        game.players[me].score += 500  # far ahead
        expert = ComputerPlayer("expert", lexicon, 0)
        a = expert.choose(game, me)
        if a.kind != "place":
            continue
        game.check_place(a.play)
        gen = expert.gen
        rack = list(game.players[me].rack)
        recs = gen.raw(game.board, rack)
        ctx = _Context(gen.analysis.lines, rack)
        before = P.bingo_lanes(game.board)

        def opened(play) -> int:
            b = game.board.copy()
            apply_play(b, play)
            return max(0, P.bingo_lanes(b) - before)

        best_eq = max(recs, key=lambda r: r[0] + P.leave_value(P._leave(rack, ctx, r)))
        assert opened(a.play) <= opened(Move(*best_eq, ctx).play)
        checked += 1
    assert checked >= 3


class _Clock:
    """A clock that moves 1 ms each time it is read: the search's time
    budget becomes a count of steps, the same on every machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.001
        return self.now


def test_a_part_of_a_deeper_iteration_chooses_at_that_depth(lexicon, gen, monkeypatch):
    """When time runs out during depth 2, the moves searched so far (the
    most promising first) are compared at depth 2, and the best of them is
    played: the result's value is its two-ply value, found again here by
    searching that move alone with a full window (a reply searched in a
    window that forgot the play's score was cut off too soon, and
    overrated plays: 29 for a play worth 6); and in some position that
    choice differs from the one-ply best. (With no aspiration window at
    the root: with one, a part of an iteration that has found no move
    above the window's bottom keeps the last depth's choice,
    test_endgame_root_window.py.)"""
    import audio_scrabble.engine.endgame as eg

    monkeypatch.setattr(eg, "ASPIRATION", 0)
    real_time = eg.time

    differs = checked = 0
    for seed in (41, 45, 50):  # games whose first end-game move has 7 tiles against 5, 6 and 4
        game = bag_empty(lexicon, seed)
        if game is None:
            continue
        me = game.current
        mine, theirs = list(game.players[me].rack), list(game.unseen(me).elements())
        clock = _Clock()
        monkeypatch.setattr(eg, "time", clock)
        r = EndgameSolver(MoveGenerator(lexicon)).solve(game.board, mine, theirs, 0.3)
        monkeypatch.setattr(eg, "time", real_time)
        if r.depth != 1 or r.exact:
            continue  # depth 2 finished, or was never started
        checked += 1
        solver = EndgameSolver(MoveGenerator(lexicon))
        solver.deadline = float("inf")
        solver._setup(game.board, mine, theirs)
        me, you = solver.racks
        root = solver.moves(0, me)
        chosen = [m for m in root if r.play is not None and play_of(m) == r.play]
        assert chosen, "the chosen play is one of the root moves"
        two_ply = solver._child(0, chosen[0], me, you, 2, float("-inf"), float("inf"))
        assert r.value == two_ply
        one_ply = max(root, key=lambda m: solver._child(0, m, me, you, 1, float("-inf"), float("inf")))
        differs += play_of(one_ply) != r.play
    assert checked == 3 and differs >= 1, (checked, differs)


def play_of(m):
    from audio_scrabble.engine.endgame import EndgameSolver

    return EndgameSolver._root_move(m)[0].play


# ---------------------------------------------------------------- hints and reviews (bag empty)
def value_of_play(gen, board, m, mine, theirs) -> int:
    """A generated play's exact value: its score, then the rest by minimax."""
    left = list((Counter(mine) - Counter(m.rack_tiles())).elements())
    if not left:
        return m.score + 2 * _face(theirs)
    board = board.copy()
    apply_play(board, m.play)
    return m.score - minimax(gen, board, theirs, left)


@pytest.mark.parametrize("seed, n_mine, n_theirs", CASES[:3])
def test_the_best_few_root_moves_are_each_valued_exactly(lexicon, gen, seed, n_mine, n_theirs):
    """``solve(top=3)``: the root's cut-off is the third best so far, so the
    three best moves come back with their exact values, best first, equal
    to trying everything."""
    game = bag_empty(lexicon, seed)
    me = game.current
    mine = list(game.players[me].rack)[:n_mine]
    theirs = list(game.unseen(me).elements())[:n_theirs]
    every = sorted((value_of_play(gen, game.board, m, mine, theirs) for m in gen.generate(game.board, mine)),
                   reverse=True)
    every = sorted(every + [-minimax(gen, game.board.copy(), theirs, mine, 1)], reverse=True)  # and the pass
    result = EndgameSolver(MoveGenerator(lexicon)).solve(game.board, mine, theirs, seconds=30, top=3)
    assert result.exact and len(result.ranked) == min(3, len(every))
    assert [v for _, _, v in result.ranked] == every[: len(result.ranked)]
    for move, score, value in result.ranked:
        if move is not None:
            assert move.score == score and value_of_play(gen, game.board, move, mine, theirs) == value
    assert result.value == every[0] and result.play == (result.ranked[0][0].play if result.ranked[0][0] else None)
    # value_of, the review's measure of the play made: every play's exact value
    solver = EndgameSolver(MoveGenerator(lexicon))
    for m in gen.generate(game.board, mine):
        assert solver.value_of(game.board, mine, theirs, m.play, m.score) == (
            value_of_play(gen, game.board, m, mine, theirs), True)


def small_endgame(lexicon, seed: int, tiles: int = 7) -> Game | None:
    """A real game played on (top scores) past the bag's end until the two
    racks hold at most ``tiles`` between them: searched to the end at once."""
    game = bag_empty(lexicon, seed)
    play_on(game, clubs(lexicon), lambda g: sum(len(p.rack) for p in g.players) > tiles)
    return None if game.is_over or not all(p.rack for p in game.players) else game


def test_an_end_game_hint_ranks_by_the_search_and_says_how_the_player_ends(lexicon, gen):
    """With the bag empty (two players), a hint is what the expert does
    then: the end-game search's best moves, each with the spread it brings
    by the end (exact here) and the margin the player ends with; the
    lines say so."""
    from audio_scrabble.engine import ENDGAME_EVALUATION, hint
    from audio_scrabble.presentation.teaching import hint_phrases

    checked = 0
    for seed in (900, 904, 906):
        game = small_endgame(lexicon, seed)
        me = game.current
        mine, theirs = list(game.players[me].rack), list(game.unseen(me).elements())
        hints = hint(game, me, 3, lexicon, seconds=30)
        assert hints and all(info.exact for _, _, info in hints)
        values = [info.end_value for _, _, info in hints]
        assert values == sorted(values, reverse=True)
        solver = EndgameSolver(MoveGenerator(lexicon))
        assert values[0] == solver.solve(game.board, mine, theirs, 30).value  # the best there is
        lead = game.players[me].score - game.players[1 - me].score
        scores = {m.play: m.score for m in gen.generate(game.board, mine)}
        for play, score, info in hints:
            assert info.end_margin == lead + info.end_value
            assert score == scores.get(play, 0)
            assert solver.value_of(game.board, mine, theirs, play, score) == (info.end_value, True)
        expert = ComputerPlayer("expert", lexicon, 0).choose(game, me)
        assert expert.equity == values[0]  # the expert's own choice is as good
        lines = hint_phrases(hints)
        margin = hints[0][2].end_margin
        said = "level" if margin == 0 else f"{abs(margin)} {'ahead' if margin > 0 else 'behind'}"
        assert lines[3] == f"You end {said}." and lines[-3] == "Ranked by end-game search, to the end."
        assert max(len(x) for x in lines) <= 40
        checked += 1
    assert checked == 3 and ENDGAME_EVALUATION == "end-game search"


def test_the_review_judges_end_game_turns_by_the_search(lexicon, gen):
    """A turn played with the bag empty is judged as the expert plays it:
    by the spread it brings by the end. A poor play (the lowest-valued)
    misses the difference, said as spread; the expert's own plays miss
    nothing; turns before the bag ran out are still judged by equity."""
    from audio_scrabble.engine import ENDGAME_EVALUATION, EVALUATION, review
    from audio_scrabble.presentation.teaching import review_move_phrases, review_summary

    game = small_endgame(lexicon, 909)
    me = game.current
    mine, theirs = list(game.players[me].rack), list(game.unseen(me).elements())
    moves = gen.generate(game.board, mine)
    solver = EndgameSolver(MoveGenerator(lexicon))
    valued = sorted(((solver.value_of(game.board, mine, theirs, m.play, m.score)[0], k) for k, m in enumerate(moves)))
    worst_value, k = valued[0]
    best_value = solver.solve(game.board, mine, theirs, 30).value
    assert best_value > worst_value
    game.place(moves[k].play)
    expert = ComputerPlayer("expert", lexicon, 0)
    play_on(game, [expert, expert])
    rows = review(game, lexicon, seconds=2)
    late = [r for r in rows if r.judged == ENDGAME_EVALUATION]
    poor = next(r for r in late if r.played == moves[k].play)
    assert poor.exact and poor.played_equity == worst_value and poor.best_equity == best_value
    assert poor.missed == round(best_value - worst_value) > 0 and poor.rank == 2
    lines = review_move_phrases(poor)
    assert any(x.startswith("Best by end-game search:") for x in lines)
    assert lines[-1] == (f"{poor.best_score} points; " if poor.best else "") + f"{poor.missed} of spread missed."
    after = late[late.index(poor) + 1:]
    assert after and all(r.missed == 0 and r.exact for r in after if r.kind == "place")
    assert all("That was the best by end-game search." in review_move_phrases(r) for r in after if r.kind == "place")
    assert rows[0].judged == EVALUATION  # the bag was full then
    summary = review_summary(rows, game.names)
    who = summary.index(next(x for x in summary if x.startswith(f"{game.names[me]} missed ")))
    assert summary[who + 1] == f"{sum(r.missed for r in late if r.player == me)} of spread in the end game,"
    assert summary[who + 2].startswith("best play ")


def test_pre_endgame_hints_and_review_weigh_plays_as_the_expert_does(lexicon):
    """With 1 to 7 tiles in the bag (two players) the expert weighs its best
    few plays again (bingo lanes opened, the bag emptied): the first hint
    is worth what the expert's choice is worth, each hint says why it was
    weighed, and the review finds nothing missed in the expert's own
    pre-endgame plays."""
    from audio_scrabble.engine import hint, review
    from audio_scrabble.engine.leave import leave_value
    from audio_scrabble.presentation.teaching import PRE_ENDGAME_LINE, hint_phrases, pre_endgame_reason

    checked = reasons = 0
    for seed in range(930, 936):
        weighed_turns = []
        game = Game(["a", "b"], VARIANTS["double"], seed=seed, lexicon=lexicon)
        seats = [ComputerPlayer("expert", lexicon, 1), ComputerPlayer("club", lexicon, 2)]
        while not game.is_over and game.bag:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            me = game.current
            if len(game.bag) <= 7 and me == 0:
                hints = hint(game, me, 3, lexicon)
                weights = [info.pre_endgame for _, _, info in hints]
                assert hints and all(w is not None for w in weights)
                values = [info.equity + w.value for (_, _, info), w in zip(hints, weights)]
                assert values[0] == max(values)
                for _, score, info in hints:
                    assert info.equity == pytest.approx(score + leave_value(info.leave), abs=0.01)
                chosen = seats[0].choose(game, me)
                if chosen.kind == "place":
                    assert chosen.equity == pytest.approx(values[0], abs=0.01)
                    weighed_turns.append(len([e for e in game.history if hasattr(e, "rack_before")]))
                    checked += 1
                lines = hint_phrases(hints)
                assert lines[-3] == PRE_ENDGAME_LINE and max(len(x) for x in lines) <= 40, lines
                for w in weights:
                    said = pre_endgame_reason(w)
                    assert (said is None) == (not (w.lanes_opened or w.empties_bag or w.one_left))
                    if said:
                        assert said in lines or said in " ".join(lines)
                        reasons += 1
                chosen.apply(game)
                continue
            seats[me].choose(game, me).apply(game)
        rows = review(game, lexicon, seconds=0.2)
        for k in weighed_turns:  # the expert's pre-endgame plays, by their place among the turns
            assert rows[k].player == 0 and rows[k].kind == "place" and rows[k].missed == 0 and rows[k].rank == 1
    assert checked >= 3 and reasons >= 1


def test_three_players_with_the_bag_empty_hints_and_review_judge_as_the_expert(lexicon):
    """With three players and the bag empty there is no search: the expert
    plays the best score less the tiles kept (going out a bonus). Hints
    rank by that and say so; the review judges those turns by it, in
    points, and the expert's own turns miss nothing."""
    from audio_scrabble.engine import hint, review
    from audio_scrabble.engine.players import bag_empty_value
    from audio_scrabble.core.tiles import rack_value
    from audio_scrabble.presentation.teaching import BAG_EMPTY_LINE, hint_phrases, review_move_phrases

    game = Game(["a", "b", "c"], VARIANTS["double"], seed=940, lexicon=lexicon)
    seats = [ComputerPlayer("expert", lexicon, k) for k in range(3)]
    hinted = 0
    while not game.is_over:
        if game.awaiting_final_challenge:
            game.accept()
            continue
        me = game.current
        if not game.bag and game.players[me].rack:
            hints = hint(game, me, 3, lexicon)
            if hints:
                values = [info.bag_empty for _, _, info in hints]
                assert values == sorted(values, reverse=True)
                for _, score, info in hints:
                    out = 20 if not info.leave else 0
                    assert info.bag_empty == bag_empty_value(score, info.leave) == score - rack_value(info.leave) + out
                chosen = seats[me].choose(game, me)
                if chosen.kind == "place":
                    kept = list((Counter(game.players[me].rack) - Counter(chosen.play.rack_tiles())).elements())
                    assert bag_empty_value(chosen.score, kept) == values[0]
                lines = hint_phrases(hints)
                assert lines[-3] == BAG_EMPTY_LINE and max(len(x) for x in lines) <= 40
                hinted += 1
                chosen.apply(game)
                continue
        seats[me].choose(game, me).apply(game)
    assert hinted >= 2
    rows = review(game, lexicon)
    late = [r for r in rows if r.judged == "score less tiles kept"]
    assert len(late) == hinted
    assert all(r.missed == 0 for r in late if r.kind == "place")
    assert all("That was best by score less tiles kept." in review_move_phrases(r) for r in late if r.kind == "place")
    assert all(r.judged == "equity" for r in rows[: len(rows) - len(late) - 3])


def test_three_players_with_the_bag_empty_a_poor_play_misses_points(lexicon, gen):
    from audio_scrabble.engine import review
    from audio_scrabble.engine.players import bag_empty_value
    from audio_scrabble.presentation.teaching import review_move_phrases, review_summary

    game = Game(["a", "b", "c"], VARIANTS["double"], seed=941, lexicon=lexicon)
    seats = [ComputerPlayer("expert", lexicon, k) for k in range(3)]
    poor = None
    while not game.is_over:
        if game.awaiting_final_challenge:
            game.accept()
            continue
        me = game.current
        moves = gen.generate(game.board, list(game.players[me].rack)) if not game.bag else []
        if poor is None and len(moves) > 1:
            valued = sorted((bag_empty_value(m.score, m.leave()), k) for k, m in enumerate(moves))
            poor = (moves[valued[0][1]].play, valued[-1][0] - valued[0][0], me)
            game.place(poor[0])
            continue
        seats[me].choose(game, me).apply(game)
    row = next(r for r in review(game, lexicon) if r.played == poor[0])
    assert row.judged == "score less tiles kept" and row.missed == round(poor[1]) > 0 and row.rank > 1
    lines = review_move_phrases(row)
    assert any(x.startswith("Best by score less tiles kept:") for x in lines)
    assert lines[-1] == f"{row.best_score} points; {row.missed} points missed."
    summary = review_summary(review(game, lexicon), game.names)
    at = summary.index(next(x for x in summary if x.startswith(f"{game.names[poor[2]]} missed ")))
    assert summary[at + 1].endswith("in the end game,")
