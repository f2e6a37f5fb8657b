"""A game started from a position (``--position CGP``): board, racks,
scores and a bag of the unseen tiles; it replays and saves like any game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from audio_scrabble.core import Game, PlacedTile, Play, Square
from audio_scrabble.core.rules import SINGLE_CHALLENGE, rules_named
from audio_scrabble.core.tiles import full_tile_set
from audio_scrabble.errors import ActionNotAllowed, IllegalPlay, RecordError
from audio_scrabble.notation.cgp import (
    format_cgp,
    game_start,
    position_from_cgp,
    position_from_game,
    read_position,
    rules_name,
)
from audio_scrabble.persistence import decode_save, encode_save, game_state_digest

from randplay import PseudoLexicon, step

WINDY = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex NWL20;"
FULL_RACKS = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/AEINRST 0/32 0"


def start_game(cgp: str, seed: int = 5, **kw) -> Game:
    return Game(["Me", "Computer"], seed=seed, start=game_start(position_from_cgp(cgp)), **kw)


def test_a_position_sets_board_racks_scores_and_a_bag_of_unseen_tiles():
    game = start_game(WINDY)
    assert game.board.rows_text()[7] == "...WINDY......."
    assert game.current == 0 and game.current_player.name == "Me"
    assert game.players[0].rack == list("ADEEGIL")
    assert game.scores() == (0, 32)
    # the opponent's unknown rack is drawn from the unseen tiles
    assert len(game.players[1].rack) == 7
    assert Counter(game.bag.tiles) + Counter(game.players[1].rack) == game.unseen(0)
    assert len(game.bag) == 100 - 5 - 7 - 7
    assert game.tile_accounting() == Counter(full_tile_set())
    assert game.history == [] and game.turn == 1
    # the same seed gives the same draw; another seed another
    assert start_game(WINDY).players[1].rack == game.players[1].rack
    assert any(start_game(WINDY, seed=s).players[1].rack != game.players[1].rack for s in range(6, 12))


def test_known_racks_are_kept_and_the_position_reads_back_as_the_same_cgp():
    game = start_game(FULL_RACKS)
    assert game.players[1].rack == list("AEINRST") and len(game.bag) == 100 - 5 - 14
    assert format_cgp(position_from_game(game)) == FULL_RACKS


def test_a_position_game_plays_replays_and_saves_like_any_game():
    rng = random.Random(3)
    game = start_game(WINDY, rules=SINGLE_CHALLENGE, lexicon=PseudoLexicon())
    for _ in range(30):
        if game.is_over:
            break
        step(game, rng)
        assert game.tile_accounting() == Counter(full_tile_set())
    assert game.actions
    again = Game.replay(game.config(), game.actions, SINGLE_CHALLENGE, PseudoLexicon())
    assert game_state_digest(again) == game_state_digest(game)
    loaded = decode_save(encode_save(game))
    assert loaded.config["start"]["racks"] == ["ADEEGIL", ""]
    assert game_state_digest(loaded.replay(PseudoLexicon())) == game_state_digest(game)


def test_a_position_game_has_no_gcg_record_and_finishes_as_its_save(tmp_path):
    """A GCG record replays from an empty board with every total at 0: the
    writer refuses a game begun from a position, and the store keeps it, once
    over, as its save (which replays to the end, from the position's scores).
    The record made from the game starts from the position (its board,
    scores and bag) and replays to the game's own end; only writing it fails."""
    from audio_scrabble.errors import BegunFromPosition
    from audio_scrabble.notation import final_board, record_from_game, write_gcg
    from audio_scrabble.notation.replay import replay_steps
    from audio_scrabble.persistence import SaveStore, export_record

    rng = random.Random(3)
    game = start_game(WINDY, rules=SINGLE_CHALLENGE, lexicon=PseudoLexicon())
    with pytest.raises(BegunFromPosition):
        write_gcg(record_from_game(game))  # before any move, too: its board is not empty
    while not game.is_over:
        step(game, rng)
    record = record_from_game(game)
    assert record.start is not None and record.start.totals == (0, 32)
    assert replay_steps(record)[-1].totals == tuple(game.scores())
    assert final_board(record).cells == game.board.cells
    for write in (lambda: write_gcg(record), lambda: export_record(game, tmp_path / "x.gcg")):
        with pytest.raises(BegunFromPosition):
            write()
    assert not (tmp_path / "x.gcg").exists()
    outcome = SaveStore(tmp_path / "data").finish(game)
    assert outcome.path.suffix == ".json" and isinstance(outcome.not_gcg, BegunFromPosition)
    kept = decode_save(outcome.path.read_bytes()).replay(PseudoLexicon())
    assert kept.scores() == game.scores() and kept.is_over


def test_an_ordinary_game_keeps_its_set_up_unchanged():
    game = Game(["a", "b"], seed=1)
    assert game.config() == {"names": ["a", "b"], "rules": "house", "seed": 1, "edition": 2}
    assert game.history  # the draw for first


def test_the_rules_still_apply_from_a_position():
    empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 10/12 0"
    game = start_game(empty)
    with pytest.raises(IllegalPlay) as e:
        game.check_place(Play.of([PlacedTile(Square(0, 0), "A"), PlacedTile(Square(0, 1), "T")]))
    assert str(e.value) == "The first word must cover the star, H8."
    ev = game.place(Play.of([PlacedTile(Square(7, 7), "A"), PlacedTile(Square(7, 8), "T")]))
    assert ev.total == 10 + 4 and game.current == 1


def test_scoreless_turns_before_the_position_count():
    cgp = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 5"
    game = start_game(cgp, rules=SINGLE_CHALLENGE)
    assert game.scoreless_streak() == 5
    game.pass_turn()
    assert game.is_over and game.ended.reason == "scoreless_turns"


@pytest.mark.parametrize(
    "start, says",
    [
        ({"board": ["."] * 15, "racks": ["", ""], "scores": [0, 0]}, "A starting position needs 15 rows of 15 squares."),
        ({"board": ["." * 15] * 15, "racks": [""], "scores": [0]}, "A starting position needs a rack and a score for each of the 2 players."),
        ({"board": ["." * 15] * 15, "racks": ["ABCDEFGH", ""], "scores": [0, 0]}, "A starting rack holds at most 7 tiles, capital letters and ? for a blank."),
        ({"board": ["Z" * 15] + ["." * 15] * 14, "racks": ["", ""], "scores": [0, 0]}, "The starting position holds too many Z tiles for one set."),
        ({"board": ["." * 15] * 15, "racks": ["??", "?"], "scores": [0, 0]}, "The starting position holds too many blanks for one set."),
        ({"board": ["." * 15] * 15, "racks": ["", ""], "scores": [0, "1"]}, "Each starting score must be a whole number."),
        ({"board": ["." * 15] * 15, "racks": ["", ""], "scores": [0, 0], "to_move": 2}, "The player to move must be one of the players."),
        ({"board": ["1" + "." * 14] + ["." * 15] * 14, "racks": ["", ""], "scores": [0, 0]}, "'1' on the starting board is not a tile; use letters and . for empty."),
    ],
)
def test_a_bad_start_is_refused_with_a_sentence(start, says):
    with pytest.raises(ActionNotAllowed) as e:
        Game(["a", "b"], start=start)
    assert str(e.value) == says


def test_read_position_from_a_string_or_a_file(tmp_path):
    assert read_position(WINDY) == position_from_cgp(WINDY)
    f = tmp_path / "puzzle.cgp"
    f.write_text("# a practice position\n\n" + WINDY + "\n", encoding="utf-8")
    assert read_position(str(f)) == position_from_cgp(WINDY)
    with pytest.raises(RecordError) as e:
        read_position(str(tmp_path / "missing.cgp"))
    assert str(e.value) == f"The position file {tmp_path / 'missing.cgp'} cannot be read (FileNotFoundError)."
    (tmp_path / "empty.cgp").write_text("\n", encoding="utf-8")
    with pytest.raises(RecordError):
        read_position(str(tmp_path / "empty.cgp"))


def test_the_challenge_rule_of_a_position_names_a_rule_set():
    assert rules_name(position_from_cgp(WINDY)) is None
    for cr, name in (("double", "double"), ("5pt", "five"), ("10pt", "ten"), ("void", "void"), ("single", "single")):
        pos = position_from_cgp(FULL_RACKS + f" cr {cr};")
        assert rules_named(rules_name(pos)).name == name
    with pytest.raises(RecordError) as e:
        rules_name(position_from_cgp(FULL_RACKS + " cr triple;"))
    assert str(e.value) == "The challenge rule 'triple' is not one this game has; use one of void, single, double, 5pt, 10pt."
