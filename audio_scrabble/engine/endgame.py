"""The end of a two-player game: an exact search once the bag is empty.

With the bag empty and two players, each knows the other's rack (the
unseen tiles), so the rest of the game is a game of perfect information.
:class:`EndgameSolver` searches it with negamax alpha-beta over every
placement from the two known racks and the pass:

* **Values** are points of spread from now to the end, for the side to
  move. Going out ends the game: the play's score plus twice the other's
  tiles (both the house rule and the North American rule come to that
  with two players). Two passes in a row leave the position as it was, so
  they end the search: each side loses its own tiles.
* **Moves, generated once.** Each side's moves are generated once, for
  the root board and its whole rack (every placement from any part of the
  rack is among them; with a blank, every choice of which tiles are
  blanks is a move of its own). At a deeper node a side's moves are the
  root moves its tiles still make whose line (the row or column of the
  main word) no play since the root has changed, and the moves generated
  afresh on the lines that changed (:meth:`MoveGenerator.raw` with
  ``lines``): a line's moves depend on that line's tiles, cross-checks
  and anchors alone, and a play changes only the lines through or beside
  its tiles and those at the ends of the runs it joins. The moves of a
  changed line are kept by the line's state (its tiles as written, a
  blank apart from the real tile, its cross-checks and anchors) and the
  rack, so the search generates a line once wherever it meets it again;
  a rack without a blank that meets a line state stored for a larger
  rack filters that rack's moves instead. A part of the root rack that
  holds a blank plays it for a real tile it no longer has (the root's
  moves keep the whole rack's choice of blanks). A play is put on
  the board and taken off square by square; a play whose reply is at the
  horizon is valued without putting it down.
* **Transposition table** keyed by a Zobrist hash of the board (updated
  square by square) with both racks and the passes in a row: a value
  and whether it is exact or a bound, the depth it holds for (any depth
  when the search below it reached the end everywhere) and the best move.
* **Ordering.** The table's best move first, then plays that go out, then
  by score plus forty points a tile played, plus ``NEXT_OUT_BONUS`` for a
  play whose leave some root move of the side goes out with (a rack that
  may go out next turn) (in effect the plays of most
  tiles first, then by score: emptying the rack is worth tempo; measured
  against three points a tile, a third fewer nodes to finish and half as
  many positions again exact within a node budget), the root moves still
  standing and the changed lines' moves in one order (one ply above the
  horizon, where order changes no node count, the root moves first), the
  pass last. A node that cuts off holds at every depth where the cutting
  move's line does, whatever the moves before it reached.
* **Iterative deepening** within a time budget: depth 1, 2, 3, ... until
  the search no longer reaches its horizon anywhere (it is then *exact*)
  or time runs out (the deepest finished iteration's choice stands, or
  the best of a part of a deeper one, see :meth:`EndgameSolver.solve`).
  At the horizon a position is valued by what each side still holds: the
  side to move loses its own tiles, and gains the other's. Each
  iteration after the first searches the root within an aspiration
  window (``ASPIRATION`` points either side of the last iteration's best
  value; a move at its top or above is searched again without it, and the
  iteration again when every move falls to its bottom). A forced pass (no
  move at all) takes no ply of the depth.
* **In C** where the move generator is compiled (``movegen.BACKEND ==
  "c"``; ``AUDIO_SCRABBLE_PURE_PYTHON=1`` keeps Python): the search below
  the root (``_movegen_c.Endgame``) visits the same nodes in the same
  order as :meth:`EndgameSolver._search` and so gives the same values,
  depths and node counts (tests/engine/test_endgame_c_same.py; the node
  counts while no bucket of its fixed table overflows): both sides' root
  moves, their other choices of blanks and the moves of the changed lines
  are made there (the C generator and board analysis, a line's state
  found by the tiles it is worked out from), the same line store, a table
  of 2^20 entries (40 MB) in buckets of 4, the line store held to 384 MB
  (emptied between two root moves past 192 MB, ``recycle_at``, so a long
  search goes on: the lines met again are generated anew, the table's
  values kept).
  It reads a game's or a bench's clock every ``C_CLOCK_EVERY`` nodes, any
  other clock (a test's) at every node as here. The root's iterations,
  :meth:`EndgameSolver.value_of` and racks over 7 tiles stay in Python.
  The two searches are two classes: :class:`EndgameSolver` (the Python
  search, and the one a caller makes: its ``solve`` hands a position the
  compiled search takes to :class:`CompiledEndgame`, which drives
  ``_movegen_c.Endgame``), on a shared base for the root's iterations
  (``_Deepening``); the order key's bonus a tile is passed to C from here.
"""

from __future__ import annotations

import random
from operator import itemgetter
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..core.board import SIZE, Board
from ..core.play import Play
from ..core.tiles import BLANK, TILE_VALUES
from . import movegen as _movegen
from .movegen import Move, MoveGenerator, _Context

#: Points for each tile a play puts down, in move ordering only.
TILE_ORDER_BONUS = 40
#: Points in move ordering for a play whose leave goes out next turn (a
#: rack some root move of the side goes out with); 0: none. Measured: 60
#: positions at 300,000 nodes, 31 exact as without, 2.2% fewer nodes over
#: the 30 exact both ways; 200 positions at 1 s of CPU, 123 exact against
#: 122 without (a small gain, kept: it costs no speed).
NEXT_OUT_BONUS = 200
#: The half-width, in points, of the root's aspiration window around the
#: last iteration's best value (_Deepening._deepen; 0: no window).
#: Measured: 60 positions at 1,000,000 nodes, with the forced pass taking
#: no ply, exact 41 -> 43 of 60 (4 points: 43, 4.2% fewer nodes over the
#: 39 exact before either change; 2, 3 and 6: 43 with 0.6 to 8% more
#: nodes; 10: 42). A window around the best value two iterations back (the
#: same side at the horizon) was measured too: 43 of 60, 11% more nodes.
#: An even iteration often falls below a window around the odd one
#: before and is searched again (likely, the first pass, cheap with its
#: narrow window, leaves the table bounds and moves the second uses).
ASPIRATION = 4

