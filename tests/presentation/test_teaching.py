"""Hints and reviews, said as a player would say them."""

from __future__ import annotations

import pytest

from audio_scrabble.core import Game
from audio_scrabble.engine import ComputerPlayer, hint, review
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation.teaching import hint_phrases, review_move_phrases, review_summary, spoken_play


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


def test_spoken_play_turns_notation_into_speech():
    assert spoken_play("8D (T)RAIN") == "TRAIN, D8 across"
    assert spoken_play("H8 TRAiN") == "TRAIN (blank I), H8 down"
    assert spoken_play("not a play") == "not a play"


def test_hints_name_different_words_with_score_and_leave(lexicon):
    game = Game(["Ann", "Bob"], seed=3, lexicon=lexicon)
    hints = hint(game, game.current, 3)
    assert len(hints) == 3
    words = [info.words[0] for _, _, info in hints]
    assert len(set(words)) == 3  # three different words to learn from
    lines = hint_phrases(hints)
    assert lines[0] == "3 best plays:"
    for (play, score, info), (where, what) in zip(hints, zip(lines[1::2], lines[2::2])):
        assert game.check_place(play).total == score  # the core agrees
        assert where.startswith(f"{hints.index((play, score, info)) + 1}. {info.words[0]},")
        assert what.startswith(f"{score} points")
    assert max(len(line) for line in lines) <= 40


def test_review_says_the_best_play_by_equity_and_what_was_missed(lexicon):
    """The review judges "best" as the expert plays and the hints rank:
    by equity (score plus leave), and it says so."""
    game = Game(["Ann", "Bob"], seed=3, lexicon=lexicon)
    seats = [ComputerPlayer("beginner", lexicon, 1), ComputerPlayer("expert", lexicon, 2)]
    for _ in range(8):
        seats[game.current].choose(game, game.current).apply(game)
    reviews = review(game)
    assert len(reviews) == 8
    for r in reviews:
        lines = review_move_phrases(r)
        assert lines[0].startswith(f"Turn {r.turn}, {r.name}")
        if r.missed:
            assert lines[-2].startswith("Best by equity:") or lines[-3].startswith("Best by equity:")
            assert lines[-1] == f"{r.best_score} points; {r.missed} of equity missed."
            assert r.missed == round(r.best_equity - r.played_equity)
        assert r.best_equity >= r.played_equity - 0.01
        assert max(len(x) for x in lines) <= 40
    # the expert plays the best by equity: it never misses anything
    assert all(r.missed == 0 and r.rank == 1 for r in reviews if r.name == "Bob" and r.kind == "place")
    assert any(r.missed for r in reviews if r.name == "Ann")
    summary = review_summary(reviews, game.names)
    assert summary[0].startswith("Ann missed") and summary[2] == "Bob missed 0 of equity,"
    assert summary[3] == "best by equity 4 of 4 turns."


def test_hint_and_review_agree_on_the_best_play(lexicon):
    """The first hint for a rack is the play the review calls best for it."""
    game = Game(["Ann", "Bob"], seed=8, lexicon=lexicon)
    first = hint(game, game.current, 1, lexicon)[0]
    game.pass_turn()
    r = review(game, lexicon)[0]
    assert r.best == first[0] and r.best_score == first[1] and r.best_equity == first[2].equity
    assert r.best_at == first[2].placement
    assert hint_phrases([first])[-3] == "Ranked by equity: score plus tiles kept."  # then how to type it back
