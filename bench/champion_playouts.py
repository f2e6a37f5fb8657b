#!/usr/bin/env python3
"""What a champion play-out costs, and what its fast player gives up.

    python bench/champion_playouts.py [--games 6] [--iterations 10] [--seed 500] [--shortfall 120] [--parts]

Positions: two random mid-game turns (more than 20 tiles in the bag) of
each of ``--games`` seeded games between two experts, with the
champion's candidates there (as ``ComputerPlayer`` builds them). Each is
played out ``--iterations`` times per candidate in this process, once
with the exact player (every letter for a blank) and once with the fast
one (:mod:`audio_scrabble.engine.fastplay`: a blank as each of
``BLANK_LETTERS``); printed: CPU time (``time.process_time``) a play-out
for each, and how far their values differ.

``--shortfall N``: also N racks with one blank (the blank and six unseen
tiles of the positions, drawn at random), their best equity by the exact
search and by the fast player: the mean shortfall is the figure
``fastplay.BLANK_SHORTFALL`` holds.

``--parts``: what the fast play-out's CPU is made of, timed around the
calls (each timer adds about a microsecond): the move generator's search
(``MoveGenerator.raw`` less the line analysis inside it), the line
analysis (``BoardAnalysis`` working out the lines a play changed:
tiles, cross-checks, anchors), the scans of the records (sorting them,
their leaves from the table, a blank's letter set back) and the rest
(draws, board copies, applying the reply, Python's loop). A generator
N times faster shrinks only the first part: the play-out then costs
search / N + the rest.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from champion_turns import champion_turns  # noqa: E402  (beside this file)


def positions(lex: Any, games: int, seed: int) -> list[tuple]:
    out = []
    for g in range(seed, seed + games):
        for _, game, i, found in champion_turns(lex, g):
            cands = [(c[0], tuple(c[1]), c[2]) for c in found]
            out.append(([list(r) for r in game.board.cells], list(game.players[i].rack),
                        list(game.unseen(i).elements()), len(game.bag), cands))
    return out


def parts(gen: Any, pos: list[tuple], iterations: int) -> None:
    """The fast play-out's CPU by part (see --parts)."""
    from audio_scrabble.engine import champion, fastplay
    from audio_scrabble.engine.movegen import BoardAnalysis

    clock = time.process_time
    spent = {"search": 0.0, "analysis": 0.0, "scan": 0.0}
    depth = [0]

    def timed(name: str, fn: Any) -> Any:
        def wrapper(*a: Any, **k: Any) -> Any:
            if depth[0]:  # inside another timed part: counted there
                return fn(*a, **k)
            depth[0] += 1
            t = clock()
            try:
                return fn(*a, **k)
            finally:
                spent[name] += clock() - t
                depth[0] -= 1
        return wrapper

    refresh, raw, scan = BoardAnalysis._refresh, gen.raw, fastplay.scan

    def raw_less_analysis(*a: Any, **k: Any) -> Any:
        t = clock()
        before = spent["analysis"]
        out = raw(*a, **k)
        spent["search"] += clock() - t - (spent["analysis"] - before)
        return out

    def refresh_timed(self: Any, only: Any) -> None:
        t = clock()
        refresh(self, only)
        spent["analysis"] += clock() - t

    BoardAnalysis._refresh = refresh_timed  # type: ignore[method-assign]
    gen.raw = raw_less_analysis
    fastplay.scan = champion.scan = timed("scan", scan)
    try:
        for j, (cells, rack, unseen, bag, cands) in enumerate(pos):  # the set-ups, not counted
            champion._decision(gen, cells, rack, cands, ("parts", j))
        for k in spent:
            spent[k] = 0.0
        n = 0
        t0 = clock()
        for j, (cells, rack, unseen, bag, cands) in enumerate(pos):
            out = champion.simulate(gen, cells, rack, unseen, bag, cands, list(range(len(cands))), seed=j,
                                    iterations=iterations, token=("parts", j), blanks=fastplay.BLANK_LETTERS)
            n += sum(len(v) for v in out)
        total = clock() - t0
    finally:
        BoardAnalysis._refresh = refresh  # type: ignore[method-assign]
        gen.raw = raw
        fastplay.scan = champion.scan = scan
    rest = total - sum(spent.values())
    row = ", ".join(f"{k} {1000 * v / n:.2f} ms ({100 * v / total:.0f}%)" for k, v in (*spent.items(), ("rest", rest)))
    print(f"fast play-out by part ({n} play-outs, set-ups not counted, {1000 * total / n:.2f} ms each): {row}")


def main() -> int:
    from audio_scrabble.core.board import Board
    from audio_scrabble.engine import champion, fastplay
    from audio_scrabble.engine.movegen import MoveGenerator
    from audio_scrabble.lexicon import Lexicon

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--iterations", type=int, default=10)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--shortfall", type=int, default=0)
    ap.add_argument("--parts", action="store_true")
    args = ap.parse_args()
    lex = Lexicon.default()
    pos = positions(lex, args.games, args.seed)
    gen = MoveGenerator(lex)
    values: dict[str, list[list[list[float]]]] = {}
    for name, letters in (("exact", ""), ("fast", fastplay.BLANK_LETTERS)):
        t0 = time.process_time()
        n = 0
        values[name] = []
        for j, (cells, rack, unseen, bag, cands) in enumerate(pos):
            out = champion.simulate(gen, cells, rack, unseen, bag, cands, list(range(len(cands))), seed=j,
                                    iterations=args.iterations, token=(name, j), blanks=letters)
            values[name].append(out)
            n += sum(len(v) for v in out)
        took = time.process_time() - t0
        print(f"{name:5} player ({letters or 'every letter'} for a blank): {len(pos)} positions, {n} play-outs, "
              f"{took:.2f} s CPU, {1000 * took / n:.2f} ms a play-out")
    if args.parts:
        parts(gen, pos, args.iterations)
    diffs = [f - e for pe, pf in zip(values["exact"], values["fast"]) for ve, vf in zip(pe, pf) for e, f in zip(ve, vf)]
    same = sum(1 for d in diffs if abs(d) < 1e-9)
    print(f"values fast - exact: {same} of {len(diffs)} equal (no blank in play), mean {statistics.mean(diffs):+.2f}, "
          f"sd {statistics.pstdev(diffs):.2f}")
    if args.shortfall:
        rng = random.Random(args.seed)
        short = []
        te = tf = 0.0
        for q in range(args.shortfall):
            cells, rack, unseen, bag, cands = pos[q % len(pos)]
            board = Board([list(r) for r in cells])
            pool = [t for t in unseen if t != "?"]
            rng.shuffle(pool)
            tiles = ["?"] + pool[:6]
            t0 = time.process_time()
            exact = fastplay.best_play(gen, board, fastplay.FastRack(tiles, ""))
            t1 = time.process_time()
            fast = fastplay.best_play(gen, board, fastplay.FastRack(tiles))
            t2 = time.process_time()
            te += t1 - t0
            tf += t2 - t1
            short.append((exact[0] if exact else 0.0) - (fast[0] if fast else 0.0))
        short.sort()
        print(f"one-blank racks, {len(short)}: the fast player's best short of the exact by mean "
              f"{statistics.mean(short):.2f} points (median {short[len(short) // 2]:.2f}, p90 "
              f"{short[int(0.9 * len(short))]:.1f}, worst {short[-1]:.1f}); CPU {1000 * te / len(short):.1f} ms "
              f"exact, {1000 * tf / len(short):.1f} ms fast a rack")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
