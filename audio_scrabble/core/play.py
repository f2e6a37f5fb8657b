"""A play (tiles put on squares) and the rules of placement.

``validate_placement`` refuses every illegal placement with an
:class:`IllegalPlay` whose ``code`` names the rule and whose message is a
sentence the player can act on. ``words_formed`` lists every word the play
creates or changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..errors import IllegalPlay
from .board import ACROSS, CENTRE, DOWN, SIZE, Board, Square


@dataclass(frozen=True)
class PlacedTile:
    """One tile put on one square. ``letter`` is upper case; for a blank it
    is the letter the blank stands for ("" while not chosen yet)."""

    square: Square
    letter: str
    blank: bool = False

    @property
    def board_letter(self) -> str:
        """As written on the board: lower case for a blank."""
        return self.letter.lower() if self.blank else self.letter

    @property
    def rack_tile(self) -> str:
        """The tile this comes from on the rack: ``?`` for a blank."""
        return "?" if self.blank else self.letter


@dataclass(frozen=True)
class Play:
    """Tiles placed in one turn. ``direction`` is a hint for a single tile
    (which way the main word runs); otherwise it follows from the tiles."""

    tiles: tuple[PlacedTile, ...]
    direction: str | None = None

    @classmethod
    def of(cls, tiles: Iterable[PlacedTile], direction: str | None = None) -> "Play":
        return cls(tuple(sorted(tiles, key=lambda t: (t.square.row, t.square.col))), direction)

    @property
    def squares(self) -> tuple[Square, ...]:
        return tuple(t.square for t in self.tiles)

    def rack_tiles(self) -> list[str]:
        return [t.rack_tile for t in self.tiles]

    def line_direction(self, board: Board | None = None) -> str:
        """The direction of the main word."""
        if len(self.tiles) >= 2:
            return ACROSS if self.tiles[0].square.row == self.tiles[1].square.row else DOWN
        if board is not None and self.tiles:
            sq = self.tiles[0].square

            def touches(d: str) -> bool:
                return any((nb := sq.step(d, n)).on_board and bool(board[nb]) for n in (-1, 1))

            # the hint holds when a word runs that way (or none runs either
            # way); a lone tile that forms a word only the other way is that word
            if self.direction and (touches(self.direction) or not touches(_other(self.direction))):
                return self.direction
            for d in (ACROSS, DOWN):
                if touches(d):
                    return d
        if self.direction:
            return self.direction
        return ACROSS


@dataclass(frozen=True)
class WordFormed:
    """A word created or changed by a play."""

    start: Square
    direction: str
    letters: str  # as on the board: lower case for blanks
    squares: tuple[Square, ...]
    new: tuple[bool, ...]  # whether each square's tile is placed in this play

    @property
    def word(self) -> str:
        return self.letters.upper()


def _other(direction: str) -> str:
    return DOWN if direction == ACROSS else ACROSS


def _tile_name(t: PlacedTile) -> str:
    return "the blank" if t.blank else t.letter


def validate_placement(board: Board, play: Play) -> None:
    """Raise :class:`IllegalPlay` unless the placement obeys the rules.

    This checks geometry and letters only, not the rack and not the words'
    acceptability (the game does those).
    """
    tiles = play.tiles
    if not tiles:
        raise IllegalPlay("A play needs at least one tile.", "no_tiles")
    seen: set[Square] = set()
    for t in tiles:
        if not t.square.on_board:
            raise IllegalPlay(
                f"{t.square.name} is off the board; columns run A to O and rows 1 to 15.", "off_board"
            )
        if t.square in seen:
            raise IllegalPlay(f"Two tiles are placed on {t.square.name}; put one tile on each square.", "same_square",
                              brief=f"Two tiles on {t.square.name}.")
        seen.add(t.square)
        if t.blank and not t.letter:
            raise IllegalPlay(
                f"The blank on {t.square.name} needs a letter; say which letter it stands for.", "blank_no_letter",
                brief=f"The blank on {t.square.name} needs a letter."
            )
        if len(t.letter) != 1 or not ("A" <= t.letter <= "Z"):
            raise IllegalPlay(f"{t.letter!r} on {t.square.name} is not a letter A to Z.", "bad_letter")
        if board[t.square]:
            raise IllegalPlay(
                f"{t.square.name} is already taken by {_board_tile_name(board[t.square])}; choose an empty square.",
                "occupied",
                brief=f"{t.square.name} is taken.",
            )
    rows = {t.square.row for t in tiles}
    cols = {t.square.col for t in tiles}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalPlay("The tiles must all lie in one row or one column.", "not_in_line",
                          brief="Tiles must be in one row or column.")
    direction = play.line_direction(board)
    first, last = tiles[0].square, tiles[-1].square
    sq = first
    while sq != last:
        sq = sq.step(direction)
        if sq not in seen and not board[sq]:
            raise IllegalPlay(
                f"There is a gap at {sq.name}; the tiles must make one unbroken line with the tiles on the board.",
                "gap",
                brief=f"There is a gap at {sq.name}.",
            )
    if board.is_empty():
        if CENTRE not in seen:
            raise IllegalPlay("The first word must cover the star, H8.", "first_not_on_star")
        if len(tiles) < 2:
            raise IllegalPlay("The first play must use at least two tiles.", "first_single_tile",
                              brief="The first play needs two tiles.")
    else:
        if not any(board.has_neighbour(t.square) for t in tiles):
            raise IllegalPlay("The play must touch a tile already on the board.", "not_touching",
                              brief="The play must touch a tile.")


def _board_tile_name(tile: str) -> str:
    return f"a blank {tile.upper()}" if tile.islower() else tile


def words_formed(board: Board, play: Play) -> list[WordFormed]:
    """Every word (2+ letters) the play creates or changes, main word first.

    Assumes the placement is valid (call :func:`validate_placement` first).
    """
    placed = {t.square: t.board_letter for t in play.tiles}

    def letter(sq: Square) -> str:
        return placed.get(sq) or board[sq]

    def run(sq: Square, direction: str) -> WordFormed | None:
        start = sq
        while True:
            prev = start.step(direction, -1)
            if not prev.on_board or not letter(prev):
                break
            start = prev
        squares = []
        cur = start
        while cur.on_board and letter(cur):
            squares.append(cur)
            cur = cur.step(direction)
        if len(squares) < 2:
            return None
        return WordFormed(
            start,
            direction,
            "".join(letter(s) for s in squares),
            tuple(squares),
            tuple(s in placed for s in squares),
        )

    direction = play.line_direction(board)
    cross = DOWN if direction == ACROSS else ACROSS
    words = []
    main = run(play.tiles[0].square, direction)
    if main:
        words.append(main)
    for t in play.tiles:
        w = run(t.square, cross)
        if w:
            words.append(w)
    return words


def apply_play(board: Board, play: Play) -> None:
    for t in play.tiles:
        board.put(t.square, t.board_letter)


def remove_play(board: Board, play: Play) -> None:
    for t in play.tiles:
        board.clear(t.square)


__all__ = [
    "PlacedTile",
    "Play",
    "WordFormed",
    "validate_placement",
    "words_formed",
    "apply_play",
    "remove_play",
    "SIZE",
]
