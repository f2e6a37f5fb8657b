"""Every legal placement for a rack on a board, with its score.

Algorithm: Appel & Jacobson (1988), "The world's fastest Scrabble
program", over a DAWG (see ``graph.py``), with the usual anchors and
cross-checks, tuned for CPython:

* **Lines.** The board is 30 lines (15 rows read across, 15 columns read
  down). For each line the analysis keeps, per square: the tile's letter
  bit (0 if empty), its value, the cross-check (the set of letters that
  make a word with the tiles above and below, as a 26-bit int; all letters
  where there are none), the sum of those perpendicular tiles' values and
  the word multiplier that applies to the perpendicular word (0 if there
  is none), and the anchors (empty squares next to a tile); and, for the
  extension, one tuple per square of what it reads there (``Line.sq``).
  The analysis of a board is kept and, for the next board, only the lines
  that the changed squares can affect are recomputed (:class:`BoardAnalysis`).
* **Left parts once per rack.** The squares left of an anchor up to the
  previous anchor have no tiles near them, so the "left parts" that can
  go there depend only on the rack. They are enumerated once per
  generation (not once per anchor), grouped by length, each with the
  letters that may follow it (its node's child letters that the rack
  still holds) as a bit mask; at an anchor, one ``&`` with the anchor's
  cross-check tells whether it can continue. When a tile lies right of
  the anchor (the play extends a word leftwards), a left part must also
  have a child letter followed by that tile. For that, each left part
  carries its node's *pair mask* (:func:`_pairs`: for every child letter,
  the child's own child letters, in one int of 26 x 26 bits, cached in the
  DAWG node under ``PAIRS``), so one ``&`` per left part, run in C over
  all of them (``map``/``compress``), tells which may go there; this
  removes most left parts before any walking. The left parts passing an
  anchor are cached per (length, right tile, cross-check) for the
  generation.
* **Runs of tiles.** Where the next square holds a tile, the word must go
  on through the whole run of tiles there; the line keeps each run once
  (``Line.runs``: its letters, the square after it, its letters' value,
  the cross-check after it), and a DAWG node caches the letters whose
  child gets through a run (under ``HOOK | t`` for one tile, ``RUN | code``
  for longer runs, capped), so the walk tries only letters that get
  through, and an anchor left of a run keeps only the left parts with
  such a next letter.
* **Right extension** is a recursive walk carrying the score so far
  (letter sum of the main word, word multiplier, cross-word points) as
  ints, so a move's score is known the moment it is found, and the move
  is recorded as a small tuple ``(score, direction, line, start, word,
  blank mask)``. The caller works out which letters may go on the next
  square (it tests that before recursing) and passes them on. There is
  one extension function per number of blanks left (``extend0`` for none;
  each with blanks goes on with the next one down when it plays a blank),
  so no blank counter is kept; each has a short path for the common case
  of an empty next square. The generation's constants are default
  arguments (fast locals).
* **Order.** Each anchor takes its longest left parts first and every
  walk tries letters in alphabetical order, so the records come in the
  order of (direction, line, start, word), one per word placement;
  :meth:`MoveGenerator.generate` then needs only one stable sort by score
  to give the order of the whole tuples, best score first.
* **Openings.** On an empty board only the across plays through the star
  are searched; the down plays are their mirror images (the premium
  layout is symmetric about the diagonal).
* **Blanks.** A blank could stand for the same letter as a real tile on
  the rack; trying both would explore the same words twice. The walk
  tries each *letter* once, taking a real tile when there is one and the
  blank otherwise. For each word placement found this way, the
  highest-scoring choice of which tiles are blanks is recorded (placing
  the needed blanks on the squares where they lose least), and every
  other choice (e.g. a blank played where a real tile would do) is
  available from :meth:`Move.placements` with its exact score. So a
  :class:`Move` is one *word placement* and :meth:`MoveList.placements`
  is every legal placement the core would accept.

Single-tile plays are found once: in the across pass when they make an
across word, otherwise in the down pass.

The result agrees exactly with the core's ``validate_placement`` +
``score_play`` + word list (see ``tests/engine/test_movegen.py``).
"""

from __future__ import annotations

import importlib
import os
import struct
import threading
import weakref
from collections import Counter
from itertools import combinations, compress, count, repeat
from operator import and_, gt, itemgetter
from collections.abc import Iterator, Sequence
from typing import Any

from ..core.board import ACROSS, DOWN, PREMIUMS, SIZE, Board, Square
from ..core.play import PlacedTile, Play
from ..core.tiles import BINGO_BONUS, BLANK, RACK_SIZE, TILE_VALUES
from .graph import ALL_LETTERS, BIT, CHAR, HOOK, PAIRS, RUN, TERM, WordGraph

# The optional compiled search (_movegen_c.c, built where a C compiler
# exists); AUDIO_SCRABBLE_PURE_PYTHON=1 (any value but "" and "0") keeps
# the pure-Python search, as does a missing or unloadable module.
_c: Any
if os.environ.get("AUDIO_SCRABBLE_PURE_PYTHON", "") not in ("", "0"):
    _c = None
else:
    try:
        _c = importlib.import_module("._movegen_c", __package__)
    except ImportError:
        _c = None
    else:
        if getattr(_c, "INTERFACE", None) != 2:  # built from other source: not ours to read
            _c = None

#: The search in use by default: "c" (the compiled module) or "python".
BACKEND = "c" if _c is not None else "python"

#: bit -> tile value
_VAL: dict[int, int] = {BIT[ch]: TILE_VALUES[ch] for ch in BIT}
#: letter -> tile value
_VALC: dict[str, int] = {ch: TILE_VALUES[ch] for ch in BIT}

#: Premiums per line: _LM[d][i][j], _WM[d][i][j] for direction d (0 across,
#: 1 down), line i, position j along the line.
_LM = (  # (a plain square: 1)
    [[getattr(PREMIUMS[i][j], "letter_multiplier", 1) for j in range(SIZE)] for i in range(SIZE)],
    [[getattr(PREMIUMS[j][i], "letter_multiplier", 1) for j in range(SIZE)] for i in range(SIZE)],
)
_WM = (
    [[getattr(PREMIUMS[i][j], "word_multiplier", 1) for j in range(SIZE)] for i in range(SIZE)],
    [[getattr(PREMIUMS[j][i], "word_multiplier", 1) for j in range(SIZE)] for i in range(SIZE)],
)

#: _PC[d][i][j]: number of premium squares on the line before position j
_PC = tuple(
    [[sum(1 for q in range(j) if _LM[d][i][q] > 1 or _WM[d][i][q] > 1) for j in range(SIZE + 1)] for i in range(SIZE)]
    for d in (0, 1)
)

DIRECTIONS = (ACROSS, DOWN)

#: Whether the premium layout is symmetric about the main diagonal (it is);
#: then the down plays of an opening mirror the across ones.
_SYMMETRIC = all(PREMIUMS[r][c] == PREMIUMS[c][r] for r in range(SIZE) for c in range(SIZE))


#: Flag in a move's blank mask (shifted left by at most 14): a blank was
#: played for a letter of which the rack also holds real tiles, so the
#: left-to-right choice of blanks may not be the best one (see _best_blanks).
_FIX = 1 << 32
_POSITIONS = (1 << SIZE) - 1


class _Found(Exception):
    """Raised to stop the search at the first move (``move_exists``)."""


# ---------------------------------------------------------------------------
# Board analysis
# ---------------------------------------------------------------------------

