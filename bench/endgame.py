#!/usr/bin/env python3
"""The end-game search on bag-empty two-player positions from seeded expert games.

    python bench/endgame.py [--positions N] [--seed S] [--budget 1,5] [--cache FILE]
                            [--compare] [--jobs J]

Positions: expert against expert (the real rules core, the default word
list), seed s, s+1, ...; each game is played until the bag is empty and
the position (board, the mover's rack, the other rack, the scores) is
kept; a game that ends before the bag empties gives none. ``--cache``
keeps them in a JSON file to reuse.

For each position and each budget (seconds, default 1 and 5) the solver
runs from a fresh start; printed: the share solved exactly (the search
reached the end of every line) within the budget, the median and 95th
percentile of the time taken (CPU seconds of this process: the budget
is kept by that clock here, since the machine is shared), and the depth
reached when not exact.

``--compare REF``: the first ``--compare-positions`` positions are
played out to the end twice, the side to move choosing with this search
in one and with the search at commit REF in the other (REF's endgame.py
is read with ``git show`` and loaded as a module of the engine), its
opponent with REF's search in both (``--compare-seconds`` a move, default
1; ``--new-seconds`` gives this search its own budget, to measure a
shorter one against REF's, several budgets comma-separated, REF's
play-out made once for all); every search keeps its budget in CPU time
(REF's module is given a clock that reads it); printed: the mean of the mover's final spread, this less REF's,
paired, with a 95 % interval, and how many results (win, draw, loss) the
change turned. The spread counts the points from the position on, so a
result here is the sign of that spread.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import math
import statistics
import subprocess
import sys
import time
import types
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from audio_scrabble.core import Board, Game  # noqa: E402
from audio_scrabble.core.play import apply_play  # noqa: E402
from audio_scrabble.core.rules import VARIANTS  # noqa: E402
from audio_scrabble.engine import ComputerPlayer, MoveGenerator  # noqa: E402
from audio_scrabble.engine.endgame import EndgameSolver, _face  # noqa: E402
from audio_scrabble.lexicon import Lexicon  # noqa: E402


def positions(lexicon: Any, n: int, seed: int, cache: str | None) -> list[dict]:
    if cache and Path(cache).exists():
        got = json.loads(Path(cache).read_text())
        if len(got) >= n:
            return got[:n]
    seats = [ComputerPlayer("expert", lexicon, 1), ComputerPlayer("expert", lexicon, 2)]
    out: list[dict] = []
    s = seed
    while len(out) < n:
        game = Game(["a", "b"], VARIANTS["double"], seed=s, lexicon=lexicon)
        s += 1
        while not game.is_over and (game.bag or game.awaiting_final_challenge):
            if game.awaiting_final_challenge:
                game.accept()
                continue
            seats[game.current].choose(game, game.current).apply(game)
        if game.is_over or game.bag:
            continue
        me = game.current
        out.append(dict(seed=s - 1, rows=game.board.rows_text(), mine="".join(game.players[me].rack),
                        theirs="".join(sorted(game.unseen(me).elements()))))
    if cache:
        Path(cache).write_text(json.dumps(out))
    return out


@functools.lru_cache(maxsize=None)
def old_solver_class(ref: str) -> Any:
    """EndgameSolver as it was at commit ``ref`` (its endgame.py, loaded as
    a module of the engine package so its relative imports work)."""
    code = subprocess.run(["git", "-C", str(REPO), "show", f"{ref}:audio_scrabble/engine/endgame.py"],
                          check=True, capture_output=True, text=True).stdout
    name = "audio_scrabble.engine._endgame_at_" + ref.replace("-", "_")
    spec = importlib.util.spec_from_loader(name, loader=None)
    mod = importlib.util.module_from_spec(spec)
    mod.__package__ = "audio_scrabble.engine"
    sys.modules[name] = mod
    exec(compile(code, name, "exec"), mod.__dict__)
    # its budget in this process's CPU time, as this module's solver keeps it
    mod.time = types.SimpleNamespace(perf_counter=time.process_time)
    return mod.EndgameSolver


#: (exact, seconds, tiles on the mover's rack) of every search by this
#: module's solver during the play-outs: every bag-empty move, not only the first
SEARCHES: list[tuple[bool, float, int]] = []


def cpu_solver(gen: MoveGenerator) -> EndgameSolver:
    return EndgameSolver(gen, clock=time.process_time)


def play_out(gen: MoveGenerator, pos: dict, solvers: tuple[Any, Any], seconds: float,
             first_seconds: float | None = None) -> int:
    """The position played to the end, the side to move choosing with
    ``solvers[0]`` and the other with ``solvers[1]`` (``seconds`` a
    move): the final spread, the side to move's view. Going out: twice
    the other's tiles; two passes in a row: each loses its own tiles."""
    board = Board.from_rows(pos["rows"])
    racks = [list(pos["mine"]), list(pos["theirs"])]
    spread = [0, 0]
    side, passes = 0, 0
    while True:
        budget = first_seconds if side == 0 and first_seconds is not None else seconds
        r = solvers[side](gen).solve(board, racks[side], racks[1 - side], budget)
        if solvers[side] is cpu_solver:
            SEARCHES.append((r.exact, r.seconds, len(racks[side])))
        if r.play is None:
            passes += 1
            if passes >= 2:
                spread[0] += _face(racks[1]) - _face(racks[0])
                return spread[0]
        else:
            passes = 0
            apply_play(board, r.play)
            for t in r.play.rack_tiles():
                racks[side].remove(t)
            sign = 1 if side == 0 else -1
            spread[0] += sign * r.score
            if not racks[side]:
                spread[0] += sign * 2 * _face(racks[1 - side])
                return spread[0]
        side = 1 - side


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


