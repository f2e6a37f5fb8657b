"""The 15×15 board and its premium squares.

Squares are named as in tournament notation: column letter A–O from the
left, row number 1–15 from the top; H8 is the centre star. Internally a
square is (row, col), both counted from 0.

A square on the board holds ``""`` when empty, an upper-case letter for a
tile, or a lower-case letter for a blank standing for that letter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, NamedTuple

from ..errors import NotationError

SIZE = 15
COLUMNS = "ABCDEFGHIJKLMNO"
ACROSS = "across"
DOWN = "down"


class Square(NamedTuple):
    row: int  # 0 = row 1 (top)
    col: int  # 0 = column A (left)

    @property
    def name(self) -> str:
        if self.on_board:
            return f"{COLUMNS[self.col]}{self.row + 1}"
        col = COLUMNS[self.col] if 0 <= self.col < SIZE else f"column {self.col + 1}"
        return f"{col}{self.row + 1}"

    @property
    def on_board(self) -> bool:
        return 0 <= self.row < SIZE and 0 <= self.col < SIZE

    def step(self, direction: str, n: int = 1) -> "Square":
        return Square(self.row, self.col + n) if direction == ACROSS else Square(self.row + n, self.col)

    @classmethod
    def parse(cls, text: str) -> "Square":
        """``H8`` (or ``h8``) to a square. Row-first ``8H`` is not a square."""
        m = _SQUARE_RE.fullmatch(text.strip())
        if not m:
            raise NotationError(f"{text.strip()!r} is not a square; name a square by column and row, like H8.")
        col = ord(m.group(1).upper()) - ord("A")
        row = int(m.group(2)) - 1
        if not (0 <= col < SIZE and 0 <= row < SIZE):
            raise NotationError(
                f"{m.group(1).upper()}{m.group(2)} is off the board; columns run A to O and rows 1 to 15."
            )
        return cls(row, col)

    def __str__(self) -> str:
        return self.name


_SQUARE_RE = re.compile(r"([A-Za-z])([0-9]{1,2})")

CENTRE = Square(7, 7)


@dataclass(frozen=True)
class Premium:
    """A premium square's kind, with its braille-board mark and print colour."""

    code: str  # "DL", "TL", "DW", "TW"
    name: str  # "double letter"
    mark: str  # braille-board mark: "two dots"
    colour: str  # print board colour
    letter_multiplier: int
    word_multiplier: int
    is_star: bool = False

    @property
    def long_name(self) -> str:
        return f"{self.name} score"


DOUBLE_LETTER = Premium("DL", "double letter", "two dots", "light blue", 2, 1)
TRIPLE_LETTER = Premium("TL", "triple letter", "three dots", "dark blue", 3, 1)
DOUBLE_WORD = Premium("DW", "double word", "two bars", "pink", 1, 2)
TRIPLE_WORD = Premium("TW", "triple word", "three bars", "red", 1, 3)
STAR = Premium("DW", "double word", "star", "pink", 1, 2, is_star=True)

# The standard layout as a readable grid: d = double letter, t = triple
# letter, D = double word, T = triple word, * = the centre star.
PREMIUM_LAYOUT = """
T..d...T...d..T
.D...t...t...D.
..D...d.d...D..
d..D...d...D..d
....D.....D....
.t...t...t...t.
..d...d.d...d..
T..d...*...d..T
..d...d.d...d..
.t...t...t...t.
....D.....D....
d..D...d...D..d
..D...d.d...D..
.D...t...t...D.
T..d...T...d..T
"""

_LAYOUT_KEY = {"d": DOUBLE_LETTER, "t": TRIPLE_LETTER, "D": DOUBLE_WORD, "T": TRIPLE_WORD, "*": STAR}


def _parse_layout(text: str) -> tuple[tuple[Premium | None, ...], ...]:
    rows = [line for line in text.split() if line]
    assert len(rows) == SIZE and all(len(r) == SIZE for r in rows)
    return tuple(tuple(_LAYOUT_KEY.get(ch) for ch in r) for r in rows)


PREMIUMS: tuple[tuple[Premium | None, ...], ...] = _parse_layout(PREMIUM_LAYOUT)


def premium_at(square: Square) -> Premium | None:
    """The premium printed on a square (whether or not a tile covers it)."""
    return PREMIUMS[square.row][square.col]


class Board:
    """The tiles on the board. Holds no rules beyond geometry."""

    __slots__ = ("cells",)

    def __init__(self, cells: list[list[str]] | None = None):
        self.cells: list[list[str]] = (
            [[""] * SIZE for _ in range(SIZE)] if cells is None else [list(r) for r in cells]
        )

    # --- reading --------------------------------------------------------
    def __getitem__(self, square: Square) -> str:
        return self.cells[square.row][square.col]

    def is_empty(self) -> bool:
        return not any(any(r) for r in self.cells)

    def tile_count(self) -> int:
        return sum(1 for r in self.cells for c in r if c)

    def occupied(self) -> Iterator[tuple[Square, str]]:
        for r in range(SIZE):
            for c in range(SIZE):
                if self.cells[r][c]:
                    yield Square(r, c), self.cells[r][c]

    def has_neighbour(self, square: Square) -> bool:
        r, c = square
        cells = self.cells
        return (
            (r > 0 and bool(cells[r - 1][c]))
            or (r < SIZE - 1 and bool(cells[r + 1][c]))
            or (c > 0 and bool(cells[r][c - 1]))
            or (c < SIZE - 1 and bool(cells[r][c + 1]))
        )

    def premium(self, square: Square) -> Premium | None:
        """The premium of a square that is still live (not yet covered)."""
        return None if self[square] else premium_at(square)

    def word_at(self, square: Square, direction: str) -> tuple[Square, str] | None:
        """The run of tiles through ``square`` in ``direction`` (2+ tiles)."""
        if not self[square]:
            return None
        start = square
        while True:
            prev = start.step(direction, -1)
            if not prev.on_board or not self[prev]:
                break
            start = prev
        letters = []
        sq = start
        while sq.on_board and self[sq]:
            letters.append(self[sq])
            sq = sq.step(direction)
        if len(letters) < 2:
            return None
        return start, "".join(letters)

    def words(self) -> list[tuple[Square, str, str]]:
        """Every word on the board: (start, direction, letters), across first."""
        found = []
        for direction in (ACROSS, DOWN):
            for sq, _ in self.occupied():
                prev = sq.step(direction, -1)
                if prev.on_board and self[prev]:
                    continue
                w = self.word_at(sq, direction)
                if w:
                    found.append((w[0], direction, w[1]))
        return found

    # --- changing -------------------------------------------------------
    def put(self, square: Square, tile: str) -> None:
        self.cells[square.row][square.col] = tile

    def clear(self, square: Square) -> None:
        self.cells[square.row][square.col] = ""

    def copy(self) -> "Board":
        return Board(self.cells)

    def rows_text(self) -> list[str]:
        """Each row as 15 characters, '.' for an empty square (for tests and records)."""
        return ["".join(c or "." for c in r) for r in self.cells]

    @classmethod
    def from_rows(cls, rows: list[str]) -> "Board":
        """The board :meth:`rows_text` wrote ('.' for an empty square)."""
        return cls([[ch if ch != "." else "" for ch in row] for row in rows])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells

    def __repr__(self) -> str:
        return "Board(\n  " + "\n  ".join(self.rows_text()) + ")"
