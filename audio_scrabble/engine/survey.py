"""Survey the board: where plays can go, what is around a square, where a word fits.

Geometry first, never word suggestions. Everything here takes a core
:class:`~audio_scrabble.core.board.Board` (and a rack or its size), so it
works the same in a game, in a review step and in a game started from a
position. The words are chosen in ``presentation/survey_phrases.py``.

* :func:`hot_spots` -- every live premium square that a geometrically
  legal play could cover: a line of 1 to ``rack_size`` new tiles with no
  gaps but board tiles, touching a tile (on an empty board: covering the
  star with at least two tiles). Each comes with the shortest way to
  reach it (:class:`Route`). No word is looked up, so a square is named
  whatever the letters; a square no placement can cover is never named.
  With the player's rack they come most worth first (:class:`Worth`:
  what a play there is likely to score and how easily the rack makes
  one; the word list only says which letters a cross-word takes).
* :func:`lanes` -- long runs of free squares that a play along them could
  fill (every square of a lane is within reach of a tile along the lane).
* :func:`survey` -- both, for an optional :class:`Area` (top, bottom,
  left, right, a quadrant, a row, a column; see :func:`parse_area`).
* :func:`around` -- a square's neighbourhood: what is next to it on each
  side and how many free squares run each way to a tile or the edge.
* :func:`fit_word` -- every legal placement of a word the player names
  (board letters included, lower case for a blank), best score first,
  checked and scored by the rules core.
* :func:`spot_jump` -- the cursor's walk over the hot spots, best first
  (as ``spots`` says them), going round; :func:`next_hot_spot` -- the
  next in reading order.
* :func:`word_jump_round`, :func:`next_word` -- the cursor's walk over
  the words in reading order, going round.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any, Sequence

from ..core.board import ACROSS, CENTRE, COLUMNS, DOWN, SIZE, Board, Premium, Square, premium_at
from ..core.play import PlacedTile, Play, validate_placement
from ..core.scoring import ScoreBreakdown, score_play
from ..core.tiles import BINGO_BONUS, BLANK, RACK_SIZE, tile_value
from ..errors import IllegalPlay, NotationError
from ..notation.plays import clip

#: the four ways a finger moves from a square: name -> (row step, column step)
UP, DOWN_WAY, LEFT, RIGHT = "up", "down", "left", "right"
WAYS: dict[str, tuple[int, int]] = {UP: (-1, 0), DOWN_WAY: (1, 0), LEFT: (0, -1), RIGHT: (0, 1)}
#: the direction of the words a play laid along each way forms
WAY_DIRECTION = {UP: DOWN, DOWN_WAY: DOWN, LEFT: ACROSS, RIGHT: ACROSS}

#: premium value, most valuable first: three bars, two bars (the star is
#: a two bars), three dots, two dots
_RANK = {"TW": 4, "DW": 3, "TL": 2, "DL": 1}


def premium_rank(premium: Premium) -> int:
    """4 for three bars (triple word) down to 1 for two dots (double letter)."""
    return _RANK[premium.code]


def _step(sq: Square, way: str, n: int = 1) -> Square:
    dr, dc = WAYS[way]
    return Square(sq.row + dr * n, sq.col + dc * n)


def _sideways(way: str) -> tuple[str, str]:
    return (LEFT, RIGHT) if way in (UP, DOWN_WAY) else (UP, DOWN_WAY)


# ---------------------------------------------------------------- hot spots
@dataclass(frozen=True)
class Route:
    """The shortest play from a premium square to a tile (or the star).

    The play lays ``tiles`` new tiles from the premium square going
    ``way`` (up, down, left, right), ending on ``end``. ``tile_square``
    holds the tile it reaches: next in the same line when ``in_line`` (the
    word runs into it), else beside ``end``. On an empty board
    ``tile_square`` is the star, H8, and ``tile`` is ``""``.
    """

    start: Square
    way: str
    tiles: int
    end: Square
    tile_square: Square
    tile: str
    in_line: bool

    @property
    def direction(self) -> str:
        """ACROSS or DOWN: which way the words laid along the route run."""
        return WAY_DIRECTION[self.way]

    @property
    def squares(self) -> tuple[Square, ...]:
        """The squares the new tiles cover, from the premium square on."""
        return tuple(_step(self.start, self.way, k) for k in range(self.tiles))

    @property
    def to_star(self) -> bool:
        return not self.tile


@dataclass(frozen=True)
class Spot:
    """A live premium square that a play can cover, and how."""

    square: Square
    premium: Premium
    route: Route

    @property
    def rank(self) -> int:
        return premium_rank(self.premium)


def _walk(board: Board, square: Square, way: str, limit: int) -> Route | None:
    """The first square, going ``way`` over free squares from ``square``,
    where a play would touch a tile; None if none within ``limit`` tiles."""
    sq = square
    count = 0
    cells = board.cells
    while count < limit and sq.on_board and not cells[sq.row][sq.col]:
        count += 1
        nxt = _step(sq, way)
        if nxt.on_board and cells[nxt.row][nxt.col]:
            return Route(square, way, count, sq, nxt, cells[nxt.row][nxt.col], True)
        for side in _sideways(way):
            nb = _step(sq, side)
            if nb.on_board and cells[nb.row][nb.col]:
                return Route(square, way, count, sq, nb, cells[nb.row][nb.col], False)
        sq = nxt
    return None


def route_to(board: Board, square: Square, rack_size: int = RACK_SIZE) -> Route | None:
    """The shortest legal placement of at most ``rack_size`` new tiles that
    covers the free ``square``, as a :class:`Route`; None if there is none.

    Shortest first, then one that runs into a tile over one that lies
    beside it, then the order down, right, up, left.
    """
    if board[square] or rack_size < 1:
        return None
    if board.is_empty():
        if rack_size < 2:
            return None
        if square == CENTRE:
            return Route(square, RIGHT, 2, _step(square, RIGHT), CENTRE, "", True)
        for way in WAYS:
            for k in range(1, rack_size):
                if _step(square, way, k) == CENTRE:
                    return Route(square, way, k + 1, CENTRE, CENTRE, "", True)
        return None
    best: Route | None = None
    for way in (DOWN_WAY, RIGHT, UP, LEFT):
        r = _walk(board, square, way, rack_size if best is None else best.tiles)
        if r is None:
            continue
        if best is None or (r.tiles, not r.in_line) < (best.tiles, not best.in_line):
            best = r
    return best


def hot_spots(
    board: Board,
    rack_size: int = RACK_SIZE,
    area: "Area | None" = None,
    rack: Sequence[str] | None = None,
    lexicon: Any = None,
) -> list[Spot]:
    """Every live premium square a play of 1 to ``rack_size`` new tiles can
    cover (in ``area`` if given), most valuable first.

    With the player's ``rack``, "most valuable" is what a play covering
    the square is likely worth (:func:`spot_worth`: the premium, the
    rack's tiles on it, the words it scores, how many tiles and how hard
    a word it takes); then the premium, fewest tiles, reading order.
    Without a rack: by premium (three bars, two bars, three dots, two
    dots), then fewest tiles, then reading order. ``lexicon`` only says
    which letters may go beside a word (its hooks); no word is chosen.
    """
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            sq = Square(r, c)
            prem = premium_at(sq)
            if prem is None or board.cells[r][c] or (area is not None and sq not in area):
                continue
            route = route_to(board, sq, rack_size)
            if route is not None:
                out.append(Spot(sq, prem, route))
    out.sort(key=lambda s: (-s.rank, s.route.tiles, not s.route.in_line, s.square.row, s.square.col))
    if rack is not None and out:
        out = _by_worth(out, Worth(board, rack, lexicon))
    return out


#: a spot whose best line runs through a spot named before it counts this much
_SHADOWED = 0.3


def _by_worth(spots: list[Spot], worth: "Worth") -> list[Spot]:
    """The spots, most worth first; a spot whose best line covers a spot
    already named comes after the others of nearly its worth (it names
    the same play again)."""
    best = {s.square: worth.best(s.square) for s in spots}
    left = list(spots)  # in the order of premium, fewest tiles, reading order
    chosen: list[Spot] = []
    named: set[Square] = set()
    while left:
        def value(s: Spot) -> float:
            v, line = best[s.square]
            return v * _SHADOWED if named & line else v

        pick = max(left, key=value)  # max keeps the first of equals
        left.remove(pick)
        chosen.append(pick)
        named.add(pick.square)
    return chosen


# ---------------------------------------------------------------- worth
#: how likely a rack makes a word of this many new tiles (index: tiles)
_EASE_TILES = (0.0, 0.8, 0.95, 0.95, 0.85, 0.6, 0.35, 0.12)
#: how likely a word of this many letters, all told (index: length; 10+: the last)
_EASE_LENGTH = (0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 0.2)
#: each square whose cross-word limits its letter
_EASE_CROSS = 1.0
#: a board letter in the word beyond the first one or two
_EASE_FIXED = 0.45


_VOWELS = frozenset("AEIOU")
#: each vowel or consonant a word lacks (a third of its letters each)
_EASE_SHORT = 0.25
#: board letters in a word that make it no harder
_FREE_FIXED = 2
#: how much of the estimate puts the rack's best tiles on the best squares
_BLEND = 0.5
#: the letters most seven-tile words are made of
_BINGO_LETTERS = frozenset("?AEILNORST")


def bingo_chance(rack: Sequence[str]) -> float:
    """How much likelier than most a seven-tile play is with this rack (a
    factor on :data:`_EASE_TILES`): a blank, letters common in long words,
    vowels and consonants balanced, few tiles twice, no heavy tile."""
    if len(rack) < RACK_SIZE:
        return 0.0
    vowels = sum(1 for t in rack if t in "AEIOU")
    common = sum(1 for t in rack if t in _BINGO_LETTERS)
    twice = sum(k - 1 for t, k in Counter(rack).items() if k > 1 and t != "E")
    heavy = sum(1 for t in rack if t != BLANK and tile_value(t) >= 4)
    chance = 0.5 ** heavy
    if BLANK in rack:
        chance *= 2.0
    if common >= 6:
        chance *= 2.0
    elif common <= 4:
        chance *= 0.5
    if not 2 <= vowels + rack.count(BLANK) <= 4:
        chance *= 0.4
    return chance * 0.7 ** twice


class Worth:
    """What a play covering a square is likely worth for a rack: the
    best estimate over every legal line of new tiles through the square,
    each estimate the score if the rack's best tiles went where they
    count most (a letter premium, a square scoring both ways), times how
    easily such a play is made (how many tiles, how long the word, how
    many of its letters the board fixes, how many squares a cross-word
    limits). Only letters: no word is looked up, but for the letters a
    cross-word allows on a square (``lexicon``: its hooks)."""

    def __init__(self, board: Board, rack: Sequence[str], lexicon: Any = None):
        self.board = board
        self.cells = board.cells
        self.values = sorted((tile_value(t) for t in rack), reverse=True)
        self.letters = [t for t in rack]
        self.size = len(rack)
        self.mean = sum(self.values) / len(self.values) if self.values else 0.0
        self.bingo = bingo_chance(rack)
        self.blanks = sum(1 for t in rack if t == BLANK)
        self.vowels = sum(1 for t in rack if t in _VOWELS)
        self.consonants = self.size - self.blanks - self.vowels
        self.lexicon = lexicon
        self.empty = board.is_empty()
        self._cross: dict[tuple[Square, str], tuple[int, int, bool, frozenset[str] | None]] = {}

    def cross(self, sq: Square, direction: str) -> tuple[int, int, bool, frozenset[str] | None]:
        """For a new tile on ``sq`` in a play along ``direction``: the value
        of the board tiles of its cross-word, that word's multiplier, whether
        there is one, and the letters it allows (None: any)."""
        key = (sq, direction)
        found = self._cross.get(key)
        if found is not None:
            return found
        other = DOWN if direction == ACROSS else ACROSS
        before: list[str] = []
        k = sq.step(other, -1)
        while k.on_board and self.cells[k.row][k.col]:
            before.append(self.cells[k.row][k.col])
            k = k.step(other, -1)
        after: list[str] = []
        k = sq.step(other, 1)
        while k.on_board and self.cells[k.row][k.col]:
            after.append(self.cells[k.row][k.col])
            k = k.step(other, 1)
        prem = premium_at(sq)
        wm = prem.word_multiplier if prem else 1
        if not before and not after:
            found = (0, wm, False, None)
        else:
            fixed = sum(tile_value(t) for t in before + after)
            allowed = None
            if self.lexicon is not None:
                head = "".join(reversed(before)).upper()
                tail = "".join(after).upper()
                allowed = frozenset(ch for ch in _LETTERS if head + ch + tail in self.lexicon)
            found = (fixed, wm, True, allowed)
        self._cross[key] = found
        return found

    def of(self, square: Square) -> float:
        """The square's worth: the best over the lines through it."""
        return self.best(square)[0]

    def best(self, square: Square) -> tuple[float, frozenset[Square]]:
        """The square's worth and the new squares of the line that has it."""
        best = (0.0, frozenset((square,)))
        for direction in (ACROSS, DOWN):
            for new in self._lines(square, direction):
                v = self._estimate(new, direction)
                if v > best[0]:
                    best = (v, frozenset(new))
        return best

    def _lines(self, square: Square, direction: str):
        """Every run of 1 to rack-size new tiles along ``direction`` that
        covers ``square`` and touches a tile (on an empty board: the star,
        with 2 tiles at least), as its list of new squares."""
        cells = self.cells
        n = self.size
        starts = [square]
        k = square
        while len(starts) < n:
            k = k.step(direction, -1)
            while k.on_board and cells[k.row][k.col]:
                k = k.step(direction, -1)
            if not k.on_board:
                break
            starts.append(k)
        for start in starts:
            new: list[Square] = []
            k = start
            touches = False
            while len(new) < n:
                while k.on_board and cells[k.row][k.col]:
                    touches = True  # the run goes through a board tile
                    k = k.step(direction)
                if not k.on_board:
                    break
                new.append(k)
                if self.empty:
                    touches = touches or k == CENTRE
                else:
                    touches = touches or self.board.has_neighbour(k)
                k = k.step(direction)
                if square in new and touches and (len(new) > 1 or not self.empty):
                    yield list(new)

    def _estimate(self, new: list[Square], direction: str) -> float:
        cells = self.cells
        first, last = new[0], new[-1]
        k = first.step(direction, -1)
        fixed_letters = []
        while k.on_board and cells[k.row][k.col]:
            fixed_letters.append(cells[k.row][k.col])
            k = k.step(direction, -1)
        k = last.step(direction)
        while k.on_board and cells[k.row][k.col]:
            fixed_letters.append(cells[k.row][k.col])
            k = k.step(direction)
        inside = set(new)
        k = first
        while k != last:
            k = k.step(direction)
            if k not in inside:
                fixed_letters.append(cells[k.row][k.col])
        length = len(new) + len(fixed_letters)
        word_mult = 1
        for sq in new:
            prem = premium_at(sq)
            if prem:
                word_mult *= prem.word_multiplier
        score: float = sum(tile_value(t) for t in fixed_letters) * word_mult
        slots = []  # (weight, the letters allowed)
        crossed = 0
        for sq in new:
            prem = premium_at(sq)
            lm = prem.letter_multiplier if prem else 1
            fixed, wm, has, allowed = self.cross(sq, direction)
            if has:
                crossed += 1
                score += fixed * wm
                if allowed is not None and not allowed:
                    return 0.0  # no letter makes the cross-word
                slots.append((lm * (word_mult + wm), allowed))
            else:
                slots.append((lm * word_mult, None))
        # the rack's best tiles where they count most, each where its
        # cross-word allows it; blended with a tile of middling value on
        # each square (a heavy tile rarely goes just anywhere)
        left = sorted(zip(self.values, self.letters), reverse=True)
        best = middling = 0.0
        for weight, allowed in sorted(slots, key=lambda x: -x[0]):
            pick = next((i for i, (_, t) in enumerate(left) if allowed is None or t == BLANK or t in allowed), None)
            if pick is None:
                return 0.0
            best += left.pop(pick)[0] * weight
            middling += self.mean * weight
        score += _BLEND * best + (1 - _BLEND) * middling
        ease = _EASE_TILES[min(len(new), RACK_SIZE)] * _EASE_LENGTH[min(length, len(_EASE_LENGTH) - 1)]
        if len(new) == RACK_SIZE:
            score += BINGO_BONUS
            ease *= self.bingo
        ease *= _EASE_CROSS ** crossed * _EASE_FIXED ** max(0, len(fixed_letters) - _FREE_FIXED)
        # a word needs vowels and consonants: from the rack or the board
        vowels = sum(1 for t in fixed_letters if t.upper() in _VOWELS)
        have_v = vowels + min(len(new), self.vowels + self.blanks)
        have_c = len(fixed_letters) - vowels + min(len(new), self.consonants + self.blanks)
        need = (length + 1) // 3 if length > 2 else 1
        short = max(0, need - have_v) + max(0, need - have_c)
        return score * ease * _EASE_SHORT ** short