class Line:
    """What the generator needs to know about one row or column.

    Lists are indexed by position along the line (0-14); ``lt`` has a 16th
    entry, -1, marking the edge.
    """

    __slots__ = ("lt", "lch", "lstr", "bv", "bps", "cc", "xs", "xw", "anchors", "sq", "runs", "packed")

    def __init__(self) -> None:
        self.lt: list[int] = []  # letter bit of the tile, 0 if empty; [15] = -1
        self.lch: list[str] = []  # tile as on the board ("" if empty)
        self.lstr = ""  # the line's letters, upper case, "." where empty
        self.bv: list[int] = []  # tile value (0 for a blank or empty)
        self.bps: list[int] = []  # bps[j] = sum of bv[:j] (16 entries + 1)
        self.cc: list[int] = []  # cross-check letters (empty squares)
        self.xs: list[int] = []  # value of the perpendicular tiles
        self.xw: list[int] = []  # word multiplier of the cross word, 0 if none
        self.anchors: list[int] = []
        # sq[j]: what the extension reads at square j, in one tuple:
        # (lt[j + 1], letter multiplier lm, word multiplier, xs[j] * xw[j], lm * xw[j],
        #  cc[j + 1] or 0, j + 1, 1 << j)
        self.sq: Any = []  # list[tuple[int, ...]], or None until the Python search needs it
        # runs[q]: for a tile on q after an empty square (or the edge), the run
        # of tiles from q: (the letter bits of the run after its first tile,
        # the square after the run, the run's letters, their value, the
        # cross-check of the square after the run or 0 at the edge); None elsewhere
        self.runs: Any = []  # list[tuple[Any, ...] | None], or None as sq
        # The line for the compiled search (see _pack_line); b"" for a line
        # it skips (one with no anchors, or not computed).
        self.packed = b""


def _tile_bits(ch: str) -> int:
    return BIT[ch.upper()] if ch else 0


def _tile_val(ch: str) -> int:
    return TILE_VALUES[ch] if ch and ch.isupper() else 0


class BoardAnalysis:
    """Line data for a board, updated incrementally from the last board seen.

    ``lines[d][i]`` is the :class:`Line` for direction ``d`` (0 = across,
    rows; 1 = down, columns) and index ``i``.
    """

    def __init__(self, graph: WordGraph, backend: str | None = None) -> None:
        self.graph = graph
        # The lines worked out by the compiled module (backend "c", the
        # default where it is loaded) or in Python; the same data either way.
        self._cflat = _c_graph(graph) if (BACKEND if backend is None else backend) == "c" and _c is not None else None
        self._text: tuple[Any, str] = (None, "")  # (rows, the board as 225 characters) for the compiled module
        self.rows: tuple[tuple[str, ...], ...] | None = None
        self.lines: tuple[list[Line], list[Line]] = ([Line() for _ in range(SIZE)], [Line() for _ in range(SIZE)])
        self.empty = True
        self.recomputed = 0  # lines recomputed by the last update (for tests)
        #: lines (bit 15 * direction + index) not yet brought up to date
        #: with ``rows`` (an update for some lines only leaves the others)
        self.stale = 0
        self.cols: tuple[tuple[str, ...], ...] = ()

    def update(self, board: Board, only: int | None = None) -> "BoardAnalysis":
        """Up to date with ``board``: every line, or the lines in the bit
        mask ``only`` (bit ``15 * direction + index``; the others are
        brought up to date by a later update that needs them)."""
        rows = tuple(tuple(r) for r in board.cells)
        old = self.rows
        if old == rows:
            self.recomputed = 0
            if self.stale:
                self._refresh(only)
            return self
        cols = tuple(zip(*rows))
        if old is None:
            todo_rows = set(range(SIZE))
            todo_cols = set(range(SIZE))
        else:
            old_cols = tuple(zip(*old))
            todo_rows = set()
            todo_cols = set()
            for r in range(SIZE):
                if old[r] == rows[r]:
                    continue
                for c in range(SIZE):
                    if old[r][c] != rows[r][c]:
                        todo_rows.update((r - 1, r, r + 1))
                        todo_cols.update((c - 1, c, c + 1))
                        for grid in (cols, old_cols):
                            lo, hi = _run_ends(grid[c], r)
                            todo_rows.update((lo - 1, hi + 1))
                        for grid in (rows, old):
                            lo, hi = _run_ends(grid[r], c)
                            todo_cols.update((lo - 1, hi + 1))
        self.rows = rows
        self.cols = cols
        self.empty = not any(any(r) for r in rows)
        stale = self.stale
        for i in todo_rows:
            if 0 <= i < SIZE:
                stale |= 1 << i
        for i in todo_cols:
            if 0 <= i < SIZE:
                stale |= 1 << (SIZE + i)
        self.stale = stale
        self.recomputed = 0
        self._refresh(only)
        return self

    def _refresh(self, only: int | None) -> None:
        need = self.stale if only is None else self.stale & only
        self.stale ^= need
        rows, cols = self.rows, self.cols
        n = 0
        while need:
            b = need & -need
            need ^= b
            k = b.bit_length() - 1
            if k < SIZE:
                self._compute(self.lines[0][k], rows, cols, k, 0)  # type: ignore[arg-type]  # set in __init__
            else:
                self._compute(self.lines[1][k - SIZE], cols, rows, k - SIZE, 1)  # type: ignore[arg-type]  # set in __init__
            n += 1
        self.recomputed += n

    def _compute(self, line: Line, grid: Sequence[Sequence[str]], perp: Sequence[Sequence[str]], i: int, d: int) -> None:
        cells = grid[i]
        if self._cflat is not None:
            rows, text = self._text
            if rows is not self.rows:
                text = "".join([ch or "." for row in self.rows for ch in row])  # type: ignore[union-attr]  # set by update
                self._text = (self.rows, text)
            lt, bv, cc, xs, xw, anchors, line.packed = _c.line(self._cflat, text, d, i)
            line.lt, line.bv, line.cc, line.xs, line.xw, line.anchors = lt, bv, cc, xs, xw, anchors
            line.lstr = (text[SIZE * i : SIZE * i + SIZE] if d == 0 else text[i::SIZE]).upper() + "."
        else:
            self._compute_cross(line, cells, perp, i, d)
            lt, bv, cc, xs, xw, anchors = line.lt, line.bv, line.cc, line.xs, line.xw, line.anchors
            line.lstr = "".join(ch.upper() or "." for ch in cells) + "."
        line.lch = list(cells)
        bps = [0]
        for v in bv:
            bps.append(bps[-1] + v)
        bps.append(bps[-1])
        line.bps = bps
        if self._cflat is not None:
            line.sq = line.runs = None  # made when the Python search needs them
        else:
            _search_fields(line, d, i)

    def _compute_cross(self, line: Line, cells: Sequence[str], perp: Sequence[Sequence[str]], i: int, d: int) -> None:
        """The tiles, cross-checks and anchors of a line, in Python (and
        its packed form where the compiled search is loaded)."""
        line.lt = [_tile_bits(ch) for ch in cells] + [-1]
        line.bv = bv = [_tile_val(ch) for ch in cells]
        cc = [ALL_LETTERS] * SIZE
        xs = [0] * SIZE
        xw = [0] * SIZE
        anchors = []
        wm = _WM[d][i]
        cross_mask = self.graph.cross_mask
        for j in range(SIZE):
            if cells[j]:
                cc[j] = 0
                continue
            col = perp[j]
            if (i > 0 and col[i - 1]) or (i < SIZE - 1 and col[i + 1]):
                lo = i
                while lo > 0 and col[lo - 1]:
                    lo -= 1
                hi = i
                while hi < SIZE - 1 and col[hi + 1]:
                    hi += 1
                before = "".join(col[lo:i]).upper()
                after = "".join(col[i + 1 : hi + 1]).upper()
                cc[j] = cross_mask(before, after)
                xs[j] = sum(_tile_val(ch) for ch in col[lo:i]) + sum(_tile_val(ch) for ch in col[i + 1 : hi + 1])
                xw[j] = wm[j]
                anchors.append(j)
            elif (j > 0 and cells[j - 1]) or (j < SIZE - 1 and cells[j + 1]):
                anchors.append(j)
        line.cc, line.xs, line.xw, line.anchors = cc, xs, xw, anchors
        if _c is not None:
            line.packed = _pack_line(line.lt, bv, cc, xs, xw, anchors)


