"""The ``champion`` level: Monte Carlo simulation of the best static plays.

The expert's static evaluation (score plus leave) picks the candidates:
its best :data:`CANDIDATES` plays by equity, and its best exchange when
the rules allow one. Each candidate is then *played out* many times, the
opponent's rack drawn at random from the unseen tiles (the bag and the
opponent's rack, which we cannot tell apart) each time. Both sides of a
play-out play as the fast static player of :mod:`.fastplay` (the best by
score plus leave, a blank standing for a few letters rather than every
one, which makes a rack with a blank several times cheaper). The
opponent answers first: its moves are generated once per drawn rack on
the board before the candidates and again only in the few lines each
candidate changes (a line's moves depend only on that line's tiles,
cross-checks and anchors), which makes that ply several times cheaper
than generating each board afresh; then we draw our replacement tiles
and answer, on an analysis of the candidate's board kept for the whole
decision (only the lines the reply changes are worked out again). The
candidate is worth its score, less the reply, plus our answer, plus our
final leave less the opponent's (two plies, so that an opening counts
for both sides); a play that goes out is worth its score plus twice the
opponent's tiles. (``plies=1`` weighs only what a play gives away; at
0.3 s a move it won 52% of 350 games against the expert, no better than
two plies.)

The same random draws are used for every candidate in an iteration
(common random numbers), so their differences are measured with less
noise than their values. The budget is shared by *successive halving*:
after the first iteration, which measures what a play-out costs, only as
many candidates go on as the play-outs left can tell apart
(:func:`fitting`: on a loaded machine the best few by value), and those
are played out :data:`FIRST_ROUND` times each before any is cut
(:func:`first_round`: in :data:`FIRST_SHARE` of the budget, fewer
candidates when it cannot give them all that many); then at
each halving point (:func:`halving_point`: the play-outs left shared
equally among the stages still to come) the better half by value goes
on (:meth:`Champion._halve`), down to the last two, which share what is
left; so the close ones get most of the play-outs. Besides, every round
after the first round, the candidates clearly behind are dropped:
those whose play-outs, paired draw by draw with the leader's, fall short
of it by more than :data:`PRUNE_SIGMAS` standard errors of the paired
difference (:meth:`Champion._prune`). Our answer's board (the candidate's
board plus the reply) is worked out on one analysis per candidate, set
back to the candidate's board after each play-out (:func:`_restore`), so
each play-out works out only its own reply's lines. ``last`` says how
many play-outs a candidate got: the median over all the candidates
simulated (``play_outs_median``, least and most), over those past the
first cut (``play_outs_survivors``) and over the last ones
(``play_outs_finalists``). The work runs in worker processes (:data:`WORKERS`, default both cores) in
rounds of about :data:`ROUND_SECONDS` until the time budget (``think``
seconds) runs out or one candidate is left. Each candidate's mean is
shrunk towards its static equity by as many pseudo-play-outs as the
static values are worth against the play-outs' noise (:func:`prior_weight`:
the paired play-outs' variance over :data:`PRIOR_SD` squared, at least
:data:`PRIOR`; about 28 on real positions), so a few dozen noisy play-outs
do not overturn the static order and a few hundred decide, and the best
is played; late in the
game (:data:`WIN_CHANCE_BAG` tiles or fewer in the bag) the mean *chance
of winning* over the play-outs counts instead (:func:`win_chance`), so
far behind it takes the play that can still catch up.

With the bag empty and two players, the exact end-game search is used
(with :data:`ENDGAME_SHARE` of the budget).
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
import random
import sys
import time
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

from ..core.board import SIZE, Board
from ..core.game import Game
from ..core.play import Play, apply_play
from ..core.tiles import rack_value
from .fastplay import BLANK_LETTERS, FastRack, best_play, scan, unsubstitute
from .leave import leave_value
from .movegen import BoardAnalysis, Line, Move, MoveGenerator, _Context, record_leave

#: Static candidates simulated.
CANDIDATES = 10
#: Default time budget, seconds.
THINK_SECONDS = 3.0
#: Iterations per candidate before any is pruned, and the pruning margin.
MIN_ITERATIONS = 8
PRUNE_SIGMAS = 2.5
#: The first round: play-outs each candidate gets before any is cut
#: (pruned or halved), so that the cut compares means, not a handful of
#: draws: FIRST_ROUND when FIRST_SHARE of the play-outs the budget affords
#: (measured on the first iteration) holds that many for each candidate
#: (with the compiled move generator, about 1 ms a play-out, 3 s on two
#: cores afford some 4,500: 60% of them is 245 for each of 11 candidates);
#: fewer candidates on a slower machine, and fewer play-outs each once
#: only FIRST_CANDIDATES are left (see first_round). Before, the cuts
#: began after MIN_ITERATIONS: a median of 24.5 play-outs a candidate.
FIRST_ROUND = 150
FIRST_SHARE = 0.6
FIRST_CANDIDATES = 5
#: Pseudo-play-outs of the static equity mixed into each candidate's mean:
#: at least PRIOR; with PRIOR_SD, as many as the play-outs' noise is worth
#: against the static values' (see prior_weight).
PRIOR = 5.0
#: How far, in points, the static values' differences stray from those a
#: long simulation finds (one standard deviation; 0: the prior is PRIOR):
#: 5.2 on 10 mid-game positions of 120 play-outs a candidate
#: (bench/sim_ceiling.py --games 6 --iterations 120 --seed 1000; the paired
#: play-outs' variance there, about 700, makes the prior worth about 28).
PRIOR_SD = 5.0
#: About how long a worker's task (a batch of iterations) lasts, seconds:
#: between tasks the clock is read and losing candidates are pruned.
ROUND_SECONDS = 0.25
#: Plies of a play-out after the candidate (see simulate): 2, the
#: opponent's reply and our answer (1 weighs only what a play gives away;
#: an opening is there for both sides).
PLIES = 2
#: With at most this many tiles in the bag, candidates are chosen by their
#: chance of winning (see win_chance), not their mean spread.
WIN_CHANCE_BAG = 20
#: Spread's standard deviation per pair of turns left (win_chance).
TURN_SIGMA = 30.0
#: Worker processes: both cores by default.
WORKERS = max(1, min(2, os.cpu_count() or 1))
#: The share of the budget kept back for handing the last round back.
DEADLINE_MARGIN = 0.07
#: The share of the budget the exact end-game search gets (bag empty): its
#: first depth is never cut, and it reads the clock between positions, so
#: it may run some tenths of a second past its budget.
ENDGAME_SHARE = 0.8
#: Seconds the workers may take to start and load the word list.
START_SECONDS = 60.0


class WorkersUnavailable(RuntimeError):
    """The worker processes did not start, or stopped answering: the
    player falls back to the expert's move (see ComputerPlayer)."""


