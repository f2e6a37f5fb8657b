"""Computer players: complete games under every rule variant, each level's
choices, challenges, the end-game search, move_exists, hints and reviews."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from audio_scrabble.core import Game, score_play, validate_placement
from audio_scrabble.core.play import words_formed
from audio_scrabble.core.rules import HOUSE, VARIANTS
from audio_scrabble.core.tiles import full_tile_set
from audio_scrabble.engine import (
    Action,
    ComputerPlayer,
    MoveGenerator,
    hint,
    leave_value,
    move_exists,
    review,
)
from audio_scrabble.engine.common_words import common_words
from audio_scrabble.engine.players import parse_level
from audio_scrabble.errors import ActionNotAllowed
from audio_scrabble.lexicon import Lexicon

FULL = Counter(full_tile_set())
END_REASONS = {"out", "all_passed_twice", "no_moves", "scoreless_turns"}


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


@pytest.fixture(scope="module")
def gen(lexicon) -> MoveGenerator:
    return MoveGenerator(lexicon)


def new_game(lexicon, rules=HOUSE, seed=1, n=2) -> Game:
    return Game(["Ann", "Ben", "Cat", "Dev"][:n], rules, seed=seed, lexicon=lexicon,
                move_finder=lambda b, r: move_exists(b, r, lexicon))


def play_out(game: Game, seats: list[ComputerPlayer], times: list[float] | None = None, limit: int = 400) -> None:
    """Let the computers play the game to its end, checking tiles after every step."""
    for _ in range(limit):
        if game.is_over:
            return
        if game.awaiting_final_challenge:
            challenger = (game.pending_play.player + 1) % len(game.players)
            if seats[challenger].wants_challenge(game, challenger):
                game.challenge(challenger)
            else:
                game.accept()
            continue
        i = game.current
        c0 = time.process_time()
        action = seats[i].choose(game, i)
        if times is not None:
            times.append(time.process_time() - c0)
        assert isinstance(action, Action) and action.kind in ("place", "exchange", "pass")
        action.apply(game)
        assert game.tile_accounting() == FULL
    raise AssertionError("the game did not end")


def give_rack(game: Game, i: int, tiles: str) -> None:
    """Swap tiles between the bag and player i's rack so that the rack is ``tiles``."""
    p = game.players[i]
    game.bag.put_back(p.rack)
    p.rack = []
    for t in tiles:
        if t not in game.bag.tiles:  # another player holds it: swap it for one of the bag's
            other = next(q for q in game.players if q is not p and t in q.rack)
            other.rack.remove(t)
            spare = next(x for x in game.bag.tiles if x not in tiles)
            game.bag.tiles.remove(spare)
            other.rack.append(spare)
            game.bag.tiles.append(t)
        game.bag.tiles.remove(t)
        p.rack.append(t)
    assert game.tile_accounting() == FULL


# ---------------------------------------------------------------------------
# Whole games
# ---------------------------------------------------------------------------

PAIRS = [("beginner", "club"), ("club", "expert"), ("expert", "beginner")]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_complete_games_under_every_variant(variant, lexicon):
    rules = VARIANTS[variant]
    times: list[float] = []
    for k in range(2):
        v = sorted(VARIANTS).index(variant)
        seed = 100 + 7 * k + 31 * v
        levels = PAIRS[(k + v) % 3]
        game = new_game(lexicon, rules, seed=seed)
        seats = [ComputerPlayer(lv, lexicon, seed + j) for j, lv in enumerate(levels)]
        play_out(game, seats, times)
        assert game.ended.reason in END_REASONS
        if game.ended.reason == "out":
            assert not game.bag and not game.players[game.ended.out_player].rack
        if game.ended.reason == "no_moves":
            assert not game.bag and not any(move_exists(game.board, p.rack, lexicon) for p in game.players)
        assert sum(game.tile_accounting().values()) == 100
        assert game.board.tile_count() > 20  # real games, not an early stall
    assert times  # how long a move takes: bench/strength.py prints the worst per level


def test_three_and_four_player_games(lexicon):
    times: list[float] = []
    for n, rules, levels in ((3, "five", ("beginner", "club", "expert")),
                             (4, "house", ("expert", "club", "expert", "beginner"))):
        game = new_game(lexicon, VARIANTS[rules], seed=40 + n, n=n)
        play_out(game, [ComputerPlayer(lv, lexicon, j) for j, lv in enumerate(levels)], times)
        assert game.ended.reason in END_REASONS
        assert sum(game.tile_accounting().values()) == 100
    assert times


def test_levels_are_parsed_and_checked(lexicon):
    assert parse_level("computer:Club") == "club" and parse_level(" expert ") == "expert"
    with pytest.raises(ActionNotAllowed):
        ComputerPlayer("grandmaster", lexicon)


# ---------------------------------------------------------------------------
# What each level chooses
# ---------------------------------------------------------------------------

