"""The board cursor (console/output/cursor.py): a finger moving from peg to peg.

Through its own API (``Cursor`` and its key table ``KEY_MOVES``), and the
key table against the bindings that name its moves (console/output/keys.py).
"""

from __future__ import annotations

import pytest

from audio_scrabble.console.output import keys
from audio_scrabble.console.output.cursor import EDGE_NAMES, KEY_MOVES, Cursor, Move
from audio_scrabble.core.board import CENTRE, SIZE, Board, Square


def _board(*words: tuple[str, str, str]) -> Board:
    """A board holding ``(word, start, "across"|"down")`` words."""
    rows = [["" for _ in range(SIZE)] for _ in range(SIZE)]
    for word, start, direction in words:
        sq = Square.parse(start)
        for k, letter in enumerate(word):
            r, c = (sq.row, sq.col + k) if direction == "across" else (sq.row + k, sq.col)
            rows[r][c] = letter
    return Board(rows)


def test_it_starts_on_the_star_and_steps_one_square() -> None:
    c = Cursor()
    assert c.square == CENTRE
    assert c.step("right") == Move(Square.parse("I8"), True)
    assert c.step("down") == Move(Square.parse("I9"), True)
    assert c.step("left") == Move(Square.parse("H9"), True)
    assert c.step("up") == Move(CENTRE, True)


@pytest.mark.parametrize("direction, start, edge", [
    ("left", "A8", "Left edge"), ("right", "O8", "Right edge"),
    ("up", "H1", "Top edge"), ("down", "H15", "Bottom edge"),
])
def test_an_edge_is_named_and_never_crossed(direction: str, start: str, edge: str) -> None:
    c = Cursor(Square.parse(start))
    move = c.step(direction)
    assert move == Move(Square.parse(start), False, edge=edge)
    assert c.square == Square.parse(start)
    assert EDGE_NAMES[direction] == edge


def test_the_jumps_reach_the_row_and_column_ends_and_the_star() -> None:
    c = Cursor(Square.parse("D5"))
    assert c.row_start().square == Square.parse("A5")
    assert c.row_end().square == Square.parse("O5")
    assert c.column_top().square == Square.parse("O1")
    assert c.column_bottom().square == Square.parse("O15")
    assert c.star() == Move(CENTRE, True)
    assert c.star() == Move(CENTRE, False)  # already there: not moved
    assert c.goto(Square.parse("K3")) == Move(Square.parse("K3"), True)


def test_the_next_tile_key_jumps_from_word_to_word() -> None:
    board = _board(("CAT", "B8", "across"), ("DOG", "H8", "across"), ("EAR", "M8", "across"))
    c = Cursor(Square.parse("A8"))
    assert c.next_tile(board, "right").square == Square.parse("B8")  # from empty: the first tile
    assert c.next_tile(board, "right").square == Square.parse("H8")  # from a tile: past its word
    assert c.next_tile(board, "right").square == Square.parse("M8")
    last = c.next_tile(board, "right")
    assert last.moved is False and last.square == Square.parse("M8")
    assert last.nothing == "No more tiles right of M8."
    assert c.next_tile(board, "left").square == Square.parse("J8")  # the end of the word before


def test_the_next_tile_key_searches_columns_too() -> None:
    board = _board(("SUN", "H3", "down"))
    c = Cursor()  # H8, below the word
    assert c.next_tile(board, "up").square == Square.parse("H5")
    assert c.next_tile(board, "down").nothing == "No more tiles below H5."
    assert Cursor(Square.parse("A1")).next_tile(board, "down").nothing == "No more tiles below A1."


def test_apply_key_moves_as_each_key_of_the_table_does() -> None:
    board = _board(("CAT", "B8", "across"))
    c = Cursor(Square.parse("F8"))
    assert c.apply_key("left", board) == Move(Square.parse("E8"), True)
    assert c.apply_key("next_left", board).square == Square.parse("D8")  # the word's last letter
    assert c.apply_key("next_left", board).nothing == "No more tiles left of D8."
    assert c.apply_key("row_end", board).square == Square.parse("O8")
    assert c.apply_key("column_top", board).square == Square.parse("O1")
    assert c.apply_key("star", board).square == CENTRE


@pytest.mark.parametrize("name", ["where", "repeat", "spots", "no such key"])
def test_a_key_that_is_not_a_move_moves_nothing(name: str) -> None:
    c = Cursor(Square.parse("C3"))
    assert c.apply_key(name, Board()) is None
    assert c.square == Square.parse("C3")


def test_every_moving_key_bound_has_its_move_and_every_move_a_key() -> None:
    bound = {*keys.ARROWS.values(), *keys.JUMPS.values(), *keys.NEXT_TILE.values()}
    assert bound == set(KEY_MOVES)
    assert not set(KEY_MOVES) & {*keys.ASK.values(), *keys.SURVEY.values()}