# ---------------------------------------------------------------------------
# one iteration (runs in a worker, or in-process)
# ---------------------------------------------------------------------------

def simulate(gen: MoveGenerator, cells: Any, rack: Sequence[str], unseen: Sequence[str], bag_size: int,
             candidates: Sequence[tuple[Play | None, tuple[str, ...], int]], alive: Sequence[int],
             seed: int, iterations: int, plies: int = 2, token: Any = None,
             deadline: float | None = None, blanks: str = "", stop: float | None = None) -> list[list[float]]:
    """Results of ``iterations`` play-outs of each alive candidate:
    ``out[k]`` is the list of values of candidate k (empty if not alive).

    ``candidates`` are (play or None for an exchange, the tiles it takes
    from the rack -- for an exchange, the tiles returned -- , its score).
    Each iteration shuffles the unseen tiles: the opponent's rack first,
    then the bag in drawing order. With ``plies=2`` a candidate is worth
    its score, less the opponent's best reply (by equity), plus our best
    answer with the tiles we draw, plus our final leave less the
    opponent's; going out is worth the score plus twice the opponent's
    tiles. With ``plies=1``, its equity (score plus the leave it keeps)
    less the opponent's best reply's.

    ``blanks``: the letters a blank stands for in the fast player
    (:mod:`.fastplay`; each best then gains its average shortfall back);
    "" (the default) searches every letter, as the expert does.

    The opponent's replies are found by :func:`_opponent_replies` (its
    moves generated once per drawn rack). Our answers are generated on an
    analysis of the board after the candidate kept for the whole decision,
    so only the lines the reply changes are worked out again. The set-up of
    a decision (the candidates' boards and analyses) is kept between calls
    with the same ``token``.

    ``deadline`` (a ``time.perf_counter()`` time, the same clock in every
    process here): no play-out starts after it, so an iteration may leave
    some candidates without one; but the first play-out of a call always
    runs (a move asked to think plays out something, at the cost of one
    play-out's overrun when the task reached its worker late). ``stop``
    (the same clock): no iteration but the first starts after it.
    """
    rng = random.Random(seed)
    clock = time.perf_counter
    out: list[list[float]] = [[] for _ in candidates]
    unseen = list(unseen)
    opp_size = min(7, len(unseen) - bag_size) if len(unseen) - bag_size > 0 else min(7, len(unseen))
    base_board, base, views, kept, own, boards, ours, snaps = _decision(gen, cells, rack, candidates, token)
    saved = gen.analysis
    try:
        for it in range(iterations):
            now = clock()
            if deadline is not None and now > deadline and it:
                break
            if stop is not None and it and now > stop:
                break
            pool = unseen[:]
            rng.shuffle(pool)
            opp_rack = pool[:opp_size]
            bag = pool[opp_size:]  # the rest, in drawing order
            opp = FastRack(opp_rack, blanks)
            late = deadline is not None and now > deadline  # the first iteration, begun late: one play-out
            now_alive = alive[:1] if late else alive
            replies = _opponent_replies(gen, base_board, base, views, opp, now_alive)
            for k in now_alive:
                if deadline is not None and (it or k != alive[0]) and clock() > deadline:
                    break
                reply = replies[k]
                if plies == 1:
                    out[k].append(own[k] - opp.shortfall - (reply[0] if reply is not None else 0.0))
                    continue
                o_eq = opp.shortfall + (reply[0] if reply is not None else leave_value(opp_rack))
                play, used, score = candidates[k]
                mine = list(kept[k])
                if play is not None:
                    mine += bag[: 7 - len(mine)]
                else:  # an exchange: draw first; the returned tiles go back after our draws
                    mine += bag[: len(used)]
                if play is not None and not mine:  # went out
                    out[k].append(score + 2 * rack_value(opp_rack))
                    continue
                board = boards[k]
                if reply is not None:
                    board = board.copy()
                    _, rec, ctx, _ = reply
                    apply_play(board, Move(*rec, ctx).play)  # type: ignore[call-arg]  # a generator record: six fields
                gen.analysis = ana = ours[k]
                me = FastRack(mine, blanks)
                answer = best_play(gen, board, me)
                if reply is not None:
                    _restore(ana, snaps[k])  # back to the candidate's board: the next reply's lines only
                m_eq = me.shortfall + (answer[0] if answer is not None else leave_value(mine))
                out[k].append(score - o_eq + m_eq)
    finally:
        gen.analysis = saved
    return out