#: Racks as one int: a 4-bit count per tile kind (A-Z, then the blank) in
#: fields of 5 bits, whose top bit is a guard for the subset test.
_KINDS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + BLANK
_SHIFT = {t: 5 * k for k, t in enumerate(_KINDS)}
_GUARD = sum(16 << 5 * k for k in range(len(_KINDS)))
_ONE = {t: 1 << s for t, s in _SHIFT.items()}

#: Zobrist keys: one random 64-bit number per (square, tile as written):
#: _ZT[row][col][tile].
_ZRNG = random.Random(20261127)
_ZT = [[{t: _ZRNG.getrandbits(64) for t in _KINDS[:26] + _KINDS[:26].lower()} for _ in range(SIZE)]
       for _ in range(SIZE)]

_INF = float("inf")

#: The clocks a game and the benches keep the budget by: the compiled
#: search reads one of these every C_CLOCK_EVERY nodes; any other clock (a
#: test's counting clock) at every node, as the Python search does.
_REAL_CLOCKS = (time.perf_counter, time.process_time, time.monotonic, time.time)
C_CLOCK_EVERY = 32
#: The most tiles a rack may hold for the compiled search.
_C_MOST_TILES = 7


def c_search_available() -> bool:
    """Whether the compiled end-game search (``_movegen_c.Endgame``) is loaded."""
    return _movegen._c is not None and hasattr(_movegen._c, "Endgame")
#: The depth of a table entry whose search reached the end everywhere.
_ALL_DEPTHS = 1 << 30
_EXACT, _LOWER, _UPPER = 0, 1, 2


def _zob(r: int, c: int, t: str) -> int:
    return _ZT[r][c][t]


def rack_int(tiles: Sequence[str]) -> int:
    """A rack as one int (see ``_SHIFT``)."""
    return sum(_ONE[t] for t in tiles)


def rack_tiles(x: int) -> list[str]:
    """The tiles of a rack int, in the order A-Z then the blank."""
    out: list[str] = []
    for t in _KINDS:
        n = x >> _SHIFT[t] & 15
        if n:
            out.extend(t * n)
    return out


def _fits(have: int, need: int) -> bool:
    return ((have | _GUARD) - need) & _GUARD == _GUARD


class _OutOfTime(Exception):
    pass


@dataclass(frozen=True)
class EndgameResult:
    """The chosen play (None: pass), its value in spread, how deep the
    search went, whether that value is exact, and the nodes searched."""

    play: Play | None
    score: int
    value: float
    depth: int
    exact: bool
    nodes: int
    seconds: float
    #: the best ``top`` root moves (see :meth:`EndgameSolver.solve`), best
    #: first: (the generated move, or None for the pass; score; value), each
    #: value exact at ``depth``
    ranked: tuple[tuple[Move | None, int, float], ...] = ()
    #: the depth those values (and ``value``) come from: ``depth``, or one
    #: more when time ran out part-way through a deeper iteration
    value_depth: int = 0


def _face(tiles: Sequence[str]) -> int:
    return sum(TILE_VALUES.get(t, 0) for t in tiles if t != BLANK)


#: A move at a node: (order, score, tiles used as a rack int, squares
#: ((row, col, tile as written), ...), Zobrist of its tiles, its line's bit,
#: the root Move or None); a move generated on a changed line has None for
#: Zobrist and its record in place of squares, both made when it is first
#: put down (:meth:`EndgameSolver._squares`)
_ORDER, _SCORE, _USED, _SQUARES, _Z, _LINE, _MOVE = range(7)
_by_order = itemgetter(_ORDER)


def _node_move(score: int, d: int, i: int, s: int, w: str, bm: int, lt: Sequence[int], move: tuple | None) -> tuple:
    squares = []
    used = 0
    z = 0
    one = _ONE
    blank_one = one[BLANK]
    if d == 0:
        zrow = _ZT[i]
        for k, ch in enumerate(w):
            j = s + k
            if lt[j]:
                continue
            if bm >> j & 1:
                t = ch.lower()
                used += blank_one
            else:
                t = ch
                used += one[ch]
            squares.append((i, j, t))
            z ^= zrow[j][t]
    else:
        for k, ch in enumerate(w):
            j = s + k
            if lt[j]:
                continue
            if bm >> j & 1:
                t = ch.lower()
                used += blank_one
            else:
                t = ch
                used += one[ch]
            squares.append((j, i, t))
            z ^= _ZT[j][i][t]
    return (score + TILE_ORDER_BONUS * len(squares), score, used, tuple(squares), z, 1 << (SIZE * d + i), move)


def _expand(recs: list[tuple], lines, rack: Sequence[str], root: bool,
            memo: dict[tuple, tuple] | None = None) -> list[tuple]:
    """Node moves from generator records on analysis ``lines`` (with the
    root Move of each when ``root``). One placement per word placement, the
    generator's best choice of blanks (as the expert's other choices are);
    for a part of the root rack, see :func:`_fitting_moves`."""
    if root:
        ctx = _Context(lines, rack)
        # a generator record: its six fields, then the line's letters and the root move
        return [_node_move(*rec, ctx.lines[rec[1]][rec[2]][0], (rec, ctx)) for rec in recs]  # type: ignore[call-arg]
    return _expand_lines(recs, lines, memo)


