"""Tests of the braille tables, the braille renderings and the .brf writer.

Where python3-louis (Debian) is installed, liblouis compiles the game's own
tables and its translations are compared with the game's own reader;
elsewhere those tests are skipped with the reason.
"""

from __future__ import annotations

import re
import shutil
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audio_scrabble.errors import NotationError
from audio_scrabble.presentation import braille, brf
from audio_scrabble.presentation.braille import (
    BOARD_TABLE,
    BRF_DISPLAY_TABLE,
    MARK_NAMES,
    PRINT_SYMBOLS,
    TEXT_TABLE,
    TILES_TABLE,
    BrailleTableError,
    BrailleTables,
)

REPO = Path(__file__).resolve().parents[2]
TABLE_DIR = REPO / "braille_tables"
OUR_TABLES = (TEXT_TABLE, TILES_TABLE, BOARD_TABLE)

#: the tile set of the rules (letter, value); "?" is the blank
TILE_VALUES = {
    "A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8, "K": 5, "L": 1, "M": 3,
    "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1, "S": 1, "T": 1, "U": 1, "V": 4, "W": 4, "X": 8, "Y": 4, "Z": 10,
    "?": 0,
}

#: the standard braille alphabet, written out independently of the tables
ALPHABET_DOTS = {
    "a": "1", "b": "12", "c": "14", "d": "145", "e": "15", "f": "124", "g": "1245", "h": "125", "i": "24",
    "j": "245", "k": "13", "l": "123", "m": "134", "n": "1345", "o": "135", "p": "1234", "q": "12345",
    "r": "1235", "s": "234", "t": "2345", "u": "136", "v": "1236", "w": "2456", "x": "1346", "y": "13456",
    "z": "1356",
}

#: row 8 of the standard board, as mark names
ROW_8 = ["three bars", None, None, "two dots", None, None, None, "star", None, None, None, "two dots", None, None,
         "three bars"]


@pytest.fixture(scope="module")
def tables() -> BrailleTables:
    return BrailleTables.load()


def dots(cell: str) -> set[int]:
    return {int(d) for d in braille.cell_to_dots(cell) if d != "0"}


# --------------------------------------------------------------------------
# liblouis, if installed
# --------------------------------------------------------------------------

LOUIS = brf.louis_module()
needs_louis = pytest.mark.skipif(
    LOUIS is None,
    reason="python3-louis (liblouis) is not installed: install the Debian packages in "
    "tests/DEBIAN_PACKAGES.braille to check the tables with liblouis",
)


def louis_cells(table_files: list[str], text: str) -> str:
    """liblouis's translation of *text* with our tables, as Unicode braille."""
    assert LOUIS is not None
    return LOUIS.translateString([str(TABLE_DIR / t) for t in table_files], text,
                                 mode=LOUIS.dotsIO | LOUIS.ucBrl)


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------


def test_tables_load_from_the_default_place_and_from_a_folder(tables: BrailleTables) -> None:
    assert BrailleTables.load() is BrailleTables.load()  # cached
    again = BrailleTables.load(TABLE_DIR)
    assert again.text.cells == tables.text.cells
    assert again.board.cells == tables.board.cells
    assert len(tables.brf.display) == 64
    root = braille.table_directory()
    for name in OUR_TABLES + (BRF_DISPLAY_TABLE,):
        assert root.joinpath(name).is_file()


