"""A large-print board for a sighted or partially sighted helper.

Printed only when asked for (``show``), never spoken. Above the grid, who
has how many points, whose turn it is and the bag; then the grid, each
square five characters wide and two lines high, so that a tile is a
near-square block with its letter on top and its points below, as on a
real tile, the row numbers on both sides and the column letters above
and below; then a legend whose lines fit 40 characters. The whole fits
an 80-column terminal (:data:`MAX_WIDTH`).

Nothing depends on colour alone: each premium square carries a code
(``2L 3L 2W 3W``, ``**`` for the star), a tile is its letter with its
points, a blank a lower-case letter with 0, the cursor is bracketed, the tiles
of the last move have a ``+`` before their points (and a colour of their
own).
Colours (high contrast: bold black on yellow tiles, each premium in its
print-board colour) are added unless ``colour`` is False;
:func:`colour_wanted` decides: never when ``NO_COLOR`` is set, when
``TERM`` is ``dumb``, or when the output is not a terminal.
"""

from __future__ import annotations

import os
from typing import Collection, Mapping, Sequence, TextIO

from ..core.board import COLUMNS, SIZE, Board, Square, premium_at
from ..core.tiles import tile_value

#: the widest line :func:`board_lines` makes (an 80-column terminal): the
#: row number on the left (3), the 15 squares (75), the row number again (2)
MAX_WIDTH = 80
#: the widest line above and below the grid (a magnified screen's line)
TEXT_WIDTH = 40
#: characters a square takes across (bracket, three inside, bracket)
CELL_WIDTH = 5
#: the widest line of the narrow board (:func:`narrow_grid_lines`): a
#: magnified screen of 40 columns, where the wide one would be wrapped
NARROW_WIDTH = 36

RESET = "\x1b[0m"
#: premium code -> (label, ANSI colours): the print board's colours
PREMIUM_CELLS = {
    "DL": ("2L", "\x1b[30;106m"),  # black on light blue
    "TL": ("3L", "\x1b[1;97;44m"),  # bold white on dark blue
    "DW": ("2W", "\x1b[30;105m"),  # black on pink
    "TW": ("3W", "\x1b[1;97;41m"),  # bold white on red
}
STAR_CELL = ("**", "\x1b[30;105m")
TILE_COLOUR = "\x1b[1;30;103m"  # bold black on a tile-coloured square
LAST_COLOUR = "\x1b[1;30;102m"  # bold black on light green: the last move's tiles
#: before the points of a tile of the last move (the mark without colour)
LAST_MARK = "+"

LEGEND = [
    "2L double letter, 3L triple letter.",
    "2W double word, 3W triple word.",
    "** the centre star.",
    "A tile: its letter, its points below.",
    "Lower case: a blank, 0 points.",
    "[ ]: the cursor.",
]
#: added when a move's tiles are marked
LAST_LEGEND = ["+ before the points: the last play."]
#: added when the board is coloured (the codes say it all without)
COLOUR_LEGEND = ["Colours: 2L light blue, 3L dark blue,", "2W pink, 3W red, tiles yellow."]
LAST_COLOUR_LEGEND = ["The last play's tiles green."]