def _opponent_replies(gen: MoveGenerator, board: Board, base: BoardAnalysis, views: dict, opp: FastRack,
                      alive: Sequence[int]) -> dict[int, tuple | None]:
    """For each alive candidate k, the opponent's best reply by equity on
    the board after it: (equity, record, its context, the tiles it keeps),
    or None when there is none. The opponent's moves are generated once on
    ``board`` (before the candidates); for each candidate only the lines
    its play changes are generated again (``views[k]``), and the moves of
    the other lines stand. Each of the fast rack's tries (a blank standing
    for a letter) is generated so."""
    minus_inf = float("-inf")
    bound = opp.bound
    best: dict[int, tuple | None] = {k: None for k in alive}
    top = {k: minus_inf for k in alive}
    for tiles, sub in opp.tries:
        gen.analysis = base
        recs = gen.raw(board, tiles)
        ctx = _Context(base.lines, tiles)
        recs.sort(reverse=True)
        floor = min(top.values(), default=minus_inf)
        for r in recs:
            if r[0] + bound < floor:
                break
            left = record_leave(tiles, ctx, r)
            if sub:
                r, left = unsubstitute(r, left, sub, ctx)
            eq = r[0] + leave_value(left)
            line = (r[1], r[2])
            raised = False
            for k in alive:
                if eq > top[k] and line not in views[k][1]:
                    top[k] = eq
                    best[k] = (eq, r, ctx, left)
                    raised = True
            if raised:
                floor = min(top.values(), default=minus_inf)
        for k in alive:
            view = views[k][0]
            if view is None:
                continue
            gen.analysis = view
            fresh = gen.raw(board, tiles)
            found = scan(fresh, tiles, sub, _Context(view.lines, tiles), bound, top[k])
            if found is not None:
                top[k], best[k] = found[0], found
    return best


class _LinesView:
    """A board analysis that shows the generator only some lines (the
    others have no anchors, so nothing is generated there). The moves of a
    line depend only on that line's data (tiles, cross-checks, anchors), so
    the moves of a board are those of its lines put together."""

    empty = False

    def __init__(self, lines: tuple[list[Any], list[Any]]) -> None:
        self.lines = lines

    def update(self, board: Any, only: int | None = None) -> "_LinesView":
        return self


