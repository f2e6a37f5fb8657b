"""Tournament notation for squares, positions, plays, racks and exchanges.

Every ``parse_*`` has a ``format_*`` twin, and for text in canonical form
(upper-case coordinates, the word written in full) ``format(parse(text))``
gives the text back exactly. Text that cannot be read raises
:class:`~audio_scrabble.errors.NotationError` whose message is one sentence
saying what to write instead.

The notation (RULES.md, Notation):

* a square is its column letter then its row number: ``H8``;
* a play names the square of its first letter, row number first when the
  word runs across (``8D TRAIN``), column letter first when it runs down
  (``B8 THROB``);
* a blank is written as a lower-case letter (``TRAiN``);
* letters already on the board that the word plays through are put in
  parentheses, ``(T)HROB``, or written as ``.`` as in GCG records,
  ``.HROB``; they may also be written out plainly (some programs do), in
  which case they must match the board;
* a rack is its tiles, ``?`` for a blank: ``AEI?RST``;
* an exchange is ``-`` followed by the tiles put back (``-AEI``); ``-``
  alone is a pass.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, Sequence

from ..core.board import ACROSS, COLUMNS, DOWN, SIZE, Board, Square
from ..core.play import PlacedTile, Play
from ..core.tiles import BLANK, RACK_SIZE
from ..errors import NotationError

__all__ = [
    "parse_square",
    "format_square",
    "parse_position",
    "format_position",
    "parse_play",
    "format_play",
    "main_word_squares",
    "parse_rack",
    "format_rack",
    "parse_exchange",
    "format_exchange",
    "rack_contains",
]

PLAY_STYLES = ("parens", "dots")

_ACROSS_RE = re.compile(r"([0-9]{1,2})([A-Za-z])")
_DOWN_RE = re.compile(r"([A-Za-z])([0-9]{1,2})")
_WORD_RE = re.compile(r"[A-Za-z.()]+")



#: the most characters of a player's input that an error sentence repeats
SHOWN_LIMIT = 32


def clip(text: str, limit: int = SHOWN_LIMIT) -> str:
    """``text`` fit to repeat in an error sentence: at most ``limit``
    characters (then an ellipsis), anything unprintable (control
    characters, lone surrogates) as ``?``. Bad input is never echoed whole."""
    cut = text if len(text) <= limit else text[: limit - 1] + "\u2026"
    if cut.isprintable():
        return cut
    return "".join(ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF else "?" for ch in cut)


# --------------------------------------------------------------- squares
def parse_square(text: str) -> Square:
    """``"H8"`` (or ``"h8"``) to a :class:`Square`."""
    return Square.parse(text)


def format_square(square: Square) -> str:
    """A square's name, ``"H8"``."""
    if not square.on_board:
        raise NotationError(off_board_sentence(square.name))
    return square.name


# ------------------------------------------------------------- positions
def parse_position(text: str) -> tuple[Square, str]:
    """The position part of a play: ``"8D"`` -> (D8, across), ``"B8"`` -> (B8, down)."""
    t = text.strip()
    m = _ACROSS_RE.fullmatch(t)
    if m:
        row_text, col_text, direction = m.group(1), m.group(2), ACROSS
    else:
        m = _DOWN_RE.fullmatch(t)
        if not m:
            raise NotationError(
                f"{clip(t)!r} is not a position; write the row first for a word across (8D) "
                "or the column first for a word down (D8)."
            )
        col_text, row_text, direction = m.group(1), m.group(2), DOWN
    col = ord(col_text.upper()) - ord("A")
    row = int(row_text) - 1
    if not (0 <= col < SIZE and 0 <= row < SIZE):
        raise NotationError(off_board_sentence(t))
    return Square(row, col), direction


def format_position(square: Square, direction: str) -> str:
    """``(D8, across)`` -> ``"8D"``; ``(B8, down)`` -> ``"B8"``."""
    if not square.on_board:
        raise NotationError(off_board_sentence(square.name))
    col, row = COLUMNS[square.col], str(square.row + 1)
    if direction == ACROSS:
        return row + col
    if direction == DOWN:
        return col + row
    raise NotationError(f"{clip(str(direction))!r} is not a direction; a word runs across or down.")


# ----------------------------------------------------------------- plays
# The sentences for mistakes that the strict reader here and the lenient
# reader of what a player types (``typed.py``) both meet: one mistake, one
# sentence, whichever reader finds it.
def off_board_sentence(text: str) -> str:
    """A square or position past the edge: ``Q3``, ``8P``, ``H16``."""
    return f"{clip(text.upper())} is off the board; columns run A to O and rows 1 to 15."


def runs_off_sentence(left_over: str, direction: str) -> str:
    """A word longer than the room left before the edge."""
    return (
        f"The word runs off the board with {clip(left_over.upper())} left over; start it nearer the "
        f"{'left' if direction == ACROSS else 'top'}."
    )


