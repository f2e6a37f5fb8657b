#!/usr/bin/env python3
"""How much a simulation could add to the static choice: the champion's ceiling.

    python bench/sim_ceiling.py [--games G] [--iterations N] [--seed S] [--cache FILE]

Positions: two random mid-game turns (more than 20 tiles in the bag) of
each of ``G`` (default 20) seeded games between two experts. At each, the
champion's candidates (the expert's best plays by equity and its best
exchange, as ``ComputerPlayer`` builds them) are played out ``N``
(default 150) times each with :func:`audio_scrabble.engine.champion.simulate`
(two plies, the same random draws for every candidate), in this process.

Printed:

* **static regret**: the mean, over the positions, of how much the static
  choice (best equity) falls short of the best candidate by the long
  simulation's means -- what an infinitely fast simulation of these
  candidates could gain a move, at most;
* how often the two choices agree;
* the regret of the champion's decision rule (prune after
  ``MIN_ITERATIONS`` by ``PRUNE_SIGMAS``, then the means shrunk towards
  the static values by ``PRIOR``) given only part of the play-outs, for
  budgets of play-outs per decision (the champion makes about 220 in
  0.5 s on two cores), resampled 20 times; and of the same rule with
  successive halving (the champion's since issue 26: after the first
  round only as many candidates as the budget can tell apart,
  :func:`~audio_scrabble.engine.champion.fitting`; at each halving
  point, :func:`~audio_scrabble.engine.champion.halving_point`, the
  better half by value goes on; ``Champion._halve``), on the same
  resamplings: the two rules compared at equal play-outs.

``--cache FILE``: the positions' play-outs are kept in FILE (JSON) and
read from it when it exists, so the rules can be compared again without
playing out the positions again.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from champion_turns import champion_turns  # noqa: E402  (beside this file)


def positions(games: int, seed: int, iterations: int) -> list[dict]:
    from audio_scrabble.engine import champion
    from audio_scrabble.engine.movegen import MoveGenerator
    from audio_scrabble.lexicon import Lexicon

    lex = Lexicon.default()
    gen = MoveGenerator(lex)
    out = []
    t0 = time.perf_counter()
    for g in range(seed, seed + games):
        for t, game, i, found in champion_turns(lex, g):
            cands = [(c[0], tuple(c[1]), c[2]) for c in found]
            res = champion.simulate(gen, [list(r) for r in game.board.cells], list(game.players[i].rack),
                                    list(game.unseen(i).elements()), len(game.bag), cands,
                                    list(range(len(cands))), seed=g * 7 + t, iterations=iterations)
            out.append({"static": [c[3] for c in found], "res": res})
        print(f"  game {g}: {len(out)} positions, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return out


def decide(pos: dict, budget: int, rng: random.Random, halving: bool = False) -> int:
    """The champion's rule (Champion._prune, Champion._pick; with
    ``halving``, Champion._halve at each halving_point) on a random
    part of the play-outs: rounds of two iterations, while they fit in
    ``budget`` play-outs."""
    from audio_scrabble.engine.champion import MIN_ITERATIONS, Champion, fitting, halving_point

    full, static = pos["res"], pos["static"]
    order = list(range(len(full[0])))
    rng.shuffle(order)
    alive = list(range(len(static)))
    res: list[list[float]] = [[] for _ in static]
    used = it = halve_at = 0
    while len(alive) > 1 and used + 2 * len(alive) <= budget and it + 2 <= len(order):
        if halving and it and not halve_at and len(alive) > 2:
            if it == 2:  # after the first round: as many as the budget can tell apart
                alive = Champion._best(alive, res, static, None, fitting(len(alive), budget - used))
            if len(alive) > 2:
                halve_at = halving_point(it, len(alive), budget - used)
        for j in order[it: it + 2]:
            for k in alive:
                res[k].append(full[k][j])
        it += 2
        used += 2 * len(alive)
        if it >= MIN_ITERATIONS:
            alive = Champion._prune(alive, res)
            if halve_at and it >= halve_at and len(alive) > 2:
                alive = Champion._halve(alive, res, static)
                halve_at = 0
    means = {k: (sum(v) / len(v) if v else float("-inf")) for k, v in enumerate(res)}
    return alive[0] if len(alive) == 1 else Champion._pick(alive, res, means, static)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--cache", help="keep the positions' play-outs in this JSON file")
    args = ap.parse_args()
    if args.cache and Path(args.cache).exists():
        pos = json.loads(Path(args.cache).read_text())
    else:
        pos = positions(args.games, args.seed, args.iterations)
        if args.cache:
            Path(args.cache).write_text(json.dumps(pos))
    if not pos:
        raise SystemExit("no positions")
    ref = [[sum(v) / len(v) for v in p["res"]] for p in pos]
    static = [max(range(len(p["static"])), key=lambda k: p["static"][k]) for p in pos]
    regret = [max(r) - r[k] for r, k in zip(ref, static)]
    agree = sum(1 for r, k in zip(ref, static) if r[k] == max(r))
    print(f"{len(pos)} positions, {len(pos[0]['res'][0])} play-outs of each candidate")
    print(f"static regret: mean {statistics.mean(regret):.2f} points a move, worst {max(regret):.1f}; "
          f"the static choice is the simulation's best in {agree} of {len(pos)}")
    for budget in (40, 100, 220, 450, 1300):
        for halving in (False, True):
            means = []
            for rep in range(20):
                rng = random.Random(rep)
                means.append(statistics.mean(max(r) - r[decide(p, budget, rng, halving)] for r, p in zip(ref, pos)))
            print(f"champion's rule {'with halving' if halving else 'pruning only'}, {budget:4} play-outs a move: "
                  f"regret {statistics.mean(means):.2f} points a move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