def _changed_view(base: BoardAnalysis, board: Board) -> tuple[_LinesView, frozenset[tuple[int, int]], BoardAnalysis]:
    """The analysis of ``board`` (the base board plus a play) restricted to
    the lines whose data differ from the base's, and those lines; and the
    whole analysis of ``board`` (its own lines, apart from the view's)."""
    ana = _copy_analysis(base)
    ana.update(board)
    changed = set()
    hidden = Line()
    hidden.anchors = []
    view: tuple[list[Any], list[Any]] = ([], [])
    for d in (0, 1):
        for i in range(SIZE):
            new, old = ana.lines[d][i], base.lines[d][i]
            if any(getattr(new, slot) != getattr(old, slot) for slot in Line.__slots__):
                changed.add((d, i))
                view[d].append(new)
            else:
                view[d].append(hidden)
    return _LinesView(view), frozenset(changed), _copy_analysis(ana)


def _copy_analysis(src: BoardAnalysis) -> BoardAnalysis:
    """An analysis of the same board as ``src`` with lines of its own (an
    update replaces a line's lists, never changes them, so the lists may
    be shared)."""
    ana = BoardAnalysis(src.graph)
    ana.rows = src.rows
    ana.cols = src.cols
    ana.empty = src.empty
    ana.stale = src.stale
    for d in (0, 1):
        for i in range(SIZE):
            ln = Line()
            old = src.lines[d][i]
            for slot in Line.__slots__:
                setattr(ln, slot, getattr(old, slot))
            ana.lines[d][i] = ln
    return ana


#: Per-process cache of the last decision's set-up (see _decision).
_SETUP: dict[str, Any] = {}


def _decision(gen: MoveGenerator, cells: Any, rack: Sequence[str],
              candidates: Sequence[tuple[Play | None, tuple[str, ...], int]], token: Any) -> tuple:
    """The set-up of the decision ``token`` (:func:`_setup`), made once per
    process and kept until the next decision (None: never kept)."""
    got = _SETUP.get("sim")
    if token is None or got is None or got[0] != token:
        got = _SETUP["sim"] = (token, _setup(gen, cells, rack, candidates))
    return got[1]


def _setup(gen: MoveGenerator, cells: Any, rack: Sequence[str],
           candidates: Sequence[tuple[Play | None, tuple[str, ...], int]]) -> tuple:
    """(board, its analysis, per candidate (view of the lines it changes or
    None, those lines), per candidate the tiles it keeps, its own equity,
    the board after it and an analysis of that board for our answers)."""
    base_board = Board([list(r) for r in cells])
    base = BoardAnalysis(gen.graph).update(base_board)
    views: dict[int, tuple[_LinesView | None, frozenset[tuple[int, int]]]] = {}
    kept: dict[int, list[str]] = {}
    own: dict[int, float] = {}
    boards: dict[int, Board] = {}
    ours: dict[int, BoardAnalysis] = {}
    for k, (play, used, score) in enumerate(candidates):
        kept[k] = list(rack)
        for t in used:
            kept[k].remove(t)
        own[k] = score + leave_value(kept[k])
        if play is None:
            views[k] = (None, frozenset())
            boards[k] = base_board
            ours[k] = _copy_analysis(base)
        else:
            board = base_board.copy()
            apply_play(board, play)
            boards[k] = board
            view, lines, ours[k] = _changed_view(base, board)
            views[k] = (view, lines)
    snaps = {k: _snapshot(a) for k, a in ours.items()}
    return base_board, base, views, kept, own, boards, ours, snaps


def _snapshot(ana: BoardAnalysis) -> tuple:
    """What :func:`_restore` needs to put ``ana`` back as it is now."""
    data = tuple([tuple(getattr(ln, slot) for slot in Line.__slots__) for ln in ana.lines[d]] for d in (0, 1))
    return ana.rows, ana.cols, ana.empty, data


def _restore(ana: BoardAnalysis, snap: tuple) -> None:
    """Put ``ana`` back as it was at ``snap`` (:func:`_snapshot`). An
    update gives each line it works out again new lists (never changes
    them in place), so the lines whose ``lt`` is no longer the snapshot's
    are the ones to set back; the others are untouched. Our answer in a
    play-out is generated on the candidate's board plus the reply: set back
    after it, the next play-out works out the lines of its own reply only
    (not those of the last reply as well, as an update from the last
    board did: half the lines)."""
    rows, cols, empty, data = snap
    if ana.rows is rows and not ana.stale:
        return
    slots = Line.__slots__
    for d in (0, 1):
        lines, saved = ana.lines[d], data[d]
        for i in range(SIZE):
            vals = saved[i]
            ln = lines[i]
            if ln.lt is not vals[0]:
                for slot, v in zip(slots, vals):
                    setattr(ln, slot, v)
    ana.rows, ana.cols, ana.empty, ana.stale = rows, cols, empty, 0


