"""Embossable braille files (.brf) of a game: board, scores and moves.

A .brf file is North American ASCII braille: each cell is one printable
ASCII character from 0x20 to 0x5F (the table ``scrabble-brf.dis``), each
line ends with CR LF, and each page ends with a form feed, so that an
embosser starts a new sheet there. This module lays text out on pages of
at most 40 cells by 25 lines (the usual 11 x 11.5 inch braille page):

* page 1 starts with the title, centred, and a blank line;
* every section has a centred heading with a blank line before it (none at
  the top of a page); a section that fits on one page is never split over
  two, and a heading is never left alone at the foot of a page;
* a line longer than the page is wrapped at word boundaries, its runover
  lines indented by two cells, as lists are in braille;
* the braille page number (numeral sign and digits) stands at the right
  end of line 25, the last line of every page, as the Braille Authority of
  North America places braille page numbers (the top right corner is for
  print page numbers, which a game record does not have). Line 25 carries
  nothing else, so a page holds 24 lines of text.

Lines are given in print and translated into uncontracted (grade 1)
Unified English Braille with :func:`~.braille.text_to_grade1`; a line
that is already Unicode braille (such as a board row from
:func:`~.braille.row_line`) passes through unchanged, and a line may mix
the two. Where python3-louis is installed it can be asked to translate the
prose instead (``use_liblouis=True``, with liblouis's own UEB grade 1
table). The default is the game's own translator, so a record comes out
the same on every machine, and because liblouis's UEB table writes the
space between two numbers as a "numeric space" (dot 5), which would run
the move score and the running total of a move list ("12 12") into one
number.
"""

from __future__ import annotations

import functools
import importlib
import importlib.machinery
import importlib.util
import os
from types import ModuleType
from typing import Sequence

from .braille import (
    BLANK_CELL,
    EMPTY,
    BrailleTables,
    is_braille,
    wrap,
)

__all__ = [
    "BRF_CELLS",
    "BRF_LINES",
    "FORM_FEED",
    "LINE_END",
    "LOUIS_DIST_PACKAGES",
    "LOUIS_PROSE_TABLE",
    "board_section",
    "brf_document",
    "brf_pages",
    "louis_module",
    "prose_cells",
    "brf_bytes",
]

#: cells per line of a standard braille page
BRF_CELLS = 40
#: lines per standard braille page
BRF_LINES = 25
#: ends a page
FORM_FEED = "\f"
#: ends a line
LINE_END = "\r\n"
#: runover lines of a wrapped line start this many cells in
RUNOVER_INDENT = 2
#: where Debian's python3-louis lives
LOUIS_DIST_PACKAGES = "/usr/lib/python3/dist-packages"
#: the liblouis table used for prose when liblouis is asked for
LOUIS_PROSE_TABLE = "en-ueb-g1.ctb"

_SIX_DOT_CELLS = frozenset(chr(0x2800 + m) for m in range(64))

Section = tuple[str, Sequence[str]]


# --------------------------------------------------------------------------
# liblouis, when it is there
# --------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def louis_module() -> ModuleType | None:
    """The liblouis Python binding, or None where it is not installed.

    A ``louis`` importable the ordinary way (pip, Windows) is used first;
    else Debian's python3-louis is loaded from
    :data:`LOUIS_DIST_PACKAGES` without adding that folder to sys.path
    (it holds every Debian Python package, which must not shadow the
    game's own dependencies).
    """
    spec = importlib.util.find_spec("louis")
    if spec is None and os.path.isdir(LOUIS_DIST_PACKAGES):
        spec = importlib.machinery.PathFinder.find_spec("louis", [LOUIS_DIST_PACKAGES])
    if spec is None or spec.loader is None:
        return None
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except (ImportError, OSError, AttributeError):  # binding without its C library
        return None
    return module


def prose_cells(text: str, *, use_liblouis: bool = False, tables: BrailleTables | None = None) -> str:
    """Unicode braille (six dots) of one line of print.

    By default the game's own uncontracted UEB; with *use_liblouis* and
    liblouis installed, liblouis's UEB grade 1 table (falling back to the
    game's own translator if liblouis is missing or answers with a cell
    that has dot 7 or 8). Unicode braille in *text* is kept as it is.
    """
    tables = tables or BrailleTables.load()
    if use_liblouis and text and not is_braille(text):
        louis = louis_module()
        if louis is not None:
            try:
                cells = louis.translateString([LOUIS_PROSE_TABLE], text, mode=louis.dotsIO | louis.ucBrl)
            except RuntimeError:
                cells = ""
            if cells and all(c in _SIX_DOT_CELLS for c in cells):
                return cells
    return tables.text_to_grade1(text)


# --------------------------------------------------------------------------
# The board as a section
# --------------------------------------------------------------------------