def _expand_lines(recs: list[tuple], lines, memo: dict[tuple, tuple] | None = None) -> list[tuple]:
    """:func:`_node_move` of each record (no root move), the same tuples:
    the empty squares of a word's span, their Zobrist rows and the line's
    bit are found once per span (line, start, length), and a placement
    walks only the squares it fills. ``memo``: node moves already made, by
    record, with the empty squares of their span (the same record on the
    same empty squares is the same move), kept across calls."""
    if memo is None:
        memo = {}
    out = []
    spans: dict[tuple[int, int, int, int], tuple] = {}
    one = _ONE
    blank_one = one[BLANK]
    bonus = TILE_ORDER_BONUS
    zt = _ZT
    for rec in recs:
        score, d, i, s, w, bm = rec
        key = (d, i, s, len(w))
        span = spans.get(key)
        if span is None:
            lt = lines[d][i].lt
            cols = [j for j in range(s, s + len(w)) if not lt[j]]
            if d == 0:
                cells = [(j - s, j, i, j, zt[i][j]) for j in cols]
            else:
                cells = [(j - s, j, j, i, zt[j][i]) for j in cols]
            span = spans[key] = (cells, bonus * len(cols), 1 << (SIZE * d + i), sum(1 << j for j in cols))
        cells, extra, lbit, empty = span
        got = memo.get(rec)
        if got is not None and got[0] == empty:
            out.append(got[1])
            continue
        used = 0
        if bm:
            for k, j, _r, _c, _z in cells:
                used += blank_one if bm >> j & 1 else one[w[k]]
        else:
            for k, _j, _r, _c, _z in cells:
                used += one[w[k]]
        # squares and Zobrist made when the move is first put down (most
        # moves never are): see EndgameSolver._squares
        nm = (score + extra, score, used, (w, bm, cells), None, lbit, None)
        memo[rec] = (empty, nm)
        out.append(nm)
    return out


def node_squares(m: tuple) -> tuple:
    """The squares ((row, col, tile as written), ...) of a node move."""
    return m[_SQUARES] if m[_Z] is not None else _lazy_squares(m[_SQUARES])[0]


def _lazy_squares(lazy: tuple) -> tuple[tuple, int]:
    """The squares and Zobrist of a move :func:`_expand_lines` made."""
    w, bm, cells = lazy
    z = 0
    squares = []
    for k, j, r, c, zrow in cells:
        ch = w[k]
        if bm >> j & 1:
            ch = ch.lower()
        z ^= zrow[ch]
        squares.append((r, c, ch))
    return tuple(squares), z


def _fitting_moves(moves: list[tuple], rack: int, variants: dict[int, list[tuple]] | None = None) -> list[tuple]:
    """The root ``moves`` a part of the root rack, ``rack``, can make.

    A root move has the generator's best choice of blanks for the root
    rack, which may put a real tile where ``rack`` (holding a blank but no
    longer that tile) needs the blank: that placement is then made with the
    best choice of blanks ``rack`` can make, as a generation for ``rack``
    would give it.

    ``variants``: a store of each root move's other choices of blanks (by
    the move's id; the moves must outlive it), made once per move instead
    of once per rack part."""
    if variants is None:
        variants = {}
    guard = _GUARD
    have = rack | guard
    blanks = rack >> _SHIFT[BLANK] & 15
    if not blanks:
        return [m for m in moves if (have - m[_USED]) & guard == guard]
    size = len(rack_tiles(rack))
    out = []
    for m in moves:
        short = ~(have - m[_USED]) & guard  # a guard bit for each kind of tile ``rack`` lacks for m
        if not short:
            out.append(m)
        elif len(m[_SQUARES]) <= size and bin(short).count("1") <= blanks:
            var = _blank_variant(m, rack, variants)
            if var is not None:
                out.append(var)
    return out


def _blank_variant(m: tuple, rack: int, variants: dict[int, list[tuple]]) -> tuple | None:
    """The root move ``m``'s placement with the best choice of blanks that
    ``rack`` can make, or None (``variants``: see :func:`_fitting_moves`)."""
    got = variants.get(id(m))
    if got is None:
        got = variants[id(m)] = _blank_variants(m)
    guard = _GUARD
    have = rack | guard
    for nm in got:
        if (have - nm[_USED]) & guard == guard:
            return nm
    return None


def _blank_variants(m: tuple) -> list[tuple]:
    """The root move ``m``'s placements with its other choices of blanks,
    best first, as node moves."""
    rec, ctx = m[_MOVE]
    if not ctx.blanks:
        return []
    _, d, i, s, w, _ = rec
    lt = ctx.lines[d][i][0]
    out = []
    for score, mask in Move(*rec, ctx).blank_choices():  # type: ignore[call-arg]  # a generator record: six fields
        if mask == rec[5]:
            continue
        var = (score, d, i, s, w, mask)
        out.append(_node_move(score, d, i, s, w, mask, lt, (var, ctx)))
    return out


def _around(r: int, c: int) -> int:
    bits = 0
    for x in (r - 1, r, r + 1):
        if 0 <= x < SIZE:
            bits |= 1 << x
    for x in (c - 1, c, c + 1):
        if 0 <= x < SIZE:
            bits |= 1 << (SIZE + x)
    return bits


_AROUND = [[_around(r, c) for c in range(SIZE)] for r in range(SIZE)]


def changed_lines(cells: list[list[str]], squares: Sequence[tuple[int, int, str]]) -> int:
    """The lines (bit ``15 * direction + line``) whose analysis a play that
    put tiles on ``squares`` (already on ``cells``) may have changed: the
    lines through and beside each tile, and those at the ends of the runs
    through it (their cross-checks)."""
    bits = 0
    last = SIZE - 1
    for r, c, _ in squares:
        bits |= _AROUND[r][c]
        lo = r
        while lo > 0 and cells[lo - 1][c]:
            lo -= 1
        hi = r
        while hi < last and cells[hi + 1][c]:
            hi += 1
        if lo > 0:
            bits |= 1 << (lo - 1)
        if hi < last:
            bits |= 1 << (hi + 1)
        row = cells[r]
        lo = c
        while lo > 0 and row[lo - 1]:
            lo -= 1
        hi = c
        while hi < last and row[hi + 1]:
            hi += 1
        if lo > 0:
            bits |= 1 << (SIZE + lo - 1)
        if hi < last:
            bits |= 1 << (SIZE + hi + 1)
    return bits