def _start_quietly(ctx: Any) -> None:
    """Start multiprocessing's helper processes (POSIX) with their standard
    error on the null device: the resource tracker, which frees the pool's
    semaphores when the game is killed while the champion thinks but told
    the player's screen "There appear to be 6 leaked semaphore objects";
    and the fork server, whose workers inherit its standard error (a
    worker started as Ctrl-C ended the game printed a FileNotFoundError
    traceback). Their standard error is the game's at their start, so the
    game's is pointed away for that moment only."""
    try:
        from multiprocessing import forkserver, resource_tracker
    except ImportError:  # pragma: no cover - Windows has neither
        return
    start = forkserver.ensure_running if ctx.get_start_method() == "forkserver" else resource_tracker.ensure_running
    try:
        saved = os.dup(2)
    except OSError:
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            sys.stderr.flush()
            os.dup2(null, 2)
            start()  # the fork server starts the resource tracker first
        finally:
            os.dup2(saved, 2)
            os.close(null)
    except OSError:
        pass
    finally:
        os.close(saved)


# -- worker side ----------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _worker_init(lexicon: Any) -> None:
    """Once per worker: the word list (the default one loads from its
    cache) and a move generator. Ctrl-C is the console's to handle: a
    worker stopped by it would leave the simulation waiting for ever.

    A worker writes nothing on the player's screen: its errors go back to
    the game with its results, and a worker whose game was killed while it
    thought (its result has nowhere to go) ends quietly, where
    multiprocessing printed a BrokenPipeError traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - for the worker's life
    if lexicon is None:
        from ..lexicon import Lexicon

        lexicon = Lexicon.default()
    _WORKER["gen"] = MoveGenerator(lexicon)


def _worker_ready(_: int) -> int:
    """A task that waits a little, so that each worker takes one (warm-up)."""
    time.sleep(0.05)
    return os.getpid()


@contextmanager
def _main_importable() -> Iterator[None]:
    """While starting workers: a main program that is no file (``python3 -``
    reading it from standard input, ``<stdin>``) is not named to them.
    The workers would try to run that file, fail and be restarted for ever,
    and a simulation would wait on them for ever."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    hide = isinstance(path, str) and getattr(main, "__spec__", None) is None and not os.path.isfile(path)
    if hide:
        del main.__file__  # type: ignore[union-attr]
    try:
        yield
    finally:
        if hide:
            main.__file__ = path  # type: ignore[union-attr]


def _worker_task(args: tuple) -> tuple[list[list[float]], float, float]:
    return _run_play_outs(_WORKER["gen"], args)


def _run_play_outs(gen: MoveGenerator, args: tuple) -> tuple[list[list[float]], float, float]:
    """(the play-outs' values, the seconds they took and the CPU seconds,
    without the set-up of a new decision, which a worker does once)."""
    *common, plies, token, deadline, seconds, blanks = args
    cells, rack, _, _, cands = common[:5]
    _decision(gen, cells, rack, cands, token)
    t0 = time.perf_counter()
    c0 = time.process_time()
    out = simulate(gen, *common, plies=plies, token=token, deadline=deadline,  # type: ignore[misc]  # common: the positional nine
                   blanks=blanks, stop=t0 + seconds)
    return out, time.perf_counter() - t0, time.process_time() - c0


def _distinct(cands: Sequence[tuple[Play | None, tuple[str, ...], int]]) -> list[int]:
    """The candidates of an opening worth simulating: a down play is the
    mirror image of an across one (the premium squares are symmetric about
    the diagonal), worth the same, so only the first of each pair is played
    out."""
    seen: set[frozenset] = set()
    out = []
    for k, (play, _, _) in enumerate(cands):
        if play is not None:
            key = frozenset((min(t.square.row, t.square.col), max(t.square.row, t.square.col), t.letter, t.blank)
                            for t in play.tiles)
            if key in seen:
                continue
            seen.add(key)
        out.append(k)
    return out


def prior_weight(alive: Sequence[int], results: Sequence[Sequence[float]], means: dict[int, float]) -> float:
    """The pseudo-play-outs the static values are worth: the variance of a
    play-out's difference from the leader's (paired draw by draw: what the
    simulation's comparisons are made of) over the variance of the static
    values' differences (:data:`PRIOR_SD` squared), at least :data:`PRIOR`.
    So twenty noisy play-outs do not overturn the static order on their
    own, and a few hundred do."""
    if not PRIOR_SD:
        return PRIOR
    lead = max((k for k in alive if results[k]), key=lambda k: (len(results[k]), means[k], -k), default=None)
    if lead is None:
        return PRIOR
    lv = results[lead]
    total = 0.0
    dof = 0
    for k in alive:
        v = results[k]
        n = min(len(v), len(lv))
        if k == lead or n < 2:
            continue
        d = [v[j] - lv[j] for j in range(n)]
        m = sum(d) / n
        total += sum((x - m) ** 2 for x in d)
        dof += n - 1
    if not dof:
        return PRIOR
    return max(PRIOR, total / dof / PRIOR_SD ** 2)


