"""Braille for audio_scrabble: board rows, racks and messages for a braille
display, and the cells behind the embossed (.brf) game record.

The braille itself is data: the liblouis-format tables in the package
``audio_scrabble.braille_data`` (the repository's ``braille_tables/``
folder). This module reads them with its own small parser, so the game
needs no liblouis at run time, on Windows too; where liblouis is installed
it can compile the same tables, and the tests check that the two agree.

Cells
    A cell is handled as a one-character ``str`` from the Unicode braille
    block (U+2800-U+28FF): dot *n* is bit *n*-1 of the offset from U+2800,
    so ⠁ is dot 1 and ⣿ is dots 1-8. Dots are written as liblouis writes
    them: ``"1345"`` for one cell, ``"0"`` for the blank cell and
    ``"6-6"`` for two cells. North American ASCII braille (the characters
    of a .brf file) comes from the display table ``scrabble-brf.dis``.

What a player reads (all of it decided and explained in
``braille_tables/README.md``):

* a board row: ``row_line(8, squares)`` is the row number (numeral sign
  and digits, padded to four cells) then one cell per square, 19 cells in
  all for a 15-square row, so it fits a 20-cell display. A tile is its
  letter; a blank tile is its letter with dot 8 added (on six-dot media,
  without it); the empty square is dot 3 and the premium squares have the
  cells of their tactile marks (see :data:`MARK_NAMES`);
* a rack: ``rack_line(tiles)``, each tile as on the RNIB tiles, letter
  then value with no numeral sign (Q 10 is ⠟⠁⠚), tiles one blank cell
  apart;
* messages: :func:`text_to_grade1` (uncontracted Unified English Braille,
  capitals marked); lines that fit the display are the layout's
  (:func:`~audio_scrabble.presentation.layout.wrap`, re-exported here).
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..errors import NotationError
from .layout import break_path, is_braille, is_file_name, is_path, wrap  # the layout is their home

try:  # Python 3.11+
    from importlib.resources.abc import Traversable
except ImportError:  # pragma: no cover - Python 3.10
    from importlib.abc import Traversable

__all__ = [
    "BLANK_CELL",
    "BLANK_TILE_SYMBOL",
    "BOARD_TABLE",
    "BRF_DISPLAY_TABLE",
    "BrailleTableError",
    "BrailleTables",
    "EMPTY",
    "MARK_NAMES",
    "PRINT_SYMBOLS",
    "ROW_LABEL_CELLS",
    "TEXT_TABLE",
    "TILES_TABLE",
    "blank_tile_cells",
    "break_path",
    "cell_to_dots",
    "column_line",
    "dots_to_cell",
    "dots_to_unicode",
    "is_braille",
    "is_file_name",
    "is_path",
    "letter_cell",
    "rack_line",
    "row_line",
    "square_cell",
    "table_directory",
    "text_to_grade1",
    "tile_cells",
    "unicode_to_dots",
    "wrap",
]

# --------------------------------------------------------------------------
# Table files and the print symbols they define
# --------------------------------------------------------------------------

#: uncontracted UEB for messages and records
TEXT_TABLE = "scrabble-text.utb"
#: RNIB tiles for the rack line
TILES_TABLE = "scrabble-tiles.utb"
#: one cell per square for board rows
BOARD_TABLE = "scrabble-board.utb"
#: North American ASCII braille (.brf)
BRF_DISPLAY_TABLE = "scrabble-brf.dis"

#: the package the tables are installed as (see pyproject.toml)
DATA_PACKAGE = "audio_scrabble.braille_data"

#: name of the board content "empty square"
EMPTY = "empty"

#: The premium marks of the braille board, by the names the rules use.
MARK_NAMES: tuple[str, ...] = ("two dots", "three dots", "two bars", "three bars", "star")

#: The print character that stands for each kind of empty square in
#: ``scrabble-board.utb``: the tables map these characters to cells, this
#: module maps the game's names to these characters.
PRINT_SYMBOLS: Mapping[str, str] = {
    EMPTY: "\u00b7",  # · middle dot
    "two dots": "\u2025",  # ‥ two dot leader: double letter
    "three dots": "\u2026",  # … ellipsis: triple letter
    "two bars": "\u2550",  # ═ double horizontal: double word
    "three bars": "\u2261",  # ≡ identical to: triple word
    "star": "\u2605",  # ★ black star: centre square
}

#: What each board mark means, for legends and help.
MARK_MEANINGS: Mapping[str, str] = {
    EMPTY: "empty square",
    "two dots": "double letter square",
    "three dots": "triple letter square",
    "two bars": "double word square",
    "three bars": "triple word square",
    "star": "centre square, double word",
}

#: The print character of the blank tile (racks are written with "?").
BLANK_TILE_SYMBOL = "?"

#: In ``scrabble-board.utb`` a blank tile on the board standing for letter
#: x is written in print as the circled small letter x (U+24D0 + index).
_CIRCLED_SMALL_A = 0x24D0

#: cells taken by the row label of a row line ("⠼⠓⠀⠀", "⠼⠁⠑⠀")
ROW_LABEL_CELLS = 4

#: the blank cell
BLANK_CELL = "\u2800"

_BRAILLE_BASE = 0x2800
_SIX_DOTS = 0x3F
_DOT8 = 0x80



class BrailleTableError(ValueError):
    """A braille table file that cannot be read (a bug in the data)."""


# --------------------------------------------------------------------------
# Cells, dots and Unicode
# --------------------------------------------------------------------------


def dots_to_cell(dots: str) -> str:
    """One cell from its dot numbers: ``"1345"`` -> ``"⠝"``, ``"0"`` -> ``"⠀"``."""
    if not dots or (dots != "0" and not re.fullmatch(r"[1-8]+", dots)):
        raise ValueError(f"{dots!r} is not a cell; write its dots as digits 1 to 8, or 0 for a blank cell.")
    mask = 0
    if dots != "0":
        for d in dots:
            bit = 1 << (int(d) - 1)
            if mask & bit:
                raise ValueError(f"{dots!r} names dot {d} twice.")
            mask |= bit
    return chr(_BRAILLE_BASE + mask)


def cell_to_dots(cell: str) -> str:
    """The dot numbers of one cell, in order: ``"⠝"`` -> ``"1345"``, ``"⠀"`` -> ``"0"``."""
    mask = _mask(cell)
    return "".join(str(i + 1) for i in range(8) if mask >> i & 1) or "0"


def dots_to_unicode(dots: str) -> str:
    """Cells from liblouis dot notation: ``"6-6"`` -> ``"⠠⠠"``."""
    return "".join(dots_to_cell(part) for part in dots.split("-"))


def unicode_to_dots(text: str) -> str:
    """Liblouis dot notation of a string of cells: ``"⠠⠠"`` -> ``"6-6"``."""
    if not text:
        raise ValueError("There are no cells to write as dots.")
    return "-".join(cell_to_dots(c) for c in text)


def _mask(cell: str) -> int:
    if len(cell) != 1 or not _BRAILLE_BASE <= ord(cell) <= _BRAILLE_BASE + 0xFF:
        raise ValueError(f"{cell!r} is not a braille cell (a character from U+2800 to U+28FF).")
    return ord(cell) - _BRAILLE_BASE


def _cell(mask: int) -> str:
    return chr(_BRAILLE_BASE + mask)


# --------------------------------------------------------------------------
# Reading liblouis-format tables
# --------------------------------------------------------------------------

_ESCAPES = {"s": " ", "t": "\t", "n": "\n", "r": "\r", "f": "\f", "v": "\v", "e": "\x1b", "\\": "\\"}
_HEX_ESCAPES = {"x": 4, "y": 5, "z": 8}

_CHAR_OPCODES = frozenset({"space", "lowercase", "uppercase", "letter", "digit", "punctuation", "sign", "math"})
_DOTS_OPCODES = frozenset(
    {"numsign", "capsletter", "begcapsword", "endcapsword", "nocontractsign", "nonumsign", "undefined"}
)


@dataclass
class TranslationTable:
    """One compiled table: which cells each print character has, plus the
    indicators (numeral sign, capital signs...) the translator uses."""

    name: str
    #: print character -> its cells, for every character class
    cells: dict[str, str] = field(default_factory=dict)
    #: digit -> its cells without numeral sign (litdigit)
    litdigits: dict[str, str] = field(default_factory=dict)
    lowercase: set[str] = field(default_factory=set)
    uppercase: set[str] = field(default_factory=set)
    digits: set[str] = field(default_factory=set)
    spaces: set[str] = field(default_factory=set)
    #: indicator opcode (numsign, capsletter, ...) -> its cells
    indicators: dict[str, str] = field(default_factory=dict)
    numeric_mode_chars: set[str] = field(default_factory=set)
    numeric_no_cont_chars: set[str] = field(default_factory=set)
    #: one-cell display entries: cell -> character, and back
    display: dict[str, str] = field(default_factory=dict)
    display_back: dict[str, str] = field(default_factory=dict)

    @property
    def letters(self) -> set[str]:
        return self.lowercase | self.uppercase


class _TableReader:
    """Reads the subset of the liblouis table language the game's tables
    use. Unknown opcodes are an error, not skipped: a table that says
    something this reader does not understand must not be half-read."""

    def __init__(self, root: Traversable | Path):
        self.root = root

    def read(self, names: Iterable[str]) -> TranslationTable:
        names = list(names)
        table = TranslationTable(name=",".join(names))
        for name in names:
            self._read_file(name, table, stack=())
        return table

    def _read_file(self, name: str, table: TranslationTable, stack: tuple[str, ...]) -> None:
        if name in stack:
            raise BrailleTableError(f"{name} includes itself (via {' -> '.join(stack)}).")
        path = self.root.joinpath(name)
        try:
            text = path.read_text(encoding="utf-8")
        except (FileNotFoundError, OSError) as exc:
            raise BrailleTableError(f"Braille table {name} cannot be read: {exc}.") from exc
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            try:
                self._read_line(line.split(), table, stack + (name,))
            except BrailleTableError:
                raise
            except ValueError as exc:
                raise BrailleTableError(f"{name}:{number}: {exc}") from exc

    def _read_line(self, words: list[str], table: TranslationTable, stack: tuple[str, ...]) -> None:
        opcode = words[0]
        if opcode == "nofor":  # back-translation only: not for the game
            return
        if opcode == "noback":  # forward only: what the game does
            if len(words) < 2:
                raise ValueError("noback needs an opcode after it.")
            words = words[1:]
            opcode = words[0]
        args = words[1:]

        def need(n: int) -> list[str]:
            if len(args) < n:
                raise ValueError(f"{opcode} needs {n} operand(s).")
            return args[:n]

        if opcode == "include":
            (name,) = need(1)
            self._read_file(name, table, stack)
        elif opcode in _CHAR_OPCODES:
            char_text, dots = need(2)
            char = _unescape_char(char_text)
            table.cells[char] = dots_to_unicode(dots)
            {
                "space": table.spaces,
                "lowercase": table.lowercase,
                "uppercase": table.uppercase,
                "letter": table.lowercase,
                "digit": table.digits,
            }.get(opcode, set()).add(char)
        elif opcode == "litdigit":
            char_text, dots = need(2)
            table.litdigits[_unescape_char(char_text)] = dots_to_unicode(dots)
        elif opcode == "base":
            attribute, char_text, base_text = need(3)
            if attribute != "uppercase":
                raise ValueError(f"base {attribute} is not understood; only base uppercase is.")
            char, base = _unescape_char(char_text), _unescape_char(base_text)
            if base not in table.cells:
                raise ValueError(f"base character {base!r} is not defined before {char!r}.")
            table.cells[char] = table.cells[base]
            table.uppercase.add(char)
        elif opcode in _DOTS_OPCODES:
            (dots,) = need(1)
            table.indicators[opcode] = dots_to_unicode(dots)
        elif opcode == "numericmodechars":
            (chars,) = need(1)
            table.numeric_mode_chars.update(_unescape(chars))
        elif opcode == "numericnocontchars":
            (chars,) = need(1)
            table.numeric_no_cont_chars.update(_unescape(chars))
        elif opcode == "display":
            char_text, dots = need(2)
            char, cells = _unescape_char(char_text), dots_to_unicode(dots)
            if len(cells) != 1:
                raise ValueError("a display entry must be a single cell.")
            table.display[cells] = char
            table.display_back[char] = cells
        else:
            raise ValueError(f"the opcode {opcode!r} is not one the game's table reader knows.")


def _unescape(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        if i + 1 >= len(text):
            raise ValueError(f"{text!r} ends with a lone backslash.")
        kind = text[i + 1]
        if kind in _HEX_ESCAPES:
            n = _HEX_ESCAPES[kind]
            digits = text[i + 2 : i + 2 + n]
            if len(digits) != n or not re.fullmatch(r"[0-9A-Fa-f]+", digits):
                raise ValueError(f"\\{kind} in {text!r} needs {n} hex digits.")
            out.append(chr(int(digits, 16)))
            i += 2 + n
        elif kind in _ESCAPES:
            out.append(_ESCAPES[kind])
            i += 2
        else:
            raise ValueError(f"\\{kind} in {text!r} is not an escape the reader knows.")
    return "".join(out)


def _unescape_char(text: str) -> str:
    char = _unescape(text)
    if len(char) != 1:
        raise ValueError(f"{text!r} should be one character.")
    return char


# --------------------------------------------------------------------------
# Where the tables are
# --------------------------------------------------------------------------


def table_directory() -> Traversable:
    """The folder of the braille tables: the installed package
    ``audio_scrabble.braille_data`` (found with importlib.resources, so it
    works from a wheel, on Windows too), or, when running from a checkout
    that is not installed, the repository's ``braille_tables/`` folder."""
    try:
        root = resources.files(DATA_PACKAGE)
        if root.joinpath(TEXT_TABLE).is_file():
            return root
    except ModuleNotFoundError:
        pass
    checkout = Path(__file__).resolve().parents[2] / "braille_tables"
    if (checkout / TEXT_TABLE).is_file():
        return checkout
    raise BrailleTableError(
        f"The braille tables were not found: neither the package {DATA_PACKAGE} "
        f"nor the folder {checkout} holds {TEXT_TABLE}."
    )


