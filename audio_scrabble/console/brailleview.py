"""Braille display mode: every printed line fits the display, and the board
and racks are shown in braille cells.

A braille display shows one line of 14 to 80 cells (40 is the most
common). With braille mode on (``--braille-cells N`` or ``set braille N``)
everything the console prints goes through :func:`fit`, the one place
where lines are made to fit: a long message is split at word boundaries
(never inside a word that fits a line), and lines that already fit are
left alone. The pieces below are the braille renderings the console adds
in braille mode, all made from the tables of
:mod:`audio_scrabble.presentation.braille`:

* a board row as one line: the row number (numeral sign and digits,
  padded to 4 cells) then one cell per square, 19 cells; on a display
  narrower than 19 cells the row runs on to a second line, indented by
  the 4 cells of the label so that the squares keep their places;
* a column the same way, labelled with its capital letter;
* the board: the column letters, then the 15 rows;
* the rack as RNIB tiles: each tile its letter cell then its value with
  no numeral sign, tiles one blank cell apart (a line breaks only between
  tiles);
* the legend of the cells;
* the prompt, shortened so that a few cells are left for typing;
* a file path, split after ``/`` or ``-`` when it is longer than a line.

Lines made only of braille cells are for the display: the console prints
them but does not speak them (:func:`is_cells_line`).

The braille tables are read on first use only, so the console starts as
quickly without braille mode.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Callable, Iterable, Sequence, TextIO

from ..core.board import COLUMNS, SIZE, Board
from ..core.tiles import BLANK, tile_value
from . import services

if TYPE_CHECKING:  # pragma: no cover
    from ..presentation.braille import BrailleTables

#: the narrowest and widest braille displays the game lays lines out for
MIN_CELLS = 14
MAX_CELLS = 80
#: cells left free after a prompt, for typing
TYPING_ROOM = 6

_BRAILLE_FIRST = 0x2800
_BRAILLE_LAST = 0x28FF
_BLANK_CELL = "\u2800"


def cells_refusal(value: str) -> str:
    """The one sentence that refuses a display width (command line and ``set``)."""
    given = repr(value) if len(value) <= 12 else "that"
    return (
        f"A braille display has {MIN_CELLS} to {MAX_CELLS} cells, not {given}; "
        "type set braille 40, for example, or set braille off."
    )


def valid_cells(cells: int | None) -> bool:
    return cells is not None and MIN_CELLS <= cells <= MAX_CELLS


# ---------------------------------------------------------------- fitting lines
def fit(lines: Iterable[str], cells: int | None) -> list[str]:
    """The lines to print for a display of ``cells`` cells (None: as they are).

    A line holding ``\\n`` becomes several. A line longer than the display
    is wrapped at word boundaries (spaces, or blank cells between braille
    tiles); a single word longer than a whole line is the only thing ever
    broken. Lines that fit are not touched.
    """
    out: list[str] = []
    for line in lines:
        for part in line.split("\n"):
            if cells is None or len(part) <= cells:
                out.append(part)
            else:
                out.extend(services.wrap(part, cells))
    return out


def fit_prompt(full: str, short: str | None, cells: int | None) -> str:
    """The prompt, leaving at least :data:`TYPING_ROOM` cells for typing.

    ``short`` is the prompt's short form, used when ``full`` is too long;
    when that is too long as well, its words are cut to fit and it still
    ends in ``> ``.
    """
    if cells is None:
        return full
    room = max(4, cells - TYPING_ROOM)
    for prompt in (full, short):
        if prompt is not None and len(prompt) <= room:
            return prompt
    base = (short or full).rstrip().rstrip(">").rstrip()
    return base[: room - 2].rstrip() + "> "


def path_lines(head: str, path: str, cells: int | None) -> list[str]:
    """``head`` and a file path, for saying where a file went.

    Without braille mode, one line. In braille mode, the head on its own
    line and the path split after ``/``, ``-`` or ``_`` so that each piece
    fits; a piece is cut only if it has none of those.
    """
    if cells is None or len(head) + 1 + len(path) <= cells:
        return [f"{head} {path}"]
    pieces: list[str] = []
    current = ""
    for ch in path:
        current += ch
        if ch in "/\\-_" or ch == os.sep:
            pieces.append(current)
            current = ""
    if current:
        pieces.append(current)
    lines: list[str] = []
    line = ""
    for piece in pieces:
        while len(piece) > cells:  # a name with no place to break: cut it
            if line:
                lines.append(line)
                line = ""
            lines.append(piece[:cells])
            piece = piece[cells:]
        if len(line) + len(piece) > cells:
            lines.append(line)
            line = ""
        line += piece
    if line:
        lines.append(line)
    return fit([head], cells) + lines


def is_cells_line(line: str) -> bool:
    """True for a line of braille cells only (a board row, a rack line):
    printed for the display, never spoken."""
    stripped = line.strip(" " + _BLANK_CELL)
    return bool(stripped) and all(_BRAILLE_FIRST <= ord(c) <= _BRAILLE_LAST or c == " " for c in stripped)


# ---------------------------------------------------------------- the tables
def tables() -> "BrailleTables":
    """The game's braille tables (read once, on first use)."""
    from ..presentation.braille import BrailleTables

    return BrailleTables.load()


def _label_width() -> int:
    from ..presentation.braille import ROW_LABEL_CELLS

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
    from ..presentation.emboss import square_contents

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
    return fit([rack_cells(tiles)], cells)


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


# ---------------------------------------------------------------- the screen
class FittedWriter:
    """A text stream that makes every whole line written to it fit the display.

    The console's own lines already fit; this catches what other modules
    print on the same screen (a speaker saying that speech stopped working)
    and a prompt followed, on the same printed line, by an answer (input
    piped in is not echoed, so the answer would follow the prompt). A
    partial line (a prompt) is passed on at ``flush``; the column it
    leaves is remembered, and a line that would run past the display after
    it starts on a new line instead. Writes from several threads (a
    speaker's worker) are serialised.
    """

    def __init__(self, out: TextIO, cells: Callable[[], int | None]):
        self.out = out
        self.cells = cells
        self._pending = ""
        self._column = 0
        self._lock = threading.RLock()

    def write(self, text: str) -> int:
        with self._lock:
            self._pending += text
            while "\n" in self._pending:
                line, self._pending = self._pending.split("\n", 1)
                self._write_line(line)
        return len(text)

    def _write_line(self, line: str) -> None:
        width = self.cells()
        pieces = fit([line], width)
        if width is not None and self._column and self._column + len(pieces[0]) > width:
            self.out.write("\n")
            self._column = 0
        self.out.write("\n".join(pieces) + "\n")
        self._column = 0

    def flush(self) -> None:
        with self._lock:
            if self._pending:
                self.out.write(self._pending)
                self._column += len(self._pending)
                self._pending = ""
            self.out.flush()

    def __getattr__(self, name: str):  # encoding, isatty, fileno...
        return getattr(self.out, name)
