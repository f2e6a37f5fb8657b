"""The board cursor: a finger moving from peg to peg.

A plain object, testable without prompt_toolkit. It starts on the star
and moves one square at a time; at an edge it stays where it is and says
so, the way a finger stops at the frame of the braille board. Each move
returns a :class:`Move` that the console turns into words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...core.board import CENTRE, SIZE, Board, Square
from ...presentation import prompts

LEFT = "left"
RIGHT = "right"
UP = "up"
DOWN_KEY = "down"

#: direction name -> (row step, column step)
STEPS: dict[str, tuple[int, int]] = {LEFT: (0, -1), RIGHT: (0, 1), UP: (-1, 0), DOWN_KEY: (1, 0)}

#: the edge of the board met when moving each way
EDGE_NAMES = {LEFT: "Left edge", RIGHT: "Right edge", UP: "Top edge", DOWN_KEY: "Bottom edge"}


@dataclass(frozen=True)
class Move:
    """The outcome of a cursor movement.

    ``square`` is where the cursor is now; ``edge`` names the edge that
    stopped it (the cursor did not move); ``nothing`` says that a search
    (for the next tile) found none, and the cursor did not move.
    """

    square: Square
    moved: bool
    edge: str | None = None
    nothing: str | None = None


class Cursor:
    """Where the player's attention is on the board."""

    def __init__(self, square: Square = CENTRE):
        self.square = square

    def _to(self, square: Square) -> Move:
        moved = square != self.square
        self.square = square
        return Move(square, moved)

    def step(self, direction: str) -> Move:
        """One square left, right, up or down; an edge is announced, not crossed."""
        dr, dc = STEPS[direction]
        target = Square(self.square.row + dr, self.square.col + dc)
        if not target.on_board:
            return Move(self.square, False, edge=EDGE_NAMES[direction])
        return self._to(target)

    def row_start(self) -> Move:
        return self._to(Square(self.square.row, 0))

    def row_end(self) -> Move:
        return self._to(Square(self.square.row, SIZE - 1))

    def column_top(self) -> Move:
        return self._to(Square(0, self.square.col))

    def column_bottom(self) -> Move:
        return self._to(Square(SIZE - 1, self.square.col))

    def star(self) -> Move:
        return self._to(CENTRE)

    def goto(self, square: Square) -> Move:
        return self._to(square)

    def apply_key(self, name: str, board: Board) -> Move | None:
        """Move as the board key ``name`` does (see :data:`KEY_MOVES`).

        ``board`` is the board the next-tile keys search. Returns the
        outcome, or None when ``name`` is not a movement key (``where``
        and ``repeat`` are said by the session, not moved here).
        """
        move = KEY_MOVES.get(name)
        return move(self, board) if move is not None else None

    def next_tile(self, board: Board, direction: str) -> Move:
        """To the next tile that way, beyond the run of tiles the cursor is on.

        From an empty square: the first tile met. From a tile: the first
        tile after at least one empty square (the next word or tile), so
        the key jumps from word to word.
        """
        dr, dc = STEPS[direction]
        sq = self.square
        if board[sq]:
            while True:
                nxt = Square(sq.row + dr, sq.col + dc)
                if not nxt.on_board or not board[nxt]:
                    break
                sq = nxt
        while True:
            sq = Square(sq.row + dr, sq.col + dc)
            if not sq.on_board:
                return Move(self.square, False, nothing=prompts.no_more_tiles(_beyond(direction), self.square.name))
            if board[sq]:
                return self._to(sq)


def _beyond(direction: str) -> str:
    return {LEFT: "left of", RIGHT: "right of", UP: "above", DOWN_KEY: "below"}[direction]


#: the board keys that move the cursor, by the name the key bindings give
#: them (console/output/keys.py): the one table of the game and of the review
KEY_MOVES: dict[str, Callable[[Cursor, Board], Move]] = {
    "left": lambda c, b: c.step(LEFT),
    "right": lambda c, b: c.step(RIGHT),
    "up": lambda c, b: c.step(UP),
    "down": lambda c, b: c.step(DOWN_KEY),
    "row_start": lambda c, b: c.row_start(),
    "row_end": lambda c, b: c.row_end(),
    "column_top": lambda c, b: c.column_top(),
    "column_bottom": lambda c, b: c.column_bottom(),
    "star": lambda c, b: c.star(),
    "next_left": lambda c, b: c.next_tile(b, LEFT),
    "next_right": lambda c, b: c.next_tile(b, RIGHT),
    "next_up": lambda c, b: c.next_tile(b, UP),
    "next_down": lambda c, b: c.next_tile(b, DOWN_KEY),
}
