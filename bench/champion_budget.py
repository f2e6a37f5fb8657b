#!/usr/bin/env python3
"""How long the champion takes over a move against its thinking budget.

    python bench/champion_budget.py [--think 0.6] [--workers 2] [--moves 6] [--seed 12]

The champion (``--think`` seconds a move, ``--workers`` processes) plays
the first player of a seeded game against the expert; for each of its
moves this prints the wall-clock time ``choose`` took, the budget, the
overrun, and the play-outs the simulation made. The figure the test of
the champion once asserted (under 2.1 s for a 0.6 s budget) lives here:
on a loaded machine it is a measure, not a pass or fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    from audio_scrabble.core import Game
    from audio_scrabble.core.rules import VARIANTS
    from audio_scrabble.engine import ComputerPlayer
    from audio_scrabble.lexicon import Lexicon

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--think", type=float, default=0.6)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--moves", type=int, default=6)
    ap.add_argument("--seed", type=int, default=12)
    args = ap.parse_args()

    lexicon = Lexicon.default()
    game = Game(["a", "b"], VARIANTS["double"], seed=args.seed, lexicon=lexicon)
    champ = ComputerPlayer("champion", lexicon, 3, think=args.think, workers=args.workers)
    expert = ComputerPlayer("expert", lexicon, 4)
    took: list[float] = []
    seen: dict = {}  # the last simulation's counts, already printed
    stats: list[tuple[int, int, int, float]] = []  # per simulated move: medians, total, CPU s
    try:
        while not game.is_over and len(took) < args.moves:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            player = champ if game.current == 0 else expert
            t0 = time.perf_counter()
            action = player.choose(game, game.current)
            if player is champ:
                took.append(time.perf_counter() - t0)
                sim = champ._sim.last if champ._sim is not None else {}
                if sim is seen:  # a move not simulated (the end-game search): the last counts are stale
                    sim = {}
                seen = sim or seen
                print(f"move {len(took)}: {took[-1]:.2f} s for a {args.think} s budget "
                      f"(overrun {took[-1] - args.think:+.2f} s), {sim.get('iterations', 0)} iterations; "
                      f"play-outs a candidate: median {sim.get('play_outs_median', 0)} (least "
                      f"{sim.get('play_outs_least', 0)}, most {sim.get('play_outs_most', 0)}), of the "
                      f"{sim.get('survivors', 0)} past the first cut {sim.get('play_outs_survivors', 0)}, of the "
                      f"{sim.get('alive', 0)} left at the end {sim.get('play_outs_finalists', 0)}, the chosen "
                      f"{sim.get('play_outs_chosen', 0)}; {sim.get('play_outs_total', 0)} in all for "
                      f"{sim.get('candidates', 0)} candidates, {sim.get('cpu', 0.0):.2f} CPU s in the workers "
                      f"({1000 * sim.get('cpu', 0.0) / max(1, sim.get('play_outs_total', 0)):.1f} ms a play-out)")
                if sim.get("play_outs_total"):
                    stats.append((sim["play_outs_median"], sim["play_outs_finalists"], sim["play_outs_total"],
                                  sim["cpu"], sim.get("play_outs_survivors", 0)))
            action.apply(game)
    finally:
        champ.close()
    if took:
        print(f"median {statistics.median(took):.2f} s, worst {max(took):.2f} s over {len(took)} moves")
    if stats:
        med = [s[0] for s in stats]
        sur = [s[4] for s in stats]
        print(f"play-outs a candidate (each move's median): median {statistics.median(med)}, least {min(med)}, "
              f"most {max(med)}; of the candidates past the first cut: median {statistics.median(sur)}, least "
              f"{min(sur)}, most {max(sur)}; of the candidates left at the end: median "
              f"{statistics.median(s[1] for s in stats)}; CPU a play-out in the workers "
              f"{1000 * sum(s[3] for s in stats) / sum(s[2] for s in stats):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
