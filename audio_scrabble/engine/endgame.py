"""The end of a two-player game: an exact search once the bag is empty.

With the bag empty and two players, each knows the other's rack (the
unseen tiles), so the rest of the game is a game of perfect information.
:class:`EndgameSolver` searches it with negamax alpha-beta over every
generated placement and the pass:

* **Values** are points of spread from now to the end, for the side to
  move. Going out ends the game: the play's score plus twice the other's
  tiles (both the house rule and the North American rule come to that
  with two players). Two passes in a row leave the position as it was, so
  they end the search: each side loses its own tiles.
* **Ordering.** The best move of the last iteration (per position, in a
  transposition table) first, then plays that go out, then by score plus
  three points a tile played (emptying the rack is worth tempo).
* **Iterative deepening** within a time budget: depth 1, 2, 3, ... until
  the search no longer reaches its horizon anywhere (it is then *exact*)
  or time runs out (the deepest finished iteration's choice stands).
  At the horizon a position is valued by what each side still holds: the
  side to move loses its own tiles, and gains the other's.
* **Cost.** Move lists are generated once per (board, rack) and kept.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from ..core.board import Board
from ..core.play import Play, apply_play, remove_play
from ..core.tiles import BLANK, TILE_VALUES
from .movegen import Move, MoveGenerator, _Context, record_leave

#: Points for each tile a play puts down, in move ordering only.
TILE_ORDER_BONUS = 3


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


class EndgameSolver:
    """Negamax alpha-beta with iterative deepening (see the module docstring).

    ``EndgameSolver(generator).solve(board, my_rack, their_rack, seconds)``.
    """

    def __init__(self, gen: MoveGenerator, max_depth: int = 14) -> None:
        self.gen = gen
        self.max_depth = max_depth
        self._moves: dict[tuple, list[tuple]] = {}
        self._best: dict[tuple, int] = {}  # position -> index of its best move last time
        self.nodes = 0

    # -- move lists --------------------------------------------------------------
    def moves(self, board: Board, rack: tuple[str, ...], key: tuple) -> list[tuple]:
        """(order key, score, play or None, tiles left) for every placement, best first."""
        got = self._moves.get(key)
        if got is not None:
            return got
        recs = self.gen.raw(board, list(rack))
        ctx = _Context(self.gen.analysis.lines, rack)
        out = []
        for r in recs:
            left = record_leave(rack, ctx, r)
            n = len(rack) - len(left)  # tiles played
            order = (1000 if not left else 0) + r[0] + TILE_ORDER_BONUS * n
            out.append((order, r[0], (r, ctx), tuple(left)))
        out.sort(key=lambda t: -t[0])
        self._moves[key] = out
        return out

    # -- search ----------------------------------------------------------------
    def solve(self, board: Board, mine: Sequence[str], theirs: Sequence[str], seconds: float = 1.0,
              top: int = 1) -> EndgameResult:
        """The best play for the side to move (holding ``mine``) against ``theirs``.

        Depth 1 always finishes (it needs only this side's moves); each
        deeper iteration searches the root moves in the order of the last
        one's values, so when time runs out during an iteration, the moves
        it has searched (the most promising first) are compared at the new
        depth, and the best of them is played.

        ``top``: how many of the best root moves to value exactly (for
        hints: the root's cut-off is the ``top``-th best value so far
        instead of the best), returned best first in ``ranked``.
        """
        t0 = time.perf_counter()
        self.deadline = float("inf")
        self.nodes = 0
        board = board.copy()
        mine_t, theirs_t = tuple(mine), tuple(theirs)
        key = self._pos_key(board, mine_t)
        root = list(self.moves(board, mine_t, key)) + [None]  # None: the pass
        top = max(1, min(top, len(root)))
        values: dict[int, float] = {}
        ranked: list[int] = []
        chosen: dict[int, float] = {}
        depth_done, exact, value_depth = 0, False, 0
        for depth in range(1, self.max_depth + 1):
            self.horizon_hit = False
            order = sorted(range(len(root)), key=lambda k: -values.get(k, float("-inf"))) if values else range(len(root))
            new_values: dict[int, float] = {}
            best_few: list[float] = []  # the ``top`` best values so far, best first
            alpha = float("-inf")
            finished = True
            try:
                for k in order:
                    m = root[k]
                    if m is None:
                        v = self._pass(board, mine_t, theirs_t, depth, alpha, float("inf"))
                    else:
                        v = self._child(board, m, mine_t, theirs_t, depth, alpha, float("inf"))
                    new_values[k] = v
                    if v > alpha:
                        best_few = sorted(best_few + [v], reverse=True)[:top]
                        if len(best_few) == top:
                            alpha = best_few[-1]
            except _OutOfTime:
                finished = False
            if len(new_values) >= top:
                # Moves at or below the cut-off have upper bounds for values:
                # fine for choosing, and for ordering the next iteration. The
                # last iteration's best are searched first, so even a part of
                # an iteration compares the most promising moves at the new
                # depth: its best stand (comparing them with the last depth's
                # values instead kept the shallower choice nearly always,
                # since a deeper look lowers the values).
                ranked = sorted(new_values, key=lambda k: -new_values[k])[:top]
                chosen, value_depth = new_values, depth
                values.update(new_values)
            if not finished:
                break
            depth_done = depth
            if depth == 1:
                self.deadline = t0 + seconds
            if not self.horizon_hit:
                exact = True
                break
            if time.perf_counter() > self.deadline:
                break
        out = tuple(self._root_move(root[k]) + (chosen[k],) for k in ranked)
        move, score, value = out[0] if out else (None, 0, float("-inf"))
        play = move.play if move is not None else None
        return EndgameResult(play, score, value, depth_done, exact, self.nodes, time.perf_counter() - t0, out,
                             value_depth)

    @staticmethod
    def _root_move(m: tuple | None) -> tuple[Move | None, int]:
        if m is None:
            return None, 0
        rec, ctx = m[2]
        return Move.of(rec, ctx), m[1]

    def value_of(self, board: Board, mine: Sequence[str], theirs: Sequence[str], play: Play | None,
                 score: int, depth: int | None = None, seconds: float = 1.0) -> tuple[float, bool]:
        """The value of one given move (``None``: the pass) with a full
        window, and whether it is exact: how a review measures the play a
        player made against the search's best.

        ``depth``: searched that many plies deep (to compare with a best
        found at that depth); None: deepened until exact, or until
        ``seconds`` run out (the deepest finished depth's value then).
        Raises ValueError when ``mine`` does not hold the play's tiles.
        """
        board = board.copy()
        mine_t, theirs_t = tuple(mine), tuple(theirs)
        left = list(mine_t)
        if play is not None:
            for t in play.rack_tiles():
                left.remove(t)
        inf = float("inf")

        def at(d: int) -> float:
            if play is None:
                return self._pass(board, mine_t, theirs_t, d, -inf, inf)
            return self._play(board, play, score, tuple(left), theirs_t, d, -inf, inf)

        if depth is not None:
            self.deadline = inf
            self.horizon_hit = False
            return at(depth), not self.horizon_hit
        self.deadline = time.perf_counter() + seconds
        value, exact = float("-inf"), False
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

    def _pos_key(self, board: Board, rack: tuple[str, ...]) -> tuple:
        return ("".join("".join(c or "." for c in row) for row in board.cells), "".join(sorted(rack)))

    def _ordered(self, board: Board, rack: tuple, key: tuple) -> list[tuple]:
        moves = self.moves(board, rack, key)
        k = self._best.get(key)
        if k is not None and 0 < k < len(moves):
            moves = [moves[k]] + moves[:k] + moves[k + 1 :]
        return moves

    def _remember(self, key: tuple, ordered: list[tuple], k: int) -> None:
        if k < 0:
            return
        base = self._moves[key]
        self._best[key] = base.index(ordered[k])

    def _child(self, board: Board, m: tuple, mine: tuple, theirs: tuple, depth: int, alpha: float, beta: float) -> float:
        """Value of playing ``m`` (negamax, side to move's view), searched
        within the mover's window (``alpha``, ``beta``). The value is the
        play's score less the reply's value, so the reply is searched within
        (score - beta, score - alpha): a window that forgot the score would
        cut the reply off too soon and overrate the play."""
        _, score, (rec, ctx), left = m
        if not left:  # going out: no need to build the play
            return score + 2 * _face(theirs)
        return self._play(board, Move.of(rec, ctx).play, score, left, theirs, depth, alpha, beta)

    def _play(self, board: Board, play: Play, score: int, left: tuple, theirs: tuple, depth: int,
              alpha: float, beta: float) -> float:
        """Value of ``play`` (worth ``score``, leaving ``left``) within the
        mover's window: going out ends the game, else the score less the
        reply's value (see :meth:`_child`)."""
        if not left:
            return score + 2 * _face(theirs)
        apply_play(board, play)
        try:
            return score - self._search(board, theirs, left, depth - 1, score - beta, score - alpha, 0)
        finally:
            remove_play(board, play)

    def _pass(self, board: Board, mine: tuple, theirs: tuple, depth: int, alpha: float, beta: float,
              passes: int = 1) -> float:
        """Value of passing within the mover's window: the other moves next
        (``passes``: passes in a row with this one; two end the game)."""
        return -self._search(board, theirs, mine, depth - 1, -beta, -alpha, passes)

    def _search(self, board: Board, mine: tuple, theirs: tuple, depth: int, alpha: float, beta: float,
                passes: int) -> float:
        self.nodes += 1
        if passes >= 2:
            return _face(theirs) - _face(mine)
        if depth <= 0:
            self.horizon_hit = True
            return _face(theirs) - _face(mine)
        if time.perf_counter() > self.deadline:
            raise _OutOfTime
        key = self._pos_key(board, mine)
        moves = self._ordered(board, mine, key)
        best, best_k = float("-inf"), -1
        for k, m in enumerate(moves):
            val = self._child(board, m, mine, theirs, depth, alpha, beta)
            if val > best:
                best, best_k = val, k
                if val > alpha:
                    alpha = val
                    if alpha >= beta:
                        break
        if alpha < beta:
            val = self._pass(board, mine, theirs, depth, alpha, beta, passes + 1)
            if val > best:
                best, best_k = val, -1
        self._remember(key, moves, best_k)
        return best
