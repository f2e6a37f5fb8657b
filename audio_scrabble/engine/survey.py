"""Survey the board: where plays can go, what is around a square, where a word fits.

Geometry first, never word suggestions. Everything here takes a core
:class:`~audio_scrabble.core.board.Board` (and a rack or its size), so it
works the same in a game, in a review step and in a game started from a
position. The words are chosen in ``presentation/survey_phrases.py``.

* :func:`hot_spots` -- every live premium square that a geometrically
  legal play could cover: a line of 1 to ``rack_size`` new tiles with no
  gaps but board tiles, touching a tile (on an empty board: covering the
  star with at least two tiles). Each comes with the shortest way to
  reach it (:class:`Route`). No word list is consulted, so a square is
  named whatever the letters; a square no placement can cover is never
  named.
* :func:`lanes` -- long runs of free squares that a play along them could
  fill (every square of a lane is within reach of a tile along the lane).
* :func:`survey` -- both, for an optional :class:`Area` (top, bottom,
  left, right, a quadrant, a row, a column; see :func:`parse_area`).
* :func:`around` -- a square's neighbourhood: what is next to it on each
  side and how many free squares run each way to a tile or the edge.
* :func:`fit_word` -- every legal placement of a word the player names
  (board letters included, lower case for a blank), best score first,
  checked and scored by the rules core.
* :func:`next_hot_spot`, :func:`next_word` -- cursor jump targets in
  reading order.
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
from ..core.tiles import BLANK, RACK_SIZE
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


def hot_spots(board: Board, rack_size: int = RACK_SIZE, area: "Area | None" = None) -> list[Spot]:
    """Every live premium square a play of 1 to ``rack_size`` new tiles can
    cover (in ``area`` if given), most valuable first: by premium (three
    bars, two bars, three dots, two dots), then fewest tiles, then
    reading order."""
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
    return out


# ---------------------------------------------------------------- lanes
@dataclass(frozen=True)
class Lane:
    """A run of free squares along a row or column, every one of them
    within reach of a play along the run."""

    start: Square
    direction: str
    length: int

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
                    out.append(Lane(line[k], direction, j - k + 1))
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
            raise NotationError(f"There is no row {row}; rows run 1 to 15.")
        return Area(f"row {row}", (row - 1, row - 1), (0, SIZE - 1))
    m = re.fullmatch(r"(?:column\s*|col\s*)?([a-z])", t)
    if m:
        col = ord(m.group(1)) - ord("a")
        if not 0 <= col < SIZE:
            raise NotationError(f"There is no column {m.group(1).upper()}; columns run A to O.")
        return Area(f"column {COLUMNS[col]}", (0, SIZE - 1), (col, col))
    words = [_SYNONYMS.get(w, w) for w in t.split() if w not in ("the", "half", "corner", "side", "quarter")]
    if not words or len(words) > 2 or any(w not in _HALVES for w in words):
        raise NotationError(f"{clip(text.strip())!r} is not an area; {AREA_HELP}.")
    rows: tuple[int, int] = (0, SIZE - 1)
    cols: tuple[int, int] = (0, SIZE - 1)
    vertical = [w for w in words if w in ("top", "bottom")]
    horizontal = [w for w in words if w in ("left", "right")]
    if len(vertical) > 1 or len(horizontal) > 1:
        raise NotationError(f"{clip(text.strip())!r} is not an area; {AREA_HELP}.")
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


def survey(board: Board, rack_size: int = RACK_SIZE, area: Area | None = None) -> Survey:
    """Hot spots and lanes of a board for a rack of ``rack_size`` tiles."""
    return Survey(tuple(hot_spots(board, rack_size, area)), tuple(lanes(board, rack_size, area)), area, rack_size)


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
        raise NotationError("Too long: the board is 15 squares wide.")
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
    are not in it are left out; the player's own word is not judged unless
    ``check_word`` (for rules that refuse words not in the list). Raises
    :class:`NotationError` for text that is not a word.
    """
    letters = _fit_letters(word)
    shown = "".join(ch.lower() if b else ch for ch, b in letters)
    target = "".join(ch for ch, _ in letters)
    if check_word and lexicon is not None and target not in lexicon and BLANK not in target:
        return FitResult(shown, (), f"{target} is not in the word list.")
    rack = list(rack)
    real = Counter(t for t in rack if t != BLANK)
    blanks = rack.count(BLANK)
    wild = {k for k, (ch, _) in enumerate(letters) if ch == BLANK}
    spelled = [(_ANY_LETTER, True) if k in wild else pair for k, pair in enumerate(letters)]
    fits, crossed_out = _placements(board, spelled, wild, real, blanks, lexicon)
    fits.sort(key=lambda f: (-f.score, f.direction != ACROSS, f.start.row, f.start.col))
    reason = None if fits else _no_fit_reason(board, letters, shown, real, blanks, crossed_out)
    return FitResult(shown, tuple(fits), reason)


def _placements(
    board: Board, letters: list[tuple[str, bool]], wild: set[int], real: Counter[str], blanks: int, lexicon: Any
) -> tuple[list[Fit], int]:
    """Every legal placement of these letters (those at the ``wild``
    places blanks of a letter still to choose, on empty squares only, as
    ``play`` lays a ``?``; the other words through them are not judged),
    and how many placements were left out for their other words."""
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
                fits.append(Fit(play, sq0, direction, breakdown, wild_squares))
    return fits, crossed_out


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
    board: Board, letters: list[tuple[str, bool]], shown: str, real: Counter[str], blanks: int, crossed_out: int
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
        listed = " and ".join(sorted(missing)) if len(missing) <= 2 else ", ".join(sorted(missing))
        return f"{word}: no place has the {listed} it needs."
    if crossed_out:
        return f"{word} fits only by making unlisted words."
    return f"No room for {word} next to the tiles."