def board_section(
    rows: Sequence[Sequence[str | None]],
    heading: str = "Board",
    *,
    key: bool = True,
    tables: BrailleTables | None = None,
) -> Section:
    """A section with the board for :func:`brf_document`.

    *rows* are the board's rows from row 1 down, each a sequence of squares
    as :meth:`BrailleTables.square_cell` takes them (upper-case letter =
    tile, lower-case letter = blank tile, a mark name, or None/"" for
    empty). The section holds the column letters, one line per row (six
    dots: a blank tile shows as its letter), a line listing the blank tiles
    ("Blank tiles: H8 e."), and with *key* a key to the marks.
    """
    tables = tables or BrailleTables.load()
    if not rows:
        raise ValueError("A board needs at least one row.")
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        raise ValueError("Every row of the board must have the same number of squares.")
    if width > 26:
        raise ValueError(f"A board has at most 26 columns, not {width}.")
    lines: list[str] = [tables.column_line(width)]
    blanks: list[str] = []
    marks_seen: set[str] = set()
    for number, row in enumerate(rows, start=1):
        lines.append(tables.row_line(number, row, six_dot=True))
        for col, square in enumerate(row):
            if square and len(square) == 1 and "a" <= square <= "z":
                blanks.append(f"{chr(ord('A') + col)}{number} {square}")
            elif square and len(square) > 1:
                marks_seen.add(" ".join(square.lower().split()))
    lines.append("Blank tiles: " + (", ".join(blanks) if blanks else "none") + ".")
    if key:
        entries = [f"{cell} {meaning}" for name, cell, meaning in tables.mark_legend()
                   if name == EMPTY or name in marks_seen]
        lines.append("Key: " + ", ".join(entries) + ".")
    return heading, lines


# --------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------


def brf_document(
    title: str,
    sections: Sequence[Section],
    cells: int = BRF_CELLS,
    lines: int = BRF_LINES,
    *,
    use_liblouis: bool = False,
    tables: BrailleTables | None = None,
) -> str:
    """A whole .brf file: *title* on page 1, then each (heading, lines)
    section, paginated as described in the module documentation.

    Returns the file's text: ASCII braille characters 0x20-0x5F only,
    lines ending in CR LF, every page (the last one too) ending in a form
    feed. *cells* and *lines* are the page size (at most 40 x 25 is the
    standard; smaller pages are allowed).
    """
    if not 12 <= cells <= 80:
        raise ValueError(f"A braille page line has 12 to 80 cells, not {cells}.")
    if not 3 <= lines <= 100:
        raise ValueError(f"A braille page has 3 to 100 lines, not {lines}.")
    tables = tables or BrailleTables.load()
    text_lines = lines - 1  # the last line carries the page number
    pages: list[list[str]] = [[]]

    def to_cells(text: str) -> str:
        return prose_cells(text, use_liblouis=use_liblouis, tables=tables)

    def add(line: str) -> None:
        if len(pages[-1]) >= text_lines:
            pages.append([])
        if line == "" and not pages[-1]:
            return  # no blank line at the top of a page
        pages[-1].append(line)

    def room() -> int:
        return text_lines - len(pages[-1])

    for line in _centred(to_cells(title), cells):
        add(line)

    for heading, body in sections:
        head = _centred(to_cells(heading), cells)
        content: list[str] = []
        for text in body:
            content.extend(_runover(to_cells(text), cells))
        blank = 1 if pages[-1] else 0
        whole = len(head) + len(content)
        if whole <= text_lines:
            if blank + whole > room():
                pages.append([])
                blank = 0
        elif blank + len(head) + 1 > room():
            pages.append([])
            blank = 0
        if blank:
            add("")
        for line in head + content:
            add(line)

    out: list[str] = []
    for number, page in enumerate(pages, start=1):
        page_number = tables.number_cells(number)
        if len(page_number) > cells:
            raise ValueError("The page is too narrow for its page number.")
        body = page + [""] * (text_lines - len(page))
        body.append(BLANK_CELL * (cells - len(page_number)) + page_number)
        for line in body:
            if len(line) > cells:  # cannot happen: every line was wrapped
                raise AssertionError(f"line of {len(line)} cells on a {cells}-cell page")
        out.append("".join(tables.to_ascii(line).rstrip(" ") + LINE_END for line in body) + FORM_FEED)
    return "".join(out)


def _centred(cells_text: str, width: int) -> list[str]:
    _check_six_dot(cells_text)
    return [BLANK_CELL * ((width - len(line)) // 2) + line for line in wrap(cells_text, width)]


def _runover(cells_text: str, width: int) -> list[str]:
    """One line, or several: the runovers indented by two cells."""
    _check_six_dot(cells_text)
    if len(cells_text) <= width:
        return [cells_text]
    pieces = wrap(cells_text, width - RUNOVER_INDENT)
    return [pieces[0]] + [BLANK_CELL * RUNOVER_INDENT + p for p in pieces[1:]]


def _check_six_dot(cells_text: str) -> None:
    for c in cells_text:
        if c not in _SIX_DOT_CELLS:
            raise ValueError(
                f"{c!r} cannot be embossed: a .brf file has six-dot cells only "
                "(use six_dot=True for board rows)."
            )


def brf_pages(document: str) -> list[list[str]]:
    """The pages of a .brf text, each a list of its lines (ASCII braille)."""
    pages = document.split(FORM_FEED)
    if pages and pages[-1].strip("\r\n") == "":
        pages.pop()
    result: list[list[str]] = []
    for page in pages:
        page = page.replace("\r\n", "\n").replace("\r", "\n")
        if page.endswith("\n"):
            page = page[:-1]
        result.append(page.split("\n"))
    return result


def brf_bytes(document: str) -> bytes:
    """A .brf text as the ASCII bytes written to its file, line ends untouched."""
    return document.encode("ascii")