# ---------------------------------------------------------------- lanes
@dataclass(frozen=True)
class Lane:
    """A run of free squares along a row or column, every one of them
    within reach of a play along the run."""

    start: Square
    direction: str
    length: int
    #: no tile lies anywhere in the lane's row (or column)
    empty_line: bool = False

    @property
    def squares(self) -> tuple[Square, ...]:
        return tuple(self.start.step(self.direction, k) for k in range(self.length))

    @property
    def end(self) -> Square:
        return self.start.step(self.direction, self.length - 1)


def _line(index: int, direction: str) -> list[Square]:
    return [Square(index, k) if direction == ACROSS else Square(k, index) for k in range(SIZE)]


def lanes(
    board: Board, rack_size: int = RACK_SIZE, area: "Area | None" = None, min_length: int | None = None
) -> list[Lane]:
    """Long free runs that touch a tile, longest first (then rows before
    columns, reading order).

    A lane is a stretch of free squares in one line, each of which a play
    of at most ``rack_size`` tiles along that line can cover (so it is
    never named beyond reach). With ``area``, lanes are cut to the area.
    Only lanes of at least ``min_length`` squares count (default: the rack
    size, at most 7, at least 2).
    """
    if min_length is None:
        min_length = max(2, min(rack_size, RACK_SIZE))
    out: list[Lane] = []
    if rack_size < 1:
        return out
    empty = board.is_empty()
    for direction in (ACROSS, DOWN):
        for index in range(SIZE):
            line = _line(index, direction)
            ok = []
            for sq in line:
                if board[sq]:
                    ok.append(False)
                    continue
                if empty:
                    d = abs(sq.row - CENTRE.row) + abs(sq.col - CENTRE.col)
                    on_line = sq.row == CENTRE.row if direction == ACROSS else sq.col == CENTRE.col
                    ok.append(on_line and rack_size >= 2 and d <= rack_size - 1)
                    continue
                ways = (LEFT, RIGHT) if direction == ACROSS else (UP, DOWN_WAY)
                ok.append(any(_walk(board, sq, w, rack_size) is not None for w in ways))
            if area is not None:
                ok = [o and sq in area for o, sq in zip(ok, line)]
            k = 0
            while k < SIZE:
                if not ok[k]:
                    k += 1
                    continue
                j = k
                while j + 1 < SIZE and ok[j + 1]:
                    j += 1
                if j - k + 1 >= min_length:
                    out.append(Lane(line[k], direction, j - k + 1, not any(board[sq] for sq in line)))
                k = j + 1
    out.sort(key=lambda ln: (-ln.length, ln.direction != ACROSS, ln.start.row, ln.start.col))
    return out