#: The packed line read by the compiled search (_movegen_c.c, F_*): 81
#: native int32: per position (16 each, the 16th unused) the tile's letter
#: index + 1 (0 if empty), its value, the cross-check, the perpendicular
#: tiles' value and the cross word's multiplier; then the anchors' bit mask.
_LINE = struct.Struct("=81i")
if _c is not None and _c.LINE_INTS * 4 != _LINE.size:
    _c = None
    BACKEND = "python"
_PAD = (0,)


def _pack_line(lt: Sequence[int], bv: Sequence[int], cc: Sequence[int], xs: Sequence[int], xw: Sequence[int],
               anchors: Sequence[int]) -> bytes:
    if not anchors:
        return b""
    amask = 0
    for a in anchors:
        amask |= 1 << a
    return _LINE.pack(*[b.bit_length() if b > 0 else 0 for b in lt[:SIZE]], 0, *bv, 0, *cc, 0, *xs, 0, *xw, 0, amask)


def _search_fields(line: Line, d: int, i: int) -> None:
    """What only the Python search reads of a line (``Line.sq`` and ``Line.runs``)."""
    lt, lstr, bps, cc, xs, xw = line.lt, line.lstr, line.bps, line.cc, line.xs, line.xw
    wm = _WM[d][i]
    lm = _LM[d][i]
    line.sq = [(lt[j + 1], lm[j], wm[j], xs[j] * xw[j], lm[j] * xw[j], cc[j + 1] if j + 1 < SIZE else 0, j + 1, 1 << j)
               for j in range(SIZE)]
    runs: list[tuple[Any, ...] | None] = [None] * (SIZE + 1)
    for q in range(SIZE):
        if lt[q] > 0 and (q == 0 or not lt[q - 1]):
            e = q + 1
            while lt[e] > 0:
                e += 1
            runs[q] = (tuple(lt[q + 1 : e]), e, lstr[q:e], bps[e] - bps[q], cc[e] if e < SIZE else 0,
                       _run_key(lt[q:e]))
    line.runs = runs


def _run_ends(cells: Sequence[str], k: int) -> tuple[int, int]:
    """The first and last index of the run of tiles through ``k`` (k itself if empty)."""
    lo = k
    while lo > 0 and cells[lo - 1]:
        lo -= 1
    hi = k
    while hi < SIZE - 1 and cells[hi + 1]:
        hi += 1
    return lo, hi


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------

def record_leave(rack: Sequence[str], ctx: "_Context", rec: tuple) -> list[str]:
    """The tiles a raw move record (see :meth:`MoveGenerator.raw`) keeps from ``rack``."""
    _, d, i, s, w, bm = rec
    lt = ctx.lines[d][i][0]
    left = list(rack)
    for k, ch in enumerate(w):
        if not lt[s + k]:
            left.remove(BLANK if bm >> (s + k) & 1 else ch)
    return left


class _Context:
    """What moves need later about the position they came from.

    Holds, per line, the tiles and cross-word multipliers as they were when
    the moves were generated (the analysis replaces its lists on update, so
    these stay valid), and the rack.
    """

    __slots__ = ("lines", "rack", "real", "blanks")

    def __init__(self, lines: tuple[list[Line], list[Line]], rack: Sequence[str]) -> None:
        self.lines = tuple([(ln.lt, ln.lch, ln.xw) for ln in lines[d]] for d in (0, 1))
        self.rack = tuple(rack)
        self.real = Counter(t for t in rack if t != BLANK)
        self.blanks = sum(1 for t in rack if t == BLANK)

    def new_positions(self, d: int, line: int, start: int, length: int) -> list[int]:
        lt = self.lines[d][line][0]
        return [j for j in range(start, start + length) if not lt[j]]

    def penalties(self, d: int, line: int, start: int, word: str) -> dict[int, int]:
        """Position -> points lost if the tile played there is a blank."""
        lt, _, xw = self.lines[d][line]
        lm, wmrow = _LM[d][line], _WM[d][line]
        new = [j for j in range(start, start + len(word)) if not lt[j]]
        wmul = 1
        for j in new:
            wmul *= wmrow[j]
        return {j: TILE_VALUES[word[j - start]] * lm[j] * (wmul + xw[j]) for j in new}


class Move:
    """One word placement, with the score of its best choice of blanks.

    A move is made from the generator's compact record and builds its core
    :class:`~audio_scrabble.core.play.Play` only when asked (:attr:`play`).
    When the rack holds a blank, other choices of which tiles are blanks
    are other legal placements of the same word; :meth:`placements` lists
    them all, each with its exact score.

    Attributes:
        score: points, including the 50 bonus for playing seven tiles.
        direction: ACROSS or DOWN (the direction of the main word).
        line: the row (across) or column (down) index, from 0.
        start: the position of the word's first letter along the line, from 0.
        word: the main word, upper case, with the letters already on the board.
        blanks: bit mask of the positions along the line where a blank is played.
    """

    __slots__ = ("score", "direction", "line", "start", "word", "blanks", "_ctx", "_play")

    def __init__(self, score: int, d: int, line: int, start: int, word: str, blanks: int, ctx: _Context) -> None:
        self.score = score
        self.direction = DIRECTIONS[d]
        self.line = line
        self.start = start
        self.word = word
        self.blanks = blanks
        self._ctx = ctx
        self._play: Play | None = None

    @property
    def _d(self) -> int:
        return 0 if self.direction == ACROSS else 1

    # -- geometry ------------------------------------------------------------
    def square_at(self, j: int) -> Square:
        """The square at position ``j`` of the move's line."""
        return Square(self.line, j) if self.direction == ACROSS else Square(j, self.line)

    @property
    def start_square(self) -> Square:
        return self.square_at(self.start)

    def new_positions(self) -> list[int]:
        """Positions along the line where the move puts tiles."""
        return self._ctx.new_positions(self._d, self.line, self.start, len(self.word))

    @property
    def tile_count(self) -> int:
        return len(self.new_positions())

    def tiles(self, blanks: int | None = None) -> list[PlacedTile]:
        """The placed tiles (with ``blanks`` as the blank mask; default: the move's)."""
        mask = self.blanks if blanks is None else blanks
        return [
            PlacedTile(self.square_at(j), self.word[j - self.start], bool(mask >> j & 1))
            for j in self.new_positions()
        ]

    @property
    def play(self) -> Play:
        """The core Play (built on first use)."""
        if self._play is None:
            self._play = _make_play(self.tiles(), self.direction)
        return self._play

    def rack_tiles(self) -> list[str]:
        """The tiles the move takes from the rack (``?`` for a blank)."""
        w, st, bm = self.word, self.start, self.blanks
        return [BLANK if bm >> j & 1 else w[j - st] for j in self.new_positions()]

    def leave(self) -> list[str]:
        """The tiles left on the rack after the move."""
        left = list(self._ctx.rack)
        for t in self.rack_tiles():
            left.remove(t)
        return left

    def formed_words(self) -> list[str]:
        """Every word the move forms, upper case, main word first (then the
        cross words in the order of the squares)."""
        ctx = self._ctx
        d = self._d
        xw = ctx.lines[d][self.line][2]
        i = self.line
        out = [self.word]
        for j in self.new_positions():
            if not xw[j]:  # no tile above or below (left or right): no cross word
                continue
            perp = ctx.lines[1 - d][j][1]
            lo = i
            while lo > 0 and perp[lo - 1]:
                lo -= 1
            hi = i
            while hi < SIZE - 1 and perp[hi + 1]:
                hi += 1
            out.append("".join(perp[lo:i]).upper() + self.word[j - self.start] + "".join(perp[i + 1 : hi + 1]).upper())
        return out

    # -- notation ------------------------------------------------------------
    def notation(self, blanks: int | None = None) -> tuple[str, str]:
        """(position, word) in tournament notation, e.g. ``("15H", "(T)UTORIAL")``.

        Row number first for an across word, column letter first for a down
        word; a blank as a lower-case letter; letters already on the board
        in parentheses.
        """
        mask = self.blanks if blanks is None else blanks
        sq = self.start_square
        col = "ABCDEFGHIJKLMNO"[sq.col]
        pos = f"{sq.row + 1}{col}" if self.direction == ACROSS else f"{col}{sq.row + 1}"
        lch = self._ctx.lines[self._d][self.line][1]
        out = []
        inside = False
        for k, ch in enumerate(self.word):
            j = self.start + k
            on_board = lch[j]
            if on_board and not inside:
                out.append("(")
            elif not on_board and inside:
                out.append(")")
            inside = bool(on_board)
            out.append(on_board or (ch.lower() if mask >> j & 1 else ch))
        if inside:
            out.append(")")
        return pos, "".join(out)

    def __str__(self) -> str:
        pos, word = self.notation()
        return f"{pos} {word} {self.score}"

    def __repr__(self) -> str:
        return f"<Move {self}>"

    # -- every choice of blanks ---------------------------------------------
    def blank_choices(self) -> list[tuple[int, int]]:
        """Every legal choice of blanks as (score, blank mask), best first.

        One entry (the move's own) unless the rack holds a blank. A choice
        is legal when the real tiles it uses are on the rack and it uses no
        more blanks than the rack holds.
        """
        ctx = self._ctx
        if not ctx.blanks:
            return [(self.score, self.blanks)]
        new = self.new_positions()
        letter = {j: self.word[j - self.start] for j in new}
        need = Counter(letter.values())
        pen = ctx.penalties(self._d, self.line, self.start, self.word)
        base = self.score + sum(pen[j] for j in new if self.blanks >> j & 1)  # all tiles real
        out = []
        for n in range(ctx.blanks + 1):
            for chosen in combinations(new, n):
                used = Counter(letter[j] for j in chosen)
                if all(need[ch] - used[ch] <= ctx.real[ch] for ch in need):
                    mask = 0
                    for j in chosen:
                        mask |= 1 << j
                    out.append((base - sum(pen[j] for j in chosen), mask))
        out.sort(key=lambda t: (-t[0], t[1]))
        return out

    def placements(self) -> list[tuple[Play, int]]:
        """Every legal placement of this word here: (play, score), best first."""
        if not self._ctx.blanks:
            return [(self.play, self.score)]
        return [(_make_play(self.tiles(mask), self.direction), score) for score, mask in self.blank_choices()]


