"""Lines of braille cells for the display: a row, a column, the whole
board (one cell a square, after a 4-cell label), a rack as RNIB tiles,
and the legend that says what each cell means. Printed for a braille
display, never spoken (:func:`is_cells_line` tells them apart)."""

from __future__ import annotations

from typing import Sequence

from ..core.board import COLUMNS, SIZE, Board
from ..core.tiles import BLANK, tile_value
from .braille import ROW_LABEL_CELLS, BrailleTables
from .emboss import square_contents
from .layout import is_cells_line, wrap

_BLANK_CELL = "\u2800"


# ---------------------------------------------------------------- the tables
def tables() -> BrailleTables:
    """The game's braille tables (read once, on first use)."""
    return BrailleTables.load()


def _label_width() -> int:
    return ROW_LABEL_CELLS


def _run_on(line: str, cells: int | None) -> list[str]:
    """A labelled line of squares, run on under itself if the display is narrow.

    The label (the first 4 cells) stands on the first line only; each
    following line starts with 4 blank cells, so every square keeps its
    place under the label's width.
    """
    if cells is None or len(line) <= cells:
        return [line]
    label = _label_width()
    head, squares = line[:label], line[label:]
    per_line = cells - label
    chunks = [squares[i : i + per_line] for i in range(0, len(squares), per_line)]
    return [head + chunks[0]] + [_BLANK_CELL * label + chunk for chunk in chunks[1:]]


def _contents(board: Board) -> list[list[str | None]]:
    return square_contents(board)


def row_cells(board: Board, row: int) -> str:
    """Row ``row`` (0-based) as one line of cells: ``⠼⠓⠀⠀⠿⠄⠄⠔…`` (19 cells)."""
    return tables().row_line(row + 1, _contents(board)[row])


def column_cells(board: Board, col: int) -> str:
    """Column ``col`` (0-based), top to bottom: its capital letter in UEB
    (``⠠⠓``) padded to 4 cells, then one cell per square (19 cells)."""
    t = tables()
    label = t.text_to_grade1(COLUMNS[col])
    label += _BLANK_CELL * max(1, _label_width() - len(label))
    contents = _contents(board)
    return label + "".join(t.square_cell(contents[r][col]) for r in range(SIZE))


def row_lines(board: Board, row: int, cells: int | None) -> list[str]:
    """The row's line of cells, run on for a display narrower than 19 cells."""
    return _run_on(row_cells(board, row), cells)


def column_lines(board: Board, col: int, cells: int | None) -> list[str]:
    """The column's line of cells, run on for a narrow display."""
    return _run_on(column_cells(board, col), cells)


def board_lines(board: Board, cells: int | None) -> list[str]:
    """The whole board: the column letters, then rows 1 to 15."""
    lines = _run_on(tables().column_line(SIZE), cells)
    for r in range(SIZE):
        lines.extend(row_lines(board, r, cells))
    return lines


def rack_cells(tiles: Sequence[str]) -> str:
    """A rack as RNIB tiles: ``⠟⠁⠚⠀⠑⠁⠀⠹⠚`` for Q, E and a blank."""
    return tables().rack_line([(t, 0 if t == BLANK else tile_value(t)) for t in tiles])


def rack_lines(tiles: Sequence[str], cells: int | None) -> list[str]:
    """The rack's tile cells, broken between tiles to fit the display."""
    if not tiles:
        return []
    line = rack_cells(tiles)
    return [line] if cells is None or len(line) <= cells else wrap(line, cells)


def legend_lines() -> list[str]:
    """What each cell of the board and rack lines means, one cell a line."""
    t = tables()
    lines = []
    for name, cell, meaning in t.mark_legend():
        if name == "empty":
            lines.append(f"{cell} empty square.")
        else:
            lines.append(f"{cell} {name}: {meaning}.")
    a = t.square_cell("A")
    lines.append(f"{a} a tile, its letter: A.")
    lines.append(f"{t.square_cell('a')} a blank played as A: dot 8 added.")
    lines.append(f"{t.number_cells(8)} row 8, at the start of a row.")
    lines.append(f"{t.text_to_grade1('H')} column H, at the start of a column.")
    lines.append(f"{t.tile_cells('Q', 10)} rack tile Q, 10: no numeral sign.")
    lines.append(f"{t.blank_tile_cells()} rack tile blank, worth 0.")
    return lines