# ---------------------------------------------------------------- areas
@dataclass(frozen=True)
class Area:
    """A part of the board: rows and columns from 0, both ends included."""

    name: str  # "the top left", "row 5", "column C"
    rows: tuple[int, int]
    cols: tuple[int, int]

    def __contains__(self, sq: object) -> bool:
        return (
            isinstance(sq, tuple)
            and self.rows[0] <= sq[0] <= self.rows[1]
            and self.cols[0] <= sq[1] <= self.cols[1]
        )


_MID = SIZE // 2  # row 8 and column H belong to both halves
_HALVES = {
    "top": ((0, _MID), None),
    "bottom": ((_MID, SIZE - 1), None),
    "left": (None, (0, _MID)),
    "right": (None, (_MID, SIZE - 1)),
}
_SYNONYMS = {"upper": "top", "lower": "bottom", "high": "top", "low": "bottom"}
AREA_HELP = "say top, left, top left, row 5 or column C"
#: the brief refusal of an area not understood: the fault, then the areas taken
AREA_BRIEF = "Not an area: top, left, row 5, column C."


def parse_area(text: str) -> Area | None:
    """``top``, ``bottom left``, ``row 5``, ``5``, ``column c``, ``c`` to an
    :class:`Area`; empty text is the whole board (None). The middle row
    and column belong to both halves. Raises :class:`NotationError`."""
    t = " ".join(text.lower().replace("-", " ").split())
    if not t or t in ("all", "board", "whole board", "everywhere"):
        return None
    m = re.fullmatch(r"(?:row\s*)?([0-9]{1,2})", t)
    if m:
        row = int(m.group(1))
        if not 1 <= row <= SIZE:
            raise NotationError(f"There is no row {row}; rows run 1 to 15.", brief=f"No row {row}: rows run 1 to 15.")
        return Area(f"row {row}", (row - 1, row - 1), (0, SIZE - 1))
    m = re.fullmatch(r"(?:column\s*|col\s*)?([a-z])", t)
    if m:
        col = ord(m.group(1)) - ord("a")
        if not 0 <= col < SIZE:
            raise NotationError(f"There is no column {m.group(1).upper()}; columns run A to O.",
                                brief=f"No column {m.group(1).upper()}: columns run A to O.")
        return Area(f"column {COLUMNS[col]}", (0, SIZE - 1), (col, col))
    words = [_SYNONYMS.get(w, w) for w in t.split() if w not in ("the", "half", "corner", "side", "quarter")]
    if not words or len(words) > 2 or any(w not in _HALVES for w in words):
        raise NotationError(f"{clip(text.strip())!r} is not an area; {AREA_HELP}.", brief=AREA_BRIEF)
    rows: tuple[int, int] = (0, SIZE - 1)
    cols: tuple[int, int] = (0, SIZE - 1)
    vertical = [w for w in words if w in ("top", "bottom")]
    horizontal = [w for w in words if w in ("left", "right")]
    if len(vertical) > 1 or len(horizontal) > 1:
        raise NotationError(f"{clip(text.strip())!r} is not an area; {AREA_HELP}.", brief=AREA_BRIEF)
    for w in words:
        r, c = _HALVES[w]
        rows = r or rows
        cols = c or cols
    name = " ".join(vertical + horizontal)
    return Area(f"the {name}", rows, cols)