def _make_play(tiles: list[PlacedTile], direction: str) -> Play:
    return Play.of(tiles, direction if len(tiles) == 1 else None)


class MoveList(Sequence):
    """The moves of a position (one :class:`Move` per word placement), in order.

    A read-only sequence (indexing, slicing, iteration, ``len``, equality
    with a list). It holds the generator's compact records and makes each
    :class:`Move` the first time it is read, so taking the best few of
    tens of thousands of placements costs only those few; ``records`` are
    the compact tuples, in the same order. ``rack`` is the rack they were
    generated for. :meth:`placements` expands every choice of blanks.
    """

    __slots__ = ("records", "rack", "_ctx", "_moves")

    def __init__(self, records: list | None = None, ctx: "_Context | None" = None, rack: Sequence[str] = ()) -> None:
        self.records: list[tuple] = records if records is not None else []
        self._ctx = ctx
        self.rack: tuple[str, ...] = tuple(rack)
        self._moves: list[Move | None] = [None] * len(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def _move(self, k: int) -> Move:
        m = self._moves[k]
        if m is None:
            m = self._moves[k] = Move(*self.records[k], self._ctx)  # type: ignore[call-arg, arg-type]
        return m

    def __getitem__(self, k):  # type: ignore[override]
        if isinstance(k, slice):
            return [self._move(i) for i in range(*k.indices(len(self.records)))]
        if k < 0:
            k += len(self.records)
        if not 0 <= k < len(self.records):
            raise IndexError("move index out of range")
        return self._move(k)

    def __iter__(self) -> Iterator[Move]:
        move = self._move
        for k in range(len(self.records)):
            yield move(k)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, MoveList)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<MoveList of {len(self.records)} moves>"

    def placements(self) -> Iterator[tuple[Move, Play, int]]:
        """Every legal placement: (move, play, score)."""
        for m in self:
            for play, score in m.placements():
                yield m, play, score

    def placement_count(self) -> int:
        """How many legal placements there are (counting every choice of blanks)."""
        if self._ctx is None or not self._ctx.blanks:
            return len(self.records)
        return sum(len(m.blank_choices()) for m in self)


_score_of = itemgetter(0)
_mask_of = itemgetter(5)


# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------