class _Deepening:
    """What both searches share: the clock and budget, the root position
    (its board, both racks as ints, the faces of racks), and the root's
    iterative deepening (:meth:`_deepen`), which values each root move by
    :meth:`_root_child` and names it by :meth:`_result_move`."""

    def __init__(self, gen: MoveGenerator, max_depth: int = 30, clock: Callable[[], float] | None = None) -> None:
        self.gen = gen
        #: the clock the budget is kept by: wall time in a game; benches on a
        #: shared machine pass ``time.process_time`` (this process's CPU time)
        self.clock = clock or time.perf_counter
        self.max_depth = max_depth
        self.nodes = 0
        self.deadline = _INF
        self.horizon_hit = False
        #: the generator's work in the last search: calls, lines generated,
        #: and lines whose moves came from the store instead
        self.gen_calls = self.gen_lines = self.line_hits = self.subset_hits = 0

    def _root_position(self, board: Board, mine: Sequence[str], theirs: Sequence[str]) -> None:
        """The root board (a copy) and both racks; the counters anew."""
        self.board = board.copy()
        self.cells = self.board.cells
        self.racks = (rack_int(mine), rack_int(theirs))
        self._face: dict[int, int] = {}
        self.nodes = 0
        self.gen_calls = self.gen_lines = self.line_hits = self.subset_hits = 0

    def face(self, rack: int) -> int:
        v = self._face.get(rack)
        if v is None:
            v = self._face[rack] = _face(rack_tiles(rack))
        return v

    def _root_child(self, m: Any, me: int, you: int, depth: int, alpha: float, beta: float = _INF) -> float:
        """The value of root move ``m`` (None: the pass) searched ``depth``
        plies within (``alpha``, ``beta``); raises _OutOfTime."""
        raise NotImplementedError

    def _result_move(self, m: Any) -> tuple[Move | None, int]:
        """A root move as a Move (None: the pass) and its score."""
        raise NotImplementedError

    def _iteration(self, root: list[Any], order: Sequence[int], depth: int, top: int, lo: float,
                   hi: float) -> tuple[dict[int, float], bool]:
        """One pass of an iteration of :meth:`_deepen` over the ``root``
        moves in ``order`` at ``depth`` within the window (``lo``, ``hi``):
        their values by index (below the ``top``-th best so far, and at the
        window's bottom or below, upper bounds; a move at its top or above
        searched again without it), and whether it finished in time."""
        me, you = self.racks
        self.horizon_hit = False
        new_values: dict[int, float] = {}
        best_few: list[float] = []  # the ``top`` best values so far, best first
        alpha, beta = lo, hi
        try:
            for k in order:
                if root[k] is None and top == 1 and alpha >= self.face(you) - self.face(me):
                    continue  # the pass: worth at most that (see _search), not the best
                v = self._root_child(root[k], me, you, depth, alpha, beta)
                if v >= beta:  # above the window: again without its top
                    beta = _INF
                    v = self._root_child(root[k], me, you, depth, alpha, beta)
                new_values[k] = v
                if v > alpha:
                    best_few = sorted(best_few + [v], reverse=True)[:top]
                    if len(best_few) == top:
                        alpha = best_few[-1]
        except _OutOfTime:
            return new_values, False  # (each play was taken off on the way out)
        return new_values, True

    def _deepen(self, root: list[Any], seconds: float, top: int, t0: float) -> EndgameResult:
        """Iterative deepening over the ``root`` moves (None: the pass), the
        budget from ``t0`` (see :meth:`EndgameSolver.solve`)."""
        me, you = self.racks
        top = max(1, min(top, len(root)))
        values: dict[int, float] = {}
        ranked: list[int] = []
        chosen: dict[int, float] = {}
        depth_done, exact, value_depth = 0, False, 0
        for depth in range(1, self.max_depth + 1):
            order = sorted(range(len(root)), key=lambda k: -values.get(k, -_INF)) if values else range(len(root))
            # An aspiration window: the root's window around the last
            # iteration's best value. A move valued at its top or more is
            # searched again without the top; when every move falls to its
            # bottom or below, the whole iteration is searched again with
            # no window (and a part of an iteration that has found no move
            # above the bottom yet has only bounds: none of it is kept).
            lo, hi = -_INF, _INF
            if ASPIRATION and top == 1 and ranked:
                last = chosen[ranked[0]]
                lo, hi = last - ASPIRATION, last + ASPIRATION
            while True:
                new_values, finished = self._iteration(root, order, depth, top, lo, hi)
                if lo == -_INF or (new_values and max(new_values.values()) > lo):
                    break
                if not finished:
                    new_values = {}
                    break
                lo, hi = -_INF, _INF  # every move at or below the window: again without one
            if len(new_values) >= top:
                # Moves at or below the cut-off have upper bounds for values:
                # fine for choosing, and for ordering the next iteration. The
                # last iteration's best are searched first, so even a part of
                # an iteration compares the most promising moves at the new
                # depth: its best stand.
                ranked = sorted(new_values, key=lambda k: -new_values[k])[:top]
                chosen, value_depth = new_values, depth
                values.update(new_values)
            if not finished:
                break
            depth_done = depth
            if not self.horizon_hit:
                exact = True
                break
            if depth == 1:
                self.deadline = t0 + seconds
            if self.clock() > self.deadline:
                break
        out = tuple(self._result_move(root[k]) + (chosen[k],) for k in ranked)
        move, score, value = out[0] if out else (None, 0, -_INF)
        play = move.play if move is not None else None
        return EndgameResult(play, score, value, depth_done, exact, self.nodes, self.clock() - t0, out,
                             value_depth)