def colour_wanted(stream: TextIO | None, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour the board written to ``stream``: only on a terminal,
    and not when ``NO_COLOR`` is set to anything (https://no-color.org) or
    ``TERM`` is ``dumb``. Escape codes in a file or a pipe are noise."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (ValueError, OSError):
        return False


def _inside(board: Board, sq: Square, last: Collection[Square] = ()) -> tuple[str, str, str]:
    """A square's two lines inside its brackets (three characters each), and
    its colour; a tile of the last move (``last``) has its mark before its points."""
    tile = board[sq]
    if tile:
        if sq in last:
            return f" {tile} ", f"{LAST_MARK}{tile_value(tile):>2}", LAST_COLOUR
        return f" {tile} ", f"{tile_value(tile):>3}", TILE_COLOUR
    prem = premium_at(sq)
    if prem is None:
        return " . ", "   ", ""
    text, ansi = STAR_CELL if prem.is_star else PREMIUM_CELLS[prem.code]
    return f"{text} ", "   ", ansi


def _cells(board: Board, row: int, colour: bool, cursor: Square | None,
           last: Collection[Square] = ()) -> tuple[str, str]:
    """A row of the grid as its two lines."""
    tops, bottoms = [], []
    for c in range(SIZE):
        sq = Square(row, c)
        top, bottom, ansi = _inside(board, sq, last)
        left, right = ("[", "]") if sq == cursor else (" ", " ")
        if colour and ansi:
            top, bottom = f"{ansi}{top}{RESET}", f"{ansi}{bottom}{RESET}"
        tops.append(f"{left}{top}{right}")
        bottoms.append(f"{left}{bottom}{right}")
    return "".join(tops), "".join(bottoms)


def status_lines(scores: Sequence[tuple[str, int]] = (), to_play: str | None = None,
                 bag: int | None = None, over: bool = False) -> list[str]:
    """Scores (one player a line, in seat order), whose turn, the bag:
    each line at most :data:`TEXT_WIDTH` characters."""
    lines: list[str] = []
    if scores:
        width = min(max(len(n) for n, _ in scores), TEXT_WIDTH - 6)
        for name, points in scores:
            lines.append(f"{name[:width]:<{width}} {points:>4}")
    if over:
        lines.append("The game is over.")
    elif to_play is not None:
        lines.append(f"To play: {to_play}"[:TEXT_WIDTH])
    if bag is not None:
        lines.append(f"Bag: {bag} tile{'s' if bag != 1 else ''}.")
    return lines


def grid_lines(board: Board, colour: bool = True, cursor: Square | None = None,
               last: Collection[Square] = ()) -> list[str]:
    """The grid: column letters above and below, row numbers on the left
    and on the right (so a glance from either side finds a square), each
    row two lines high; the tiles of the last move (``last``) marked."""
    header = ("   " + "".join(f"  {c}  " for c in COLUMNS)).rstrip()
    lines = [header]
    for r in range(SIZE):
        top, bottom = _cells(board, r, colour, cursor, last)
        lines.append(f"{r + 1:>2} {top}{r + 1}")
        lines.append(f"   {bottom}".rstrip())
    lines.append(header)
    return lines


def _narrow_square(board: Board, sq: Square, last: Collection[Square]) -> tuple[str, str]:
    """A square of the narrow board in two characters, and its colour."""
    tile = board[sq]
    if tile:
        return (f"{LAST_MARK}{tile}", LAST_COLOUR) if sq in last else (f" {tile}", TILE_COLOUR)
    prem = premium_at(sq)
    if prem is None:
        return " .", ""
    text, ansi = STAR_CELL if prem.is_star else PREMIUM_CELLS[prem.code]
    return text, ansi


def narrow_grid_lines(board: Board, colour: bool = True, last: Collection[Square] = ()) -> list[str]:
    """The grid for a screen narrower than :data:`MAX_WIDTH` (at most
    :data:`NARROW_WIDTH`): a square two characters across, a row a line,
    the row numbers on both sides; a tile its letter (``+`` before it:
    the last play), no points, no cursor."""
    header = "   " + "".join(f" {c}" for c in COLUMNS)
    lines = [header]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            text, ansi = _narrow_square(board, Square(r, c), last)
            cells.append(f"{ansi}{text}{RESET}" if colour and ansi else text)
        lines.append(f"{r + 1:>2} {''.join(cells)} {r + 1}")
    lines.append(header)
    return lines


#: the narrow board's legend: each line at most :data:`NARROW_WIDTH`
NARROW_LEGEND = [
    "2L double letter, 3L triple letter.",
    "2W double word, 3W triple word.",
    "** the centre star.",
    "Lower case: a blank.",
]
NARROW_LAST_LEGEND = ["+ before a tile: the last play."]


def board_lines(board: Board, colour: bool = True, cursor: Square | None = None,
                scores: Sequence[tuple[str, int]] = (), to_play: str | None = None,
                bag: int | None = None, over: bool = False, last: Collection[Square] = (),
                narrow: bool = False) -> list[str]:
    """The whole large-print view: the status, the grid, the legend.
    ``last``: the squares of the last move's tiles still on the board;
    ``narrow``: the grid for a screen under :data:`MAX_WIDTH` columns
    (:func:`narrow_grid_lines`)."""
    marked = [sq for sq in last if board[sq]]
    status = status_lines(scores, to_play, bag, over)
    if narrow:
        legend = NARROW_LEGEND + (NARROW_LAST_LEGEND if marked else [])
        return status + ([""] if status else []) + narrow_grid_lines(board, colour, marked) + [""] + legend
    legend = LEGEND + (LAST_LEGEND if marked else [])
    legend += (COLOUR_LEGEND + (LAST_COLOUR_LEGEND if marked else [])) if colour else []
    return status + ([""] if status else []) + grid_lines(board, colour, cursor, marked) + [""] + legend
