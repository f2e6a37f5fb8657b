"""Reading what a player types after ``play`` or ``check``.

Two forms are understood, in any mix of case and order:

* tournament notation: ``8D TRAIN`` (row first: the word runs across from
  D8), ``H8 THROB`` (column first: it runs down from H8);
* a spoken-friendly form: ``TRAIN from D8 across``, ``TRAIN at D8 down``,
  ``D8 across TRAIN``; with no square at all, ``TRAIN across`` starts at
  the board cursor.

In the word, a lower-case letter among capitals is a blank standing for
that letter (``TRAiN``), as in tournament notation; a word typed all in
lower case is read as ordinary tiles, because that is how most people
type. ``?`` is a blank whose letter the game will ask for. Letters already
on the board may be typed, put in brackets (``(T)HROB``), written as
``.``, or left out altogether: the word is laid from the start square, and
every occupied square it meets is played through.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.board import ACROSS, COLUMNS, DOWN, SIZE, Board, Square
from ..core.play import PlacedTile, Play
from ..errors import NotationError

_COL_FIRST = re.compile(r"([A-Oa-o])([0-9]{1,2})")
_ROW_FIRST = re.compile(r"([0-9]{1,2})([A-Oa-o])")
#: a square's shape with any letter, to catch columns past O ("8P", "Z8")
_ANY_SQUARE = re.compile(r"[A-Za-z][0-9]{1,2}|[0-9]{1,2}[A-Za-z]")
#: a square said in two parts, "H 8", "8 D", "D-8": joined before reading
_SPLIT_SQUARE = re.compile(r"(?<!\S)(?:([A-Za-z])[\s-]+([0-9]{1,2})|([0-9]{1,2})[\s-]+([A-Za-z]))(?!\S)")
_WORD = re.compile(r"[A-Za-z?.()]+")
_DIRECTIONS = {"across": ACROSS, "down": DOWN, "ac": ACROSS, "dn": DOWN}
_FILLERS = {"from", "at", "on", "starting", "start", "going", "to"}


@dataclass(frozen=True)
class PlayRequest:
    """A play as typed: where it starts, which way, and its letters."""

    start: Square
    direction: str
    word: str  # as typed, e.g. "(T)HRoB", "TR?IN", "TRAIN"


@dataclass(frozen=True)
class Draft:
    """Tiles ready to place; blanks with ``letter == ""`` still need a letter."""

    tiles: tuple[PlacedTile, ...]
    direction: str
    start: Square
    #: board squares inside the word that were played through without being typed
    untyped: tuple[tuple[Square, str], ...] = ()
    #: every square the typed word covers, from the start square on (the
    #: word the player means); the word formed may run on past either end
    covered: tuple[Square, ...] = ()

    @property
    def open_blanks(self) -> tuple[Square, ...]:
        return tuple(t.square for t in self.tiles if t.blank and not t.letter)

    def with_blank(self, square: Square, letter: str) -> "Draft":
        tiles = tuple(
            PlacedTile(t.square, letter.upper(), True) if t.square == square and t.blank and not t.letter else t
            for t in self.tiles
        )
        return Draft(tiles, self.direction, self.start, self.untyped, self.covered)

    def play(self) -> Play:
        return Play.of(self.tiles, self.direction)


def _position(token: str) -> tuple[Square, str] | None:
    """A start square with its tournament direction, or None if not a position."""
    m = _COL_FIRST.fullmatch(token)
    if m:
        col, row, direction = m.group(1), int(m.group(2)), DOWN
    else:
        m = _ROW_FIRST.fullmatch(token)
        if not m:
            return None
        row, col, direction = int(m.group(1)), m.group(2), ACROSS
    if not 1 <= row <= SIZE:
        raise NotationError(f"{token.upper()} is off the board; rows run 1 to 15 and columns A to O.")
    return Square(row - 1, COLUMNS.index(col.upper())), direction


def join_split_squares(text: str) -> str:
    """``TRAIN at H 8`` as ``TRAIN at H8``: a square said in two parts, joined."""
    return _SPLIT_SQUARE.sub(lambda m: "".join(g for g in m.groups() if g), text)


def looks_like_position(token: str) -> bool:
    return bool(_COL_FIRST.fullmatch(token) or _ROW_FIRST.fullmatch(token))


def parse_request(text: str, cursor: Square | None = None) -> PlayRequest:
    """Read ``8D TRAIN``, ``TRAIN from D8 across`` and the like.

    Raises :class:`NotationError` with a sentence saying what to type.
    """
    tokens = join_split_squares(text.replace(",", " ")).split()
    example = "like play 8D TRAIN"
    if not tokens:
        raise NotationError(f"Say what to play and where, {example}.")
    for t in tokens:
        if _ANY_SQUARE.fullmatch(t) and not looks_like_position(t):
            raise NotationError(f"{t.upper()} is off the board; rows run 1 to 15 and columns A to O.")
    positions = [i for i, t in enumerate(tokens) if looks_like_position(t)]
    if len(positions) > 1:
        raise NotationError(f"Give one start square only, {example}.")
    pos = _position(tokens[positions[0]]) if positions else None
    pos_index = positions[0] if positions else None
    rest: list[tuple[int, str]] = []
    for i, t in enumerate(tokens):
        if i == pos_index:
            continue
        if pos_index is not None and i == pos_index - 1 and t.lower() in _FILLERS and i > 0:
            continue  # "TRAIN at D8"; but "AT 8H" plays the word AT
        rest.append((i, t))
    direction_tokens = [(i, t) for i, t in rest if t.lower() in _DIRECTIONS]
    direction: str | None = None
    words = list(rest)
    if direction_tokens and len(rest) >= 2:
        chosen = None
        if pos_index is not None:
            chosen = next(((i, t) for i, t in direction_tokens if i == pos_index + 1), None)
        if chosen is None:
            chosen = direction_tokens[-1]
        direction = _DIRECTIONS[chosen[1].lower()]
        words = [(i, t) for i, t in rest if (i, t) != chosen]
    # spoken filler words left over ("play TRAIN going across")
    words = [(i, t) for i, t in words if not (t.lower() in _FILLERS and len(words) > 1)]
    if not words:
        raise NotationError(f"Say which word to play, {example}.")
    if len(words) > 1:
        extra = " ".join(t for _, t in words)
        raise NotationError(f"Which is the word in {extra!r}? Type one word, {example}.")
    word = words[0][1]
    if not _WORD.fullmatch(word) or not any(ch.isalpha() or ch == "?" for ch in word):
        raise NotationError(
            f"{word!r} is not a word to play; use letters, ? for a blank, and brackets for letters on the board."
        )
    if pos is None:
        if direction is None:
            raise NotationError("Say where it goes, like play TRAIN from D8 across.")
        if cursor is None:
            raise NotationError("Say where it goes, like play TRAIN from D8 across.")
        start = cursor
    else:
        start = pos[0]
        direction = direction or pos[1]
    return PlayRequest(start, direction, word)


def _letters(word: str) -> list[tuple[str, bool]]:
    """The word as (character, known to be on the board) pairs."""
    out: list[tuple[str, bool]] = []
    inside = False
    all_lower = word.replace("?", "").replace(".", "").replace("(", "").replace(")", "").islower()
    for ch in word:
        if ch == "(":
            if inside:
                raise NotationError("A bracket opens twice; put brackets round the letters already on the board.")
            inside = True
        elif ch == ")":
            if not inside:
                raise NotationError("A bracket closes without opening; put brackets round letters on the board.")
            inside = False
        elif ch == ".":
            out.append((".", True))
        else:
            if all_lower and ch != "?":
                ch = ch.upper()
            out.append((ch, inside))
    if inside:
        raise NotationError("A bracket is left open; close it after the letters already on the board.")
    return out


def build_draft(board: Board, request: PlayRequest) -> Draft:
    """Lay the typed word on the board from the start square.

    Occupied squares are played through: a typed letter that matches the
    tile there is taken as that tile; a letter that does not match is
    taken as the next new tile (the board letter was left out). Raises
    :class:`NotationError` when the word runs off the board, a bracketed
    letter is not there, or no tile at all would be placed.
    """
    letters = _letters(request.word)
    sq = request.start
    tiles: list[PlacedTile] = []
    untyped: list[tuple[Square, str]] = []
    covered: list[Square] = []
    i = 0
    while i < len(letters):
        ch, through = letters[i]
        if not sq.on_board:
            remaining = "".join(c for c, _ in letters[i:])
            raise NotationError(
                f"The word runs off the board with {remaining.upper()} left over; start it nearer the "
                f"{'left' if request.direction == ACROSS else 'top'}."
            )
        on_board = board[sq]
        if through:
            if not on_board:
                raise NotationError(
                    f"{sq.name} is empty, so there is no {ch.upper() if ch != '.' else 'tile'} there to play "
                    "through; drop the brackets or the dot."
                )
            if ch != "." and on_board.upper() != ch.upper():
                raise NotationError(f"{sq.name} holds {on_board.upper()}, not {ch.upper()}; check the word and square.")
            i += 1
        elif on_board:
            if ch != "?" and on_board.upper() == ch.upper():
                i += 1  # the typed letter is the tile already there
            else:  # the board letter was left out: play through it
                untyped.append((sq, on_board))
        else:
            if ch == "?":
                tiles.append(PlacedTile(sq, "", True))
            elif ch.islower():
                tiles.append(PlacedTile(sq, ch.upper(), True))
            else:
                tiles.append(PlacedTile(sq, ch, False))
            i += 1
        covered.append(sq)
        sq = sq.step(request.direction)
    if not tiles:
        raise NotationError("Every letter of that word is already on the board; place at least one tile.")
    return Draft(tuple(tiles), request.direction, request.start, tuple(untyped), tuple(covered))


def parse_draft(text: str, board: Board, cursor: Square | None = None) -> Draft:
    """``parse_request`` then ``build_draft``."""
    return build_draft(board, parse_request(text, cursor))