def parse_spots(text: str) -> tuple[Area | None, bool]:
    """What follows ``spots``: a part of the board (see :func:`parse_area`)
    and whether ``all`` spots are wanted (``spots all``, ``spots top all``)."""
    words = text.split()
    show_all = any(w.lower() == "all" for w in words)
    return parse_area(" ".join(w for w in words if w.lower() != "all")), show_all


@dataclass(frozen=True)
class Survey:
    """What :func:`survey` found: hot spots (most valuable first) and lanes
    (longest first), for ``area`` (None: the whole board)."""

    spots: tuple[Spot, ...]
    lanes: tuple[Lane, ...]
    area: Area | None
    rack_size: int
    #: the area (a row, a column, a part) holds no tile
    empty_area: bool = False


def survey(
    board: Board, rack_size: int = RACK_SIZE, area: Area | None = None,
    rack: Sequence[str] | None = None, lexicon: Any = None,
) -> Survey:
    """Hot spots and lanes of a board for a rack of ``rack_size`` tiles
    (the spots most worth first for ``rack``, when given: :func:`hot_spots`)."""
    empty = area is not None and not any(sq in area for sq, _ in board.occupied())
    return Survey(
        tuple(hot_spots(board, rack_size, area, rack, lexicon)), tuple(lanes(board, rack_size, area)), area, rack_size,
        empty,
    )