class MoveGenerator:
    """Generates every legal placement on a board for a rack.

    ``MoveGenerator(lexicon)`` accepts what :meth:`WordGraph.for_lexicon`
    accepts. One generator keeps the analysis of the last board it saw, so
    generating for successive positions of one game recomputes only the
    lines the last play touched; use one generator per thread.
    """

    def __init__(self, lexicon: Any, backend: str | None = None) -> None:
        self.graph = WordGraph.for_lexicon(lexicon)
        #: "c" or "python" (default: BACKEND); both give the same records
        self.backend = BACKEND if backend is None else backend
        if self.backend not in ("c", "python"):
            raise ValueError(f"backend must be 'c' or 'python', not {backend!r}")
        if self.backend == "c" and _c is None:
            raise ValueError("the compiled move generator (_movegen_c) is not available")
        self.analysis = BoardAnalysis(self.graph, self.backend)
        # (the compiled search knows only the symmetric layout's opening)
        self._cgraph = _c_graph(self.graph) if self.backend == "c" and _SYMMETRIC else None

    # -- public --------------------------------------------------------------
    def generate(self, board: Board, rack: Sequence[str], sort: bool = True) -> MoveList:
        """Every word placement for ``rack`` (tiles, ``?`` for a blank) on ``board``.

        Best score first (ties in a fixed order) unless ``sort`` is false.
        """
        records = self.raw(board, rack)
        if sort:
            # Best score first, ties in the order of the other fields: the
            # records come in that order (see raw), and the sort is stable.
            records.sort(key=_score_of, reverse=True)
        return MoveList(records, _Context(self.analysis.lines, rack), rack)

    def raw(self, board: Board, rack: Sequence[str], lines: int | None = None) -> list[tuple[int, int, int, int, str, int]]:
        """The compact form: one tuple per word placement,
        ``(score, direction 0 across / 1 down, line, start, word, blank mask)``,
        with the best choice of blanks (see :class:`Move`), in the order of
        (direction, line, start, word) -- not by score. (A word placement
        has one record, so that order is the order of the whole tuples.)

        ``lines``: only the moves whose main word lies on these lines, a bit
        mask (bit ``15 * direction + line``); the moves of a line depend on
        that line's analysis alone, so the end-game search regenerates only
        the lines a play changed (not on an empty board)."""
        out: list[tuple] = []
        self._run(board, rack, out, False, lines)
        return out

    def exists(self, board: Board, rack: Sequence[str]) -> bool:
        """Whether the rack has any legal placement (stops at the first found)."""
        if not rack:
            return False
        try:
            self._run(board, rack, [], True)
        except _Found:
            return True
        return False

    def _best_blanks(self, out: list[tuple], rack: Sequence[str]) -> None:
        """Move blanks to the squares where they lose least, in place.

        The search plays real tiles first, left to right; when a word needs
        a blank for a letter the rack also holds (such records carry the
        _FIX flag), the blank may fit better on another square with that
        letter: the positions of that letter get the blanks in order of the
        points a blank there loses (ties: leftmost first).
        """
        held = {t for t in rack if t != BLANK}
        lines = self.analysis.lines
        fixes = list(compress(count(), map(gt, map(_mask_of, out), repeat(_POSITIONS))))
        # (direction, line, start, end) -> (new positions, position -> points per
        # point of tile value that a blank there loses)
        geometry: dict[tuple[int, int, int, int], tuple[list[int], dict[int, int]]] = {}
        for k in fixes:
            score, d, i, start, word, bm = out[k]
            bm &= _POSITIONS
            end = start + len(word)
            geo = geometry.get((d, i, start, end))
            if geo is None:
                ln = lines[d][i]
                lt, xw = ln.lt, ln.xw
                lm, wmrow = _LM[d][i], _WM[d][i]
                new = [j for j in range(start, end) if not lt[j]]
                wmul = 1
                for j in new:
                    wmul *= wmrow[j]
                geo = geometry[d, i, start, end] = (new, {j: lm[j] * (wmul + xw[j]) for j in new})
            new, pen = geo
            lost = 0
            mask = 0
            done = ""
            rest = bm
            while rest:
                jb = rest & -rest
                rest ^= jb
                ch = word[jb.bit_length() - 1 - start]
                if ch not in held:  # no real tile could take its place
                    mask |= jb
                    continue
                if ch in done:
                    continue
                done += ch
                spots = [j for j in new if word[j - start] == ch]
                blanked = [j for j in spots if bm >> j & 1]
                value = TILE_VALUES[ch]
                for j in blanked:
                    lost -= value * pen[j]
                if len(blanked) == 1:
                    best = -1
                    low = 0
                    for j in spots:
                        if best < 0 or pen[j] < low:
                            best, low = j, pen[j]
                    chosen = [best]
                else:
                    chosen = sorted(spots, key=lambda j: (pen[j], j))[: len(blanked)]
                for j in chosen:
                    lost += value * pen[j]
                    mask |= 1 << j
            out[k] = (score - lost, d, i, start, word, mask)

    # -- the search ----------------------------------------------------------
    @staticmethod
    def _opening(root: dict, rc0: dict[int, int], nb0: int, rmask0: int, ntiles: int) -> list[tuple]:
        """The across plays through the star of an empty board, as records
        in the order of (start, word).

        The rack's words are found by one walk of the graph (real tiles
        first, a blank only for a letter the rack lacks, as in the main
        search), in alphabetical order; each is then scored at every start
        from which it covers the star.
        """
        row = SIZE // 2
        lm, wm = _LM[0][row], _WM[0][row]
        rc = dict(rc0)
        CH, VAL, ALL, FIX = CHAR, _VAL, ALL_LETTERS, _FIX
        found: list[tuple[str, int, tuple[int, ...]]] = []

        def walk(node: dict, w: str, nb: int, bm: int, vals: tuple[int, ...], rmask: int) -> None:
            m = node[0] & (ALL if nb else rmask)
            depth = len(w)
            more = depth + 1 < ntiles
            bit = 1 << depth
            while m:
                b = m & -m
                m ^= b
                child = node[b]
                c = rc[b]
                if c:
                    w2, bm2, v2, nb2, rm2 = w + CH[b], bm, vals + (VAL[b],), nb, (rmask if c > 1 else rmask ^ b)
                else:
                    w2, bm2, v2, nb2, rm2 = w + CH[b], bm | bit | (FIX if b & rmask0 else 0), vals + (0,), nb - 1, rmask
                if child[0] & TERM and depth:
                    found.append((w2, bm2, v2))
                if more and child[0] & (ALL if nb2 else rm2):
                    if c:
                        rc[b] = c - 1
                        walk(child, w2, nb2, bm2, v2, rm2)
                        rc[b] = c
                    else:
                        walk(child, w2, nb2, bm2, v2, rm2)

        walk(root, "", nb0, 0, (), rmask0)
        star = row
        by_start: list[list[tuple]] = [[] for _ in range(star + 1)]
        for w, bm, vals in found:
            n = len(w)
            flag = bm & FIX
            bm &= _POSITIONS
            bonus = BINGO_BONUS if n == RACK_SIZE else 0
            for start in range(max(0, star - n + 1), min(star, SIZE - n) + 1):
                ms = 0
                wmul = 1
                for k in range(n):
                    ms += vals[k] * lm[start + k]
                    wmul *= wm[start + k]
                by_start[start].append((ms * wmul + bonus, 0, row, start, w, (bm << start) | flag))
        return [rec for recs in by_start for rec in recs]

    def _run(self, board: Board, rack: Sequence[str], out: list, stop_first: bool, only: int | None = None) -> None:
        if self._cgraph is not None and len(rack) <= _C_MOST_TILES:
            self._run_c(board, rack, out, stop_first, only)
            return
        ana = self.analysis.update(board, only)
        if ana.empty and ana.stale:
            # An opening ignores ``lines`` (and the choice of blanks reads
            # the star's line): every line up to date.
            ana.update(board)
        root = self.graph.root
        ntiles = len(rack)
        if not ntiles:
            return
        # The rack: its letters' counts (letters it holds only), blanks, letters
        rcl: dict[int, int] = {}
        nb0 = 0
        rmask0 = 0
        for t in rack:
            if t == BLANK:
                nb0 += 1
            else:
                b = BIT[t]
                rcl[b] = rcl.get(b, 0) + 1
                rmask0 |= b
        VAL = _VAL
        VALC = _VALC
        CH = CHAR
        ALL = ALL_LETTERS
        FIX = _FIX
        emit = _stop if stop_first else out.append
        lines = ana.lines
        empty = ana.empty
        # On an empty board the only anchor is the star, and the down plays
        # mirror the across ones (the premium layout is symmetric about the
        # diagonal), so only the across line is searched.
        directions = (0,) if empty and _SYMMETRIC else (0, 1)
        if empty and _SYMMETRIC:
            # The opening: every word the rack spells, placed at each start
            # that covers the star (one walk per word, not per start).
            found = self._opening(root, {b: rcl.get(b, 0) for b in CHAR}, nb0, rmask0, ntiles)
            if stop_first:
                if found:
                    raise _Found
                return
            out.extend(found)
            if nb0 and rmask0:
                self._best_blanks(out, rack)
            out.extend([(r[0], 1, r[2], r[3], r[4], r[5]) for r in out])
            return

        # How far left parts may reach: the most empty, anchor-free squares
        # left of any anchor (at most the rack size less one).
        # Also the longest left part that an anchor with a tile right of it
        # takes (hookmax; see the pair masks below).
        maxleft = 0
        hookmax = -1
        # the lines to search, per direction
        if only is None:
            per_dir: tuple[Sequence[int], Sequence[int]] = (_EVERY_LINE, _EVERY_LINE)
        else:
            per_dir = ([i for i in _EVERY_LINE if only >> i & 1], [i for i in _EVERY_LINE if only >> (SIZE + i) & 1])
        for d in directions:
            for i in per_dir[d]:
                if empty:
                    if i == 7:
                        maxleft = 7
                    continue
                prev = -1
                lt = lines[d][i].lt
                for a in lines[d][i].anchors:
                    if not (a > 0 and lt[a - 1] > 0):
                        if a - prev - 1 > maxleft:
                            maxleft = a - prev - 1
                        if lt[a + 1] > 0 and a - prev - 1 > hookmax:
                            hookmax = a - prev - 1
                    prev = a
        if maxleft > ntiles - 1:
            maxleft = ntiles - 1

        # The rack as counts of the letters it holds (no zero entries at
        # first); ``rmask`` (the letters with a count above 0) is the
        # authority on what is left, the counts only say how many.
        rcs0 = dict(rcl)

        # ---- left parts, once per rack ----------------------------------
        # lps[L]: the left parts of length L that can be followed by a letter:
        # (letters that may follow, node, word, blank mask from the start,
        #  blanks left, face value of the real tiles, real letters left,
        #  the rack's letter counts after it, pair mask).
        # Blanks are taken only for letters the rack lacks (see the module
        # docstring). The pair mask (see _pairs) is the node's, keeping only
        # the letters that may follow; it is made only for left parts that
        # an anchor with a tile right of it may take (0 otherwise).
        lps: list[list[tuple]] = [[] for _ in range(maxleft + 1)]
        spread_cache = _SPREAD_ALL
        if len(spread_cache) > 4096:
            spread_cache.clear()

        adds = [lpl.append for lpl in lps]

        # The rack's letter counts after a left part, one dict per distinct
        # rest of the rack (shared: an extension restores what it changes),
        # by the rest's code (sum of count << 8 * letter index).
        rc_by: dict[int, dict[int, int]] = {}
        ONE = _ONE

        def left(node: dict, w: str, depth: int, nb: int, bmr: int, rmask: int, face: int, rk: int) -> None:
            m = node[0] & (ALL if nb else rmask)
            if depth <= hookmax:
                pm = node.get(PAIRS)
                if pm is None:
                    pm = _pairs(node)
                if not nb:
                    sp = spread_cache.get(rmask)
                    if sp is None:
                        sp = spread_cache[rmask] = _spread(rmask, ALL)
                    pm &= sp
            else:
                pm = 0
            rcc = rc_by.get(rk)
            if rcc is None:
                rcc = rc_by[rk] = rcl.copy()
            adds[depth]((m, node, w, bmr, nb, face, rmask, rcc, pm))
            if depth == maxleft:
                return
            bit = 1 << depth
            d1 = depth + 1
            while m:
                b = m & -m
                m ^= b
                child = node[b]
                if b & rmask:
                    c = rcl[b]
                    rm2 = rmask if c > 1 else rmask ^ b
                    if child[0] & (ALL if nb else rm2):
                        rcl[b] = c - 1
                        left(child, w + CH[b], d1, nb, bmr, rm2, face + VAL[b], rk - ONE[b])
                        rcl[b] = c
                elif child[0] & (ALL if nb > 1 else rmask):
                    left(child, w + CH[b], d1, nb - 1, bmr | bit | (FIX if b & rmask0 else 0), rmask, face, rk)

        if root[0] & (ALL if nb0 else rmask0):
            left(root, "", 0, nb0, 0, rmask0, 0, sum(c * ONE[b] for b, c in rcl.items()))
        # (length, tile right of the anchor or 0, cross-check) -> the left parts that pass
        todo_cache: dict[tuple[int, int, int], list[tuple]] = {}
        # per length, the left parts' follow masks and pair masks, as lists
        lp_cols: list[tuple[list[int], list[int]] | None] = [None] * (maxleft + 1)
        spread_allowed = _SPREAD_ONE
        if len(spread_allowed) > 4096:
            spread_allowed.clear()

        # ---- right extension -------------------------------------------
        # Line data for the current line, read by the extensions from the
        # closure, with the start of the word being extended (s0) and the
        # rack's letter counts (rc).
        lt = []  # list[int], as above
        lstr = ""
        runs: list[Any] = []
        bps: list[int] = []
        cc: list[int] = []
        xw: list[int] = []
        lm: list[int] = []
        wm: list[int] = []
        sq: list[tuple[int, ...]] = []
        # bon[n]: the bonus for n tiles placed
        bon = [BINGO_BONUS if n == RACK_SIZE else 0 for n in range(ntiles + 2)]
        d_code = 0
        line_i = 0
        s0 = 0
        single_ok = True
        rc = rcs0

        def extend0(m: int, p: int, node: dict, w: str, ms: int, wmul: int, cross: int, np: int, bm: int,
                    rmask: int) -> None:
            # Place a real tile on the empty square p (at or right of the
            # anchor), then go on right through any tiles on the board;
            # record the word where it may end, and recurse where a tile may
            # follow. m: the letters that may go on p (the node's child
            # letters that the rack holds and the cross-check allows; not
            # 0), ms: letter sum of the main word so far, wmul: its word
            # multiplier, cross: points of the cross words, np: tiles placed.
            # No blank is left on the rack (see blank_extension for when one is).
            t0, l_m, w_m, xsx, lx, ccq, q0, _ = sq[p]
            w_m *= wmul
            np1 = np + 1
            cross += xsx
            if t0 == 0 and np1 < ntiles:
                # The next square is empty: the word ends here or goes on
                # with the next tile placed.
                em = np > 0 or (single_ok and w != "")
                while m:
                    b = m & -m
                    m ^= b
                    child = node[b]
                    info = child[0]
                    m2 = info & ccq & rmask
                    if m2:
                        c = rc[b]
                        if c > 1:
                            rm2 = rmask
                        else:
                            rm2 = rmask ^ b
                            m2 &= rm2
                    if info & TERM and em:
                        wb = w + CH[b]
                        vb = VAL[b]
                        emit(((ms + vb * l_m) * w_m + cross + vb * lx + bon[np1], d_code, line_i, s0, wb, bm))
                        if m2:
                            rc[b] = c - 1
                            extend0(m2, q0, child, wb, ms + vb * l_m, w_m, cross + vb * lx, np1, bm, rm2)
                            rc[b] = c
                    elif m2:
                        vb = VAL[b]
                        rc[b] = c - 1
                        extend0(m2, q0, child, w + CH[b], ms + vb * l_m, w_m, cross + vb * lx, np1, bm, rm2)
                        rc[b] = c
                return
            if t0 <= 0:
                # The last tile, or the edge: the word ends here.
                if np > 0 or (single_ok and w != ""):
                    base = ms * w_m + cross + bon[np1]
                    k1 = l_m * w_m + lx
                    while m:
                        b = m & -m
                        m ^= b
                        if node[b][0] & TERM:
                            emit((base + VAL[b] * k1, d_code, line_i, s0, w + CH[b], bm))
                return
            # A tile follows: only letters whose child goes on with the run of
            # tiles from q0 (see Line.runs).
            rest, q, rstr, rval, ccn, rkey = runs[q0]
            hm = node.get(rkey)
            m &= _run_hooks(node, rkey, t0, rest) if hm is None else hm
            if not m:
                return
            more = np1 < ntiles and ccn
            bonus = bon[np1]
            em = np > 0 or single_ok  # the word has at least two letters
            while m:
                b = m & -m
                m ^= b
                child = node[b][t0]
                for t in rest:
                    child = child[t]
                info = child[0]
                if info & TERM and em:
                    vb = VAL[b]
                    emit(((ms + vb * l_m + rval) * w_m + cross + vb * lx + bonus,
                          d_code, line_i, s0, w + CH[b] + rstr, bm))
                if more:
                    c = rc[b]
                    rm2 = rmask if c > 1 else rmask ^ b
                    m2 = info & ccn & rm2
                    if m2:
                        vb = VAL[b]
                        rc[b] = c - 1
                        extend0(m2, q, child, w + CH[b] + rstr, ms + vb * l_m + rval, w_m,
                                cross + vb * lx, np1, bm, rm2)
                        rc[b] = c

        def blank_extension(nxt: Any, full: bool) -> Any:
            """As extend0, with blanks left: every letter may be played, from
            a real tile when the rack has one, else as a blank (then going on
            with ``nxt``, the extension with one blank fewer; ``full``: it
            still has blanks). m: the node's child letters the cross-check
            allows (not 0)."""

            def ext(m: int, p: int, node: dict, w: str, ms: int, wmul: int, cross: int, np: int, bm: int,
                    rmask: int) -> None:
                t0, l_m, w_m, xsx, lx, ccq, q0, pbit = sq[p]
                w_m *= wmul
                np1 = np + 1
                cross += xsx  # the cross words' points with a blank on p
                bmb = bm | pbit
                if t0 == 0 and np1 < ntiles:
                    em = np > 0 or (single_ok and w != "")
                    ccb = ccq if full else ccq & rmask
                    k1 = l_m * w_m + lx
                    base = ms * w_m + cross + bon[np1]
                    while m:
                        b = m & -m
                        m ^= b
                        child = node[b]
                        info = child[0]
                        if b & rmask:
                            if info & TERM and em:
                                emit((base + VAL[b] * k1, d_code, line_i, s0, w + CH[b], bm))
                            if info & ccq:
                                c = rc[b]
                                vb = VAL[b]
                                rc[b] = c - 1
                                ext(info & ccq, q0, child, w + CH[b], ms + vb * l_m, w_m, cross + vb * lx, np1, bm,
                                    rmask if c > 1 else rmask ^ b)
                                rc[b] = c
                        else:
                            fx = bmb | FIX if b & rmask0 else bmb
                            if info & TERM and em:
                                emit((base, d_code, line_i, s0, w + CH[b], fx))
                            if info & ccb:
                                nxt(info & ccb, q0, child, w + CH[b], ms, w_m, cross, np1, fx, rmask)
                    return
                if t0 <= 0:
                    if np > 0 or (single_ok and w != ""):
                        base = ms * w_m + cross + bon[np1]
                        k1 = l_m * w_m + lx
                        while m:
                            b = m & -m
                            m ^= b
                            if node[b][0] & TERM:
                                if b & rmask:
                                    emit((base + VAL[b] * k1, d_code, line_i, s0, w + CH[b], bm))
                                else:
                                    emit((base, d_code, line_i, s0, w + CH[b], bmb | FIX if b & rmask0 else bmb))
                    return
                rest, q, rstr, rval, ccn, rkey = runs[q0]
                hm = node.get(rkey)
                m &= _run_hooks(node, rkey, t0, rest) if hm is None else hm
                if not m:
                    return
                more = np1 < ntiles and ccn
                ccb = ccn if full else ccn & rmask
                bonus = bon[np1]
                em = np > 0 or single_ok
                while m:
                    b = m & -m
                    m ^= b
                    child = node[b][t0]
                    for t in rest:
                        child = child[t]
                    info = child[0]
                    if b & rmask:
                        if info & TERM and em:
                            vb = VAL[b]
                            emit(((ms + vb * l_m + rval) * w_m + cross + vb * lx + bonus,
                                  d_code, line_i, s0, w + CH[b] + rstr, bm))
                        if more and info & ccn:
                            c = rc[b]
                            vb = VAL[b]
                            rc[b] = c - 1
                            ext(info & ccn, q, child, w + CH[b] + rstr, ms + vb * l_m + rval, w_m,
                                cross + vb * lx, np1, bm, rmask if c > 1 else rmask ^ b)
                            rc[b] = c
                    else:
                        fx = bmb | FIX if b & rmask0 else bmb
                        if info & TERM and em:
                            emit(((ms + rval) * w_m + cross + bonus, d_code, line_i, s0, w + CH[b] + rstr, fx))
                        if more and info & ccb:
                            nxt(info & ccb, q, child, w + CH[b] + rstr, ms + rval, w_m, cross, np1, fx, rmask)

            return ext

        # exts[n]: the extension with n blanks left
        exts = [extend0]
        for n in range(1, nb0 + 1):
            exts.append(blank_extension(exts[-1], n > 1))

        for d in directions:
            for i in per_dir[d]:
                ln = lines[d][i]
                if empty:
                    if i != 7:
                        continue
                    anchors = [7]
                else:
                    anchors = ln.anchors
                    if not anchors:
                        continue
                if ln.sq is None:  # a line the compiled module analysed
                    _search_fields(ln, d, i)
                lt, lstr, bps, cc, sq, xw, runs = ln.lt, ln.lstr, ln.bps, ln.cc, ln.sq, ln.xw, ln.runs
                lm, wm = _LM[d][i], _WM[d][i]
                pc = _PC[d][i]
                d_code, line_i = d, i
                prev_anchor = -1
                for a in anchors:
                    single_ok = d == 0 or not xw[a]
                    if a > 0 and lt[a - 1] > 0:
                        # Left part: the tiles already on the board.
                        s = a - 1
                        while s > 0 and lt[s - 1] > 0:
                            s -= 1
                        node = root
                        for j in range(s, a):
                            node = node.get(lt[j])  # type: ignore[assignment]  # None breaks out below
                            if node is None:
                                break
                        if node is not None:
                            rc = rcs0
                            s0 = s
                            m = node[0] & cc[a] & (ALL if nb0 else rmask0)
                            if m:
                                exts[nb0](m, a, node, lstr[s:a], bps[a] - bps[s], 1, 0, 0, 0, rmask0)
                        prev_anchor = a
                        continue
                    # Left parts from the rack, up to the previous anchor.
                    k = a - prev_anchor - 1
                    if k > maxleft:
                        k = maxleft
                    prev_anchor = a
                    allowed = cc[a]
                    hook = lt[a + 1]
                    if hook > 0:
                        hrest, _, _, _, _, hkey = runs[a + 1]  # type: ignore[misc]  # a run starts here
                    else:
                        hrest, hkey = (), 0
                    # Longest left part first, so that the starts (and the
                    # records) come in order along the line.
                    wprods = [1]
                    for L in range(1, k + 1):
                        wprods.append(wprods[-1] * wm[a - L])
                    for L in range(k, -1, -1):
                        s = a - L
                        wprod = wprods[L]
                        key = (L, hkey, allowed)
                        todo = todo_cache.get(key)
                        if todo is None:
                            # (The filters run in C: map and compress over the
                            # left parts' follow and pair masks.)
                            lpl = lps[L]
                            cols = lp_cols[L]
                            if cols is None:
                                cols = lp_cols[L] = ([lp[0] for lp in lpl], [lp[8] for lp in lpl])
                            follow, pairs = cols
                            if hook > 0:
                                # The anchor's right neighbour is a tile: keep the left parts
                                # with a next letter that the cross-check allows and whose
                                # child has a child ``hook``: one & with the pair masks.
                                sel = spread_allowed.get(allowed)
                                if sel is None:
                                    sel = spread_allowed[allowed] = _spread(allowed, 1)
                                todo = list(compress(lpl, map(and_, pairs, repeat(sel << _INDEX[hook]))))
                                if hrest:
                                    # A run of two tiles or more: keep those with a next
                                    # letter whose child goes on with the whole run.
                                    kept = []
                                    for lp in todo:
                                        nd = lp[1]
                                        hm = nd.get(hkey)
                                        if hm is None:
                                            hm = _run_hooks(nd, hkey, hook, hrest)
                                        if hm & lp[0] & allowed:
                                            kept.append(lp)
                                    todo = kept
                            elif allowed == ALL:
                                todo = lpl
                            else:
                                todo = list(compress(lpl, map(and_, follow, repeat(allowed))))
                            todo_cache[key] = todo
                        if not todo:
                            continue
                        s0 = s
                        if pc[a] == pc[s]:
                            # No premium square under the left part.
                            for follow, node, w, bmr, nbl, face, rmask, rc, _ in todo:
                                exts[nbl](follow & allowed, a, node, w, face, 1, 0, L, bmr << s, rmask)
                        else:
                            # The letter premiums under the left part: (offset, extra multiplier).
                            lprem = [(q, lm[s + q] - 1) for q in range(L) if lm[s + q] > 1]
                            for follow, node, w, bmr, nbl, ms, rmask, rc, _ in todo:
                                for q, x in lprem:
                                    if not bmr >> q & 1:
                                        ms += VALC[w[q]] * x
                                exts[nbl](follow & allowed, a, node, w, ms, wprod, 0, L, bmr << s, rmask)
        if nb0 and rmask0:
            self._best_blanks(out, rack)
        if empty and _SYMMETRIC and not stop_first:
            out.extend([(r[0], 1, r[2], r[3], r[4], r[5]) for r in out])

    def _run_c(self, board: Board, rack: Sequence[str], out: list, stop_first: bool, only: int | None) -> None:
        """_run by the compiled search: the same records in the same order
        (with the choice of blanks of _best_blanks, and the opening's
        mirror images)."""
        ana = self.analysis.update(board, only)
        if not rack:
            return
        empty = ana.empty and _SYMMETRIC
        if _c.generate(self._cgraph, ana.lines, "".join(rack), -1 if only is None else only, stop_first, empty,
                       out) and stop_first:
            raise _Found