_GEN: list[MoveGenerator] = []


def compare_one(job: tuple[dict, str, float, list[float]]) -> tuple[int, list[int], list[list[tuple]]]:
    """One position played out with REF's search on the move (REF's on
    the other side), then with this search at each budget: REF's final
    spread, this search's at each budget, and this search's searches
    (exact, seconds, tiles) at each budget."""
    pos, ref, seconds, budgets = job
    if not _GEN:
        _GEN.append(MoveGenerator(Lexicon.default()))
    gen = _GEN[0]
    old = old_solver_class(ref)
    old_s = play_out(gen, pos, (old, old), seconds)
    news, searches = [], []
    for budget in budgets:
        SEARCHES.clear()
        news.append(play_out(gen, pos, (cpu_solver, old), seconds, budget))
        searches.append(list(SEARCHES))
    return old_s, news, searches


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=100, help="positions (default 100)")
    ap.add_argument("--seed", type=int, default=1000, help="first game seed (default 1000)")
    ap.add_argument("--budget", default="1,5", help="budgets in seconds, comma-separated (default 1,5)")
    ap.add_argument("--cache", help="JSON file keeping the positions")
    ap.add_argument("--compare", metavar="REF", help="play out against the search at commit REF")
    ap.add_argument("--compare-positions", type=int, default=30, help="positions played out (default 30)")
    ap.add_argument("--compare-seconds", type=float, default=1.0, help="seconds a move in play-outs (default 1)")
    ap.add_argument("--new-seconds", help="this search's seconds a move in play-outs, comma-separated budgets "
                    "each played out (default: --compare-seconds)")
    ap.add_argument("--jobs", type=int, default=1, help="processes for the play-outs (default 1)")
    args = ap.parse_args()
    lexicon = Lexicon.default()
    gen = MoveGenerator(lexicon)
    print(f"Move generator: the {gen.backend} search (AUDIO_SCRABBLE_PURE_PYTHON=1 for the Python one)")
    t0 = time.perf_counter()
    pos = positions(lexicon, args.positions, args.seed, args.cache)
    print(f"{len(pos)} bag-empty positions from expert games, seeds from {args.seed}"
          f" ({time.perf_counter() - t0:.0f} s to make or load)")
    tiles = Counter(len(p["mine"]) for p in pos)
    print("tiles on the mover's rack: " + ", ".join(f"{k}: {tiles[k]}" for k in sorted(tiles)))
    for budget in [float(b) for b in args.budget.split(",") if b]:
        exact, secs, depths, seven = 0, [], [], [0, 0]
        by_theirs: dict[int, list[int]] = {k: [0, 0] for k in range(1, 8)}  # (positions, exact) by the other's tiles
        work = Counter()  # the generator's work: lines generated, lines from the store (of which filtered)
        for p in pos:
            solver = cpu_solver(gen)
            r = solver.solve(Board.from_rows(p["rows"]), list(p["mine"]), list(p["theirs"]), budget)
            work["generated"] += solver.gen_lines
            work["stored"] += solver.line_hits
            work["filtered"] += solver.subset_hits
            exact += r.exact
            secs.append(r.seconds)
            if not r.exact:
                depths.append(r.depth)
            if len(p["mine"]) == 7:
                seven[0] += 1
                seven[1] += r.exact
            by_theirs[len(p["theirs"])][0] += 1
            by_theirs[len(p["theirs"])][1] += r.exact
        n = len(pos)
        d = Counter(depths)
        print(f"budget {budget:g} s: exact {exact}/{n} ({100 * exact / n:.1f} %), with 7 tiles "
              f"{seven[1]}/{seven[0]}; time median {statistics.median(secs):.2f} s, p95 {pct(secs, 0.95):.2f} s, "
              f"worst {max(secs):.2f} s; not exact, depth reached: "
              + (", ".join(f"{k}: {d[k]}" for k in sorted(d)) or "none")
              + f"; lines of moves generated {work['generated']}, taken from the store {work['stored']}"
              f" ({work['filtered']} of them filtered from a larger rack's); exact by the other's tiles: "
              + ", ".join(f"{k}: {e}/{t}" for k, (t, e) in by_theirs.items() if t), flush=True)
    if args.compare:
        budgets = [float(b) for b in args.new_seconds.split(",")] if args.new_seconds else [args.compare_seconds]
        work = [(p, args.compare, args.compare_seconds, budgets) for p in pos[: args.compare_positions]]
        done = []
        pool = None
        if args.jobs > 1:
            import multiprocessing

            pool = multiprocessing.get_context("fork").Pool(args.jobs)
        for k, got in enumerate(pool.imap(compare_one, work) if pool else map(compare_one, work)):
            done.append(got)
            # each position as it ends: REF's spread, this search's at each budget
            print(f"  position {k}: {args.compare} {got[0]:+d}, this search "
                  + ", ".join(f"{b:g} s {v:+d}" for b, v in zip(budgets, got[1])), flush=True)
        if pool:
            pool.close()
        sign = lambda x: (x > 0) - (x < 0)  # noqa: E731
        for b_i, budget in enumerate(budgets):
            diffs = [new[b_i] - old_s for old_s, new, _ in done]
            flips = Counter("better" if sign(new[b_i]) > sign(old_s) else "worse"
                            for old_s, new, _ in done if sign(new[b_i]) != sign(old_s))
            n = len(diffs)
            mean = statistics.mean(diffs)
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("nan")
            print(f"play-outs from {n} positions, the side to move searching with this search ({budget:g} s a move) "
                  f"or with {args.compare}'s ({args.compare_seconds:g} s), the other with {args.compare}'s "
                  f"({args.compare_seconds:g} s) in both: "
                  f"{mean:+.1f} +/- {half:.1f} points of spread a position (95 %), "
                  f"results changed: {flips['better']} better, {flips['worse']} worse; "
                  f"{sum(1 for x in diffs if x > 0)} gained, {sum(1 for x in diffs if x < 0)} lost, "
                  f"{sum(1 for x in diffs if x == 0)} equal")
            searches = [x for _, _, by_budget in done for x in by_budget[b_i]]
            n = len(searches)
            if n:
                ex = sum(1 for e, _, _ in searches if e)
                secs = [t for _, t, _ in searches]
                print(f"  every search of this module's solver in those play-outs (all bag-empty moves, not only "
                      f"the first): {n}, exact {ex} ({100 * ex / n:.1f} %); time median "
                      f"{statistics.median(secs):.2f} s, p95 {pct(secs, 0.95):.2f} s; by tiles on the rack: "
                      + ", ".join(f"{k}: {sum(1 for e, _, t in searches if e and t == k)}/"
                                  f"{sum(1 for _, _, t in searches if t == k)}"
                                  for k in sorted({t for _, _, t in searches})), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