# ---------------------------------------------------------------- around
@dataclass(frozen=True)
class Side:
    """One way out of a square: ``free`` empty squares, then the tile on
    ``tile_square`` (``tile`` is "" when the run ends at the edge)."""

    way: str
    free: int
    tile_square: Square | None
    tile: str

    @property
    def at_edge(self) -> bool:
        return not self.tile


@dataclass(frozen=True)
class Around:
    square: Square
    tile: str  # the tile on the square, "" if none
    premium: Premium | None  # the live premium of a free square
    sides: tuple[Side, ...]  # up, down, left, right

    def side(self, way: str) -> Side:
        return next(s for s in self.sides if s.way == way)


def around(board: Board, square: Square) -> Around:
    """What lies each way from ``square``: free squares, then a tile or the edge."""
    sides = []
    for way in (UP, DOWN_WAY, LEFT, RIGHT):
        sq = _step(square, way)
        free = 0
        while sq.on_board and not board[sq]:
            free += 1
            sq = _step(sq, way)
        if sq.on_board:
            sides.append(Side(way, free, sq, board[sq]))
        else:
            sides.append(Side(way, free, None, ""))
    return Around(square, board[square], board.premium(square), tuple(sides))


# ---------------------------------------------------------------- cursor jumps
def next_hot_spot(
    board: Board, square: Square, rack_size: int = RACK_SIZE, forward: bool = True
) -> Spot | None:
    """The next (or previous) hot spot after ``square`` in reading order
    (left to right, then top to bottom); None when there is none that way."""
    spots = hot_spots(board, rack_size)
    key = (square.row, square.col)
    if forward:
        after = [s for s in spots if (s.square.row, s.square.col) > key]
        return min(after, key=lambda s: (s.square.row, s.square.col), default=None)
    before = [s for s in spots if (s.square.row, s.square.col) < key]
    return max(before, key=lambda s: (s.square.row, s.square.col), default=None)


def spot_jump(
    board: Board, square: Square, rack_size: int = RACK_SIZE, forward: bool = True,
    rack: Sequence[str] | None = None, lexicon: Any = None,
) -> tuple[Spot | None, bool]:
    """The hot spot after (or before) the one on ``square`` in the order
    ``spots`` says them, best first (:func:`hot_spots`), and whether the
    walk went round: after the last comes the best again, before the best
    the last. From a square that is no spot: the best (or the last).
    (None, False) when no spot can be reached."""
    spots = hot_spots(board, rack_size, None, rack, lexicon)
    if not spots:
        return None, False
    at = next((k for k, s in enumerate(spots) if s.square == square), None)
    if at is None:
        return (spots[0] if forward else spots[-1]), False
    k = at + 1 if forward else at - 1
    if 0 <= k < len(spots):
        return spots[k], False
    return spots[k % len(spots)], True


@dataclass(frozen=True)
class BoardWord:
    """A word on the board: where it starts, which way it runs, its letters
    (lower case for a blank)."""

    start: Square
    direction: str
    letters: str


