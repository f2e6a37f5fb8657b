"""Squares, positions, plays, racks and exchanges in tournament notation."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from audio_scrabble.core import ACROSS, DOWN, Board, PlacedTile, Play, Square, score_play, validate_placement
from audio_scrabble.errors import NotationError
from audio_scrabble.notation import (
    format_exchange,
    format_play,
    format_position,
    format_rack,
    format_square,
    parse_exchange,
    parse_play,
    parse_position,
    parse_rack,
    parse_square,
    rack_contains,
)

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def board_with(*words: tuple[str, str, str]) -> Board:
    """A board with words put on it: (position, word), e.g. ("8D", "TRAIN")."""
    board = Board()
    for pos, word in words:
        sq, d = parse_position(pos)
        for i, ch in enumerate(word):
            board.put(sq.step(d, i), ch)
    return board


# ------------------------------------------------------------------ squares
def test_square_round_trip_and_centre():
    assert parse_square("H8") == Square(7, 7)
    assert parse_square("h8") == Square(7, 7)
    assert format_square(Square(0, 14)) == "O1"
    assert format_square(parse_square("A15")) == "A15"


@pytest.mark.parametrize("text", ["8H", "P1", "A16", "A0", "", "HH"])
def test_bad_squares_raise_notation_error_with_a_sentence(text):
    with pytest.raises(NotationError) as e:
        parse_square(text)
    assert str(e.value).endswith(".")


@given(st.integers(0, 14), st.integers(0, 14))
def test_every_square_round_trips(row, col):
    sq = Square(row, col)
    assert parse_square(format_square(sq)) == sq


# ---------------------------------------------------------------- positions
def test_position_row_first_is_across_column_first_is_down():
    assert parse_position("8D") == (Square(7, 3), ACROSS)
    assert parse_position("B8") == (Square(7, 1), DOWN)
    assert parse_position("15a") == (Square(14, 0), ACROSS)
    assert format_position(Square(7, 3), ACROSS) == "8D"
    assert format_position(Square(7, 1), DOWN) == "B8"


@pytest.mark.parametrize("text", ["8", "D", "16A", "8P", "P8", "D 8", "8DD"])
def test_bad_positions(text):
    with pytest.raises(NotationError):
        parse_position(text)


def test_off_board_position_message_names_the_limits():
    with pytest.raises(NotationError, match="columns run A to O and rows 1 to 15"):
        parse_position("16A")


@given(st.integers(0, 14), st.integers(0, 14), st.sampled_from([ACROSS, DOWN]))
def test_every_position_round_trips(row, col, direction):
    assert parse_position(format_position(Square(row, col), direction)) == (Square(row, col), direction)


# -------------------------------------------------------------------- plays
def test_first_play_across_parses_and_scores_the_rules_example():
    play = parse_play("8D TRAIN", Board())
    assert [t.square.name for t in play.tiles] == ["D8", "E8", "F8", "G8", "H8"]
    assert "".join(t.letter for t in play.tiles) == "TRAIN"
    validate_placement(Board(), play)
    assert score_play(Board(), play).total == 12  # RULES.md worked example


def test_blank_is_lower_case():
    play = parse_play("8B TRAiNER", Board())
    blank = [t for t in play.tiles if t.blank]
    assert len(blank) == 1 and blank[0].letter == "I" and blank[0].square.name == "E8"
    assert play.rack_tiles().count("?") == 1
    assert format_play(play, Board()) == "8B TRAiNER"


def test_down_play_through_a_board_letter_in_both_styles():
    board = board_with(("8B", "TRAIN"))  # T on B8
    for text in ("B8 (T)HROB", "B8 .HROB", "B8 THROB"):
        play = parse_play(text, board)
        assert [t.square.name for t in play.tiles] == ["B9", "B10", "B11", "B12"]
        assert "".join(t.letter for t in play.tiles) == "HROB"
    play = parse_play("B8 (T)HROB", board)
    assert format_play(play, board) == "B8 (T)HROB"
    assert format_play(play, board, style="dots") == "B8 .HROB"


def test_parentheses_group_consecutive_board_letters():
    board = board_with(("8D", "CAT"))
    play = parse_play("8C S(CAT)S", board)
    assert len(play.tiles) == 2
    assert format_play(play, board) == "8C S(CAT)S"
    assert format_play(play, board, style="dots") == "8C S...S"


def test_single_tile_play_keeps_its_direction():
    board = board_with(("8D", "CAT"))
    play = parse_play("D7 AC", board)  # A on D7 above the C, word down
    assert len(play.tiles) == 1 and play.direction == DOWN
    assert format_play(play, board, style="dots") == "D7 A."
    assert score_play(board, play).total > 0


def test_single_tile_is_written_by_the_word_it_forms_not_a_one_letter_word():
    board = board_with(("8D", "TRAIN"))
    # typed across at H7, but the A forms only AN, down: write that word
    play = Play.of([PlacedTile(parse_square("H7"), "A")], ACROSS)
    assert format_play(play, board) == "H7 A(N)"
    assert format_play(play, board, style="dots") == "H7 A."
    assert parse_play("H7 A.", board).tiles == play.tiles


def test_board_letter_mismatch_names_the_square():
    board = board_with(("8B", "TRAIN"))
    with pytest.raises(NotationError, match=r"B8 holds T, but \(S\)HROB has S there"):
        parse_play("B8 (S)HROB", board)
    with pytest.raises(NotationError, match="B8 holds T, but SHROB has S there"):
        parse_play("B8 SHROB", board)


def test_board_blank_is_named_as_a_blank():
    board = Board()
    board.put(Square(7, 1), "t")
    with pytest.raises(NotationError, match="B8 holds a blank T"):
        parse_play("B8 (S)HROB", board)


def test_dot_on_an_empty_square_is_refused():
    with pytest.raises(NotationError, match="H8 is empty"):
        parse_play("8H .AT", Board())


def test_word_must_be_written_in_full():
    board = board_with(("8D", "CAT"))
    with pytest.raises(NotationError, match="D8 holds C just after AS"):
        parse_play("8B AS", board)
    with pytest.raises(NotationError, match="C8 holds S just before"):
        parse_play("8D ...S", board_with(("8C", "SCAT")))
    assert board.rows_text()[7] == "...CAT........."  # reading never changes the board


def test_play_running_off_the_board():
    with pytest.raises(NotationError, match="runs off the board"):
        parse_play("8L TRAINER", Board())


def test_play_with_no_new_tile():
    board = board_with(("8D", "CAT"))
    with pytest.raises(NotationError, match="places no tile"):
        parse_play("8D CAT", board)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("TRAIN", "write the position and the word"),
        ("8D TR4IN", "is not a letter"),
        ("8D TR(A", "open"),
        ("8D TR)A", "never opened"),
        ("8D T()A", "empty parentheses"),
        ("8D T(.)A", "dot inside"),
        ("8D (T(R))A", "inside another"),
        ("Z8 TRAIN", "off the board"),
        ("88 TRAIN", "not a position"),
    ],
)
def test_malformed_plays(text, fragment):
    with pytest.raises(NotationError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        parse_play(text, Board())


def test_format_rejects_unknown_style():
    with pytest.raises(NotationError):
        format_play(parse_play("8D TRAIN", Board()), Board(), style="brackets")


@st.composite
def board_and_play(draw):
    """A board with tiles scattered on it and a play written in full along one line."""
    board = Board()
    for _ in range(draw(st.integers(0, 40))):
        sq = Square(draw(st.integers(0, 14)), draw(st.integers(0, 14)))
        board.put(sq, draw(st.sampled_from(LETTERS + LETTERS.lower())))
    direction = draw(st.sampled_from([ACROSS, DOWN]))
    line = draw(st.integers(0, 14))
    a = draw(st.integers(0, 14))
    b = draw(st.integers(a, 14))

    def at(i: int) -> Square:
        return Square(line, i) if direction == ACROSS else Square(i, line)

    while a > 0 and board[at(a - 1)]:
        a -= 1
    while b < 14 and board[at(b + 1)]:
        b += 1
    empties = [at(i) for i in range(a, b + 1) if not board[at(i)]]
    assume(empties and b > a)
    tiles = [PlacedTile(s, draw(st.sampled_from(LETTERS)), draw(st.booleans())) for s in empties]
    return board, Play.of(tiles, direction if len(tiles) == 1 else None)


@given(board_and_play(), st.sampled_from(["parens", "dots"]))
def test_plays_round_trip(bp, style):
    board, play = bp
    text = format_play(play, board, style=style)
    assert parse_play(text, board) == play
    assert format_play(parse_play(text, board), board, style=style) == text


# -------------------------------------------------------------------- racks
def test_rack_parse_and_format():
    assert parse_rack("AEI?RST") == ["A", "E", "I", "?", "R", "S", "T"]
    assert parse_rack("aei") == ["A", "E", "I"]
    assert parse_rack("") == []
    assert format_rack(["?", "Q", "U"]) == "?QU"


@pytest.mark.parametrize("text, fragment", [("AB1", "not a tile"), ("AEIOUBCD", "at most 7"), ("AÉ", "not a tile")])
def test_bad_racks(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        parse_rack(text)


def test_rack_limit_can_be_lifted_for_leftover_tiles():
    assert len(parse_rack("AEIOUBCDFG", limit=None)) == 10


def test_format_rack_refuses_board_letters():
    with pytest.raises(NotationError):
        format_rack(["a"])


@given(st.lists(st.sampled_from(list(LETTERS) + ["?"]), max_size=7))
def test_racks_round_trip(tiles):
    text = format_rack(tiles)
    assert parse_rack(text) == tiles
    assert format_rack(parse_rack(text)) == text


def test_rack_contains():
    assert rack_contains(parse_rack("AB?"), ["?", "A"]) is None
    assert rack_contains(parse_rack("AB"), ["Z"]) == "the rack AB has no Z"
    assert rack_contains(parse_rack("AB"), ["A", "A"]) == "the rack AB has only 1 A"
    assert rack_contains([], ["?"]) == "the rack empty has no blank"


# ---------------------------------------------------------------- exchanges
def test_exchange_and_pass():
    assert parse_exchange("-AEI") == ["A", "E", "I"]
    assert parse_exchange("-") == []
    assert format_exchange(["A", "?"]) == "-A?"
    assert format_exchange([]) == "-"
    with pytest.raises(NotationError, match="not an exchange"):
        parse_exchange("AEI")


@given(st.lists(st.sampled_from(list(LETTERS) + ["?"]), max_size=7))
def test_exchanges_round_trip(tiles):
    assert parse_exchange(format_exchange(tiles)) == tiles