def test_every_table_file_is_packaged() -> None:
    """Each file in braille_tables/ matches a package-data pattern, so a
    wheel (on Windows too) carries it."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["audio_scrabble.braille_data"]
    files = [p.name for p in TABLE_DIR.iterdir() if p.is_file() and p.suffix != ".py" and p.name != "__init__.py"]
    assert files
    for name in files:
        assert any(fnmatch(name, pat) for pat in patterns), name


def test_reader_refuses_unknown_opcodes_and_missing_entries(tmp_path: Path) -> None:
    for name in TABLE_DIR.iterdir():
        if name.is_file():
            shutil.copy(name, tmp_path / name.name)
    BrailleTables.load(tmp_path)  # a faithful copy loads
    board = tmp_path / BOARD_TABLE
    board.write_text(board.read_text(encoding="utf-8") + "\nfrobnicate x 1\n", encoding="utf-8")
    with pytest.raises(BrailleTableError, match="frobnicate"):
        BrailleTables.load(tmp_path)
    shutil.copy(TABLE_DIR / BOARD_TABLE, board)
    text = board.read_text(encoding="utf-8")
    board.write_text(text.replace("sign \\x2605 16", "# star removed"), encoding="utf-8")
    with pytest.raises(BrailleTableError, match="star"):
        BrailleTables.load(tmp_path)


# --------------------------------------------------------------------------
# Cells, dots, Unicode, ASCII
# --------------------------------------------------------------------------


def test_dots_and_unicode() -> None:
    assert braille.dots_to_cell("1") == "\u2801"
    assert braille.dots_to_cell("0") == "\u2800"
    assert braille.dots_to_cell("12345678") == "\u28ff"
    assert braille.cell_to_dots("\u281d") == "1345"
    assert braille.dots_to_unicode("6-6") == "\u2820\u2820"
    assert braille.unicode_to_dots("\u2820\u2804") == "6-3"
    for bad in ("", "9", "11", "1a"):
        with pytest.raises(ValueError):
            braille.dots_to_cell(bad)
    with pytest.raises(ValueError):
        braille.cell_to_dots("a")


@given(st.integers(min_value=0, max_value=255))
def test_every_cell_round_trips_through_dots(mask: int) -> None:
    cell = chr(0x2800 + mask)
    assert braille.dots_to_cell(braille.cell_to_dots(cell)) == cell


def test_ascii_braille_table_is_the_north_american_code(tables: BrailleTables) -> None:
    # a few anchors of the standard, written out here independently
    expected = {"0": " ", "1": "A", "1345": "N", "3456": "#", "6": ",", "3": "'", "256": "4", "123456": "=",
                "16": "*", "1456": "?", "36": "-", "2356": "7", "35": "9", "356": "0", "46": ".", "456": "_"}
    for d, char in expected.items():
        assert tables.cell_to_ascii(braille.dots_to_cell(d)) == char
    chars = set(tables.brf.display.values())
    assert len(chars) == 64 and all(0x20 <= ord(c) <= 0x5F for c in chars)
    assert tables.ascii_to_cell("n") == tables.ascii_to_cell("N") == braille.dots_to_cell("1345")
    with pytest.raises(ValueError, match="dot 7 or 8"):
        tables.cell_to_ascii(braille.dots_to_cell("18"))


def emitted_cells(tables: BrailleTables) -> dict[str, str]:
    """Every string of cells the game shows, by what it is."""
    out: dict[str, str] = {}
    for letter in ALPHABET_DOTS:
        out[f"letter {letter}"] = tables.letter_cell(letter.upper())
        out[f"blank on board {letter}"] = tables.square_cell(letter)
        out[f"blank on board {letter}, six dots"] = tables.square_cell(letter, six_dot=True)
    for letter, value in TILE_VALUES.items():
        out[f"tile {letter}"] = tables.tile_cells(letter, value)
    for name in ("empty", *MARK_NAMES):
        out[name] = tables.square_cell(name)
    for n in range(1, 16):
        out[f"row label {n}"] = tables.row_label(n)
    out["columns"] = tables.column_line()
    out["digits"] = tables.text_to_grade1("0123456789")
    out["text"] = tables.text_to_grade1('8D TRAiN 12, "ok"; 3.5 (x) a/b ¿?!')
    out["rack"] = tables.rack_line(list(TILE_VALUES.items())[:7])
    return out


def test_every_emitted_cell_round_trips(tables: BrailleTables) -> None:
    for what, cells in emitted_cells(tables).items():
        assert cells and braille.is_braille(cells), what
        assert braille.dots_to_unicode(braille.unicode_to_dots(cells)) == cells, what
        for cell in cells:
            assert braille.dots_to_cell(braille.cell_to_dots(cell)) == cell, what
            if ord(cell) - 0x2800 < 64:
                ascii_char = tables.cell_to_ascii(cell)
                assert 0x20 <= ord(ascii_char) <= 0x5F, what
                assert tables.ascii_to_cell(ascii_char) == cell, what
            else:
                assert what.startswith("blank on board") and not what.endswith("six dots"), what
        six = "".join(c for c in cells if ord(c) - 0x2800 < 64)
        assert tables.from_ascii(tables.to_ascii(six)) == six


# --------------------------------------------------------------------------
# Tiles, squares, rows
# --------------------------------------------------------------------------


def test_letters_are_the_braille_alphabet(tables: BrailleTables) -> None:
    for letter, d in ALPHABET_DOTS.items():
        assert braille.letter_cell(letter.upper()) == braille.dots_to_cell(d)
        assert tables.letter_cell(letter) == braille.dots_to_cell(d)
    for bad in ("", "AB", "1", "é", "?"):
        with pytest.raises(NotationError):
            tables.letter_cell(bad)


def test_tiles_are_rnib_tiles(tables: BrailleTables) -> None:
    assert braille.tile_cells("Q", 10) == "\u281f\u2801\u281a"  # q, a, j: no numeral sign
    assert braille.tile_cells("E", 1) == "\u2811\u2801"
    assert braille.blank_tile_cells() == "\u2839\u281a"
    assert tables.tile_cells("?", 0) == braille.blank_tile_cells()
    numsign = braille.dots_to_cell("3456")
    for letter, value in TILE_VALUES.items():
        cells = tables.tile_cells(letter, value)
        assert numsign not in cells
        assert len(cells) == 1 + len(str(value))
        if letter != "?":
            assert cells[0] == tables.letter_cell(letter)
    assert braille.rack_line([("Q", 10), ("E", 1), ("?", 0)]) == "⠟⠁⠚⠀⠑⠁⠀⠹⠚"
    with pytest.raises(NotationError):
        tables.tile_cells("?", 3)
    with pytest.raises(NotationError):
        tables.tile_cells("A", -1)


def test_mark_cells_are_distinct_from_letters_and_each_other(tables: BrailleTables) -> None:
    letters = {tables.letter_cell(c) for c in ALPHABET_DOTS}
    marks = {name: tables.square_cell(name) for name in ("empty", *MARK_NAMES)}
    assert len(set(marks.values())) == len(marks)
    assert not letters & set(marks.values())
    assert tables.blank_tile_cells()[0] not in letters | set(marks.values())
    for letter_cell in letters:  # every letter has a dot in the top row...
        assert dots(letter_cell) & {1, 4}
    for name in ("empty", "two dots", "three dots", "two bars"):  # ...these marks have none
        assert not dots(marks[name]) & {1, 4}, name
    assert dots(marks["three bars"]) == {1, 2, 3, 4, 5, 6}
    chain = [dots(marks[n]) for n in ("empty", "two dots", "three dots", "two bars", "three bars")]
    assert [len(c) for c in chain] == [1, 2, 3, 4, 6]
    assert all(a < b for a, b in zip(chain, chain[1:]))
    star = dots(marks["star"])
    assert all(len(star ^ dots(marks[n])) >= 3 for n in marks if n != "star")
    assert tables.cell_to_ascii(marks["star"]) == "*"


def test_square_cells(tables: BrailleTables) -> None:
    assert braille.square_cell(None) == braille.square_cell("") == braille.square_cell("empty")
    assert braille.square_cell("Two  Dots") == braille.square_cell("two dots")
    e = tables.letter_cell("E")
    assert braille.square_cell("E") == e
    assert dots(braille.square_cell("e")) == dots(e) | {8}
    assert braille.square_cell("e", six_dot=True) == e
    for bad in ("double letter", "EE", "1", "?"):
        with pytest.raises(NotationError):
            braille.square_cell(bad)


def test_row_and_column_lines(tables: BrailleTables) -> None:
    line = braille.row_line(8, ROW_8)
    assert line == "⠼⠓⠀⠀⠿⠄⠄⠔⠄⠄⠄⠡⠄⠄⠄⠔⠄⠄⠿"
    assert len(line) == 19  # fits a 20-cell display
    assert braille.row_line(15, [None] * 15).startswith("⠼⠁⠑⠀")
    assert braille.column_line() == "⠀⠀⠀⠀⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕"
    for n in range(1, 16):  # squares line up under the column letters
        assert len(tables.row_label(n)) == braille.ROW_LABEL_CELLS
    row = ["T", "R", "A", "i", "N"] + [None] * 10
    assert braille.row_line(3, row)[4:9] == "⠞⠗⠁" + braille.square_cell("i") + "⠝"
    assert braille.row_line(3, row, six_dot=True)[4:9] == "⠞⠗⠁⠊⠝"
    for bad in (0, -1):
        with pytest.raises(NotationError):
            braille.row_line(bad, ROW_8)
    with pytest.raises(NotationError):
        braille.row_line(1, [])


# --------------------------------------------------------------------------
# Grade 1
# --------------------------------------------------------------------------

GRADE1_EXAMPLES = {
    "8D": "⠼⠓⠠⠙",
    "8d": "⠼⠓⠰⠙",
    "10j": "⠼⠁⠚⠰⠚",
    "3rd": "⠼⠉⠗⠙",
    "TRAiN": "⠠⠠⠞⠗⠁⠠⠄⠊⠠⠝",
    "TRAIN": "⠠⠠⠞⠗⠁⠊⠝",
    "McDonald": "⠠⠍⠉⠠⠙⠕⠝⠁⠇⠙",
    "1,000 and 3.5": "⠼⠁⠂⠚⠚⠚⠀⠁⠝⠙⠀⠼⠉⠲⠑",
    "3-4": "⠼⠉⠤⠼⠙",
    ".5": "⠼⠲⠑",
    "12 12": "⠼⠁⠃⠀⠼⠁⠃",
    '"Hi!"': "⠠⠶⠠⠓⠊⠖⠠⠶",
    "(x) a/b": "⠐⠣⠭⠐⠜⠀⠁⠸⠌⠃",
    "José": "⠠⠚⠕⠎⠑",
    "☃": "⠿",
    "a ⠿ b": "⠁⠀⠿⠀⠃",
    "one\ntwo": "⠕⠝⠑\n⠞⠺⠕",
    "one\r\ntwo": "⠕⠝⠑\n⠞⠺⠕",
}


@pytest.mark.parametrize("text, cells", list(GRADE1_EXAMPLES.items()))
def test_grade1_examples(text: str, cells: str) -> None:
    assert braille.text_to_grade1(text) == cells


# --------------------------------------------------------------------------
# liblouis agrees
# --------------------------------------------------------------------------


@needs_louis
@pytest.mark.parametrize("names", [[t] for t in OUR_TABLES] + [[BRF_DISPLAY_TABLE, TEXT_TABLE]])
def test_liblouis_compiles_our_tables(names: list[str]) -> None:
    assert LOUIS is not None
    LOUIS.checkTable([str(TABLE_DIR / n) for n in names])  # raises RuntimeError if it cannot


TEXT_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?'-()/\"&*#%@$+=<>[]"


@needs_louis
@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=TEXT_ALPHABET, max_size=40))
def test_liblouis_agrees_on_text(text: str) -> None:
    assert braille.text_to_grade1(text) == louis_cells([TEXT_TABLE], text)


@needs_louis
def test_liblouis_agrees_on_letters_and_numbers(tables: BrailleTables) -> None:
    for letter in ALPHABET_DOTS:
        for table in OUR_TABLES:
            assert louis_cells([table], letter) == tables.letter_cell(letter)
        assert louis_cells([TEXT_TABLE], letter.upper()) == braille.text_to_grade1(letter.upper())
    for n in list(range(0, 120)) + [1000, 2024, 31415]:
        assert louis_cells([TEXT_TABLE], str(n)) == braille.text_to_grade1(str(n))
        if n:
            assert louis_cells([BOARD_TABLE], str(n)) == tables.number_cells(n)


@needs_louis
def test_liblouis_agrees_on_tiles(tables: BrailleTables) -> None:
    print_rack = " ".join(f"{letter}{value}" for letter, value in TILE_VALUES.items())
    assert louis_cells([TILES_TABLE], print_rack) == tables.rack_line(list(TILE_VALUES.items()))


@needs_louis
@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=15),
       st.lists(st.one_of(st.none(), st.sampled_from(MARK_NAMES),
                          st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")),
                min_size=15, max_size=15))
def test_liblouis_agrees_on_board_rows(number: int, squares: list[str | None]) -> None:
    def symbol(square: str | None) -> str:
        if square is None:
            return PRINT_SYMBOLS["empty"]
        if square in PRINT_SYMBOLS:
            return PRINT_SYMBOLS[square]
        if square.islower():
            return chr(0x24D0 + ord(square) - ord("a"))  # the circled letter of a blank
        return square

    print_row = f"{number:<2} " + "".join(symbol(s) for s in squares)
    assert louis_cells([BOARD_TABLE], print_row) == braille.row_line(number, squares)


@needs_louis
@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=TEXT_ALPHABET, max_size=40))
def test_liblouis_agrees_on_ascii_braille(text: str) -> None:
    assert LOUIS is not None
    tables = BrailleTables.load()
    ours = tables.to_ascii(braille.text_to_grade1(text))
    theirs = LOUIS.translateString([str(TABLE_DIR / BRF_DISPLAY_TABLE), str(TABLE_DIR / TEXT_TABLE)], text)
    assert ours == theirs
    # and our display table is the same code as liblouis's own en-us-brf.dis
    assert LOUIS.translateString(["en-us-brf.dis", str(TABLE_DIR / TEXT_TABLE)], text) == ours


@needs_louis
@pytest.mark.parametrize("text", [
    "8D TRAiN 12", "Ann scored 312 points and Bob 287.", "Q is worth 10 points; Z is too!",
    "The 2nd move was 8D TRAIN for 12.", "It's H8, the centre.", "10j, 1a, 3.5 or 1,000 x2y",
])
def test_liblouis_ueb_grade1_agrees_on_plain_text(text: str) -> None:
    """Our table and liblouis's own UEB grade 1 table give the same braille."""
    assert LOUIS is not None
    theirs = LOUIS.translateString(["en-ueb-g1.ctb"], text, mode=LOUIS.dotsIO | LOUIS.ucBrl)
    assert braille.text_to_grade1(text) == theirs
    assert brf.prose_cells(text, use_liblouis=True) == theirs


