"""The ``champion`` level: Monte Carlo simulation of the best static plays.

The expert's static evaluation (score plus leave) picks the candidates:
its best :data:`CANDIDATES` plays by equity, and its best exchange when
the rules allow one. Each candidate is then *played out* many times:

1. the opponent's rack is drawn at random from the unseen tiles (the bag
   and the opponent's rack, which we cannot tell apart), and our own
   replacement tiles from what is left;
2. the opponent answers with its best static play (score plus leave),
   then we answer with ours (two plies after the candidate; each side's
   leave counted at the horizon with the learned leave values);
3. the candidate's result is its score, less the opponent's reply, plus
   our reply, plus our final leave less the opponent's.

The same random draws are used for every candidate in an iteration
(common random numbers), so their differences are measured with less
noise than their values. Every few iterations the candidates clearly
behind (mean more than :data:`PRUNE_SIGMAS` standard errors below the
leader's, after :data:`MIN_ITERATIONS`) are dropped. The work runs in
worker processes (:data:`WORKERS`, default both cores) until the time
budget (``think`` seconds) runs out; the candidate with the best mean
is played.

With the bag empty and two players, the exact end-game search is used
(with the same budget); with 1 to 7 tiles in the bag the opponent's rack
is mostly known and the simulation itself sees the endgame coming.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
import random
import time
from typing import Any, Sequence

from ..core.board import Board
from ..core.game import Game
from ..core.play import Play, apply_play
from ..core.tiles import BLANK
from .leave import leave_value
from .movegen import Move, MoveGenerator, _Context, record_leave

#: Static candidates simulated.
CANDIDATES = 10
#: Default time budget, seconds.
THINK_SECONDS = 3.0
#: Iterations per candidate before any is pruned, and the pruning margin.
MIN_ITERATIONS = 8
PRUNE_SIGMAS = 2.0
#: Pseudo-play-outs of the static equity mixed into each candidate's mean.
PRIOR = 20.0
#: Iterations a worker runs per task (a batch).
BATCH = 4
#: Worker processes: both cores by default.
WORKERS = max(1, min(2, os.cpu_count() or 1))


# ---------------------------------------------------------------------------
# one iteration (runs in a worker, or in-process)
# ---------------------------------------------------------------------------

def _best_static(gen: MoveGenerator, board: Board, rack: list[str]) -> tuple[int, Play | None, list[str]]:
    """(score, play, leave) of the best play by score plus leave; (0, None, rack) for none."""
    recs = gen.raw(board, rack)
    if not recs:
        return 0, None, rack
    ctx = _Context(gen.analysis.lines, rack)
    best, best_eq, best_left = None, float("-inf"), rack
    recs.sort(reverse=True)
    for r in recs[:40]:  # the best equity is near the top score
        left = record_leave(rack, ctx, r)
        eq = r[0] + leave_value(left)
        if eq > best_eq:
            best, best_eq, best_left = r, eq, left
    return best[0], Move(*best, ctx).play, best_left


def simulate(gen: MoveGenerator, cells: Any, rack: Sequence[str], unseen: Sequence[str], bag_size: int,
             candidates: Sequence[tuple[Play | None, tuple[str, ...], int]], alive: Sequence[int],
             seed: int, iterations: int) -> list[list[float]]:
    """Results of ``iterations`` play-outs of each alive candidate:
    ``out[k]`` is the list of values of candidate k (empty if not alive).

    ``candidates`` are (play or None for an exchange, the tiles it takes
    from the rack -- for an exchange, the tiles returned -- , its score).
    """
    rng = random.Random(seed)
    base = Board([list(r) for r in cells])
    out: list[list[float]] = [[] for _ in candidates]
    unseen = list(unseen)
    opp_size = min(7, len(unseen) - bag_size) if len(unseen) - bag_size > 0 else min(7, len(unseen))
    for _ in range(iterations):
        pool = unseen[:]
        rng.shuffle(pool)
        opp_rack = pool[:opp_size]
        bag = pool[opp_size:]  # the rest, in drawing order
        for k in alive:
            play, used, score = candidates[k]
            board = base.copy()
            mine = list(rack)
            for t in used:
                mine.remove(t)
            draw_bag = list(bag)
            if play is not None:
                apply_play(board, play)
                drawn = draw_bag[: 7 - len(mine)]
                del draw_bag[: len(drawn)]
                mine += drawn
            else:  # an exchange: draw first, then the returned tiles go back (after our draws)
                drawn = draw_bag[: len(used)]
                del draw_bag[: len(drawn)]
                mine += drawn
                draw_bag += list(used)
            if play is not None and not mine:  # went out
                out[k].append(score + 2 * sum(_face(t) for t in opp_rack))
                continue
            o_score, o_play, o_left = _best_static(gen, board, opp_rack)
            if o_play is not None:
                apply_play(board, o_play)
            m_score, m_play, m_left = _best_static(gen, board, mine)
            value = score - o_score + m_score + leave_value(m_left) - leave_value(o_left)
            out[k].append(value)
    return out


def _face(t: str) -> int:
    from ..core.tiles import TILE_VALUES

    return 0 if t == BLANK else TILE_VALUES.get(t, 0)


# -- worker side ----------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _worker_init(lexicon: Any) -> None:
    """Once per worker: the word list (the default one loads from its
    cache) and a move generator. Ctrl-C is the console's to handle: a
    worker stopped by it would leave the simulation waiting for ever."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if lexicon is None:
        from ..lexicon import Lexicon

        lexicon = Lexicon.default()
    _WORKER["gen"] = MoveGenerator(lexicon)


