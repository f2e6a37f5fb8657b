"""Property tests: thousands of random legal games to the end, under every
rule variant. Tiles are conserved at every step, totals equal the turn
scores plus adjustments, every game ends by a rule, and replaying the
action log gives the same game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audio_scrabble.core import VARIANTS, Game
from audio_scrabble.notation.gcg import read_gcg, record_from_game, replay_record, write_gcg
from randplay import PseudoLexicon, play_to_end, scores_from_events

LEX = PseudoLexicon()
END_REASONS = {"out", "all_passed_twice", "no_moves", "scoreless_turns"}


def _check_scores(game: Game) -> None:
    assert list(game.scores()) == scores_from_events(game)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from(sorted(VARIANTS)),
    players=st.integers(2, 4),
)
def test_random_games_keep_the_rules(seed, rules, players):
    game = Game(["Ann", "Ben", "Cat", "Dev"][:players], VARIANTS[rules], seed=seed, lexicon=LEX)
    play_to_end(game, random.Random(seed), check=_check_scores)
    assert game.ended.reason in END_REASONS
    if game.ended.reason == "all_passed_twice":
        assert game.rules.end_all_passed_twice
    if game.ended.reason == "scoreless_turns":
        assert game.rules.scoreless_turns_limit and not game.board.is_empty()
    if game.ended.reason == "out":
        assert len(game.bag) == 0 and not game.players[game.ended.out_player].rack
    assert max(game.scores()) == max(game.scores()[w] for w in game.ended.winners)
    again = Game.replay(game.config(), game.actions, game.rules, LEX)
    assert again.board == game.board
    assert [p.rack for p in again.players] == [p.rack for p in game.players]
    assert again.scores() == game.scores() and again.history == game.history
    # GCG written and read back is the same game: same record, and every
    # line's score and running total agrees with the rules core.
    record = record_from_game(game)
    text = write_gcg(record)
    back = read_gcg(text)
    assert back == record and write_gcg(back) == text
    steps = list(replay_record(back))
    assert all(step.problem is None for step in steps), [s.problem for s in steps if s.problem]
    assert all(step.computed_score == step.move.score and step.computed_total == step.move.total for step in steps)
    finals = {}
    for step in steps:
        finals[step.move.nick] = step.move.total
    assert sorted(finals.values()) == sorted(game.scores())


def test_thousands_of_games_under_every_variant():
    """A fixed, large sweep (the hypothesis test above explores; this one
    guarantees each variant many complete games every run)."""
    ended = {name: 0 for name in VARIANTS}
    reasons = set()
    for name, rules in VARIANTS.items():
        for seed in range(170):
            game = Game(["Ann", "Ben", "Cat", "Dev"][: 2 + seed % 3], rules, seed=seed, lexicon=LEX)
            play_to_end(game, random.Random(seed))
            assert list(game.scores()) == scores_from_events(game)
            ended[name] += 1
            reasons.add(game.ended.reason)
    assert sum(ended.values()) >= 1000
    assert {"out", "scoreless_turns"} <= reasons