def positions(lexicon, n_games: int, seed: int):
    """(game, index) at each turn of club-vs-club games (the game is live: use before moving on)."""
    for g in range(n_games):
        game = new_game(lexicon, VARIANTS["double"], seed=seed + g)
        seats = [ComputerPlayer("club", lexicon, 1), ComputerPlayer("club", lexicon, 2)]
        while not game.is_over:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            yield game, game.current
            if game.is_over or game.awaiting_final_challenge:
                continue
            seats[game.current].choose(game, game.current).apply(game)


def test_club_plays_the_top_score_and_expert_the_best_equity(lexicon, gen):
    club = ComputerPlayer("club", lexicon, 0)
    expert = ComputerPlayer("expert", lexicon, 0)
    checked = 0
    for game, i in positions(lexicon, 2, 300):
        rack = list(game.players[i].rack)
        moves = gen.generate(game.board, rack)
        if not moves:
            continue
        a = club.choose(game, i)
        assert a.kind == "place" and a.score == moves[0].score
        assert score_play(game.board, a.play).total == a.score
        if len(game.bag) > 7:  # (1 to 7 in the bag: the pre-endgame rule adjusts equity)
            e = expert.choose(game, i)
            best_eq = max(m.score + leave_value(m.leave()) for m in moves)
            if e.kind == "place":
                assert e.equity == pytest.approx(best_eq)
                assert e.score + leave_value((Counter(rack) - Counter(e.play.rack_tiles())).elements()) == pytest.approx(best_eq)
            else:
                assert e.kind == "exchange" and e.equity > best_eq
        checked += 1
    assert checked > 30


def test_beginner_plays_modest_common_words(lexicon, gen):
    beginner = ComputerPlayer("beginner", lexicon, 5)
    common = common_words()
    scores, tops = [], []
    for game, i in positions(lexicon, 2, 500):
        rack = list(game.players[i].rack)
        moves = gen.generate(game.board, rack)
        a = beginner.choose(game, i)
        if not moves:
            assert a.kind in ("exchange", "pass")
            continue
        assert a.kind == "place"
        validate_placement(game.board, a.play)
        words = [w.word for w in words_formed(game.board, a.play)]
        chosen = next(m for m in moves if m.play == a.play)
        pool = [m for m in moves if m.score <= 30 and m.tile_count <= 5 and all(w in common for w in m.formed_words())]
        if pool:
            assert all(w in common for w in words), words
            assert a.score <= 30 and len(a.play.tiles) <= 5
        assert sorted(chosen.formed_words()) == sorted(words)
        scores.append(a.score)
        tops.append(moves[0].score)
    assert len(scores) > 30
    assert sum(scores) < 0.6 * sum(tops)  # clearly weaker than the top play
    assert sum(1 for s, t in zip(scores, tops) if s < t) > len(scores) // 2


def test_expert_exchanges_a_hopeless_rack(lexicon):
    game = new_game(lexicon, HOUSE, seed=3)
    i = game.current
    give_rack(game, i, "QVVWWUU")
    a = ComputerPlayer("expert", lexicon, 0).choose(game, i)
    assert a.kind == "exchange" and "Q" in a.tiles and "V" in a.tiles
    game.check_exchange(list(a.tiles))
    # tournament rules: no exchange when the bag holds fewer than seven tiles
    game = new_game(lexicon, VARIANTS["double"], seed=3)
    i = game.current
    give_rack(game, i, "QVVWWUU")
    while len(game.bag) > 6:
        game.bag.tiles.pop()  # (tiles leave the game: accounting no longer checked here)
    a = ComputerPlayer("expert", lexicon, 0).choose(game, i)
    assert a.kind in ("place", "pass")


def test_endgame_search_is_the_experts_choice(lexicon):
    """Bag empty, two players: the expert plays what the exact search
    (engine/endgame.py, checked against plain minimax in test_endgame.py)
    finds, a legal play or a pass, worth the value it reports."""
    seen = 0
    for g in range(6):
        game = new_game(lexicon, VARIANTS["double"], seed=900 + g)
        seats = [ComputerPlayer("club", lexicon, 1), ComputerPlayer("club", lexicon, 2)]
        while not game.is_over and (game.bag or game.awaiting_final_challenge):
            if game.awaiting_final_challenge:
                game.accept()
                continue
            seats[game.current].choose(game, game.current).apply(game)
        if game.is_over:
            continue
        me = game.current
        expert = ComputerPlayer("expert", lexicon, 0)
        expert.endgame_seconds = 0.3
        a = expert.choose(game, me)
        res = expert.last_endgame
        assert res is not None and a.equity == res.value
        if a.kind == "place":
            assert game.check_place(a.play).total == a.score == res.score
        else:
            assert a.kind == "pass" and res.play is None
        seen += 1
    assert seen >= 3


