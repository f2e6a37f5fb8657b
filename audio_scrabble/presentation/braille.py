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
  capitals marked) and :func:`wrap` (lines that fit the display).
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

#: Cells that only make sense together with the cell after them (UEB
#: indicators and prefixes); :func:`wrap` never ends a broken word on one.
_PREFIX_CELLS = frozenset("\u2820\u283c\u2830\u2810\u2818\u2838\u2808\u2828")

_NUMSIGN_CELL = "\u283c"  # ⠼ dots 3-4-5-6
#: the digits 1-0 (cells of a-j), full stop and comma: numeric mode goes on
_NUMERIC_CELLS = frozenset("\u2801\u2803\u2809\u2819\u2811\u280b\u281b\u2813\u280a\u281a\u2832\u2802")
_HYPHEN_PRINT = "-"
_HYPHEN_CELL = "\u2824"  # ⠤ dots 3-6
_SPACES = " \u2800"


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


def is_braille(text: str) -> bool:
    """True if *text* is non-empty and made only of Unicode braille cells."""
    return bool(text) and all(_BRAILLE_BASE <= ord(c) <= _BRAILLE_BASE + 0xFF for c in text)


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
# Wrapping lines for a braille display
# --------------------------------------------------------------------------


def wrap(text: str, cells: int, whole_words: bool = False, names: Iterable[str] = ()) -> list[str]:
    """Split *text* into lines of at most *cells* cells, at word boundaries.

    Works on print text and on braille alike. One character counts as one
    cell. That is exact for braille cells, and for print text that the
    screen reader shows in computer braille (one cell per character, the
    usual way a console line reaches a braille display). A screen reader
    that translates to literary braille adds cells for numbers and
    capitals, so where the count must be exact, translate first
    (:func:`text_to_grade1`) and wrap the cells.

    Words are separated by spaces or blank cells; the spaces inside a line
    are kept as they are. A word is never split unless it is longer than a
    whole line: then a file name or path (:func:`is_path`) is broken only
    after one of its own ``/ - _ .`` (:func:`break_path`), never given a
    hyphen it does not have; another word is broken after one of its own
    hyphens if it has one, else hyphenated (``-`` in print, ⠤ in
    braille), never right after a braille indicator. With
    ``whole_words``, a word of print longer than a line (a file's path,
    to be copied) is never split: it stands whole on a line of its own,
    the words before and after it broken as usual. Each ``\\n`` starts a
    new line; an empty paragraph gives an empty line.

    A line of braille cells only (a rack, a board row) fills each line in
    turn. Print text
    is broken where a reader would pause (:func:`_sentence_lines`): after a
    sentence, then after a semicolon or comma, then before a joining word,
    as long as the lines stay nearly full; never leaving a word alone on a
    line when the words could share, unless it is a whole sentence or
    clause; and keeping together what is read together (a sentence's
    first words, a number and its noun, a square and its direction, a
    bracket, a name: see :func:`_break_costs`). ``names``: the players'
    names, each kept on one line where it can be.
    """
    names = tuple(names)
    if isinstance(cells, bool) or not isinstance(cells, int) or cells < 2:
        raise ValueError(f"A line needs at least 2 cells, not {cells!r}.")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        paragraph = paragraph.rstrip(_SPACES + "\t\r")
        if is_braille(paragraph.replace(" ", "").replace(_BLANK, "")):  # cells only
            lines.extend(_wrap_paragraph(paragraph, cells))
        else:
            lines.extend(_sentence_lines(paragraph, cells, whole_words, names))
    return lines


_WORD_RE = re.compile(f"([{_SPACES}\t\r]*)([^{_SPACES}\t\r]+)")