def board_words(board: Board) -> list[BoardWord]:
    """Every word on the board in reading order of its first letter, the
    across word first where two start on one square."""
    words = [BoardWord(s, d, w) for s, d, w in board.words()]
    words.sort(key=lambda w: (w.start.row, w.start.col, w.direction != ACROSS))
    return words


def next_word(
    board: Board, square: Square, direction: str | None = None, forward: bool = True
) -> BoardWord | None:
    """The next (or previous) word on the board from the cursor's ``square``.

    Words are ordered by their first letter in reading order, the across
    word before the down word that starts on the same square. ``direction``
    is the word the cursor was last put on by this jump (when it has not
    moved since), so that from the first letter of an across word the next
    jump can go to the down word starting there; without it, words starting
    on ``square`` are skipped both ways.
    """
    d = {ACROSS: 0, DOWN: 1}
    if direction is None:
        key = (square.row, square.col, 1 if forward else 0)
    else:
        key = (square.row, square.col, d[direction])
    words = board_words(board)

    def k(w: BoardWord) -> tuple[int, int, int]:
        return (w.start.row, w.start.col, d[w.direction])

    if forward:
        return next((w for w in words if k(w) > key), None)
    return next((w for w in reversed(words) if k(w) < key), None)


def word_jump(board: Board, square: Square, last: BoardWord | None = None, forward: bool = True) -> BoardWord | None:
    """:func:`next_word` for a cursor on ``square`` whose last word jump
    landed on ``last`` (its direction counts only while the cursor is
    still on that word's first letter)."""
    direction = last.direction if last is not None and last.start == square else None
    return next_word(board, square, direction, forward)


def word_jump_round(
    board: Board, square: Square, last: BoardWord | None = None, forward: bool = True
) -> tuple[BoardWord | None, bool]:
    """:func:`word_jump`, going round as :func:`spot_jump` does: after the
    last word the first, before the first the last; and whether it went
    round. (None, False) on an empty board."""
    word = word_jump(board, square, last, forward)
    if word is not None:
        return word, False
    words = board_words(board)
    if not words:
        return None, False
    return (words[0] if forward else words[-1]), True


# ---------------------------------------------------------------- fit
@dataclass(frozen=True)
class Fit:
    """One legal placement of the player's word, with its best choice of blanks."""

    play: Play
    start: Square
    direction: str
    breakdown: ScoreBreakdown
    #: the squares of the blanks typed as ``?``: their letter is chosen when played
    wild: tuple[Square, ...] = ()

    @property
    def score(self) -> int:
        return self.breakdown.total

    @property
    def premiums(self) -> tuple[Premium, ...]:
        """The live premiums the new tiles cover, most valuable first."""
        found = [p for t in self.play.tiles if (p := premium_at(t.square)) is not None]
        return tuple(sorted(found, key=premium_rank, reverse=True))

    @property
    def other_words(self) -> tuple[str, ...]:
        """The other words the placement forms (board letters: lower case for
        blanks; ``?`` for a blank whose letter is still to choose)."""
        return tuple(
            "".join(BLANK if sq in self.wild else ch for sq, ch in zip(w.word.squares, w.word.letters))
            for w in self.breakdown.words[1:]
        )


@dataclass(frozen=True)
class FitResult:
    """Every placement of ``word`` (best score first) or, when there is
    none, ``reason``: one sentence saying why."""

    word: str  # as the player typed it, brackets removed
    fits: tuple[Fit, ...]
    reason: str | None = None
    #: the word itself is not in the word list (said where aids are on;
    #: the places are still named: the player may play it and be challenged)
    unlisted: bool = False


def _fit_letters(word: str) -> list[tuple[str, bool]]:
    """The typed word as (letter upper case, typed as a blank) pairs."""
    text = word.strip().replace("(", "").replace(")", "")
    if not text:
        raise NotationError("Name the word to fit, like fit QUIZ.")
    bad = [ch for ch in text if not (("a" <= ch.lower() <= "z" and ch.isascii()) or ch == BLANK)]
    if bad:
        raise NotationError(f"{bad[0]!r} is not a letter; type letters only.")
    if len(text) < 2:
        raise NotationError("A word has at least two letters.")
    if len(text) > SIZE:
        raise NotationError("Too long: the board is 15 squares wide; type a word of at most 15 letters.",
                            brief="Too long: type 15 letters at most.")
    if text.count(BLANK) > 2:
        raise NotationError("A word has at most two blanks; type ? for each.")
    all_lower = text.islower()
    return [(ch, True) if ch == BLANK else (ch.upper(), ch.islower() and not all_lower) for ch in text]


#: the letter a ``?`` is laid as while its places are found: a blank scores
#: 0 whatever it stands for, so any letter gives the same places and scores
_ANY_LETTER = "E"