# --------------------------------------------------------------------------
# The tables and what the game makes of them
# --------------------------------------------------------------------------


class BrailleTables:
    """The game's braille tables, read and ready to render.

    Use :meth:`load`; it reads the files once and caches the result.
    """

    def __init__(self, text: TranslationTable, tiles: TranslationTable, board: TranslationTable,
                 brf: TranslationTable):
        self.text = text
        self.tiles = tiles
        self.board = board
        self.brf = brf
        self._check()

    # ------------------------------------------------------------ loading
    @classmethod
    def load(cls, directory: str | os.PathLike[str] | Traversable | None = None) -> "BrailleTables":
        """Read the tables from *directory* (default: :func:`table_directory`)."""
        if directory is None:
            return _load_default()
        root = Path(directory) if isinstance(directory, (str, os.PathLike)) else directory
        return cls._read(root)

    @classmethod
    def _read(cls, root: Traversable | Path) -> "BrailleTables":
        reader = _TableReader(root)
        return cls(
            text=reader.read([TEXT_TABLE]),
            tiles=reader.read([TILES_TABLE]),
            board=reader.read([BOARD_TABLE]),
            brf=reader.read([BRF_DISPLAY_TABLE]),
        )

    def _check(self) -> None:
        """Refuse tables that lack what the renderings need."""
        missing: list[str] = []
        for letter in "abcdefghijklmnopqrstuvwxyz":
            for t in (self.text, self.tiles, self.board):
                for ch in (letter, letter.upper()):
                    if len(t.cells.get(ch, "")) != 1:
                        missing.append(f"{t.name}: letter {ch}")
            circled = chr(_CIRCLED_SMALL_A + ord(letter) - ord("a"))
            if len(self.board.cells.get(circled, "")) != 1:
                missing.append(f"{self.board.name}: blank tile {letter} ({circled})")
        for digit in "0123456789":
            if digit not in self.text.cells:
                missing.append(f"{self.text.name}: digit {digit}")
            if digit not in self.tiles.litdigits and digit not in self.tiles.cells:
                missing.append(f"{self.tiles.name}: digit {digit}")
            if digit not in self.board.cells:
                missing.append(f"{self.board.name}: digit {digit}")
        for name, symbol in PRINT_SYMBOLS.items():
            if len(self.board.cells.get(symbol, "")) != 1:
                missing.append(f"{self.board.name}: {name} ({symbol})")
        if BLANK_TILE_SYMBOL not in self.tiles.cells:
            missing.append(f"{self.tiles.name}: blank tile ({BLANK_TILE_SYMBOL})")
        for t, opcode in ((self.text, "numsign"), (self.board, "numsign"), (self.text, "capsletter")):
            if opcode not in t.indicators:
                missing.append(f"{t.name}: {opcode}")
        if " " not in self.board.cells or " " not in self.tiles.cells:
            missing.append("space")
        cells = {_cell(m) for m in range(64)}
        if set(self.brf.display) != cells:
            missing.append(f"{self.brf.name}: a display entry for each of the 64 six-dot cells")
        chars = list(self.brf.display.values())
        if len(set(chars)) != len(chars) or any(not 0x20 <= ord(c) <= 0x5F for c in chars):
            missing.append(f"{self.brf.name}: 64 different characters from 0x20 to 0x5F")
        if missing:
            raise BrailleTableError("The braille tables lack: " + "; ".join(missing) + ".")

    # -------------------------------------------------------- ASCII braille
    def cell_to_ascii(self, cell: str) -> str:
        """The North American ASCII braille character of a six-dot cell."""
        try:
            return self.brf.display[cell]
        except KeyError:
            if len(cell) == 1 and _mask(cell) & ~_SIX_DOTS:
                raise ValueError(
                    f"{cell} (dots {cell_to_dots(cell)}) uses dot 7 or 8, which ASCII braille cannot show."
                ) from None
            raise ValueError(f"{cell!r} is not a braille cell.") from None

    def ascii_to_cell(self, char: str) -> str:
        """The cell of an ASCII braille character (lower case letters too)."""
        cell = self.brf.display_back.get(char.upper() if "a" <= char <= "z" else char)
        if cell is None:
            raise ValueError(f"{char!r} is not an ASCII braille character.")
        return cell

    def to_ascii(self, text: str) -> str:
        """Cells to ASCII braille; line breaks and form feeds are kept."""
        return "".join(c if c in "\r\n\f" else self.cell_to_ascii(c) for c in text)

    def from_ascii(self, text: str) -> str:
        """ASCII braille to cells; line breaks and form feeds are kept."""
        return "".join(c if c in "\r\n\f" else self.ascii_to_cell(c) for c in text)

    # -------------------------------------------------------------- tiles
    def letter_cell(self, letter: str) -> str:
        """The cell of a letter A-Z (either case): ``letter_cell('A') == '⠁'``."""
        if len(letter) != 1 or not ("a" <= letter.lower() <= "z"):
            raise NotationError(f"{letter!r} is not a letter from A to Z.")
        return self.tiles.cells[letter.lower()]

    def value_cells(self, value: int) -> str:
        """A tile value as on the RNIB tiles: digits in the cells of a-j, no
        numeral sign (1 = ⠁, 10 = ⠁⠚, 0 = ⠚)."""
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise NotationError(f"{value!r} is not a tile value; a value is a whole number, 0 or more.")
        return "".join(self.tiles.litdigits.get(d) or self.tiles.cells[d] for d in str(value))

    def tile_cells(self, letter: str, value: int) -> str:
        """An RNIB tile: the letter cell, then its value without numeral
        sign. ``tile_cells('Q', 10) == '⠟⠁⠚'``. The letter ``'?'`` is the
        blank tile (value 0)."""
        if letter == BLANK_TILE_SYMBOL:
            if value != 0:
                raise NotationError(f"A blank tile is worth 0, not {value}.")
            return self.blank_tile_cells()
        return self.letter_cell(letter) + self.value_cells(value)

    def blank_tile_cells(self) -> str:
        """The blank tile: the blank-tile cell (⠹) then 0 (⠚)."""
        return self.tiles.cells[BLANK_TILE_SYMBOL] + self.value_cells(0)

    def rack_line(self, tiles: Sequence[tuple[str, int]]) -> str:
        """A rack as RNIB tiles one blank cell apart, e.g. for
        ``[('Q', 10), ('E', 1), ('?', 0)]``: ``⠟⠁⠚⠀⠑⠁⠀⠹⠚``."""
        return self.tiles.cells[" "].join(self.tile_cells(letter, value) for letter, value in tiles)

    # -------------------------------------------------------------- board
    def square_cell(self, content: str | None, *, six_dot: bool = False) -> str:
        """The cell of one board square.

        *content* is an upper-case letter (a tile), a lower-case letter (a
        blank tile standing for that letter: the letter with dot 8, or the
        plain letter if *six_dot*), a mark name from :data:`MARK_NAMES`,
        or ``None``, ``""`` or ``"empty"`` for an empty square.
        """
        if content is None or content == "":
            return self.board.cells[PRINT_SYMBOLS[EMPTY]]
        if len(content) == 1 and "A" <= content <= "Z":
            return self.board.cells[content]
        if len(content) == 1 and "a" <= content <= "z":
            cell = self.board.cells[chr(_CIRCLED_SMALL_A + ord(content) - ord("a"))]
            return _cell(_mask(cell) & _SIX_DOTS) if six_dot else cell
        name = " ".join(content.lower().split())
        if name in PRINT_SYMBOLS:
            return self.board.cells[PRINT_SYMBOLS[name]]
        raise NotationError(
            f"{content!r} is not a board square; use a letter, a mark ({', '.join(MARK_NAMES)}) or empty."
        )

    def number_cells(self, number: int) -> str:
        """A number with its numeral sign, as in a row label: 8 -> ⠼⠓."""
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise NotationError(f"{number!r} is not a row number.")
        return self.board.indicators["numsign"] + "".join(self.board.cells[d] for d in str(number))

    def row_label(self, row_number: int) -> str:
        """The row label: numeral sign and digits, padded with blank cells to
        :data:`ROW_LABEL_CELLS` cells (always at least one blank cell)."""
        if isinstance(row_number, bool) or not isinstance(row_number, int) or row_number < 1:
            raise NotationError(f"{row_number!r} is not a row number; rows count from 1.")
        number = self.number_cells(row_number)
        width = max(ROW_LABEL_CELLS, len(number) + 1)
        return number + self.board.cells[" "] * (width - len(number))

    def row_line(self, row_number: int, squares: Sequence[str | None], *, six_dot: bool = False) -> str:
        """One board row: its label then one cell per square (see
        :meth:`square_cell`). Row 8 of an empty board is
        ``⠼⠓⠀⠀⠿⠄⠄⠔⠄⠄⠄⠡⠄⠄⠄⠔⠄⠄⠿`` (19 cells)."""
        if not squares:
            raise NotationError("A row needs at least one square.")
        return self.row_label(row_number) + "".join(self.square_cell(s, six_dot=six_dot) for s in squares)

    def column_line(self, columns: int = 15) -> str:
        """The column letters over the squares of :meth:`row_line`:
        ``⠀⠀⠀⠀⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕``."""
        if not 1 <= columns <= 26:
            raise NotationError(f"A board has 1 to 26 columns, not {columns}.")
        letters = "abcdefghijklmnopqrstuvwxyz"[:columns]
        return self.board.cells[" "] * ROW_LABEL_CELLS + "".join(self.board.cells[c] for c in letters)

    def mark_legend(self) -> list[tuple[str, str, str]]:
        """(name, cell, meaning) for the empty square and each premium mark,
        e.g. ``("two dots", "⠔", "double letter square")``."""
        return [(name, self.board.cells[PRINT_SYMBOLS[name]], MARK_MEANINGS[name]) for name in (EMPTY, *MARK_NAMES)]

    # --------------------------------------------------------------- text
    def text_to_grade1(self, text: str) -> str:
        """Uncontracted Unified English Braille (grade 1) of *text*.

        Letters, digits with the numeral sign, the punctuation and signs of
        ``scrabble-text.utb``, and capitals (capital sign, capitalised-word
        indicator and capitals terminator: the case of a letter matters in
        tournament notation, where a lower-case letter is a blank). Accented
        letters lose their accents (é -> e); characters the table does not
        know become the general omission symbol ⠿. Unicode braille cells
        pass through unchanged, so a line may mix text and cells. Line
        breaks are kept (as ``\n``).
        """
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        return "\n".join(self._grade1_line(line) for line in lines)

    def _fold(self, text: str) -> list[str | None]:
        """Characters the table knows (or braille cells, or None for an
        unknown character), after removing accents where that helps."""
        t = self.text
        out: list[str | None] = []
        for ch in unicodedata.normalize("NFC", text):
            if ch in t.cells or is_braille(ch):
                out.append(ch)
                continue
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
            if base and all(c in t.cells for c in base):
                out.extend(base)
            else:
                out.append(None)
        return out

    def _grade1_line(self, line: str) -> str:
        t = self.text
        chars = self._fold(line)
        ind = t.indicators
        undefined = ind.get("undefined", "\u283f")
        n = len(chars)
        caps_before: dict[int, str] = {}
        # Capitals: a letter run (maximal sequence of letters) is the scope of
        # the capitalised-word indicator, as in liblouis.
        i = 0
        while i < n:
            if chars[i] not in t.letters:
                i += 1
                continue
            end = i
            while end < n and chars[end] in t.letters:
                end += 1
            j = i
            while j < end:
                if chars[j] not in t.uppercase:
                    j += 1
                    continue
                k = j
                while k < end and chars[k] in t.uppercase:
                    k += 1
                if k - j >= 2 and "begcapsword" in ind:
                    caps_before[j] = ind["begcapsword"]
                    if k < end and "endcapsword" in ind:
                        caps_before[k] = ind["endcapsword"]
                else:
                    for m in range(j, k):
                        caps_before[m] = ind.get("capsletter", "")
                j = k
            i = end

        out: list[str] = []
        in_number = False
        numsign = ind.get("numsign", "")
        for i, ch in enumerate(chars):
            if ch is None:
                out.append(undefined)
                in_number = False
                continue
            if ch in t.digits:
                if not in_number:
                    out.append(numsign)
                    in_number = True
                out.append(t.cells[ch])
                continue
            if ch in t.numeric_mode_chars:
                if not in_number:
                    # A run of ".," followed by a digit starts the number.
                    k = i
                    while k < n and chars[k] in t.numeric_mode_chars:
                        k += 1
                    if k < n and chars[k] in t.digits:
                        out.append(numsign)
                        in_number = True
                out.append(t.cells[ch])
                continue
            if ch in t.letters:
                if in_number and i not in caps_before and ch in t.numeric_no_cont_chars:
                    out.append(ind.get("nocontractsign", ""))
                in_number = False
                out.append(caps_before.get(i, ""))
                out.append(t.cells[ch])
                continue
            in_number = False
            out.append(ch if is_braille(ch) else t.cells[ch])
        return "".join(out)