def _wrap_paragraph(paragraph: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    first = True
    for match in _WORD_RE.finditer(paragraph):
        sep, word = match.group(1), match.group(2)
        if first:
            first = False
            if len(sep) + len(word) <= width:  # keep the indentation if it fits
                line = sep + word
                continue
        elif line:
            if len(line) + len(sep) + len(word) <= width:
                line += sep + word
                continue
            lines.append(line)
            line = ""
        if len(word) <= width:
            line = word
        else:
            pieces = _break_word(word, width)
            lines.extend(pieces[:-1])
            line = pieces[-1]
    lines.append(line)
    return lines


_BLANK = "\u2800"
#: where a line of print is best broken: after a sentence (a bonus: the
#: next line starts a sentence), a semicolon or colon, a comma; before a
#: joining word; anywhere else costs most, after an article or a joining
#: word (left hanging) more still
_AFTER_SENTENCE, _AFTER_SEMICOLON, _AFTER_COMMA, _BEFORE_JOIN, _AFTER_WORD, _AFTER_ARTICLE = -15, 1, 4, 10, 15, 25
#: words that belong together, added to the cost of parting them (see
#: :func:`_break_costs`): a sentence's first word left at the end of the
#: line before; a number and its noun, a square and its direction, a
#: range, a word and the value or letter that closes its clause; what
#: reads as a name; a word and the number after it; and most of all,
#: anything inside brackets and a player's name. All but a word before its
#: number cost more than a line: a reader would rather pan once more than
#: read a broken group
_SENTENCE_HEAD, _BOUND, _NAME, _FIGURE, _WHOLE = 90, 90, 90, 30, 150
#: a line that ends one sentence and starts the next, which runs on
_PULLED_UP = 40
_JOINING_WORDS = frozenset({"and", "or", "but", "with", "for", "to", "from", "then"})
_ARTICLES = frozenset({"a", "an", "the"})
_NUMBERED = re.compile(r"^\(?\d+[.)]$")  # "39." numbers a line; it ends no sentence
_CLOSERS = "'\")]"
_NUMBER = re.compile(r"\d+")
#: a number or a single capital letter (a tile, a column), maybe followed by punctuation
_FIGURE_WORD = re.compile(r"(\d+|[A-Z])[.,;:?!)]*")
#: a square of the board, either way round: D5, 8D, H15
_SQUARE = re.compile(r"[A-Z]\d{1,2}|\d{1,2}[A-Z]")
_COLUMN = re.compile(r"[A-O]")
_DIRECTIONS = frozenset({"across", "down", "up", "left", "right"})
_CAPITALISED = re.compile(r"[A-Z][a-z]+(?:'s)?")
#: each line costs this much (fewer lines are better); a line of one word
#: where words could share costs far more, unless that word is a whole
#: clause (``UNSEEING.`` after ``D5 to K5,``; a whole sentence costs
#: nothing more)
_PER_LINE, _ONE_WORD, _CLAUSE_ALONE = 30, 1000, 40


def _sentence_ends(words: Sequence[str]) -> list[bool]:
    """Which of ``words`` end a sentence: a full stop, question or
    exclamation mark (a closing quote or bracket after it aside), but not
    the number of a numbered line (``39.``, first or after a sentence)."""
    ends: list[bool] = []
    for k, word in enumerate(words):
        numbered = _NUMBERED.match(word) and (k == 0 or ends[k - 1])
        ends.append(word.rstrip(_CLOSERS)[-1:] in (".", "?", "!") and not numbered)
    return ends


def _is_place(word: str) -> bool:
    """A number, a square or a column's letter: the ends of a range (``2
    to 4``, ``A5 to C5``, ``A to O``)."""
    return bool(_NUMBER.fullmatch(word) or _SQUARE.fullmatch(word) or _COLUMN.fullmatch(word))


def _inside_names(words: Sequence[str], names: Sequence[str]) -> tuple[set[int], set[int]]:
    """The places (after word k) that fall inside one of ``names`` (names
    of one word aside), wherever it is said: ``Club computer 2``, or
    ``Club computer's`` and ``Club computer,`` with what follows it; and
    the places right after such a name."""
    inside: set[int] = set()
    after: set[int] = set()
    for name in names:
        parts = name.split()
        if len(parts) < 2:
            continue
        for k in range(len(words) - len(parts) + 1):
            last = words[k + len(parts) - 1]
            if (list(words[k : k + len(parts) - 1]) == parts[:-1] and last.startswith(parts[-1])
                    and not last[len(parts[-1]) :][:1].isalnum()):
                inside.update(range(k, k + len(parts) - 1))
                after.add(k + len(parts) - 1)
    return inside, after


def _break_costs(words: Sequence[str], names: Sequence[str] = ()) -> list[int]:
    """What breaking the line after each of ``words`` costs (after the last: 0).

    The kind of break comes first: after a sentence (a bonus), a semicolon
    or colon, a comma, before a joining word, after any word, after an
    article or a joining word. Words that a reader takes in together cost
    more to part, whatever the kind of break (the largest that applies):

    * :data:`_WHOLE`: anything inside brackets (``(blank`` / ``Y)``), and
      a name of several words among ``names`` (the players' names the
      console passes: ``Club computer`` / ``3 drew E``);
    * :data:`_SENTENCE_HEAD`: a sentence's first word left at the end of
      the line after the sentence before (``Goodbye. The`` /
      ``unfinished game``);
    * :data:`_BOUND`: a number and the word after it (``5`` /
      ``squares``), unless a joining word or an article, or the number
      ends a name (``Club computer 2`` / ``drew O,``); a word and the
      number or single capital letter that closes its clause, its value or
      the letter it names (``AIH`` / ``6,``, ``(blank E)`` / ``19.``,
      ``drew`` / ``R,``, ``row`` / ``8,``); a square and its direction
      (``D5`` / ``across``); a range, on either side of its ``to`` (``2``
      / ``to 4``, ``A5 to`` / ``C5``);
    * :data:`_NAME`: a capitalised word and a lower-case word after it
      that is not a joining word or an article. The breaker knows no
      names but those it is given, yet a name of several words reads so
      (``Club`` / ``computer``), and so does a sentence's first word and
      its second (``Type`` / ``help``, ``Screen`` / ``cleared``);
    * :data:`_FIGURE`: a word and a number that goes on (``fits`` / ``40
      cells``, ``loses`` / ``12 points``): the number is better kept
      with what follows it; a word and the brackets after it (``COBURG``
      / ``(blank U)``).

    Only a word with no punctuation after it (a closing bracket aside) is
    held to the next: a comma or a full stop is itself a place to pause.
    """
    costs: list[int] = []
    ends = _sentence_ends(words)
    named, name_ends = _inside_names(words, names)
    depth = 0
    for k, word in enumerate(words):
        depth = max(0, depth + word.count("(") - word.count(")"))
        if k == len(words) - 1:
            costs.append(0)
            break
        nxt = words[k + 1]
        end = word.rstrip(_CLOSERS)[-1:]
        if ends[k]:
            cost = _AFTER_SENTENCE
        elif end in (".", "?", "!"):  # the number of a numbered line
            cost = _AFTER_WORD
        elif end in (";", ":"):
            cost = _AFTER_SEMICOLON
        elif end == ",":
            cost = _AFTER_COMMA
        elif nxt.lower() in _JOINING_WORDS:
            cost = _BEFORE_JOIN
        elif word.lower() in _ARTICLES or word.lower() in _JOINING_WORDS:  # left hanging
            cost = _AFTER_ARTICLE
        else:
            cost = _AFTER_WORD
        bond = _WHOLE if depth > 0 or k in named else 0
        if word.rstrip(")")[-1:].isalnum():  # no punctuation: held to the next word
            bare = nxt.rstrip(".,;:?!" + _CLOSERS)
            after = words[k + 2].rstrip(".,;:?!" + _CLOSERS) if k + 2 < len(words) else ""
            if k and ends[k - 1]:
                bond = max(bond, _SENTENCE_HEAD)
            if _FIGURE_WORD.fullmatch(nxt) and bare != nxt:  # its value or name, ending a clause
                bond = max(bond, _BOUND)
            elif _NUMBER.fullmatch(nxt) or nxt[:1] == "(":
                bond = max(bond, _FIGURE)
            if (_NUMBER.fullmatch(word) and nxt[:1].isalpha() and bare.lower() not in _JOINING_WORDS | _ARTICLES
                    and k not in name_ends):
                bond = max(bond, _BOUND)
            if _SQUARE.fullmatch(word) and bare.lower() in _DIRECTIONS:
                bond = max(bond, _BOUND)
            if bare == "to" and _is_place(word) and _is_place(after):  # a range: 2 to 4, A5 to C5
                bond = max(bond, _BOUND)
            if word == "to" and k and _is_place(words[k - 1]) and _is_place(bare):
                bond = max(bond, _BOUND)
            if (_CAPITALISED.fullmatch(word) and nxt[:1].islower()
                    and bare.lower() not in _JOINING_WORDS | _ARTICLES):
                bond = max(bond, _NAME)
        costs.append(cost + bond)
    return costs


def _alone_cost(words: Sequence[str], ends: Sequence[bool], j: int) -> int:
    """What a line holding only ``words[j]`` costs beyond any line: nothing
    for a whole sentence (``Goodbye.``); :data:`_CLAUSE_ALONE` for a whole
    clause: first, or after a sentence, a comma, semicolon or colon, and
    ending its sentence, at a comma or semicolon, or before a bracket
    (``UNSEEING.`` after ``D5 to K5,``; ``AGLNCIGAO,`` after ``29.
    Alice:``; ``EDTTFMNNNS`` before ``(blank E),``); :data:`_ONE_WORD` for
    any other word, which could share a line. Alone at the very end, worse
    still."""
    last = _PER_LINE if j == len(words) - 1 else 0
    if ends[j] and (j == 0 or ends[j - 1]):
        return 0
    after_clause = j == 0 or ends[j - 1] or words[j - 1].rstrip(_CLOSERS)[-1:] in (",", ";", ":")
    closes = ends[j] or words[j][-1:] in (",", ";") or (j + 1 < len(words) and words[j + 1][:1] == "(")
    if after_clause and closes:
        return _CLAUSE_ALONE + last
    return _ONE_WORD + last


def _sentence_lines(paragraph: str, width: int, whole_words: bool = False,
                    names: Sequence[str] = ()) -> list[str]:
    """A paragraph of print in lines of at most ``width``, broken at the
    best places for the whole paragraph at once.

    Each line but the last costs its emptiness (squared, as a share of the
    width) and the cost of its break (:func:`_break_costs`); every line
    costs :data:`_PER_LINE`, and a word alone on a line :data:`_ONE_WORD`
    unless it cannot share, or it is a whole sentence or clause
    (:func:`_alone_cost`), so that ``D5 to K5,`` / ``UNSEEING.`` keeps
    the range whole. A line that ends one sentence and starts another
    that runs on to the next line costs :data:`_PULLED_UP` (``Goodbye.
    The game is`` / ``saved; ...``). The cheapest set of breaks wins, so
    a short clause gets its own line only when that keeps the lines full
    enough, and the last word of a sentence is never left alone when a
    line before it can give it company. A word longer than a line is broken into
    pieces (:func:`_break_word`), or with ``whole_words`` kept whole on a
    line of its own; a long path's first piece starts a line,
    and a file name alone on a line costs no more than any line (a name
    alone on its line is easily copied: ``audio-scrabble review`` /
    ``NAME.gcg``).
    """
    # (space before, word, ends its line, part of a word too long for a line, starts its line)
    tokens: list[tuple[str, str, bool, bool, bool]] = []
    for match in _WORD_RE.finditer(paragraph):
        sep, word = match.group(1), match.group(2)
        if len(word) <= width:
            tokens.append((sep, word, False, False, False))
            continue
        if whole_words:
            tokens.append((sep, word, True, True, True))
            continue
        pieces = _break_word(word, width)
        path = is_path(word)  # a long path starts a line, so that its start is found
        for k, piece in enumerate(pieces):
            tokens.append((sep if k == 0 else "", piece, k < len(pieces) - 1, True, path and k == 0))
    if not tokens:
        return [paragraph]
    n = len(tokens)
    words = [word for _, word, *_ in tokens]
    breaks = _break_costs(words, names)
    ends = [end and not piece for end, (_, _, _, piece, _) in zip(_sentence_ends(words), tokens)]
    best: list[float] = [0.0] + [float("inf")] * n
    start_of = [0] * (n + 1)
    lead = tokens[0][0] if len(tokens[0][0]) + len(tokens[0][1]) <= width else ""  # indentation kept if it fits
    for i in range(n):
        if best[i] == float("inf"):
            continue
        length = -len(tokens[i][0]) + (len(lead) if i == 0 else 0)
        ended = False  # a sentence ends on this line before its last word
        for j in range(i, n):
            sep, word, hard, broken, fresh = tokens[j]
            length += len(sep) + len(word)
            if length > width and not (j == i and len(word) > width):  # a whole word wider than a line: alone
                break
            if fresh and j > i:
                break
            cost = best[i] + _PER_LINE
            if j == i and n > 1 and not broken and not is_file_name(word):  # alone
                cost += _alone_cost(words, ends, j)
            if j < n - 1:
                cost += 50 * ((width - length) / width) ** 2
                cost += 0 if hard else breaks[j]
                if ended and not ends[j]:
                    cost += _PULLED_UP
            if cost < best[j + 1]:
                best[j + 1], start_of[j + 1] = cost, i
            if hard:  # a piece of a long word ends its line
                break
            ended = ended or ends[j]
    lines: list[str] = []
    j = n
    while j > 0:
        i = start_of[j]
        text = (lead if i == 0 else "") + tokens[i][1] + "".join(sep + word for sep, word, *_ in tokens[i + 1 : j])
        lines.append(text)
        j = i
    return lines[::-1]


#: the marks after which a file name or path may be broken: its own
#: folder separators, hyphens, underscores and full stops
PATH_MARKS = "/\\-_."
_PATH_MARK_INSIDE = re.compile(r"[^\W_][/\\\-_.]+[^\W_]")
#: a file's name or path, not merely a hyphenated word: ``/ \ _ .`` inside
_FILE_NAME = re.compile(r"[^\W_][/\\_.]+[^\W_]")


def is_path(word: str) -> bool:
    """Whether a word of print is a file name or path: it holds ``/``,
    ``\\``, ``-``, ``_`` or ``.`` between letters or digits
    (``games/2026-11-26-Al-v-Bob.gcg``, ``Club_computer.json``)."""
    return not is_braille(word) and _PATH_MARK_INSIDE.search(word) is not None


def is_file_name(word: str) -> bool:
    """Whether a word of print is a file's name or path, not merely a
    hyphenated word: it holds ``/``, ``\\``, ``_`` or ``.`` between
    letters or digits (``Eve-v-Fay.gcg``; not ``audio-scrabble``)."""
    return not is_braille(word) and _FILE_NAME.search(word) is not None


def break_path(word: str, width: int) -> list[str]:
    """Pieces of a file name or path longer than *width*, each fitting it,
    broken only after one of its own ``/ \\ - _ .`` (the last that fits,
    wherever it falls), so that nothing is added to the name: a hyphen at a
    line's end is the name's own. A stretch with none of those longer than
    the width is cut at the width, with nothing added either."""
    pieces: list[str] = []
    while len(word) > width:
        own = max(word.rfind(mark, 0, width) for mark in PATH_MARKS)
        cut = own + 1 if own > 0 else width
        pieces.append(word[:cut])
        word = word[cut:]
    pieces.append(word)
    return pieces


def _break_word(word: str, width: int) -> list[str]:
    """Pieces of a word longer than *width*; every piece fits the width.

    A file name or path is broken only after its own marks
    (:func:`break_path`). Another word is broken after one of its own
    hyphens if that uses at least half the line, else hyphenated. In
    braille, a number broken in the middle starts again with the numeral
    sign on the next line, so that its digits are not read as letters.
    """
    if is_path(word):
        return break_path(word, width)
    braille = is_braille(word)
    hyphen = _HYPHEN_CELL if braille else _HYPHEN_PRINT
    pieces: list[str] = []
    while len(word) > width:
        own = max(word.rfind(_HYPHEN_PRINT, 0, width), word.rfind(_HYPHEN_CELL, 0, width))
        if own + 1 >= max(1, width // 2):
            pieces.append(word[: own + 1])
            word = word[own + 1 :]
            continue
        cut = width - 1
        if braille:
            while cut > 1 and word[cut - 1] in _PREFIX_CELLS:
                cut -= 1
        pieces.append(word[:cut] + hyphen)
        rest = word[cut:]
        if braille and cut > 1 and _ends_in_number(word[:cut]):
            rest = _NUMSIGN_CELL + rest
        word = rest
    pieces.append(word)
    return pieces


def _ends_in_number(cells: str) -> bool:
    """True if UEB numeric mode is still on after *cells* (a numeral sign,
    then only digits and the full stop or comma inside numbers)."""
    start = cells.rfind(_NUMSIGN_CELL)
    after = cells[start + 1 :]
    return start >= 0 and bool(after) and all(c in _NUMERIC_CELLS for c in after)


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