def test_louis_import_leaves_sys_path_alone() -> None:
    before = list(sys.path)
    brf.louis_module.cache_clear()
    brf.louis_module()
    assert sys.path == before


def test_tables_are_found_in_an_installed_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the data installed as a package, importlib.resources finds it."""
    package = tmp_path / "fake_braille_data"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name in TABLE_DIR.iterdir():
        if name.is_file() and name.name != "__init__.py":
            shutil.copy(name, package / name.name)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(braille, "DATA_PACKAGE", "fake_braille_data")
    root = braille.table_directory()
    assert Path(str(root)) == package
    assert BrailleTables.load(root).board.cells == BrailleTables.load().board.cells
    monkeypatch.setattr(braille, "DATA_PACKAGE", "no_such_package_here")
    assert Path(str(braille.table_directory())) == TABLE_DIR  # the checkout's folder


# --------------------------------------------------------------------------
# Wrapping
# --------------------------------------------------------------------------

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'-", min_size=1,
               max_size=30)
SEP = st.sampled_from([" ", "  ", " ", "   "])


@st.composite
def texts(draw: st.DrawFn) -> str:
    words = draw(st.lists(WORD, max_size=40))
    out = ""
    for w in words:
        out += (draw(SEP) if out else "") + w
    return out


def words_of(text: str) -> list[str]:
    return re.split(r"[ \u2800]+", text.strip(" \u2800")) if text.strip(" \u2800") else []


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts(), st.integers(min_value=14, max_value=80))
def test_wrap_fits_and_never_splits_a_word_that_fits(text: str, width: int) -> None:
    for source in (text, braille.text_to_grade1(text)):  # print, and its braille
        lines = braille.wrap(source, width)
        assert all(len(line) <= width for line in lines)
        out_words = [w for line in lines for w in words_of(line)]
        out_set = set(out_words)
        for w in words_of(source):
            if len(w) <= width:
                assert w in out_set, (w, lines)
        if all(len(w) <= width for w in words_of(source)):
            assert out_words == words_of(source)  # nothing lost, nothing added
            assert all(line == line.strip(" \u2800") or line is lines[0] for line in lines)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=200),
       st.integers(min_value=2, max_value=80))
def test_wrap_breaks_only_overlong_words(word: str, width: int) -> None:
    lines = braille.wrap(word, width)
    assert all(len(line) <= width for line in lines)
    if len(word) <= width:
        assert lines == [word]
    else:
        assert len(lines) > 1
        # the pieces, without the hyphens wrap added, give the word back
        rebuilt = ""
        for line in lines:
            rebuilt += line
        assert rebuilt.replace("-", "") == word.replace("-", "")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab9/-_.", min_size=1, max_size=120), st.integers(min_value=2, max_value=80))
def test_a_long_file_name_is_broken_only_after_its_own_marks(name: str, width: int) -> None:
    word = "ab." + name + "y"  # a mark between letters: a file name
    assert braille.is_path(word)
    lines = braille.wrap(word, width)
    assert all(len(line) <= width for line in lines)
    assert "".join(lines) == word  # nothing added: no hyphen that is not in the name
    for line in lines[:-1]:
        # after one of its own marks, else cut only where no mark was within reach
        assert line[-1] in "/-_." or (len(line) == width and not any(m in line[1:] for m in "/-_.")), (lines, width)


def test_a_path_in_a_sentence_starts_a_line_and_keeps_its_own_marks() -> None:
    name = "games/2026-11-26-204205-Al-v-Club_computer.unfinished.json"
    sentence = f"The unfinished game of Al and Club computer was kept as {name}."
    assert braille.wrap(sentence, 20) == [
        "The unfinished", "game of", "Al and Club computer", "was kept as",
        "games/2026-11-26-", "204205-Al-v-", "Club_computer.", "unfinished.json."]  # a name whole (newcomer 8)
    for width in range(14, 81):
        lines = braille.wrap(sentence, width)
        assert all(len(line) <= width for line in lines)
        if len(name) + 1 > width:
            start = next(k for k, line in enumerate(lines) if line.startswith("games/"))
            assert "".join(lines[start:]) == name + "."
            assert all(line[-1] in "/-_." for line in lines[start:])
    assert braille.is_path("Club_computer.json") and braille.is_path("/tmp/x") and braille.is_path("well-known")
    assert not braille.is_path("end.") and not braille.is_path("'plya'") and not braille.is_path("-5")
    assert braille.break_path("aaaa/bbbbbbbbbbbb.gcg", 8) == ["aaaa/", "bbbbbbbb", "bbbb.gcg"]


def test_wrap_details() -> None:
    assert braille.wrap("", 20) == [""]
    assert braille.wrap("one\n\ntwo", 20) == ["one", "", "two"]
    assert braille.wrap("  indented words", 20) == ["  indented words"]
    assert braille.wrap("aaaa bbbb cccc", 9) == ["aaaa", "bbbb cccc"]  # a word alone: not the last
    assert braille.wrap("Bob played UI, H8 down.", 20) == ["Bob played UI,", "H8 down."]
    assert braille.wrap("Play it? Type yes or no.", 20) == ["Play it?", "Type yes or no."]
    assert braille.wrap("39. Alice: AGLN, A1 across, 23.", 20) == ["39. Alice: AGLN,", "A1 across, 23."]
    assert braille.wrap("abcdefghij", 4) == ["abc-", "def-", "ghij"]
    assert braille.wrap("well-known-words", 12) == ["well-known-", "words"]
    number = braille.text_to_grade1("12345678901234567890")
    lines = braille.wrap(number, 14)
    assert lines[0].endswith("⠤") and lines[1].startswith("⠼")  # the number goes on with its sign
    assert all(not line.rstrip("⠤").endswith("⠠") for line in braille.wrap("⠁" * 12 + "⠠⠁", 14))
    with pytest.raises(ValueError):
        braille.wrap("text", 1)


# --------------------------------------------------------------------------
# .brf
# --------------------------------------------------------------------------


def empty_board() -> list[list[str | None]]:
    board: list[list[str | None]] = [[None] * 15 for _ in range(15)]
    board[7] = list(ROW_8)
    for r, c in ((0, 0), (0, 7), (0, 14), (14, 0), (14, 7), (14, 14), (7, 0), (7, 14)):
        board[r][c] = "three bars"
    return board


def check_brf(document: str, cells: int = 40, lines: int = 25) -> list[list[str]]:
    assert document.endswith("\r\n\f")
    assert all(0x20 <= ord(c) <= 0x5F for c in document.replace("\r\n", "").replace("\f", ""))
    assert "\n" not in document.replace("\r\n", "") and "\r" not in document.replace("\r\n", "")
    raw_pages = document.split("\f")
    assert raw_pages[-1] == ""
    pages = brf.brf_pages(document)
    assert len(pages) == len(raw_pages) - 1
    tables = BrailleTables.load()
    for number, (raw, page) in enumerate(zip(raw_pages, pages), start=1):
        assert raw.endswith("\r\n")
        assert page == raw[:-2].split("\r\n")
        assert len(page) == lines  # at most 25: exactly, so the number is on line 25
        assert all(len(line) <= cells for line in page)
        assert all(line == line.rstrip(" ") for line in page)
        expected_number = tables.to_ascii(tables.number_cells(number))
        assert page[-1] == " " * (cells - len(expected_number)) + expected_number
    return pages


def test_brf_document_of_a_game() -> None:
    board = empty_board()
    board[7][3:8] = ["T", "R", "A", "i", "N"]
    moves = [f"{i}. Ann: 8D TRAiN {12 * i} {24 * i}" for i in range(1, 60)]
    document = brf.brf_document("Ann v Bob, 3 May 2024", [brf.board_section(board), ("Scores", ["Ann 312", "Bob 287"]),
                                                          ("Moves", moves)])
    pages = check_brf(document)
    assert len(pages) >= 3
    tables = BrailleTables.load()
    flat = [line for page in pages for line in page]
    # the board is on one page, row by row, under the column letters
    board_page = next(page for page in pages if tables.to_ascii(braille.column_line()).strip() in
                      [line.strip() for line in page])
    rows = [line for line in board_page if re.match(r"#[A-J]+ +[A-Z'90=*7]+$", line)]
    assert len(rows) == 15
    assert rows[7] == tables.to_ascii(braille.row_line(8, board[7], six_dot=True))
    assert tables.to_ascii(tables.text_to_grade1("Blank tiles: G8 i.")) in flat
    assert tables.to_ascii(tables.text_to_grade1("1. Ann: 8D TRAiN 12 24")) in flat
    assert flat[0].strip() == tables.to_ascii(tables.text_to_grade1("Ann v Bob, 3 May 2024"))


def test_brf_rejects_eight_dot_rows() -> None:
    with pytest.raises(ValueError, match="six-dot"):
        brf.brf_document("t", [("Board", [braille.row_line(1, ["e"] * 15)])])


def test_brf_keeps_a_section_that_fits_on_one_page() -> None:
    filler = [f"line {i}" for i in range(20)]
    board_heading, board_lines = brf.board_section(empty_board())
    document = brf.brf_document("Title", [("Filler", filler), (board_heading, board_lines)])
    pages = check_brf(document)
    assert len(pages) == 2
    tables = BrailleTables.load()
    heading = tables.to_ascii(tables.text_to_grade1(board_heading))
    assert heading in [line.strip() for line in pages[1]]
    assert heading not in [line.strip() for line in pages[0]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(texts(), st.lists(texts(), max_size=30)), max_size=6), texts(),
       st.integers(min_value=12, max_value=40), st.integers(min_value=3, max_value=25))
def test_brf_pages_always_fit(sections: list[tuple[str, list[str]]], title: str, cells: int, lines: int) -> None:
    document = brf.brf_document(title, sections, cells=cells, lines=lines)
    pages = check_brf(document, cells, lines)
    # nothing is lost: every word of the text is somewhere in the file
    tables = BrailleTables.load()
    text = " ".join(line for page in pages for line in page[:-1])
    for heading, body in sections:
        for source in [heading, *body]:
            for w in words_of(tables.to_ascii(tables.text_to_grade1(source))):
                if len(w) <= cells - brf.RUNOVER_INDENT:
                    assert w in text


def test_brf_with_liblouis_prose_still_fits() -> None:
    document = brf.brf_document("Game", [("Moves", ["1. Ann: 8D TRAiN 12 12", "É è ☃ “quoted” — dash"])],
                                use_liblouis=True)
    check_brf(document)


def test_save_brf_keeps_line_ends(tmp_path: Path) -> None:
    document = brf.brf_document("Game", [("Scores", ["Ann 12"])])
    from audio_scrabble.persistence import files

    path = files.write_new(tmp_path / "game.brf", brf.brf_bytes(document), files.SHARED)
    assert path.read_bytes() == document.encode("ascii")