def halving_stages(n: int) -> int:
    """Stages of successive halving from ``n`` candidates down to the last
    two (which then share what is left): 10 -> 5 -> 3 -> 2 is 4 stages."""
    stages = 1
    while n > 2:
        n = (n + 1) // 2
        stages += 1
    return stages


def halving_point(iterations: int, n: int, play_outs_left: float) -> int:
    """The iteration count at which ``n`` candidates (each played out
    ``iterations`` times) are halved: the play-outs the budget has left
    shared equally among the stages still to come (:func:`halving_stages`),
    this stage's share among its ``n`` candidates; never before
    :data:`MIN_ITERATIONS` play-outs each."""
    share = play_outs_left / (halving_stages(n) * n)
    return max(MIN_ITERATIONS, iterations + max(1, int(share)))


def fitting(n: int, play_outs_left: float) -> int:
    """How many of ``n`` candidates the play-outs left can tell apart: the
    most (at least 2) whose first stage of halving gives each at least
    :data:`MIN_ITERATIONS` play-outs. With fewer, every candidate would
    get a handful and the choice would be the static order's plus noise; a
    loaded machine so plays out the best few by static value, properly."""
    while n > 2 and play_outs_left / (halving_stages(n) * n) < MIN_ITERATIONS:
        n -= 1
    return n


def first_round(n: int, play_outs_left: float) -> tuple[int, int]:
    """The candidates (of ``n``) and the play-outs each gets in the first
    round, before any cut: :data:`FIRST_SHARE` of the play-outs left
    shared among them. When that share gives each fewer than
    :data:`FIRST_ROUND`, fewer candidates (the best by value; no fewer
    than :data:`FIRST_CANDIDATES`) go in; never fewer than
    :data:`MIN_ITERATIONS` each."""
    share = FIRST_SHARE * play_outs_left
    while n > FIRST_CANDIDATES and share / n < FIRST_ROUND:
        n -= 1
    return n, max(MIN_ITERATIONS, min(FIRST_ROUND, int(share / max(1, n))))


# ---------------------------------------------------------------------------
# win chances
# ---------------------------------------------------------------------------

def spread_sigma(unseen: int) -> float:
    """How far the final spread may still move, in points (one standard
    deviation), with ``unseen`` tiles not yet on our rack or the board:
    about :data:`TURN_SIGMA` points for each pair of turns left (a pair
    of turns uses about 8 of them), at least half a pair."""
    return TURN_SIGMA * math.sqrt(max(unseen / 8.0, 0.5))