# ---------------------------------------------------------------------------
# Challenges
# ---------------------------------------------------------------------------

def test_challenges_follow_the_rules_and_the_level(lexicon, gen):
    from audio_scrabble.core import PlacedTile, Play, Square

    for rules_name, allowed in (("double", True), ("house", True), ("void", False)):
        game = new_game(lexicon, VARIANTS[rules_name], seed=11)
        i = game.current
        give_rack(game, i, "ZQXJKVW")
        phony = Play.of([PlacedTile(Square(7, 7), "Z"), PlacedTile(Square(7, 8), "Q")])
        assert "ZQ" not in lexicon
        if not allowed:
            with pytest.raises(Exception):
                game.place(phony)
            assert not ComputerPlayer("expert", lexicon).wants_challenge(game, 1 - i)
            continue
        game.place(phony)
        other = 1 - i
        assert ComputerPlayer("expert", lexicon, 1).wants_challenge(game, other)
        assert not ComputerPlayer("expert", lexicon, 1).wants_challenge(game, i)  # own play
        rates = {lv: sum(ComputerPlayer(lv, lexicon, s).wants_challenge(game, other) for s in range(200)) / 200
                 for lv in ("beginner", "club")}
        assert 0.35 < rates["beginner"] < 0.65 and 0.7 < rates["club"] < 0.9
        game.challenge(other)
        assert game.board.is_empty()
    # a good word is never challenged
    game = new_game(lexicon, VARIANTS["double"], seed=12)
    i = game.current
    a = ComputerPlayer("club", lexicon).choose(game, i)
    a.apply(game)
    for lv in ("beginner", "club", "expert"):
        assert not any(ComputerPlayer(lv, lexicon, s).wants_challenge(game, 1 - i) for s in range(20))


# ---------------------------------------------------------------------------
# move_exists, hints, reviews
# ---------------------------------------------------------------------------

def test_move_exists_matches_the_generator(lexicon, gen):
    rng = random.Random(4)
    n = 0
    for game, i in positions(lexicon, 1, 77):
        rack = list(game.players[i].rack)
        for k in (1, 2, len(rack)):
            sub = rng.sample(rack, min(k, len(rack)))
            assert move_exists(game.board, sub, lexicon) == bool(gen.generate(game.board, sub))
            n += 1
    assert n > 30
    assert not move_exists(Game(["a", "b"]).board, ["Q"], lexicon)


def test_hints_are_legal_ranked_and_described(lexicon):
    endgame = 0
    for game, i in positions(lexicon, 1, 61):
        hints = hint(game, i, n=3, lexicon=lexicon, seconds=0.2)
        if not hints:
            continue
        assert len(hints) <= 3
        # by equity while the bag has tiles; then by the end-game search
        late = hints[0][2].end_value is not None
        assert late == (not game.bag)
        endgame += late
        eqs = [info.end_value if late else info.equity for _, _, info in hints]
        assert eqs == sorted(eqs, reverse=True)
        for play, score, info in hints:
            if play is None:  # an end-game pass
                assert late and score == 0 and info.text == "pass"
                continue
            assert game.check_place(play).total == score == info.score
            words = [w.word for w in words_formed(game.board, play)]
            assert list(info.words) == words
            assert Counter(info.tiles) + Counter(info.leave) == Counter(game.players[i].rack)
            assert info.equity == pytest.approx(score + leave_value(info.leave), abs=0.01)
            assert info.bingo == (len(play.tiles) == 7)
    assert hints and endgame


def test_review_of_a_game(lexicon):
    game = new_game(lexicon, VARIANTS["double"], seed=21)
    seats = [ComputerPlayer("club", lexicon, 1), ComputerPlayer("beginner", lexicon, 2)]
    club_index = 0
    play_out(game, seats)
    rows = review(game, lexicon)
    turns = [ev for ev in game.history if type(ev).__name__ in ("TilesPlaced", "TilesExchanged", "TurnPassed")]
    assert len(rows) == len(turns)
    for row in rows:
        # best by equity (score plus leave), as the expert and the hints judge
        assert row.missed == max(0, round(row.best_equity - row.played_equity)) >= 0
        if row.player == club_index and row.kind == "place":
            assert row.played_score >= row.best_score and row.rank is not None  # club takes the top score
    assert sum(r.missed for r in rows if r.player == 1) > 50
    assert all(r.played_text for r in rows if r.kind == "place")


def test_review_of_a_gcg_record(lexicon, shared_gcg_dir):
    from audio_scrabble.notation import read_gcg

    record = read_gcg((shared_gcg_dir / "doug_v_emely.gcg").read_bytes())
    rows = review(record, lexicon)
    plays = [m for m in record.moves if m.kind.value in ("play", "pass", "exchange")]
    assert len(rows) == len(plays)
    assert all(r.best_score >= 0 and r.missed >= 0 for r in rows)
    assert any(r.best_score > 0 for r in rows)