class CompiledEndgame(_Deepening):
    """The search below the root in C (``_movegen_c.Endgame``: the same
    nodes in the same order as :class:`EndgameSolver`'s, so the same
    values); the root's iterations here. Racks of 7 tiles at most, a board
    with a tile on it (:meth:`takes`)."""

    @staticmethod
    def takes(board: Board, mine: Sequence[str], theirs: Sequence[str]) -> bool:
        """Whether this search takes the position (not a rack over 7 tiles,
        nor an empty board)."""
        return (len(mine) <= _C_MOST_TILES and len(theirs) <= _C_MOST_TILES
                and any(any(r) for r in board.cells))

    #: the line store's bytes past which it is emptied between two root
    #: moves (None: the compiled search's default, 192 MB)
    recycle_bytes: int | None = None

    def __init__(self, gen: MoveGenerator, max_depth: int = 30, clock: Callable[[], float] | None = None) -> None:
        super().__init__(gen, max_depth, clock)
        #: the compiled search of the last :meth:`start` (None before one)
        self._cs: Any = None
        self._root_ctx: _Context | None = None

    def start(self, board: Board, mine: Sequence[str], theirs: Sequence[str]) -> Any:
        """The compiled search of this root position (both sides' root
        moves, and their other choices of blanks, are made in C; the moves
        of the result are made here from its records, with the root board's
        analysis)."""
        self._root_position(board, mine, theirs)
        text = "".join([ch or "." for row in self.cells for ch in row])
        every = C_CLOCK_EVERY if self.clock in _REAL_CLOCKS else 1
        self._root_ctx = _Context(self.gen.analysis.update(self.board).lines, list(mine))
        self._cs = _movegen._c.Endgame(_movegen._c_graph(self.gen.graph), text, None, None, "".join(mine),
                                       "".join(theirs), self.clock, every, TILE_ORDER_BONUS,
                                       NEXT_OUT_BONUS)
        if self.recycle_bytes is not None:
            self._cs.recycle_at = self.recycle_bytes
        return self._cs

    def solve(self, board: Board, mine: Sequence[str], theirs: Sequence[str], seconds: float = 1.0,
              top: int = 1) -> EndgameResult:
        """As :meth:`EndgameSolver.solve`."""
        t0 = self.clock()
        self.deadline = _INF
        self._cs = None  # (a node count read during start is 0)
        cs = self.start(board, mine, theirs)
        return self._deepen(list(cs.root_order()) + [None], seconds, top, t0)

    def _root_child(self, m: int | None, me: int, you: int, depth: int, alpha: float, beta: float = _INF) -> float:
        cs = self._cs
        got = cs.root_child(-1 if m is None else m, depth, alpha, self.deadline, beta)
        self.nodes = cs.nodes
        self.gen_calls, self.gen_lines, self.line_hits, self.subset_hits = cs.work
        if got is None:
            raise _OutOfTime
        value, hit = got
        if hit:
            self.horizon_hit = True
        return value  # type: ignore[no-any-return]

    def _result_move(self, m: int | None) -> tuple[Move | None, int]:
        if m is None:
            return None, 0
        rec = self._cs.record(m)
        return Move(*rec, self._root_ctx), rec[0]  # type: ignore[call-arg]  # a generator record: six fields