#: The most tiles a rack may hold for the compiled search (more: the Python one)
_C_MOST_TILES = _c.MOST_TILES if _c is not None else 0


def _c_graph(graph: WordGraph) -> Any:
    """The word graph in the compiled search's flat form, made once per graph."""
    flat = getattr(graph, "_c_flat", None)
    if flat is None:
        flat = _c.Graph(graph.root, [TILE_VALUES[ch] for ch in CHAR.values()], BINGO_BONUS,
                        [m for d in (0, 1) for row in _LM[d] for m in row],
                        [m for d in (0, 1) for row in _WM[d] for m in row])
        graph._c_flat = flat  # type: ignore[attr-defined]  # a cache on the graph
    return flat


def _run_key(tiles: Sequence[int]) -> int:
    """The key under which a node caches its letters that go on with this
    run of tiles (letter bits): HOOK | t for one tile t, else RUN and the
    letters' indexes (see graph.RUN)."""
    if len(tiles) == 1:
        return HOOK | tiles[0]
    code = 0
    for k, t in enumerate(tiles):
        code |= (_INDEX[t] + 1) << 5 * k
    return RUN | code << 30


#: The (node, key) of the RUN masks cached in the graph, oldest first;
#: past _RUN_CAP they are all removed (distinct runs met over many boards
#: would otherwise grow the graph without bound; HOOK keys are at most 26
#: a node).
_RUN_KEPT: list[tuple[dict, int]] = []
_RUN_CAP = 200_000