def not_a_letter_sentence(bad: str, word: str) -> str:
    """A character that is no letter."""
    return f"{clip(bad)!r} in {clip(word)} is not a letter; write letters, lower case for a blank, and . or ( ) for board letters."


def no_letters_sentence(word: str) -> str:
    return f"{clip(word)} has no letters; write the whole word, like TRAIN."


def marked_empty_sentence(square: Square, word: str, letter: str) -> str:
    """A letter marked as on the board (``(A)``, or ``.`` for ``letter=""``) on an empty square."""
    shown = f"({letter.upper()})" if letter else "."
    return f"{square.name} is empty, but {clip(word)} marks a board letter there with {shown}; write the letter you place instead."


def marked_mismatch_sentence(square: Square, on_board: str, word: str, letter: str) -> str:
    """A letter marked as on the board that is not the tile there."""
    return f"{square.name} holds {_tile_phrase(on_board)}, but {clip(word)} has {letter.upper()} there."


def no_tile_sentence(word: str, position: str) -> str:
    """Every square of the word is filled already."""
    return f"{clip(word)} at {position.upper()} places no tile; every square of it is already filled."


def blank_not_placed_sentence(word: str, letter: str) -> str:
    """``(blank X)`` typed after a word that places no new X."""
    return f"{clip(word)} places no new {letter} for the blank; name only blanks among the tiles you place."


def which_blank_sentence(word: str, letter: str, example: str) -> str:
    """``(blank E)`` typed after a word that places two new Es: which is it?"""
    return f"{clip(word)} places more than one {letter}; type the blank's {letter} in lower case, like {clip(example)}."


def split_word(word: str) -> list[tuple[str, bool]]:
    """The word's letters, each with whether it is marked as a board letter.

    ``.`` gives ("", True); a letter inside parentheses gives (letter, True).
    """
    out: list[tuple[str, bool]] = []
    inside = False
    group_len = 0
    for ch in word:
        if ch == "(":
            if inside:
                raise NotationError(
                    f"{clip(word)} opens a parenthesis inside another; put only board letters in parentheses, like (T)HROB."
                )
            inside, group_len = True, 0
        elif ch == ")":
            if not inside:
                raise NotationError(f"{clip(word)} closes a parenthesis it never opened; write board letters like (T)HROB.")
            if group_len == 0:
                raise NotationError(f"{clip(word)} has empty parentheses; put the board letters inside them, like (T)HROB.")
            inside = False
        elif ch == ".":
            if inside:
                raise NotationError(f"{clip(word)} has a dot inside parentheses; write the board letter itself, like (T)HROB.")
            out.append(("", True))
        else:
            out.append((ch, inside))
            group_len += 1
    if inside:
        raise NotationError(f"{clip(word)} leaves a parenthesis open; close it after the board letters, like (T)HROB.")
    return out


def _tile_phrase(tile: str) -> str:
    return f"a blank {tile.upper()}" if tile.islower() else tile


def parse_play(text: str, board: Board) -> Play:
    """A play in tournament notation, read against the board before it.

    ``board`` says which squares are already filled: letters written in
    parentheses or as ``.`` must lie on filled squares, letters written
    plainly on filled squares must match the board, and every other letter
    is a tile placed now (lower case for a blank). The word must be
    written in full, so the squares just before and after it are empty.

    The returned play carries the direction as a hint only when it places
    a single tile (for several tiles the direction follows from them).
    """
    parts = text.split()
    if len(parts) != 2:
        raise NotationError(
            f"{clip(text.strip())!r} is not a play; write the position and the word, like 8D TRAIN or B8 THROB."
        )
    start, direction = parse_position(parts[0])
    word = parts[1]
    if not _WORD_RE.fullmatch(word):
        bad = next(ch for ch in word if not (ch.isascii() and (ch.isalpha() or ch in ".()")))
        raise NotationError(not_a_letter_sentence(bad, word))
    letters = split_word(word)
    if not letters:
        raise NotationError(no_letters_sentence(word))
    end = start.step(direction, len(letters) - 1)
    if not end.on_board:
        room = SIZE - (start.col if direction == ACROSS else start.row)
        raise NotationError(runs_off_sentence("".join(ch or "." for ch, _ in letters[room:]), direction))
    tiles: list[PlacedTile] = []
    for i, (ch, marked) in enumerate(letters):
        sq = start.step(direction, i)
        on_board = board[sq]
        if marked:
            if not on_board:
                raise NotationError(marked_empty_sentence(sq, word, ch))
            if ch and ch.upper() != on_board.upper():
                raise NotationError(marked_mismatch_sentence(sq, on_board, word, ch))
        elif on_board:
            if ch.upper() != on_board.upper():
                raise NotationError(
                    f"{sq.name} holds {_tile_phrase(on_board)}, but {clip(word)} has {ch.upper()} there; "
                    "a word can only play through the letters on the board."
                )
        else:
            tiles.append(PlacedTile(sq, ch.upper(), blank=ch.islower()))
    before = start.step(direction, -1)
    after = end.step(direction)
    for sq, where in ((before, "before"), (after, "after")):
        if sq.on_board and board[sq]:
            raise NotationError(
                f"{sq.name} holds {_tile_phrase(board[sq])} just {where} {clip(word)}; "
                "write the whole word, with the board letters in it."
            )
    if not tiles:
        raise NotationError(no_tile_sentence(word, parts[0]))
    return Play.of(tiles, direction if len(tiles) == 1 else None)