class EndgameSolver(_Deepening):
    """Negamax alpha-beta with a transposition table and iterative
    deepening (see the module docstring), in Python; :meth:`solve` hands a
    position the compiled search takes to :class:`CompiledEndgame` (the
    same nodes in the same order) where the generator is compiled.

    ``EndgameSolver(generator).solve(board, my_rack, their_rack, seconds)``.
    """

    def __init__(self, gen: MoveGenerator, max_depth: int = 30, clock: Callable[[], float] | None = None,
                 backend: str | None = None) -> None:
        super().__init__(gen, max_depth, clock)
        #: "c": :meth:`solve` searches in C (the same nodes in the same
        #: order, so the same values: see _movegen_c.c's Endgame), where the
        #: generator is compiled; "python": here. (value_of: always here.)
        if backend is None:
            backend = "c" if gen.backend == "c" and c_search_available() else "python"
        if backend not in ("c", "python"):
            raise ValueError(f"backend must be 'c' or 'python', not {backend!r}")
        if backend == "c" and not (gen.backend == "c" and c_search_available()):
            raise ValueError("the compiled end-game search needs the compiled move generator")
        self.backend = backend
        #: the compiled search (its driver), when the backend is "c"
        self._compiled = CompiledEndgame(gen, max_depth, self.clock) if backend == "c" else None
        self._used_c = False

    @property
    def _cs(self) -> Any:
        """The compiled search of the last (or current) solve; None when
        it was this module's."""
        return self._compiled._cs if self._used_c and self._compiled is not None else None

    # -- the root position ---------------------------------------------------
    def _setup(self, board: Board, mine: Sequence[str], theirs: Sequence[str]) -> None:
        """Both sides' moves on the root board; the table and caches anew."""
        self._root_position(board, mine, theirs)
        self._used_c = False
        self.h = 0
        for r, row in enumerate(self.cells):
            for c, t in enumerate(row):
                if t:
                    self.h ^= _zob(r, c, t)
        self.dirty = 0
        self.root_moves = []
        for rack in (list(mine), list(theirs)):
            recs = self.gen.raw(self.board, rack) if rack else []
            self.root_moves.append(_expand(recs, self.gen.analysis.lines, rack, True))
        #: the racks each side's root moves go out with (NEXT_OUT_BONUS)
        self._outs = [{m[_USED] for m in moves} for moves in self.root_moves]
        self._fit: list[dict[int, list[tuple]]] = [{}, {}]
        self._variants: dict[int, list[tuple]] = {}
        #: squares and Zobrist of the line moves put down, by the move's id
        #: (the moves live in the line store until the next search)
        self._lazy: dict[int, tuple[tuple, int]] = {}
        self._memo: dict[tuple, tuple] = {}
        self._mcache: dict[tuple[int, int, int, int], list[tuple]] = {}
        self._lcache: dict[tuple, dict[int, list[tuple]]] = {}
        self.tt: dict[tuple[int, int, int, int], tuple] = {}

    def _ordered(self, moves: list[tuple], rack: int, side: int) -> list[tuple]:
        """Best first: outs, then by score plus a bonus a tile (and a bonus
        for a leave that goes out next turn)."""
        # (a stable sort, reversed, keeps the order of equal keys as a sort
        # by the negated key does)
        key: Callable[[tuple], int] = _by_order
        bonus = NEXT_OUT_BONUS
        if bonus:
            goes_out = self._outs[side]

            def key(m: tuple) -> int:
                return m[_ORDER] + bonus if rack - m[_USED] in goes_out else m[_ORDER]  # type: ignore[no-any-return]
        outs = [m for m in moves if m[_USED] == rack]
        if outs:
            rest = [m for m in moves if m[_USED] != rack]
            return sorted(outs, key=key, reverse=True) + sorted(rest, key=key, reverse=True)
        return sorted(moves, key=key, reverse=True)

    def fitting(self, side: int, rack: int) -> list[tuple]:
        """The root moves of ``side`` that ``rack`` still makes, ordered."""
        fit = self._fit[side].get(rack)
        if fit is None:
            fit = self._fit[side][rack] = self._ordered(_fitting_moves(self.root_moves[side], rack, self._variants),
                                                           rack, side)
        return fit

    def kept(self, side: int, rack: int) -> list[tuple]:
        """The root moves of ``side`` holding ``rack`` that stand on the
        current board: those on lines no play since the root changed."""
        fit = self.fitting(side, rack)
        dirty = self.dirty
        return [m for m in fit if not m[_LINE] & dirty] if dirty else fit

    def fresh(self, side: int, rack: int) -> list[tuple]:
        """The moves of ``side`` holding ``rack`` on the lines changed since
        the root (generated once per position), ordered.

        A line's moves depend on its analysis alone (its tiles as written,
        blanks apart, its cross-checks, cross-word values and multipliers,
        and anchors), so they are kept per line state and rack: a line one
        play changed is generated once however the plays elsewhere on the
        board vary below it. (Generating a line once per side, for the
        side's whole rack, and keeping the moves the rack still makes was
        measured slower: a 7-tile rack's generation costs more than the
        store saves.)"""
        if not self.dirty:
            return []
        key = (self.h, rack, self.dirty, side)
        got = self._mcache.get(key)
        if got is None:
            got = self._mcache[key] = self._ordered(self._line_moves(rack), rack, side)
        return got

    def _line_moves(self, rack: int) -> list[tuple]:
        """Every move of ``rack`` on the lines changed since the root.

        A line state's moves for a rack without a blank are those of any
        larger rack stored for that state that it can make (a larger rack's
        best choice of blanks for such a move takes real tiles: a blank
        scores less), so a side meeting a line again after playing tiles
        elsewhere filters instead of generating."""
        dirty = self.dirty
        lines = self.gen.analysis.update(self.board, dirty).lines
        cache = self._lcache
        # each changed line's moves, the lines in order (stored or not: the
        # compiled search gives the same order)
        found: dict[int, list[tuple]] = {}
        keys: dict[int, dict[int, list[tuple]]] = {}
        missing = 0
        rest = dirty
        no_blank = not rack >> _SHIFT[BLANK] & 15
        guard = _GUARD
        have = rack | guard
        while rest:
            b = rest & -rest
            rest ^= b
            k = b.bit_length() - 1
            ln = lines[k // SIZE][k % SIZE]
            lkey = (k, tuple(ln.lch), tuple(ln.cc), tuple(ln.xs), tuple(ln.xw), tuple(ln.anchors))
            by_rack = cache.get(lkey)
            if by_rack is None:
                by_rack = cache[lkey] = {}
            got = by_rack.get(rack)
            if got is None and no_blank:
                for other, ms in by_rack.items():
                    if (other | guard) - rack & guard == guard:  # a larger rack
                        got = by_rack[rack] = [m for m in ms if (have - m[_USED]) & guard == guard]
                        self.subset_hits += 1
                        break
            if got is None:
                keys[k] = by_rack
                missing |= b
            else:
                found[k] = got
        self.line_hits += bin(dirty).count("1") - len(keys)
        if missing:
            tiles = rack_tiles(rack)
            self.gen_calls += 1
            self.gen_lines += len(keys)
            recs = self.gen.raw(self.board, tiles, missing)
            new = _expand(recs, self.gen.analysis.lines, tiles, False, self._memo)
            made: dict[int, list[tuple]] = {k: [] for k in keys}
            for m in new:
                made[m[_LINE].bit_length() - 1].append(m)
            for k, ms in made.items():
                keys[k][rack] = ms
                found[k] = ms
        return [m for k in sorted(found) for m in found[k]]

    def moves(self, side: int, rack: int) -> list[tuple]:
        """Every move of ``side`` holding ``rack`` on the current board, ordered."""
        return self._ordered(self.kept(side, rack) + self.fresh(side, rack), rack, side)

    # -- making and unmaking moves ----------------------------------------------
    def _squares(self, m: tuple) -> tuple[tuple, int]:
        """``m``'s squares and Zobrist (made once for a line's move)."""
        z = m[_Z]
        if z is not None:
            return m[_SQUARES], z
        got = self._lazy.get(id(m))
        if got is None:
            got = self._lazy[id(m)] = _lazy_squares(m[_SQUARES])
        return got

    def _apply(self, m: tuple) -> int:
        cells = self.cells
        squares, z = self._squares(m)
        for r, c, t in squares:
            cells[r][c] = t
        self.h ^= z
        old = self.dirty
        self.dirty = old | changed_lines(cells, squares)
        return old

    def _undo(self, m: tuple, dirty: int) -> None:
        cells = self.cells
        squares, z = self._squares(m)
        for r, c, _ in squares:
            cells[r][c] = ""
        self.h ^= z
        self.dirty = dirty

    # -- search ----------------------------------------------------------------
    def solve(self, board: Board, mine: Sequence[str], theirs: Sequence[str], seconds: float = 1.0,
              top: int = 1) -> EndgameResult:
        """The best play for the side to move (holding ``mine``) against ``theirs``.

        Depth 1 always finishes (it needs only this side's moves); each deeper iteration searches the root moves in
        the order of the last one's values, so when time runs out during an
        iteration, the moves it has searched (the most promising first) are
        compared at the new depth, and the best of them is played.

        ``top``: how many of the best root moves to value exactly (for
        hints: the root's cut-off is the ``top``-th best value so far
        instead of the best), returned best first in ``ranked``.
        """
        self._used_c = self._compiled is not None and CompiledEndgame.takes(board, mine, theirs)
        if self._compiled is not None and self._used_c:
            r = self._compiled.solve(board, mine, theirs, seconds, top)
            c = self._compiled
            self.nodes, self.deadline = c.nodes, c.deadline
            self.gen_calls, self.gen_lines, self.line_hits, self.subset_hits = (
                c.gen_calls, c.gen_lines, c.line_hits, c.subset_hits)
            return r
        t0 = self.clock()
        self.deadline = _INF
        self._setup(board, mine, theirs)
        return self._deepen(list(self.moves(0, self.racks[0])) + [None], seconds, top, t0)

    def _root_child(self, m: tuple | None, me: int, you: int, depth: int, alpha: float, beta: float = _INF) -> float:
        if m is None:
            return -self._search(1, you, me, depth - 1, -beta, -alpha, 1)
        return self._child(0, m, me, you, depth, alpha, beta)

    def _result_move(self, m: tuple | None) -> tuple[Move | None, int]:
        return self._root_move(m)

    @staticmethod
    def _root_move(m: tuple | None) -> tuple[Move | None, int]:
        if m is None:
            return None, 0
        rec, ctx = m[_MOVE]
        return Move(*rec, ctx), m[_SCORE]  # type: ignore[call-arg]  # a generator record: six fields

    def value_of(self, board: Board, mine: Sequence[str], theirs: Sequence[str], play: Play | None,
                 score: int, depth: int | None = None, seconds: float = 1.0) -> tuple[float, bool]:
        """The value of one given move (``None``: the pass) with a full
        window, and whether it is exact: how a review measures the play a
        player made against the search's best.

        ``depth``: searched that many plies deep (to compare with a best
        found at that depth); None: deepened until exact, or until
        ``seconds`` run out (the deepest finished depth's value then).
        Raises ValueError when ``mine`` does not hold the play's tiles.

        The pass made is valued as the game goes on after it: the other
        side's pass back does not end the game (no rule ends it at two
        passes; the player may still play), so the reply is searched as a
        fresh position, as the other's own hint then searches it; a review's
        spread missed by a pass is then what the hints before and after it
        differ by. (The search itself, :meth:`solve`, still ends a line at
        two passes in a row, at the root too: the expert's choice and the
        hints are unchanged.) The two differ on a pass's worth only where the
        other's best answer to it is to pass back: it is then worth the
        expert's best play (pass, pass back, that play), which solve, valuing
        its pass by the tiles held, still chooses. Searched to the end, a
        pass valued here is worth no more than solve's choice, and the same
        when solve passes (tests/engine/test_endgame_pass_worth.py); at a
        depth short of the end, the plays after a pass and a pass back are
        seen two plies shallower than solve saw them.
        """
        me_t = list(mine)
        m = None
        if play is not None:
            left = list(me_t)
            for t in play.rack_tiles():
                left.remove(t)
            used = rack_int(play.rack_tiles())
            sq = tuple((t.square.row, t.square.col, t.board_letter) for t in play.tiles)
            z = 0
            for r, c, t in sq:
                z ^= _zob(r, c, t)
            m = (0, score, used, sq, z, 0, None)
        self._setup(board, me_t, theirs)
        me, you = self.racks

        def at(d: int) -> float:
            if m is None:  # the pass, as the game goes on: a pass back ends nothing yet
                return -self._search(1, you, me, d - 1, -_INF, _INF, 0)
            return self._root_child(m, me, you, d, -_INF)

        if depth is not None:
            self.deadline = _INF
            self.horizon_hit = False
            return at(depth), not self.horizon_hit
        self.deadline = self.clock() + seconds
        value, exact = -_INF, False
        for d in range(1, self.max_depth + 1):
            self.horizon_hit = False
            try:
                value = at(d)
            except _OutOfTime:
                break
            if not self.horizon_hit:
                exact = True
                break
        return value, exact

    def _child(self, side: int, m: tuple, mine: int, theirs: int, depth: int, alpha: float, beta: float) -> float:
        """Value of playing ``m`` (negamax, side to move's view), searched
        within the mover's window (``alpha``, ``beta``). The value is the
        play's score less the reply's value, so the reply is searched within
        (score - beta, score - alpha): a window that forgot the score would
        cut the reply off too soon and overrate the play."""
        score = m[_SCORE]
        left = mine - m[_USED]
        if not left:  # going out
            return score + 2 * self.face(theirs)
        old = self._apply(m)
        try:
            return score - self._search(1 - side, theirs, left, depth - 1, score - beta, score - alpha, 0)
        finally:
            self._undo(m, old)

    def _outs_now(self, side: int, rack: int) -> list[tuple]:
        """The moves of ``side`` holding ``rack`` that go out and stand on
        the board now."""
        outs = [m for m in self.kept(side, rack) if m[_USED] == rack]
        if self.dirty:
            outs += [m for m in self._line_moves(rack) if m[_USED] == rack]
        return outs

    def _out_after(self, m: tuple, outs: list[tuple]) -> int | None:
        """The best score of ``outs`` (the other side's, standing now)
        that still stand after ``m``: those on lines ``m`` leaves alone."""
        cells = self.cells
        squares, _z = self._squares(m)
        for r, c, t in squares:
            cells[r][c] = t
        changed = changed_lines(cells, squares)
        for r, c, _t in squares:
            cells[r][c] = ""
        return max((o[_SCORE] for o in outs if not o[_LINE] & changed), default=None)

    def _leaf_sound(self, side: int, mine: int, theirs: int, first: tuple | None, alpha0: float) -> float | None:
        """At a node one ply above the horizon that no move cut off: its
        value when sound, else None. Sound: every move that does not go
        out is bounded by an out the other side has after it (the other's
        value after the move is at least that out's score and twice the
        face of the move's leave; its outs standing now on lines the move
        leaves alone, else those with the move put down), each bound at or below
        ``alpha0`` or the side's best out; the pass bounded by the other
        passing back or going out now. The value: the best out, or the
        highest bound at or below ``alpha0``."""
        kept = self.kept(side, mine)
        fresh = self._line_moves(mine) if self.dirty else []
        face_theirs, face_mine = self.face(theirs), self.face(mine)
        outs = [m[_SCORE] for m in kept + fresh if m[_USED] == mine]
        b = max(outs) + 2 * face_theirs if outs else -_INF
        a = max(b, alpha0)
        others = self._outs_now(1 - side, theirs)
        bound = min([face_theirs - face_mine] + [-(o[_SCORE] + 2 * face_mine) for o in others])
        if bound > a:
            return None
        for m in ([first] if first else []) + kept + fresh:
            left = mine - m[_USED]
            if not left:
                continue
            o = self._out_after(m, others)
            if o is None:
                # m changed the lines of every out the other side had: its
                # outs on the board after m
                old = self._apply(m)
                try:
                    o = max((o[_SCORE] for o in self._outs_now(1 - side, theirs)), default=None)
                finally:
                    self._undo(m, old)
            if o is None:
                return None
            ub = m[_SCORE] - o - 2 * self.face(left)
            if ub > a:
                return None
            bound = max(bound, ub)
        return max(b, bound)

    def _search(self, side: int, mine: int, theirs: int, depth: int, alpha: float, beta: float,
                passes: int) -> float:
        self.nodes += 1
        if passes >= 2:
            return self.face(theirs) - self.face(mine)
        if depth <= 0:
            self.horizon_hit = True
            return self.face(theirs) - self.face(mine)
        if self.clock() > self.deadline:
            raise _OutOfTime
        key = (self.h, mine, theirs, passes)
        entry = self.tt.get(key)
        first = None
        if entry is not None:
            edepth, flag, val, first = entry
            if edepth >= depth and (flag == _EXACT or (flag == _LOWER and val >= beta)
                                    or (flag == _UPPER and val <= alpha)):
                if edepth != _ALL_DEPTHS:
                    self.horizon_hit = True
                return val
        outer = self.horizon_hit
        self.horizon_hit = False
        alpha0 = alpha
        best, best_m = -_INF, None
        # The table's move, the root moves still standing, then (unless one
        # of those cut off) the moves generated on the lines that changed.
        cut = False
        leaf = depth == 1
        face_theirs = self.face(theirs)
        face_of = self._face.get
        for which in (0, 1, 2):
            skip = 0  # the lines whose root moves no longer stand
            if which == 0:
                if first is None or first == 0:
                    continue
                moves: list[tuple] = [first]
            elif which == 1:
                if leaf:
                    moves, skip = self.fitting(side, mine), self.dirty
                else:
                    # the root moves still standing and the changed lines'
                    # moves in one order (outs first, then by order key;
                    # ties: the root moves first)
                    moves = self.moves(side, mine)
            elif leaf:
                moves = self.fresh(side, mine)
            else:
                break
            for m in moves:
                if skip and m[_LINE] & skip:
                    continue
                if m is first and which:
                    continue
                score = m[_SCORE]
                left = mine - m[_USED]
                before = self.horizon_hit
                self.horizon_hit = False
                if not left:
                    val = score + 2 * face_theirs
                elif leaf:
                    # the reply is at the horizon: valued by the tiles held,
                    # without putting the play on the board
                    fl = face_of(left)
                    if fl is None:
                        fl = self.face(left)
                    val = score + face_theirs - fl
                    self.horizon_hit = True
                else:
                    old = self._apply(m)
                    try:
                        val = score - self._search(1 - side, theirs, left, depth - 1, score - beta, score - alpha, 0)
                    finally:
                        self._undo(m, old)
                if val > best:
                    best, best_m = val, m
                    if val > alpha:
                        alpha = val
                        if alpha >= beta:
                            # a cut: the lower bound holds at every depth
                            # where this move's line does (the moves before
                            # it, below beta, do not matter)
                            cut = True
                            break
                self.horizon_hit = self.horizon_hit or before
            if cut:
                break
        # The pass is worth at most what the tiles held make (the other side
        # may pass back and end it): not searched when a play reaches that.
        if alpha < beta and best < face_theirs - self.face(mine):
            before = self.horizon_hit
            self.horizon_hit = False
            # a forced pass (no move at all) takes no ply of the depth: a side
            # stuck with its tiles does not halve how far the search sees
            below = depth if best == -_INF else depth - 1
            val = -self._search(1 - side, theirs, mine, below, -beta, -alpha, passes + 1)
            if val > best:
                best, best_m = val, 0  # type: ignore[assignment]  # 0: the pass
            if val < beta:  # not a cut by the pass: every move's line matters
                self.horizon_hit = self.horizon_hit or before
        if leaf and not cut and best < beta and self.horizon_hit:
            # one ply above the horizon, no move cut off: exact when every
            # move is bounded soundly (the compiled search's eg_leaf_sound)
            sound = self._leaf_sound(side, mine, theirs, first, alpha0)
            if sound is not None:
                self.horizon_hit = False
                best = sound
        hit = self.horizon_hit
        flag = _UPPER if best <= alpha0 else (_LOWER if best >= beta else _EXACT)
        self.tt[key] = (depth if hit else _ALL_DEPTHS, flag, best, best_m)
        self.horizon_hit = outer or hit
        return best