def _run_hooks(node: dict, key: int, t0: int, rest: Sequence[int]) -> int:
    """The letters b such that ``node[b]`` goes on with the run of tiles t0,
    then ``rest`` (letter bits), cached in the node under ``key`` (see
    _run_key; thread-safe as _hooks: a mask removed while another thread
    reads is computed again)."""
    global _RUN_KEPT
    if not rest:
        return _hooks(node, t0)
    hm = 0
    mm = node[0] & ALL_LETTERS
    while mm:
        b = mm & -mm
        mm ^= b
        child = node[b].get(t0)
        for t in rest:
            if child is None:
                break
            child = child.get(t)
        if child is not None:
            hm |= b
    node[key] = hm
    kept = _RUN_KEPT
    kept.append((node, key))
    if len(kept) > _RUN_CAP:
        _RUN_KEPT = []
        for nd, k in kept:
            nd.pop(k, None)
    return hm


def _hooks(node: dict, t: int) -> int:
    """The letters b such that ``node[b]`` has a child ``t``, cached in the
    node under ``HOOK | t`` (see graph.HOOK). A dict store is atomic in
    CPython, so threads sharing the graph may race here harmlessly."""
    hm = 0
    mm = node[0] & ALL_LETTERS
    while mm:
        b = mm & -mm
        mm ^= b
        if node[b][0] & t:
            hm |= b
    node[HOOK | t] = hm
    return hm