def main_word_squares(play: Play, board: Board) -> tuple[Square, str, list[Square]]:
    """Where the play's main word lies: (first square, direction, squares).

    The main word runs in the play's direction from the first placed tile,
    extended over board tiles on both sides. ``board`` is the board before
    the play.
    """
    if not play.tiles:
        raise NotationError("A play needs at least one tile to be written down.")
    direction = play.line_direction(board)
    placed = {t.square for t in play.tiles}

    def filled(sq: Square) -> bool:
        return sq.on_board and (sq in placed or bool(board[sq]))

    start = play.tiles[0].square
    while filled(start.step(direction, -1)):
        start = start.step(direction, -1)
    squares = []
    sq = start
    while filled(sq):
        squares.append(sq)
        sq = sq.step(direction)
    missing = placed - set(squares)
    if missing:
        gap = min(missing)
        raise NotationError(
            f"The tile on {gap.name} is not in one unbroken line with the others, so the play has no single word to write."
        )
    return start, direction, squares


def format_play(play: Play, board: Board, style: str = "parens") -> str:
    """A play in tournament notation, ``"8D TRAIN"``; ``board`` is the board before it.

    Board letters the word plays through are put in parentheses
    (``style="parens"``: ``B8 (T)HROB``, as spoken and printed) or written
    as ``.`` (``style="dots"``: ``B8 .HROB``, as in GCG records).
    """
    if style not in PLAY_STYLES:
        raise NotationError(f"{clip(str(style))!r} is not a notation style; choose parens or dots.")
    start, direction, squares = main_word_squares(play, board)
    placed = {t.square: t.board_letter for t in play.tiles}
    out: list[str] = []
    open_group = False
    for sq in squares:
        if sq in placed:
            if open_group:
                out.append(")")
                open_group = False
            out.append(placed[sq])
        elif style == "dots":
            out.append(".")
        else:
            if not open_group:
                out.append("(")
                open_group = True
            out.append(board[sq])
    if open_group:
        out.append(")")
    return f"{format_position(start, direction)} {''.join(out)}"


# ----------------------------------------------------------------- racks
def parse_rack(text: str, limit: int | None = RACK_SIZE) -> list[str]:
    """``"AEI?RST"`` -> ``["A", "E", "I", "?", "R", "S", "T"]``.

    Letters may be given in either case; ``?`` is a blank. ``limit`` is the
    most tiles a rack may hold (``None``: no limit, for the tiles left on
    several racks at the end of a game).
    """
    t = text.strip()
    tiles: list[str] = []
    for ch in t:
        if ch == BLANK:
            tiles.append(BLANK)
        elif ch.isascii() and ch.isalpha():
            tiles.append(ch.upper())
        else:
            raise NotationError(f"{clip(ch)!r} in {clip(t)} is not a tile; write a rack with letters A to Z and ? for a blank.")
    if limit is not None and len(tiles) > limit:
        raise NotationError(f"{clip(t)} has {len(tiles)} tiles, but a rack holds at most {limit}.")
    return tiles


def format_rack(tiles: Iterable[str]) -> str:
    """Tiles to rack notation: ``["A", "?"]`` -> ``"A?"``."""
    out = []
    for t in tiles:
        if t == BLANK or (len(t) == 1 and "A" <= t <= "Z"):
            out.append(t)
        else:
            raise NotationError(f"{clip(t)!r} is not a tile; a rack holds letters A to Z and ? for a blank.")
    return "".join(out)


def rack_contains(rack: Sequence[str], tiles: Iterable[str]) -> str | None:
    """Why ``tiles`` are not all on ``rack`` (one sentence), or None when they are."""
    have = Counter(rack)
    for tile, n in Counter(tiles).items():
        if have[tile] < n:
            what = "blank" if tile == BLANK else tile
            shown = format_rack(rack) or "empty"
            if have[tile] == 0:
                return f"the rack {shown} has no {what}"
            return f"the rack {shown} has only {have[tile]} {what}"
    return None


# ------------------------------------------------------------- exchanges
def parse_exchange(text: str) -> list[str]:
    """``"-AEI"`` -> the tiles put back; ``"-"`` (a pass) -> ``[]``."""
    t = text.strip()
    if not t.startswith("-"):
        raise NotationError(f"{clip(t)!r} is not an exchange; write - and the tiles to put back, like -AEI, or - to pass.")
    return parse_rack(t[1:])


def format_exchange(tiles: Iterable[str]) -> str:
    """Tiles put back to exchange notation; no tiles is a pass, ``"-"``."""
    return "-" + format_rack(tiles)