def win_chance(spread: float, sigma: float) -> float:
    """The chance of winning when ahead by ``spread`` with ``sigma`` of
    uncertainty left (a normal model; a tie counts half)."""
    return 0.5 * (1.0 + math.erf(spread / (sigma * math.sqrt(2.0))))


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
        #: the letters a blank stands for in the play-outs (fastplay; "" for every letter)
        self.blanks = BLANK_LETTERS
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

            _start_quietly(ctx)
            lex = None if (Lexicon._default is not None and self.lexicon is Lexicon._default) else self.lexicon
            pool = None
            try:
                with _main_importable():
                    pool = ctx.Pool(self.workers, initializer=_worker_init, initargs=(lex,))
                    # ready before the first move: each has loaded the word list
                    pool.map_async(_worker_ready, range(self.workers), chunksize=1).get(START_SECONDS)
            except Exception as e:
                if pool is not None:
                    pool.terminate()
                raise WorkersUnavailable(f"the worker processes did not start: {e!r}") from e
            self._pool = pool
        return self._pool

    def _map(self, pool: Any, args: list[tuple]) -> list:
        """The play-outs in the workers, waiting at most a generous multiple
        of the budget: workers that stopped answering end the simulation
        with :class:`WorkersUnavailable`, never a wait for ever."""
        try:
            return pool.map_async(_worker_task, args).get(START_SECONDS + 4 * self.think)
        except mp.TimeoutError as e:
            self.close()
            raise WorkersUnavailable(f"the worker processes stopped answering: {e!r}") from e

    def choose(self, game: Game, me: int, candidates: list[tuple[Play | None, tuple[str, ...], int, float]]) -> int:
        """The index of the candidate to play: (play or None for an
        exchange, tiles taken or returned, score, static equity)."""
        t0 = time.perf_counter()
        # a margin for the last round's hand-back and the choice
        deadline = t0 + self.think * (1 - DEADLINE_MARGIN)
        if len(candidates) <= 1:
            return 0
        rack = list(game.players[me].rack)
        unseen = list(game.unseen(me).elements())
        cells = [list(r) for r in game.board.cells]
        cands = [(c[0], tuple(c[1]), c[2]) for c in candidates]
        alive = _distinct(cands) if game.board.is_empty() else list(range(len(cands)))
        simulated = list(alive)
        survivors: list[int] | None = None  # those left after the first cut
        cuts: list[tuple[int, int]] = []  # (iterations, candidates left) at each halving
        halve_at = 0  # the iterations at which the next halving comes (0: to be planned)
        fitted = 0  # the candidates the budget can tell apart (fitting; 0: not yet known)
        first = MIN_ITERATIONS  # the first round's play-outs a candidate: no cut before (first_round)
        results: list[list[float]] = [[] for _ in cands]
        pool = self._get_pool()
        scores = game.scores()
        spread = scores[me] - max(x for i, x in enumerate(scores) if i != me)
        bag = len(game.bag)
        late = bag <= WIN_CHANCE_BAG
        plies = PLIES
        token = (os.getpid(), self.rng.random())  # this decision (workers keep its set-up)
        iterations = 0
        per_play_out = 0.0  # seconds one candidate's play-out takes in a worker (measured)
        cpu = 0.0  # CPU seconds the play-outs took, in all the workers
        static = [c[3] for c in candidates]
        sigma = spread_sigma(len(unseen))
        chance = (lambda v: win_chance(spread + v, sigma)) if late else None
        while len(alive) > 1:
            left = deadline - time.perf_counter()
            if per_play_out and left < 2 * per_play_out:
                break
            if iterations and (not fitted or (not halve_at and len(alive) > 2)):
                capacity = left / max(per_play_out, 1e-6) * (max(1, self.workers) if pool is not None else 1)
                if not fitted:  # once, after the first iteration: as many candidates as the budget can tell
                    # apart, each played out the first round's play-outs before any cut
                    fitted, first = first_round(fitting(len(alive), capacity), capacity)
                    if fitted < len(alive):
                        alive = self._best(alive, results, static, chance, fitted)
                        survivors = list(alive)
                    halve_at = first if len(alive) > 2 else 0
                elif len(alive) > 2:
                    halve_at = halving_point(iterations, len(alive), capacity)
            # each worker plays out whole iterations for the round's seconds (the first round: one
            # iteration each, after the decision's set-up), up to the next halving; the deadline
            # may cut the last one (the first candidates then get one more)
            n, seconds = (1 << 20, min(ROUND_SECONDS, left)) if iterations else (1, 0.0)
            if iterations and halve_at > iterations:
                n = -(-(halve_at - iterations) // max(1, self.workers))
            seeds = [self.rng.randrange(1 << 30) for _ in range(max(1, self.workers))]
            args = [(cells, rack, unseen, len(game.bag), cands, alive, s, n, plies, token, deadline, seconds,
                     self.blanks) for s in seeds]
            t1 = time.perf_counter()
            if pool is not None:
                batches = self._map(pool, args)
            else:
                batches = [_run_play_outs(self.gen, a) for a in args]
            took = time.perf_counter() - t1
            # the workers' own play-out time, plus their share of the round's overhead
            work = max(b[1] for b in batches) if pool is not None else sum(b[1] for b in batches)
            cpu += sum(b[2] for b in batches)
            overhead = max(0.0, took - work) if iterations else 0.0
            counts = [sum(len(b[0][k]) for k in alive) for b in batches]  # play-outs done (a deadline may cut)
            done = max(counts) if pool is not None else sum(counts)
            if done:
                one = (work + overhead) / done
                per_play_out = one if not per_play_out else max(one, 0.7 * per_play_out + 0.3 * one)
            for b in batches:
                for k in alive:
                    results[k].extend(b[0][k])
            iterations = max(len(results[k]) for k in alive)  # a deadline may leave some with one fewer
            if time.perf_counter() > deadline:
                break
            if iterations >= first:
                before = len(alive)
                alive = self._prune(alive, results)
                if halve_at and iterations >= halve_at and len(alive) > 2:
                    alive = self._halve(alive, results, static, chance)
                    cuts.append((iterations, len(alive)))
                    halve_at = 0
                if survivors is None and len(alive) < before:
                    survivors = list(alive)
        means = {k: (sum(v) / len(v) if v else float("-inf")) for k, v in enumerate(results)}
        best = self._pick(alive, results, means, static, chance)
        counts = sorted(len(results[k]) for k in simulated)
        finalists = sorted(len(results[k]) for k in alive)
        kept = sorted(len(results[k]) for k in (survivors if survivors is not None else simulated))
        self.last = {"iterations": iterations, "alive": len(alive), "seconds": time.perf_counter() - t0,
                     "play_outs_median": counts[(len(counts) - 1) // 2], "play_outs_total": sum(counts),
                     "play_outs_least": counts[0], "play_outs_most": counts[-1],
                     "play_outs_survivors": kept[(len(kept) - 1) // 2], "survivors": len(kept), "cuts": cuts,
                     "fitted": fitted or len(simulated),
                     "play_outs_finalists": finalists[(len(finalists) - 1) // 2], "play_outs_chosen": len(results[best]),
                     "candidates": len(simulated), "cpu": cpu,
                     "means": means, "chosen": best, "plies": plies, "static": static,
                     "by": "win chance" if late else "spread"}
        return best

    @staticmethod
    def _pick(alive: list[int], results: list[list[float]], means: dict[int, float], static: list[float],
              chance: Any = None) -> int:
        """The alive candidate with the best simulated value, each mean
        shrunk towards its static equity by :data:`PRIOR` pseudo-play-outs
        (on the simulation's scale), so that a few noisy play-outs do not
        overturn the static order on their own. With ``chance`` (late in the
        game: play-out value -> chance of winning), the mean chance of
        winning over the play-outs counts instead of the mean value: far
        behind, a play that sometimes catches up beats one that surely
        loses by a little less."""
        value = Champion._values(alive, results, means, static, chance)
        return max(alive, key=lambda k: (value[k], -k))

    @staticmethod
    def _values(alive: list[int], results: list[list[float]], means: dict[int, float], static: list[float],
                chance: Any = None) -> dict[int, float]:
        """Each alive candidate's value as :meth:`_pick` weighs it."""
        measured = [k for k in range(len(results)) if results[k]]
        if not measured:
            return {k: static[k] for k in alive}
        offset = sum(means[k] - static[k] for k in measured) / len(measured)
        weight = prior_weight(alive, results, means)

        def value(k: int) -> float:
            n = len(results[k])
            prior = static[k] + offset
            if chance is not None:
                prior = chance(prior)
                mean = sum(chance(v) for v in results[k]) / n if n else prior
            else:
                mean = means[k]
            return (n * mean + weight * prior) / (n + weight) if n else prior

        return {k: value(k) for k in alive}

    @staticmethod
    def _halve(alive: list[int], results: list[list[float]], static: list[float], chance: Any = None) -> list[int]:
        """The better half of the alive candidates (rounded up), by the
        value :meth:`_pick` would weigh them at now: a step of successive
        halving. All of them have been played out on the same draws, so
        their order is that of the paired differences; the play-outs left
        then go to half as many, each getting twice as many."""
        return Champion._best(alive, results, static, chance, (len(alive) + 1) // 2)

    @staticmethod
    def _best(alive: list[int], results: list[list[float]], static: list[float], chance: Any, n: int) -> list[int]:
        """The ``n`` best alive candidates by the value :meth:`_pick` weighs."""
        means = {k: (sum(v) / len(v) if v else float("-inf")) for k, v in enumerate(results)}
        value = Champion._values(alive, results, means, static, chance)
        ranked = sorted(alive, key=lambda k: (-value[k], k))
        return sorted(ranked[:n])

    @staticmethod
    def _prune(alive: list[int], results: list[list[float]]) -> list[int]:
        """The alive candidates less those clearly behind the leader (the
        best mean): a candidate's play-outs are paired with the leader's
        (the same draws: common random numbers), and it goes when the mean
        of the differences is below zero by more than :data:`PRUNE_SIGMAS`
        standard errors of that mean. Pairing takes out the noise the two
        share (the opponent's rack, the bag), so a clearly worse play goes
        after a few dozen play-outs instead of hundreds."""
        means = {k: sum(results[k]) / len(results[k]) for k in alive if results[k]}
        if not means:
            return alive
        lead = max(means, key=lambda k: (means[k], -k))
        lv = results[lead]
        keep = []
        for k in alive:
            v = results[k]
            n = min(len(v), len(lv))
            if k == lead or n < 2:
                keep.append(k)
                continue
            d = [v[j] - lv[j] for j in range(n)]
            m = sum(d) / n
            var = sum((x - m) ** 2 for x in d) / (n - 1)
            if m + PRUNE_SIGMAS * math.sqrt(var / n) >= 0:
                keep.append(k)
        return keep