def fit_word(
    board: Board,
    rack: Sequence[str],
    word: str,
    lexicon: Any = None,
    check_word: bool = False,
) -> FitResult:
    """Every legal placement of ``word`` as the main word of a play.

    ``word`` is typed in full, letters already on the board included; a
    lower-case letter among capitals must be a blank (a word all in lower
    case is ordinary tiles); ``?`` is a blank whose letter is chosen when
    it is played, as ``play`` takes it, on an empty square (it scores 0
    whatever it stands for; fit names no letter for it, as it names no
    words). Other capitals are the rack's real tiles, or a
    blank when the rack has run out of that letter, put where it loses
    least. Each placement is checked by the rules core (placement, rack)
    and scored by it. With a ``lexicon``, placements whose *other* words
    are not in it are left out, and a place of a word with a ``?`` is named
    only if some letter for each blank makes every word it forms, the
    player's own included, a word in the list. The player's own word
    typed in letters is not judged unless ``check_word`` (for rules that
    refuse words not in the list): its places are named, and
    :attr:`FitResult.unlisted` says it is not in the list. Raises
    :class:`NotationError` for text that is not a word.
    """
    letters = _fit_letters(word)
    shown = "".join(ch.lower() if b else ch for ch, b in letters)
    target = "".join(ch for ch, _ in letters)
    unlisted = lexicon is not None and BLANK not in target and target not in lexicon
    if check_word and unlisted:
        return FitResult(shown, (), f"{target} is not in the word list.")
    rack = list(rack)
    real = Counter(t for t in rack if t != BLANK)
    blanks = rack.count(BLANK)
    wild = {k for k, (ch, _) in enumerate(letters) if ch == BLANK}
    spelled = [(_ANY_LETTER, True) if k in wild else pair for k, pair in enumerate(letters)]
    fits, crossed_out = _placements(board, spelled, wild, real, blanks, lexicon)
    fits.sort(key=lambda f: (-f.score, f.direction != ACROSS, f.start.row, f.start.col))
    reason = None if fits else _no_fit_reason(board, letters, shown, real, blanks, crossed_out, lexicon)
    return FitResult(shown, tuple(fits), reason, unlisted and bool(fits))


def _placements(
    board: Board, letters: list[tuple[str, bool]], wild: set[int], real: Counter[str], blanks: int, lexicon: Any
) -> tuple[list[Fit], int]:
    """Every legal placement of these letters (those at the ``wild``
    places blanks of a letter still to choose, on empty squares only, as
    ``play`` lays a ``?``), and how many placements were left out for
    their other words. With a ``lexicon``, a placement with blanks still
    to choose is kept only if some letter for them makes every word it
    forms, its main word included, a word in the list (:func:`_some_letters`)."""
    n = len(letters)
    fits: list[Fit] = []
    crossed_out = 0
    for direction in (ACROSS, DOWN):
        for line in range(SIZE):
            for start in range(SIZE - n + 1):
                sq0 = Square(line, start) if direction == ACROSS else Square(start, line)
                before = sq0.step(direction, -1)
                after = sq0.step(direction, n)
                if (before.on_board and board[before]) or (after.on_board and board[after]):
                    continue  # the word would run on into a board tile
                new: list[tuple[Square, str, bool]] = []
                ok = True
                for k, (ch, forced) in enumerate(letters):
                    sq = sq0.step(direction, k)
                    on = board[sq]
                    if on:
                        if on.upper() != ch or k in wild:
                            ok = False
                            break
                    else:
                        new.append((sq, ch, forced))
                if not ok or not new:
                    continue
                best = _best_tiles(board, new, direction, real, blanks)
                if best is None:
                    continue
                play, breakdown = best
                wild_squares = tuple(sq0.step(direction, k) for k in sorted(wild))
                judged = [w for w in breakdown.words[1:] if not set(w.word.squares) & set(wild_squares)]
                if lexicon is not None and any(w.word.word not in lexicon for w in judged):
                    crossed_out += 1
                    continue
                if lexicon is not None and wild_squares and not _some_letters(breakdown, wild_squares, lexicon):
                    crossed_out += 1
                    continue
                fits.append(Fit(play, sq0, direction, breakdown, wild_squares))
    return fits, crossed_out


#: the letters a blank may stand for
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _some_letters(breakdown: ScoreBreakdown, wild: tuple[Square, ...], lexicon: Any) -> bool:
    """Whether some letter for each blank on the ``wild`` squares makes
    every word through them (the main word and the cross-words) a word in
    the ``lexicon``."""
    through = [
        (w.word.squares, w.word.word) for w in breakdown.words if set(w.word.squares) & set(wild)
    ]

    def listed(letter_of: dict[Square, str], words: list[tuple[tuple[Square, ...], str]]) -> bool:
        return all("".join(letter_of.get(sq, ch) for sq, ch in zip(squares, word)) in lexicon
                   for squares, word in words)

    # first the letters each blank may take by the words through it alone
    options = []
    for sq in wild:
        alone = [w for w in through if sq in w[0] and not set(w[0]) & (set(wild) - {sq})]
        options.append([ch for ch in _LETTERS if listed({sq: ch}, alone)])
    return any(listed(dict(zip(wild, choice)), through) for choice in product(*options))


def _best_tiles(
    board: Board, new: list[tuple[Square, str, bool]], direction: str, real: Counter[str], blanks: int
) -> tuple[Play, ScoreBreakdown] | None:
    """The best legal play putting these letters on these squares from the
    rack, or None if the rack cannot or the placement is not legal."""
    forced = sum(1 for _, _, f in new if f)
    need = Counter(ch for _, ch, f in new if not f)
    short = {ch: k - real[ch] for ch, k in need.items() if k > real[ch]}
    if forced + sum(short.values()) > blanks:
        return None
    hint = direction if len(new) == 1 else None
    # for each letter the rack runs short of, which of its squares take blanks
    per_letter = [
        list(combinations([i for i, (_, ch, f) in enumerate(new) if ch == c and not f], k))
        for c, k in sorted(short.items())
    ]
    best: tuple[Play, ScoreBreakdown] | None = None
    for choice in product(*per_letter):
        on_blank = {i for group in choice for i in group}
        tiles = [
            PlacedTile(sq, ch, f or i in on_blank) for i, (sq, ch, f) in enumerate(new)
        ]
        play = Play.of(tiles, hint)
        try:
            validate_placement(board, play)
        except IllegalPlay:
            return None  # the squares are the same for every choice of blanks
        bd = score_play(board, play)
        if not bd.words or bd.words[0].word.direction != direction:
            return None
        if best is None or bd.total > best[1].total:
            best = (play, bd)
    return best


