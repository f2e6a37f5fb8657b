#!/usr/bin/env python3
"""Benchmark of the board survey: ``spots``, ``around``, ``fit`` and the jumps.

    python bench/survey.py [--games G]

Positions: every turn of ``G`` (default 6) seeded games between players
that take one of the five best moves. For each position it times (CPU
time of this process, best of 3 runs): ``spots`` (hot spots and lanes
for the whole board, then phrased), ``spots top left``, ``around`` for
one square, ``fit`` for the best move's word and for a word with a
blank, and the next-hot-spot and next-word jumps. ``spots`` and the
hot-spot jump weigh the mover's rack, as the game's do (issue 23). Printed: median, 90th
percentile and worst milliseconds. The console's budget for any answer
is 50 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the ordinary games' positions

from audio_scrabble.core import Square  # noqa: E402
from audio_scrabble.engine import MoveGenerator  # noqa: E402
from audio_scrabble.engine.survey import (  # noqa: E402
    around,
    fit_word,
    next_word,
    parse_area,
    spot_jump,
    survey,
)
from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.presentation.survey_phrases import around_phrases, fit_phrases, spots_phrases  # noqa: E402
from ordinary_games import ordinary_turns  # noqa: E402


def positions(games: int, lexicon, gen):
    rng = random.Random(12)
    for _ in range(games):
        for game, rack, moves in ordinary_turns(lexicon, gen, rng.randrange(1 << 30), rng):
            yield game.board.copy(), rack, moves


def best_of(fn, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    args = ap.parse_args()
    lexicon = Lexicon.default()
    gen = MoveGenerator(lexicon)
    top_left = parse_area("top left")
    times: dict[str, list[float]] = {k: [] for k in ("spots", "spots top left", "around", "fit", "fit, blank", "jumps")}
    n = 0
    for board, rack, moves in positions(args.games, lexicon, gen):
        n += 1
        size = len(rack)
        times["spots"].append(best_of(lambda: spots_phrases(survey(board, size, None, rack, lexicon))))
        times["spots top left"].append(best_of(lambda: spots_phrases(survey(board, size, top_left, rack, lexicon))))
        times["around"].append(best_of(lambda: around_phrases(around(board, Square(7, 7)))))
        word = moves[0].word if moves else "QUIZ"
        times["fit"].append(best_of(lambda: fit_phrases(fit_word(board, rack, word, lexicon))))
        blank_rack = rack[:-1] + ["?"] if rack else ["?"]
        times["fit, blank"].append(best_of(lambda: fit_phrases(fit_word(board, blank_rack, word, lexicon))))
        times["jumps"].append(
            best_of(lambda: (spot_jump(board, Square(7, 7), size, True, rack, lexicon), next_word(board, Square(7, 7))))
        )
    print(f"{n} positions from {args.games} games; CPU ms, best of 3 runs")
    print(f"{'what':<16} {'median':>7} {'p90':>7} {'worst':>7}")
    for k, v in times.items():
        v = sorted(v)
        p90 = v[int(0.9 * (len(v) - 1))]
        print(f"{k:<16} {statistics.median(v):7.2f} {p90:7.2f} {v[-1]:7.2f}")


if __name__ == "__main__":
    main()
