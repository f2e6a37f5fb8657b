"""A large-print board for a sighted or partially sighted helper.

Printed only when asked for (``show``), never spoken. Columns are lettered
and rows numbered on both sides; each premium square carries a code
(``2L 3L 2W 3W``, ``**`` for the star) so that nothing depends on colour
alone; the print board's colours are added unless ``colour`` is False
(:func:`colour_wanted` decides: never when ``NO_COLOR`` is set, when
``TERM`` is ``dumb``, or when the output is not a terminal). Tiles are letters,
a blank in lower case; the board cursor is bracketed.
"""

from __future__ import annotations

import os
from typing import Mapping, TextIO

from ..core.board import COLUMNS, SIZE, Board, Square, premium_at

RESET = "\x1b[0m"
#: premium code -> (label, ANSI colours): the print board's colours
PREMIUM_CELLS = {
    "DL": ("2L", "\x1b[30;106m"),  # light blue
    "TL": ("3L", "\x1b[97;44m"),  # dark blue
    "DW": ("2W", "\x1b[30;105m"),  # pink
    "TW": ("3W", "\x1b[97;41m"),  # red
}
STAR_CELL = ("**", "\x1b[30;105m")
TILE_COLOUR = "\x1b[1;30;103m"  # bold black on a tile-coloured square

LEGEND = [
    "2L double letter (light blue)   3L triple letter (dark blue)",
    "2W double word (pink)   3W triple word (red)   ** star",
    "Lower case: a blank.   [ ]: the cursor.",
]


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


def _cell(board: Board, sq: Square, colour: bool, cursor: Square | None) -> str:
    tile = board[sq]
    if tile:
        text, ansi = f" {tile}", TILE_COLOUR
    else:
        prem = premium_at(sq)
        if prem is None:
            text, ansi = " .", ""
        elif prem.is_star:
            text, ansi = STAR_CELL
        else:
            text, ansi = PREMIUM_CELLS[prem.code]
        text = text.rjust(2)
    left, right = ("[", "]") if sq == cursor else (" ", " ")
    if colour and ansi:
        return f"{left}{ansi}{text}{RESET}{right}"
    return f"{left}{text}{right}"


def board_lines(board: Board, colour: bool = True, cursor: Square | None = None) -> list[str]:
    """The grid, row and column labels on every side, then the legend."""
    header = "    " + "".join(f"  {c} " for c in COLUMNS)
    lines = [header]
    for r in range(SIZE):
        cells = "".join(_cell(board, Square(r, c), colour, cursor) for c in range(SIZE))
        lines.append(f"{r + 1:>3} {cells} {r + 1}")
    lines.append(header)
    lines.append("")
    lines.extend(LEGEND)
    return lines