def _no_fit_reason(
    board: Board, letters: list[tuple[str, bool]], shown: str, real: Counter[str], blanks: int, crossed_out: int,
    lexicon: Any = None,
) -> str:
    word = shown.upper()
    forced = sum(1 for _, f in letters if f)
    if forced > blanks:
        if blanks == 0:
            return f"No blank on your rack for {shown}."
        return f"Only {blanks} blank{'s' if blanks > 1 else ''} on your rack for {shown}."
    # letters the rack cannot supply must already be on the board
    need = Counter(ch for ch, f in letters if not f)
    spare = blanks - forced
    missing: Counter[str] = Counter()
    for ch, k in sorted(need.items()):
        if k > real[ch]:
            missing[ch] = k - real[ch]
    on_board = Counter(t.upper() for _, t in board.occupied())
    lacking = sum(missing.values()) - spare
    if lacking > 0:
        absent = [ch for ch in missing if on_board[ch] == 0]
        if absent and (board.is_empty() or sum(missing[c] for c in absent) > spare):
            # every letter lacking, and how many of one the rack has too few of
            short = [ch for ch in absent if real[ch]]
            if short and len(absent) == 1:
                ch = short[0]
                return f"{word} needs {need[ch]} {ch}s; your rack has {real[ch]}."
            if len(absent) == 1:
                return f"No {absent[0]} on your rack or board for {word}."
            named = ", ".join(absent[:-1]) + " or " + absent[-1]
            return f"{word}: no {named} on rack or board."
        if board.is_empty():
            return f"Your rack cannot make {word}."
        tried = _tried_on_board(board, letters, real, blanks, lexicon, set(missing))
        if tried:
            return f"{word}: {tried}."
        listed = " and ".join(sorted(missing)) if len(missing) <= 2 else ", ".join(sorted(missing))
        return f"{word}: no place has the {listed} it needs."
    if crossed_out:
        return f"{word} fits only by making unlisted words."
    return f"No room for {word} next to the tiles."



#: why a placement through a board letter fails, most telling first
_FAILS = ("unlisted words", "letters you lack", "tiles in the way", "no room")
#: how many board letters the reason names
_TRIED_LIMIT = 3


def _tried_on_board(
    board: Board, letters: list[tuple[str, bool]], real: Counter[str], blanks: int, lexicon: Any, wanted: set[str]
) -> str:
    """The board letters a word must go through, the rack lacking them,
    and why each place through them fails: ``the X on C1: tiles in the
    way; the X on K9: unlisted words`` ("" when no such letter is on the
    board). Each place through such a letter, across and down, fails
    for one of :data:`_FAILS`."""
    n = len(letters)
    why: dict[str, list[str]] = {}  # the reason -> the board letters it is true of
    squares = [(sq, t.upper()) for sq, t in sorted(board.occupied()) if t.upper() in wanted]
    for sq, letter in squares[:_TRIED_LIMIT]:
        fails: set[str] = set()
        for direction in (ACROSS, DOWN):
            for k, (ch, forced) in enumerate(letters):
                if ch != letter or forced:
                    continue
                fails.add(_why_not(board, letters, real, blanks, lexicon, sq.step(direction, -k), direction, n))
        fails.discard("")
        if fails:
            why.setdefault(" or ".join(f for f in _FAILS if f in fails), []).append(f"the {letter} on {sq.name}")
    said = [", ".join(tiles) + ": " + reason for reason, tiles in why.items()]
    if said and len(squares) > _TRIED_LIMIT:
        said.append(f"{len(squares) - _TRIED_LIMIT} more not tried")
    return "; ".join(said)


def _why_not(
    board: Board, letters: list[tuple[str, bool]], real: Counter[str], blanks: int, lexicon: Any,
    sq0: Square, direction: str, n: int,
) -> str:
    """Why the word laid from ``sq0`` is no legal place: one of
    :data:`_FAILS`, or "" if it is one."""
    end = sq0.step(direction, n - 1)
    if not (sq0.on_board and end.on_board):
        return "no room"
    before, after = sq0.step(direction, -1), end.step(direction)
    if (before.on_board and board[before]) or (after.on_board and board[after]):
        return "tiles in the way"
    new: list[tuple[Square, str, bool]] = []
    for k, (ch, forced) in enumerate(letters):
        sq = sq0.step(direction, k)
        if board[sq]:
            if board[sq].upper() != ch or ch == BLANK:
                return "tiles in the way"
        else:
            new.append((sq, _ANY_LETTER if ch == BLANK else ch, forced or ch == BLANK))
    if not new:
        return "tiles in the way"
    forced_count = sum(1 for _, _, f in new if f)
    need = Counter(ch for _, ch, f in new if not f)
    if forced_count + sum(max(0, k - real[ch]) for ch, k in need.items()) > blanks:
        return "letters you lack"
    best = _best_tiles(board, new, direction, real, blanks)
    if best is None:
        return "tiles in the way"
    if lexicon is not None and any(w.word.word not in lexicon for w in best[1].words[1:]):
        return "unlisted words"
    return ""
