#!/usr/bin/env python3
"""Strength of the computer levels: seeded games between them, through the core.

    python bench/strength.py [--games N] [--rules NAME] [--pairs expert-club,club-beginner]

For each pair of levels, N games (default 20) are played with the real
rules core (``Game``, the default word list, the house rule's
``move_finder``). Game k uses seed k and the players swap seats every
game, so each level starts half of the games. Challenges are decided by
the players themselves (``wants_challenge``); they play only listed words,
so none arise. Printed per pair: wins, draws, win rate with a 95 %
interval (Wilson), mean scores and mean spread, and the players' CPU time
per move (mean and worst).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

DEFAULT_PAIRS = "expert-club,club-beginner,expert-beginner"


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def play_pair(a: str, b: str, games: int, rules_name: str, lexicon) -> dict:
    from audio_scrabble.core import Game
    from audio_scrabble.core.rules import rules_named
    from audio_scrabble.engine import ComputerPlayer, move_exists

    rules = rules_named(rules_name)
    wins = [0, 0]
    draws = 0
    scores: list[list[int]] = [[], []]
    times: dict[str, list[float]] = {a: [], b: []}
    reasons: dict[str, int] = {}
    for k in range(games):
        seat_level = (a, b) if k % 2 == 0 else (b, a)
        players = [ComputerPlayer(lv, lexicon, 1000 * k + j) for j, lv in enumerate(seat_level)]
        game = Game(["One", "Two"], rules, seed=k, lexicon=lexicon,
                    move_finder=lambda bd, r: move_exists(bd, r, lexicon))
        while not game.is_over:
            if game.awaiting_final_challenge:
                ch = (game.pending_play.player + 1) % 2
                if players[ch].wants_challenge(game, ch):
                    game.challenge(ch)
                else:
                    game.accept()
                continue
            pend = game.pending_play
            if pend is not None:
                ch = game.current
                if players[ch].wants_challenge(game, ch):
                    game.challenge(ch)
                    continue
            i = game.current
            t0 = time.process_time()
            action = players[i].choose(game, i)
            times[seat_level[i]].append(time.process_time() - t0)
            action.apply(game)
        final = game.scores()
        by_level = [final[seat_level.index(a)], final[seat_level.index(b)]] if a != b else list(final)
        scores[0].append(by_level[0])
        scores[1].append(by_level[1])
        if by_level[0] > by_level[1]:
            wins[0] += 1
        elif by_level[1] > by_level[0]:
            wins[1] += 1
        else:
            draws += 1
        reasons[game.ended.reason] = reasons.get(game.ended.reason, 0) + 1
    return {"wins": wins, "draws": draws, "scores": scores, "times": times, "reasons": reasons}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per pair (default 20)")
    ap.add_argument("--rules", default="double", help="rule variant (default: double)")
    ap.add_argument("--pairs", default=DEFAULT_PAIRS, help=f"level pairs (default {DEFAULT_PAIRS})")
    args = ap.parse_args()
    os.environ.setdefault("AUDIO_SCRABBLE_CACHE_DIR", tempfile.mkdtemp(prefix="strength_bench_"))
    from audio_scrabble.lexicon import Lexicon

    lexicon = Lexicon.default()
    print(f"{args.games} games per pair, rules {args.rules!r}, seeds 0..{args.games - 1}, seats alternate.")
    for pair in args.pairs.split(","):
        a, b = pair.strip().split("-")
        t0 = time.perf_counter()
        r = play_pair(a, b, args.games, args.rules, lexicon)
        n = args.games
        rate = (r["wins"][0] + 0.5 * r["draws"]) / n
        lo, hi = wilson(r["wins"][0] + 0.5 * r["draws"], n)
        spread = statistics.mean(x - y for x, y in zip(*r["scores"]))
        print(f"{a} vs {b}: {a} wins {r['wins'][0]}, {b} wins {r['wins'][1]}, draws {r['draws']}; "
              f"{a} win rate {rate:.0%} (95% {lo:.0%}-{hi:.0%})")
        print(f"  mean score {a} {statistics.mean(r['scores'][0]):.0f}, {b} {statistics.mean(r['scores'][1]):.0f}, "
              f"mean spread {spread:+.0f}; endings {r['reasons']}")
        for lv in (a, b):
            ts = r["times"][lv]
            print(f"  {lv}: {len(ts)} moves, CPU per move mean {1000 * statistics.mean(ts):.0f} ms, "
                  f"worst {1000 * max(ts):.0f} ms")
        print(f"  ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