def _worker_task(args: tuple) -> list[list[float]]:
    return simulate(_WORKER["gen"], *args)


# ---------------------------------------------------------------------------
# the player
# ---------------------------------------------------------------------------

class Champion:
    """Chooses by simulation (see the module docstring). ``think`` is the
    time budget in seconds; ``workers`` the processes (0: in this process)."""

    def __init__(self, lexicon: Any, think: float = THINK_SECONDS, workers: int = WORKERS, seed: int = 0) -> None:
        self.lexicon = lexicon
        self.think = think
        self.workers = workers
        self.rng = random.Random(seed)
        self.gen = MoveGenerator(lexicon)
        self._pool: Any = None
        self.last: dict[str, Any] = {}  # facts about the last simulation, for benches and tests

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def __del__(self) -> None:  # pragma: no cover - best effort
        try:
            self.close()
        except Exception:
            pass

    def _get_pool(self) -> Any:
        """The worker processes, started on first use. They are forked from
        a fresh server process ("forkserver"), never from this one, which
        may run a prompt's event loop and speech threads (forking those is
        unsafe); "spawn" where there is no fork server (Windows). Each
        worker loads the word list once (:func:`_worker_init`)."""
        if self._pool is None and self.workers > 0:
            methods = mp.get_all_start_methods()
            ctx = mp.get_context("forkserver" if "forkserver" in methods else "spawn")
            if ctx.get_start_method() == "forkserver":
                # the server imports the engine once; the workers fork with it loaded
                ctx.set_forkserver_preload([__name__])
            from ..lexicon import Lexicon

            lex = None if (Lexicon._default is not None and self.lexicon is Lexicon._default) else self.lexicon
            self._pool = ctx.Pool(self.workers, initializer=_worker_init, initargs=(lex,))
        return self._pool

    def choose(self, game: Game, me: int, candidates: list[tuple[Play | None, tuple[str, ...], int, float]]) -> int:
        """The index of the candidate to play: (play or None for an
        exchange, tiles taken or returned, score, static equity)."""
        t0 = time.perf_counter()
        deadline = t0 + self.think
        if len(candidates) <= 1:
            return 0
        rack = list(game.players[me].rack)
        unseen = list(game.unseen(me).elements())
        cells = [list(r) for r in game.board.cells]
        cands = [(c[0], tuple(c[1]), c[2]) for c in candidates]
        alive = list(range(len(cands)))
        results: list[list[float]] = [[] for _ in cands]
        pool = self._get_pool()
        iterations = 0
        per_play_out = 0.0  # seconds one candidate's play-out takes in a worker (measured)
        while len(alive) > 1:
            left = deadline - time.perf_counter()
            if per_play_out:
                # as many iterations as fit in the time left (at least one, if one fits)
                n = int(left / (per_play_out * len(alive)))
                if n < 1:
                    break
                n = min(n, BATCH)
            else:
                n = 1
            seeds = [self.rng.randrange(1 << 30) for _ in range(max(1, self.workers))]
            args = [(cells, rack, unseen, len(game.bag), cands, alive, s, n) for s in seeds]
            t1 = time.perf_counter()
            if pool is not None:
                batches = pool.map(_worker_task, args)
            else:
                batches = [simulate(self.gen, *a) for a in args]
            took = time.perf_counter() - t1
            one = took / (n * len(alive) * (1 if pool is not None else len(seeds)))
            per_play_out = one if not per_play_out else max(one, 0.7 * per_play_out + 0.3 * one)
            for b in batches:
                for k in alive:
                    results[k].extend(b[k])
            iterations += n * len(seeds)
            if iterations >= MIN_ITERATIONS:
                alive = self._prune(alive, results)
        means = {k: (sum(v) / len(v) if v else float("-inf")) for k, v in enumerate(results)}
        best = self._pick(alive, results, means, [c[3] for c in candidates])
        self.last = {"iterations": iterations, "alive": len(alive), "seconds": time.perf_counter() - t0,
                     "means": means, "chosen": best}
        return best

    @staticmethod
    def _pick(alive: list[int], results: list[list[float]], means: dict[int, float], static: list[float]) -> int:
        """The alive candidate with the best simulated value, each mean
        shrunk towards its static equity by :data:`PRIOR` pseudo-play-outs
        (on the simulation's scale), so that a few noisy play-outs do not
        overturn the static order on their own."""
        measured = [k for k in range(len(results)) if results[k]]
        if not measured:
            return max(alive, key=lambda k: (static[k], -k))
        offset = sum(means[k] - static[k] for k in measured) / len(measured)

        def value(k: int) -> float:
            n = len(results[k])
            prior = static[k] + offset
            return (n * means[k] + PRIOR * prior) / (n + PRIOR) if n else prior

        return max(alive, key=lambda k: (value(k), -k))

    @staticmethod
    def _prune(alive: list[int], results: list[list[float]]) -> list[int]:
        stats = {}
        for k in alive:
            v = results[k]
            n = len(v)
            mean = sum(v) / n
            var = sum((x - mean) ** 2 for x in v) / (n - 1) if n > 1 else 0.0
            stats[k] = (mean, math.sqrt(var / n) if n else 0.0)
        lead = max(alive, key=lambda k: stats[k][0])
        m0, s0 = stats[lead]
        return [k for k in alive if k == lead or stats[k][0] + PRUNE_SIGMAS * math.hypot(stats[k][1], s0) >= m0]