_EVERY_LINE = range(SIZE)
#: letter bit -> its index (A = 0)
_INDEX: dict[int, int] = {b: b.bit_length() - 1 for b in CHAR}
#: letter bit -> one of it in a rack's code (eight bits a letter: see left parts in _run)
_ONE: dict[int, int] = {b: 1 << 8 * i for b, i in _INDEX.items()}


def _pairs(node: dict) -> int:
    """The node's pair mask: for each child letter x (index i), the child
    letters of ``node[x]`` at bits 26 * i to 26 * i + 25. So ``node[x]``
    has a child t (index j) when bit 26 * i + j is set. Cached in the node
    under PAIRS (see graph.PAIRS; thread-safe as _hooks)."""
    pm = 0
    mm = node[0] & ALL_LETTERS
    while mm:
        b = mm & -mm
        mm ^= b
        pm |= (node[b][0] & ALL_LETTERS) << 26 * _INDEX[b]
    node[PAIRS] = pm
    return pm


def _spread(letters: int, block: int) -> int:
    """``block`` (a bit mask below 1 << 26) at bits 26 * i for each letter
    (index i) of ``letters``: with block ALL_LETTERS, the pair-mask bits of
    those letters; with block 1, shifted left by j, the bits saying
    "x then the letter of index j" for x in ``letters``."""
    out = 0
    mm = letters & ALL_LETTERS
    while mm:
        b = mm & -mm
        mm ^= b
        out |= block << 26 * _INDEX[b]
    return out


#: _spread(letters, ALL_LETTERS) and _spread(letters, 1) by letters, kept
#: across generations (cleared past 4096 entries)
_SPREAD_ALL: dict[int, int] = {}
_SPREAD_ONE: dict[int, int] = {}


def _stop(record: tuple) -> None:
    raise _Found


# ---------------------------------------------------------------------------
# Exchanges, shared generators
# ---------------------------------------------------------------------------

def legal_exchanges(rack: Sequence[str], bag_size: int, rules: Any = None) -> list[tuple[str, ...]]:
    """Every distinct set of tiles that may be exchanged now, as sorted tuples.

    Tiles of the same letter are alike, so a rack of ``AAB`` has five
    exchanges (A, B, AA, AB, AAB), not seven. ``rules`` is a core
    ``RuleSet`` (its ``exchange_minimum(n)`` says how many tiles the bag
    must hold to exchange n); without one, the house rule applies (the
    bag must hold at least as many tiles as are exchanged). Shortest
    first, then alphabetical with the blank first.
    """
    counts = sorted(Counter(rack).items())
    out: list[tuple[str, ...]] = []

    def minimum(n: int) -> int:
        return rules.exchange_minimum(n) if rules is not None else n

    def rec(k: int, chosen: list[str]) -> None:
        if k == len(counts):
            if chosen and bag_size >= minimum(len(chosen)):
                out.append(tuple(chosen))
            return
        tile, c = counts[k]
        for n in range(c + 1):
            rec(k + 1, chosen + [tile] * n)

    rec(0, [])
    out.sort(key=lambda t: (len(t), t))
    return out


_GENERATORS: "weakref.WeakKeyDictionary[Any, dict[int, MoveGenerator]]" = weakref.WeakKeyDictionary()


def generator_for(lexicon: Any) -> MoveGenerator:
    """A MoveGenerator for ``lexicon``, made once per lexicon object and thread.

    A generator keeps the analysis of the last board it saw, so it must not
    be used by two threads at once; the word graph itself is shared.
    """
    tid = threading.get_ident()
    try:
        per_thread = _GENERATORS.get(lexicon)
    except TypeError:  # not weak-referenceable
        return MoveGenerator(lexicon)
    if per_thread is None:
        per_thread = {}
        try:
            _GENERATORS[lexicon] = per_thread
        except TypeError:
            return MoveGenerator(lexicon)
    gen = per_thread.get(tid)
    if gen is None:
        gen = per_thread[tid] = MoveGenerator(lexicon)
    return gen