@functools.lru_cache(maxsize=1)
def _load_default() -> BrailleTables:
    return BrailleTables._read(table_directory())


# --------------------------------------------------------------------------
# Module-level shortcuts on the default tables
# --------------------------------------------------------------------------


def letter_cell(letter: str) -> str:
    """See :meth:`BrailleTables.letter_cell`."""
    return BrailleTables.load().letter_cell(letter)


def tile_cells(letter: str, value: int) -> str:
    """See :meth:`BrailleTables.tile_cells`."""
    return BrailleTables.load().tile_cells(letter, value)


def blank_tile_cells() -> str:
    """See :meth:`BrailleTables.blank_tile_cells`."""
    return BrailleTables.load().blank_tile_cells()


def square_cell(content: str | None, *, six_dot: bool = False) -> str:
    """See :meth:`BrailleTables.square_cell`."""
    return BrailleTables.load().square_cell(content, six_dot=six_dot)


def row_line(row_number: int, squares: Sequence[str | None], *, six_dot: bool = False) -> str:
    """See :meth:`BrailleTables.row_line`."""
    return BrailleTables.load().row_line(row_number, squares, six_dot=six_dot)


def column_line(columns: int = 15) -> str:
    """See :meth:`BrailleTables.column_line`."""
    return BrailleTables.load().column_line(columns)


def rack_line(tiles: Sequence[tuple[str, int]]) -> str:
    """See :meth:`BrailleTables.rack_line`."""
    return BrailleTables.load().rack_line(tiles)


def text_to_grade1(text: str) -> str:
    """See :meth:`BrailleTables.text_to_grade1`."""
    return BrailleTables.load().text_to_grade1(text)
