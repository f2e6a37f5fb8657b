"""notation.replay: a record replayed step by step as data, and
presentation.record_phrases: how a recorded move is said.

The scores come from the rules core through ``replay_record`` (each step
carries its breakdown); the review no longer scores anything itself.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from audio_scrabble.core.board import ACROSS, DOWN, Board, Square
from audio_scrabble.core.game import Game
from audio_scrabble.core.play import PlacedTile, Play
from audio_scrabble.core.rules import rules_named
from audio_scrabble.core.scoring import score_play
from audio_scrabble.notation.gcg import MoveKind, final_board, read_gcg, record_from_game, replay_record
from audio_scrabble.notation.plays import parse_play
from audio_scrabble.notation.replay import replay_steps
from audio_scrabble.presentation import record_phrases
from audio_scrabble.presentation.phrases import Audience, Style

GCG_DIR = Path(os.environ.get("AUDIO_SCRABBLE_GCG_DIR", "/work/shared/gcg"))
ALL_RECORDS = sorted(GCG_DIR.glob("*.gcg")) if GCG_DIR.is_dir() else []
HEAD = "#player1 doug Doug Smith\n#player2 emely Emely\n"


def steps_of(text: str):
    return replay_steps(read_gcg(HEAD + text))


def test_each_step_is_data_with_its_breakdown_from_the_rules():
    steps = steps_of(
        ">doug: DINNVWY 8D WINDY +32 32\n"
        ">emely: ADEEGIL 7C GALE +16 16\n"
        ">doug: AEJNOSV E3 JAVE..N +34 66\n"
        ">emely: ADEEGIL -  +0 16\n"
    )
    windy, gale, javelin, passed = steps
    assert (windy.start, windy.placement.direction, windy.placement.letters) == (Square.parse("D8"), ACROSS, "WINDY")
    assert [w.word.word for w in gale.breakdown.words][0] == "GALE" and gale.breakdown.total == 16
    assert (javelin.start, javelin.placement.direction) == (Square.parse("E3"), DOWN)
    assert javelin.placement.letters == "JAVE(LI)N" and javelin.breakdown.total == 34
    assert [s.totals for s in steps] == [(32, 0), (32, 16), (66, 16), (66, 16)]
    assert passed.placement is None and passed.breakdown is None
    assert steps[-1].board == final_board(read_gcg(HEAD + ">doug: DINNVWY 8D WINDY +32 32\n"
                                                   ">emely: ADEEGIL 7C GALE +16 16\n"
                                                   ">doug: AEJNOSV E3 JAVE..N +34 66\n"))


def test_replay_record_yields_the_breakdown_even_of_an_illegal_placement():
    steps = list(replay_record(read_gcg(HEAD + ">doug: DINNVWY 8A WINDY +32 32\n")))  # misses the star
    assert steps[0].computed_score is None and steps[0].problem.startswith("The first word must cover")
    meant = parse_play("8A WINDY", Board())
    assert steps[0].play == meant and steps[0].breakdown == score_play(Board(), meant)  # as the record meant it
    assert steps[0].breakdown.total == 42  # A8 is a triple word


def test_a_line_that_cannot_be_placed_is_said_as_written():
    steps = steps_of(">doug: DINNVWY 8D WINDY +32 32\n>emely: DEIILTZ 4B TIL.. +24 24\n>emely: DEIILTZ -- -24 0\n")
    til = steps[1].placement
    assert (til.start, til.letters, til.breakdown) == (Square.parse("B4"), None, None)
    assert record_phrases.placement_said(til) == ("TIL..", "B4 across")
    assert steps[2].placement is til and steps[2].breakdown is None  # the play taken back
    assert record_phrases.record_history_line(steps[2], ("doug", "emely")) == "3. emely play taken back, -24."


def test_game_and_record_history_lines_have_one_shape():
    """The two history lines (the game's events, a record's steps) agree on
    every turn both can show: a play, a pass, an exchange."""
    game = Game(["Alice", "Bob"], rules_named("house"), 3)
    rack = game.current_player.rack
    tiles = [t for t in rack if t != "?"][:2]
    game.place(Play.of([PlacedTile(Square(7, 7 + i), t) for i, t in enumerate(tiles)]))
    game.pass_turn()
    game.exchange(game.current_player.rack[:3])
    aud = Audience(tuple(game.names), frozenset())
    said = [line for ev in game.history if (line := record_phrases.history_line(ev, aud))][1:]  # not the draw
    steps = replay_steps(record_from_game(game))
    assert [record_phrases.record_history_line(s, game.names) for s in steps] == said
    assert said[1:] == ["2. Bob passed.", "3. Alice exchanged 3."]


def test_last_after_a_challenge_says_the_play_then_the_challenge():
    game = Game(["Alice", "Bob"], rules_named("house"), 3, lexicon=set())
    tiles = [t for t in game.current_player.rack if t != "?"][:2]
    game.place(Play.of([PlacedTile(Square(7, 7 + i), t) for i, t in enumerate(tiles)]))
    game.challenge(1)
    aud = Audience(tuple(game.names), frozenset())
    lines = record_phrases.last_move_lines(game.history, aud, Style())
    # the one form of a play (issue 23 item 10): who, the word, where, the score
    assert lines[0].startswith(f"Alice played {''.join(tiles)}, H8 across, ") and lines[0].endswith(".")
    assert lines.index("Bob challenges Alice's play.") > 0 and "Alice's play is taken back:" in " ".join(lines)


@pytest.mark.skipif(not ALL_RECORDS, reason=f"the shared game records are not in {GCG_DIR}")
def test_every_shared_record_replays_with_scores_from_the_rules():
    for path in ALL_RECORDS:
        record = read_gcg(path.read_bytes())
        raw = list(replay_record(record))
        steps = replay_steps(record)
        assert len(steps) == len(raw) == len(record.moves)
        for step, r in zip(steps, raw):
            if step.move.kind is MoveKind.PLAY and r.computed_score is not None:
                assert step.breakdown is not None and step.breakdown.total == r.computed_score, (path.name, step.number)
                assert step.placement.letters is not None
        assert steps[-1].board == final_board(record), path.name
